"""Contract Rummy in the environments: its codec numbers cards as a player
names them and chooses a down in parts (one meld a step); the mask offers
exactly the parts that lead to a legal move; the observation counts copies
and hides what the seat has not seen."""

from __future__ import annotations

import dataclasses
import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from rummykit.core.engine.actions import Action
from rummykit.core.engine.resample import deal_round
from rummykit.env import CodecError, PolicyAgent, env, raw_env, single_agent
from rummykit.env.encode import next_parts
from rummykit.variants.contract.codec import MELDS

from ..helpers.env_cases import swapped

FAST = {"max_turns": 50}


def _pick(e, rng, legal):
    """A random legal index, a part of a down whenever one is offered (so that
    players go down and add to melds)."""
    melds = legal[legal >= e.codec.meld_base]
    if len(melds) and rng.random() < 0.8:
        return int(rng.choice(melds))
    return int(rng.choice(legal))


def _walk(e, seed, steps):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if e.table.over:
            break
        _step(e, rng)


def _step(e, rng):
    e.step(_pick(e, rng, np.flatnonzero(e.observe(e.agent_selection)["action_mask"])))


def _slots(cards, copies):
    return sorted(52 if c >= 52 * copies else c % 52 for c in cards)


def test_the_codec_and_its_sizes(registry):
    e = raw_env("contract", seats=3, registry=registry)
    codec = e.codec
    assert len(set(MELDS)) == len(MELDS) == 818  # 442 sets of 3, 376 runs of 4 (by the cards they hold)
    assert codec.n == 4 + 53 + 53 * 9 + 818 + 1
    assert raw_env("contract", seats=8, registry=registry).codec.n == 4 + 53 + 53 * 24 + 818 + 1
    assert e.encoder.layout["melds"] == (e.encoder.layout["melds"][0], 9 * 53)
    assert e.encoder.layout["chosen"][1] == 53 and "wild" not in e.encoder.layout
    for i in range(codec.meld_base):
        assert codec.encode(codec.decode(i)) == i
    with pytest.raises(CodecError, match="no single index for 'down"):
        codec.encode(Action("down", (0, 13, 26)))
    with pytest.raises(CodecError, match="out of range"):
        codec.decode(codec.n)


@pytest.mark.parametrize("seats", [3, 6])
def test_every_legal_move_of_random_states_is_chosen_by_its_own_parts(registry, seats):
    """Random states of every deal: each legal move has its own parts, none the
    start of another's (the encoder checks), a down's melds lay exactly its
    cards, a one-part move decodes to the same move as a player names it, and
    the mask is exactly the legal moves' first parts."""
    e = raw_env("contract", seats=seats, options=FAST, registry=registry)
    codec, enc = e.codec, e.encoder
    rng = random.Random(seats)
    downs = states = 0
    for deal in range(7):
        for _ in range(3):
            rnd = deal_round(e.spec, e.table.options, seats, deal, random.Random(rng.getrandbits(64)))
            while rnd.result is None:
                legal = rnd.legal_actions()
                parts = enc.part_indices(legal)
                for a, p in zip(legal, parts, strict=True):
                    if a.kind == "down":
                        downs += 1
                        laid = [s for i in p if i < codec.down_all for s in MELDS[i - codec.meld_base]]
                        assert p == (codec.down_all,) or sorted(laid) == _slots(a.cards, codec.copies)
                    else:
                        back = codec.decode(p[0])
                        assert (back.kind, back.target) == (a.kind, a.target)
                        assert _slots(back.cards, codec.copies) == _slots(a.cards, codec.copies)
                first = sorted({i for i in next_parts(parts, ()) if i >= 0})
                assert np.flatnonzero(enc.mask(rnd.view(rnd.to_act()))).tolist() == first
                states += 1
                downs_now = [a for a in legal if a.kind == "down"]
                moves = downs_now if downs_now and rng.random() < 0.5 else legal
                rnd.apply(moves[rng.randrange(len(moves))])
    assert downs > 50 and states > 500


def test_a_down_is_chosen_meld_by_meld(registry):
    e = raw_env("contract", seats=3, options=FAST, render_mode="ansi", registry=registry)
    for seed in range(50):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not e.table.over:
            agent = e.agent_selection
            obs = e.observe(agent)
            legal = np.flatnonzero(obs["action_mask"])
            melds = legal[legal >= e.codec.meld_base]
            if len(melds):
                break
            e.step(int(rng.choice(legal)))
        else:
            continue
        break
    else:
        pytest.fail("no deal offered a down")
    hand = len(e.view(agent).hand)
    start, size = e.encoder.layout["chosen"]
    assert not obs["observation"][start : start + size].any()
    first = int(melds[0])
    e.step(first)
    assert e.agent_selection == agent and e.rewards[agent] == 0  # the same seat chooses the next meld
    shown = e.render()
    assert "chosen so far of a move in parts: down " in shown and "#" not in shown  # cards as named
    again = e.observe(agent)
    chosen = again["observation"][start : start + size]
    assert sorted(np.repeat(np.arange(53), chosen.astype(int)).tolist()) == list(
        MELDS[first - e.codec.meld_base]
    )
    for other in e.possible_agents:  # the cards chosen are in the hand: no other seat sees them
        if other != agent:
            assert not e.observe(other)["observation"][start : start + size].any()
    nxt = np.flatnonzero(again["action_mask"])
    assert len(nxt) and all(i >= e.codec.meld_base for i in nxt)  # only melds finish the down
    assert len(e.view(agent).hand) == hand  # nothing laid yet
    while e.agent_selection == agent and e.table.chosen:
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    view = e.view(agent)
    assert view.table and all(m.owner == e.seat(agent) for m in view.table)
    assert len(view.hand) < hand - 5
    seat_start, _ = e.encoder.layout["seat_extra"]
    down = e.observe(agent)["observation"][seat_start : seat_start + 3]  # down_counts, by relative seat
    assert down.tolist() == [1.0, 0.0, 0.0]


def _swap(card, copies):
    """The other copy of a card (of a two-deck game), the next joker for a joker."""
    first_joker = 52 * copies
    if card >= first_joker:
        return first_joker + (card - first_joker + 1) % 4
    return card + 52 if card < 52 else card - 52


def test_copies_of_a_card_look_alike(registry):
    e = raw_env("contract", seats=4, options=FAST, registry=registry)
    enc = e.encoder
    tables = 0
    for seed in range(5):
        _walk(e, seed, random.Random(seed).randrange(20, 120))
        for agent in e.possible_agents:
            view = e.view(agent)
            tables += bool(view.table)
            got = enc.encode(view)
            again = enc.encode(swapped(view, lambda c: _swap(c, 2)))
            assert np.array_equal(got["observation"], again["observation"])
            assert np.array_equal(got["action_mask"], again["action_mask"])
    assert tables


def test_resampling_what_a_seat_has_not_seen_never_changes_its_observation(registry):
    e = raw_env("contract", seats=3, options=FAST, registry=registry)
    enc = e.encoder
    checked = 0
    for seed in range(8):
        _walk(e, seed, random.Random(seed).randrange(0, 90))
        rnd = e.table.round
        if rnd.result is not None or e.table.chosen:
            continue
        for seat in range(3):
            obs = e.observe(f"player_{seat}")
            for k in range(3):
                other = rnd.resample(seat, random.Random(k))
                assert other.zones()["stock"] != rnd.zones()["stock"]
                again = enc.encode(other.view(seat))
                assert np.array_equal(again["observation"], obs["observation"])
                assert np.array_equal(again["action_mask"], obs["action_mask"])
            checked += 1
    assert checked >= 6


def test_the_incremental_encoding_equals_a_fresh_one(registry):
    e = raw_env("contract", seats=4, options=FAST, registry=registry)
    enc = e.encoder
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    while not e.table.over:
        for agent in e.possible_agents:
            obs = e.observe(agent)
            chosen = e.table.chosen if agent == e.agent_selection else ()
            fresh = enc.encode(e.view(agent), chosen=chosen)
            assert np.array_equal(obs["observation"], fresh["observation"])
            assert np.array_equal(obs["action_mask"], fresh["action_mask"])
        _step(e, rng)


def test_contract_passes_pettingzoo_and_gymnasium_checks(registry):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("contract", seats=3, options=FAST, registry=registry), num_cycles=300)
        seed_test(lambda: env("contract", seats=3, options=FAST, registry=registry), num_cycles=200)
        check_env(single_agent("contract", opponents=["random"], seats=3, options=FAST, registry=registry))


@pytest.mark.parametrize("seats", [3, 8])
def test_random_contract_deals_end_and_reward_their_points(registry, seats):
    e = raw_env("contract", seats=seats, options=FAST, registry=registry)
    outs = 0
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        while not all(e.terminations.values()) and not all(e.truncations.values()):
            _step(e, rng)
            for agent, r in e.rewards.items():
                total[agent] += r
        result = e.table.round.result
        outs += result.outcome == "out"
        # the lowest total wins at contract: a seat's reward is minus its penalty points
        assert [total[a] for a in e.possible_agents] == [-float(p) for p in result.points]


def test_the_learner_and_a_policy_choose_a_down_in_parts(registry):
    g = single_agent("contract", opponents=["random"], seats=3, options=FAST, registry=registry)
    rng = np.random.default_rng(1)
    parts = 0
    for seed in range(4):
        obs, _ = g.reset(seed=seed)
        done = False
        total = 0.0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            melds = legal[legal >= g.table.codec.meld_base]
            i = int(rng.choice(melds)) if len(melds) else int(rng.choice(legal))
            parts += i >= g.table.codec.meld_base
            obs, reward, done, truncated, info = g.step(i)
            total += float(reward)
            assert not info.get("illegal")
            done = done or truncated
        assert total == -g.table.round.result.points[0]  # the learner's penalty points, negated
    assert parts

    def policy(observation, mask):
        legal = np.flatnonzero(mask)
        melds = legal[legal >= e.codec.meld_base]
        return int(melds[0]) if len(melds) else int(legal[-1])

    e = raw_env("contract", seats=3, options=FAST, registry=registry)
    agent = PolicyAgent(policy, options=e.table.options, registry=registry)
    e.reset(seed=2)
    downs = 0
    while not e.table.over:
        seat = e.table.to_act()
        view = e.view(f"player_{seat}")
        action = agent.act(view, view.legal)
        downs += action.kind == "down"
        e.table.apply(action)
    assert downs


def _played(spec, seats, seed, actions):
    """A match of ``spec`` played for up to ``actions`` moves, downs and
    declarations first, drops never."""
    from rummykit.core.play.match import Match

    match = Match(spec, spec.options_model(), seats, seed)
    rng = random.Random(seed)
    while not match.over and len(match.actions) < actions:
        legal = match.view(match.to_act()).legal
        moves = [a for a in legal if a.kind in ("down", "declare")] or [a for a in legal if a.kind != "drop"]
        match.apply(moves[rng.randrange(len(moves))])
    return match


def test_the_conformance_kit_checks_both_codecs(registry):
    from rummykit.testing import ConformanceError, check_codec
    from rummykit.variants.contract.codec import ContractCodec

    for name, seats in (("indian", 3), ("contract", 3)):
        spec = registry.variant(name)
        check_codec(spec, spec.options_model(), _played(spec, seats, 1, 250))

    class FirstMeldOnly(ContractCodec):
        """Every down at its first meld alone: downs sharing it share an index."""

        def encode_parts(self, actions):
            return [p[:1] for p in super().encode_parts(actions)]

    spec = dataclasses.replace(registry.variant("contract"), action_codec=lambda spec, n: FirstMeldOnly(n))
    with pytest.raises(ConformanceError, match=r"its action codec (gives|decodes)"):
        check_codec(spec, spec.options_model(), _played(spec, 3, 1, 250))


def test_a_contract_match_rewards_the_lowest_total(registry):
    e = raw_env("contract", seats=3, episode="match", options={**FAST, "deals": 2}, registry=registry)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    while not all(e.terminations.values()) and not all(e.truncations.values()):
        _step(e, rng)
    match = e.table.game
    assert match.over and match.rounds_played == 2
    totals = match.totals
    rewards = [e._cumulative_rewards[a] for a in e.possible_agents]
    assert rewards == [1.0 if t == min(totals) else -1.0 for t in totals]


def test_environments_pickle_mid_move(registry):
    """A copy (pickled, deep-copied) in the middle of a down chosen in parts
    goes on as the original does."""
    import copy
    import pickle

    from rummykit.env import compiled

    if compiled():
        pytest.skip("the compiled build's environments do not pickle (docs/env.md)")

    e = raw_env("contract", seats=3, options=FAST, registry=registry)
    for seed in range(50):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not e.table.over and not e.table.chosen:
            _step(e, rng)
        if e.table.chosen:
            break
    else:
        pytest.fail("no down begun")
    for other in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert other.table.chosen == e.table.chosen
        for agent in e.possible_agents:
            a, b = other.observe(agent), e.observe(agent)
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
    single = single_agent("contract", opponents=["random"], seats=3, options=FAST, registry=registry)
    single.reset(seed=1)
    pickle.loads(pickle.dumps(single))
