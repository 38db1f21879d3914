"""Indian Rummy, 13 cards (variant ``indian``), a plugin like any other
(docs/rules.md §5): two decks and two printed jokers, a wild rank cut each deal,
drop and declare, in three formats (points, pool, deals).

Public: :class:`IndianOptions`, :class:`IndianRound`, :data:`SPEC`,
:func:`arrange` (the exact arrangement of a hand), :func:`analyze`.
"""

from __future__ import annotations

from rummykit.core.base.lazy import lazy_exports

_EXPORTS = {
    "IndianOptions": ".options",
    "IndianRound": ".round",
    "SPEC": ".spec",
    "arrange": ".melds",
    "analyze": ".analysis",
}
__all__ = ["SPEC", "IndianOptions", "IndianRound", "analyze", "arrange"]
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
