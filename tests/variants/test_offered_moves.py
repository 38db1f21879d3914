"""Every computer player of both built-ins plays one of the moves it is offered,
whatever part of the legal moves that is (a house rule or a search may offer a
bot only some of them)."""

from __future__ import annotations

import random

import pytest

from rummykit.core.bots.agents import act_kwargs
from rummykit.core.engine.resample import deal_round
from rummykit.core.plugins.manager import get_plugins

from ..marks import first_fast

CASES = [("gin", 2), ("cardverse", 2), ("cardverse", 4)]


@pytest.mark.parametrize(("variant", "n_seats"), first_fast(CASES), ids=[f"{v}-{n}" for v, n in CASES])
def test_a_bot_offered_part_of_the_legal_moves_plays_one_of_them(variant, n_seats):
    registry = get_plugins().registry
    spec = registry.variant(variant)
    options = spec.options_model()
    names = [a.name for a in registry.agents_for(variant) if a.name != "ai:search"]
    rng = random.Random(variant)
    checked = 0
    for deal in range(6):
        rnd = deal_round(spec, options, n_seats, 0, random.Random(deal))
        while (seat := rnd.to_act()) is not None:
            legal = rnd.legal_actions()
            view = rnd.view(seat)
            if len(legal) > 1:
                offered = tuple(a for a in legal if rng.random() < 0.3) or (legal[-1],)
                for name in names:
                    bot = registry.agent(variant, name).factory(seat, deal, options)
                    assert bot.act(view, offered, **act_kwargs(bot, rnd, seat)) in offered, name
                checked += 1
            rnd.apply(legal[rng.randrange(len(legal))])
    assert checked > 50
