"""A toy match rule with a score sheet of its own, for the platform's tests:
three games scored at once, as Hollywood Gin scores them (a seat's first
hand won counts in game 1, its second in games 1 and 2, its third and later
in all three; a game whose total reached the target takes no more points).
The match is over when all three games are; the seat that won more games
wins. Its ``columns()`` are the three games, so every score sheet that shows
them shows what the rule gives, not a total.

``THREE`` ("three-games", 2 seats) is its spec, on the toy round of
tests/helpers/seated.py, and ``BROKEN`` ("broken-sheet") the same with a
score sheet and a ranking that fail; ``register_variants`` registers them with the specs
of tests/helpers/seated.py, for a test site's plugin module.
"""

from __future__ import annotations

from rummykit import Column, MatchRule
from tests.helpers import seated

GAMES = 3
NOTES = ("", "from a seat's second hand won", "from a seat's third hand won")


class ThreeGames(MatchRule):
    """Three games at once (see the module)."""

    def __init__(self, target: int) -> None:
        super().__init__("three_games", target)

    def start(self, n_seats, rng):
        super().start(n_seats, rng)
        self.games = [[0] * n_seats for _ in range(GAMES)]

    def game_over(self, g: int) -> bool:
        return max(self.games[g]) >= self.limit

    def record(self, result, context):
        super().record(result, context)
        w = result.winner
        if w is None or not result.points[w]:
            return
        for g in range(min(self.hands_won[w], GAMES)):
            if not self.game_over(g):
                self.games[g][w] += result.points[w]

    def is_over(self):
        return all(self.game_over(g) for g in range(GAMES))

    def games_won(self) -> list[int]:
        won = [0] * self.n_seats
        for scores in self.games:
            best = max(scores)
            if scores.count(best) == 1 and best >= self.limit:
                won[scores.index(best)] += 1
        return won

    def winners(self):
        won = self.games_won()
        best = max(won)
        return (won.index(best),) if won.count(best) == 1 else ()

    def ranking(self):
        won = self.games_won()
        order = sorted(range(self.n_seats), key=lambda s: (-won[s], -sum(g[s] for g in self.games), s))
        first = self.winners()
        return (*first, *(s for s in order if s not in first))

    def columns(self):
        return tuple(Column(f"Game {g + 1}", tuple(self.games[g]), note=NOTES[g]) for g in range(GAMES))

    def state(self):
        return {**super().state(), "games": [list(g) for g in self.games]}

    def describe(self):
        return f"three games to {self.limit}"

    def short(self):
        return f"3 games to {self.limit}"


class BrokenSheet(ThreeGames):
    """Three games whose score sheet and ranking fail (a plugin's bug)."""

    def columns(self):
        raise KeyError("no sheet")

    def ranking(self):
        raise KeyError("no ranking")


THREE = seated.spec_with(lambda o: ThreeGames(o.target), name="three-games", min_players=2, max_players=2)
BROKEN = seated.spec_with(lambda o: BrokenSheet(o.target), name="broken-sheet", min_players=2, max_players=2)


def register_variants(register):
    seated.register_variants(register)
    register(THREE)
    register(BROKEN)


SITE_PLUGIN = """
from rummykit import hookimpl
from tests.helpers import sheets


@hookimpl
def register_variants(register):
    sheets.register_variants(register)
"""
