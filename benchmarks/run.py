"""``make bench``: rummykit's speed, beside its peers' where they are installed.

    .venv/bin/python benchmarks/run.py [--quick | --full] [--no-peers]
                                       [--only NAME[,NAME...]] [--out FILE] [--repeats R]

Every row carries its target. Every figure is the median of ``--repeats`` timed
repeats; within a repeat we and the peers run back to back on the same hands (or
the same number of games), so a busy machine slows all of us about alike and the
ratios stay meaningful even when the absolute figures drift.

The peers (the optional extra ``peers``: ``pip install -e '.[peers]'``) are called
only through their public APIs:

* OpenSpiel 2.0.2 (C++, Python bindings ``pyspiel``):
  ``pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood(cards)`` for 10 and
  11 cards; ``pyspiel.load_game("gin_rummy")`` driven from Python with uniformly
  random legal actions; ``pyspiel.evaluate_bots`` (the game loop in C++) with
  ``make_uniform_random_bot`` and with ``make_simple_gin_rummy_bot``.
* RLCard 1.2.0 (pure Python): ``rlcard.games.gin_rummy.utils.melding
  .get_best_meld_clusters`` + ``utils.get_deadwood_count`` (what its round does
  to score a hand), and ``rlcard.make("gin-rummy")`` with two ``RandomAgent``.

Sections (``--only``): solver, rounds, simulate, memory, help, cardverse, analyse,
state (``Round.clone`` and ``Round.resample``).
Modes: ``--quick`` (smaller samples, a minute or so), default, ``--full`` (more
repeats, and the memory row at 100,000 rounds instead of 20,000).

The table is printed at the end and written as markdown to its section of
``benchmarks/RESULTS.md`` (with the date and the machine; the rest of the file is
kept) unless ``--out -``.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIN = Path(sys.executable).parent
RUMMY = str(BIN / "rummy")

RICH = [s * 13 + r for s in range(4) for r in range(6)]  # A-6 of every suit


# -- the table -------------------------------------------------------------------------


@dataclass
class Row:
    """One line of the results table. ``ratio`` is how many times the target's
    comparison is met or missed, written the way the target is written."""

    what: str
    ours: str
    peer: str = "-"
    ratio: str = "-"
    target: str = "-"
    met: bool | None = None  # None: no target, or not measurable here
    note: str = ""


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, row: Row) -> None:
        self.rows.append(row)
        mark = {True: "yes", False: "NO", None: "-"}[row.met]
        print(
            f"  {row.what}: ours {row.ours} | peer {row.peer} | {row.ratio} | target {row.target} "
            f"| met: {mark}",
            flush=True,
        )


def _met(row: Row) -> str:
    return {True: "yes", False: "**no**", None: "-"}[row.met]


def markdown(report: Report, header: list[str]) -> str:
    lines = [*header, "", "| what | ours | peer | ratio | target | met? |", "|---|---|---|---|---|---|"]
    for r in report.rows:
        what = r.what + (f" ({r.note})" if r.note else "")
        lines.append(f"| {what} | {r.ours} | {r.peer} | {r.ratio} | {r.target} | {_met(r)} |")
    if report.notes:
        lines.append("")
        lines.extend(f"- {n}" for n in report.notes)
    return "\n".join(lines) + "\n"


def plain_table(report: Report) -> str:
    head = ("what", "ours", "peer", "ratio", "target", "met?")
    rows = [head] + [
        (
            r.what + (f" ({r.note})" if r.note else ""),
            r.ours,
            r.peer,
            r.ratio,
            r.target,
            {True: "yes", False: "NO", None: "-"}[r.met],
        )
        for r in report.rows
    ]
    w = [max(len(row[i]) for row in rows) for i in range(len(head))]
    out = []
    for i, row in enumerate(rows):
        out.append("  ".join(c.ljust(w[j]) for j, c in enumerate(row)).rstrip())
        if i == 0:
            out.append("  ".join("-" * w[j] for j in range(len(head))))
    return "\n".join(out)


# -- machine -----------------------------------------------------------------------------


def machine() -> dict[str, str]:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "?"
    return {
        "arch": platform.machine(),
        "cpu": cpu,
        "cores": str(os.cpu_count() or "?"),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
        "load": load,
    }


# -- helpers -------------------------------------------------------------------------------


def median_of(samples: list[float]) -> float:
    return statistics.median(samples)


def per_item_us(fn: Callable[[object], object], items: list) -> float:
    """Microseconds per call of ``fn`` over ``items`` (one timed pass)."""
    t0 = time.perf_counter()
    for x in items:
        fn(x)
    return (time.perf_counter() - t0) / len(items) * 1e6


def rate(fn: Callable[[int], None], n: int) -> float:
    """Calls per second of ``fn(i)`` for i in range(n) (one timed pass)."""
    t0 = time.perf_counter()
    for i in range(n):
        fn(i)
    return n / (time.perf_counter() - t0)


def fmt_us(x: float) -> str:
    return f"{x:.2f} µs"


def fmt_rate(x: float) -> str:
    return f"{x:,.0f}/s"


def hands(rng: random.Random, pool: list[int], size: int, n: int) -> list[list[int]]:
    return [rng.sample(pool, size) for _ in range(n)]


def to_mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# -- peers -------------------------------------------------------------------------------


class Peers:
    """The peers' public entry points, or why they are unavailable."""

    def __init__(self, enabled: bool) -> None:
        self.pyspiel = None
        self.rlcard = None
        self.why: dict[str, str] = {}
        if not enabled:
            self.why = {"open_spiel": "--no-peers", "rlcard": "--no-peers"}
            return
        try:
            import pyspiel

            self.pyspiel = pyspiel
            self.os_version = _dist_version("open_spiel")
        except Exception as e:  # not installed, or a broken wheel
            self.why["open_spiel"] = f"not importable ({type(e).__name__}: {e})"
        try:
            import rlcard
            from rlcard.games.gin_rummy.utils import melding as rl_melding
            from rlcard.games.gin_rummy.utils import utils as rl_utils

            self.rlcard = rlcard
            self.rl_melding = rl_melding
            self.rl_utils = rl_utils
            self.rl_version = _dist_version("rlcard")
        except Exception as e:
            self.why["rlcard"] = f"not importable ({type(e).__name__}: {e})"

    def os_name(self) -> str:
        return f"OpenSpiel {self.os_version}"

    def rl_name(self) -> str:
        return f"RLCard {self.rl_version}"

    def os_utils(self):
        return self.pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)

    def rl_deadwood(self, hand: list) -> int:
        """RLCard's least deadwood of a 10-card hand (a list of its Card objects):
        what its round computes when a player knocks or goes gin."""
        best = self.rl_melding.get_best_meld_clusters(hand=hand)
        return self.rl_utils.get_deadwood_count(hand=hand, meld_cluster=best[0] if best else [])


def _dist_version(name: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "?"


# -- sections ----------------------------------------------------------------------------


@dataclass
class Mode:
    name: str
    repeats: int
    solver_hands: int
    rl_hands: int
    games: int
    rl_games: int
    sim_rounds: int
    mem_rounds: int
    help_runs: int
    cv_rounds: int
    analyse_hands: int


MODES = {
    "quick": Mode("quick", 3, 5000, 500, 150, 60, 2000, 5000, 5, 100, 100),
    "default": Mode("default", 5, 20000, 2000, 400, 150, 2000, 20000, 9, 300, 300),
    "full": Mode("full", 7, 50000, 3000, 1000, 300, 2000, 100000, 15, 1000, 1000),
}


def section_solver(report: Report, peers: Peers, mode: Mode, seed: int) -> None:
    from rummykit.core.cards.solver import get_solver

    gin = get_solver(False, 1)
    gin.deadwood(0)  # build the lookup tables outside the timings
    rng = random.Random(seed)
    deck = list(range(52))
    R = mode.repeats
    os_u = peers.os_utils() if peers.pyspiel else None

    # -- random 10-card hands
    r10 = hands(rng, deck, 10, mode.solver_hands)
    m10 = [to_mask(h) for h in r10]
    rl10 = []
    if peers.rlcard:
        rl10 = [[peers.rl_utils.get_card(c) for c in h] for h in r10[: mode.rl_hands]]
    ours, os_t, rl_t, ours_list = [], [], [], []
    for _ in range(R):
        ours.append(per_item_us(gin.deadwood, m10))
        # The same figure with the hand given as a list of card ints (the peers'
        # input form), converted to our mask inside the timing.
        ours_list.append(per_item_us(lambda h: gin.deadwood(to_mask(h)), r10))
        if os_u:
            os_t.append(per_item_us(os_u.min_deadwood, r10))
        if rl10:
            rl_t.append(per_item_us(peers.rl_deadwood, rl10))
    o = median_of(ours)
    checks = []
    if os_u:
        bad = sum(gin.deadwood(m) != os_u.min_deadwood(h) for m, h in zip(m10, r10, strict=True))
        checks.append(f"{peers.os_name()} disagrees on {bad}/{len(r10)}")
    if rl10:
        bad = sum(gin.deadwood(m) != peers.rl_deadwood(h) for m, h in zip(m10, rl10, strict=True))
        checks.append(f"{peers.rl_name()} disagrees on {bad}/{len(rl10)}")
    if os_u:
        p = median_of(os_t)
        report.add(
            Row(
                "least deadwood, random 10 cards, cold",
                fmt_us(o),
                f"{fmt_us(p)} ({peers.os_name()})",
                f"{o / p:.2f}× OpenSpiel's time",
                "≤ 2× OpenSpiel",
                o <= 2 * p,
            )
        )
    else:
        report.add(
            Row(
                "least deadwood, random 10 cards, cold",
                fmt_us(o),
                peers.why.get("open_spiel", "-"),
                target="≤ 2× OpenSpiel",
            )
        )
    if rl10:
        p = median_of(rl_t)
        report.add(
            Row(
                "least deadwood, random 10 cards, cold",
                fmt_us(o),
                f"{fmt_us(p)} ({peers.rl_name()})",
                f"{p / o:.1f}× faster than RLCard",
                "≥ 7× faster than RLCard",
                p >= 7 * o,
            )
        )
    else:
        report.add(
            Row(
                "least deadwood, random 10 cards, cold",
                fmt_us(o),
                peers.why.get("rlcard", "-"),
                target="≥ 7× faster than RLCard",
            )
        )
    report.notes.append(
        f"Solver, random 10 cards: {len(r10):,} hands (RLCard: the first {len(rl10):,}); "
        f"ours with the hand given as a list of card ints instead of a mask: {fmt_us(median_of(ours_list))}; "
        + "; ".join(checks)
        + "."
    )

    # -- meld-rich 10-card hands (A-6 only)
    rich10 = hands(rng, RICH, 10, mode.solver_hands)
    mr10 = [to_mask(h) for h in rich10]
    ours, os_t = [], []
    for _ in range(R):
        ours.append(per_item_us(gin.deadwood, mr10))
        if os_u:
            os_t.append(per_item_us(os_u.min_deadwood, rich10))
    o = median_of(ours)
    exact = []
    if os_u:
        bad = sum(gin.deadwood(m) != os_u.min_deadwood(h) for m, h in zip(mr10, rich10, strict=True))
        exact.append(f"{peers.os_name()} disagrees on {bad}/{len(rich10)}")
    if peers.rlcard:
        few = rich10[: mode.rl_hands]
        bad = sum(
            gin.deadwood(to_mask(h)) != peers.rl_deadwood([peers.rl_utils.get_card(c) for c in h])
            for h in few
        )
        exact.append(f"{peers.rl_name()} disagrees on {bad}/{len(few)}")
    exactness = ("exact (" + "; ".join(exact) + ")") if exact else "exact per the brute-force tests"
    if os_u:
        p = median_of(os_t)
        report.add(
            Row(
                "least deadwood, meld-rich 10 cards (A–6), cold",
                fmt_us(o),
                f"{fmt_us(p)} ({peers.os_name()})",
                f"{o / p:.2f}× OpenSpiel's time",
                "exact, ≤ 3× OpenSpiel",
                o <= 3 * p,
            )
        )
    else:
        report.add(
            Row(
                "least deadwood, meld-rich 10 cards (A–6), cold",
                fmt_us(o),
                peers.why.get("open_spiel", "-"),
                target="exact, ≤ 3× OpenSpiel",
            )
        )
    report.notes.append(
        f"Solver, meld-rich 10 cards: {len(rich10):,} hands; {exactness}; "
        "tests/core/test_solver.py checks the solver against brute force."
    )

    # -- 11 cards: our exact best discard against OpenSpiel's 11-card min_deadwood
    for label, pool in (("random", deck), ("meld-rich (A–6)", RICH)):
        h11 = hands(rng, pool, 11, mode.solver_hands)
        m11 = [to_mask(h) for h in h11]
        ours, os_t = [], []
        for _ in range(R):
            ours.append(per_item_us(gin.best_discard, m11))
            if os_u:
                os_t.append(per_item_us(os_u.min_deadwood, h11))
        o = median_of(ours)
        what = f"exact best discard, {label} 11 cards"
        if os_u:
            p = median_of(os_t)
            worse = sum(os_u.min_deadwood(h) > gin.best_discard(m)[1] for m, h in zip(m11, h11, strict=True))
            better = sum(os_u.min_deadwood(h) < gin.best_discard(m)[1] for m, h in zip(m11, h11, strict=True))
            report.add(
                Row(
                    what,
                    fmt_us(o),
                    f"{fmt_us(p)} ({peers.os_name()}, inexact)",
                    f"{o / p:.2f}× OpenSpiel's time",
                    "≤ 2× OpenSpiel",
                    o <= 2 * p,
                )
            )
            report.notes.append(
                f"11 cards, {label}: {len(h11):,} hands; OpenSpiel's 11-card min_deadwood is higher "
                f"than the exact least deadwood after the best discard on {worse} of them"
                + (f" and LOWER on {better} (a bug on our side!)" if better else "")
                + "."
            )
        else:
            report.add(Row(what, fmt_us(o), peers.why.get("open_spiel", "-"), target="≤ 2× OpenSpiel"))


def _gin_setup():
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    spec = reg.variant("gin")
    return reg, spec, spec.options_model()


def play_round(spec, options, agents, seed: int, n_seats: int = 2) -> None:
    """One round, the way ``rummy simulate`` plays it: the seat to act gets its
    view and the legal actions, and its move goes through ``Round.apply``."""
    rnd = spec.new_round(options, n_seats, 0, random.Random(seed))
    while rnd.result is None:
        seat = rnd.to_act()
        v = rnd.view(seat)
        rnd.apply(agents[seat].act(v, v.legal))


def section_rounds(report: Report, peers: Peers, mode: Mode, seed: int) -> None:
    from rummykit.core.bots.agents import RandomAgent

    reg, spec, options = _gin_setup()
    R, N = mode.repeats, mode.games
    ps = peers.pyspiel
    game = ps.load_game("gin_rummy") if ps else None

    def ours_random(n: int, rep: int) -> float:
        agents = [RandomAgent(seed + rep), RandomAgent(seed + rep + 1000)]
        return rate(lambda i: play_round(spec, options, agents, seed * 100_000 + i), n)

    def os_python(n: int, rep: int) -> float:
        rng = random.Random(seed + rep)

        def one(_i: int) -> None:
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()  # uniform over the cards left
                    s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[rng.randrange(len(legal))])

        return rate(one, n)

    def os_cpp(bots_fn, n: int, rep: int) -> float:
        bots = bots_fn(rep)
        return rate(lambda i: ps.evaluate_bots(game.new_initial_state(), bots, seed * 100_000 + i), n)

    def os_random_bots(rep: int):
        return [ps.make_uniform_random_bot(p, seed + rep * 2 + p) for p in range(2)]

    def os_simple_bots(_rep: int):
        params = game.get_parameters()
        return [ps.make_simple_gin_rummy_bot(params, p) for p in range(2)]

    def rl_random(n: int, rep: int) -> float:
        import numpy as np
        from rlcard.agents import RandomAgent as RLRandom

        np.random.seed(seed + rep)  # RLCard's RandomAgent draws from numpy's global generator
        env = peers.rlcard.make("gin-rummy", config={"seed": seed + rep})
        env.set_agents([RLRandom(num_actions=env.num_actions) for _ in range(2)])
        return rate(lambda _i: env.run(is_training=False), n)

    easy = reg.agent("gin", "ai:easy")

    def ours_easy(n: int, rep: int) -> float:
        agents = [easy.factory(0, seed + rep, options), easy.factory(1, seed + rep + 1000, options)]
        return rate(lambda i: play_round(spec, options, agents, seed * 100_000 + i), n)

    res: dict[str, list[float]] = {}
    for rep in range(R):
        res.setdefault("ours_random", []).append(ours_random(N, rep))
        res.setdefault("ours_easy", []).append(ours_easy(N, rep))
        if ps:
            res.setdefault("os_python", []).append(os_python(N, rep))
            res.setdefault("os_cpp", []).append(os_cpp(os_random_bots, N, rep))
            res.setdefault("os_simple", []).append(os_cpp(os_simple_bots, N, rep))
        if peers.rlcard:
            res.setdefault("rl", []).append(rl_random(mode.rl_games, rep))
    med = {k: median_of(v) for k, v in res.items()}
    o = med["ours_random"]
    if ps:
        p = med["os_cpp"]
        report.add(
            Row(
                "Gin rounds/s, random vs random",
                fmt_rate(o),
                f"{fmt_rate(p)} ({peers.os_name()}, loop in C++)",
                f"{o / p:.2f}× OpenSpiel C++",
                "≥ OpenSpiel C++-looped",
                o >= p,
            )
        )
        report.notes.append(
            f"Random vs random, {N} games per repeat: {peers.os_name()} driven from Python "
            f"(random legal actions, chance by our generator): {fmt_rate(med['os_python'])}; "
            "the C++ loop is pyspiel.evaluate_bots with two make_uniform_random_bot."
        )
    else:
        report.add(
            Row(
                "Gin rounds/s, random vs random",
                fmt_rate(o),
                peers.why.get("open_spiel", "-"),
                target="≥ OpenSpiel C++-looped",
            )
        )
    if peers.rlcard:
        p = med["rl"]
        report.add(
            Row(
                "Gin rounds/s, random vs random",
                fmt_rate(o),
                f"{fmt_rate(p)} ({peers.rl_name()})",
                f"{o / p:.1f}× RLCard",
                "≥ 4× RLCard",
                o >= 4 * p,
            )
        )
        report.notes.append(
            f"RLCard: rlcard.make('gin-rummy') with two rlcard RandomAgent, env.run(), "
            f"{mode.rl_games} games per repeat."
        )
    else:
        report.add(
            Row(
                "Gin rounds/s, random vs random",
                fmt_rate(o),
                peers.why.get("rlcard", "-"),
                target="≥ 4× RLCard",
            )
        )
    o = med["ours_easy"]
    if ps:
        p = med["os_simple"]
        report.add(
            Row(
                "Gin rounds/s, ai:easy vs ai:easy",
                fmt_rate(o),
                f"{fmt_rate(p)} ({peers.os_name()} simple bot vs itself, C++)",
                f"{o / p:.2f}× OpenSpiel",
                "≥ OpenSpiel simple bot",
                o >= p,
            )
        )
    else:
        report.add(
            Row(
                "Gin rounds/s, ai:easy vs ai:easy",
                fmt_rate(o),
                peers.why.get("open_spiel", "-"),
                target="≥ OpenSpiel simple bot",
            )
        )


def _run_simulate(args: list[str]) -> tuple[float, float, dict]:
    """Run ``rummy simulate ... --json``; (wall seconds, CPU seconds of the command
    and its worker processes, its JSON)."""
    c0, t0 = _child_cpu(), time.perf_counter()
    p = subprocess.run([RUMMY, "simulate", *args, "--json"], capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t0, _child_cpu() - c0
    if p.returncode != 0:
        raise RuntimeError(f"rummy simulate {' '.join(args)} failed: {p.stderr.strip()[-300:]}")
    return wall, cpu, json.loads(p.stdout.strip().splitlines()[-1])


def _busy_cpu_seconds() -> float | None:
    """CPU seconds every process on the machine has used since boot (/proc/stat)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _own_cpu_seconds() -> float:
    import resource

    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


def section_simulate(report: Report, mode: Mode, seed: int) -> None:
    """The same 2,000 rounds with one and two worker processes. The ratio is of
    the rounds per second the command itself reports (its playing time, worker
    start-up included); the wall time of the whole command, which adds the fixed
    start-up of any ``rummy`` process, is in the notes."""
    n = mode.sim_rounds
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    inner: dict[int, list[float]] = {1: [], 2: []}
    busy0, own0, t0 = _busy_cpu_seconds(), _own_cpu_seconds(), time.perf_counter()
    for rep in range(max(3, mode.repeats // 2)):
        for w in (1, 2):
            wall, cpu, data = _run_simulate(
                ["gin", "--rounds", str(n), "--seed", str(seed + rep), "--workers", str(w)]
            )
            walls[w].append(wall)
            cpus[w].append(cpu)
            inner[w].append(data.get("rounds_per_second", 0.0))
    busy1, own1, elapsed = _busy_cpu_seconds(), _own_cpu_seconds(), time.perf_counter() - t0
    others = ""
    if busy0 is not None and busy1 is not None:
        share = max(0.0, (busy1 - busy0) - (own1 - own0)) / elapsed
        others = f" Meanwhile other processes kept {share:.2f} of the {os.cpu_count()} cores busy."
    r1, r2 = median_of(inner[1]), median_of(inner[2])
    speedup = r2 / r1
    w1, w2 = median_of(walls[1]), median_of(walls[2])
    report.add(
        Row(
            f"rummy simulate gin --rounds {n:,}: --workers 2 against --workers 1",
            f"{fmt_rate(r2)} vs {fmt_rate(r1)}",
            "-",
            f"{speedup:.2f}× faster",
            "≥ 1.7×",
            speedup >= 1.7,
            note="rounds/s the command reports",
        )
    )
    report.notes.append(
        f"simulate: wall time of the whole command (with the start-up of a rummy process): "
        f"--workers 1 {w1:.2f} s, --workers 2 {w2:.2f} s ({w1 / w2:.2f}×); ai:easy in both seats "
        "(the default). Two workers need two idle cores: on a shared machine this is the noisiest row. "
        f"CPU time, all processes: {median_of(cpus[1]):.2f} s with one worker, {median_of(cpus[2]):.2f} s "
        "with two (the work is split, not repeated)." + others
    )


def _peak_rss_mb(cmd: list[str]) -> tuple[float, float]:
    """Run ``cmd`` in a fresh helper process; (its peak RSS in MB, wall seconds).
    The helper reports RUSAGE_CHILDREN, the largest of its waited-for descendants."""
    helper = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
        "if r.returncode: sys.exit(r.stderr.decode()[-300:])\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - t)\n"
    )
    p = subprocess.run([sys.executable, "-c", helper, *cmd], capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(p.stderr.strip()[-300:])
    kb, wall = p.stdout.split()
    return int(kb) / 1024, float(wall)


def section_memory(report: Report, mode: Mode, seed: int) -> None:
    small = 1000
    rss_small, _ = _peak_rss_mb(
        [RUMMY, "simulate", "gin", "--rounds", str(small), "--seed", str(seed), "--json"]
    )
    n = mode.mem_rounds
    rss, wall = _peak_rss_mb([RUMMY, "simulate", "gin", "--rounds", str(n), "--seed", str(seed), "--json"])
    full = n >= 100_000
    report.add(
        Row(
            f"peak memory, rummy simulate gin --rounds {n:,}",
            f"{rss:.0f} MB",
            "-",
            "-",
            "≤ 150 MB",
            rss <= 150,
            note="the issue's 100,000" if full else "--full runs the issue's 100,000",
        )
    )
    report.notes.append(
        f"memory: peak RSS {rss_small:.0f} MB at {small:,} rounds and {rss:.0f} MB at {n:,} rounds "
        f"({wall:.0f} s): flat, results are streamed."
    )


def _child_cpu() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def section_help(report: Report, mode: Mode) -> None:
    """``rummy --help`` in a new process each time: wall time (the target) and the
    CPU time the process used (what the wall time would be on an idle machine,
    less a little I/O)."""

    def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
        c0, t0 = _child_cpu(), time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True, env=env)
        wall, cpu = time.perf_counter() - t0, _child_cpu() - c0
        if p.returncode != 0:
            raise RuntimeError(p.stderr.strip()[-300:])
        return wall, cpu

    runs = [timed([RUMMY, "--help"]) for _ in range(mode.help_runs)]
    bare = [timed([sys.executable, "-c", "pass"]) for _ in range(5)]
    wall = median_of([w for w, _ in runs])
    cpu = median_of([c for _, c in runs])
    others = _third_party_plugins()
    report.add(
        Row(
            "rummy --help, cold start",
            f"{wall:.3f} s",
            "-",
            "-",
            "≤ 0.25 s",
            wall <= 0.25,
            note=f"median of {len(runs)} runs, every installed plugin",
        )
    )
    note = (
        f"rummy --help: wall min {min(w for w, _ in runs):.3f} s, max {max(w for w, _ in runs):.3f} s; "
        f"CPU time {cpu:.3f} s (median); a bare `python -c pass` takes "
        f"{median_of([w for w, _ in bare]):.3f} s "
        f"wall, {median_of([c for _, c in bare]):.3f} s CPU here."
    )
    if others:
        env = {**os.environ, "RUMMYKIT_DISABLE_PLUGINS": ",".join(others)}
        own = [timed([RUMMY, "--help"], env) for _ in range(mode.help_runs)]
        note += (
            f" With only rummykit's own plugins (RUMMYKIT_DISABLE_PLUGINS={','.join(others)}): "
            f"{median_of([w for w, _ in own]):.3f} s wall, {median_of([c for _, c in own]):.3f} s CPU; "
            "every plugin module is imported by every command, so a plugin should import its "
            "engine inside its hooks (as gin and cardverse do)."
        )
    report.notes.append(note)


def _third_party_plugins() -> list[str]:
    """Entry points of the ``rummykit`` group that other distributions install."""
    from importlib import metadata

    names = []
    for ep in metadata.entry_points(group="rummykit"):
        dist = getattr(ep, "dist", None)
        if dist is None or (dist.metadata["Name"] or "").lower() != "rummykit":
            names.append(ep.name)
    return sorted(set(names))


def section_cardverse(report: Report, mode: Mode, seed: int) -> None:
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    spec = reg.variant("cardverse")
    options = spec.options_model()
    easy = reg.agent("cardverse", "ai:easy")
    for n_seats in (2, 3, 4):
        rates = []
        for rep in range(mode.repeats):
            agents = [easy.factory(s, seed + rep * 10 + s, options) for s in range(n_seats)]
            rates.append(
                rate(
                    lambda i, agents=agents, n=n_seats: play_round(
                        spec, options, agents, seed * 100_000 + i, n
                    ),
                    mode.cv_rounds,
                )
            )
        report.add(
            Row(f"CardVerse rounds/s, ai:easy, {n_seats} seats", fmt_rate(median_of(rates)), "no peer")
        )


def section_analyse(report: Report, mode: Mode, seed: int) -> None:
    """``rummy analyze cardverse`` on big hands (the target: any hand of up to 52
    cards in under a second and 200 MB): the whole deck, the 36 cards A-9 of every
    suit (every rank a possible set: the worst case of a search over set choices),
    and random 36-card hands, with and without ``discard_to_win``. In-process time
    of the analysis, then the whole command (start-up included): wall time and
    peak RSS."""
    from rummykit.core.cards.card import code
    from rummykit.variants.cardverse_rummy import CardVerseOptions
    from rummykit.variants.cardverse_rummy.analysis import analyze

    deck = list(range(52))
    a_to_9 = [s * 13 + r for s in range(4) for r in range(9)]
    plain, keep = CardVerseOptions(), CardVerseOptions(discard_to_win=True)
    rng = random.Random(seed)
    randoms = hands(rng, deck, 36, mode.analyse_hands)

    def timed(cards, options) -> float:
        t0 = time.perf_counter()
        analyze(cards, options)
        return time.perf_counter() - t0

    for name, cards in (("the whole deck, 52 cards", deck), ("A-9 of every suit, 36 cards", a_to_9)):
        for opts, label in ((plain, ""), (keep, ", discard_to_win")):
            t = median_of([timed(cards, opts) for _ in range(mode.repeats)])
            cmd = [RUMMY, "analyze", "cardverse", *(code(c) for c in cards), "--json"]
            if opts is keep:
                cmd += ["-o", "discard_to_win=true"]
            runs = [_peak_rss_mb(cmd) for _ in range(mode.repeats)]
            rss = max(r for r, _ in runs)
            wall = median_of([w for _, w in runs])
            report.add(
                Row(f"rummy analyze cardverse, {name}{label}", f"{t * 1000:.1f} ms", "-", "-", "< 1 s", t < 1)
            )
            report.add(
                Row(
                    f"rummy analyze cardverse, {name}{label}: the whole command",
                    f"{wall:.2f} s, {rss:.0f} MB",
                    "-",
                    "-",
                    "< 1 s, < 200 MB",
                    wall < 1 and rss < 200,
                    note="wall time, peak RSS",
                )
            )
    for opts, label in ((plain, ""), (keep, ", discard_to_win")):
        times = sorted(timed(h, opts) for h in randoms)
        report.add(
            Row(
                f"rummy analyze cardverse, random 36 cards{label}",
                f"median {median_of(times) * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms",
                "-",
                "-",
                "< 1 s",
                times[-1] < 1,
                note=f"{len(randoms)} hands",
            )
        )
    base = median_of([_peak_rss_mb([RUMMY, "analyze", "cardverse", "KD"])[1] for _ in range(mode.repeats)])
    report.notes.append(
        f"analyse: the in-process figure is the analysis alone (analyze(), median of {mode.repeats}); "
        f"the command's wall time includes Python's start-up and the plugins' loading, "
        f"{base:.2f} s for a one-card hand here."
    )


def _mid_rounds(spec, options, n_seats: int, seed: int, count: int) -> list:
    """``count`` rounds stopped at half their length, ai:easy at every seat,
    dealt as a match deals them (so that they know their dealer)."""
    from rummykit.core.engine.resample import deal_round
    from rummykit.core.plugins.manager import get_plugins

    easy = get_plugins().registry.agent(spec.name, "ai:easy")
    out = []
    for i in range(count):
        agents = [easy.factory(s, seed + i * 10 + s, options) for s in range(n_seats)]
        rnd = deal_round(spec, options, n_seats, 0, random.Random(seed * 100_000 + i))
        actions = []
        while rnd.result is None:
            v = rnd.view(rnd.to_act())
            actions.append(agents[v.seat].act(v, v.legal))
            rnd.apply(actions[-1])
        mid = deal_round(spec, options, n_seats, 0, random.Random(seed * 100_000 + i))
        for a in actions[: len(actions) // 2]:
            mid.apply(a)
        out.append(mid)
    return out


def section_state(report: Report, mode: Mode, seed: int) -> None:
    """Round.clone and Round.resample, in states halfway through rounds."""
    from rummykit.core.engine.round import Round
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    count = max(20, mode.cv_rounds // 5)
    for name, n_seats in (("gin", 2), ("cardverse", 2), ("cardverse", 4)):
        spec = reg.variant(name)
        options = spec.options_model()
        label = "Gin" if name == "gin" else f"CardVerse {n_seats} seats"
        rounds = _mid_rounds(spec, options, n_seats, seed, count)
        length = statistics.mean(len(r.history) for r in rounds)
        many = rounds * 50
        clone = median_of([per_item_us(lambda r: r.clone(), many) for _ in range(mode.repeats)])
        report.add(
            Row(
                f"clone, {label} mid-round",
                fmt_us(clone),
                "no peer",
                target="a few µs (≤ 10 µs)",
                met=clone <= 10,
                note=f"{len(rounds)} states, {length:.0f} actions played",
            )
        )
        if n_seats != 4:
            deep = median_of([per_item_us(lambda r: Round.clone(r), rounds * 5) for _ in range(mode.repeats)])
            report.add(
                Row(
                    f"clone by core's default (deepcopy), {label} mid-round",
                    fmt_us(deep),
                    "no peer",
                    note="what a variant without a clone of its own pays",
                )
            )
        rng = random.Random(seed)
        for r in rounds:
            r.resample(r.to_act(), rng)  # each round's layout, learnt once per round
        firsts, again = [], []
        for _ in range(mode.repeats):
            fresh = [r.clone() for r in rounds]  # the same states, without their resampling work
            firsts.append(per_item_us(lambda r, rng=rng: r.resample(r.to_act(), rng), fresh))
            again.append(per_item_us(lambda r, rng=rng: r.resample(r.to_act(), rng), fresh * 20))
        report.add(
            Row(
                f"resample, {label} mid-round, first call in a state",
                fmt_us(median_of(firsts)),
                "no peer",
                note="replays the real deal along the history, once per state",
            )
        )
        report.add(
            Row(
                f"resample, {label} mid-round, each further call",
                fmt_us(median_of(again)),
                "no peer",
                note="deals one round and replays the history on it",
            )
        )


SECTIONS = ["solver", "rounds", "simulate", "memory", "help", "cardverse", "analyse", "state"]


#: The heading of the section of RESULTS.md this script writes. Writing replaces that
#: section alone (up to the next ``## `` heading) and keeps the rest of the file as it
#: is: the table of current figures above it, the sections other scripts measure and
#: the history below it.
SECTION = "## The main benchmarks: `make bench`"


def splice(before: str, section: str) -> str:
    """``before`` (the file's text) with this script's section replaced by ``section``
    (which begins with :data:`SECTION`); the section appended when the file has none."""
    section = section.rstrip("\n") + "\n"
    text = "\n" + before
    start = text.find("\n" + SECTION + "\n")
    if start < 0:
        return (before.rstrip("\n") + "\n\n" if before.strip() else "") + section
    end = text.find("\n## ", start + 1)
    tail = text[end:] if end >= 0 else ""
    return text[1 : start + 1] + section + tail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--quick", action="store_true", help="smaller samples (about a minute)")
    g.add_argument("--full", action="store_true", help="more repeats; memory at 100,000 rounds")
    ap.add_argument("--no-peers", action="store_true", help="do not import OpenSpiel or RLCard")
    ap.add_argument("--only", default="", help=f"comma-separated sections: {', '.join(SECTIONS)}")
    ap.add_argument("--repeats", type=int, default=0, help="timed repeats per figure (median)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(HERE / "RESULTS.md"), help="markdown file, or - for none")
    args = ap.parse_args(argv)

    mode = MODES["quick" if args.quick else "full" if args.full else "default"]
    if args.repeats:
        mode.repeats = args.repeats
    only = [s.strip() for s in args.only.split(",") if s.strip()] or SECTIONS
    for s in only:
        if s not in SECTIONS:
            ap.error(f"unknown section {s!r} (sections: {', '.join(SECTIONS)})")

    m = machine()
    started = _dt.datetime.now().astimezone()
    print(
        f"rummykit benchmarks ({mode.name} mode, {mode.repeats} repeats, medians) on {m['arch']}, "
        f"{m['cpu']}, {m['cores']} cores, Python {m['python']}; load average {m['load']}",
        flush=True,
    )
    peers = Peers(not args.no_peers)
    for name, why in peers.why.items():
        print(f"  peer {name}: {why}")
    report = Report()
    runners = {
        "solver": lambda: section_solver(report, peers, mode, args.seed),
        "rounds": lambda: section_rounds(report, peers, mode, args.seed),
        "simulate": lambda: section_simulate(report, mode, args.seed),
        "memory": lambda: section_memory(report, mode, args.seed),
        "help": lambda: section_help(report, mode),
        "cardverse": lambda: section_cardverse(report, mode, args.seed),
        "analyse": lambda: section_analyse(report, mode, args.seed),
        "state": lambda: section_state(report, mode, args.seed),
    }
    for name in SECTIONS:
        if name not in only:
            continue
        print(f"[{name}]", flush=True)
        t0 = time.perf_counter()
        try:
            runners[name]()
        except Exception as e:  # one broken section must not hide the others
            report.add(Row(f"{name} section", f"failed: {type(e).__name__}: {str(e)[:200]}"))
        print(f"  ({time.perf_counter() - t0:.0f} s)", flush=True)

    m_end = machine()
    print()
    print(plain_table(report))
    for n in report.notes:
        print(f"- {n}")
    if args.out != "-":
        header = [
            SECTION,
            "",
            "`make bench` runs `benchmarks/run.py`: our figures, and beside them those of",
            "OpenSpiel 2.0.2 (C++) and RLCard 1.2.0 (Python) when the optional extra `peers` is",
            "installed",
            "(`.venv/bin/pip install --config-settings editable_mode=strict -e '.[test,peers]'`),",
            "measured in the same run on the same hands or the same number of games, through",
            "their public APIs only. Every figure",
            "is a median of repeats; ours and theirs run back to back, so the ratios hold even on a",
            "busy machine. `make bench BENCH_ARGS=--quick` takes about a minute; `--full` also",
            "measures the memory over 100,000 rounds. Each row has its target beside its figure.",
            "`run.py` writes this section again on every run (with `--only`, the rows of the",
            "sections run alone: `--out -` prints them without writing); the rest of the file",
            "is kept as it is.",
            "",
            f"Latest run: {started:%Y-%m-%d %H:%M %Z}, {m['arch']}, {m['cpu']}, {m['cores']} cores, "
            f"{m['system']}, Python {m['python']}; {mode.name} mode ({mode.repeats} repeats); "
            f"sections: {', '.join(only)}; load average {m['load']} at the start, "
            f"{m_end['load']} at the end (the machine was shared).",
        ]
        out = Path(args.out)
        before = out.read_text(encoding="utf-8") if out.exists() else ""
        out.write_text(splice(before, markdown(report, header)), encoding="utf-8")
        print(f"\nwritten to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
