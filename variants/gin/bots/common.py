"""Shared pieces of the Gin bots: card neighbours, how likely the opponent holds a
card, how likely a discard feeds one of its melds, and live outs of a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.core.cards.card import from_mask, points
from rummykit.core.cards.partners import SET_PARTNERS, run_partners
from rummykit.core.cards.partners import meld_danger as _meld_danger

from .knowledge import Knowledge

if TYPE_CHECKING:
    from rummykit.core.cards.solver import MeldSolver

__all__ = [
    "RUN_PARTNERS",
    "SET_PARTNERS",
    "expected_after_draw",
    "meld_danger",
    "near_taken",
    "opp_probs",
    "outs",
]


RUN_PARTNERS = run_partners(ace_high=False)  # ace low: A-2-3 is a run, Q-K-A is not
#: Cards "close" to a card: same rank, or same suit within two ranks.
NEAR = tuple(
    sum(1 << c for c in SET_PARTNERS[card])
    | sum(
        1 << (card // 13 * 13 + r)
        for r in range(max(0, card % 13 - 2), min(12, card % 13 + 2) + 1)
        if r != card % 13
    )
    for card in range(52)
)


def opp_probs(k: Knowledge, damp: float = 1.0) -> list[float]:
    """For each card, the chance it is in the opponent's hand: 1 for the cards it
    took and kept, 0 for the cards this seat has seen elsewhere, and for the
    unseen cards the share of them that can be in its hand. With ``damp`` < 1, the
    close neighbours (same rank, same suit within two) of every upcard the
    opponent passed on or card it discarded are that much less likely: a player
    keeping them would have wanted that card."""
    n = k.unseen.bit_count()
    p = k.opp_unknown / n if n else 0.0
    probs = [0.0] * 52
    for c in from_mask(k.unseen):
        probs[c] = p
    if damp != 1.0 and p:
        shown = k.opp_passed
        for c in k.opp_discards:
            shown |= 1 << c
        for y in from_mask(shown):
            for x in from_mask(NEAR[y] & k.unseen):
                probs[x] *= damp
    for c in from_mask(k.opp_held):
        probs[c] = 1.0
    return probs


def meld_danger(card: int, probs: list[float]) -> float:
    """The chance that ``card`` completes a meld with two cards of the opponent's
    hand (a set of three, or a run through it), cards taken as independent."""
    return _meld_danger(card, probs, RUN_PARTNERS)


def near_taken(card: int, k: Knowledge) -> bool:
    """Whether ``card`` is close (same rank, or same suit within two) to a card the
    opponent took from the pile and still holds."""
    return bool(NEAR[card] & k.opp_held)


def outs(solver: MeldSolver, hand: int, live: int) -> int:
    """How many live cards would lower the least deadwood of the 10-card ``hand``
    (drawn, then the best discard made)."""
    now = solver.deadwood(hand)
    bd = solver.best_discard
    n = 0
    for u in from_mask(live):
        if bd(hand | 1 << u)[1] < now:
            n += 1
    return n


def expected_after_draw(
    solver: MeldSolver, hand: int, live: int, limit: int, knock_bonus: float, gin_bonus: float
) -> float:
    """The mean, over the live cards, of the deadwood left after drawing the card
    and making the best discard, with a bonus for a hand that may knock or go gin."""
    bd = solver.best_discard
    total = 0.0
    n = 0
    now = solver.deadwood(hand)
    for u in from_mask(live):
        d = bd(hand | 1 << u)[1]
        if d > now:
            d = now
        v: float = d
        if d == 0:
            v -= gin_bonus
        elif d <= limit:
            v -= knock_bonus
        total += v
        n += 1
    if not n:
        return float(now)
    return total / n


def card_points(card: int) -> int:
    return points(card)
