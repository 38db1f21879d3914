"""What a round knows of its match: :class:`MatchContext`.

The match (:mod:`rummykit.core.play.match`) makes one before each deal from
its match rule and hands it to the variant's ``new_round(..., match=...)``; the
round keeps it as ``round.match`` and every view carries it as ``view.match``.
So a round can deal only to the seats in play, let the dealer sit out or the
loser deal, and a bot or a house rule can read the totals and the teams.
Plain immutable data, public to every seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class MatchContext:
    """The match as a round is dealt into it.

    * ``round_index``: 0 for the first deal of the match.
    * ``n_seats``: the seats of the match (a round may seat fewer of them).
    * ``dealer``: the seat that deals, or ``None`` when the match rule leaves
      it to the variant (Cardems Gin and CardVerse decide who starts themselves).
    * ``seats``: the seats in play this round, in their order of play (the
      first to play first); a seat not listed sits this round out or is out
      of the match.
    * ``teams``: the partnerships, each a tuple of seats; ``()`` when every
      seat plays for itself.
    * ``totals``: each seat's match total before this round.
    * ``out``: the seats out of the match for good (eliminated).
    * ``facts``: what else the match rule makes public (Hollywood's three
      game totals, the last hand's winner...), a read-only mapping of plain
      JSON values.
    """

    round_index: int = 0
    n_seats: int = 0
    dealer: int | None = None
    seats: tuple[int, ...] = ()
    teams: tuple[tuple[int, ...], ...] = ()
    totals: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=lambda: EMPTY)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "seats", tuple(self.seats))
        set_(self, "teams", tuple(tuple(t) for t in self.teams))
        set_(self, "totals", tuple(self.totals))
        set_(self, "out", tuple(self.out))
        if not isinstance(self.facts, MappingProxyType):
            set_(self, "facts", MappingProxyType(dict(self.facts)))

    @classmethod
    def every_seat(cls, n_seats: int, round_index: int = 0) -> MatchContext:
        """The context of a round outside any match rule: every seat in play,
        in seat order, no dealer named, no teams, totals 0."""
        return cls(round_index, n_seats, None, tuple(range(n_seats)), (), (0,) * n_seats)

    def plays(self, seat: int) -> bool:
        """Whether ``seat`` plays this round."""
        return seat in self.seats

    def team_of(self, seat: int) -> int | None:
        """The index of ``seat``'s team in :attr:`teams`, or ``None``."""
        for i, team in enumerate(self.teams):
            if seat in team:
                return i
        return None

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team (``()`` without teams)."""
        i = self.team_of(seat)
        return () if i is None else tuple(s for s in self.teams[i] if s != seat)

    def to_json(self) -> dict[str, Any]:
        """The context as records and ``--json`` outputs write it."""
        return {
            "round_index": self.round_index,
            "n_seats": self.n_seats,
            "dealer": self.dealer,
            "seats": list(self.seats),
            "teams": [list(t) for t in self.teams],
            "totals": list(self.totals),
            "out": list(self.out),
            "facts": dict(self.facts),
        }

    def __copy__(self) -> MatchContext:
        return self

    def __deepcopy__(self, memo: dict) -> MatchContext:
        return self
