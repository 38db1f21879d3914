"""Meld solver benchmark (a plain script, not part of the test run).

    .venv/bin/python benchmarks/bench_solver.py [n] [seed]

"Cold" means no per-hand result cache: every hand is new to the solver (the
per-ruleset lookup tables are shared, and built once before timing; their
build time is reported separately). Figures are microseconds per hand.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time

from argtypes import between

from rummykit.core.cards.solver import get_solver

RICH = [s * 13 + r for s in range(4) for r in range(6)]  # A-6 of every suit


def _hands(rng: random.Random, pool: list[int], size: int, n: int) -> list[int]:
    out = []
    for _ in range(n):
        m = 0
        for c in rng.sample(pool, size):
            m |= 1 << c
        out.append(m)
    return out


def _time(fn, hands: list[int]) -> float:
    t0 = time.perf_counter()
    for h in hands:
        fn(h)
    return (time.perf_counter() - t0) / len(hands) * 1e6


#: Times ``tables_for`` of each ruleset, in a fresh interpreter (no table built yet).
BUILD = """
import sys, time
from rummykit.core.cards.solver import tables_for
for ace_high, ace in ((False, 1), (True, 1), (True, 11)):
    t0 = time.perf_counter()
    tables_for(ace_high, ace)
    print(ace_high, ace, (time.perf_counter() - t0) * 1e3)
"""


def table_build_ms() -> dict[str, float]:
    """Build time of each ruleset's tables, from scratch (ms): timed in a
    new process, where the solver's shared tables are not built yet."""
    lines = subprocess.run(
        [sys.executable, "-c", BUILD], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    out = {}
    for line in lines:
        ace_high, ace, ms = line.split()
        out[f"table build ace_high={ace_high} ace={ace} (ms)"] = float(ms)
    return out


def run(n: int = 20000, seed: int = 1) -> dict[str, float]:
    """µs per hand by benchmark name (same seed -> same hands)."""
    rng = random.Random(seed)
    deck = list(range(52))
    gin = get_solver(False, 1)
    cv = get_solver(True, 11)
    for s in (gin, cv):
        s.deadwood(0)  # build the tables outside the timings
        s.discards(0)  # and the per-discard table (DT)
    r10 = _hands(rng, deck, 10, n)
    rich10 = _hands(rng, RICH, 10, n)
    r11 = _hands(rng, deck, 11, n)
    rich11 = _hands(rng, RICH, 11, n)
    few = max(1, n // 10)
    return {
        "deadwood, random 10 cards (gin)": _time(gin.deadwood, r10),
        "deadwood, random 10 cards (cardverse ace 11)": _time(cv.deadwood, r10),
        "deadwood, meld-rich 10 cards A-6 (gin)": _time(gin.deadwood, rich10),
        "best_discard, random 11 cards (gin)": _time(gin.best_discard, r11),
        "best_discard, meld-rich 11 cards A-6 (gin)": _time(gin.best_discard, rich11),
        "discards (all 11), random 11 cards (gin)": _time(gin.discards, r11[:few]),
        "arrangement, random 10 cards (gin)": _time(gin.arrangement, r10[:few]),
        "arrangements, meld-rich 10 cards (gin)": _time(gin.arrangements, rich10[:few]),
    }


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("n", nargs="?", type=between(1, 10_000_000, int), default=20000, help="hands (20000)")
    parser.add_argument("seed", nargs="?", type=between(0, 2**63 - 1, int), default=1, help="the seed (1)")
    args = parser.parse_args(argv[1:])
    n, seed = args.n, args.seed
    results = run(n, seed)
    builds = table_build_ms()
    width = max(len(k) for k in [*results, *builds])
    print(f"{'benchmark':<{width}}  {'µs/hand':>9}   (n={n}, seed={seed}, Python {sys.version.split()[0]})")
    for name, v in results.items():
        print(f"{name:<{width}}  {v:>9.2f}")
    for name, v in builds.items():
        print(f"{name:<{width}}  {v:>9.2f}")


if __name__ == "__main__":
    main(sys.argv)
