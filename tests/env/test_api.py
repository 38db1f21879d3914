"""PettingZoo's own checks on every variant: the AEC API and determinism under a seed."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from rummykit.core.base.errors import RummyError
from rummykit.env import env, raw_env

from ..helpers.env_cases import CASES, IDS


@pytest.mark.parametrize(("variant", "seats"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(registry, variant, seats):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations (masks are dicts by design)
        api_test(env(variant, seats=seats, registry=registry), num_cycles=1000)
        seed_test(lambda: env(variant, seats=seats, registry=registry), num_cycles=500)


@pytest.mark.parametrize(("variant", "seats"), [("gin", 2), ("cardverse", 3)])
def test_a_match_is_one_episode(registry, variant, seats):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(variant, seats=seats, episode="match", registry=registry), num_cycles=300)
    e = raw_env(variant, seats=seats, episode="match", options={"target": 20}, registry=registry)
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    rounds = 0
    while not all(e.terminations.values()):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        if any(r != 0 for r in e.rewards.values()):
            assert sorted(e.rewards.values()) in ([-1.0] * (seats - 1) + [1.0], [0.0] * seats)
        if all(e.infos[a].get("round") for a in e.agents):
            rounds += 1
    assert e.table.game.over and e.table.game.rounds_played >= 1
    winner = e.table.game.winner
    if winner is not None:
        assert e._cumulative_rewards[f"player_{winner}"] == 1.0


def test_round_rewards_are_the_rounds_points(registry):
    e = raw_env("gin", registry=registry)
    e.reset(seed=3)
    rng = np.random.default_rng(1)
    total = dict.fromkeys(e.possible_agents, 0.0)
    while not all(e.terminations.values()) and not all(e.truncations.values()):
        agent = e.agent_selection
        obs = e.observe(agent)
        assert obs["action_mask"].sum() == len(e.view(agent).legal) > 0
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for a, r in e.rewards.items():
            total[a] += r
    result = e.table.round.result
    assert [total[a] for a in e.possible_agents] == [float(p) for p in result.points]
    assert e.infos["player_0"]["round"]["outcome"] == result.outcome


def test_bad_arguments_are_clear_errors(registry):
    with pytest.raises(RummyError, match="gin is for 2 players, not 3"):
        raw_env("gin", seats=3, registry=registry)
    with pytest.raises(RummyError, match="unknown variant 'nope'"):
        raw_env("nope", registry=registry)
    with pytest.raises(RummyError, match="unknown option 'colour'"):
        raw_env("gin", options={"colour": 1}, registry=registry)
    for truth in (True, np.True_):  # not taken as 1
        with pytest.raises(RummyError, match=r"bad value for option knock_limit for gin: .*True"):
            raw_env("gin", options={"knock_limit": truth}, registry=registry)
    # read as `-o` reads its texts
    assert raw_env("gin", options={"knock_limit": "7"}, registry=registry).table.options.knock_limit == 7
    with pytest.raises(RummyError, match="episode must be"):
        raw_env("gin", episode="game", registry=registry)
    e = raw_env("gin", registry=registry)
    e.reset(seed=1)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(RummyError, match=rf"action {illegal} \(.*\) is not legal now"):
        e.step(illegal)
    with pytest.raises(RummyError, match="out of range"):
        e.step(10_000)


def test_the_wrapped_env_ends_the_episode_on_an_illegal_action(registry):
    e = env("gin", registry=registry)
    e.reset(seed=1)
    agent = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_the_wrapped_env_is_pettingzoos_standard_wrappers_with_their_checks(registry):
    from pettingzoo.utils import wrappers

    e = env("gin", registry=registry)
    layers = []
    layer = e
    while isinstance(layer, wrappers.BaseWrapper):
        layers.append(layer)
        layer = layer.env
    assert isinstance(layer, raw_env) and e.unwrapped is layer
    assert isinstance(layers[0], wrappers.OrderEnforcingWrapper)
    assert isinstance(layers[1], wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(layers[2], wrappers.TerminateIllegalWrapper)
    # The order is enforced: nothing of the state before reset.
    for name in ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(e, name)
    e.reset(seed=3)
    # Every layer reads the state of the unwrapped env, as it changes.
    rng = np.random.default_rng(0)
    for _ in range(30):
        for w in layers:
            for name in (
                "agent_selection",
                "agents",
                "rewards",
                "_cumulative_rewards",
                "terminations",
                "truncations",
                "infos",
            ):
                assert getattr(w, name) is getattr(layer, name)
        agent = e.agent_selection
        obs, reward, terminated, truncated, info = e.last()
        assert reward == layer._cumulative_rewards[agent] and info is layer.infos[agent]
        if terminated or truncated:
            break
        legal = np.flatnonzero(obs["action_mask"])
        choice = legal[rng.integers(len(legal))]
        e.step(int(choice) if rng.integers(2) else choice)  # a plain int, or numpy's
    # An action outside the space is refused, whatever its type, and changes nothing.
    e.reset(seed=4)
    n = e.action_space(e.agent_selection).n
    for bad in (n, -1, np.int64(n), 2.5, "3"):
        with pytest.raises((AssertionError, TypeError, ValueError)):
            e.step(bad)
        assert e.agent_selection == layer.agent_selection and not any(layer.terminations.values())


def test_render_shows_the_seat_to_act_and_nothing_of_the_other_hand(registry):
    e = raw_env("gin", render_mode="ansi", registry=registry)
    e.reset(seed=2)
    text = e.render()
    seat = e.table.to_act()
    other = e.table.round.zones()[f"hand{1 - seat}"]
    assert f"seat {seat} to act" in text
    from rummykit.core.cards.card import code

    hand_line = next(ln for ln in text.splitlines() if "to act, hand:" in ln)
    assert not any(code(c) in hand_line.split(":", 1)[1].split() for c in other)


def test_the_wrapped_env_checks_a_step_made_without_observing_first(registry):
    e = env("gin", registry=registry)
    e.reset(seed=5)
    raw = e.unwrapped
    legal = sorted(raw.table.legal_by_index())
    e.step(legal[0])  # legal, never observed: played
    assert not any(raw.terminations.values()) and raw.table.actions == 1
    agent = e.agent_selection
    illegal = next(i for i in range(raw.codec.n) if i not in raw.table.legal_by_index())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)  # illegal, never observed: the episode ends, -1 for its seat
    assert all(raw.terminations.values()) and raw.rewards[agent] == -1


def _layered(variant, seats, registry):
    """The three wrappers of rummykit.env.wrappers, stacked by hand: every call
    goes down the layers (no shortcut at the top)."""
    from rummykit.env import wrappers

    inner = wrappers.TerminateIllegalWrapper(raw_env(variant, seats=seats, registry=registry), -1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(inner))


@pytest.mark.parametrize("stack", ["env", "layers"])
@pytest.mark.parametrize(("variant", "seats"), CASES, ids=IDS)
def test_the_wrapped_env_plays_as_the_raw_one(registry, variant, seats, stack):
    """The same moves (legal ones as ints and as numpy ints, now and then an
    illegal one) give the same observations, rewards and ends in both."""
    if stack == "env":
        wrapped = env(variant, seats=seats, registry=registry)
    else:
        wrapped = _layered(variant, seats, registry)
    raw = raw_env(variant, seats=seats, registry=registry)
    rng = np.random.default_rng(seats)
    for episode in range(4):
        wrapped.reset(seed=episode)
        raw.reset(seed=episode)
        for step in range(400):
            agent = wrapped.agent_selection
            assert agent == raw.agent_selection
            assert wrapped.rewards == raw.rewards and wrapped.terminations == raw.terminations
            if wrapped.terminations[agent] or wrapped.truncations[agent]:
                break
            seen, expected = wrapped.observe(agent), raw.observe(agent)
            for key in ("observation", "action_mask"):
                assert np.array_equal(seen[key], expected[key])
            mask = expected["action_mask"]
            if episode == 3 and step == 10:  # an illegal move ends the wrapped episode
                illegal = int(np.flatnonzero(mask == 0)[0])
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    wrapped.step(illegal)
                assert all(wrapped.terminations.values()) and wrapped.rewards[agent] == -1
                break
            choice = rng.choice(np.flatnonzero(mask))
            wrapped.step(int(choice) if rng.integers(3) else choice)
            raw.step(int(choice))
        else:
            pytest.fail("an episode longer than 400 steps")


def test_an_environment_pickles_at_any_point(registry):
    import pickle

    from rummykit.env import compiled

    if compiled():
        pytest.skip("the compiled build's environments do not pickle (docs/env.md)")

    e = env("cardverse", seats=3, registry=registry)
    e.reset(seed=2)
    while True:  # to the round's end: results and views hold read-only mappings
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            break
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[-1]))
    back = pickle.loads(pickle.dumps(e))
    assert back.rewards == e.rewards and back.infos == e.infos
    assert back.unwrapped.table.round.result == e.unwrapped.table.round.result
