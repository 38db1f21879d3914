"""Pieces shared by the CardVerse bots: the turn plan (what to meld and add),
how likely a card is in a seat's hand, and how likely a discard feeds it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from rummykit.core.cards.card import from_mask, points
from rummykit.core.cards.partners import SET_PARTNERS, run_partners
from rummykit.core.cards.partners import meld_danger as _meld_danger
from rummykit.core.engine.actions import Action

from .knowledge import Knowledge, Table

if TYPE_CHECKING:
    from rummykit.core.cards.solver import MeldSolver

__all__ = [
    "RUN_PARTNERS",
    "SET_PARTNERS",
    "hand_points",
    "meld_danger",
    "next_step",
    "plan_turn",
    "seat_probs",
]


RUN_PARTNERS = run_partners(ace_high=True)  # Q-K-A is a run, A-2-3 is not


_SET_MASK = tuple(sum(1 << x for x in SET_PARTNERS[c]) for c in range(52))
_RUN_PAIRS = tuple(tuple((1 << a) | (1 << b) for a, b in RUN_PARTNERS[c]) for c in range(52))


def completes(hand: int, card: int) -> bool:
    """Whether ``card`` makes a three-card meld (a set, or an ace-high run) with two
    cards of ``hand`` (a mask; ``card`` itself in it or not)."""
    if (hand & _SET_MASK[card]).bit_count() >= 2:
        return True
    return any(hand & pair == pair for pair in _RUN_PAIRS[card])


def hand_points(mask: int, ace_points: int) -> int:
    return sum(points(c, ace_points) for c in from_mask(mask))


#: A turn's plan: ``(points left, cards left mask, melds (masks), additions
#: ((card, meld number), ...))``.
Plan = tuple[int, int, tuple[int, ...], tuple[tuple[int, int], ...]]


def plan_turn(hand: int, table: Table, solver: MeldSolver, keep_one: bool = False) -> Plan:
    """The melds and additions that leave the least unmelded points (then the fewest
    cards): ``(points left, cards left mask, melds (masks), additions ((card,
    meld number), ...))``. With ``keep_one`` (the ``discard_to_win`` option) at
    least one card stays in hand."""
    best: tuple[tuple[int, int], int, tuple[int, ...], tuple[tuple[int, int], ...]] | None = None
    for laid, seq in table.options(hand):
        rest = hand & ~laid
        dw, melds = solver.arrangement(rest) if rest else (0, ())
        left = rest
        for m in melds:
            left &= ~m
        if keep_one and not left and hand:
            # Keep back the cheapest card whose absence costs least.
            continue
        key = (dw, left.bit_count())
        if best is None or key < best[0]:
            best = (key, left, melds, seq)
    if best is None:  # keep_one and every plan empties the hand
        best_keep: tuple[tuple[int, int], int, Plan] | None = None
        for c in from_mask(hand):
            sub = plan_turn(hand & ~(1 << c), table, solver)
            key = (sub[0], -points(c))
            if best_keep is None or key < best_keep[0]:
                best_keep = (key, c, sub)
        assert best_keep is not None  # keep_one with an empty hand plans nothing to keep
        _, c, (dw, left, melds, seq) = best_keep
        return dw, left | 1 << c, melds, seq
    (dw, _), left, melds, seq = best
    return dw, left, melds, seq


def next_step(
    legal: Sequence[Action], melds: Iterable[int], adds: Iterable[tuple[int, int]]
) -> Action | None:
    """The first planned meld or addition that is legal now."""
    melds, adds = tuple(melds), tuple(adds)
    if not melds and not adds:  # nothing planned (most of a play-out's turns)
        return None
    by_key = {a.key(): a for a in legal if a.kind != "discard"}  # (a plan lays no discard)
    for m in melds:
        a = by_key.get(("meld", tuple(from_mask(m)), None))  # Action.key: the cards sorted
        if a is not None:
            return a
    for card, number in adds:
        a = by_key.get(("add", (card,), number))
        if a is not None:
            return a
    return None


def seat_probs(k: Knowledge, seat: int) -> list[float]:
    """For each card, the chance it is in ``seat``'s hand (from this seat's view)."""
    n = k.unseen.bit_count()
    p = k.unknown[seat] / n if n else 0.0
    probs = [0.0] * 52
    for c in from_mask(k.unseen):
        probs[c] = p
    for c in from_mask(k.held[seat]):
        probs[c] = 1.0
    return probs


def meld_danger(card: int, probs: list[float]) -> float:
    """The chance that ``card`` completes a set or run with two cards of a hand
    whose cards are in it with the given (independent) chances."""
    return _meld_danger(card, probs, RUN_PARTNERS)


_RUN_PAIR_BITS = tuple(tuple((1 << a, 1 << b) for a, b in RUN_PARTNERS[c]) for c in range(52))


def live_partners(card: int, hand: int, live: int) -> int:
    """How many live cards would complete a meld with ``card`` and one other card of
    ``hand`` (a count of the ways this card can still become part of a meld).
    ``hand`` and ``live`` hold no card in common."""
    same = _SET_MASK[card]
    n = (hand & same).bit_count() * (live & same).bit_count()
    for x, y in _RUN_PAIR_BITS[card]:
        if (hand & x and live & y) or (hand & y and live & x):
            n += 1
    return n


__all__ += ["completes", "live_partners"]
