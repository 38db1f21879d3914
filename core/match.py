"""The variant-agnostic match loop: rounds until a total reaches the target.

Randomness comes from one generator seeded once per match, which deals every
round; with the same seed and the same actions a match is the same, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from pydantic import BaseModel

from .actions import Action
from .engine import Event, Round, RoundResult, View
from .errors import RummyError
from .registry import VariantSpec
from .resample import deal_round


def check_players(spec: VariantSpec, n_seats: int) -> None:
    """Refuse a seat count the variant does not allow, with a clear message."""
    if not spec.min_players <= n_seats <= spec.max_players:
        if spec.min_players == spec.max_players:
            want = str(spec.min_players)
        else:
            want = f"{spec.min_players} to {spec.max_players}"
        raise RummyError(f"{spec.name} is for {want} players, not {n_seats}")


class Match:
    """Rounds of one variant between ``n_seats`` seats until someone reaches
    ``options.target`` (if the options have no target, one round is played).

    ``on_round_end(match, result)`` and ``on_match_end(match)`` are called when
    those happen (the CLI wires them to the observer hooks); both are plain
    attributes, so a caller may set them after a replay.
    """

    def __init__(
        self,
        spec: VariantSpec,
        options: BaseModel,
        n_seats: int,
        seed: int,
        on_round_end: Callable[[Match, RoundResult], None] | None = None,
        on_match_end: Callable[[Match], None] | None = None,
    ) -> None:
        check_players(spec, n_seats)
        self.variant = spec
        self.options = options
        self.n_seats = n_seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.target: int | None = getattr(options, "target", None)
        self.totals = [0] * n_seats
        self.results: list[RoundResult] = []
        self.actions: list[Action] = []
        self.round_index = 0
        self.winner: int | None = None
        self.over = False
        self.previous_round: Round | None = None
        self.on_round_end = on_round_end
        self.on_match_end = on_match_end
        self.round: Round = deal_round(spec, options, n_seats, 0, self.rng)

    # -- the contract, lifted to the match -----------------------------------

    def to_act(self) -> int | None:
        return None if self.over else self.round.to_act()

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.over else self.round.legal_actions()

    def view(self, seat: int) -> View:
        return replace(self.round.view(seat), scores=tuple(self.totals))

    def apply(self, action: Action) -> Event:
        if self.over:
            raise RummyError("the match is over")
        event = self.round.apply(action)
        self.actions.append(event.action)
        if self.round.result is not None:
            self._end_round(self.round.result)
        return event

    # -- rounds ----------------------------------------------------------------

    def _end_round(self, result: RoundResult) -> None:
        for s, p in enumerate(result.points):
            self.totals[s] += p
        self.results.append(result)
        if self.on_round_end:
            self.on_round_end(self, result)
        best = max(self.totals)
        if self.target is None or best >= self.target:
            self.over = True
            self.winner = self.totals.index(best) if best > 0 or self.target is None else None
            if self.on_match_end:
                self.on_match_end(self)
            return
        self.previous_round = self.round
        self.round_index += 1
        self.round = deal_round(self.variant, self.options, self.n_seats, self.round_index, self.rng)
