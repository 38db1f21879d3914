"""Meld extensions: the cards of one hand added to melds already down, chosen
together with the hand's own melds for the least deadwood left. Gin uses it for
the defender's layoffs onto the knocker's melds (the rules in docs/rules.md);
CardVerse, for a hand's additions to the table melds.

The hand's own melds and the cards added to the melds down are chosen
*together*: a card may stay out of the hand's own meld when adding it to a meld
down leaves less deadwood.

An extension adds one card of the hand to one meld down:

* a run grows at either end, by chains (9 then 10 onto 6-7-8), at both ends
  and by several cards; never past the end of the ruleset's run order (ace low:
  nothing below the ace, nothing above the king; ace high: nothing below the 2,
  nothing above the ace);
* a three-card set takes its fourth card; a four-card set takes nothing.

Nothing is added to the hand's own melds, and each card is added at most once
(two runs of one suit down may compete for a card).

Method: every meld down has a few possible extensions (a chain below times a
chain above, or the fourth card). We enumerate every combination of
extensions that uses each card of the hand at most once and ask the solver for
the least deadwood of the hand's remaining cards; the best combination wins.

Tie-break (deterministic), among combinations with the least final deadwood:

1. the fewest cards added;
2. the smallest mask of added cards (as an int);
3. for the same cards, each card onto the lowest meld index possible
   (compared card by card in ascending card order);
4. the hand's own melds: :meth:`MeldSolver.arrangement` of the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from rummykit.core.cards.card import from_mask
from rummykit.core.cards.melds import meld_kind, run_order
from rummykit.core.cards.solver import MeldSolver

__all__ = ["ExtensionResult", "best_extensions", "extension_options"]


@dataclass(frozen=True)
class ExtensionResult:
    """What a hand does best with melds down.

    ``melds``: the hand's own melds (masks), as :meth:`MeldSolver.arrangement`
    gives them. ``added``: ``(card, index into the melds down)`` in the order
    they are added: melds in index order; onto a run, first the cards below it
    (outward: 5H then 4H onto 6H-8H), then the cards above it (outward: 9H then
    TH). ``deadwood_cards``: mask of the cards neither in a meld nor added;
    ``deadwood`` their points.
    """

    deadwood: int
    melds: tuple[int, ...]
    added: tuple[tuple[int, int], ...]
    deadwood_cards: int


@lru_cache(maxsize=8192)
def meld_shape(meld: int, ace_high: bool) -> tuple[bool, int, int, int]:
    """``(is_set, x, lo, hi)`` of a meld mask, cached (the same table melds are
    looked at again and again): for a set ``x`` is its missing card (-1 for a
    four-card set); for a run ``x`` is its suit and ``lo``..``hi`` its run-order
    positions. ``ValueError`` if the mask is not a meld."""
    cards = from_mask(meld)
    kind = meld_kind(cards, ace_high)
    if kind is None:
        raise ValueError(f"a meld down is not a meld: {cards!r}")
    if kind == "set":
        if len(cards) == 4:
            return True, -1, 0, 0
        rank = cards[0] % 13
        return True, next(s * 13 + rank for s in range(4) if not meld >> (s * 13 + rank) & 1), 0, 0
    order = run_order(ace_high)
    pos = sorted(order.index(c % 13) for c in cards)
    return False, cards[0] // 13, pos[0], pos[-1]


def _meld_extensions(hand: int, meld: int, ace_high: bool) -> list[tuple[int, ...]]:
    """Card sequences of ``hand`` (in the order added) that could extend one meld."""
    is_set, x, lo, hi = meld_shape(meld, ace_high)
    if is_set:
        return [(), (x,)] if x >= 0 and hand >> x & 1 else [()]
    base = x * 13
    order = run_order(ace_high)
    below: list[int] = []
    p = lo - 1
    while p >= 0 and hand >> (base + order[p]) & 1:
        below.append(base + order[p])
        p -= 1
    above: list[int] = []
    p = hi + 1
    while p <= 12 and hand >> (base + order[p]) & 1:
        above.append(base + order[p])
        p += 1
    if not below and not above:
        return [()]
    return [tuple(below[:i]) + tuple(above[:j]) for i in range(len(below) + 1) for j in range(len(above) + 1)]


def extension_options(hand: int, melds: Sequence[int], solver: MeldSolver) -> list[list[tuple[int, ...]]]:
    """For each meld down, every sequence of cards of ``hand`` (in the order
    added, the empty one first) that could extend it on its own. Runs of one
    suit may list the same card: a combination may use each card only once."""
    return [_meld_extensions(hand, m, solver.ace_high) for m in melds]


def best_extensions(hand: int, melds: Sequence[int], solver: MeldSolver) -> ExtensionResult:
    """The hand's own melds and the cards it adds to ``melds`` (the melds down),
    chosen together for the least final deadwood (tie-break in the module
    docstring). Uses the solver's ace rule."""
    melds = tuple(melds)
    seen = 0
    for m in melds:
        if m & seen or m & hand:
            raise ValueError("the melds down overlap each other or the hand")
        seen |= m
    options = extension_options(hand, melds, solver)

    best_key: tuple | None = None
    best_choice: tuple[tuple[int, ...], ...] = ()
    dw_cache: dict[int, int] = {}
    for choice in product(*options):
        laid = 0
        n = 0
        ok = True
        for seq in choice:
            for card in seq:
                bit = 1 << card
                if laid & bit:
                    ok = False
                    break
                laid |= bit
                n += 1
            if not ok:
                break
        if not ok:
            continue
        dw = dw_cache.get(laid)
        if dw is None:
            dw = dw_cache[laid] = solver.deadwood(hand & ~laid)
        if best_key is not None and dw > best_key[0]:
            continue
        owner = {card: i for i, seq in enumerate(choice) for card in seq}
        key = (dw, n, laid, tuple(owner[c] for c in sorted(owner)))
        if best_key is None or key < best_key:
            best_key, best_choice = key, choice

    assert best_key is not None  # the empty choice is always there
    dw, _, laid, _ = best_key
    rest = hand & ~laid
    dw2, own = solver.arrangement(rest)
    assert dw2 == dw
    loose = rest
    for m in own:
        loose &= ~m
    added = tuple((card, i) for i, seq in enumerate(best_choice) for card in seq)
    return ExtensionResult(deadwood=dw, melds=own, added=added, deadwood_cards=loose)
