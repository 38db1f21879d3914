"""Core's ``ai:search`` in Contract Rummy: its play-outs are cut short and
valued by the penalty points in hand, so a decision keeps its budget."""

from __future__ import annotations

import random

from rummykit.core.bots.search import NAME, SearchAgent
from rummykit.core.engine.actions import DRAW_STOCK
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.contract.options import ContractOptions
from rummykit.variants.contract.round import DISCARD, ContractRound

from .test_rules import c


def test_cut_points_are_the_penalty_points_in_each_hand() -> None:
    rnd = ContractRound.from_deal([c("2C 3C JK"), c("AS KD TH 9H"), c("5D")], round_index=2)
    assert rnd.cut_points() == (5 + 5 + 15, 15 + 10 + 10 + 5, 5)


def test_a_last_deal_discard_keeps_to_the_search_budget() -> None:
    """In the last deal (three runs, every card melded to go out) a play-out
    runs hundreds of turns; the search cuts each one and stays within its
    moves a decision."""
    options = ContractOptions()
    rnd = ContractRound.deal_round(options, 4, 6, random.Random(3))
    rnd.apply(next(a for a in rnd.legal_actions() if a.kind == DRAW_STOCK))
    while rnd.phase == "buy":
        rnd.apply(next(a for a in rnd.legal_actions() if a.kind == "pass"))
    seat = rnd.to_act()
    assert seat is not None
    view = rnd.view(seat)
    assert sum(a.kind == DISCARD for a in view.legal) >= 10
    agent = get_plugins().registry.agent("contract", NAME).factory(seat, 1, options)
    assert isinstance(agent, SearchAgent) and agent.max_moves is not None
    moves: list[int] = []
    policy = agent.policy

    def counted(s: int, seed: int, o: object) -> object:
        inner = policy(s, seed, o)

        class Counted:
            def act(self, v, legal):  # type: ignore[no-untyped-def]
                moves.append(1)
                return inner.act(v, legal)

        return Counted()

    agent.policy = counted
    action = agent.act(view, view.legal, info=rnd.information(seat))
    assert any(a is action for a in view.legal)
    assert min(agent.last["counts"].values()) >= 1  # every discard played out
    assert len(moves) <= agent.max_moves + 1  # the roll-outs' moves and the prior
