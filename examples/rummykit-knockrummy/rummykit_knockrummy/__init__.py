"""Knock Rummy with elimination, a rummykit variant plugin written on
rummykit's public API, with a match rule of its own (``Elimination``).

The names below are imported on first use (PEP 562): ``rummy`` imports this
package to reach ``.plugin`` for every command, and must not pay for the
engine when it only prints ``--help``.
"""

__all__ = [
    "RULES",
    "SPEC",
    "EasyKnockAgent",
    "Elimination",
    "KnockRummyOptions",
    "KnockRummyRound",
    "NormalKnockAgent",
    "hand_size",
    "settle",
]
__version__ = "0.1.0"

AGENTS = ("EasyKnockAgent", "NormalKnockAgent")


def __getattr__(name: str):
    if name in AGENTS:
        from . import agents

        return getattr(agents, name)
    if name in __all__:
        from . import knockrummy

        return getattr(knockrummy, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
