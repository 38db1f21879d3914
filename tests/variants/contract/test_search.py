"""Contract Rummy's ``ai:search`` (``variants/contract/bots/search.py``): core's
search with ``ai:hard``'s rules as prior, searching only their close calls,
overruling them only on a *t* test over enough paired play-outs; its play-outs
are cut short and valued by the penalty points in hand."""

from __future__ import annotations

import random

import pytest

from rummykit.core.bots.search import NAME, SearchAgent, paired_t, t975, with_iterations
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.contract.bots import hard_factory, normal_factory
from rummykit.variants.contract.bots.search import (
    ITERATIONS,
    MIN_PAIRED,
    ContractSearch,
    close_moves,
)
from rummykit.variants.contract.options import ContractOptions
from rummykit.variants.contract.round import BUY, DISCARD, PASS, ContractRound

from .test_rules import c


def test_cut_points_are_the_penalty_points_in_each_hand() -> None:
    rnd = ContractRound.from_deal([c("2C 3C JK"), c("AS KD TH 9H"), c("5D")], round_index=2)
    assert rnd.cut_points() == (5 + 5 + 15, 15 + 10 + 10 + 5, 5)


def test_contract_ai_search_is_its_own_search_rolling_out_with_ai_normal() -> None:
    spec = get_plugins().registry.agent("contract", NAME)
    assert spec.plugin == "contract" and spec.strength == 25
    agent = spec.factory(0, 1, ContractOptions())
    assert type(agent) is ContractSearch and agent.policy is normal_factory
    assert agent.iterations == ITERATIONS and agent.min_paired == MIN_PAIRED
    cheap = with_iterations(spec, 4, 1).factory(0, 1, ContractOptions())  # the kit's budget
    assert type(cheap) is ContractSearch and (cheap.iterations, cheap.max_moves) == (4, 1)


def test_paired_t_pairs_the_first_play_outs() -> None:
    assert paired_t([1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 9.0]) == (4, pytest.approx(3**0.5))
    assert paired_t([2.0, 3.0], [1.0, 2.0]) == (2, float("inf"))
    assert paired_t([1.0], [0.0]) == (1, 0.0)


def test_an_overrule_needs_min_paired_play_outs_and_the_t_quantile() -> None:
    agent = ContractSearch(1, confidence=2.0)
    ahead = [0.6, 0.7, 0.6, 0.7, 0.6, 0.7, 0.6, 0.7]
    level = [0.5] * 8
    # every play-out ahead, but seven pairs are too few however firm they look
    assert not agent.overrules(ahead[: MIN_PAIRED - 1], level)
    assert agent.overrules(ahead[:MIN_PAIRED], level)
    # t = 2.29 on 9 pairs: past core's fixed 2, short of t(8 d.o.f.) = 2.31
    move = [1.0] * 6 + [0.0, -1.0, 0.0]
    prior = [0.0] * 9
    n, t = paired_t(move, prior)
    assert n == 9 and 2.0 < t < t975(8)
    assert SearchAgent(1, confidence=2.0).overrules(move, prior)
    assert not agent.overrules(move, prior)
    assert not ContractSearch(1, confidence=float("inf")).overrules(ahead, level)


def _first_seat_view(hand: str, top: str, others: tuple[str, str, str] = ("", "", "")):
    rnd = ContractRound.from_deal([c(hand), *(c(h) for h in others)], discard=c(top))
    return rnd


def test_taking_is_searched_only_for_a_card_that_brings_the_hand_nearer() -> None:
    hand = "7C 7D 9S 9H KC 2D 4S 5H 8C JD"  # two sets: a pair of 7s and of 9s
    for top, searched in (("7H", True), ("3C", False), ("JK", True)):
        rnd = _first_seat_view(hand, top, ("QC QD QH", "6C 6D", "TS TH"))
        view = rnd.view(0)
        prior = hard_factory(0, 1, None).act(view, view.legal)
        kinds = {a.kind for a in close_moves(view, view.legal, prior)}
        assert kinds == ({TAKE_DISCARD, DRAW_STOCK} if searched else {prior.kind}), top


def test_a_buy_is_never_searched() -> None:
    rnd = ContractRound.from_deal(
        [c("2C 3D 4S 5H"), c("8C 8D 9S KH"), c("QC QD"), c("6C 6D")], discard=c("8H")
    )
    rnd.apply(next(a for a in rnd.legal_actions() if a.kind == DRAW_STOCK))
    assert rnd.to_act() == 1 and {a.kind for a in rnd.legal_actions()} == {BUY, PASS}
    view = rnd.view(1)
    prior = hard_factory(1, 1, None).act(view, view.legal)
    assert prior.kind == BUY  # the 8H makes its set: ai:hard buys it
    assert close_moves(view, view.legal, prior) == [prior]


def test_a_discard_is_searched_against_its_closest_rivals_only() -> None:
    rnd = _first_seat_view("7C 7D 9S 9H KC 2D 4S 5H 8C JD", "3C", ("QC QD QH", "6C 6D", "TS TH"))
    rnd.apply(next(a for a in rnd.legal_actions() if a.kind == DRAW_STOCK))
    while rnd.to_act() != 0:  # the others pass on the 3C
        rnd.apply(next(a for a in rnd.legal_actions() if a.kind == PASS))
    view = rnd.view(0)
    prior = hard_factory(0, 1, None).act(view, view.legal)
    cands = close_moves(view, view.legal, prior)
    assert cands[0] is prior and 2 <= len(cands) <= 3
    kept = {c % 52 for c in view.hand} - {a.cards[0] % 52 for a in cands}
    assert {c("7C")[0], c("7D")[0], c("9S")[0], c("9H")[0]} <= kept  # no pair is broken
    assert all(a.kind == DISCARD for a in cands)


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
    counts = list(agent.last["counts"].values())
    assert len(counts) >= 2  # searched: the rules' discard and a rival
    assert min(counts) >= 1  # every candidate played out
    # the rules' move and the best rival meet on enough deals to overrule
    assert counts[0] >= MIN_PAIRED and sorted(counts)[-2] >= MIN_PAIRED
    assert len(moves) <= agent.max_moves
