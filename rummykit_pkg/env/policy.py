"""The bridge back: a trained policy as a rummykit bot.

``PolicyAgent(fn)`` plays by calling ``fn(observation, mask) -> action index``
with its seat's observation and action mask, encoded exactly as the
environments encode them (:mod:`.encode`, :mod:`.codec`). A plugin registers it
like any bot, so ``rummy simulate`` and ``rummy play`` pit it against the
others::

    from rummykit import hookimpl
    from rummykit.env import policy_spec

    def act(observation, mask):
        ...  # the trained policy: an index where mask is 1

    @hookimpl
    def register_agents(register):
        register(policy_spec("rl:mine", act, variant="gin"))

``fn`` must be a module-level function (or another picklable callable) for
``rummy simulate --workers``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel

from rummykit.core.base.errors import RummyError
from rummykit.core.bots.agents import BaseAgent
from rummykit.core.engine.actions import Action
from rummykit.core.engine.options import shown_value
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec, Registry, VariantSpec

from .codec import CodecError, codec_for
from .encode import Encoder, next_parts
from .table import action_index

__all__ = ["Policy", "PolicyAgent", "policy_spec"]

#: ``fn(observation, mask) -> action index``.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]


class PolicyAgent(BaseAgent):
    """A bot that plays ``fn`` (see the module). ``options``: the variant's
    options (the default options if ``None``); ``spec``: the variant (default:
    the installed variant the view names, looked up in ``registry``)."""

    def __init__(
        self,
        fn: Policy,
        options: BaseModel | None = None,
        spec: VariantSpec[Any] | None = None,
        registry: Registry | None = None,
    ) -> None:
        if not callable(fn):
            raise TypeError(f"a policy is a function (observation, mask) -> action index, not {fn!r}")
        if registry is not None and not isinstance(registry, Registry):
            raise RummyError(f"registry is a rummykit Registry or None, not {shown_value(registry)}")
        self.fn = fn
        self.options = options
        self.spec = spec
        self.registry = registry
        self._encoders: dict[tuple[str, int], Encoder] = {}

    def encoder(self, view: View) -> Encoder:
        """The encoder of ``view``'s variant and seat count."""
        key = (view.variant, view.n_seats)
        enc = self._encoders.get(key)
        if enc is None:
            spec = self.spec
            if spec is None:
                registry = self.registry
                if registry is None:
                    from rummykit.core.plugins.manager import get_plugins

                    registry = get_plugins().registry
                spec = registry.variant(view.variant)
            options = self.options
            if options is None or not isinstance(options, spec.options_model):
                options = spec.options_model()
            enc = self._encoders[key] = Encoder(
                spec, view.n_seats, options, codec_for(spec, view.n_seats, options)
            )
        return enc

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        enc = self.encoder(view)
        if enc.parts:
            return self._act_in_parts(enc, view, legal)
        indices = enc.indices(legal)
        mask = np.zeros(enc.n_actions, np.int8)
        mask[indices] = 1
        choice = self.fn(enc.observation(view), mask)
        try:
            i = action_index(choice)
        except CodecError:
            raise RummyError(f"the policy returned {choice!r}, not an action index") from None
        for index, action in zip(indices, legal, strict=True):
            if index == i:
                return action
        raise RummyError(f"the policy chose action {shown_value(i)}, which is not legal now")

    def _act_in_parts(self, enc: Encoder, view: View, legal: Sequence[Action]) -> Action:
        """:meth:`act` with a codec that chooses some moves in parts: the policy
        is asked for each part in turn, as the environments ask it."""
        parts = enc.part_indices(legal)
        chosen: tuple[int, ...] = ()
        observation = enc.observation(view)
        while True:
            nexts = next_parts(parts, chosen)
            mask = np.zeros(enc.n_actions, np.int8)
            mask[[i for i in nexts if i >= 0]] = 1
            obs = observation.copy()
            enc.add_chosen(obs, chosen)
            choice = self.fn(obs, mask)
            try:
                i = action_index(choice)
            except CodecError:
                raise RummyError(f"the policy returned {choice!r}, not an action index") from None
            if i not in nexts:
                raise RummyError(f"the policy chose action {shown_value(i)}, which is not legal now")
            chosen = (*chosen, i)
            for p, action in zip(parts, legal, strict=True):
                if p == chosen:
                    return action


def _make(fn: Policy, seat: int, seed: int, options: BaseModel) -> PolicyAgent:
    return PolicyAgent(fn, options=options)


def policy_spec(
    name: str, fn: Policy, variant: str | None = None, strength: int = 0, description: str = ""
) -> AgentSpec[Any]:
    """An :class:`~rummykit.core.plugins.registry.AgentSpec` that plays ``fn`` as a
    :class:`PolicyAgent`, for a plugin's ``register_agents``."""
    return AgentSpec(
        name=name,
        factory=functools.partial(_make, fn),
        variant=variant,
        strength=strength,
        description=description or "a trained policy (rummykit.env.PolicyAgent)",
    )
