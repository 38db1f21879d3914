"""core's RoundFactory: what both built-ins' ``make_spec`` deal rounds with."""

from __future__ import annotations

import random

import pytest

from rummykit.core.errors import RummyError
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
