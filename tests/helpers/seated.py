"""Toy variants on the open match contract, for tests of every part of the
platform that must handle them: the toy round (tests/core/toy_variant.py) dealt
only to the seats in play, with three match rules of the kinds the classic
forms need: a dealer who sits out and a loser who deals (Gin for three),
elimination (Knock Rummy), and teams.

``SIT_OUT`` (3 seats), ``KNOCKOUT`` (2 to 4 seats) and ``PAIRS`` (4 seats) are
their specs; ``register_variants`` registers them (as ``seated-3``,
``knockout`` and ``pairs``) for a test site's plugin module.
"""

from __future__ import annotations

from dataclasses import replace

from rummykit import HandReport, MatchRule, RoundResult
from rummykit.core.engine.actions import DRAW_STOCK
from tests.core.toy_variant import TOY, ToyRound


class SeatedRound(ToyRound):
    """The toy round dealt to the seats in play only, the first of them first,
    turns passing among them; a seat not in play has no cards and no turn."""

    def __init__(self, options, n_seats, round_index, rng, match=None):
        super().__init__(options, n_seats, round_index, rng)
        self.playing = list(match.seats) if match is not None else list(range(n_seats))
        for s in range(n_seats):
            if s not in self.playing:
                self.out += self.hands[s]
                self.hands[s] = []
        self.seat = self.playing[0]

    def perform(self, action):
        seat = self.seat
        event = super().perform(action)
        if self.result is None and action.kind != DRAW_STOCK:
            self.seat = self.playing[(self.playing.index(seat) + 1) % len(self.playing)]
        return event

    def _finish(self):
        values = {s: sum(c % 13 + 1 for c in self.hands[s]) for s in self.playing}
        win = min(self.playing, key=lambda s: (values[s], s))
        pts = [0] * self.n_seats
        pts[win] = sum(values.values()) - values[win]
        self.result = RoundResult(
            points=tuple(pts),
            outcome="end",
            winner=win,
            hands=tuple(
                HandReport(s, tuple(sorted(h)), deadwood=tuple(sorted(h)), points=values.get(s, 0))
                for s, h in enumerate(self.hands)
            ),
            text=(f"{{{win}}} wins",),
        )


class DealerSitsOut(MatchRule):
    """Gin for three's seating: a dealer drawn by lot sits out; the loser of a
    hand (the lowest seat in play that did not win) deals the next."""

    def __init__(self, target: int) -> None:
        super().__init__("dealer_sits_out", target)

    def first_dealer(self, n_seats, rng):
        return rng.randrange(n_seats)

    def seats_in_play(self):
        return tuple(s for s in super().seats_in_play() if s != self.dealer)

    def next_dealer(self, result, context):
        return next(s for s in context.seats if s != result.winner)

    def is_over(self):
        return max(self.totals) >= self.limit


class Elimination(MatchRule):
    """Knock Rummy's elimination: a seat reaching the limit is out; the last
    seat left wins; the ranking is the reverse order of going out."""

    def __init__(self, limit: int) -> None:
        super().__init__("elimination", limit, lowest_wins=True)

    def start(self, n_seats, rng):
        super().start(n_seats, rng)
        self.went_out: list[int] = []

    def record(self, result, context):
        super().record(result, context)
        for s in context.seats:
            if self.totals[s] >= self.limit and s not in self.out:
                self.out.append(s)
                self.went_out.append(s)

    def is_over(self):
        return self.n_seats - len(self.out) <= 1

    def winners(self):
        left = [s for s in range(self.n_seats) if s not in self.out]
        return tuple(left) if len(left) == 1 else ()

    def ranking(self):
        left = [s for s in range(self.n_seats) if s not in self.out]
        return (*left, *reversed(self.went_out))

    def state(self):
        return {**super().state(), "went_out": list(self.went_out)}


def spec_with(rule_factory, name="seated", max_players=4, min_players=2):
    return replace(
        TOY,
        name=name,
        title=name.capitalize(),
        new_round=SeatedRound,
        match_rule=rule_factory,
        min_players=min_players,
        max_players=max_players,
    )


SIT_OUT = spec_with(lambda o: DealerSitsOut(o.target), name="seated-3", min_players=3, max_players=3)
KNOCKOUT = spec_with(lambda o: Elimination(o.target), name="knockout")
PAIRS = spec_with(
    lambda o: MatchRule("first_to", o.target, teams=[(0, 2), (1, 3)]), name="pairs", min_players=4
)


def register_variants(register):
    for spec in (SIT_OUT, KNOCKOUT, PAIRS):
        register(spec)
