"""Play rounds of any variant with masked random actions in the PettingZoo environment.

    python examples/rl/random_actions.py [VARIANT] [--seats N] [--rounds R] [--seed S]

Each agent picks uniformly among the actions its ``action_mask`` allows; at the
end of each round the rewards (the round's points) are printed.
"""

from __future__ import annotations

import argparse

import numpy as np

from rummykit import RummyError
from rummykit.env import env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="gin")
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if not 1 <= args.rounds <= 100_000:
        parser.error("--rounds is 1 to 100000")
    try:
        e = env(args.variant, seats=args.seats)
    except RummyError as err:
        parser.error(str(err))
    rng = np.random.default_rng(args.seed)
    for r in range(args.rounds):
        e.reset(seed=args.seed + r)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        steps = 0
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            totals[agent] += float(reward)
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
            e.step(action)
        points = ", ".join(f"{a} {p:g}" for a, p in totals.items())
        print(f"round {r + 1}: {steps} moves; rewards: {points}")
    e.close()


if __name__ == "__main__":
    main()
