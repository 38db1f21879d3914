"""Decision time of the computer players (a plain script, not part of the test run).

    .venv/bin/python benchmarks/bench_bots.py [ROUNDS] [SEED] [--variant V]... [--bot B]...
                                              [--uniform] [--repeat N]

Plays ``ROUNDS`` rounds (200) of each match-up below, seats swapping every round
(a tenth of them, at least 10, for ``ai:search``; ``--variant`` and ``--bot``: only
the match-ups of those variants and measuring those bots; an installed variant not in
the table, such as the scaffold's, is measured as ``ai:search`` against its strongest
other player; Indian and Contract Rummy's rounds are played inside matches, see
:data:`IN_MATCH`), and times every call of the
measured bot's ``act`` (the view, and for a searching bot its information state,
are built before the clock starts: what is timed is the bot's decision), in
wall time (the targets) and in the thread's CPU time (``cpu`` columns: what the
decision costs however busy the machine is; on a shared machine the wall times
grow with the load, the CPU times do not).
The targets, for Gin and CardVerse (:data:`TARGETED`; the other rows are
figures only): ``ai:hard`` mean <= 10 ms and 99th percentile <= 100 ms per
decision; ``ai:search`` at its default budget mean <= 100 ms. A variant that
is not installed (Straight Gin, from examples/) is skipped.

``--repeat N`` plays each match-up N times (the same seed: the same decisions, so
only the clock differs) and prints a row per repeat, then the spread of the
repeats' means and 99th percentiles (min-max); a target is judged on the repeat
with the median wall mean. A busy machine shows as a wide spread.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

from rummykit.core.base.errors import UnknownVariant
from rummykit.core.bots.agents import act_kwargs, agent_seed
from rummykit.core.engine.options import build_options
from rummykit.core.engine.resample import deal_round
from rummykit.core.engine.round import RoundResult
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import get_plugins

MATCHUPS = [
    # (variant, seats, index of the seat measured)
    ("gin", ("ai:hard", "ref:simple"), 0),
    ("gin", ("ai:hard", "ai:normal"), 0),
    ("gin", ("ai:hard", "ai:hard"), 0),
    ("gin", ("ai:normal", "ai:easy"), 0),
    ("cardverse", ("ai:hard", "ai:normal"), 0),
    ("cardverse", ("ai:hard", "ai:normal", "ai:normal"), 0),
    ("cardverse", ("ai:hard", "ai:normal", "ai:normal", "ai:normal"), 0),
    ("cardverse", ("ai:hard", "ai:easy", "ai:easy", "ai:easy"), 0),
    ("cardverse", ("ai:hard", "ai:hard", "ai:normal", "ai:normal"), 0),
    ("cardverse", ("ai:normal", "ai:easy"), 0),
    ("gin", ("ai:search", "ref:simple"), 0),
    ("straight-gin", ("ai:search", "ai:normal"), 0),
    ("cardverse", ("ai:search", "ai:normal"), 0),
    ("cardverse", ("ai:search", "ai:normal", "ai:normal"), 0),
    ("cardverse", ("ai:search", "ai:normal", "ai:normal", "ai:normal"), 0),
    ("indian", ("ai:hard", "ai:easy"), 0),
    ("indian", ("ai:hard", "ai:easy", "ai:easy", "ai:easy"), 0),
    ("indian", ("ai:search", "ai:easy"), 0),
    ("contract", ("ai:hard", "ai:easy", "ai:easy", "ai:easy"), 0),
    ("contract", ("ai:search", "ai:easy", "ai:easy", "ai:easy"), 0),
]

#: Variants whose rounds are played inside matches: their searches value a
#: play-out by the match's result (Indian Rummy's default format is one deal,
#: the declarer the winner; Contract Rummy's lowest total after seven deals),
#: which a round dealt alone does not give them. The seats then rotate from
#: match to match, not from round to round.
IN_MATCH = frozenset({"indian", "contract"})

TARGET_MEAN_MS = 10.0
TARGET_P99_MS = 100.0
SEARCH_MEAN_MS = 100.0
#: The variants whose players the time targets bind.
TARGETED = frozenset({"gin", "cardverse"})


def measure(
    variant: str,
    seats: tuple[str, ...],
    who: int,
    rounds: int,
    seed: int,
    cpu: list[float] | None = None,
    results: list[tuple[int, RoundResult]] | None = None,
    factories: Mapping[str, Callable[[int, int, Any], Any]] | None = None,
    uniform: bool = False,
) -> list[float]:
    """The wall time of every decision of the bot ``seats[who]`` over ``rounds``
    rounds (its seat moving on one each round); ``cpu``, ``results``: lists to
    append its thread's CPU time per decision, and ``(its seat, the round's
    result)`` per round; ``factories``: agent factories by seat name, for
    players no plugin registers; ``uniform``: a searching bot draws its
    deals uniformly, not by its beliefs (what the beliefs cost)."""
    made = factories or {}
    reg = get_plugins().registry
    spec = reg.variant(variant)
    options = build_options(spec.options_model, {}, variant)
    n = len(seats)
    times: list[float] = []
    clock = time.perf_counter

    def seated(i: int) -> tuple[list[Any], int]:
        """The agents with the seats rotated ``i`` places, and the measured one's seat."""
        order = [seats[(p - i) % n] for p in range(n)]
        agents = [
            (made.get(name) or reg.agent(variant, name).factory)(pos, agent_seed(seed + i, pos), options)
            for pos, name in enumerate(order)
        ]
        if uniform:
            for agent in agents:
                if hasattr(agent, "beliefs"):
                    agent.beliefs = None
        return agents, (who + i) % n

    def move(game: Any, agents: list[Any], seat: int, measured: int) -> None:
        view = game.view(seat)
        extra = act_kwargs(agents[seat], game, seat)
        if seat == measured:
            c0 = time.thread_time()
            t0 = clock()
            action = agents[seat].act(view, view.legal, **extra)
            times.append(clock() - t0)
            if cpu is not None:
                cpu.append(time.thread_time() - c0)
        else:
            action = agents[seat].act(view, view.legal, **extra)
        game.apply(action)

    if variant in IN_MATCH:
        match: Match | None = None
        matches = 0
        for _ in range(rounds):
            if match is None or match.over:
                agents, measured = seated(matches)
                match = Match(spec, options, n, seed * 100_003 + matches)
                match.keep_history = False
                matches += 1
            played = match.rounds_played
            while match.rounds_played == played and (seat := match.to_act()) is not None:
                move(match, agents, seat, measured)
            if results is not None:
                results.append((measured, match.results[-1]))
        return times
    for i in range(rounds):
        # Rotate the seats so the measured bot plays every position.
        agents, measured = seated(i)
        rnd = deal_round(spec, options, n, 0, random.Random(seed * 100_003 + i))
        while (seat := rnd.to_act()) is not None:
            move(rnd, agents, seat, measured)
        if results is not None:
            assert rnd.result is not None  # the loop ends with the round
            results.append((measured, rnd.result))
    return times


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[k]


def spread(rows: list[tuple[float, float, float, float]]) -> str:
    """The min-max of each figure over the repeats of a match-up (wall mean,
    wall p99, CPU mean, CPU p99, in ms)."""
    names = ("wall mean", "wall p99", "cpu mean", "cpu p99")
    parts = [
        f"{name} {min(r[i] for r in rows):.2f}-{max(r[i] for r in rows):.2f}" for i, name in enumerate(names)
    ]
    return f"{len(rows)} repeats: " + ", ".join(parts) + " ms"


def other_variant(variant: str) -> tuple[str, tuple[str, ...], int]:
    """The match-up for an installed variant not in :data:`MATCHUPS` (a
    plugin's, the scaffold's): ``ai:search`` against the variant's strongest
    other player, at its fewest seats."""
    reg = get_plugins().registry
    if variant not in reg.variants:
        raise SystemExit(f"bench_bots: no variant {variant!r} is installed")
    spec = reg.variant(variant)
    others = [a for a in reg.agents_for(variant) if a.name != "ai:search"]
    rival = max(others, key=lambda a: a.strength).name if others else "random"
    return variant, ("ai:search", *[rival] * (spec.min_players - 1)), 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("rounds", nargs="?", type=int, default=200, help="rounds per match-up (200)")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the seed (1)")
    parser.add_argument("--variant", action="append", help="only the match-ups of this variant (repeatable)")
    parser.add_argument("--bot", action="append", help="only the match-ups measuring this bot (repeatable)")
    parser.add_argument(
        "--uniform",
        action="store_true",
        help="searching bots draw their deals uniformly, not by their beliefs",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="times to play each match-up (1): the spread of the timings"
    )
    args = parser.parse_args(argv[1:])
    if args.rounds < 1:
        parser.error("rounds must be at least 1")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    rounds, seed = args.rounds, args.seed
    table = MATCHUPS + [other_variant(v) for v in args.variant or () if v not in {m[0] for m in MATCHUPS}]
    matchups = [
        (variant, seats, who)
        for variant, seats, who in table
        if (not args.variant or variant in args.variant) and (not args.bot or seats[who] in args.bot)
    ]
    if not matchups:
        parser.error("no match-up measures that variant and bot")
    deals = ", deals drawn uniformly" if args.uniform else ""
    print(f"bot decision time, {rounds} rounds per match-up, seed {seed} (pure Python{deals})")
    print(
        f"{'variant':10} {'measured':10} {'against':26} {'decisions':>9} {'mean ms':>8} "
        f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'cpu mean':>8} {'cpu p99':>7}"
    )
    ok = search_ok = True
    judged = False  # a row of a targeted variant was measured
    for variant, seats, who in matchups:
        searching = seats[who] == "ai:search"
        against = " ".join(s for i, s in enumerate(seats) if i != who)
        rows: list[tuple[float, float, float, float]] = []  # wall mean, wall p99, cpu mean, cpu p99
        try:
            for _ in range(args.repeat):
                cpu: list[float] = []
                times = measure(
                    variant,
                    seats,
                    who,
                    max(10, rounds // 10) if searching else rounds,
                    seed,
                    cpu,
                    uniform=args.uniform,
                )
                ms = [t * 1000 for t in times]
                cpu_ms = [t * 1000 for t in cpu]
                mean = statistics.fmean(ms) if ms else 0.0
                cpu_mean = statistics.fmean(cpu_ms) if cpu_ms else 0.0
                rows.append((mean, percentile(ms, 0.99), cpu_mean, percentile(cpu_ms, 0.99)))
                print(
                    f"{variant:10} {seats[who]:10} {against:26} {len(ms):9d} {mean:8.2f} "
                    f"{percentile(ms, 0.5):7.2f} {rows[-1][1]:7.2f} {max(ms, default=0):7.2f} "
                    f"{cpu_mean:8.2f} {rows[-1][3]:7.2f}",
                    flush=True,
                )
        except UnknownVariant:
            print(f"{variant:10} (not installed: skipped)")
            continue
        if len(rows) > 1:
            print("  " + spread(rows))
        mean, p99 = sorted(rows)[(len(rows) - 1) // 2][:2]
        if variant not in TARGETED:
            continue
        judged = True
        if seats[who] == "ai:hard" and (mean > TARGET_MEAN_MS or p99 > TARGET_P99_MS):
            ok = False
        if searching and mean > SEARCH_MEAN_MS:
            search_ok = False
    if not judged:
        print("no time target for these match-ups (the targets are Gin's and CardVerse's)")
        return 0
    print(
        f"ai:hard target (mean <= {TARGET_MEAN_MS:g} ms, p99 <= {TARGET_P99_MS:g} ms): "
        + ("met" if ok else "NOT met")
    )
    print(f"ai:search target (mean <= {SEARCH_MEAN_MS:g} ms): " + ("met" if search_ok else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
