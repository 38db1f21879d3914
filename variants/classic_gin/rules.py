"""The match rules of the classic Gin family (docs/rules.md §4).

:class:`ClassicRule`: the first dealer by lot from the match's generator; the
next dealer by ``next_dealer`` (the loser of the hand by default; after a hand
with no score the same dealer deals again); the first total to reach
``target`` wins; then the end-of-match bonuses: ``game_bonus`` to the winner,
``box_bonus`` to every player for each hand they won, both of the winner's
doubled in a shutout (the loser won no hand). The bonuses never change who won.

:class:`HollywoodRule`: the same hands scored in three games at once. The
``k``-th hand a player wins is scored in the first ``min(k, 3)`` games still
open, in order (so while all three are open: the first win in game 1, the
second in games 1 and 2, the third and later in all three; once game 1 is over
a first win goes to game 2, a second to games 2 and 3). A game is over when a
total in it reaches ``target`` and takes no more scores. Each game is settled
with its own bonuses (the hands won *in that game* make its boxes and its
shutout). The match is over when all three are; the player who won more games
wins (equal: the larger sum of margins, a game's margin being the winner's
settled total less the loser's).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rummykit import Column, MatchContext, MatchRule, RoundResult, RummyError

__all__ = ["GAMES", "ClassicRule", "HollywoodRule", "Settled", "settle_game"]

#: Hollywood's games scored at once.
GAMES = 3
NEXT_DEALER = ("loser", "winner", "alternate")


class Settled:
    """One game settled with its bonuses: per seat ``score`` (before bonuses),
    ``boxes`` (box bonuses), ``game`` (the game bonus), ``final``; the
    ``winner`` (a seat), whether it was a ``shutout``, and the ``margin`` (the
    winner's final less the best other final)."""

    def __init__(
        self,
        scores: Sequence[int],
        hands_won: Sequence[int],
        winner: int,
        game_bonus: int,
        box_bonus: int,
        shutout_doubles: bool,
    ) -> None:
        n = len(scores)
        self.winner = winner
        self.shutout = all(hands_won[s] == 0 for s in range(n) if s != winner)
        factor = 2 if self.shutout and shutout_doubles else 1
        self.score = list(scores)
        self.boxes = [box_bonus * hands_won[s] * (factor if s == winner else 1) for s in range(n)]
        self.game = [game_bonus * factor if s == winner else 0 for s in range(n)]
        self.final = [self.score[s] + self.boxes[s] + self.game[s] for s in range(n)]
        others = [self.final[s] for s in range(n) if s != winner]
        self.margin = self.final[winner] - (max(others) if others else 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "shutout": self.shutout,
            "boxes": list(self.boxes),
            "game": list(self.game),
            "final": list(self.final),
            "margin": self.margin,
        }


def settle_game(
    scores: Sequence[int],
    hands_won: Sequence[int],
    winner: int,
    game_bonus: int = 100,
    box_bonus: int = 25,
    shutout_doubles: bool = True,
) -> Settled:
    """A game's end-of-match bonuses (:class:`Settled`)."""
    return Settled(scores, hands_won, winner, game_bonus, box_bonus, shutout_doubles)


class ClassicRule(MatchRule):
    """Classic Gin's match (see the module's docstring)."""

    def __init__(
        self,
        target: int = 100,
        *,
        game_bonus: int = 100,
        box_bonus: int = 25,
        shutout_doubles: bool = True,
        next_dealer: str = "loser",
        kind: str = "classic",
    ) -> None:
        super().__init__(kind, target)
        if next_dealer not in NEXT_DEALER:
            raise RummyError(f"next_dealer must be one of {', '.join(NEXT_DEALER)}, not {next_dealer!r}")
        self.game_bonus = game_bonus
        self.box_bonus = box_bonus
        self.shutout_doubles = shutout_doubles
        self.next_dealer_by = next_dealer

    @classmethod
    def from_options(cls, options: Any) -> ClassicRule:
        """The rule a form's options ask for (``target``, ``game_bonus``,
        ``box_bonus``, ``shutout_doubles``, ``next_dealer``)."""
        return cls(
            options.target,
            game_bonus=options.game_bonus,
            box_bonus=options.box_bonus,
            shutout_doubles=options.shutout_doubles,
            next_dealer=options.next_dealer,
        )

    def __hash__(self) -> int:
        return super().__hash__()

    def race_target(self) -> int | None:
        """The first to ``target`` wins (the bonuses come after): a race a
        search's match-equity model can value."""
        return self.limit

    # -- dealing ---------------------------------------------------------------

    def first_dealer(self, n_seats: int, rng: random.Random) -> int | None:
        """By lot, from the match's generator."""
        return rng.randrange(n_seats)

    def next_dealer(self, result: RoundResult, context: MatchContext) -> int | None:
        """The loser of the hand (or its winner, or the other seat, as
        ``next_dealer`` says); after a hand with no score, the same dealer."""
        if result.winner is None or self.dealer is None:
            return self.dealer
        others = [s for s in context.seats if s != result.winner]
        if self.next_dealer_by == "winner":
            return result.winner
        if self.next_dealer_by == "alternate":
            return next(s for s in context.seats if s != self.dealer)
        return others[0] if others else self.dealer

    # -- the end ----------------------------------------------------------------

    def is_over(self) -> bool:
        return max(self.totals) >= self.limit

    def winners(self) -> tuple[int, ...]:
        """The seat whose total reached the target (the highest total when the
        engine's safeguard stops a match first)."""
        lead = self.leader(self.totals)
        return () if lead is None else (lead,)

    def settled(self) -> Settled | None:
        """The bonuses, once the match is over (``None`` before)."""
        won = self.winners()
        if not self.is_over() or not won:
            return None
        return settle_game(
            self.totals, self.hands_won, won[0], self.game_bonus, self.box_bonus, self.shutout_doubles
        )

    def columns(self) -> tuple[Column, ...]:
        """``Score`` (the hands' points), ``Hands`` (hands won); once the
        match is over ``Boxes``, ``Game`` and ``Final`` (score and bonuses)."""
        cols = [
            Column("Score", tuple(self.totals), note="points of the hands won"),
            Column("Hands", tuple(self.hands_won), note="hands won"),
        ]
        s = self.settled()
        if s is not None:
            shut = ", doubled: a shutout" if s.shutout and self.shutout_doubles else ""
            cols += [
                Column("Boxes", tuple(s.boxes), note=f"{self.box_bonus} per hand won{shut}"),
                Column("Game", tuple(s.game), note=f"game bonus {self.game_bonus}{shut}"),
                Column("Final", tuple(s.final), note="score and bonuses"),
            ]
        return tuple(cols)

    def facts(self) -> Mapping[str, Any]:
        """``hands_won`` per seat and the ``target``."""
        return {"hands_won": list(self.hands_won), "target": self.limit}

    def state(self) -> dict[str, Any]:
        data = super().state()
        s = self.settled()
        if s is not None:
            data["settled"] = s.to_json()
        return data

    # -- in words -----------------------------------------------------------------

    def describe(self) -> str:
        if not (self.game_bonus or self.box_bonus):
            return f"first to {self.limit}"
        return f"first to {self.limit}, then game and box bonuses"

    def short(self) -> str:
        return f"to {self.limit} + bonuses"

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["params"] = {
            "game_bonus": self.game_bonus,
            "box_bonus": self.box_bonus,
            "shutout_doubles": self.shutout_doubles,
            "next_dealer": self.next_dealer_by,
        }
        return data


class HollywoodRule(ClassicRule):
    """Hollywood Gin's match: three games scored at once (the module's docstring)."""

    # the state of one match, set by start()
    games: list[list[int]]
    game_hands: list[list[int]]
    game_winner: list[int | None]

    def __init__(
        self,
        target: int = 100,
        *,
        game_bonus: int = 100,
        box_bonus: int = 25,
        shutout_doubles: bool = True,
        next_dealer: str = "loser",
    ) -> None:
        super().__init__(
            target,
            game_bonus=game_bonus,
            box_bonus=box_bonus,
            shutout_doubles=shutout_doubles,
            next_dealer=next_dealer,
            kind="hollywood",
        )

    def __hash__(self) -> int:
        return super().__hash__()

    def race_target(self) -> int | None:
        """Three games at once: no single race to value."""
        return None

    def start(self, n_seats: int, rng: random.Random) -> None:
        super().start(n_seats, rng)
        self.games = [[0] * n_seats for _ in range(GAMES)]
        self.game_hands = [[0] * n_seats for _ in range(GAMES)]
        self.game_winner = [None] * GAMES

    def open_games(self) -> list[int]:
        """The games not over yet, in order (0 is game 1)."""
        return [g for g in range(GAMES) if self.game_winner[g] is None]

    def record(self, result: RoundResult, context: MatchContext) -> None:
        super().record(result, context)  # totals, hands won, the next dealer
        w = result.winner
        if w is None or not 0 <= w < self.n_seats:
            return
        k = self.hands_won[w]  # this is the k-th hand w has won
        points = result.points[w]
        for g in self.open_games()[: min(k, GAMES)]:
            self.games[g][w] += points
            self.game_hands[g][w] += 1
            if self.games[g][w] >= self.limit:
                self.game_winner[g] = w

    def is_over(self) -> bool:
        return not self.open_games()

    def settled_games(self) -> list[Settled | None]:
        """Each game settled with its bonuses (``None`` while it is open)."""
        out: list[Settled | None] = []
        for g in range(GAMES):
            w = self.game_winner[g]
            out.append(
                None
                if w is None
                else settle_game(
                    self.games[g],
                    self.game_hands[g],
                    w,
                    self.game_bonus,
                    self.box_bonus,
                    self.shutout_doubles,
                )
            )
        return out

    def games_won(self) -> tuple[list[int], list[int]]:
        """Per seat: the games won so far and the sum of their margins."""
        won = [0] * self.n_seats
        margins = [0] * self.n_seats
        for s in self.settled_games():
            if s is not None:
                won[s.winner] += 1
                margins[s.winner] += s.margin
        return won, margins

    def winners(self) -> tuple[int, ...]:
        """The seat that won more games; equal: the larger sum of margins;
        still equal: nobody."""
        won, margins = self.games_won()
        keys = [(won[s], margins[s]) for s in range(self.n_seats)]
        best = max(keys)
        return (keys.index(best),) if keys.count(best) == 1 else ()

    def ranking(self) -> tuple[int, ...]:
        won, margins = self.games_won()
        return tuple(sorted(range(self.n_seats), key=lambda s: (-won[s], -margins[s], s)))

    def settled(self) -> Settled | None:
        return None  # each game is settled on its own (settled_games)

    def columns(self) -> tuple[Column, ...]:
        """``Game 1`` to ``Game 3`` (each game's points; a finished game
        shows its settled total, bonuses included), ``Won`` (games won) and
        ``Margin`` (the sum of the margins of the games won)."""
        cols = []
        for g, s in enumerate(self.settled_games()):
            if s is None:
                cols.append(Column(f"Game {g + 1}", tuple(self.games[g]), note="open: points so far"))
            else:
                shut = ", a shutout" if s.shutout else ""
                cols.append(
                    Column(
                        f"Game {g + 1}",
                        tuple(s.final),
                        note=f"over: {{{s.winner}}} won by {s.margin}{shut}; points and bonuses",
                    )
                )
        won, margins = self.games_won()
        cols.append(Column("Won", tuple(won), note="games won"))
        cols.append(Column("Margin", tuple(margins), note="margins of the games won"))
        return tuple(cols)

    def facts(self) -> Mapping[str, Any]:
        """ClassicRule's, and ``games`` (each game's points per seat) and
        ``game_winner`` (per game, its winner or ``None``)."""
        return {
            **super().facts(),
            "games": [list(g) for g in self.games],
            "game_winner": list(self.game_winner),
        }

    def state(self) -> dict[str, Any]:
        data = super().state()
        data["games"] = [list(g) for g in self.games]
        data["game_hands"] = [list(g) for g in self.game_hands]
        data["game_winner"] = list(self.game_winner)
        return data

    def describe(self) -> str:
        return f"three games at once, each to {self.limit}; most games won wins"

    def short(self) -> str:
        return f"3 games to {self.limit}"
