"""Steps per second of rummykit's Gin environment beside the peers' Gin environments.

    .venv/bin/python benchmarks/bench_env.py [--seconds S] [--repeats R] [--no-peers]
    make compiled && .venv-compiled/bin/python benchmarks/bench_env.py ...

The first runs the pure Python install; the second the optional compiled build
(``RUMMYKIT_COMPILE=1``: ``rummykit.env``'s hot path compiled by mypyc from the
same source). The output says which build it measured.

Every engine plays whole Gin rounds with uniformly random legal actions, the
acting seat's observation built at every step, in the same run, one after the
other in each repeat (so a busy machine slows all of them about alike); the
figure is the median of ``--repeats``. A step is one move of a player:

* rummykit: ``rummykit.env.raw_env("gin")`` and ``rummykit.env.env("gin")``
  (PettingZoo's standard wrappers): ``observe(agent_selection)`` (observation
  and action mask), a random index where the mask is 1, ``step``;
* RLCard 1.2.0 (the ``peers`` extra): ``rlcard.make("gin-rummy")``; its
  ``step`` returns the next state with its observation; a random key of
  ``state["legal_actions"]``;
* OpenSpiel 2.0.2 (the ``peers`` extra): ``pyspiel.load_game("gin_rummy")``;
  ``observation_tensor()`` and ``legal_actions()`` at every player move; chance
  nodes (the deal, stock draws) are applied with a random outcome and not
  counted as steps.

Targets (issue #22): rummykit at least OpenSpiel's steps per second and at
least twice RLCard's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
from argtypes import between


def ours(wrapped: bool) -> Callable[[float], tuple[int, float]]:
    from rummykit.env import env, raw_env

    e = env("gin") if wrapped else raw_env("gin")
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        seed = 0
        start = time.perf_counter()
        end = start + seconds
        while time.perf_counter() < end:
            e.reset(seed=seed)
            seed += 1
            while True:
                agent = e.agent_selection
                if e.terminations[agent] or e.truncations[agent]:
                    break
                mask = e.observe(agent)["action_mask"]
                legal = np.flatnonzero(mask)
                e.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps, time.perf_counter() - start

    return run


def rlcard_env() -> Callable[[float], tuple[int, float]]:
    import rlcard

    e = rlcard.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        end = start + seconds
        while time.perf_counter() < end:
            state, _ = e.reset()
            while not e.is_over():
                legal = list(state["legal_actions"])
                state, _ = e.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.perf_counter() - start

    return run


def open_spiel_env() -> Callable[[float], tuple[int, float]]:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        end = start + seconds
        while time.perf_counter() < end:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                state.observation_tensor()
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.perf_counter() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=between(0.1, 600.0, float), default=4.0, help="seconds per engine per repeat"
    )
    parser.add_argument("--repeats", type=between(1, 100, int), default=3)
    parser.add_argument("--no-peers", action="store_true")
    args = parser.parse_args()
    engines: dict[str, Callable[[float], tuple[int, float]]] = {
        "rummykit raw_env": ours(False),
        "rummykit env (wrapped)": ours(True),
    }
    if not args.no_peers:
        for name, make in (("RLCard gin-rummy", rlcard_env), ("OpenSpiel gin_rummy", open_spiel_env)):
            try:
                engines[name] = make()
            except ImportError as e:
                print(f"{name}: not installed ({e}); pip install -e '.[peers]'")
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(args.repeats):
        for name, run in engines.items():
            steps, took = run(args.seconds)
            rates[name].append(steps / took)
    from rummykit.env import compiled

    build = compiled()
    print("rummykit build: " + ("compiled (mypyc): " + ", ".join(build) if build else "pure Python"))
    print(f"{'engine':<26} {'steps/s (median)':>17}  repeats")
    median = {name: statistics.median(r) for name, r in rates.items()}
    for name, r in rates.items():
        print(f"{name:<26} {median[name]:>17,.0f}  " + " ".join(f"{x:,.0f}" for x in r))
    ours_rate = median["rummykit env (wrapped)"]
    if "OpenSpiel gin_rummy" in median:
        print(f"wrapped env / OpenSpiel: {ours_rate / median['OpenSpiel gin_rummy']:.2f} (target >= 1)")
    if "RLCard gin-rummy" in median:
        print(f"wrapped env / RLCard: {ours_rate / median['RLCard gin-rummy']:.2f} (target >= 2)")


if __name__ == "__main__":
    main()
