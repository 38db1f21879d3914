"""Which cards make a three-card meld with a card: the tables the bots of every
variant reason with (a discard that feeds a meld, a partial combination's live
ways), and the chance that a discard completes a meld in a hand of known odds.

Runs are ace low (A-2-3; Gin) or ace high (Q-K-A; CardVerse), never round the
corner.
"""

from __future__ import annotations

__all__ = ["SET_PARTNERS", "run_partners", "meld_danger"]

#: For each card, the other three cards of its rank.
SET_PARTNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s * 13 + card % 13 for s in range(4) if s != card // 13) for card in range(52)
)


def _position(card: int, ace_high: bool) -> int:
    r = card % 13
    return (12 if r == 0 else r - 1) if ace_high else r


def _card(suit: int, pos: int, ace_high: bool) -> int:
    return suit * 13 + ((0 if pos == 12 else pos + 1) if ace_high else pos)


def run_partners(ace_high: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each card, the pairs of same-suit cards that make a three-card run with
    it (below it, round it, above it)."""
    out = []
    for card in range(52):
        s, p = card // 13, _position(card, ace_high)
        pairs = []
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= p + a <= 12 and 0 <= p + b <= 12:
                pairs.append((_card(s, p + a, ace_high), _card(s, p + b, ace_high)))
        out.append(tuple(pairs))
    return tuple(out)


def meld_danger(card: int, probs: list[float], run_pairs) -> float:
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
