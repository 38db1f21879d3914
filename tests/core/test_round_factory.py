"""core's RoundFactory: what both built-ins' ``make_spec`` deal rounds with."""

from __future__ import annotations

import random

import pytest

from rummykit.core.base.errors import RummyError
from rummykit.variants.cardverse_rummy import CardVerseRound
from rummykit.variants.cardverse_rummy import make_spec as cardverse_spec
from rummykit.variants.gin import GinOptions, GinRound
from rummykit.variants.gin import make_spec as gin_spec


class HouseGin(GinRound):
    pass


def test_specs_made_alike_are_equal_and_a_house_rule_is_not():
    assert gin_spec().new_round == gin_spec().new_round
    assert hash(gin_spec().new_round) == hash(gin_spec().new_round)
    assert cardverse_spec().new_round == cardverse_spec().new_round
    assert gin_spec().new_round != gin_spec(round_class=HouseGin).new_round
    assert gin_spec().new_round != gin_spec("house").new_round
    assert gin_spec().new_round != cardverse_spec().new_round
    assert repr(gin_spec("house", round_class=HouseGin).new_round) == "RoundFactory(HouseGin, 'house')"


def test_each_deals_its_round_class_under_its_name():
    rnd = gin_spec("house", round_class=HouseGin).new_round(GinOptions(), 2, 0, random.Random(1))
    assert type(rnd) is HouseGin and rnd.view(0).variant == "house"
    spec = cardverse_spec()
    rnd = spec.new_round(spec.options_model(), 3, 0, random.Random(1))
    assert type(rnd) is CardVerseRound and len(rnd.view(0).hand_sizes) == 3
    with pytest.raises(RummyError, match="gin is for 2 players, not 3"):
        gin_spec().new_round(GinOptions(), 3, 0, random.Random(1))


def test_history_seen_by_is_each_seat_s_history_on_the_round_and_its_clones():
    """Round.history_seen_by (kept per seat, extended as the round moves) is
    always the history with the others' stock draws hidden, on the round and
    on each copy of it, whichever is played on and whenever it is asked."""
    import random as _random

    from rummykit.core.engine.resample import deal_round

    from .toy_variant import TOY, ToyOptions

    rng = _random.Random(5)
    for seed in range(6):
        rounds = [deal_round(TOY, ToyOptions(), 3, 0, _random.Random(seed))]
        while any(r.result is None for r in rounds):
            live = [r for r in rounds if r.result is None]
            rnd = rng.choice(live)
            if rng.random() < 0.1 and len(rounds) < 6:
                rounds.append(rnd.clone())
            rnd.apply(rng.choice(rnd.legal_actions()))
            for r in rounds:
                seat = rng.randrange(3)
                if rng.random() < 0.5:
                    assert r.history_seen_by(seat) == tuple(e.seen_by(seat) for e in r.history)
        for r in rounds:
            for seat in range(3):
                seen = r.history_seen_by(seat)
                assert seen == tuple(e.seen_by(seat) for e in r.history)
                hidden = [e for e in seen if e.private and e.seat != seat]
                assert hidden and all(e.card is None for e in hidden)
