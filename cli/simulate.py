"""``rummy simulate``: computer players against each other, with statistics.

The playing is :mod:`rummykit.core.play.simulate` (seat rotation, duplicate deals,
worker processes or Ray, streamed tallies); this module reads the command line,
shows a progress bar on a terminal and prints the figures (tables that fit the
terminal's width, 80 columns when not a terminal; or ``--json``), marked partial
after Ctrl-C, SIGTERM or SIGHUP (exit status 128 + the signal's number: 130 for
Ctrl-C; :class:`~rummykit.core.play.simulate.RunStops`). SIGUSR1 prints one
progress line on standard error (:class:`_ProgressSignal`) and the run goes on.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import shown_value
from rummykit.core.engine.options import build_options, parse_pairs
from rummykit.core.play.ladder import check_ladder, run_ladder
from rummykit.core.play.match import MAX_SCORELESS_ROUNDS
from rummykit.core.play.session import HUMAN
from rummykit.core.play.simulate import (
    BACKENDS,
    MAX_CHUNK,
    MAX_MATCHES,
    MAX_ROUNDS,
    MAX_ROUNDS_PER_MATCH,
    MAX_WORKERS,
    WORKERS_PER_CPU,
    RunStops,
    SimConfig,
    backend_named,
    default_workers,
    max_workers,
    wilson,
)
from rummykit.core.play.simulate import simulate as run_simulation

from . import completion
from .common import given_once, registry
from .options import WholeNumber, option_option
from .timeouts import move_timeout_option

if TYPE_CHECKING:
    from rich.progress import Progress

    from rummykit.core.play.ladder import LadderResult
    from rummykit.core.play.simulate import SimResult, Tally
    from rummykit.core.plugins.registry import Registry, VariantSpec

MAX_SEED = 2**64 - 1


def default_seats(reg: Registry, spec: VariantSpec[Any]) -> tuple[str, ...]:
    """With no --seat: ``ai:easy`` (or ``random``) in each of the fewest seats."""
    names = {a.name for a in reg.agents_for(spec.name)}
    who = "ai:easy" if "ai:easy" in names else "random"
    return (who,) * max(2, spec.min_players) if spec.max_players >= 2 else (who,)


def ladder_field(reg: Registry, spec: VariantSpec[Any]) -> tuple[str, ...]:
    """With --ladder and no --seat: every player offered for the variant that
    understands it (its own, the reference players, core's ai:search), strongest
    first, but ``random`` (it wins too seldom to be rated)."""
    return tuple(
        a.name for a in reg.agents_for(spec.name) if a.name != "random" and reg.understood(a, spec.name)
    )


@click.command()
@click.argument("variant", shell_complete=completion.variants)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="AGENT",
    shell_complete=completion.agents,
    help="A computer player (ai:easy, ai:hard, ref:simple, random...), once per "
    "seat. The figures are per --seat, in this order. Default: ai:easy in every seat.",
)
@click.option(
    "--matches",
    "matches",
    type=WholeNumber(1, MAX_MATCHES),
    metavar="N",
    default=None,
    multiple=True,
    callback=given_once,
    help=f"Play N matches (default 100; 1 to {MAX_MATCHES:,}).",
)
@click.option(
    "--rounds",
    "rounds",
    type=WholeNumber(1, MAX_ROUNDS),
    metavar="N",
    default=None,
    multiple=True,
    callback=given_once,
    help=f"Play N single rounds instead of matches (win rate = share of rounds won; 1 to {MAX_ROUNDS:,}).",
)
@click.option(
    "--seed",
    "seed",
    type=WholeNumber(0, MAX_SEED),
    metavar="S",
    default=None,
    multiple=True,
    callback=given_once,
    help="Seed of the whole run (default: random, and printed; 0 to 2^64-1). The same seed "
    "gives the same figures for any --workers.",
)
@click.option(
    "--workers",
    "workers",
    type=WholeNumber(0, max_workers, f" (at most {WORKERS_PER_CPU} per CPU core, {MAX_WORKERS} in all)"),
    metavar="W",
    default=None,
    multiple=True,
    callback=given_once,
    help=f"Worker processes (default 1; 0 = one per CPU core; at most {WORKERS_PER_CPU} per "
    f"CPU core and {MAX_WORKERS} in all); with --backend ray, the CPUs of the local Ray "
    "started for the run.",
)
@click.option(
    "--backend",
    "backend",
    metavar="NAME",
    default="local",
    help="Where the matches are played: local (worker processes on this machine, the "
    "default) or ray (Ray tasks; needs rummykit[ray]).",
)
@click.option(
    "--address",
    "address",
    metavar="ADDRESS",
    default=None,
    help="With --backend ray: the Ray cluster to play on (default: RAY_ADDRESS, else a "
    "local Ray started for the run).",
)
@click.option(
    "--chunk-size",
    "chunk_size",
    type=WholeNumber(1, MAX_CHUNK),
    metavar="N",
    default=None,
    help=f"Matches (or rounds) per chunk a worker plays and sends back (1 to {MAX_CHUNK:,}; "
    "default: about 8 chunks per worker for matches, 16 for rounds, at most 16 matches or 200 rounds).",
)
@move_timeout_option(
    "A bot past it ends the run with one line naming it, its plugin and the match seed (exit status 1)."
)
@option_option
@click.option(
    "--ladder",
    is_flag=True,
    help="Play every pair of the --seat agents (default: every player of the variant but random) "
    "and rate them (Bradley-Terry, 95% intervals); --matches a table.",
)
@click.option(
    "--players",
    "players",
    type=WholeNumber(2, 64),
    metavar="N",
    default=None,
    multiple=True,
    callback=given_once,
    help="With --ladder: the seats of a table (default 2); at 3 or more, each agent plays "
    "alone against N-1 of each other.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate(
    variant: str,
    seats: tuple[str, ...],
    matches: int | None,
    rounds: int | None,
    seed: int | None,
    workers: int | None,
    backend: str,
    address: str | None,
    chunk_size: int | None,
    move_timeout: float,
    options: tuple[str, ...],
    ladder: bool,
    players: int | None,
    as_json: bool,
) -> None:
    """Play computer players against each other and report who wins.

    \b
    Example:
      rummy simulate gin --seat ai:hard --seat ai:easy --matches 400 --seed 1 --workers 2

    Seats rotate every match (every round with --rounds): with two seats they swap,
    so neither bot gains from moving first; with 3 or more entrant k sits at table
    position (k + i) mod n in match i (under a match rule with teams, only the
    rotations that keep partners together). The matches of each rotation block share
    their deals (duplicate deals), so every entrant plays every hand. Printed per
    entrant: matches won, win rate with a 95% Wilson interval, points per round,
    the variant's counts (credited to the round's winner; draws to every seat), and
    rounds per second; with teams, a team's win is each of its entrants', and
    each team of entrants gets its line too (JSON: "teams").

    A computer player that raises, returns anything but a legal move or thinks
    longer than --move-timeout ends the run with one line naming it, the plugin
    that registered it, its seat and the match (exit status 1). Ctrl-C, SIGTERM
    (kill PID) and SIGHUP (a closed terminal) stop the run and print the figures
    so far, marked partial (exit status 128 + the signal: 130 for Ctrl-C, 143
    for SIGTERM, 129 for SIGHUP). kill -USR1 PID prints one progress line on
    standard error; the run goes on.

    With --ladder the --seat agents (default: every player of the variant that
    understands it, but random) play every pair, --matches a table, each table
    with the same --seed (at --players 3 or more: each agent alone against N-1
    of the other, both ways); printed: Bradley-Terry ratings on the Elo scale
    with 95% intervals, and the pairwise win table (docs/simulate.md).

    \b
    On Ray (pip install 'rummykit[ray]'; see docs/simulate.md):
      rummy simulate gin --rounds 100000 --seed 1 --backend ray --workers 2
      rummy simulate gin --rounds 100000 --seed 1 --backend ray --address 10.0.0.5:6379
    The same seed gives the same figures on any backend.
    """
    reg = registry()
    spec = reg.variant(variant)
    if matches is not None and rounds is not None:
        raise RummyError("give --matches or --rounds, not both")
    if seed is None:
        seed = secrets.randbits(64)  # printed in the report: --seed repeats the run
    if workers == 0:  # as many as the machine has cores for (None: not given)
        workers = default_workers()
    name = backend.strip().lower()
    if name not in BACKENDS:
        raise RummyError(f"--backend takes {' or '.join(BACKENDS)}, not {shown_value(backend)}")
    where = backend_named(name, workers, address)
    seats = tuple(s.strip() for s in seats)
    for i, s in enumerate(seats):
        if s == HUMAN or s.startswith(HUMAN + ":"):
            raise RummyError(
                f"seat {i + 1} is {s!r}: rummy simulate plays computer players only "
                "(use rummy play to play yourself)"
            )
        if not s:
            raise RummyError(f"seat {i + 1} is empty: give a computer player such as ai:easy")
    if players is not None and not ladder:
        raise RummyError("--players is for --ladder (without it, give one --seat per player)")
    if ladder and not seats:
        seats = ladder_field(reg, spec)
    if not seats:
        seats = default_seats(reg, spec)
    for s in seats:
        reg.agent(spec.name, s)  # unknown agent: one clear line now
    opts = _options(spec, options)
    if ladder:
        mode, units = ("rounds", rounds) if rounds is not None else ("matches", matches or 100)
        size = players or max(2, spec.min_players)
        tables = check_ladder(seats, size, units)  # too large: one line before anything is played
        config = SimConfig(spec.name, seats, units, mode, seed, opts, move_timeout)
        # A stop signal only ends the table being played: never the printing.
        with RunStops() as stops, _ProgressSignal(config, len(tables) * units) as asked:
            with contextlib.redirect_stdout(sys.stderr), _ladder_progress(spec.name, asked) as tick:
                played = run_ladder(reg, config, size, backend=where, chunk_size=chunk_size, progress=tick)
            _print_figures(played, ladder_lines, as_json)
        _exit_stopped(played.partial, stops.signum)
        return
    if rounds is not None:
        config = SimConfig(spec.name, seats, rounds, "rounds", seed, opts, move_timeout)
    else:
        config = SimConfig(spec.name, seats, matches or 100, "matches", seed, opts, move_timeout)

    with RunStops() as stops, _ProgressSignal(config) as asked:
        # What the players print goes to standard error (worker processes made here
        # inherit it): standard output is the report's alone, so --json stays JSON.
        with contextlib.redirect_stdout(sys.stderr), _progress(config, asked) as progress:
            result = run_simulation(reg, config, progress=progress, backend=where, chunk_size=chunk_size)
        _print_figures(result, report_lines, as_json)
    _exit_stopped(result.partial, stops.signum)


def _print_figures(figures: Any, lines: Callable[[Any, int], list[str]], as_json: bool) -> None:
    """Print a run's or a ladder's figures: one JSON object (``--json``), or
    ``lines`` of them fitted to the terminal's width."""
    if as_json:
        click.echo(json.dumps(figures.to_json()))
        return
    for line in lines(figures, shutil.get_terminal_size().columns):
        click.echo(line)


def _exit_stopped(partial: bool, signum: int | None) -> None:
    """A run stopped by a signal (or one that came while the figures were printed)
    exits with 128 + its number, as the shell reports a process it ended."""
    if signum is not None or partial:
        sys.stdout.flush()
        sys.exit(128 + (signum if signum is not None else signal.SIGINT))


class _ProgressSignal:
    """SIGUSR1 (where the system has it; unless ignored) prints one line on
    standard error: the units played of those planned, the time since the start
    and, but for a ladder, the first entrant's win rate so far with its 95%
    Wilson interval (those of the figures a stop now would print). The run goes
    on; standard output is untouched. ``with _ProgressSignal(config) as asked:``
    ``asked.seen(done, wins)`` after each merge (``wins``: the first entrant's).
    ``ladder_units``: a ladder's units in all (it has no first entrant)."""

    def __init__(self, config: SimConfig, ladder_units: int | None = None) -> None:
        self.config = config
        self.ladder = ladder_units is not None
        self.planned = ladder_units if ladder_units is not None else config.units
        self.done = (0, 0)  # units merged, the first entrant's wins among them
        self.start = time.monotonic()
        self.pid = os.getpid()
        self.bar = False  # a progress bar is drawn on standard error
        self._old: Any = None
        self._sig = getattr(signal, "SIGUSR1", None)
        self._err: int | None = None  # standard error as it was at the start

    def __enter__(self) -> _ProgressSignal:
        sig = self._sig
        main = threading.current_thread() is threading.main_thread()
        if sig is not None and main and signal.getsignal(sig) == signal.SIG_DFL:
            # Written to a copy: Ray's start-up points file descriptor 2 elsewhere for a while.
            with contextlib.suppress(OSError):
                self._err = os.dup(2)
            self._old = signal.signal(sig, self._on_signal)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._old is not None and self._sig is not None:
            signal.signal(self._sig, self._old)
            self._old = None
        if self._err is not None:
            os.close(self._err)
            self._err = None

    def seen(self, done: int, wins: int) -> None:
        self.done = (done, wins)

    def line(self) -> str:
        c = self.config
        unit = "matches" if c.mode == "matches" else "rounds"
        done, wins = self.done
        what = f"{c.variant} ladder" if self.ladder else c.variant
        elapsed = time.monotonic() - self.start
        line = f"rummy simulate {what}: {done:,} of {_many(self.planned, unit)}, {elapsed:.1f} s"
        if not self.ladder and done:
            lo, hi = wilson(wins, done)
            first = f"{c.seats[0]} (1)" if c.seats.count(c.seats[0]) > 1 else c.seats[0]
            line += f"; {first} won {_pct(wins / done)} (95% CI {_pct(lo)}-{_pct(hi)})"
        return line

    def _on_signal(self, signum: int, frame: Any) -> None:
        if os.getpid() != self.pid or self._err is None:  # a worker process forked with this handler
            return
        text = self.line() + "\n"
        if self.bar:  # over the bar's line: the bar is drawn again below
            text = "\r\x1b[2K" + text
        with contextlib.suppress(OSError):
            os.write(self._err, text.encode("utf-8", "replace"))


def _options(spec: VariantSpec[Any], pairs: tuple[str, ...]) -> dict[str, Any]:
    values = parse_pairs(pairs)
    build_options(spec.options_model, values, spec.name)  # bad option: error now
    return values


class _progress:
    """A rich progress bar on stderr when it is a terminal; the figures so far
    told to ``asked`` (SIGUSR1's line) always."""

    def __init__(self, config: SimConfig, asked: _ProgressSignal) -> None:
        self.config = config
        self.asked = asked
        self.bar: Progress | None = None

    def __enter__(self) -> Callable[[int, Tally], None]:
        asked = self.asked
        try:
            tty = sys.stderr.isatty()
        except (AttributeError, ValueError):
            tty = False
        if not tty:

            def seen(done: int, tally: Tally) -> None:
                asked.seen(done, tally.wins[0])

            return seen
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        c = self.config
        bar = self.bar = Progress(
            TextColumn(f"{c.variant}: " + " vs ".join(c.seats)),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(c.mode),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        bar.start()
        asked.bar = True
        task = bar.add_task("simulate", total=c.units)

        def update(done: int, tally: Tally) -> None:
            asked.seen(done, tally.wins[0])
            bar.update(task, completed=done)

        return update

    def __exit__(self, *exc: object) -> None:
        self.asked.bar = False
        if self.bar is not None:
            self.bar.stop()


#: A column of the report: its header and one cell per entrant.
Column = tuple[str, list[str]]


def _widths(cols: Sequence[Column]) -> list[int]:
    return [max(len(head), *(len(cell) for cell in cells)) for head, cells in cols]


def table_width(names: Column, cols: Sequence[Column]) -> int:
    widths = _widths([names, *cols])
    return sum(widths) + 2 * (len(widths) - 1)


def table_lines(names: Column, cols: Sequence[Column]) -> list[str]:
    """``names`` (left-aligned) then ``cols`` (right-aligned), two spaces apart."""
    every = [names, *cols]
    widths = _widths(every)
    rows = [[head for head, _ in every]] + [[cells[i] for _, cells in every] for i in range(len(names[1]))]
    return [
        "  ".join(
            [r[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(r[1:], widths[1:], strict=True)]
        ).rstrip()
        for r in rows
    ]


def fit_tables(names: Column, groups: Sequence[Sequence[Column]], width: int) -> list[list[Column]]:
    """The columns of ``groups``, in order, as tables no wider than ``width``, each
    starting with ``names``: one table when all fit; else a table per group, a
    group split into as many tables as it needs (a column wider than ``width``
    on its own stays whole)."""
    every = [col for group in groups for col in group]
    if table_width(names, every) <= width:
        return [every]
    tables: list[list[Column]] = []
    for group in groups:
        current: list[Column] = []
        for col in group:
            if current and table_width(names, [*current, col]) > width:
                tables.append(current)
                current = []
            current.append(col)
        if current:
            tables.append(current)
    return tables


def _many(n: int, plural: str) -> str:
    """``n`` and ``plural`` ("matches", "rounds"), in the singular for one."""
    return f"{n:,} {plural if n != 1 else plural.removesuffix('es' if plural.endswith('ches') else 's')}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def team_lines(teams: Sequence[dict[str, Any]], shown: Sequence[str], matches: bool) -> list[str]:
    """The table of the teams of entrants (``teams``: the JSON's ``teams``),
    each named by its entrants as the entrants' table shows them (``shown``)."""
    names: Column = ("team", [" & ".join(shown[e] for e in t["seats"]) for t in teams])
    won = "matches won" if matches else "rounds won"
    figures: list[Column] = [
        (won, [f"{t['matches_won'] if matches else t['rounds_won']:,}" for t in teams]),
        ("win rate", [_pct(t["win_rate"]) for t in teams]),
        ("95% CI", [f"{_pct(t['ci95'][0])}-{_pct(t['ci95'][1])}" for t in teams]),
    ]
    if matches:
        figures.append(("total/match", [f"{t['total_per_match']:.1f}" for t in teams]))
    return table_lines(names, figures)


def report_lines(result: SimResult, width: int = 80) -> list[str]:
    """The figures as plain-text tables no wider than ``width`` columns (see
    :func:`fit_tables`); every count of the variant has its column, 0 included."""
    c = result.config
    data = result.to_json()
    unit = "matches" if c.mode == "matches" else "rounds"
    units = result.tally.units
    lines = []
    swap = "swapping" if len(c.seats) == 2 else "rotating"
    each = "match" if c.mode == "matches" else "round"
    head = f"{c.variant}: {_many(units, unit)}"
    if c.mode == "matches":
        head += f" ({_many(data['rounds'], 'rounds')})"
    if c.mode == "matches" and result.rule:
        head += f", {result.rule}"
    head += f", seed {c.seed}, seats {swap} every {each}"
    if result.teams:
        head += " (partners kept together)"
    if c.options:
        head += ", options " + " ".join(f"{k}={v}" for k, v in c.options.items())
    if result.partial:
        lines.append(
            f"partial: interrupted after {units:,} of {_many(c.units, unit)} "
            f"(the figures of the first {units:,})"
        )
    lines.append(head)
    keys = result.count_keys()
    matches = c.mode == "matches"
    won = "matches won" if matches else "rounds won"
    entrants = data["entrants"]
    agents = [e["agent"] for e in entrants]
    # An agent entered twice is told apart by its --seat number (1: the first given).
    shown = [f"{a} ({k})" if agents.count(a) > 1 else a for k, a in enumerate(agents, 1)]
    names: Column = ("entrant", shown)
    figures: list[Column] = [
        (won, [f"{e['matches_won'] if matches else e['counts']['rounds_won']:,}" for e in entrants]),
        ("win rate", [_pct(e["win_rate"]) for e in entrants]),
        ("95% CI", [f"{_pct(e['ci95'][0])}-{_pct(e['ci95'][1])}" for e in entrants]),
        ("points/round", [f"{e['points_per_round']:.2f}" for e in entrants]),
    ]
    if matches:
        figures.append(("total/match", [f"{e['total_per_match']:.1f}" for e in entrants]))
    if not matches:
        keys.remove("rounds_won")  # the first column already
    counts: list[Column] = [(k.replace("_", " "), [f"{e['counts'][k]:,}" for e in entrants]) for k in keys]
    for i, table in enumerate(fit_tables(names, [figures, counts], width)):
        if i:
            lines.append("")
        lines.extend(table_lines(names, table))
    if data.get("teams"):
        lines.append("")
        lines.extend(team_lines(data["teams"], shown, matches))
    lines.append(f"draws: {_many(data['draws'], unit)}")
    if matches and data["stalled"]:
        lines.append(
            f"stopped early: {_many(data['stalled'], 'matches')} (no total rose for {MAX_SCORELESS_ROUNDS} "
            f"rounds, or {MAX_ROUNDS_PER_MATCH:,} rounds played)"
        )
    w = result.workers
    where = result.where or f"{w} worker{'s' if w != 1 else ''}"
    startup = f"; Ray start-up {result.startup_seconds:.1f} s" if result.backend == "ray" else ""
    lines.append(
        f"{data['rounds_per_second']:,.1f} rounds per second ({result.seconds:.1f} s, {where}{startup})"
    )
    return lines


class _ladder_progress:
    """A progress bar over a whole ladder on stderr when it is a terminal; the
    units so far told to ``asked`` (SIGUSR1's line) always."""

    def __init__(self, variant: str, asked: _ProgressSignal) -> None:
        self.variant = variant
        self.asked = asked
        self.bar: Progress | None = None

    def __enter__(self) -> Callable[[int, int], None]:
        asked = self.asked
        try:
            tty = sys.stderr.isatty()
        except (AttributeError, ValueError):
            tty = False
        if not tty:

            def seen(done: int, total: int) -> None:
                asked.seen(done, 0)

            return seen
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        bar = self.bar = Progress(
            TextColumn(f"{self.variant} ladder"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        bar.start()
        asked.bar = True
        task = bar.add_task("ladder", total=None)

        def update(done: int, total: int) -> None:
            asked.seen(done, 0)
            bar.update(task, completed=done, total=total)

        return update

    def __exit__(self, *exc: object) -> None:
        self.asked.bar = False
        if self.bar is not None:
            self.bar.stop()


def ladder_lines(result: LadderResult, width: int = 80) -> list[str]:
    """A ladder as text: the ratings, best first, then the pairwise win table
    (split to fit ``width`` columns)."""
    c = result.config
    data = result.to_json()
    unit = "matches" if c.mode == "matches" else "rounds"
    k = len(result.agents)
    lines = []
    if result.partial:
        lines.append(
            f"partial: interrupted after {len(result.tables)} of {result.planned} tables "
            "(the last one cut short; the figures of the tables played)"
        )
    how = (
        "one pair a table"
        if result.players == 2
        else f"each agent alone against {result.players - 1} of another"
    )
    head = (
        f"{c.variant} ladder: {k} agents, {result.planned} table{'s' if result.planned != 1 else ''} "
        f"of {result.players} seats ({how}), "
        f"{_many(c.units, unit)} a table, seed {c.seed}, seats rotating"
    )
    if c.mode == "matches" and result.rule:
        head += f", {result.rule}"
    if c.options:
        head += ", options " + " ".join(f"{k}={v}" for k, v in c.options.items())
    lines.append(head)
    standings = data["agents"]
    names: Column = ("agent", [s["agent"] for s in standings])
    cols: list[Column] = [("rank", [str(s["rank"]) for s in standings])]
    if result.fit is not None:
        cols += [
            ("rating", [f"{s['rating']:.0f}" for s in standings]),
            ("95% CI", [f"{s['ci95'][0]:.0f}-{s['ci95'][1]:.0f}" for s in standings]),
        ]
    cols += [
        (f"{unit} won", [f"{s['won']:,}" for s in standings]),
        ("played", [f"{s['played']:,}" for s in standings]),
    ]
    lines.append("")
    lines.extend(table_lines(names, cols))
    if result.fit is None:
        lines.append("no ratings: not every agent has played yet")
    for note in result.notes:
        lines.append(note)
    order = [result.agents.index(s["agent"]) for s in standings]
    pair = result.pairwise()
    lines.append("")
    against = "the column" if result.players == 2 else f"{result.players - 1} of the column"
    lines.append(f"win rate of the row against {against} (share of the {unit} won):")
    rows: Column = ("", [result.agents[a] for a in order])
    pcols: list[Column] = []
    for b in order:
        cells = []
        for a in order:
            x = pair[a][b]
            cells.append("-" if a == b else ("" if x is None else _pct(x)))
        pcols.append((result.agents[b], cells))
    for i, table in enumerate(fit_tables(rows, [pcols], width)):
        if i:
            lines.append("")
        lines.extend(table_lines(rows, table))
    lines.append(
        f"{data['rounds_per_second']:,.1f} rounds per second "
        f"({result.seconds:.1f} s, {result.where or 'local'})"
    )
    return lines
