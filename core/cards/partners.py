"""Which cards make a three-card meld with a card: the tables the bots of every
variant reason with (a discard that feeds a meld, a partial combination's live
ways), and the chance that a discard completes a meld in a hand of known odds.

Runs are ace low (A-2-3; Gin) or ace high (Q-K-A; CardVerse), never round the
corner.
"""

from __future__ import annotations

from rummykit.core.cards.melds import run_order

__all__ = ["SET_PARTNERS", "meld_danger", "run_partners"]

#: For each card, the other three cards of its rank.
SET_PARTNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s * 13 + card % 13 for s in range(4) if s != card // 13) for card in range(52)
)


#: For each card, the pairs of cards that make a three-card run with it.
RunPairs = tuple[tuple[tuple[int, int], ...], ...]


def run_partners(ace_high: bool) -> RunPairs:
    """For each card, the pairs of same-suit cards that make a three-card run with
    it (below it, round it, above it)."""
    order = run_order(ace_high)  # rank at each place of a run
    out = []
    for card in range(52):
        base, p = card - card % 13, order.index(card % 13)
        pairs = []
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= p + a <= 12 and 0 <= p + b <= 12:
                pairs.append((base + order[p + a], base + order[p + b]))
        out.append(tuple(pairs))
    return tuple(out)


def meld_danger(card: int, probs: list[float], run_pairs: RunPairs) -> float:
    """The chance that ``card`` completes a set or run with two cards of a hand
    whose cards are in it with the given (independent) chances; ``run_pairs`` is
    ``run_partners(ace_high)``."""
    # Set: at least two of the other three cards of the rank.
    a, b, c = (probs[x] for x in SET_PARTNERS[card])
    p_set = a * b + a * c + b * c - 2 * a * b * c
    miss = 1.0 - p_set
    for x, y in run_pairs[card]:
        miss *= 1.0 - probs[x] * probs[y]
    return 1.0 - miss
