"""How likely a seat is to win the match from the totals: the match-equity model.

A match is rounds until a total reaches the target; the highest total then wins
(:class:`~rummykit.core.play.match.Match`). A search scores the end of a round by the
chance to win the *match* from the totals it leaves, not by the round alone:
a round lost to an opponent who stays short of the target is worth more than
one lost to the opponent it carries past it, and a round won big more than one
won small.

The model: each later round is won by seat ``me`` with chance ``p_me`` and by
each other seat with an equal share of the rest (``p_me = 1/n`` by default,
where every seat's chances add up to one), for a score drawn from a
distribution given as a histogram in steps of ``step`` points (``scores[b]``:
the weight of scores from ``b * step`` to ``b * step + step - 1``). A round
that scores nothing (a drawn round) changes nothing and is left out. Totals
count in whole steps (each seat's *need*: the steps it still lacks, rounded
up); a score one step short of the need crosses the target half the time. The
chances are exact for that model: a small dynamic programme over the needs,
memoised, filled only for the positions a question reaches.

:meth:`MatchEquity.value` reads the model between whole steps too (linear in
each seat's need), so that a few points more or less always count; ``__call__``
and :meth:`MatchEquity.after_round` read it at whole steps.

:func:`score_histogram` and :func:`step_for` build a model from round scores a
caller has seen (the search: its own roll-outs); a variant that knows its
rounds' scores may give its own histogram.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import product
from math import comb

__all__ = ["TABLE_LIMIT", "MatchEquity", "round_value", "score_histogram", "step_for"]

#: The most positions :func:`step_for` lets a model from the start of a match
#: need (a few tens of milliseconds to fill in pure Python).
TABLE_LIMIT = 800


class MatchEquity:
    """``equity(totals, me)``: the chance that seat ``me`` wins the match
    (see the module's docstring for the model)."""

    def __init__(
        self, n_seats: int, target: int, scores: Sequence[float], p_me: float | None = None, step: int = 10
    ) -> None:
        if n_seats < 2:
            raise ValueError("a match model needs two seats or more")
        if target < 1 or step < 1:
            raise ValueError("the target and the step must be at least 1")
        total = float(sum(scores))
        if total <= 0 or any(w < 0 for w in scores):
            raise ValueError("the score histogram needs a positive weight")
        self.n = n_seats
        self.target = target
        self.step = step
        self.p_me = 1.0 / n_seats if p_me is None else p_me
        self.bins = tuple((b, w / total) for b, w in enumerate(scores) if w)
        self._value = lru_cache(maxsize=None)(self._value_uncached)

    def __getstate__(self) -> dict[str, object]:
        state = self.__dict__.copy()
        del state["_value"]  # the cache (a function of this object): rebuilt empty
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._value = lru_cache(maxsize=None)(self._value_uncached)

    def _need(self, total: float) -> int:
        return -(-(self.target - int(total)) // self.step)

    def __call__(self, totals: Sequence[int], me: int) -> float:
        target = self.target
        best = max(totals)
        if best >= target:  # the match is over: the highest total wins (the first of equals)
            return 1.0 if list(totals).index(best) == me else 0.0
        mine = self._need(totals[me])
        opps = tuple(sorted(self._need(t) for s, t in enumerate(totals) if s != me))
        return self._value(mine, opps)

    def value(self, totals: Sequence[float], me: int) -> float:
        """The chance at ``totals``, read linearly between whole steps of each
        seat's need (exact at whole steps; a match over is 1 or 0)."""
        target, step = self.target, self.step
        best = max(totals)
        if best >= target:
            return 1.0 if list(totals).index(best) == me else 0.0
        corners: list[tuple[tuple[int, float], ...]] = []
        for t in totals:
            need = (target - t) / step
            low = math.floor(need)
            frac = need - low
            if frac < 1e-9 or low < 1:
                corners.append(((max(1, math.ceil(need - 1e-9)), 1.0),))
            else:
                corners.append(((low, 1.0 - frac), (low + 1, frac)))
        out = 0.0
        for pick in product(*corners):
            w = 1.0
            for _, x in pick:
                w *= x
            if w <= 0.0:
                continue
            needs = [n for n, _ in pick]
            mine = needs.pop(me)
            out += w * self._value(mine, tuple(sorted(needs)))
        return out

    def table_size(self, totals: Sequence[int], me: int) -> int:
        """About how many positions the model solves to value ``totals`` (every
        position with needs no larger than the present ones)."""
        needs = [max(1, self._need(t)) for t in totals]
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
        """Needs in steps (``mine`` for this seat, sorted ``opps``). A round
        that leaves the needs as they were (a score under one step that does not
        reach the target) is solved for: ``v = gain + stay * v``."""
        p = self.p_me
        q = (1.0 - p) / len(opps)
        gain = stay = 0.0
        for b, w in self.bins:
            # This seat wins the round, scoring about b steps.
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
        if stay >= 1.0 - 1e-12:  # no round ever moves the needs: nobody is ahead
            return 1.0 / (1 + len(opps))
        return gain / (1.0 - stay)


def step_for(n_seats: int, target: int, limit: int = TABLE_LIMIT) -> int:
    """The smallest step (in points) at which a model of ``n_seats`` from the
    start of a match to ``target`` solves at most ``limit`` positions."""
    k = n_seats - 1
    steps = 1
    while steps < target and (steps + 1) * comb(steps + k, k) <= limit:
        steps += 1
    return -(-target // steps)


def score_histogram(scores: Iterable[int], step: int) -> list[float]:
    """Round scores (the points of each round's highest scorer; rounds that
    scored nothing left out) as weights per step of ``step`` points. A score
    between two whole steps is shared between them by where it lies (7 points
    in steps of 5: 0.6 to one step, 0.4 to two), so that small scores still
    bring the target nearer."""
    hist: list[float] = []
    for s in scores:
        if s <= 0:
            continue
        b, rest = divmod(s, step)
        if b + 1 >= len(hist):
            hist.extend([0.0] * (b + 2 - len(hist)))
        hist[b] += 1.0 - rest / step
        hist[b + 1] += rest / step
    while hist and hist[-1] == 0.0:
        hist.pop()
    return hist


def round_value(points: Sequence[int], me: int) -> float:
    """A round's worth to ``me`` when no match goes on from it (options with no
    target): its share of the round's points (one over the seats when nobody
    scored). For a round one seat wins with all the points this is 1 for the
    winner and 0 for the others. Where a round's points may be negative they
    are counted from the lowest seat's (that seat's share is 0)."""
    low = min(points)
    if low < 0:
        points = [p - low for p in points]
    total = sum(points)
    if total <= 0:
        return 1.0 / len(points)
    return points[me] / total
