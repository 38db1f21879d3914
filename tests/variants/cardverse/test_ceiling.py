"""benchmarks/cardverse4_ceiling.py measures how far a four-seat CardVerse seat can
get against three ai:easy (docs/bots.md). Its figures are only worth something if
its mask-level round is the engine's round and its ai:easy is the real one."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from rummykit.core.cards import from_mask
from rummykit.variants.cardverse_rummy.agents import EasyAgent
from rummykit.variants.cardverse_rummy.options import CardVerseOptions
from rummykit.variants.cardverse_rummy.round import CardVerseRound

PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "cardverse4_ceiling.py"


@pytest.fixture(scope="module")
def ceiling():
    spec = importlib.util.spec_from_file_location("cardverse4_ceiling", PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine_round(seed: int) -> CardVerseRound:
    rnd = CardVerseRound.deal(CardVerseOptions(), 4, 0, random.Random(seed))
    agents = [EasyAgent(0) for _ in range(4)]
    while rnd.to_act() is not None:
        seat = rnd.to_act()
        rnd.apply(agents[seat].act(rnd.view(seat), rnd.legal_actions()))
    return rnd


@pytest.mark.parametrize("seed", range(40))
def test_mask_round_is_the_engine_round(ceiling, seed):
    rnd = engine_round(seed)
    s = ceiling.deal(seed)
    while s.winner is None:
        ceiling.easy_turn(s)
    assert s.winner == rnd.result.winner
    assert s.hands == rnd.hands
    assert sorted(s.table) == sorted(mask for _, mask in rnd.table)
    assert list(s.pile) == rnd.discard
    assert list(s.stock) == rnd.stock


def test_sampled_deals_account_for_every_card(ceiling):
    rng = random.Random(3)
    for seed in range(30):
        me = seed % 4
        s = ceiling.deal(seed)
        for _ in range(rng.randrange(1, 9)):  # some turns in
            if s.winner is not None:
                break
            ceiling.easy_turn(s)
        if s.winner is not None:
            continue
        for known in (False, True):
            d = ceiling.sample(s, me, rng, known)
            assert d.hands[me] == s.hands[me]
            assert [h.bit_count() for h in d.hands] == [h.bit_count() for h in s.hands]
            assert len(d.stock) == len(s.stock)
            cards = [c for h in d.hands for c in from_mask(h)] + list(d.stock) + list(d.pile)
            cards += [c for m in d.table for c in from_mask(m)]
            assert sorted(cards) == list(range(52))
            for i in range(4):  # cards taken from the pile stay where they are known to be
                assert d.hands[i] & s.took[i] == s.took[i]
            if known:
                assert d.hands == s.hands


@pytest.mark.slow
def test_the_oracle_wins_more_than_the_policy(ceiling):
    seeds = range(12)
    oracle = sum(ceiling.play_round(i, "oracle", 0) for i in seeds)
    policy = sum(ceiling.play_round(i, "policy", 0) for i in seeds)
    assert oracle > policy
