"""CardVerse Rummy (docs/rules.md §2) as a rummykit plugin: variant ``cardverse``.

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

from rummykit.core.lazy import lazy_exports

_EXPORTS = {
    "CardVerseOptions": ".options",
    "CardVerseRound": ".round",
    "deal_size": ".round",
    "hand_value": ".round",
    "new_round": ".round",
}

__all__ = ["CardVerseOptions", "CardVerseRound", "deal_size", "hand_value", "new_round"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
