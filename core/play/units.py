"""What a simulation run plays, wherever it plays it: the run (:class:`SimConfig`),
its units dealt and seated (:func:`unit_seed`, :func:`positions`), played by a
:class:`Player` through the game loop in chunks (:func:`chunks`), and tallied
(:class:`Tally`, merged in unit order by a :class:`Merger`).

:mod:`rummykit.core.play.simulate` (the run, the local backend) and
:mod:`rummykit.core.play.simulate_ray` (the Ray backend) both build on this
module; it imports neither. See :mod:`rummykit.core.play.simulate` for what a
run plays and why.
"""

from __future__ import annotations

import random
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rummykit.core.base.errors import RummyError
from rummykit.core.bots.agents import agent_seed, observers, tell_observers
from rummykit.core.bots.guard import DEFAULT_MOVE_TIMEOUT, MoveClock, SafeAgent, Who, check_timeout
from rummykit.core.engine.loop import LIMIT, Loop, blame_variant
from rummykit.core.engine.options import build_options
from rummykit.core.engine.resample import deal_round
from rummykit.core.play.match import Match, first_context, match_rule

if TYPE_CHECKING:
    from rummykit.core.engine.round import Event, Round, RoundResult, View
    from rummykit.core.play.match import Match
    from rummykit.core.plugins.registry import Registry

#: A match still running after this many rounds is stopped and counted as a draw
#: (a safeguard for bots that never score, e.g. two ``random`` seats in a long game).
MAX_ROUNDS_PER_MATCH = 1000
#: A round still running after this many actions is an error in the variant or a bot.
MAX_ACTIONS_PER_ROUND = 100_000

_MASK64 = (1 << 64) - 1


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _mix(*parts: int) -> int:
    x = 0x5EED
    for p in parts:
        x = _splitmix(x ^ (p & _MASK64))
    return x


def unit_seed(seed: int, index: int, n_entrants: int) -> int:
    """The deal seed of unit ``index``: the same for the ``n_entrants`` units of a
    block (duplicate deals), a different one for every block."""
    return _mix(seed, index // max(1, n_entrants)) >> 1


def unit_agent_seed(deal_seed: int, index: int, pos: int) -> int:
    """The seed of the computer player at table position ``pos`` in unit
    ``index`` (dealt from ``deal_seed``): different in each unit of a block of
    duplicate deals."""
    return agent_seed(deal_seed ^ (index * 0x9E3779B1 & 0xFFFFFFFF), pos)


def team_shifts(n: int, teams: Sequence[Sequence[int]] = ()) -> tuple[int, ...]:
    """The rotations a run uses: each shift ``k`` seats entrant ``e`` at table
    position ``(e + k) % n``. Every shift without teams; with teams (tuples of
    seats), the shifts that take every team onto a team, so partners stay
    partners (teams (0, 2) and (1, 3): every shift; (0, 1) and (2, 3): 0 and 2)."""
    if not teams:
        return tuple(range(n))
    sets = {frozenset(t) for t in teams}
    return tuple(k for k in range(n) if all(frozenset((s + k) % n for s in t) in sets for t in teams))


def positions(index: int, n: int, shifts: Sequence[int] | None = None) -> list[int]:
    """``positions(i, n)[p]`` is the entrant sitting at table position ``p`` in unit ``i``:
    entrant ``e`` sits at ``(e + k) % n``, ``k`` the unit's shift, ``i`` itself
    or, given ``shifts`` (:func:`team_shifts`), ``shifts[i % len(shifts)]``."""
    k = index if shifts is None else shifts[index % len(shifts)]
    return [(p - k) % n for p in range(n)]


@dataclass(frozen=True)
class SimConfig:
    """What to play. ``options`` are the variant options as a plain dict (validated
    by the caller; rebuilt in each worker). ``move_timeout``: the seconds a bot
    may take over one move."""

    variant: str
    seats: tuple[str, ...]
    units: int
    mode: str = "matches"  # or "rounds"
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    move_timeout: float = DEFAULT_MOVE_TIMEOUT

    def __post_init__(self) -> None:
        if self.mode not in ("matches", "rounds"):
            raise ValueError(f"mode must be 'matches' or 'rounds', not {self.mode!r}")
        check_timeout(self.move_timeout)


@dataclass
class Tally:
    """Sums over some units (mergeable, order-independent). ``wins`` per
    entrant (a team's win is each of its entrants'); ``team_wins`` per team
    of entrants (``n_teams`` of them: the match rule's teams, as entrants
    seated at shift 0 hold them)."""

    n: int
    units: int = 0
    rounds: int = 0
    draws: int = 0
    wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    counts: list[dict[str, int]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)  # final match totals, summed
    stalled: int = 0  # matches ended by the safeguard, not by the match rule
    n_teams: int = 0
    team_wins: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.n
            self.points = [0] * self.n
            self.counts = [{} for _ in range(self.n)]
        if not self.totals:
            self.totals = [0] * self.n
        if not self.team_wins:
            self.team_wins = [0] * self.n_teams

    def merge(self, other: Tally) -> None:
        self.units += other.units
        self.rounds += other.rounds
        self.draws += other.draws
        self.stalled += other.stalled
        for i in range(self.n_teams):
            self.team_wins[i] += other.team_wins[i]
        for e in range(self.n):
            self.wins[e] += other.wins[e]
            self.points[e] += other.points[e]
            self.totals[e] += other.totals[e]
            mine = self.counts[e]
            for k, v in other.counts[e].items():
                mine[k] = mine.get(k, 0) + v


class Player:
    """What a worker needs to play units: the variant, options and agent factories."""

    def __init__(self, registry: Registry, config: SimConfig) -> None:
        self.config = config
        self.spec = registry.variant(config.variant)
        self.options = build_options(self.spec.options_model, config.options, self.spec.name)
        self.agent_specs = [registry.agent(self.spec.name, s) for s in config.seats]
        self.n = len(config.seats)
        self.clock = MoveClock(config.move_timeout)
        # The teams of the match rule (tuples of seats), if it has any; a rule
        # whose teams do not seat this many entrants is refused by the match.
        self.teams = match_rule(self.spec, self.options).teams
        self.shifts = team_shifts(self.n, self.teams)

    def seating(self, index: int) -> list[int]:
        """The entrant at each table position in unit ``index`` (:func:`positions`)."""
        return positions(index, self.n, self.shifts)

    def tally(self) -> Tally:
        """An empty tally of this run's entrants and teams."""
        return Tally(self.n, n_teams=len(self.teams))

    def credit_win(self, t: Tally, winners: Sequence[int], seat_of: list[int]) -> None:
        """A unit won by the table positions ``winners`` (a seat, or a team's
        seats): a win for each of their entrants, and for their team of entrants."""
        won = {seat_of[pos] for pos in winners}
        for e in won:
            t.wins[e] += 1
        for k, team in enumerate(self.teams):
            if set(team) == won or (len(won) == 1 and won <= set(team)):
                t.team_wins[k] += 1
                break

    def agents(self, index: int, deal_seed: int, seat_of: list[int]) -> list[SafeAgent]:
        """The guarded computer players of unit ``index`` (dealt from
        ``deal_seed``), by table position: entrant ``seat_of[pos]`` at ``pos``."""
        unit = "match" if self.config.mode == "matches" else "round"
        where = f"{unit} {index + 1} of --seed {self.config.seed}"
        agents: list[Any] = [None] * self.n
        for pos, e in enumerate(seat_of):
            seed = unit_agent_seed(deal_seed, index, pos)
            spec = self.agent_specs[e]
            who = Who(spec.name, spec.plugin, pos, deal_seed, where)
            agents[pos] = SafeAgent(who, spec.factory, seed, self.options, self.clock)
        return agents

    def play(self, start: int, stop: int) -> Tally:
        """Units ``start`` to ``stop`` (one chunk), tallied."""
        t = self.tally()
        with self.clock.running():
            for i in range(start, stop):
                if self.config.mode == "rounds":
                    self.play_round(i, t)
                else:
                    self.play_match(i, t)
                t.units += 1
        return t

    def credit(self, t: Tally, result: RoundResult, seat_of: list[int]) -> None:
        """Tally a round's ``result`` into ``t``: its points, and its counts to
        its winner (to every entrant when nobody won)."""
        t.rounds += 1
        for pos, p in enumerate(result.points):
            t.points[seat_of[pos]] += p
        if result.winner is None:
            credited = seat_of
        else:
            credited = [seat_of[result.winner]]
            c = t.counts[seat_of[result.winner]]
            c["rounds_won"] = c.get("rounds_won", 0) + 1
        for e in credited:
            c = t.counts[e]
            for k, v in result.counts.items():
                c[k] = c.get(k, 0) + v

    def play_round(self, i: int, t: Tally) -> None:
        """Play unit ``i`` as a single round, tallied into ``t``."""
        seed = unit_seed(self.config.seed, i, self.n)
        seat_of = self.seating(i)
        agents = self.agents(i, seed, seat_of)
        rng = random.Random(seed)
        rnd = deal_round(
            self.spec, self.options, self.n, 0, rng, first_context(self.spec, self.options, self.n, rng)
        )

        def credit(result: RoundResult) -> None:
            self.credit(t, result, seat_of)
            if result.winner is None:
                t.draws += 1
            else:  # a round is won by a seat: its entrant's win, and its team's
                self.credit_win(t, (result.winner,), seat_of)

        play_out(rnd, rnd, agents, rnd.view, on_end=credit)

    def play_match(self, i: int, t: Tally) -> None:
        """Play unit ``i`` as a match (at most :data:`MAX_ROUNDS_PER_MATCH`
        rounds), tallied into ``t``."""
        seed = unit_seed(self.config.seed, i, self.n)
        seat_of = self.seating(i)
        agents = self.agents(i, seed, seat_of)
        match = Match(self.spec, self.options, self.n, seed)
        match.keep_history = False
        credit = self.credit
        match.on_round_end = lambda m, result: credit(t, result, seat_of)
        while not match.over:
            if match.round_index >= MAX_ROUNDS_PER_MATCH:
                break
            play_out(match, match.round, agents, match.view)
        for pos, total in enumerate(match.totals):
            t.totals[seat_of[pos]] += total
        if match.over and match.winners:
            self.credit_win(t, match.winners, seat_of)
        else:
            t.draws += 1
        if not match.over or match.stalled:
            t.stalled += 1


def play_out(
    game: Round | Match,
    rnd: Round,
    agents: Sequence[SafeAgent],
    view: Callable[[int], View],
    on_end: Callable[[RoundResult], None] | None = None,
) -> None:
    """Play the round ``rnd`` of ``game`` (``rnd`` itself, or a match's
    current round) to its end through the game loop
    (:class:`~rummykit.core.engine.loop.Loop`), every seat's move its agent's.

    ``on_end(result)`` is called as soon as the round ends, before any bot is
    told (a Match calls its own ``on_round_end`` within ``apply``). Agents that
    override ``observe`` are told every event as their seat sees it
    (:func:`rummykit.core.bots.agents.tell_observers`, as ``rummy play`` does).
    A move the variant refuses is its fault; a round longer than
    :data:`MAX_ACTIONS_PER_ROUND` actions is an error.
    """
    watchers = observers(agents)
    tell: Callable[[Event], None] | None = None
    if watchers:

        def tell(event: Event) -> None:
            tell_observers(agents, watchers, event, view)

    loop = Loop(
        game,
        lambda seat: agents[seat].act(view(seat), game),
        refused=blame_variant(rnd.variant),
        on_event=tell,
    )
    if loop.run(rnd, MAX_ACTIONS_PER_ROUND, on_end) == LIMIT:
        raise RummyError(f"a round did not end within {MAX_ACTIONS_PER_ROUND} actions")


class Merger:
    """Merges chunk tallies into ``total`` in unit order and reports progress.
    A merge is never cut in half by a signal: Ctrl-C, SIGTERM or SIGHUP waits
    for its end."""

    def __init__(self, total: Tally, progress: Callable[[int, Tally], None] | None) -> None:
        self.total = total
        self.progress = progress

    def __call__(self, tally: Tally) -> None:
        with _deferred_interrupt():
            self.total.merge(tally)
        if self.progress:
            self.progress(self.total.units, self.total)


#: The signals a merge defers (SIGHUP: not on Windows).
_DEFERRED = tuple(
    s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP")) if s is not None
)


class _deferred_interrupt:
    """``with _deferred_interrupt():`` Ctrl-C, SIGTERM or SIGHUP inside, when a
    Python function handles it (rummy's, or Python's own for Ctrl-C), waits for
    the end of the block; that function then runs."""

    def __enter__(self) -> None:
        self.old: dict[int, Any] = {}
        self.hit: tuple[int, Any] | None = None
        if threading.current_thread() is threading.main_thread():
            for sig in _DEFERRED:
                handler = signal.getsignal(sig)
                if callable(handler):
                    self.old[sig] = signal.signal(sig, self._hit)

    def _hit(self, signum: int, frame: object) -> None:
        if self.hit is None:
            self.hit = (signum, frame)

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self.old.items():
            signal.signal(sig, handler)
        if self.hit is not None:
            signum, frame = self.hit
            self.old[signum](signum, frame)


def default_chunk_size(config: SimConfig, workers: int) -> int:
    """The units in a chunk when ``--chunk-size`` is not given.

    Matches are long (5-10 rounds): small chunks keep the workers busy to the
    end. Rounds are short: each chunk costs the parent about a millisecond of
    CPU (taken from the workers on a busy machine), and the last chunk leaves
    a worker idle; ~16 chunks per worker balances the two (~8 for matches)."""
    if config.mode == "matches":
        return max(1, min(16, config.units // (workers * 8) or 1))
    return max(1, min(200, config.units // (workers * 16) or 1))


def chunks(units: int, size: int) -> Iterator[tuple[int, int]]:
    """The bounds ``(start, stop)`` of the chunks of ``units`` units, ``size`` at most each."""
    for start in range(0, units, size):
        yield (start, min(units, start + size))
