"""A built-in round pickled at any point plays on as the round itself does
(environments and searches are checkpointed with pickle)."""

from __future__ import annotations

import pickle
import random

import pytest

from rummykit.core.engine.options import build_options
from rummykit.core.engine.resample import deal_round
from rummykit.core.plugins.manager import get_plugins


@pytest.mark.parametrize(
    ("variant", "seats"), [("gin", 2), ("cardverse", 2), ("cardverse", 3), ("cardverse", 4)]
)
def test_a_pickled_round_plays_on_alike(variant, seats):
    spec = get_plugins().registry.variant(variant)
    options = build_options(spec.options_model, {}, variant)
    for seed in range(3):
        rnd = deal_round(spec, options, seats, 0, random.Random(seed))
        rng = random.Random(seed)
        copies = []
        while rnd.to_act() is not None:
            legal = rnd.legal_actions()  # computed, so the copy holds them
            if rng.random() < 0.2:
                copies.append((pickle.loads(pickle.dumps(rnd)), len(rnd.history)))
            rnd.apply(legal[rng.randrange(len(legal))])
        for copy, at in copies:
            for event in rnd.history[at:]:
                copy.apply(event.action)  # the same moves: legal in the copy too
            assert copy.result == rnd.result
