"""Bots against bots, by the thousand: the variant-agnostic engine of ``rummy simulate``.

What is played
--------------
``units`` matches (or, with ``mode="rounds"``, single rounds) between the
*entrants* (one agent name per seat, in the order given). Unit ``i``:

* **Seats rotate.** Entrant ``e`` sits at table position ``(e + i) % n``. With
  two seats that swaps the seats every unit (every match, or every round with
  ``mode="rounds"``), so neither bot gains from moving first; with 3-4 seats every
  entrant takes every position once in each block of ``n`` units.
* **Duplicate deals.** The deal seed of unit ``i`` is derived from the run seed
  and the *block* ``i // n``: the ``n`` units of a block deal the same cards
  (round after round, since a match's generator only shuffles) with the entrants
  rotated, so each entrant plays each hand. That removes most of the luck of the
  deal from the comparison. Bots get their own seeds from the deal seed and their
  table position (:func:`rummykit.core.bots.agents.agent_seed`) mixed with ``i``.

Bots are called through :class:`rummykit.core.bots.guard.SafeAgent`: one that
raises, returns anything but a legal action, or thinks longer than
``move_timeout`` seconds ends the run with an
:class:`~rummykit.core.base.errors.AgentError` naming it, its plugin, its seat, the
match number and the match seed (from a worker process too). A round's result
is tallied as soon as the round ends, before any bot is told of it.

Everything is a pure function of ``(seed, i)``, so results are identical for any
number of worker processes and any backend: workers play chunks of consecutive
units and return small tallies (sums), which are merged in unit order. Nothing
per unit is kept, and only a bounded number of chunks is in flight, so memory
stays flat however many units are played.

What a run plays (its units, their seeds and seats, the :class:`Player` that
plays them through the game loop, the tallies) is in :mod:`rummykit.core.play.units`;
this module runs it. Where chunks are played is a :class:`Backend`: :class:`LocalBackend` (this
process, or a pool of worker processes) or ``RayBackend``
(:mod:`rummykit.core.play.simulate_ray`: Ray tasks on a local Ray or a cluster).
Interrupted (Ctrl-C), a run returns the units merged so far, marked partial:
the figures of a partial run of ``k`` units are those of a whole run of ``k``
units with the same seed.
SIGTERM or SIGHUP stop the worker processes, then end this process by that
signal (:func:`_signals_handled`); inside ``with RunStops():`` they stop the
run as Ctrl-C does instead (:class:`RunStops`).

**Teams.** Under a match rule with teams the rotation keeps partners
together: the shifts used are those that take every team onto a team
(:func:`~rummykit.core.play.units.team_shifts`; teams (0, 2) and (1, 3) allow
every shift, so the rotation is the one above; teams (0, 1) and (2, 3) only 0
and 2). The entrants at the rule's team seats (as given, at shift 0) stay
partners in every unit. A match won by a team is a win for each of its
entrants and for that team of entrants (``team_wins``); with
``mode="rounds"`` a round is won by one seat: a win for its entrant and its team.

Tallies per entrant: units won (matches, or rounds with ``mode="rounds"``),
points scored (a round's points may be negative where the variant says so),
the matches' final totals, and counts. Matches ended by the match loop's
safeguard rather than by the variant's match rule are counted (``stalled``).
A round's ``RoundResult.counts`` are credited to its winner (to every seat
when it has no winner, such as a Gin draw); a ``rounds_won`` count is added
for every variant.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rummykit.core.base.errors import AgentError, RummyError
from rummykit.core.bots.guard import from_signal, interrupt
from rummykit.core.play.match import match_rule
from rummykit.core.play.units import (
    MAX_ACTIONS_PER_ROUND,
    MAX_ROUNDS_PER_MATCH,
    Merger,
    Player,
    SimConfig,
    Tally,
    chunks,
    default_chunk_size,
    positions,
    team_shifts,
    unit_agent_seed,
    unit_seed,
)
from rummykit.core.plugins.manager import get_plugins

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from rummykit.core.plugins.registry import Registry

__all__ = [
    "BACKENDS",
    "MAX_ACTIONS_PER_ROUND",
    "MAX_CHUNK",
    "MAX_MATCHES",
    "MAX_ROUNDS",
    "MAX_ROUNDS_PER_MATCH",
    "MAX_WORKERS",
    "WORKERS_PER_CPU",
    "Backend",
    "LocalBackend",
    "Merger",
    "Player",
    "RunStops",
    "SimConfig",
    "SimResult",
    "Stopped",
    "Tally",
    "backend_named",
    "chunks",
    "default_chunk_size",
    "positions",
    "simulate",
    "team_shifts",
    "unit_agent_seed",
    "unit_seed",
    "wilson",
]

#: The most matches (``--matches``) and single rounds (``--rounds``) one run may play.
MAX_MATCHES = 1_000_000
MAX_ROUNDS = 10_000_000
#: The most worker processes: this many, and at most WORKERS_PER_CPU per CPU core.
MAX_WORKERS = 64
WORKERS_PER_CPU = 4
#: The most units (matches or rounds) in one chunk (``--chunk-size``).
MAX_CHUNK = 10_000
#: The backends ``rummy simulate --backend`` knows.
BACKENDS = ("local", "ray")


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def max_workers() -> int:
    """The most worker processes allowed on this machine."""
    return max(1, min(MAX_WORKERS, WORKERS_PER_CPU * (os.cpu_count() or 1)))


@dataclass
class SimResult:
    """The merged tallies of a run. ``seconds``: the playing only (a backend's
    start-up is ``startup_seconds``); ``workers``: the worker processes or CPUs
    that played; ``where``: how the backend describes them (``"2 workers"``);
    ``partial``: interrupted, the figures are those of ``tally.units`` units;
    ``backend``: the backend's name."""

    config: SimConfig
    tally: Tally
    seconds: float
    workers: int
    startup_seconds: float = 0.0
    where: str = ""
    partial: bool = False
    backend: str = "local"
    rule: str = ""  # the variant's match rule in words (MatchRule.describe)
    teams: tuple[tuple[int, ...], ...] = ()  # the rule's teams, as entrants (their --seat indices)

    @property
    def rounds_per_second(self) -> float:
        return self.tally.rounds / self.seconds if self.seconds > 0 else 0.0

    def count_keys(self) -> list[str]:
        """Every count key seen, ``rounds_won`` first, then in order of first appearance."""
        keys = ["rounds_won"]
        for c in self.tally.counts:
            for k in c:
                if k not in keys:
                    keys.append(k)
        return keys

    def entrants(self) -> list[dict[str, Any]]:
        t = self.tally
        keys = self.count_keys()
        out = []
        for e, name in enumerate(self.config.seats):
            lo, hi = wilson(t.wins[e], t.units)
            out.append(
                {
                    "agent": name,
                    "matches_won": t.wins[e] if self.config.mode == "matches" else 0,
                    "win_rate": round(t.wins[e] / t.units, 4) if t.units else 0.0,
                    "ci95": [round(lo, 4), round(hi, 4)],
                    "points_per_round": round(t.points[e] / t.rounds, 3) if t.rounds else 0.0,
                    "total_per_match": round(t.totals[e] / t.units, 3)
                    if t.units and self.config.mode == "matches"
                    else 0.0,
                    "counts": {k: t.counts[e].get(k, 0) for k in keys},
                }
            )
        return out

    def team_entries(self) -> list[dict[str, Any]]:
        """Per team of entrants (the match rule's teams; none without): its
        entrants (``seats``, their indices in the order given, and ``agents``),
        matches won (0 with ``mode="rounds"``), the rounds its entrants won,
        win rate (of the units) with its 95% Wilson interval, and the mean of its
        final team total."""
        t = self.tally
        out = []
        for k, team in enumerate(self.teams):
            wins = t.team_wins[k] if k < len(t.team_wins) else 0
            lo, hi = wilson(wins, t.units)
            matches = self.config.mode == "matches"
            out.append(
                {
                    "seats": list(team),
                    "agents": [self.config.seats[e] for e in team],
                    "matches_won": wins if matches else 0,
                    "rounds_won": sum(t.counts[e].get("rounds_won", 0) for e in team),
                    "win_rate": round(wins / t.units, 4) if t.units else 0.0,
                    "ci95": [round(lo, 4), round(hi, 4)],
                    "total_per_match": round(sum(t.totals[e] for e in team) / t.units, 3)
                    if t.units and matches
                    else 0.0,
                }
            )
        return out

    def to_json(self) -> dict[str, Any]:
        """The object ``rummy simulate --json`` prints."""
        c = self.config
        data: dict[str, Any] = {
            "variant": c.variant,
            "matches": self.tally.units if c.mode == "matches" else 0,
            "rounds": self.tally.rounds,
            "seed": c.seed,
            "entrants": self.entrants(),
            "draws": self.tally.draws,
            "rounds_per_second": round(self.rounds_per_second, 1),
        }
        if c.mode == "matches":
            data["match_rule"] = self.rule
            data["stalled"] = self.tally.stalled
        if self.teams:
            data["teams"] = self.team_entries()
        if self.partial:
            data["partial"] = True
        return data


# -- backends ----------------------------------------------------------------------


class Backend(Protocol):
    """Where the chunks of a run are played.

    ``start`` makes the backend ready (a Ray cluster connected, its nodes
    checked); its time is the run's start-up, not its playing. ``play`` plays
    ``player.config`` in chunks of ``chunk`` units (``None``: the backend's
    default) and merges their tallies into ``total`` in unit order with a
    :class:`Merger`, which calls ``progress``; a bot's failure is an
    :class:`AgentError`; on ``KeyboardInterrupt`` it stops what it started and
    lets the interruption through (``total`` then holds the units merged so
    far). ``close`` lets everything go, whatever happened. ``workers``: the
    worker processes or CPUs that play; ``where``: them in words, for the report.
    """

    name: str
    workers: int

    @property
    def where(self) -> str: ...

    def start(self, registry: Registry, config: SimConfig) -> None: ...

    def play(
        self, player: Player, total: Tally, progress: Callable[[int, Tally], None] | None, chunk: int | None
    ) -> None: ...

    def close(self) -> None: ...


class LocalBackend:
    """This process (one worker) or a pool of ``workers`` worker processes
    (fork where available)."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        if not 1 <= workers <= max_workers():
            raise RummyError(
                f"the number of worker processes must be from 1 to {max_workers()}, not {workers}"
            )
        self.workers = workers

    @property
    def where(self) -> str:
        return f"{self.workers} worker{'s' if self.workers != 1 else ''}"

    def start(self, registry: Registry, config: SimConfig) -> None:
        self.registry = registry
        self.workers = min(self.workers, config.units)

    def play(
        self, player: Player, total: Tally, progress: Callable[[int, Tally], None] | None, chunk: int | None
    ) -> None:
        global _PRESET
        config = player.config
        size = chunk or default_chunk_size(config, self.workers)
        merge = Merger(total, progress)
        if self.workers == 1:
            for bounds in chunks(config.units, size):
                merge(player.play(*bounds))
                _check_signals()
            return
        if "fork" in mp.get_all_start_methods():
            # Play unit 0 here first (its tally is thrown away; the workers play
            # it again): forked workers then inherit whatever the variant builds
            # on first use (the meld solver's tables, caches) instead of each
            # building it again. Inside the timing, as with one worker.
            player.play(0, 1)
        _PRESET = (self.registry, config)
        try:
            _in_workers(config, self.workers, size, merge)
        finally:
            _PRESET = None

    def close(self) -> None:
        pass


def backend_named(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """The backend ``name`` (one of :data:`BACKENDS`). ``workers``: worker
    processes (local), or the CPUs of a local Ray started for the run;
    ``address``: a Ray cluster's (``None``: ``RAY_ADDRESS``, else a local Ray).
    Ray not installed is one line saying how to install it."""
    if name == "local":
        if address is not None:
            raise RummyError("--address is for --backend ray")
        return LocalBackend(workers or 1)
    if name == "ray":
        from rummykit.core.play.simulate_ray import RayBackend  # only a Ray run loads it

        return RayBackend(cpus=workers, address=address)
    raise RummyError(f"--backend must be one of {', '.join(BACKENDS)}, not {name!r}")


# -- worker processes --------------------------------------------------------------

_WORKER: Player | None = None
_PRESET: tuple[Any, SimConfig] | None = None  # inherited by forked workers
_LAST_WORDS: int | None = None  # a pipe's write end, inherited by forked workers


def _die_with_parent(parent: int) -> None:
    """On Linux, have the kernel end this worker when its parent process ends
    (even by SIGKILL, when no handler runs): an orphaned worker would sleep on
    its task pipe forever, holding the run's output pipes open."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - no prctl: as before
        return
    if os.getppid() != parent:  # the parent ended before the call above
        os._exit(1)


def _init_worker(config: SimConfig, parent: int = 0) -> None:
    global _WORKER
    if parent:
        _die_with_parent(parent)
    # Ctrl-C and a closed terminal's SIGHUP reach the whole process group, and
    # SIGUSR1 (a progress request) may: the parent stops the workers (SIGTERM,
    # at its default) and answers. The parent's handlers are inherited through fork.
    for name in _WORKER_IGNORES:
        sig = getattr(signal, name, None)
        if sig is not None:
            signal.signal(sig, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # blocked while forked (_ending_held)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _signals(_HELD))
    # A forked worker has the parent's registry; a spawned one loads the plugins afresh.
    registry = _PRESET[0] if _PRESET is not None and _PRESET[1] == config else get_plugins().registry
    _WORKER = Player(registry, config)
    if _LAST_WORDS is not None:
        _WORKER.clock.abandon = _abandon_worker


def _abandon_worker(line: str) -> None:
    """A bot in this worker would not stop: tell the parent why, and end."""
    try:
        if _LAST_WORDS is not None:
            os.write(_LAST_WORDS, line.encode("utf-8", "replace")[:4000] + b"\n")
    finally:
        os._exit(1)


def _last_words(fd: int) -> str:
    """What a worker wrote before it ended (``""``: nothing)."""
    os.set_blocking(fd, False)
    try:
        data = os.read(fd, 4096)
    except OSError:
        data = b""
    return data.decode("utf-8", "replace").split("\n", 1)[0]


def _run_chunk(bounds: tuple[int, int]) -> Tally:
    assert _WORKER is not None
    return _WORKER.play(*bounds)


def _in_workers(config: SimConfig, workers: int, size: int, merge: Merger) -> None:
    """Play ``config`` in ``workers`` processes, chunks of ``size`` units, merging
    their tallies in order.

    A worker's error (a bot's :class:`AgentError`) ends the run and stops the
    other workers at once; so does Ctrl-C. A worker that dies (a bot that would
    not stop, a crash in compiled code) is an :class:`AgentError` too, never a hang.
    """
    global _LAST_WORDS
    method = "fork" if "fork" in mp.get_all_start_methods() else None
    bounds_of = chunks(config.units, size)
    words = os.pipe() if method == "fork" else None
    _LAST_WORDS = words[1] if words else None
    pool = ProcessPoolExecutor(
        workers, mp_context=mp.get_context(method), initializer=_init_worker, initargs=(config, os.getpid())
    )
    done = False
    try:
        pending: deque = deque()  # a few chunks per worker in flight, merged in order
        with _ending_held():  # the first submission forks the workers
            for first in bounds_of:
                pending.append(pool.submit(_run_chunk, first))
                if len(pending) >= 4 * workers:
                    break
        while pending:
            merge(_tally_of(pending.popleft()))
            _check_signals()
            bounds = next(bounds_of, None)
            if bounds is not None:
                pending.append(pool.submit(_run_chunk, bounds))
        done = True
    except BrokenProcessPool:
        _check_signals()  # a SIGTERM to the whole process group: the workers ended by it
        line = _last_words(words[0]) if words else ""
        raise AgentError(
            line
            or (
                "a worker process of rummy simulate died (a computer player that would not stop, "
                f"or a crash in compiled code); run seed {config.seed}"
            )
        ) from None
    finally:
        if done:
            pool.shutdown(wait=True)
        else:
            _stop(pool)
        _LAST_WORDS = None
        if words:
            for fd in words:
                os.close(fd)


#: The longest the parent waits on a chunk at a time (seconds).
_WAIT_SLICE = 0.2


def _tally_of(future: Future[Tally]) -> Tally:
    """The chunk's tally, waited for a slice at a time. A wait with no time
    limit is not cut short by every signal: not where waiting on a lock ignores
    signals (Windows), nor when the signal was taken by another thread (a
    progress bar's): the main thread would run its handler only once the chunk
    ended (minutes with slow bots). Between slices it runs at once, so Ctrl-C,
    SIGTERM and SIGHUP take effect within a slice."""
    while not wait((future,), timeout=_WAIT_SLICE).done:
        _check_signals()
    return future.result()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker now (not after its current chunk) and let the pool go."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    stop = getattr(pool, "terminate_workers", None)  # Python 3.14
    if stop is not None:
        stop()
    else:
        for proc in procs:
            with contextlib.suppress(Exception):  # already gone
                proc.terminate()
        for proc in procs:
            proc.join(5)
    # The pool's own thread, seeing its workers gone, closes its wake-up pipe.
    # Left running, it may close the pipe while Python's exit handler for pools
    # writes to it (Python 3.11 takes no lock there): a traceback on standard
    # error as the command exits. Wait for it (bounded).
    if manager is not None:
        manager.join(5)


#: The signals that end a run, its worker processes first (SIGHUP: not on Windows).
_ENDING = ("SIGTERM", "SIGHUP")
#: What a worker process ignores: its parent answers them (SIGHUP, SIGUSR1: not on Windows).
_WORKER_IGNORES = ("SIGINT", "SIGHUP", "SIGUSR1")
#: Held back while the workers are forked (:func:`_ending_held`).
_HELD = ("SIGINT", "SIGUSR1", *_ENDING)


class _Ended(BaseException):
    """SIGTERM or SIGHUP arrived: the run stops its workers, then ends."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _signals(names: tuple[str, ...]) -> set[int]:
    """The signals of ``names`` this system has."""
    return {s for s in (getattr(signal, n, None) for n in names) if s is not None}


#: The ending signal that arrived (its exception may be lost: raised in a
#: finalizer or a fork handler, Python only prints it).
_ending: int | None = None


def _ended(signum: int, frame: Any) -> None:
    global _ending
    _ending = signum
    raise from_signal(_Ended(signum))


def _check_signals() -> None:
    """Raise the stop of a signal whose exception was lost (raised where Python
    ignores one), between chunks."""
    if _ending is not None:
        raise from_signal(_Ended(_ending))
    if _STOPS is not None:
        _STOPS.check()


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP under :class:`RunStops`: a ``KeyboardInterrupt``, so that
    a run (on any backend) stops as on Ctrl-C; ``signum``: the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class RunStops:
    """``with RunStops() as stops:`` Ctrl-C, SIGTERM and SIGHUP stop the runs
    inside alike: the run being played (:func:`simulate`, a table of
    :func:`~rummykit.core.play.ladder.run_ladder`) returns its figures so far,
    marked partial. ``stops.signum``: the first of them that arrived (None: none).

    A signal is raised (``KeyboardInterrupt``, or :class:`Stopped`) only while
    units are played, and only the first: one that arrives before is raised as
    play starts, one that arrives after (while the figures are printed) or
    again (while the workers are stopped) is only noted. A signal the process
    ignores (SIGINT in a shell's background job, SIGHUP under nohup) stays
    ignored. In the main thread only; elsewhere it does nothing."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self._playing = False
        self._raised = False
        self._old: dict[int, Any] = {}

    def __enter__(self) -> RunStops:
        global _STOPS
        if threading.current_thread() is not threading.main_thread() or _STOPS is not None:
            return self
        for name in ("SIGINT", *_ENDING):
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            now = signal.getsignal(sig)
            if now is signal.default_int_handler or now == signal.SIG_DFL:
                self._old[sig] = signal.signal(sig, self._on_signal)
        _STOPS = self
        return self

    def __exit__(self, *exc: object) -> None:
        global _STOPS
        if _STOPS is not self:
            return
        for sig, handler in self._old.items():
            signal.signal(sig, handler)
        self._old = {}
        _STOPS = None

    def _on_signal(self, signum: int, frame: Any) -> None:
        if self.signum is None:
            self.signum = signum
        if self._playing and not self._raised:
            self._raise()

    def _raise(self) -> None:
        assert self.signum is not None
        self._raised = True
        raise from_signal(KeyboardInterrupt() if self.signum == signal.SIGINT else Stopped(self.signum))

    def taken_back(self) -> None:
        """Its handlers set again where code run since replaced them (``ray.init``
        sets a SIGTERM handler of its own that exits at once)."""
        for sig in self._old:
            if signal.getsignal(sig) != self._on_signal:
                signal.signal(sig, self._on_signal)

    def check(self) -> None:
        """Between chunks: a signal noted but not raised, or raised where
        Python ignored the exception, is raised now."""
        if self._playing and self.signum is not None:
            self._raise()

    @contextlib.contextmanager
    def playing(self) -> Iterator[None]:
        """Units are played inside: a signal is raised (one that came before: at once)."""
        self._playing = True
        try:
            if self.signum is not None and not self._raised:
                self._raise()
            yield
        finally:
            self._playing = False


#: The :class:`RunStops` in force (None: none).
_STOPS: RunStops | None = None


@contextlib.contextmanager
def _ending_held() -> Iterator[None]:
    """SIGINT, SIGTERM, SIGHUP and SIGUSR1 held back (blocked) for the block, which forks
    the workers: a worker starts with them blocked, and takes them only once its
    initializer has set what it does with them, never in the parent's handler;
    the parent takes them after the block."""
    sigs = _signals(_HELD)
    if not hasattr(signal, "pthread_sigmask") or not sigs:
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextlib.contextmanager
def _signals_handled() -> Iterator[None]:
    """Ctrl-C is the user's (a bot's own ``KeyboardInterrupt`` is its failure);
    SIGTERM and SIGHUP (unless ignored, as under ``nohup``) unwind the run, which
    stops its worker processes, then end this process by the signal. Under
    :class:`RunStops` (its handlers in place) it does nothing."""
    if threading.current_thread() is not threading.main_thread() or _STOPS is not None:
        yield
        return
    old: dict[int, Any] = {}
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        old[signal.SIGINT] = signal.signal(signal.SIGINT, interrupt)
    for name in _ENDING:
        sig = getattr(signal, name, None)
        if sig is not None and signal.getsignal(sig) == signal.SIG_DFL:
            old[sig] = signal.signal(sig, _ended)
    global _ending
    _ending = None
    ended = None
    try:
        yield
    except _Ended as e:
        ended = e.signum
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        ended, _ending = ended or _ending, None
    if ended is not None:
        os.kill(os.getpid(), ended)  # its default now: the process ends by it
        raise SystemExit(128 + ended)  # pragma: no cover - a signal that did not end it


def simulate(
    registry: Registry,
    config: SimConfig,
    workers: int = 1,
    progress: Callable[[int, Tally], None] | None = None,
    *,
    backend: Backend | None = None,
    chunk_size: int | None = None,
) -> SimResult:
    """Play ``config`` and return the merged tallies.

    ``progress(done_units, running_tally)`` is called after each chunk.
    ``backend``: where to play (default: :class:`LocalBackend` with ``workers``
    worker processes, fork where available). ``chunk_size``: units per chunk
    (default: the backend's choice; 1 to :data:`MAX_CHUNK`). A bot that fails is
    an :class:`AgentError` (see the module); Ctrl-C returns the figures so far,
    marked partial, and so do SIGTERM and SIGHUP under :class:`RunStops`.
    """
    most = MAX_MATCHES if config.mode == "matches" else MAX_ROUNDS
    if not 1 <= config.units <= most:
        raise RummyError(f"the number of {config.mode} must be from 1 to {most:,}, not {config.units:,}")
    if chunk_size is not None and not 1 <= chunk_size <= MAX_CHUNK:
        raise RummyError(f"the chunk size must be from 1 to {MAX_CHUNK:,} {config.mode}, not {chunk_size:,}")
    where: Backend = backend if backend is not None else LocalBackend(workers)
    player = Player(registry, config)  # unknown variant, agent or option: error now
    spec = player.spec
    if not spec.min_players <= player.n <= spec.max_players:
        want = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players} to {spec.max_players}"
        )
        raise RummyError(f"{spec.name} is for {want} players, not {player.n} (one --seat per player)")

    rule = match_rule(spec, player.options).describe()
    total = player.tally()
    partial = False
    t0 = time.perf_counter()
    with _signals_handled():
        try:
            where.start(registry, config)
            if _STOPS is not None:
                _STOPS.taken_back()
            t1 = time.perf_counter()
            try:
                with _STOPS.playing() if _STOPS is not None else contextlib.nullcontext():
                    where.play(player, total, progress, chunk_size)
            except KeyboardInterrupt:
                partial = total.units < config.units
            t2 = time.perf_counter()
        finally:
            where.close()
    return SimResult(
        config, total, t2 - t1, where.workers, t1 - t0, where.where, partial, where.name, rule, player.teams
    )


def default_workers() -> int:
    """One worker per CPU core (within the bounds)."""
    return min(os.cpu_count() or 1, max_workers())
