"""The environment at its edges: plugins whose moves the standard codec does not
cover, the end of episodes (infos, safeguards, stepping past the end) and bad
arguments."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from rummykit.core.base.errors import RummyError
from rummykit.core.play.match import MAX_SCORELESS_ROUNDS
from rummykit.env import PolicyAgent, env, raw_env, single_agent
from rummykit.env.codec import CodecError

from ..marks import first_fast


def play_random(e, rng):
    """Play ``e`` (an AEC env) to the end of its episode with random legal actions."""
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def installed(registry, name):
    if name not in registry.variants:
        pytest.skip(f"make installs the example that registers {name}")


@pytest.mark.parametrize("seats", [2, 4])
def test_rummy500_declares_a_codec_for_its_digs_and_either_ace(registry, seats):
    installed(registry, "rummy500")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("rummy500", seats=seats, registry=registry), num_cycles=300)
    e = env("rummy500", seats=seats, registry=registry)
    rng = np.random.default_rng(0)
    for seed in range(12):  # with the standard codec, half of these failed on Q-K-A or a dig
        e.reset(seed=seed)
        play_random(e, rng)
    codec = e.unwrapped.codec
    assert codec.encode(codec.decode(codec.encode(_meld("QC KC AC")))) == codec.encode(_meld("QC KC AC"))
    assert codec.pile_kinds == ("discard",)


def _meld(text):
    from rummykit.core.cards.card import parse_card
    from rummykit.core.engine.actions import Action

    return Action("meld", tuple(parse_card(c) for c in text.split()))


def test_a_dug_card_is_not_read_as_a_discard(registry):
    installed(registry, "rummy500")
    e = raw_env("rummy500", seats=2, registry=registry)
    rng = np.random.default_rng(3)
    at = e.encoder.layout["discarded"][0]
    for seed in range(40):
        e.reset(seed=seed)
        while not (all(e.terminations.values()) or all(e.truncations.values())):
            agent = e.agent_selection
            legal = e.view(agent).legal
            digs = [a for a in legal if a.kind == "dig"]
            action = digs[0] if digs else legal[int(rng.integers(len(legal)))]
            e.step(e.codec.encode(action))
            if digs:
                other = e.possible_agents[1 - e.seat(agent)]
                discarded = e.observe(other)["observation"][at : at + 52]
                assert discarded[digs[0].cards[0]] == 0.0  # the opponent dug it: not a discard of its
                return
    pytest.fail("no dig in 40 rounds")


def test_a_variant_with_no_fixed_action_space_is_refused_in_one_line(registry):
    installed(registry, "cardverse-house")
    with pytest.raises(CodecError, match="variant cardverse-house has no action space") as err:
        env("cardverse-house", registry=registry)
    assert "\n" not in str(err.value)


def test_a_codec_that_cannot_number_a_legal_move_names_the_variant(registry):
    from rummykit.core.plugins.registry import VariantSpec
    from rummykit.env.codec import StandardCodec

    spec = registry.variant("cardverse")
    from dataclasses import replace

    narrow = replace(spec, name="narrow", action_codec=lambda s, n: StandardCodec(["discard"]))
    e = raw_env(narrow, seats=2, registry=registry)
    assert isinstance(narrow, VariantSpec)
    rng = np.random.default_rng(0)
    with pytest.raises(CodecError, match=r"^variant narrow: the action codec has no index for 'meld "):
        for seed in range(20):
            e.reset(seed=seed)
            while e.agents and not all(e.terminations.values()):
                agent = e.agent_selection
                e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))


def test_a_round_s_info_lasts_until_each_agent_moves_again(registry):
    e = raw_env("gin", episode="match", options={"target": 30}, registry=registry)
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    ended = 0
    while not all(e.terminations.values()):
        agent = e.agent_selection
        rounds_before = e.table.game.rounds_played
        e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
        if e.table.game.rounds_played > rounds_before:
            ended += 1
            result = e.table.game.results[-1]
            assert all(e.infos[a]["round"]["points"] == list(result.points) for a in e.agents)
        elif not all(e.terminations.values()):
            assert e.infos[agent] == {}  # it moved since: told no more
    assert ended >= 2


def test_a_match_the_safeguard_stops_is_truncated_with_no_winner(registry):
    # One turn a round: every round a 0-point draw, until no total has risen for 100 rounds.
    e = raw_env("gin", episode="match", options={"max_turns": 1}, registry=registry)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    while not (all(e.terminations.values()) or all(e.truncations.values())):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.table.game.rounds_played == MAX_SCORELESS_ROUNDS
    assert set(e._cumulative_rewards.values()) == {0.0}
    s = single_agent("gin", opponents="random", episode="match", options={"max_turns": 1}, registry=registry)
    obs, _ = s.reset(seed=0)
    while True:
        obs, reward, terminated, truncated, _ = s.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated or truncated:
            break
    assert (terminated, truncated, reward) == (False, True, 0.0)


def test_stepping_once_every_agent_is_done_says_reset(registry):
    e = raw_env("gin", registry=registry)
    e.reset(seed=1)
    play_random(e, np.random.default_rng(1))
    assert not e.agents
    with pytest.raises(RummyError, match="the episode is over: reset"):
        e.step(0)


@pytest.mark.parametrize(("variant", "seats"), [("gin", 2), ("cardverse", 3)])
def test_single_agent_reports_the_round_whoever_ends_it(registry, variant, seats):
    rng = np.random.default_rng(0)
    for seed in range(8):
        s = single_agent(variant, opponents="ai:easy", seats=seats, registry=registry)
        obs, _ = s.reset(seed=seed)
        while True:
            obs, reward, terminated, truncated, info = s.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            if terminated or truncated:
                break
        result = s.table.round.result
        assert info["round"] == {
            "outcome": result.outcome,
            "winner": result.winner,
            "points": list(result.points),
        }
        assert reward == result.points[0]


def test_bad_arguments_are_one_clear_error(registry):
    cases = [
        (lambda: raw_env("gin", seats="2", registry=registry), "seats is a whole number, not '2'"),
        (lambda: raw_env("gin", seats=2.0, registry=registry), "seats is a whole number, not 2.0"),
        (lambda: raw_env("cardverse", seats=True, registry=registry), "seats is a whole number, not True"),
        (lambda: raw_env("gin", options=[1, 2], registry=registry), "options for gin are a mapping"),
        (lambda: raw_env("gin", registry="x"), "registry is a rummykit Registry or None, not 'x'"),
        (lambda: single_agent("gin", registry=3), "registry is a rummykit Registry or None, not 3"),
        (lambda: PolicyAgent(lambda o, m: 0, registry="x"), "registry is a rummykit Registry or None"),
        (lambda: single_agent("gin", seat="0", registry=registry), "seat is a whole number, not '0'"),
        (lambda: single_agent("cardverse", seats=0, registry=registry), "seats must be 2 or more"),
        (
            lambda: single_agent("gin", illegal_reward="x", registry=registry),
            "illegal_reward is a number, not 'x'",
        ),
        (
            lambda: single_agent("gin", illegal_reward=True, registry=registry),
            "illegal_reward is a number, not True",
        ),
        (
            lambda: single_agent("gin", illegal_reward=float("nan"), registry=registry),
            "must be finite, not nan",
        ),
    ]
    for make, message in cases:
        with pytest.raises(RummyError, match=message) as err:
            make()
        assert "\n" not in str(err.value)
    e = raw_env("gin", registry=registry)
    e.reset(seed=np.int64(3))  # a numpy integer is a seed like any int
    with pytest.raises(RummyError, match="a seed is a whole number"):
        e.reset(seed=3.5)


def test_a_number_too_long_to_print_is_refused_or_taken_in_one_line(registry):
    # Python refuses to turn an int of more than 4,300 digits into text: the
    # error lines say how long it is instead of failing while being written.
    huge = 10**5000
    said = "a number of about 5,001 digits"
    cases = [
        (lambda: raw_env("gin", seats=huge, registry=registry), RummyError),
        (lambda: raw_env("gin", options={"target": huge}, registry=registry), RummyError),
        (lambda: single_agent("gin", seat=huge, registry=registry), RummyError),
    ]
    for make, kind in cases:
        with pytest.raises(kind, match=said) as err:
            make()
        assert "\n" not in str(err.value)
    e = raw_env("gin", registry=registry)
    e.reset(seed=1)
    with pytest.raises(RummyError, match=f"action {said} .* is not legal now"):
        e.step(huge)
    single_agent("gin", opponents="random", registry=registry).reset(seed=huge)  # a seed like any other
    view = e.table.view(e.table.to_act())
    with pytest.raises(RummyError, match=f"the policy chose action {said}"):
        PolicyAgent(lambda o, m: huge, registry=registry).act(view, view.legal)


def test_the_wrapped_env_refuses_text_and_truth_values_in_one_line(registry):
    e = env("gin", registry=registry)
    e.reset(seed=1)
    for bad in (True, np.True_, "0", b"0"):
        with pytest.raises(RummyError, match="an action is an index"):
            e.step(bad)
    legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    e.step(np.int64(legal))  # a numpy integer is its int, through every layer
    assert e.unwrapped.table.actions == 1


def test_an_action_must_be_a_whole_number_everywhere(registry):
    e = raw_env("gin", registry=registry)
    e.reset(seed=1)
    legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    with pytest.raises(RummyError, match="an action is an index"):
        e.step(legal + 0.5)
    for text_or_truth in (str(legal), f" {legal} ", str(legal).encode(), np.str_(str(legal)), True, np.True_):
        with pytest.raises(RummyError, match="an action is an index"):
            e.step(text_or_truth)
    e.step(np.array([legal]))  # an array of one index is that index
    e.reset(seed=1)
    e.step(np.int64(legal))
    s = single_agent("gin", opponents="random", registry=registry)
    obs, _ = s.reset(seed=1)
    first = int(np.flatnonzero(obs["action_mask"])[0])
    _, _, terminated, _, info = s.step(first + 0.7)
    assert terminated and info == {"illegal": True}
    s.reset(seed=1)
    _, _, terminated, _, info = s.step(str(first))
    assert terminated and info == {"illegal": True}
    view = s.table.view(0)
    with pytest.raises(RummyError, match="not an action index"):
        PolicyAgent(lambda o, m: float(np.flatnonzero(m)[0]) + 0.9, registry=registry).act(view, view.legal)
    with pytest.raises(RummyError, match="not an action index"):
        PolicyAgent(lambda o, m: str(np.flatnonzero(m)[0]), registry=registry).act(view, view.legal)


@pytest.mark.parametrize("seats", first_fast([2, 3]))
def test_the_cards_a_dig_takes_are_in_the_digger_s_took_and_held(registry, seats):
    """Against the real round's pile: core's read_seen (what the bots remember)
    and the environment's observation both count every card a dig took."""
    import random

    from rummykit.core.bots.seen import read_seen
    from rummykit.core.engine.resample import deal_round

    installed(registry, "rummy500")
    spec = registry.variant("rummy500")
    options = spec.options_model()
    e = raw_env("rummy500", seats=seats, registry=registry)
    encoder = e.encoder
    took_at, held_at = encoder.layout["took"][0], encoder.layout["held"][0]
    rng = random.Random(seats)
    digs = 0
    for r in range(30):
        rnd = deal_round(spec, options, seats, r, random.Random(r))
        took, held = [0] * seats, [0] * seats
        while rnd.result is None and len(rnd.history) < 400:
            s = rnd.to_act()
            legal = rnd.legal_actions()
            dig = [a for a in legal if a.kind == "dig"]
            a = rng.choice(dig) if dig and rng.random() < 0.5 else rng.choice(legal)
            pile = list(rnd.zones()["discard"])
            if a.kind == "take discard":
                took[s] |= 1 << pile[-1]
                held[s] |= 1 << pile[-1]
            elif a.kind == "dig":
                digs += 1
                for c in pile[pile.index(a.cards[0]) :]:
                    took[s] |= 1 << c
                    held[s] |= 1 << c
            else:
                for c in a.cards:
                    held[s] &= ~(1 << c)
            rnd.apply(a)
            view = rnd.view(0)
            seen = read_seen(view, ("discard",), ("dig",))
            obs = encoder.observation(view)
            for other in range(1, seats):
                assert (seen.took[other], seen.held[other]) == (took[other], held[other])
                at = (other - 1) * 52
                assert {c for c in range(52) if obs[took_at + at + c]} == set(_cards(took[other]))
                assert {c for c in range(52) if obs[held_at + at + c]} == set(_cards(held[other]))
    assert digs >= 20


def _cards(mask):
    return [c for c in range(52) if mask >> c & 1]
