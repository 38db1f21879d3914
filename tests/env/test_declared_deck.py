"""Variants dealing from a declared deck (copies, printed jokers) in the
environments: the observation counts each card as a player names it (the 52
cards and a joker slot, never a copy), and Indian Rummy plays in both
environments (Contract Rummy: test_contract_env.py)."""

from __future__ import annotations

import dataclasses
import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from rummykit.core.cards.deck import Deck
from rummykit.core.engine.actions import Action
from rummykit.core.engine.resample import deal_round
from rummykit.env import CodecError, env, raw_env, single_agent, standard_codec
from rummykit.env.encode import Encoder

from ..helpers.env_cases import swapped

DROP = 2  # indian's index of "drop"


@pytest.fixture
def gin_with_jokers(registry):
    return dataclasses.replace(registry.variants["gin"], deck=Deck(copies=2, jokers=2))


def _step(e, rng, drop_odds=0.05):
    """One random legal action of the seat to act (a drop only now and then, so
    that rounds run on to declarations and rebuilt stocks)."""
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    if DROP in legal and len(legal) > 1 and rng.random() > drop_odds:
        legal = legal[legal != DROP]
    e.step(int(rng.choice(legal)))


def _walk(e, seed, steps):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if e.table.over:
            break
        _step(e, rng)


def test_the_codec_numbers_every_card_of_the_deck(gin_with_jokers):
    codec = standard_codec(gin_with_jokers, 2)
    assert codec.deck_size == 106
    for card in (0, 51, 52, 103, 105):
        assert codec.decode(codec.encode(Action("discard", (card,)))).cards == (card,)


def test_a_declared_deck_is_encoded_by_counts(gin_with_jokers):
    options = gin_with_jokers.options_model()
    enc = Encoder(gin_with_jokers, 2, options, standard_codec(gin_with_jokers, 2))
    assert enc.counted and enc.layout["hand"] == (0, 53) and enc.layout["table"] == (53, 106)
    assert "meld" not in enc.layout and enc.layout["melds"][1] == 0  # gin lays no melds on the table
    rnd = deal_round(gin_with_jokers, options, 2, 0, random.Random(3))
    view = rnd.view(0)
    hand = enc.observation(view)[:53]
    for c in view.hand:
        assert hand[52 if c >= 104 else c % 52] >= 1
    assert hand.sum() == len(view.hand)
    # the space holds it: a base card up to 2 copies, the joker slot up to 2 jokers
    assert enc.high[0] == 2 and enc.high[52] == 2 and enc.high[enc.layout["hand_sizes"][0]] == 1


def test_indian_sizes_and_fields(registry):
    e = raw_env("indian", seats=3, render_mode="ansi", registry=registry)
    assert e.codec.n == 3 + 2 * 53
    lay = e.encoder.layout
    assert lay["hand"] == (0, 53) and lay["wild"][1] == 13 and lay["melds"][1] == 0
    assert e.encoder.size == 53 * (1 + 3 + 4 * 2 + 2) + 13 + 3 + 1 + 3 + 3 + 4 + 2 * 3 + 5 * 3
    _walk(e, 4, 40)
    assert not e.table.over
    shown = e.render()
    assert "hand: " in shown and "#" not in shown  # every copy named as the card it is
    agent = "player_1"
    view = e.view(agent)
    obs = e.observe(agent)["observation"]

    def field(name):
        start, size = lay[name]
        return obs[start : start + size]

    def counts(cards):
        out = np.zeros(53)
        for c in cards:
            out[52 if c >= 104 else c % 52] += 1
        return out

    assert np.array_equal(field("hand"), counts(view.hand))
    assert np.array_equal(field("pile"), counts(view.discard_pile))
    top = view.discard_pile[-1]
    assert np.flatnonzero(field("top")).tolist() == [52 if top >= 104 else top % 52]
    assert np.flatnonzero(field("wild")).tolist() == [view.extra["wild"]]
    extra = dict(zip(e.encoder.extra_keys, field("extra"), strict=True))
    cut = view.extra["cut"]
    assert extra["cut"] == (52 if cut >= 104 else cut % 52)  # the card, not its copy
    dropped, drawn = field("seat_extra").reshape(2, 3)
    assert dropped.tolist() == [float(view.extra["dropped"][(1 + r) % 3]) for r in range(3)]
    assert drawn.tolist() == [float(view.extra["drawn"][(1 + r) % 3]) for r in range(3)]
    assert drawn.any()
    assert [round(float(x) * 106) for x in field("hand_sizes")] == [
        view.hand_sizes[(1 + r) % 3] for r in range(3)
    ]
    assert round(float(field("stock")[0]) * 106) == view.stock_size
    # each opponent's took/held/discarded, by relative seat, as the history says
    for r in (1, 2):
        seat = (1 + r) % 3
        discarded = [
            ev.action.cards[0] for ev in view.history if ev.seat == seat and ev.action.kind == "discard"
        ]
        assert np.array_equal(field("discarded").reshape(2, 53)[r - 1], np.minimum(counts(discarded), 2))


def _swap_copies(card):
    """The other copy of a card (the other printed joker for a joker)."""
    if card >= 104:
        return 209 - card
    return card + 52 if card < 52 else card - 52


def test_copies_of_a_card_look_alike(registry):
    """Every card swapped for its other copy, in the hand, the pile, the history
    and the cut: the same observation and the same mask."""
    e = raw_env("indian", seats=3, registry=registry)
    enc = e.encoder
    for seed in range(6):
        _walk(e, seed, random.Random(seed).randrange(5, 80))
        for agent in e.possible_agents:
            view = e.view(agent)
            got = enc.encode(view)
            again = enc.encode(swapped(view, _swap_copies, ("cut",)))
            assert np.array_equal(got["observation"], again["observation"])
            assert np.array_equal(got["action_mask"], again["action_mask"])


def test_resampling_what_a_seat_has_not_seen_never_changes_its_observation(registry):
    e = raw_env("indian", seats=3, registry=registry)
    enc = e.encoder
    checked = 0
    for seed in range(10):
        _walk(e, seed, random.Random(seed).randrange(0, 60))
        rnd = e.table.round
        if rnd.result is not None:
            continue
        for seat in range(3):
            obs = e.observe(f"player_{seat}")
            for k in range(3):
                other = rnd.resample(seat, random.Random(k))
                assert other.zones()["stock"] != rnd.zones()["stock"]
                again = enc.encode(e.table.view(seat) if other is rnd else _in_match(e, other.view(seat)))
                assert np.array_equal(again["observation"], obs["observation"])
                assert np.array_equal(again["action_mask"], obs["action_mask"])
            checked += 1
    assert checked >= 6


def _in_match(e, view):
    """A round's view as the environment shows it (with the match's context)."""
    return view.with_scores(view.scores or e.table.context.totals, None, e.table.context)


def test_the_incremental_encoding_equals_a_fresh_one(registry):
    e = raw_env("indian", seats=4, registry=registry)
    enc = e.encoder
    e.reset(seed=11)
    rng = np.random.default_rng(11)
    steps = 0
    while not e.table.over and steps < 300:
        for agent in e.possible_agents:
            obs = e.observe(agent)
            fresh = enc.encode(e.view(agent))
            assert np.array_equal(obs["observation"], fresh["observation"])
            assert np.array_equal(obs["action_mask"], fresh["action_mask"])
        _step(e, rng)
        steps += 1


def test_indian_codec_numbers_every_legal_action_once(registry):
    """The legal actions of 800 random states: distinct indices, each decoding
    to the same move as a player names it, the mask exactly them."""
    e = raw_env("indian", seats=2, registry=registry)
    codec, deck = e.codec, e.spec.deck
    rng = random.Random(5)
    states = 0
    kinds = set()
    while states < 800:
        rnd = deal_round(e.spec, e.table.options, 2, 0, random.Random(rng.getrandbits(64)))
        while rnd.result is None and states < 800:
            legal = rnd.legal_actions()
            indices = [codec.encode(a) for a in legal]
            assert len(set(indices)) == len(legal)
            for a, i in zip(legal, indices, strict=True):
                back = codec.decode(i)
                assert (back.kind, deck.names(back.cards), back.target) == (
                    a.kind,
                    deck.names(a.cards),
                    a.target,
                )
                kinds.add(a.kind)
            assert np.flatnonzero(e.encoder.mask(rnd.view(rnd.to_act()))).tolist() == sorted(indices)
            states += 1
            moves = [a for a in legal if a.kind != "drop"] or legal
            rnd.apply(moves[rng.randrange(len(moves))])
    assert {"draw stock", "take discard", "drop", "discard"} <= kinds
    for i in range(codec.n):
        assert codec.encode(codec.decode(i)) == i
    with pytest.raises(CodecError, match="no index for 'knock AC'"):
        codec.encode(Action("knock", (0,)))
    with pytest.raises(CodecError, match="out of range"):
        codec.decode(codec.n)


def test_indian_passes_pettingzoo_and_gymnasium_checks(registry):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("indian", seats=3, registry=registry), num_cycles=300)
        seed_test(lambda: env("indian", seats=2, registry=registry), num_cycles=200)
        check_env(single_agent("indian", opponents=["ai:easy"], seats=2, registry=registry))


@pytest.mark.parametrize("seats", [2, 6])
def test_random_indian_rounds_end_and_reward_their_points(registry, seats):
    e = raw_env("indian", seats=seats, options={"max_turns": 40}, registry=registry)
    outcomes = set()
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        while not all(e.terminations.values()) and not all(e.truncations.values()):
            _step(e, rng, drop_odds=0.01)
            for agent, r in e.rewards.items():
                total[agent] += r
        result = e.table.round.result
        outcomes.add(result.outcome)
        # the lowest total wins at indian: a seat's reward is minus its points
        assert [total[a] for a in e.possible_agents] == [-float(p) for p in result.points]
    assert outcomes <= {"declare", "all dropped", "no score"}


def test_an_indian_match_is_one_episode(registry):
    e = raw_env(
        "indian", seats=3, episode="match", options={"format": "deals", "deals": 2}, registry=registry
    )
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    while not all(e.terminations.values()) and not all(e.truncations.values()):
        _step(e, rng, drop_odds=0.3)
    rewards = [e._cumulative_rewards[a] for a in e.possible_agents]
    assert sorted(rewards) in ([-1.0, -1.0, 1.0], [-1.0, 1.0, 1.0], [0.0, 0.0, 0.0], [-1.0, -1.0, -1.0])
    assert e.table.game.over and e.table.game.rounds_played == 2
