"""The match rules of Gin for three and partnership Gin (docs/rules.md §4).

:class:`Gin3Rule` is classic Gin's rule (:class:`ClassicRule`) for three
seats: the first dealer by lot; the dealer sits the hand out and the two others
play it, the one on the dealer's left first; the loser of a hand deals the
next (so the winner plays the previous dealer); after a hand with no score the
same dealer deals again (and the same two play). Each player keeps their own
total; the first to reach ``target`` wins. Then classic Gin's end-of-match
bonuses: ``game_bonus`` to the winner, ``box_bonus`` to every player for each
hand they won; a **shutout** (the winner's game and box bonuses doubled) is a
match in which neither other player won a hand. The places after the winner
go by the hands' points (the bonuses never change the ranking).

:class:`PartnersRule` is the partnership match: teams seats 0 and 2 against 1
and 3 (shown 1 & 3 against 2 & 4); the first dealer by lot, then the deal
passes to the left (after a hand with no score in either game the same dealer
deals again); the seats play in the order of :func:`partner_games`. A hand's
points go to the seat credited by partnership scoring, so each team's total is
the sum of its seats'; the first team total to reach ``target`` (125) wins.
Then the same bonuses for teams: ``game_bonus`` to the winning team,
``box_bonus`` to each team for each hand it scored, doubled for the winning
team when the other scored no hand.
"""

from __future__ import annotations

import random
from typing import Any

from rummykit import Column, MatchContext, RoundResult

from .rules import ClassicRule, Settled, settle_game
from .tables import TEAMS, partner_games

__all__ = ["Gin3Rule", "PartnersRule"]


class Gin3Rule(ClassicRule):
    """Gin for three's match (see the module's docstring)."""

    def __init__(
        self,
        target: int = 100,
        *,
        game_bonus: int = 100,
        box_bonus: int = 25,
        shutout_doubles: bool = True,
    ) -> None:
        super().__init__(
            target,
            game_bonus=game_bonus,
            box_bonus=box_bonus,
            shutout_doubles=shutout_doubles,
            next_dealer="loser",
            kind="gin-3",
        )

    def __hash__(self) -> int:
        return super().__hash__()

    @classmethod
    def from_options(cls, options: Any) -> Gin3Rule:
        return cls(
            options.target,
            game_bonus=options.game_bonus,
            box_bonus=options.box_bonus,
            shutout_doubles=options.shutout_doubles,
        )

    def seats_in_play(self) -> tuple[int, ...]:
        """The two seats other than the dealer, the one on its left first."""
        return tuple(s for s in super().seats_in_play() if s != self.dealer)

    def describe(self) -> str:
        return f"the dealer sits out, the loser deals; {super().describe()}"


class PartnersRule(ClassicRule):
    """Partnership Gin's match (see the module's docstring)."""

    def __init__(
        self,
        target: int = 125,
        *,
        game_bonus: int = 100,
        box_bonus: int = 25,
        shutout_doubles: bool = True,
    ) -> None:
        super().__init__(
            target,
            game_bonus=game_bonus,
            box_bonus=box_bonus,
            shutout_doubles=shutout_doubles,
            next_dealer="loser",
            kind="gin-partners",
        )
        self.teams = TEAMS

    def race_target(self) -> int | None:
        """Team totals race to the target: a seat's own total does not."""
        return None

    def __hash__(self) -> int:
        return super().__hash__()

    @classmethod
    def from_options(cls, options: Any) -> PartnersRule:
        return cls(
            options.target,
            game_bonus=options.game_bonus,
            box_bonus=options.box_bonus,
            shutout_doubles=options.shutout_doubles,
        )

    def first_dealer(self, n_seats: int, rng: random.Random) -> int | None:
        return rng.randrange(n_seats)

    def seats_in_play(self) -> tuple[int, ...]:
        """Every seat, in the order of play: the first player of game 1, of
        game 2, then their dealers."""
        (a, b), (c, d) = partner_games(self.dealer or 0)
        return (a, c, b, d)

    def next_dealer(self, result: RoundResult, context: MatchContext) -> int | None:
        """The seat on the dealer's left; the same dealer after a hand with
        no score in either game."""
        if self.dealer is None:
            return None
        if result.outcome == "draw":
            return self.dealer
        return (self.dealer + 1) % self.n_seats

    def team_hands(self) -> list[int]:
        """Hands each team scored."""
        return [sum(self.hands_won[s] for s in team) for team in self.teams]

    def is_over(self) -> bool:
        return max(self.team_totals()) >= self.limit

    def winners(self) -> tuple[int, ...]:
        lead = self.leader(self.team_totals())
        return () if lead is None else self.teams[lead]

    def settled(self) -> Settled | None:
        """The team bonuses, once the match is over (per team, in the order
        of :attr:`teams`)."""
        lead = self.leader(self.team_totals())
        if not self.is_over() or lead is None:
            return None
        return settle_game(
            self.team_totals(),
            self.team_hands(),
            lead,
            self.game_bonus,
            self.box_bonus,
            self.shutout_doubles,
        )

    def columns(self) -> tuple[Column, ...]:
        """``Points`` (each seat's share of its team's), ``Team`` (the team
        totals), ``Hands`` (hands each team scored); once the match is over
        ``Boxes``, ``Game`` and ``Final`` per team."""
        cols = [
            Column("Points", tuple(self.totals), note="points each player brought the team"),
            Column("Team", tuple(self.team_totals()), teams=True, note="team totals"),
            Column("Hands", tuple(self.team_hands()), teams=True, note="hands won"),
        ]
        s = self.settled()
        if s is not None:
            shut = ", doubled: a shutout" if s.shutout and self.shutout_doubles else ""
            cols += [
                Column("Boxes", tuple(s.boxes), teams=True, note=f"{self.box_bonus} per hand won{shut}"),
                Column("Game", tuple(s.game), teams=True, note=f"game bonus {self.game_bonus}{shut}"),
                Column("Final", tuple(s.final), teams=True, note="team score and bonuses"),
            ]
        return tuple(cols)

    def describe(self) -> str:
        return f"team totals, {super().describe()}"

    def short(self) -> str:
        return f"teams to {self.limit} + bonuses"
