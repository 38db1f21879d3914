"""The trained policy: ``act(observation, mask) -> action index``.

The weights are read from ``$RUMMYKIT_RL_POLICY`` if set, else from
``gin_policy.npz`` beside this file (what examples/rl/train.py writes). The
policy plays greedily: the legal action of the highest logit.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import numpy as np

WEIGHTS = Path(__file__).with_name("gin_policy.npz")


@functools.cache
def weights(path: str) -> tuple[np.ndarray, np.ndarray]:
    with np.load(path) as data:
        return data["W"].astype(np.float32), data["b"].astype(np.float32)


def act(observation: np.ndarray, mask: np.ndarray) -> int:
    W, b = weights(os.environ.get("RUMMYKIT_RL_POLICY") or str(WEIGHTS))
    logits = observation[: W.shape[0]] @ W + b
    return int(np.argmax(np.where(mask.astype(bool), logits, -np.inf)))
