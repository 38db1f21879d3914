"""The variant-agnostic match loop: rounds until the variant's match rule ends it.

A variant's match rule (:class:`MatchRule`, from ``VariantSpec.match_rule``)
says when a match is over and who wins it, who deals each round and which seats
play it, and what the score sheet shows. The built-in rules: the first total to
reach a target (the default, for options with a ``target``), the lowest total
once a total reaches a limit (penalty points), or a fixed number of deals
(highest or lowest total wins), each for seats or for teams. With no rule and
no ``target`` option, one deal is played. A plugin writes its own rule as a
subclass (three games at once, bonuses at the end, elimination).

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

import copy
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from rummykit.core.base.errors import RummyError, contract_broken
from rummykit.core.engine.actions import Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.options import shown_value
from rummykit.core.engine.resample import deal_round
from rummykit.core.engine.round import Event, Round, RoundResult, View, options_mapping
from rummykit.core.plugins.registry import VariantSpec

T = TypeVar("T")


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
BUILT_IN_KINDS: tuple[str, ...] = ("first_to", "lowest_past", "deals")


def checked_view(view: object, variant: str, seat: int) -> View:
    """``view``, what a round of ``variant`` returned from ``view(seat)``, if it
    is a :class:`View`; else the variant broke the engine contract."""
    if view.__class__ is not View and not isinstance(view, View):
        raise contract_broken(variant, f"returned {type(view).__name__} from view({seat}), not a View")
    return view


@dataclass(frozen=True)
class Column:
    """One column of a match's score sheet (:meth:`MatchRule.columns`):
    ``values`` one per seat, or, when ``teams`` is set, one per team in the
    order of :attr:`MatchRule.teams`; ``None`` where a cell is empty (a seat
    out of a game). ``note`` says what the column is, for a key under it;
    ``{i}`` in it stands for seat ``i``'s name, as in ``RoundResult.text``."""

    title: str
    values: tuple[int | None, ...]
    teams: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", tuple(self.values))

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "values": list(self.values), "teams": self.teams, "note": self.note}


class MatchRule:
    """When a match ends, who wins it, who deals and who plays each round.

    The built-in rules are instances of this class, made with
    :meth:`first_to`, :meth:`lowest_past` or :meth:`deals`:

    * ``first_to``: once a total reaches ``limit`` (the target) the highest
      total wins; equal highest totals play another deal.
    * ``lowest_past``: once a total reaches ``limit`` the lowest total wins;
      equal lowest totals play another deal.
    * ``deals``: after ``limit`` deals the highest total wins (the lowest with
      ``lowest_wins``); equal best totals: nobody wins.

    With ``teams`` (tuples of seats) the totals that decide are the teams'
    (the sums of their seats' totals) and a team wins.

    **Writing a rule.** A plugin subclasses it and overrides what differs; the
    match (:class:`Match`) works on its own copy of the rule and calls, in
    order: :meth:`start` once; then before each deal :meth:`context` (which
    reads :attr:`dealer`, :meth:`seats_in_play`, :attr:`teams`,
    :meth:`scores` and :meth:`facts`); after each round :meth:`record`
    (which adds the points and asks :meth:`next_dealer`); then
    :meth:`is_over`, and once it is, :meth:`winners` and :meth:`ranking`.
    :meth:`columns` is the score sheet people see and :meth:`state` what a
    record keeps (plain JSON). A subclass keeps its own state in attributes
    it sets in :meth:`start` (never in ``__init__``: one rule object may start
    many matches) and adds it to :meth:`state`. ``kind`` names the rule in
    records; :meth:`to_json` (the rule's settings, not its state) is how a
    record says which rule a game was played under, and two rules are equal
    when their types and settings are.
    """

    kind: str
    limit: int
    lowest_wins: bool
    teams: tuple[tuple[int, ...], ...]

    # the state of one match, set by start()
    n_seats: int
    totals: list[int]
    rounds: int
    dealer: int | None
    out: list[int]
    hands_won: list[int]

    def __init__(
        self,
        kind: str = "first_to",
        limit: int = 100,
        lowest_wins: bool = False,
        *,
        teams: Sequence[Sequence[int]] = (),
    ) -> None:
        if not isinstance(kind, str) or not kind:
            raise RummyError(f"unknown match rule {kind!r}")
        if type(self) is MatchRule and kind not in BUILT_IN_KINDS:
            raise RummyError(f"unknown match rule {kind!r}")
        top = MAX_DEALS if kind == "deals" else MAX_LIMIT
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= top:
            raise RummyError(f"match rule {kind}: {limit!r} is not a whole number from 1 to {top}")
        if kind == "lowest_past":
            lowest_wins = True
        elif kind == "first_to":
            lowest_wins = False
        self.kind = kind
        self.limit = limit
        self.lowest_wins = bool(lowest_wins)
        self.teams = tuple(tuple(t) for t in teams)
        seats = [s for t in self.teams for s in t]
        if len(seats) != len(set(seats)) or any(isinstance(s, bool) or not isinstance(s, int) for s in seats):
            raise RummyError(f"match rule {kind}: teams {self.teams!r} must name each seat once")

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

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MatchRule):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((type(self), self.kind, self.limit, self.lowest_wins))

    def __repr__(self) -> str:
        extra = f", teams={self.teams!r}" if self.teams else ""
        return f"{type(self).__name__}({self.kind!r}, {self.limit!r}, {self.lowest_wins!r}{extra})"

    # -- the totals rules, as functions of the totals --------------------------

    def over(self, totals: Sequence[int], deals: int) -> bool:
        """Whether the built-in rule ends the match with these totals (one per
        seat, or per team) after ``deals`` deals."""
        if self.kind == "deals":
            return deals >= self.limit
        if max(totals) < self.limit:
            return False
        return self.leader(totals) is not None  # a tie for first: another deal

    def leader(self, totals: Sequence[int]) -> int | None:
        """The index first by this rule's ranking (highest or lowest total),
        or ``None`` when several share first place."""
        best = min(totals) if self.lowest_wins else max(totals)
        return list(totals).index(best) if list(totals).count(best) == 1 else None

    # -- a match under the rule (Match calls these on its own copy) ---------------

    def start(self, n_seats: int, rng: random.Random) -> None:
        """A new match between ``n_seats`` seats: the state set afresh.
        ``rng`` is the match's generator, before the first deal: a rule that
        draws the first dealer by lot draws from it (the built-in rules do
        not touch it, so their deals stay as they were)."""
        if self.teams and sorted(s for t in self.teams for s in t) != list(range(n_seats)):
            raise RummyError(f"match rule {self.kind}: teams {self.teams!r} do not seat {n_seats} players")
        self.n_seats = n_seats
        self.totals = [0] * n_seats
        self.rounds = 0
        self.out = []
        self.hands_won = [0] * n_seats
        self.dealer = self.first_dealer(n_seats, rng)

    def first_dealer(self, n_seats: int, rng: random.Random) -> int | None:
        """The dealer of the first round; ``None`` (the built-in rules): the
        variant decides who starts."""
        return None

    def seats_in_play(self) -> tuple[int, ...]:
        """The seats that play the next round, in their order of play: every
        seat not :attr:`out`, starting left of the dealer (after it in seat
        order) when there is one."""
        seats = [s for s in range(self.n_seats) if s not in self.out]
        if self.dealer is not None:
            seats.sort(key=lambda s: (s - self.dealer - 1) % self.n_seats)  # type: ignore[operator]
        return tuple(seats)

    def scores(self) -> tuple[int, ...]:
        """Each seat's total as views show it (``View.scores``)."""
        return tuple(self.totals)

    def facts(self) -> Mapping[str, Any]:
        """What else of the match is public to every seat (plain JSON values),
        in ``MatchContext.facts``: nothing for the built-in rules."""
        return {}

    def context(self, round_index: int) -> MatchContext:
        """The next round's place in the match."""
        return MatchContext(
            round_index,
            self.n_seats,
            self.dealer,
            self.seats_in_play(),
            self.teams,
            self.scores(),
            tuple(self.out),
            self.facts(),
        )

    def record(self, result: RoundResult, context: MatchContext) -> None:
        """After a round: its points added to the totals, its winner's hands
        won counted, the next dealer chosen (:meth:`next_dealer`)."""
        for s, p in enumerate(result.points):
            self.totals[s] += p
        self.rounds += 1
        if result.winner is not None and 0 <= result.winner < self.n_seats:
            self.hands_won[result.winner] += 1
        self.dealer = self.next_dealer(result, context)

    def next_dealer(self, result: RoundResult, context: MatchContext) -> int | None:
        """The dealer of the round after the one that gave ``result`` (the
        totals already count it); ``None`` (the built-in rules): the variant decides."""
        return None

    def race_target(self) -> int | None:
        """The total every seat races to, when the first seat to reach it wins
        and a seat's total is the sum of its round points (what a search's
        match-equity model reads: ``Match.target``); ``None`` otherwise. The
        built-in ``first_to`` without teams: its limit."""
        return self.limit if self.kind == "first_to" and not self.teams else None

    def team_totals(self) -> list[int]:
        """Each team's total: the sum of its seats' totals."""
        return [sum(self.totals[s] for s in team) for team in self.teams]

    def deciding_totals(self) -> list[int]:
        """The totals the rule decides by: the teams' with teams, else the seats'."""
        return self.team_totals() if self.teams else list(self.totals)

    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.over(self.deciding_totals(), self.rounds)

    def winners(self) -> tuple[int, ...]:
        """The seats that won (a team's seats), ``()`` for nobody. Asked once
        the match is over, or when the engine's safeguard stops it."""
        lead = self.leader(self.deciding_totals())
        if lead is None:
            return ()
        return self.teams[lead] if self.teams else (lead,)

    def winning_team(self) -> int | None:
        """The index in :attr:`teams` of the team that won, or ``None``."""
        won = set(self.winners())
        for i, team in enumerate(self.teams):
            if won and won == set(team):
                return i
        return None

    def ranking(self) -> tuple[int, ...]:
        """Every seat, best first: by the deciding totals (a team's seats
        together), equal totals in seat order; the winners first."""
        sign = 1 if self.lowest_wins else -1
        if self.teams:
            totals = self.team_totals()
            order = sorted(range(len(self.teams)), key=lambda t: (sign * totals[t], t))
            seats = [s for t in order for s in self.teams[t]]
        else:
            seats = sorted(range(self.n_seats), key=lambda s: (sign * self.totals[s], s))
        won = self.winners()
        return (*won, *(s for s in seats if s not in won))

    def columns(self) -> tuple[Column, ...]:
        """The score sheet: each seat's total, and each team's with teams."""
        cols = [Column("Total", tuple(self.totals))]
        if self.teams:
            cols.append(Column("Team", tuple(self.team_totals()), teams=True))
        return tuple(cols)

    def state(self) -> dict[str, Any]:
        """The match's state under this rule as a record keeps it (plain JSON).
        A subclass adds its own keys to ``super().state()``."""
        return {
            "totals": list(self.totals),
            "rounds": self.rounds,
            "dealer": self.dealer,
            "out": list(self.out),
            "hands_won": list(self.hands_won),
        }

    # -- in words ------------------------------------------------------------

    def describe(self) -> str:
        """The rule in words: "first to 500", "after 5 deals, lowest total wins"."""
        teams = " (team totals)" if self.teams else ""
        if self.kind == "first_to":
            return f"first to {self.limit}{teams}"
        if self.kind == "lowest_past":
            return f"lowest total wins once a total reaches {self.limit}{teams}"
        if self.kind == "deals":
            deals = "one deal" if self.limit == 1 else f"{self.limit} deals"
            return f"after {deals}, {'lowest' if self.lowest_wins else 'highest'} total wins{teams}"
        return f"{self.kind.replace('_', ' ')} {self.limit}{teams}"

    def short(self) -> str:
        """The rule in a few words, for headers: "to 500", "5 deals", "lowest at 100"."""
        if self.kind == "first_to":
            return f"to {self.limit}"
        if self.kind == "lowest_past":
            return f"lowest at {self.limit}"
        if self.kind == "deals":
            deals = "1 deal" if self.limit == 1 else f"{self.limit} deals"
            return deals + (", lowest wins" if self.lowest_wins else "")
        return f"{self.kind.replace('_', ' ')} {self.limit}"

    def to_json(self) -> dict[str, Any]:
        """The rule (its settings, not a match's state) as a record keeps it:
        ``rule``, ``limit``, ``lowest_wins``, and ``teams`` when there are
        teams. A subclass with settings of its own adds them under ``params``."""
        data: dict[str, Any] = {"rule": self.kind, "limit": self.limit, "lowest_wins": self.lowest_wins}
        if self.teams:
            data["teams"] = [list(t) for t in self.teams]
        return data


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
    return copy.deepcopy(rule)  # a match changes its rule's state: never a rule another holds


class Match:
    """Rounds of one variant between ``n_seats`` seats until its match rule
    (``rule``, see :func:`match_rule`; the match works on its own copy) ends
    the match. Each round is dealt with its place in the match
    (:class:`~rummykit.core.engine.context.MatchContext`: ``round.match``,
    ``view.match``). ``target`` is the target of a first-to rule in a variant
    whose round scores are never negative (what a search's match-equity model
    reads: :meth:`MatchRule.race_target`), else ``None``.

    ``totals`` are each seat's sums of its round points; ``winners`` the seats
    that won (a team's seats), ``winner`` the first of them (the one seat
    that won, without teams), ``winning_team`` the team's index.

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
        race = None if spec.negative_scores else ruled(spec, self.rule, self.rule.race_target)
        self.target: int | None = race
        self.totals = [0] * n_seats
        self.bests = [0] * n_seats  # each seat's highest total so far (the safeguard)
        self.results: list[RoundResult] = []
        self.actions: list[Action] = []
        self.keep_history = True
        self.rounds_played = 0
        self.scoreless_rounds = 0  # rounds in a row in which no seat passed its best total
        self.moves = 0
        self.round_index = 0
        self.winners: tuple[int, ...] = ()
        self.winner: int | None = None
        self.winning_team: int | None = None
        self.over = False
        self.stalled = False  # ended by the safeguard, not by the rule
        self.previous_round: Round | None = None
        self.on_round_end = on_round_end
        self.on_match_end = on_match_end
        started(spec, self.rule, n_seats, self.rng)
        self.context = ruled(spec, self.rule, self.rule.context, 0)
        self.round: Round = deal_round(spec, options, n_seats, 0, self.rng, self.context)

    # -- the contract, lifted to the match -----------------------------------

    def to_act(self) -> int | None:
        return None if self.over else self.round.to_act()

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.over else self.round.legal_actions()

    def view(self, seat: int) -> View:
        return checked_view(self.round.view(seat), self.variant.name, seat).with_scores(
            tuple(self.totals), self.view_options, self.context
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

    def columns(self) -> tuple[Column, ...]:
        """The score sheet now (:meth:`MatchRule.columns`)."""
        return ruled(self.variant, self.rule, self.rule.columns)

    def ranking(self) -> tuple[int, ...]:
        """Every seat, best first (:meth:`MatchRule.ranking`)."""
        return ruled(self.variant, self.rule, self.rule.ranking)

    def state(self) -> dict[str, Any]:
        """The match rule's state now, as a record keeps it (:meth:`MatchRule.state`)."""
        return ruled(self.variant, self.rule, self.rule.state)

    # -- rounds ----------------------------------------------------------------

    def _end_round(self, result: RoundResult) -> None:
        for s, p in enumerate(result.points):
            self.totals[s] += p
        self.rounds_played += 1
        if self.keep_history:
            self.results.append(result)
        else:
            self.results[:] = [result]
        rule, spec = self.rule, self.variant
        ruled(spec, rule, rule.record, result, self.context)
        if self.on_round_end:
            self.on_round_end(self, result)
        risen = False
        for s, t in enumerate(self.totals):
            if t > self.bests[s]:
                self.bests[s], risen = t, True
        self.scoreless_rounds = 0 if risen else self.scoreless_rounds + 1
        ended = bool(ruled(spec, rule, rule.is_over))
        if ended or self.scoreless_rounds >= MAX_SCORELESS_ROUNDS:
            self.over = True
            self.stalled = not ended
            winners = tuple(ruled(spec, rule, rule.winners))
            if self.stalled and max(self.totals) <= 0:
                winners = ()  # no total above zero: no one won
            self.winners = winners
            self.winner = winners[0] if winners else None
            self.winning_team = ruled(spec, rule, rule.winning_team) if winners else None
            if self.on_match_end:
                self.on_match_end(self)
            return
        self.previous_round = self.round
        self.round_index += 1
        self.context = ruled(spec, rule, rule.context, self.round_index)
        self.round = deal_round(spec, self.options, self.n_seats, self.round_index, self.rng, self.context)


def started(spec: VariantSpec, rule: MatchRule, n_seats: int, rng: random.Random) -> None:
    """``rule.start(n_seats, rng)``; a plugin's failure is one line naming the variant."""
    ruled(spec, rule, rule.start, n_seats, rng)


def ruled(spec: VariantSpec, rule: MatchRule, method: Callable[..., T], *args: Any) -> T:
    """``method(*args)``, a method of a variant's match rule: a
    :class:`RummyError` passes as it is; any other exception (a plugin's bug)
    becomes one line naming the variant and the method."""
    try:
        return method(*args)
    except RummyError:
        raise
    except Exception as e:
        name = getattr(method, "__name__", "a method")
        raise RummyError(
            f"variant {spec.name}: its match rule ({type(rule).__name__}) failed in {name}: "
            f"{type(e).__name__}: {e}"
        ) from None


def first_context(spec: VariantSpec, options: BaseModel, n_seats: int, rng: random.Random) -> MatchContext:
    """The :class:`MatchContext` of the first round of a match of ``spec``
    whose generator is ``rng``: a fresh copy of the variant's rule started
    with ``rng`` (a first dealer by lot is drawn from it, as :class:`Match`
    draws it), then its context for round 0. What a single round played
    outside a match (``rummy simulate --rounds``, an environment's round
    episode) is dealt with."""
    rule = match_rule(spec, options)
    started(spec, rule, n_seats, rng)
    return ruled(spec, rule, rule.context, 0)
