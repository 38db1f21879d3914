"""Train a small policy for Gin with numpy alone, then pit it against ``random``
with ``rummy simulate``.

    python examples/rl/train.py [--minutes 3] [--seed 1] [--out FILE] [--rounds 400]

The policy is linear: ``logits = observation @ W + b`` over the action space,
the illegal actions masked out, a softmax over the rest. It learns by REINFORCE
in ``rummykit.env.single_agent("gin", opponents=["random"])``: after each round
every move of the learner is pushed towards (or away from) what it did by its
return, less a running baseline: the round's outcome for it (its points minus
the opponent's, / 25) plus how much its turns from then on lowered its
deadwood (/ 10; a shaping reward that makes the signal dense).

The weights go to ``--out`` (default: the example plugin's
``rummykit_rl_example/gin_policy.npz``). The plugin (``pip install -e
examples/rl``) registers them as the Gin player ``rl:linear``
(:func:`rummykit.env.policy_spec`), and the script ends by running::

    rummy simulate gin --seat rl:linear --seat random --rounds 400 --seed 1
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from rummykit import get_solver
from rummykit.env import single_agent

SOLVER = get_solver(ace_high=False, ace_points=1)  # Gin's least deadwood
HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "rummykit_rl_example" / "gin_policy.npz"


def softmax_masked(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask.astype(bool), logits, -np.inf)
    z = z - z.max()
    p = np.exp(z)
    return p / p.sum()


def train(minutes: float, seed: int, lr: float = 0.05) -> tuple[np.ndarray, np.ndarray, int]:
    """REINFORCE (see the module) for ``minutes``; the weights and the rounds played."""
    env = single_agent("gin", opponents=["random"])
    hand_at, _ = env.table.encoder.layout["hand"]
    size = env.table.encoder.layout["extra"][0]  # the fields before ``extra`` (raw numbers, unscaled)
    n = env.action_space.n
    rng = np.random.default_rng(seed)
    W = np.zeros((size, n), np.float32)
    b = np.zeros(n, np.float32)
    baseline = 0.0
    rounds = 0
    end = time.monotonic() + 60 * minutes
    outcomes: list[float] = []
    deadwoods: list[int] = []
    while time.monotonic() < end:
        obs, _ = env.reset(seed=int(rng.integers(2**62)))
        xs, gs, shaped = [], [], []
        last_deadwood = None
        done = False
        outcome = 0.0
        while not done:
            x, mask = obs["observation"][:size], obs["action_mask"]
            hand = np.flatnonzero(x[hand_at : hand_at + 52])
            reward = 0.0
            if len(hand) == 10:  # the start of a turn: how much the last turn lowered the deadwood
                deadwood = SOLVER.deadwood(sum(1 << int(c) for c in hand))
                if last_deadwood is not None:
                    reward = (last_deadwood - deadwood) / 10.0
                last_deadwood = deadwood
            if shaped:
                shaped[-1] += reward
            p = softmax_masked(x @ W + b, mask)
            a = int(rng.choice(n, p=p))
            g = -p
            g[a] += 1.0
            xs.append(x)
            gs.append(g)
            shaped.append(0.0)
            obs, _, terminated, truncated, _ = env.step(a)
            done = terminated or truncated
        result = env.table.round.result
        outcome = float(result.points[0] - result.points[1]) / 25.0
        # Each move's return: the deadwood it and the later moves saved, and the outcome.
        returns = np.cumsum(np.array(shaped[::-1], np.float32))[::-1] + outcome
        advantage = returns - baseline
        baseline += 0.01 * (float(returns.mean()) - baseline)
        X = np.asarray(xs, np.float32)
        G = np.asarray(gs, np.float32) * advantage[:, None]
        W += lr * (X.T @ G)
        b += lr * G.sum(axis=0)
        rounds += 1
        outcomes.append(outcome)
        deadwoods.append(last_deadwood or 0)
        if rounds % 500 == 0:
            last = np.array(outcomes[-500:])
            print(
                f"{rounds} rounds: of the last 500, won {np.mean(last > 0):.0%}, lost {np.mean(last < 0):.0%}"
                f"; deadwood at the end {np.mean(deadwoods[-500:]):.1f}",
                flush=True,
            )
    return W, b, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the weights go")
    parser.add_argument("--rounds", type=int, default=400, help="rounds of the evaluation")
    args = parser.parse_args()
    if args.out.exists() and args.out != DEFAULT_OUT:
        sys.exit(f"error: {args.out} exists; remove it or choose another --out")
    W, b, rounds = train(args.minutes, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, W=W.astype(np.float16), b=b.astype(np.float16))
    print(f"trained on {rounds} rounds; weights in {args.out}")
    rummy = shutil.which("rummy") or str(Path(sys.executable).with_name("rummy"))
    env = dict(os.environ, RUMMYKIT_RL_POLICY=str(args.out))
    cmd = [rummy, "simulate", "gin", "--seat", "rl:linear", "--seat", "random"]
    cmd += ["--rounds", str(args.rounds), "--seed", str(args.seed)]
    print("$ rummy " + " ".join(cmd[1:]), flush=True)
    r = subprocess.run(cmd, env=env)
    if r.returncode != 0:
        sys.exit("the evaluation needs the example plugin: pip install -e examples/rl")


if __name__ == "__main__":
    main()
