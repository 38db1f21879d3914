"""Benchmark of the solver for declared decks and wild cards (a plain script,
not part of the test run).

    .venv/bin/python benchmarks/bench_wild.py [n] [seed]

Figures are medians (and the 90th percentile) of per-hand times in
microseconds. "Steady" means after ``n`` warm-up hands of the same kind: the
solver fills shared per-suit tables as hands need them (the way the one-deck
solver builds its tables once), so a game's later hands find them filled;
"first hands" are the first ``n // 4`` hands of a fresh process, tables
empty. The one-deck Gin solver is timed in the same run as a yardstick for
how busy the machine is (benchmarks/RESULTS.md has it at 0.40 µs).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from argtypes import between

from rummykit.core.cards.deck import Deck
from rummykit.core.cards.solver import get_solver
from rummykit.core.cards.wild import JOKERS_WILD, CardPoints, MeldRules, Needs, Wilds
from rummykit.core.cards.wildsolver import WildSolver

INDIAN = WildSolver(
    Deck(copies=2, jokers=2),
    MeldRules(ace="both"),
    CardPoints(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0, wild=0),
)
CONTRACT = WildSolver(
    Deck(copies=3, jokers=6),
    MeldRules(set_max=None, set_suits="repeat", run_min=4, ace="both"),
    CardPoints(ranks=(15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), joker=15),
)
INDIAN_NEEDS = Needs(runs=2, pure_runs=1)
CONTRACT_NEEDS = Needs(sets=2, runs=1)  # deal 5: two sets and a run


def _indian_hands(rng: random.Random, n: int) -> list[tuple[int, Wilds]]:
    """13 cards of the two decks and two jokers, and a wild rank drawn like a
    cut joker; only hands with at most two wild cards (the issue's case)."""
    d = INDIAN.deck
    out: list[tuple[int, Wilds]] = []
    while len(out) < n:
        cards = rng.sample(range(d.size), 14)
        cut = cards.pop()
        wilds = Wilds.of_rank(0 if d.is_joker(cut) else cut % 13)
        mask = sum(1 << c for c in cards)
        if (mask & wilds.mask(d)).bit_count() <= 2:
            out.append((mask, wilds))
    return out


def _contract_hands(rng: random.Random, n: int) -> list[tuple[int, Wilds]]:
    d = CONTRACT.deck
    return [(sum(1 << c for c in rng.sample(range(d.size), 12)), JOKERS_WILD) for _ in range(n)]


def _times(fn: Callable[[int, Wilds], object], hands: list[tuple[int, Wilds]]) -> tuple[float, float]:
    ts = []
    for mask, wilds in hands:
        t0 = time.perf_counter()
        fn(mask, wilds)
        ts.append(time.perf_counter() - t0)
    ts.sort()
    return statistics.median(ts) * 1e6, ts[int(len(ts) * 0.9)] * 1e6


def run(n: int = 4000, seed: int = 1) -> dict[str, tuple[float, float]]:
    rng = random.Random(seed)
    out: dict[str, tuple[float, float]] = {}
    first = _indian_hands(rng, max(1, n // 4))
    out["indian 13 cards, <= 2 wilds, deadwood with needs, first hands"] = _times(
        lambda m, w: INDIAN.deadwood(m, w, INDIAN_NEEDS), first
    )
    warm = _indian_hands(rng, n)
    _times(lambda m, w: INDIAN.deadwood(m, w, INDIAN_NEEDS), warm)
    _times(lambda m, w: INDIAN.deadwood(m, w), warm)
    hands = _indian_hands(rng, n)
    out["indian 13 cards, <= 2 wilds, deadwood with needs, steady"] = _times(
        lambda m, w: INDIAN.deadwood(m, w, INDIAN_NEEDS), hands
    )
    met = [(m, w) for m, w in hands if INDIAN.deadwood(m, w, INDIAN_NEEDS) is not None]
    out[f"indian, the same hands that meet the needs ({len(met)} of {len(hands)}), with needs"] = _times(
        lambda m, w: INDIAN.deadwood(m, w, INDIAN_NEEDS), met
    )
    out["indian 13 cards, <= 2 wilds, deadwood, no needs, steady"] = _times(INDIAN.deadwood, hands)
    out["indian 13 cards, <= 2 wilds, solve (arrangement) with needs"] = _times(
        lambda m, w: INDIAN.solve(m, w, INDIAN_NEEDS), hands[: max(1, n // 10)]
    )
    out["indian 13 cards, <= 2 wilds, solve (arrangement), no needs"] = _times(
        INDIAN.solve, hands[n // 10 : n // 10 + max(1, n // 10)]
    )
    cwarm = _contract_hands(rng, n)
    _times(lambda m, w: CONTRACT.deadwood(m, w, CONTRACT_NEEDS), cwarm)
    chands = _contract_hands(rng, n)
    out["contract 12 cards of 3 decks + 6 jokers, two sets and a run, steady"] = _times(
        lambda m, w: CONTRACT.deadwood(m, w, CONTRACT_NEEDS), chands
    )
    gin = get_solver()
    gin.deadwood(0)
    g = [(sum(1 << c for c in rng.sample(range(52), 10)), JOKERS_WILD) for _ in range(n * 5)]
    out["yardstick: gin one-deck deadwood, random 10 cards"] = _times(lambda m, w: gin.deadwood(m), g)
    return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("n", nargs="?", type=between(1, 10_000_000, int), default=4000, help="hands (4000)")
    parser.add_argument("seed", nargs="?", type=between(0, 2**63 - 1, int), default=1, help="the seed (1)")
    args = parser.parse_args(argv[1:])
    n, seed = args.n, args.seed
    results = run(n, seed)
    width = max(len(k) for k in results)
    print(f"{'benchmark':<{width}}  {'median µs':>10} {'p90 µs':>10}   (n={n}, seed={seed})")
    for name, (med, p90) in results.items():
        print(f"{name:<{width}}  {med:>10.2f} {p90:>10.2f}")


if __name__ == "__main__":
    main(sys.argv)
