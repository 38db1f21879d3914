"""Indian Rummy's computer players: what each level is said to do."""

from __future__ import annotations

from rummykit.core.cards.card import parse_card
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.variants.indian.agents import EasyIndianAgent, HardIndianAgent, NormalIndianAgent
from rummykit.variants.indian.reach import distance
from rummykit.variants.indian.round import DECLARE, DISCARD, DROP, same
from rummykit.variants.indian.search import IndianSearch

from .test_round import DECLARER, LOSER, cards, made


def discard_of(agent: EasyIndianAgent, hand: str, stock: str = "2D") -> int:
    rnd = made([hand, LOSER], "5C", "7D", stock)
    rnd.apply(Action(DRAW_STOCK))
    view = rnd.view(0)
    move = agent.act(view, view.legal)
    assert move.kind == DISCARD
    return move.cards[0] % 52


def test_every_level_declares_when_it_can() -> None:
    for agent in (EasyIndianAgent(1), NormalIndianAgent(1), HardIndianAgent(1)):
        rnd = made([DECLARER, LOSER], "5C", "7D", "4H")
        rnd.apply(Action(DRAW_STOCK))
        view = rnd.view(0)
        assert agent.act(view, view.legal).kind == DECLARE


def test_easy_throws_its_highest_loose_card() -> None:
    # melds: A-2-3♥, 5-6♠+JK, 9♣9♦9♠, Q♦Q♥Q♣; loose K♠ and the 2♦ drawn
    hand = "AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC KS"
    assert discard_of(EasyIndianAgent(1), hand, "2D") == parse_card("KS")


def test_normal_keeps_a_sequence_in_the_making_over_a_lone_card() -> None:
    # loose after drawing 2D: J♣ Q♣ (a sequence in the making), 9♦, 3♠, 2♦ (7s wild)
    hand = "AH 2H 3H 5S 6S 4S 8C 8D 8S JC QC 9D 3S"
    easy = discard_of(EasyIndianAgent(1), hand, "2D")
    normal = discard_of(NormalIndianAgent(1), hand, "2D")
    assert easy in (parse_card("JC"), parse_card("QC"))  # the highest: 10 points each
    assert normal not in (parse_card("JC"), parse_card("QC"))


def test_normal_and_hard_guard_a_card_near_what_the_next_player_took(monkeypatch) -> None:
    def decide(agent: EasyIndianAgent) -> int:
        # seat 0 draws and throws 9H, which seat 1 takes; seat 0 then holds four
        # melds and T♥ 5♣ loose: T♥ is worth more, but it is next to the 9♥ taken
        rnd = made(["AH 2H 3H 4S 5S 6S 8C 8D 8S QC QD QS TH", LOSER], "KC", "KD", "5C 9H")
        rnd.apply(Action(DRAW_STOCK))
        rnd.apply(Action(DISCARD, (parse_card("9H"),)))
        rnd.apply(Action(TAKE_DISCARD))
        rnd.apply(Action(DISCARD, (parse_card("2C"),)))
        rnd.apply(Action(DRAW_STOCK))
        view = rnd.view(0)
        move = agent.act(view, view.legal)
        assert move.kind == DISCARD
        return move.cards[0]

    levels = (NormalIndianAgent, HardIndianAgent)
    assert [decide(level(1)) for level in levels] == [parse_card("5C")] * 2
    monkeypatch.setattr(NormalIndianAgent, "GUARD", 0.0)
    monkeypatch.setattr(HardIndianAgent, "DANGER", 0.0)
    assert [decide(level(1)) for level in levels] == [parse_card("TH")] * 2  # unguarded: the higher card goes


def test_no_drop_in_a_one_deal_match() -> None:
    hand = "2C 4D 6H 8S TC QD KH 3S 5C 7D 9H JS AC"
    rnd = made([hand, LOSER], "5C", "QH", "2D")
    view = rnd.view(0)
    for agent in (EasyIndianAgent(1), NormalIndianAgent(1), HardIndianAgent(1)):
        assert agent.act(view, view.legal).kind != DROP


def test_hard_takes_a_discard_that_brings_it_nearer_a_declaration() -> None:
    # A-2-3♥ and 4-5-6♠ pure, 8♣8♦8♠; J♣ 9♦ 3♣ K♥ loose (7s wild): the Q♣ on the
    # pile goes into no meld, but beside the J♣ it is one card nearer a declaration
    hand = "AH 2H 3H 4S 5S 6S 8C 8D 8S JC 9D 3C KH"
    assert distance(cards(hand) + cards("QC"), 6) == distance(cards(hand), 6) - 1
    rnd = made([hand, LOSER], "QC", "7D", "2D")
    view = rnd.view(0)
    assert EasyIndianAgent(1).act(view, view.legal).kind == DRAW_STOCK
    assert NormalIndianAgent(1).act(view, view.legal).kind == DRAW_STOCK
    assert HardIndianAgent(1).act(view, view.legal).kind == TAKE_DISCARD


def test_hard_throws_a_second_copy_before_breaking_a_sequence_in_the_making() -> None:
    # two T♥ (one sequence holds only one of them) beside 9♥; 8♣ 9♣ are a pure
    # sequence in the making: ai:normal keeps both tens and throws the 8♣
    hand = "2C 2C' 8C 9C QC 6D 9D TD QD 4H 9H TH TH'"
    normal = discard_of(NormalIndianAgent(1), hand, "2H")
    hard = discard_of(HardIndianAgent(1), hand, "2H")
    assert (normal, hard) == (parse_card("8C"), parse_card("TH"))
    after = {}
    for who, thrown in (("normal", normal), ("hard", hard)):
        rest = cards(hand) + cards("2H")
        rest.remove(next(c for c in rest if c % 52 == thrown))
        after[who] = distance(rest, 6)
    assert after["hard"] < after["normal"]


def test_ai_search_rolls_out_with_easy_and_keeps_hards_move_unless_another_is_clearly_ahead() -> None:
    # docs/bots.md: 16 play-outs a decision, ai:easy moving every seat, ai:hard's move the prior
    from rummykit.core.bots.search import SEARCH_CONFIDENCE
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    spec = reg.agent("indian", "ai:search")
    agent = spec.factory(0, 1, reg.variant("indian").options_model())
    assert agent.iterations == 16 and agent.confidence == SEARCH_CONFIDENCE
    assert agent.policy is reg.agent("indian", "ai:easy").factory
    assert isinstance(agent, IndianSearch)
    assert (
        "with ai:easy moving every seat, and leaves ai:hard's move only when clearly ahead"
        in spec.description
    )
    # its prior is ai:hard's move: here the pick-up that brings the hand nearer
    hand = "AH 2H 3H 4S 5S 6S 8C 8D 8S JC 9D 3C KH"
    rnd = made([hand, LOSER], "QC", "7D", "2D")
    view = rnd.view(0)
    assert agent.prior(view, view.legal).kind == TAKE_DISCARD
    assert EasyIndianAgent(1).act(view, view.legal).kind == DRAW_STOCK
    # and it searches only what ai:hard names: here its pick-up alone
    assert list(agent.candidates(view, view.legal)) == [Action(TAKE_DISCARD)]


def test_hard_names_its_close_discards_for_the_search_and_nothing_else() -> None:
    # 7s wild; after drawing the 2D: K♠ and J♦ lone, equally far from a
    # declaration without either, so both discards are close; a draw and a
    # declaration are its moves alone
    hand = "AH 2H 3H 4S 5S 6S 8C 8D 8S JC QC KS JD"
    rnd = made([hand, LOSER], "9H", "7D", "2D")
    hard = HardIndianAgent(1)
    view = rnd.view(0)
    draw = hard.act(view, view.legal)
    assert hard.search_candidates(view, view.legal) == [draw]
    rnd.apply(draw)
    view = rnd.view(0)
    move = hard.act(view, view.legal)
    named = hard.search_candidates(view, view.legal)
    assert named[0] is move and len(named) >= 2
    assert {a.kind for a in named} == {DISCARD}
    assert {same(a.cards[0]) for a in named} == {same(c) for c in hard.close}
    rnd = made([DECLARER, LOSER], "5C", "7D", "4H")
    rnd.apply(Action(DRAW_STOCK))
    view = rnd.view(0)
    move = hard.act(view, view.legal)
    assert move.kind == DECLARE and hard.search_candidates(view, view.legal) == [move]
