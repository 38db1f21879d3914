"""Every built-in round gives its legal actions as a tuple: whoever is handed
them (a bot, a view, the terminal game) cannot empty or change the round's."""

from __future__ import annotations

import random

import pytest

from rummykit.variants.cardverse_rummy.spec import SPEC as CARDVERSE
from rummykit.variants.gin import SPEC as GIN


@pytest.mark.parametrize("spec,seats", [(GIN, 2), (CARDVERSE, 2), (CARDVERSE, 4)])
def test_legal_actions_are_a_tuple_no_caller_can_change(spec, seats):
    rng = random.Random(7)
    rnd = spec.new_round(spec.options_model(), seats, 0, rng)
    while rnd.to_act() is not None:
        legal = rnd.legal_actions()
        assert type(legal) is tuple and legal
        with pytest.raises(AttributeError):
            legal.clear()  # type: ignore[attr-defined]
        assert rnd.legal_actions() == legal
        assert rnd.view(rnd.to_act()).legal == legal
        rnd.apply(legal[rng.randrange(len(legal))])
    assert rnd.legal_actions() == ()
