"""Contract Rummy's players say why they play a move (``explain``: the reason
the terminal game's ``hint`` gives), and what the reason states holds."""

from __future__ import annotations

from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.contract.bots import EASY, HARD, NORMAL
from rummykit.variants.contract.bots.search import ContractSearch
from rummykit.variants.contract.options import ContractOptions
from rummykit.variants.contract.round import ADD, BUY, DISCARD, DOWN, PASS, ContractRound, contract_deck
from rummykit.variants.contract.spec import SPEC

from ...helpers.decisions import decisions as seat_decisions
from .test_bots import HANDS
from .test_rules import c, play

LEVELS = {"easy": EASY, "normal": NORMAL, "hard": HARD}


def decisions(level: str, seats: int, seed: int, deals: int = 2):
    """Every decision of seat 0 (the player of ``level``, the others ai:easy) in
    the first ``deals`` deals of the match of ``seed``: (agent, view, move)."""
    options = ContractOptions(deals=deals)
    agents = [LEVELS[level if s == 0 else "easy"].factory(s, seed, options) for s in range(seats)]
    return seat_decisions(SPEC, options, agents, seed)


def test_every_level_gives_a_reason_for_every_move_it_makes() -> None:
    for level in LEVELS:
        kinds = set()
        for seed in range(3):
            for agent, view, move in decisions(level, 3 + seed, seed):
                why = agent.explain(view, move)
                assert why and why != move.notation(), (level, move)
                name = contract_deck(view.n_seats).code
                if move.kind in (ADD, DISCARD):
                    assert name(move.cards[0]) in why
                if move.kind in (BUY, TAKE_DISCARD) and view.discard_top is not None:
                    assert name(view.discard_top) in why
                if move.kind == DOWN:
                    assert str(view.extra["contract"]) in why
                kinds.add(move.kind)
        assert {DRAW_STOCK, DOWN, DISCARD, PASS} <= kinds, (level, kinds)


def test_a_pass_says_what_decided_it() -> None:
    for index, said in ((6, "pass: in the last deal every card must go into its runs"), (5, None)):
        rnd = ContractRound.from_deal(HANDS, discard=c("JK"), stock=c("AC AD AH AS"), round_index=index)
        play(rnd, DRAW_STOCK)  # seat 0 passes the joker: seat 1 is asked
        view = rnd.view(1)
        hard = HARD.factory(1, 1, ContractOptions())
        move = hard.act(view, view.legal)
        if said is None:
            assert move.kind == BUY and hard.explain(view, move) == "buy JK: a joker is wild"
        else:
            assert move.kind == PASS and hard.explain(view, move).startswith(said)
    rnd = ContractRound.from_deal(HANDS, discard=c("9D"), stock=c("AC AD AH AS"), round_index=0)
    play(rnd, DRAW_STOCK)
    view = rnd.view(1)
    easy = EASY.factory(1, 1, ContractOptions())
    move = easy.act(view, view.legal)
    assert move.kind == PASS
    assert easy.explain(view, move) == "pass: 9D is not a joker (only jokers are bought)"


def test_the_search_gives_ai_hards_reason_for_ai_hards_move() -> None:
    reg = get_plugins().registry
    options = ContractOptions(deals=1)
    search = reg.agent("contract", "ai:search").factory(0, 1, options)
    assert isinstance(search, ContractSearch)
    match = Match(SPEC, options, 3, 4)
    easy = [EASY.factory(s, 4, options) for s in range(3)]
    said = 0
    for _ in range(60):
        seat = match.to_act()
        if seat is None or match.over:
            break
        view = match.view(seat)
        if seat == 0:
            move = search.act(view, view.legal, info=match.round.information(0))
            why = search.explain(view, move)
            if move == search._prior:
                assert why.startswith(search.rules.explain(view, move))
                said += 1
            else:
                assert "played out on the same deals" in why
        else:
            move = easy[seat].act(view, view.legal)
        match.apply(move)
    assert said
