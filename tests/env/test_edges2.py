"""The environment refusing in one line what it used to take or fail on: a
negative seed (it dealt the game of the positive one: ``random.Random(-7)`` is
``random.Random(7)``), a float as an action, and an agent name that is not one
of the environment's."""

from __future__ import annotations

import numpy as np
import pytest

from rummykit.core.base.errors import RummyError
from rummykit.env import PolicyAgent, env, raw_env, single_agent


def first_legal(obs) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


@pytest.mark.parametrize(
    "make",
    [
        lambda r: raw_env("gin", registry=r),
        lambda r: env("gin", registry=r),
        lambda r: single_agent("gin", opponents="random", registry=r),
    ],
)
def test_a_negative_seed_is_refused_in_one_line(registry, make):
    e = make(registry)
    for seed in (-7, np.int64(-1), -(10**5000)):
        with pytest.raises(RummyError, match=r"^a seed is a whole number from 0 up, not -") as err:
            e.reset(seed=seed)
        assert "\n" not in str(err.value)
    e.reset(seed=0)  # 0 is a seed


def test_no_two_seeds_deal_the_same_game(registry):
    e = raw_env("gin", registry=registry)
    e.reset(seed=7)
    seven = e.table.view(0).hand
    with pytest.raises(RummyError):
        e.reset(seed=-7)
    e.reset(seed=8)
    assert e.table.view(0).hand != seven


@pytest.mark.parametrize("action", [1.0, np.float64(2.0), np.array([3.0]), np.float32(0.0)])
def test_a_float_action_is_refused_in_one_line(registry, action):
    for e in (raw_env("gin", registry=registry), env("gin", registry=registry)):
        e.reset(seed=1)
        legal = first_legal(e.observe(e.agent_selection))
        with pytest.raises(RummyError, match=r"^an action is an index, not ") as err:
            e.step(type(action)(legal) if np.ndim(action) == 0 else np.array([float(legal)]))
        assert "\n" not in str(err.value)
        assert e.unwrapped.table.actions == 0
        e.step(legal)  # the int is played
        assert e.unwrapped.table.actions == 1


def test_a_float_action_is_illegal_in_single_agent_and_an_error_from_a_policy(registry):
    s = single_agent("gin", opponents="random", registry=registry)
    obs, _ = s.reset(seed=1)
    _, _, terminated, _, info = s.step(float(first_legal(obs)))
    assert terminated and info == {"illegal": True}
    s.reset(seed=1)
    view = s.table.view(0)
    with pytest.raises(RummyError, match="not an action index"):
        PolicyAgent(lambda o, m: float(np.flatnonzero(m)[0]), registry=registry).act(view, view.legal)


@pytest.mark.parametrize("agent", ["player_9", "player_", 0, None, ["player_0"]])
def test_an_unknown_agent_is_one_line_naming_the_agents(registry, agent):
    wrapped = env("gin", registry=registry)
    wrapped.reset(seed=1)
    raw = wrapped.unwrapped
    calls = [wrapped.observe, raw.observe, raw.view, raw.seat, raw.action_space, raw.observation_space]
    for call in calls:
        with pytest.raises(RummyError, match=r"^no agent .*: the agents are player_0, player_1$") as err:
            call(agent)
        assert "\n" not in str(err.value)
