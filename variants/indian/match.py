"""Indian Rummy's three formats as match rules (option ``format``).

* ``points``: one deal; the winner collects the others' points (each seat's
  total is what it pays; the lowest, the winner's 0, wins).
* ``deals``: ``deals`` deals (2 by default); the lowest total wins.
* ``pool``: a player whose total reaches ``pool`` (101 or 201) is out of the
  match and never dealt in again; the last player left wins (:class:`Pool`).

The deal passes to the left, among the players still in; the player left of
the dealer plays first (the first deal: seat 0 plays first).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.round import RoundResult
from rummykit.core.play.match import Column, MatchRule

from .options import IndianOptions


class Rotation(MatchRule):
    """A fixed number of deals, lowest total winning, the deal passing left."""

    def __init__(self, deals: int = 1) -> None:
        super().__init__("deals", deals, lowest_wins=True)

    def first_dealer(self, n_seats: int, rng: random.Random) -> int | None:
        return n_seats - 1  # seat 0, on the dealer's left, plays first

    def next_dealer(self, result: RoundResult, context: MatchContext) -> int | None:
        """The next player still in to the left of this deal's dealer."""
        dealer = context.dealer if context.dealer is not None else self.n_seats - 1
        for step in range(1, self.n_seats + 1):
            seat = (dealer + step) % self.n_seats
            if seat not in self.out and not self.goes_out(seat):
                return seat
        return dealer

    def goes_out(self, seat: int) -> bool:
        return False

    def describe(self) -> str:
        if self.limit == 1:
            return "one deal: the winner collects the others' points"
        return f"after {self.limit} deals, lowest total wins"


class Pool(Rotation):
    """Pool rummy: a player whose total reaches ``limit`` is out; the last one
    left wins. The ranking: the winner, then the players out, the last out
    first (out in the same deal: the lower total first, then the seat)."""

    went_out: list[list[int]]

    def __init__(self, limit: int = 101) -> None:
        MatchRule.__init__(self, "pool", limit, lowest_wins=True)

    def start(self, n_seats: int, rng: random.Random) -> None:
        super().start(n_seats, rng)
        self.went_out = []

    def goes_out(self, seat: int) -> bool:
        return self.totals[seat] >= self.limit

    def record(self, result: RoundResult, context: MatchContext) -> None:
        super().record(result, context)
        gone = sorted((s for s in context.seats if self.goes_out(s)), key=lambda s: (self.totals[s], s))
        if gone:
            self.out.extend(gone)
            self.went_out.append(gone)

    def left(self) -> list[int]:
        return [s for s in range(self.n_seats) if s not in self.out]

    def is_over(self) -> bool:
        return len(self.left()) <= 1

    def winners(self) -> tuple[int, ...]:
        left = self.left()
        return tuple(left) if len(left) == 1 else ()

    def ranking(self) -> tuple[int, ...]:
        left = sorted(self.left(), key=lambda s: (self.totals[s], s))
        return (*left, *(s for gone in reversed(self.went_out) for s in gone))

    def columns(self) -> tuple[Column, ...]:
        place = {s: i + 1 for i, s in enumerate(self.ranking())}
        return (
            Column("Points", tuple(self.totals)),
            Column(
                "Place",
                tuple(place[s] if s in self.out else None for s in range(self.n_seats)),
                note="the final place of a player out of the pool",
            ),
        )

    def facts(self) -> Mapping[str, Any]:
        return {"out_at": self.limit}

    def state(self) -> dict[str, Any]:
        return {**super().state(), "went_out": [list(g) for g in self.went_out]}

    def describe(self) -> str:
        return f"pool {self.limit}: a player reaching {self.limit} points is out; the last one left wins"

    def short(self) -> str:
        return f"pool {self.limit}"


def match_rule(options: IndianOptions) -> MatchRule:
    """The rule of ``options.format``."""
    if options.format == "pool":
        return Pool(options.pool)
    if options.format == "deals":
        return Rotation(options.deals)
    return Rotation(1)
