"""Every variant as a learning environment (``pip install 'rummykit[rl]'``).

* :func:`env` / :class:`raw_env` – a PettingZoo AEC environment for any
  installed variant (with and without PettingZoo's standard wrappers);
* :func:`single_agent` – one seat as a Gymnasium environment against
  rummykit bots;
* :class:`PolicyAgent`, :func:`policy_spec` – a trained policy as a bot that a
  plugin registers;
* :class:`Encoder`, :class:`StandardCodec`, :class:`ActionCodec` – the
  observation and the action numbering (``docs/env.md``);
* :func:`compiled` – which of its modules run compiled (the optional build).
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - the extra is installed by make test
    raise ImportError(
        f"rummykit.env needs the rl extra ({e.name} is missing): pip install 'rummykit[rl]'"
    ) from None

from .aec import env, raw_env
from .codec import ActionCodec, CodecError, StandardCodec, codec_for, standard_codec
from .encode import CountTracker, Encoder, Tracker
from .policy import PolicyAgent, policy_spec
from .single import SingleAgentEnv, single_agent
from .table import EPISODES


def compiled() -> tuple[str, ...]:
    """The rummykit modules imported that run compiled, by name: the
    environment's hot path when the optional mypyc build (``RUMMYKIT_COMPILE=1``,
    docs/env.md "The compiled build") made this install; ``()`` in the default,
    pure Python one."""
    import sys
    from importlib.machinery import EXTENSION_SUFFIXES

    return tuple(
        sorted(
            name
            for name, module in list(sys.modules.items())
            if name.startswith("rummykit.")
            and str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
        )
    )


__all__ = [
    "EPISODES",
    "ActionCodec",
    "CodecError",
    "CountTracker",
    "Encoder",
    "PolicyAgent",
    "SingleAgentEnv",
    "StandardCodec",
    "Tracker",
    "codec_for",
    "compiled",
    "env",
    "policy_spec",
    "raw_env",
    "single_agent",
    "standard_codec",
]
