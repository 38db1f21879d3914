"""Indian Rummy's players say why they play a move (``explain``: the reason the
terminal game's ``hint`` gives), and what the reason states holds."""

from __future__ import annotations

import re

from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.indian.agents import EasyIndianAgent, HardIndianAgent, NormalIndianAgent
from rummykit.variants.indian.cards import is_joker, value
from rummykit.variants.indian.options import IndianOptions
from rummykit.variants.indian.reach import distance
from rummykit.variants.indian.round import DECLARE, DISCARD, DROP, INDIAN_DECK
from rummykit.variants.indian.search import IndianSearch
from rummykit.variants.indian.spec import SPEC

from ..helpers.decisions import decisions as seat_decisions
from .test_round import DECLARER, LOSER, made

LEVELS = (EasyIndianAgent, NormalIndianAgent, HardIndianAgent)


def decisions(level: type[EasyIndianAgent], seats: int, seed: int, fmt: str = "points"):
    """Every decision of seat 0 (played by ``level``, the others by ai:easy) in
    the match of ``seed``: (agent, view, move)."""
    agents = [level(seed) if s == 0 else EasyIndianAgent(s) for s in range(seats)]
    return seat_decisions(SPEC, IndianOptions(format=fmt), agents, seed, most=3000)


def test_every_level_gives_a_reason_for_every_move_it_makes() -> None:
    kinds: dict[str, set[str]] = {}
    for level in LEVELS:
        for seed in range(4):
            for agent, view, move in decisions(level, 2 + seed % 3, seed):
                why = agent.explain(view, move)
                assert why and why != move.notation(), (level.__name__, move)
                if move.cards:
                    assert INDIAN_DECK.code(move.cards[0]) in why
                kinds.setdefault(level.__name__, set()).add(move.kind)
    for seen in kinds.values():
        assert {DRAW_STOCK, DISCARD} <= seen


def test_easy_names_the_points_of_its_discard() -> None:
    for agent, view, move in decisions(EasyIndianAgent, 2, 5):
        if move.kind == DISCARD:
            card = move.cards[0]
            assert agent.explain(view, move) == (
                f"{INDIAN_DECK.code(card)}: the loose card worth the most "
                f"({value(card, view.extra['wild'])} points)"
            )


def test_hard_says_how_far_its_discard_leaves_the_hand_and_that_no_discard_leaves_it_nearer() -> None:
    checked = 0
    for agent, view, move in decisions(HardIndianAgent, 3, 7):
        if move.kind != DISCARD:
            continue
        wild = view.extra["wild"]
        rest = list(view.hand)
        rest.remove(move.cards[0])
        d = distance(rest, wild)
        why = agent.explain(view, move)
        m = re.search(r"the hand is (\d+) cards? from a declaration, as near as any discard", why)
        assert m and int(m.group(1)) == d, why
        for other in set(view.hand) - {move.cards[0]}:
            left = list(view.hand)
            left.remove(other)
            assert distance(left, wild) >= d
        checked += 1
    assert checked


def test_takes_are_explained_by_the_joker_or_the_meld() -> None:
    seen = 0
    for level in LEVELS:
        for seed in range(6):
            for agent, view, move in decisions(level, 2, seed):
                if move.kind != TAKE_DISCARD:
                    continue
                top = view.discard_top
                assert top is not None
                why = agent.explain(view, move)
                if is_joker(top, view.extra["wild"]):
                    assert why == f"take {INDIAN_DECK.code(top)}: a joker stands for any card"
                else:
                    assert why.startswith(f"take {INDIAN_DECK.code(top)}: it ")
                seen += 1
    assert seen


def test_a_declaration_and_a_drop_say_so() -> None:
    rnd = made([DECLARER, LOSER], "5C", "7D", "4H")
    rnd.apply(Action(DRAW_STOCK))
    view = rnd.view(0)
    for level in LEVELS:
        agent = level(1)
        move = agent.act(view, view.legal)
        assert move.kind == DECLARE
        assert agent.explain(view, move).startswith(
            f"declare, laying {INDIAN_DECK.code(move.cards[0])} face down"
        )
    dropped = 0
    for seed in range(40):
        for agent, view, move in decisions(NormalIndianAgent, 3, seed, "pool"):
            if move.kind == DROP:
                assert agent.explain(view, move).startswith("drop: ")
                dropped += 1
    assert dropped


def test_the_search_gives_ai_hards_reason_and_says_when_it_played_the_close_ones_out() -> None:
    reg = get_plugins().registry
    search = reg.agent("indian", "ai:search").factory(0, 1, IndianOptions())
    assert isinstance(search, IndianSearch)
    # 7s wild; after drawing the 2D, K♠ and J♦ lone: both discards close
    rnd = made(["AH 2H 3H 4S 5S 6S 8C 8D 8S JC QC KS JD", LOSER], "9H", "7D", "2D")
    view = rnd.view(0)
    draw = search.act(view, view.legal, info=rnd.information(0))
    hard = HardIndianAgent(0)
    assert draw == hard.act(view, view.legal)  # a draw: ai:hard's, unsearched
    assert search.explain(view, draw) == hard.explain(view, draw)
    rnd.apply(draw)
    view = rnd.view(0)
    move = search.act(view, view.legal, info=rnd.information(0))
    assert len(search.last["means"]) >= 2  # searched
    why = search.explain(view, move)
    assert search._rules is not None
    if move == search._rules.move:
        assert why.startswith(search._rules.explain(view, move)) and why.endswith(": it held)")
    else:
        assert why.startswith("of ") and "played out on the same deals" in why
