"""The single-agent Gymnasium wrapper: Gymnasium's checker, the learner's
reward, illegal actions, and the bots it plays against."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from rummykit.core.errors import RummyError
from rummykit.env import single_agent


@pytest.mark.parametrize(
    ("variant", "opponents", "seat"),
    [("gin", ["ai:hard"], 0), ("cardverse", ["ai:easy", "random"], 1), ("envtoy", ["ai:easy"], 1)],
)
def test_gymnasium_env_checker_passes(registry, variant, opponents, seat):
    e = single_agent(variant, opponents=opponents, seat=seat, render_mode="ansi", registry=registry)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on unbounded fields (scores, extra)
        check_env(e, skip_render_check=False)


def test_the_learner_gets_its_points_and_the_bots_play_the_rest(registry):
    e = single_agent("gin", opponents=["ai:easy"], seat=1, registry=registry)
    rng = np.random.default_rng(0)
    for seed in range(5):
        obs, info = e.reset(seed=seed)
        assert "seed" not in info and e.table.seed == seed  # the deal's seed is not the learner's
        total, done = 0.0, False
        while not done:
            assert e.view().to_act == 1
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = e.step(action)
            total += float(reward)
            done = terminated or truncated
        result = e.table.round.result
        assert total == result.points[1]
        assert not obs["action_mask"].any()


def test_a_match_episode_rewards_plus_or_minus_one(registry):
    e = single_agent("gin", opponents=["random"], episode="match", options={"target": 25}, registry=registry)
    obs, _ = e.reset(seed=2)
    rng = np.random.default_rng(2)
    rewards = []
    done = False
    while not done:
        obs, reward, terminated, truncated, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        rewards.append(float(reward))
        done = terminated or truncated
    assert rewards[-1] in (-1.0, 1.0, 0.0) and set(rewards[:-1]) <= {0.0}
    match = e.table.game
    assert rewards[-1] == (0.0 if match.winner is None else (1.0 if match.winner == 0 else -1.0))


def test_an_illegal_action_ends_the_episode(registry):
    e = single_agent("gin", opponents=["random"], registry=registry, illegal_reward=-5)
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info) == (-5.0, True, {"illegal": True})
    with pytest.raises(RummyError, match="reset"):
        e.step(0)


def test_bad_opponents_are_clear_errors(registry):
    with pytest.raises(RummyError, match="no computer player 'ai:nope' for gin"):
        single_agent("gin", opponents=["ai:nope"], registry=registry)
    with pytest.raises(RummyError, match="4 seats need 3 opponents"):
        single_agent("cardverse", opponents=["random", "random"], seats=4, registry=registry)
    with pytest.raises(RummyError, match="seat must be 0 to 1"):
        single_agent("gin", opponents=["random"], seat=2, registry=registry)
