"""CardVerse Rummy (RULES.md §2) as a rummykit plugin: variant ``cardverse``.

Public API:

* :class:`CardVerseRound` (``.round``): the engine; ``CardVerseRound.setup(...)``
  builds a round with chosen hands, stock and discard pile (tests, examples);
* :func:`new_round`: ``VariantSpec.new_round``;
* :class:`CardVerseOptions` (``.options``): ``target``, ``discard_to_win``,
  ``ace_high``, ``max_turns``;
* :func:`analyze`, :func:`hand_summary` (``.analysis``);
* :class:`EasyAgent` (``.agents``): ``ai:easy``;
* ``plugin``: the pluggy hooks (``SPEC``, ``EASY``).
"""

from .options import CardVerseOptions
from .round import CardVerseRound, deal_size, hand_value, new_round

__all__ = ["CardVerseOptions", "CardVerseRound", "deal_size", "hand_value", "new_round"]
