"""The variant-agnostic match loop: rounds until the variant's match rule ends it.

A variant's match rule (:class:`MatchRule`, from ``VariantSpec.match_rule``)
says when a match is over and who wins it: the first total to reach a target
(the default, for options with a ``target``), the lowest total once a total
reaches a limit (penalty points, Knock Rummy style), or a fixed number of deals
(highest or lowest total wins). With no rule and no ``target`` option, one deal
is played.

An engine safeguard ends a match that goes nowhere (players who never go out,
so that every round ends by the stock or a turn limit with no points; or, where
round scores may be negative, totals that only sink): after
:data:`MAX_SCORELESS_ROUNDS` rounds in a row in which no seat's total rose
above its own best so far, the match is over, won by the seat the rule ranks
first if one seat is first alone and some total is above zero, otherwise by
nobody. Where scores are never negative such a round is one in which nobody
scores; where they may be, totals are bounded above (a target or a limit ends
the match) so a match cannot rise for ever either.

Randomness comes from one generator seeded once per match, which deals every
round; with the same seed and the same actions a match is the same, byte for byte.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from rummykit.core.base.errors import RummyError, contract_broken
from rummykit.core.engine.actions import Action
from rummykit.core.engine.options import shown_value
from rummykit.core.engine.resample import deal_round
from rummykit.core.engine.round import Event, Round, RoundResult, View, options_mapping
from rummykit.core.plugins.registry import VariantSpec


def check_players(spec: VariantSpec, n_seats: int) -> None:
    """Refuse a seat count the variant does not allow, with a clear message."""
    if not spec.min_players <= n_seats <= spec.max_players:
        if spec.min_players == spec.max_players:
            want = str(spec.min_players)
        else:
            want = f"{spec.min_players} to {spec.max_players}"
        raise RummyError(f"{spec.name} is for {want} players, not {shown_value(n_seats)}")


#: Rounds in a row in which no seat's total rose above its own best so far that
#: end a match (the safeguard above).
MAX_SCORELESS_ROUNDS = 100

#: The most deals a fixed-deals rule may ask for, and the highest target or limit.
MAX_DEALS = 10_000
MAX_LIMIT = 1_000_000

RuleKind = Literal["first_to", "lowest_past", "deals"]


def checked_view(view: object, variant: str, seat: int) -> View:
    """``view``, what a round of ``variant`` returned from ``view(seat)``, if it
    is a :class:`View`; else the variant broke the engine contract."""
    if view.__class__ is not View and not isinstance(view, View):
        raise contract_broken(variant, f"returned {type(view).__name__} from view({seat}), not a View")
    return view


@dataclass(frozen=True)
class MatchRule:
    """When a match ends and who wins it. Make one with :meth:`first_to`,
    :meth:`lowest_past` or :meth:`deals`.

    * ``first_to``: once a total reaches ``limit`` (the target) the highest
      total wins; equal highest totals play another deal.
    * ``lowest_past``: once a total reaches ``limit`` the lowest total wins;
      equal lowest totals play another deal.
    * ``deals``: after ``limit`` deals the highest total wins (the lowest with
      ``lowest_wins``); equal best totals: nobody wins.
    """

    kind: RuleKind
    limit: int
    lowest_wins: bool = False

    def __post_init__(self) -> None:
        top = MAX_DEALS if self.kind == "deals" else MAX_LIMIT
        if self.kind not in ("first_to", "lowest_past", "deals"):
            raise RummyError(f"unknown match rule {self.kind!r}")
        if isinstance(self.limit, bool) or not isinstance(self.limit, int) or not 1 <= self.limit <= top:
            raise RummyError(f"match rule {self.kind}: {self.limit!r} is not a whole number from 1 to {top}")
        if self.kind == "lowest_past":
            object.__setattr__(self, "lowest_wins", True)
        elif self.kind == "first_to":
            object.__setattr__(self, "lowest_wins", False)

    @classmethod
    def first_to(cls, target: int) -> MatchRule:
        return cls("first_to", target)

    @classmethod
    def lowest_past(cls, limit: int) -> MatchRule:
        return cls("lowest_past", limit)

    @classmethod
    def deals(cls, deals: int, lowest_wins: bool = False) -> MatchRule:
        return cls("deals", deals, lowest_wins)

    @classmethod
    def default(cls, options: BaseModel) -> MatchRule:
        """Today's rule: first to ``options.target``; one deal with no target."""
        target = getattr(options, "target", None)
        return cls.first_to(target) if target is not None else cls.deals(1)

    # -- the rule ------------------------------------------------------------

    def over(self, totals: Sequence[int], deals: int) -> bool:
        """Whether the match ends with these totals after ``deals`` deals."""
        if self.kind == "deals":
            return deals >= self.limit
        if max(totals) < self.limit:
            return False
        return self.leader(totals) is not None  # a tie for first: another deal

    def leader(self, totals: Sequence[int]) -> int | None:
        """The seat first by this rule's ranking (highest or lowest total), or
        ``None`` when several share first place."""
        best = min(totals) if self.lowest_wins else max(totals)
        return totals.index(best) if list(totals).count(best) == 1 else None

    # -- in words ------------------------------------------------------------

    def describe(self) -> str:
        """The rule in words: "first to 500", "after 5 deals, lowest total wins"."""
        if self.kind == "first_to":
            return f"first to {self.limit}"
        if self.kind == "lowest_past":
            return f"lowest total wins once a total reaches {self.limit}"
        deals = "one deal" if self.limit == 1 else f"{self.limit} deals"
        return f"after {deals}, {'lowest' if self.lowest_wins else 'highest'} total wins"

    def short(self) -> str:
        """The rule in a few words, for headers: "to 500", "5 deals", "lowest at 100"."""
        if self.kind == "first_to":
            return f"to {self.limit}"
        if self.kind == "lowest_past":
            return f"lowest at {self.limit}"
        deals = "1 deal" if self.limit == 1 else f"{self.limit} deals"
        return deals + (", lowest wins" if self.lowest_wins else "")

    def to_json(self) -> dict[str, Any]:
        """The rule as a record keeps it."""
        return {"rule": self.kind, "limit": self.limit, "lowest_wins": self.lowest_wins}


def match_rule(spec: VariantSpec, options: BaseModel) -> MatchRule:
    """The match rule of ``spec`` under ``options``: the variant's own
    (``VariantSpec.match_rule``) or the default (:meth:`MatchRule.default`).
    A variant whose hook fails or answers something else is a :class:`RummyError`."""
    hook = spec.match_rule
    if hook is None:
        return MatchRule.default(options)
    try:
        rule = hook(options)
    except RummyError:
        raise
    except Exception as e:  # a plugin's bug: one line naming it
        raise RummyError(f"variant {spec.name}: its match rule failed: {type(e).__name__}: {e}") from None
    if not isinstance(rule, MatchRule):
        raise RummyError(f"variant {spec.name}: its match rule is {type(rule).__name__}, not a MatchRule")
    return rule


class Match:
    """Rounds of one variant between ``n_seats`` seats until its match rule
    (``rule``, see :func:`match_rule`) ends the match. ``target`` is the target
    of a first-to rule in a variant whose round scores are never negative (what
    a search's match-equity model reads), else ``None``.

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
        self.rule = match_rule(spec, options)
        plain = self.rule.kind == "first_to" and not spec.negative_scores
        self.target: int | None = self.rule.limit if plain else None
        self.totals = [0] * n_seats
        self.bests = [0] * n_seats  # each seat's highest total so far (the safeguard)
        self.results: list[RoundResult] = []
        self.actions: list[Action] = []
        self.keep_history = True
        self.rounds_played = 0
        self.scoreless_rounds = 0  # rounds in a row in which no seat passed its best total
        self.moves = 0
        self.round_index = 0
        self.winner: int | None = None
        self.over = False
        self.stalled = False  # ended by the safeguard, not by the rule
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
        return checked_view(self.round.view(seat), self.variant.name, seat).with_scores(
            tuple(self.totals), self.view_options
        )

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

    def ending(self) -> str:
        """How the match ends, in words: the rule ("first to 500", "after 5
        deals, highest total wins"), or, once the safeguard ended it, that."""
        if self.stalled:
            return f"stopped: no total rose for {MAX_SCORELESS_ROUNDS} rounds"
        return self.rule.describe()

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
        risen = False
        for s, t in enumerate(self.totals):
            if t > self.bests[s]:
                self.bests[s], risen = t, True
        self.scoreless_rounds = 0 if risen else self.scoreless_rounds + 1
        ended = self.rule.over(self.totals, self.rounds_played)
        if ended or self.scoreless_rounds >= MAX_SCORELESS_ROUNDS:
            self.over = True
            self.stalled = not ended
            self.winner = self.rule.leader(self.totals)
            if self.stalled and max(self.totals) <= 0:
                self.winner = None  # no total above zero: no one won
            if self.on_match_end:
                self.on_match_end(self)
            return
        self.previous_round = self.round
        self.round_index += 1
        self.round = deal_round(self.variant, self.options, self.n_seats, self.round_index, self.rng)
