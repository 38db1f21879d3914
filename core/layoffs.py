"""Layoffs after a Gin knock (docs/rules.md §1 "Layoffs").

The defender's own melds and the cards laid off onto the knocker's melds are
chosen *together* to leave the least final deadwood: a card may stay out of the
defender's own meld when laying it off leaves less deadwood.

A layoff adds one defender card to one knocker meld:

* a run grows at either end, by chains (9 then 10 onto 6-7-8), at both ends
  and by several cards; never past the end of the ruleset's run order (ace low:
  nothing below the ace, nothing above the king; ace high: nothing below the 2,
  nothing above the ace);
* a three-card set takes its fourth card; a four-card set takes nothing.

Nothing is ever laid off onto the defender's own melds, and each card is laid
off at most once (two knocker runs of one suit may compete for a card).

Method: every knocker meld has a few possible extensions (a chain below times a
chain above, or the fourth card). We enumerate every combination of
extensions that uses each defender card at most once and ask the solver for the
least deadwood of the defender's remaining cards; the best combination wins.

Tie-break (deterministic), among combinations with the least final deadwood:

1. the fewest cards laid off;
2. the smallest mask of laid-off cards (as an int);
3. for the same cards, each card onto the lowest knocker meld index possible
   (compared card by card in ascending card order);
4. the defender's own melds: :meth:`MeldSolver.arrangement` of the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from .cards import from_mask
from .melds import meld_kind, run_order
from .solver import MeldSolver

__all__ = ["LayoffResult", "best_layoffs", "layoff_options"]


@dataclass(frozen=True)
class LayoffResult:
    """The defender's outcome after a knock.

    ``melds``: the defender's own melds (masks), as :meth:`MeldSolver.arrangement`
    gives them. ``layoffs``: ``(card, index into knocker_melds)`` in the order
    they are laid: knocker melds in index order; onto a run, first the cards
    below it (outward: 5H then 4H onto 6H-8H), then the cards above it
    (outward: 9H then TH). ``deadwood_cards``: mask of the cards neither in a
    meld nor laid off; ``deadwood`` their points.
    """

    deadwood: int
    melds: tuple[int, ...]
    layoffs: tuple[tuple[int, int], ...]
    deadwood_cards: int


@lru_cache(maxsize=8192)
def _meld_shape(meld: int, ace_high: bool) -> tuple[bool, int, int, int]:
    """``(is_set, x, lo, hi)`` of a meld mask, cached (the same table melds are
    looked at again and again): for a set ``x`` is its missing card (-1 for a
    four-card set); for a run ``x`` is its suit and ``lo``..``hi`` its run-order
    positions. ``ValueError`` if the mask is not a meld."""
    cards = from_mask(meld)
    kind = meld_kind(cards, ace_high)
    if kind is None:
        raise ValueError(f"knocker meld is not a meld: {cards!r}")
    if kind == "set":
        if len(cards) == 4:
            return True, -1, 0, 0
        rank = cards[0] % 13
        return True, next(s * 13 + rank for s in range(4) if not meld >> (s * 13 + rank) & 1), 0, 0
    order = run_order(ace_high)
    pos = sorted(order.index(c % 13) for c in cards)
    return False, cards[0] // 13, pos[0], pos[-1]


def _meld_extensions(defender: int, meld: int, ace_high: bool) -> list[tuple[int, ...]]:
    """Card sequences (in laying order) the defender could lay onto one meld."""
    is_set, x, lo, hi = _meld_shape(meld, ace_high)
    if is_set:
        return [(), (x,)] if x >= 0 and defender >> x & 1 else [()]
    base = x * 13
    order = run_order(ace_high)
    below: list[int] = []
    p = lo - 1
    while p >= 0 and defender >> (base + order[p]) & 1:
        below.append(base + order[p])
        p -= 1
    above: list[int] = []
    p = hi + 1
    while p <= 12 and defender >> (base + order[p]) & 1:
        above.append(base + order[p])
        p += 1
    if not below and not above:
        return [()]
    return [tuple(below[:i]) + tuple(above[:j]) for i in range(len(below) + 1) for j in range(len(above) + 1)]


def layoff_options(
    defender: int, knocker_melds: Sequence[int], solver: MeldSolver
) -> list[list[tuple[int, ...]]]:
    """For each knocker meld, every sequence of defender cards (in laying order,
    the empty one first) that could be laid off onto it on its own. Runs of one
    suit may list the same card: a combination may use each card only once."""
    return [_meld_extensions(defender, m, solver.ace_high) for m in knocker_melds]


def best_layoffs(defender: int, knocker_melds: Sequence[int], solver: MeldSolver) -> LayoffResult:
    """The defender's own melds and layoffs, chosen together for the least final
    deadwood (tie-break in the module docstring). Uses the solver's ace rule."""
    knocker_melds = tuple(knocker_melds)
    seen = 0
    for m in knocker_melds:
        if m & seen or m & defender:
            raise ValueError("knocker melds overlap each other or the defender's hand")
        seen |= m
    options = layoff_options(defender, knocker_melds, solver)

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
            dw = dw_cache[laid] = solver.deadwood(defender & ~laid)
        if best_key is not None and dw > best_key[0]:
            continue
        owner = {card: i for i, seq in enumerate(choice) for card in seq}
        key = (dw, n, laid, tuple(owner[c] for c in sorted(owner)))
        if best_key is None or key < best_key:
            best_key, best_choice = key, choice

    assert best_key is not None  # the empty choice is always there
    dw, _, laid, _ = best_key
    rest = defender & ~laid
    dw2, melds = solver.arrangement(rest)
    assert dw2 == dw
    loose = rest
    for m in melds:
        loose &= ~m
    layoffs = tuple((card, i) for i, seq in enumerate(best_choice) for card in seq)
    return LayoffResult(deadwood=dw, melds=melds, layoffs=layoffs, deadwood_cards=loose)
