"""The generic search beside OpenSpiel's: each against the simple Gin bot it is measured by.

    .venv/bin/python benchmarks/bench_search.py [--hands N] [--seed S] [--no-peers]

Both searches know nothing of Gin but what the game's interface gives them, and
each plays ``--hands`` hands of Gin (one round each, seats swapping every hand)
against the strategy of OpenSpiel's simple gin bot:

* rummykit: core's ``ai:search`` as core registers it for a variant that has
  none of its own (its default budget: 64 play-outs a decision, the variant's
  roll-out policy, a move replacing the prior only when two standard errors
  ahead; Gin registers its own, which is not measured here) against
  ``ref:simple``, rummykit's reimplementation of that bot; the same search
  with random roll-outs, as OpenSpiel's plays; and ``ai:hard``, for scale.
* OpenSpiel (the ``peers`` extra): its C++ IS-MCTS (``pyspiel.ISMCTSBot``: 100
  simulations a move, one random roll-out each, UCT constant 2, the most visited
  move) against its own ``make_simple_gin_rummy_bot``.

For each: the searching side's share of the hands (95% Wilson interval), its
points a hand less the opponent's, and its CPU time per decision (the thread's,
so the figure holds on a busy machine). A plain script, not part of the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterable
from typing import Any

from argtypes import between
from bench_bots import measure

from rummykit.core.bots.search import DEFAULT_ITERATIONS, SEARCH_CONFIDENCE, SearchAgent, search_spec
from rummykit.core.engine.round import RoundResult
from rummykit.core.play.simulate import wilson
from rummykit.core.plugins.manager import get_plugins

#: The name ``ai:search`` with random roll-outs is measured under.
RANDOM_ROLLOUTS = "ai:search/random"
#: The name core's ``ai:search`` for Gin is measured under (Gin's own hides it in the registry).
CORE_SEARCH = "ai:search/core"
#: OpenSpiel's IS-MCTS: simulations a move, and the UCT exploration constant.
ISMCTS_SIMULATIONS = 100
ISMCTS_UCT_C = 2.0


def report(name: str, hands: Iterable[tuple[bool, float]], cpu_s: list[float]) -> str:
    """One line: ``hands`` are (won, points less the opponent's) per hand."""
    rows = list(hands)
    won = sum(w for w, _ in rows)
    lo, hi = wilson(won, len(rows))
    net = statistics.fmean(p for _, p in rows) if rows else 0.0
    ms = statistics.fmean(cpu_s) * 1000 if cpu_s else 0.0
    share = won / len(rows) if rows else 0.0
    interval = f"{lo:.1%}-{hi:.1%}"
    return f"{name:<52} {len(rows):>5} {share:>7.1%} {interval:>13} {net:>+8.2f} {ms:>9.1f} {len(cpu_s):>9}"


def random_rollouts(seat: int, seed: int, options: Any) -> SearchAgent:
    """``ai:search`` with random roll-outs, as OpenSpiel's IS-MCTS plays them."""
    return SearchAgent(seed, options=options, iterations=DEFAULT_ITERATIONS, confidence=SEARCH_CONFIDENCE)


def ours(bot: str, hands: int, seed: int, label: str = "") -> str:
    cpu: list[float] = []
    results: list[tuple[int, RoundResult]] = []
    reg = get_plugins().registry
    core = search_spec(reg.variant("gin"), reg)
    assert core is not None  # Gin's rounds give an information state
    factories = {RANDOM_ROLLOUTS: random_rollouts, CORE_SEARCH: core.factory}
    measure("gin", (bot, "ref:simple"), 0, hands, seed, cpu, results, factories)
    rows = [
        (result.winner == seat, float(result.points[seat] - result.points[1 - seat]))
        for seat, result in results
    ]
    return report(f"rummykit {label or bot} vs ref:simple", rows, cpu)


def open_spiel(hands: int, seed: int) -> str:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    params = game.get_parameters()
    rows: list[tuple[bool, float]] = []
    cpu: list[float] = []
    rng = random.Random(seed)
    for g in range(hands):
        me = g % 2
        search = pyspiel.ISMCTSBot(
            seed * 100_003 + g,
            pyspiel.RandomRolloutEvaluator(1, seed * 100_019 + g),
            ISMCTS_UCT_C,
            ISMCTS_SIMULATIONS,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )
        simple = pyspiel.make_simple_gin_rummy_bot(params, 1 - me)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            player = state.current_player()
            if player == me:
                t0 = time.thread_time()
                action = search.step(state)
                cpu.append(time.thread_time() - t0)
            else:
                action = simple.step(state)
            state.apply_action(action)
        returns = state.returns()
        rows.append((returns[me] > 0, returns[me] - returns[1 - me]))
    return report(f"OpenSpiel IS-MCTS ({ISMCTS_SIMULATIONS} sims) vs its simple bot", rows, cpu)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=between(2, 100_000, int), default=100, help="hands per bot (100)")
    parser.add_argument("--seed", type=between(0, 2**63 - 1, int), default=1, help="the seed (1)")
    parser.add_argument("--no-peers", action="store_true", help="leave OpenSpiel out")
    args = parser.parse_args(argv[1:])
    print(f"Gin, {args.hands} hands each, seats swapping every hand, seed {args.seed}")
    print(
        f"{'searching side':<52} {'hands':>5} {'won':>7} {'95% interval':>13} "
        f"{'net pts':>8} {'cpu ms/mv':>9} {'decisions':>9}"
    )
    print(ours(CORE_SEARCH, args.hands, args.seed, "ai:search"), flush=True)
    print(ours(RANDOM_ROLLOUTS, args.hands, args.seed, "ai:search (random roll-outs)"), flush=True)
    print(ours("ai:hard", args.hands, args.seed), flush=True)
    if not args.no_peers:
        try:
            line = open_spiel(args.hands, args.seed)
        except ImportError as e:
            line = f"OpenSpiel: not installed ({e}); pip install -e '.[peers]'"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
