"""How likely a seat is to win the match from the totals, for ``ai:hard``'s play-outs.

A round of CardVerse is won by one seat, which scores what the others hold; the
first total to reach the target wins the match. With three or four players a
single round often scores 80 points or more, so *who* wins a round this seat
cannot win, and by how much, decides whether the match goes on. The play-outs
therefore score a round's end by the chance of winning the match from there.

``ai:hard`` uses it with 3 or 4 seats, scoring each play-out of its turn (see
:mod:`.playout`) by this chance rather than by the round alone: over 2,000 matches
against three ``ai:easy`` that won 40.1% / 40.2% of them (``--seed 11`` / ``13``)
against 38.0% / 39.3% when scoring the round; with three seats, 70.5% of 600 matches
against 61.0%.

The model is core's (:class:`rummykit.core.equity.MatchEquity`): each later
round is won by this seat with chance ``p`` and by each opponent with an equal
share of the rest, for a score drawn from :data:`SCORES` (the winner's score,
measured over 4,000 rounds of ``ai:easy`` players). Totals count in steps of 10
points; the chances are exact for that model (a small dynamic programme,
memoised).
"""

from __future__ import annotations

from functools import lru_cache

from rummykit.core.equity import MatchEquity as _CoreEquity

__all__ = ["SCORES", "MatchEquity", "equity_for"]

#: Share of rounds whose winner scores 0-9, 10-19, ... points, by number of seats
#: (4,000 rounds of ``ai:easy`` players each).
SCORES = {
    3: (0.201, 0.297, 0.224, 0.138, 0.073, 0.037, 0.016, 0.007, 0.003, 0.002, 0.001),
    4: (
        0.004,
        0.02,
        0.046,
        0.056,
        0.08,
        0.092,
        0.114,
        0.108,
        0.106,
        0.096,
        0.078,
        0.066,
        0.044,
        0.03,
        0.025,
        0.019,
        0.009,
        0.006,
        0.002,
    ),
}


class MatchEquity(_CoreEquity):
    """Core's model with CardVerse's round scores (:data:`SCORES`) in steps of
    10 points: ``equity(totals, me)``, the chance that seat ``me`` wins the match."""

    def __init__(self, n_seats: int, target: int, p_me: float) -> None:
        super().__init__(n_seats, target, SCORES[4 if n_seats >= 4 else 3], p_me=p_me, step=10)


@lru_cache(maxsize=32)
def equity_for(n_seats: int, target: int, p_me: float) -> MatchEquity:
    """One shared model per (seats, target, p): its table is filled once per process."""
    return MatchEquity(n_seats, target, p_me)
