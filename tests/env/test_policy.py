"""PolicyAgent: a function of (observation, mask) as a rummykit bot, seeing
exactly what the environment's agent of the same seat sees."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from rummykit.core.base.errors import RummyError
from rummykit.core.play.match import Match
from rummykit.env import PolicyAgent, policy_spec, raw_env


def first_legal(observation, mask):
    return int(np.flatnonzero(mask)[0])


def test_the_agent_is_given_what_the_env_observes(registry):
    e = raw_env("cardverse", seats=3, registry=registry)
    e.reset(seed=9)
    seen = []

    def record(observation, mask):
        seen.append((observation.copy(), mask.copy()))
        return int(np.flatnonzero(mask)[-1])

    agent = PolicyAgent(record, registry=registry)
    for _ in range(40):
        if e.table.over:
            break
        name = e.agent_selection
        obs = e.observe(name)
        view = e.view(name)
        action = agent.act(view, view.legal)
        assert np.array_equal(seen[-1][0], obs["observation"])
        assert np.array_equal(seen[-1][1], obs["action_mask"])
        e.step(e.codec.encode(action))


def test_it_plays_rounds_of_a_match_and_refuses_an_illegal_choice(registry):
    spec = registry.variant("gin")
    match = Match(spec, spec.options_model(target=30), 2, seed=4)
    agents = [PolicyAgent(first_legal, registry=registry), PolicyAgent(first_legal, registry=registry)]
    while match.rounds_played < 3:
        seat = match.to_act()
        view = match.view(seat)
        match.apply(agents[seat].act(view, view.legal))
    assert match.round_index == 3
    bad = PolicyAgent(lambda o, m: int(np.flatnonzero(m == 0)[0]), registry=registry)
    view = Match(spec, spec.options_model(), 2, seed=1).view(0)
    with pytest.raises(RummyError, match="not legal now"):
        bad.act(view, view.legal)
    with pytest.raises(RummyError, match="not an action index"):
        PolicyAgent(lambda o, m: "draw", registry=registry).act(view, view.legal)


def test_policy_spec_is_a_picklable_bot(registry):
    spec = policy_spec("rl:first", first_legal, variant="gin")
    again = pickle.loads(pickle.dumps(spec))
    agent = again.factory(0, 1, registry.variant("gin").options_model())
    rnd = registry.variant("gin").new_round(registry.variant("gin").options_model(), 2, 0, random.Random(2))
    view = rnd.view(rnd.to_act())
    assert agent.act(view, view.legal) in view.legal
