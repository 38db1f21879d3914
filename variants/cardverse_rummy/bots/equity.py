"""How likely a seat is to win the match from the totals, for ``ai:hard``'s play-outs.

A round of CardVerse is won by one seat, which scores what the others hold; the
first total to reach the target wins the match. With three or four players a
single round often scores 80 points or more, so *who* wins a round this seat
cannot win, and by how much, decides whether the match goes on. The play-outs
therefore score a round's end by the chance of winning the match from there.

``ai:hard`` uses it with 3 or 4 seats, scoring each play-out of its turn (see
:mod:`.playout`) by this chance rather than by the round alone: it then wins fewer
rounds and more matches (docs/bots.md has the measurements).

The model: each later round is won by this seat with chance ``p`` and by each
opponent with an equal share of the rest, for a score drawn from :data:`SCORES`
(the winner's score, measured over 4,000 rounds of ``ai:easy`` players). Totals
count in steps of 10 points; the chances are exact for that model (a small
dynamic programme, memoised).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

__all__ = ["SCORES", "MatchEquity", "equity_for"]

#: Share of rounds whose winner scores 0-9, 10-19, ... points, by number of seats
#: (4,000 rounds of ``ai:easy`` players each).
SCORES = {
    3: (0.201, 0.297, 0.224, 0.138, 0.073, 0.037, 0.016, 0.007, 0.003, 0.002, 0.001),
    4: (0.004, 0.02, 0.046, 0.056, 0.08, 0.092, 0.114, 0.108, 0.106, 0.096, 0.078, 0.066,
        0.044, 0.03, 0.025, 0.019, 0.009, 0.006, 0.002),
}


class MatchEquity:
    """``equity(totals, me)``: the chance that seat ``me`` wins the match."""

    def __init__(self, n_seats: int, target: int, p_me: float) -> None:
        self.n = n_seats
        self.target = target
        self.p_me = p_me
        hist = SCORES[4 if n_seats >= 4 else 3]
        total = sum(hist)
        self.bins = tuple((b, w / total) for b, w in enumerate(hist) if w)
        self._value = lru_cache(maxsize=None)(self._value_uncached)

    def __call__(self, totals: Sequence[int], me: int) -> float:
        target = self.target
        for s, t in enumerate(totals):
            if t >= target:
                return 1.0 if s == me else 0.0
        mine = -(-(target - totals[me]) // 10)
        opps = tuple(sorted(-(-(target - t) // 10) for s, t in enumerate(totals) if s != me))
        return self._value(mine, opps)

    def table_size(self, totals: Sequence[int], me: int) -> int:
        """About how many positions the model solves to value ``totals`` (every
        position with needs no larger than the present ones): small for the usual
        target of 100, very large for a far target, where :class:`HardCardVerseAgent`
        scores the round instead until the match end comes nearer."""
        needs = [max(1, -(-(self.target - t) // 10)) for t in totals]
        top = max(n for s, n in enumerate(needs) if s != me)
        k = len(needs) - 1
        # This seat's need times the sorted tuples of k needs, each 1..top.
        return needs[me] * comb(top + k - 1, k)

    def after_round(self, totals: Sequence[int], winner: int, score: int, me: int) -> float:
        """The equity once ``winner`` has scored ``score`` more."""
        new = list(totals)
        new[winner] += score
        return self(new, me)

    def _value_uncached(self, mine: int, opps: tuple[int, ...]) -> float:
        """Needs in tens of points (``mine`` for this seat, sorted ``opps``). A round
        that leaves the needs as they were (a score under 10 that does not reach the
        target) is solved for: ``v = gain + stay * v``."""
        p = self.p_me
        q = (1.0 - p) / len(opps)
        gain = stay = 0.0
        for b, w in self.bins:
            # This seat wins the round, scoring about 10*b..10*b+9.
            cross = 1.0 if b >= mine else 0.5 if b == mine - 1 else 0.0
            gain += p * w * cross
            if cross < 1.0:
                if b == 0:
                    stay += p * w * (1.0 - cross)
                else:
                    gain += p * w * (1.0 - cross) * self._value(max(mine - b, 1), opps)
            # An opponent wins it.
            for i, need in enumerate(opps):
                cross = 1.0 if b >= need else 0.5 if b == need - 1 else 0.0
                if cross < 1.0:
                    if b == 0:
                        stay += q * w * (1.0 - cross)
                        continue
                    new = list(opps)
                    new[i] = max(need - b, 1)
                    gain += q * w * (1.0 - cross) * self._value(mine, tuple(sorted(new)))
        return gain / (1.0 - stay)


@lru_cache(maxsize=32)
def equity_for(n_seats: int, target: int, p_me: float) -> MatchEquity:
    """One shared model per (seats, target, p): its table is filled once per process."""
    return MatchEquity(n_seats, target, p_me)
