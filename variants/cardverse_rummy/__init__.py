"""CardVerse Rummy (RULES.md §2) as a rummykit plugin: variant ``cardverse``.

Public API:

* :class:`CardVerseRound` (``.round``): the engine; ``CardVerseRound.setup(...)``
  builds a round with chosen hands, stock and discard pile (tests, examples);
* :func:`new_round`: ``VariantSpec.new_round``;
* :class:`CardVerseOptions` (``.options``): ``target``, ``discard_to_win``,
  ``ace_high``, ``max_turns``;
* :func:`analyze`, :func:`hand_summary` (``.analysis``);
* :class:`EasyAgent` (``.agents``): ``ai:easy``;
* ``plugin``: the pluggy hooks; ``spec``: ``SPEC``, ``EASY``.

The names below are imported on first use (PEP 562): importing the package, as
every ``rummy`` command does to reach ``.plugin``, must not import pydantic and
the engine (``rummy --help`` stays fast).
"""

from __future__ import annotations

from importlib import import_module

_EXPORTS = {
    "CardVerseOptions": ".options",
    "CardVerseRound": ".round",
    "deal_size": ".round",
    "hand_value": ".round",
    "new_round": ".round",
}

__all__ = ["CardVerseOptions", "CardVerseRound", "deal_size", "hand_value", "new_round"]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
