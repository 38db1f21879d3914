"""CardVerse Rummy (docs/rules.md §2) as a rummykit plugin: variant ``cardverse``.

Public API:

* :class:`CardVerseRound` (``.round``): the engine; ``CardVerseRound.deal(...)``
  deals a fresh round with a generator, ``CardVerseRound.from_deal(...)`` builds
  one with chosen hands, discard pile and stock (tests, examples);
* :func:`make_spec` (``.spec``): the :class:`VariantSpec` of CardVerse or of a
  house rule built on it (``make_spec(name=..., title=..., options_model=...,
  round_class=...)``); :data:`MOVES` the words of CardVerse's moves,
  :data:`SPEC` CardVerse itself; :class:`RoundFactory`;
* house rules subclass :class:`CardVerseRound` and override its public
  methods (round.py, "What a house rule changes"); they never need a name
  that starts with ``_``;
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

from rummykit.core.base.lazy import lazy_exports

_EXPORTS = {
    "CardVerseOptions": ".options",
    "ADD": ".round",
    "DISCARD": ".round",
    "DRAW_PHASE": ".round",
    "PLAY_PHASE": ".round",
    "MELD": ".round",
    "CardVerseRound": ".round",
    "deal_size": ".round",
    "hand_value": ".round",
    "MOVES": ".spec",
    "SPEC": ".spec",
    "RoundFactory": ".spec",
    "cardverse_rules_text": ".spec",
    "make_spec": ".spec",
}

__all__ = [
    "ADD",
    "DISCARD",
    "DRAW_PHASE",
    "MELD",
    "MOVES",
    "PLAY_PHASE",
    "SPEC",
    "CardVerseOptions",
    "CardVerseRound",
    "RoundFactory",
    "cardverse_rules_text",
    "deal_size",
    "hand_value",
    "make_spec",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
