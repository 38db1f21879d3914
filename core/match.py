"""The variant-agnostic match loop: rounds until a total reaches the target.

An engine safeguard ends a match in which nobody scores (players who never go
out, so that every round ends by the stock or a turn limit with no points): after
:data:`MAX_SCORELESS_ROUNDS` such rounds in a row the match is over, won by the
highest total if one seat has it alone, otherwise by nobody.

Randomness comes from one generator seeded once per match, which deals every
round; with the same seed and the same actions a match is the same, byte for byte.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from .actions import Action
from .engine import Event, Round, RoundResult, View, options_mapping
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


#: Rounds in a row in which nobody scores that end a match (the safeguard above).
MAX_SCORELESS_ROUNDS = 100


class Match:
    """Rounds of one variant between ``n_seats`` seats until someone reaches
    ``options.target`` (if the options have no target, one round is played).

    ``on_round_end(match, result)`` and ``on_match_end(match)`` are called when
    those happen (the CLI wires them to the observer hooks); both are plain
    attributes, so a caller may set them after a replay.

    ``results`` holds every round's result and ``actions`` every action, unless
    ``keep_history`` is set False (a long bots-only game, a simulation): then
    ``results`` holds the last round's result only and ``actions`` nothing, so
    memory stays flat however many rounds are played. ``rounds_played`` and
    ``moves`` count them either way.
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
        self.keep_history = True
        self.rounds_played = 0
        self.scoreless_rounds = 0  # rounds in a row in which nobody scored
        self.moves = 0
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
        return self.round.view(seat).with_scores(tuple(self.totals), self.view_options)

    @functools.cached_property
    def view_options(self) -> Mapping[str, Any]:
        """The options as views carry them (read-only, made once)."""
        return options_mapping(self.options)

    def apply(self, action: Action) -> Event:
        if self.over:
            raise RummyError("the match is over")
        event = self.round.apply(action)
        self.moves += 1
        if self.keep_history:
            self.actions.append(event.action)
        if self.round.result is not None:
            self._end_round(self.round.result)
        return event

    # -- rounds ----------------------------------------------------------------

    def _end_round(self, result: RoundResult) -> None:
        for s, p in enumerate(result.points):
            self.totals[s] += p
        self.rounds_played += 1
        if self.keep_history:
            self.results.append(result)
        else:
            self.results[:] = [result]
        if self.on_round_end:
            self.on_round_end(self, result)
        self.scoreless_rounds = 0 if any(result.points) else self.scoreless_rounds + 1
        best = max(self.totals)
        stalled = self.scoreless_rounds >= MAX_SCORELESS_ROUNDS
        if self.target is None or best >= self.target or stalled:
            self.over = True
            won = best > 0 or self.target is None
            if stalled and self.target is not None and best < self.target:
                won = won and self.totals.count(best) == 1
            self.winner = self.totals.index(best) if won else None
            if self.on_match_end:
                self.on_match_end(self)
            return
        self.previous_round = self.round
        self.round_index += 1
        self.round = deal_round(self.variant, self.options, self.n_seats, self.round_index, self.rng)
