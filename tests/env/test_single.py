"""The single-agent Gymnasium wrapper: Gymnasium's checker, the learner's
reward, illegal actions, and the bots it plays against."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from rummykit.core.base.errors import RummyError
from rummykit.env import single_agent

from ..marks import slow


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


def test_reset_never_returns_an_episode_that_is_over(registry):
    # Seed 134: ai:hard at seat 0 knocks on its first turn.
    e = single_agent("gin", opponents=["ai:hard"], seat=1, registry=registry)
    obs, info = e.reset(seed=134)
    assert obs["action_mask"].sum() > 0 and info == {"skipped": 1}
    assert e.table.round.to_act() == 1 and not e.table.over and e.table.seed != 134
    # Deterministic: the same seed passes over the same deals.
    obs2, info2 = single_agent("gin", opponents=["ai:hard"], seat=1, registry=registry).reset(seed=134)
    assert info2 == info and (obs2["observation"] == obs["observation"]).all()
    # With a knock limit of 100 seat 0 knocks at once in every deal: said, not looped.
    hundred = {"knock_limit": 100}
    never = single_agent("gin", opponents=["ai:easy"], seat=1, options=hundred, registry=registry)
    with pytest.raises(RummyError, match="the other seats ended 100 deals in a row before seat 1 could move"):
        never.reset(seed=0)


def test_seeds_are_python_or_numpy_whole_numbers(registry):
    e = single_agent("gin", opponents=["random"], registry=registry)
    a, _ = e.reset(seed=np.int64(5))
    b, _ = e.reset(seed=5)
    assert (a["observation"] == b["observation"]).all()
    with pytest.raises(RummyError, match="a seed is a whole number from 0 up"):
        e.reset(seed=-5)
    with pytest.raises(RummyError, match="a seed is a whole number"):
        e.reset(seed=1.5)


def test_after_an_illegal_action_no_seat_is_to_act(registry):
    e = single_agent("gin", opponents=["random"], registry=registry)
    obs, _ = e.reset(seed=1)
    at, n = e.table.encoder.layout["to_act"]
    assert obs["observation"][at : at + n].sum() == 1
    obs, *_ = e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert obs["observation"][at : at + n].sum() == 0 and obs["action_mask"].sum() == 0


@pytest.mark.parametrize(
    ("variant", "opponents", "episode"),
    [
        ("gin", ["ai:easy"], "round"),
        ("gin", ["ai:hard"], "round"),
        ("gin", ["ai:hard"], "match"),  # a search that has valued the match holds its model
        pytest.param("cardverse", ["ai:search"], "match", marks=slow),  # the match case again, costlier
        ("envtoy", ["ai:easy"], "round"),  # the scaffold's player
    ],
)
def test_an_environment_pickles_and_plays_on_alike(registry, variant, opponents, episode):
    import pickle

    from rummykit.env import compiled

    if compiled():
        pytest.skip("the compiled build's environments do not pickle (docs/env.md)")

    e = single_agent(variant, opponents=opponents, episode=episode, registry=registry)
    obs, _ = e.reset(seed=11)
    for moved in range(12):  # the opponents have moved (and searched) before the copy
        if moved == 4:
            copy = pickle.loads(pickle.dumps(e))
        if moved >= 4:
            obs2, reward2, done2, _, _ = copy.step(int(np.flatnonzero(obs["action_mask"])[0]))
        obs, reward, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if moved >= 4:
            assert (obs["observation"] == obs2["observation"]).all() and (reward, done) == (reward2, done2)
        if done:
            break
