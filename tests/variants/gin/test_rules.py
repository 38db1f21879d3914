"""Every rule of docs/rules.md §1 (Cardems Gin) as played by the engine."""

from __future__ import annotations

import random

import pytest

from rummykit.core.base.errors import IllegalAction
from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.cards.melds import meld_kind
from rummykit.core.engine.actions import Action
from rummykit.variants.gin import GinOptions, GinRound

from .helpers import act, card, cards, deal, legal_texts, state

# A hand that knocks with 7 after discarding the card it draws (7C is the deadwood).
KNOCKER_9 = "6H 7H 8H 2C 2D 2S JS QS KS"
DEFENDER = "TC TD TH 3S 4S 5S 9H AC 8C 9D"


# -- melds: the ace is low -------------------------------------------------------


def test_q_k_a_and_k_a_2_are_not_runs_but_a_2_3_is():
    assert meld_kind(cards("QS KS AS")) is None
    assert meld_kind(cards("KS AS 2S")) is None
    assert meld_kind(cards("AS 2S 3S")) == "run"


def test_engine_never_melds_q_k_a():
    # Q-K-A of spades is no meld: all 21 points of it are deadwood.
    rnd = deal("QS KS AS 2C 2D 2H 5C 6C 7C 9D", "3H 4H 5H 6H 7H 8H 9H TH JH QH", "KH", "KD")
    rnd.apply(act("draw stock"))
    # Discarding KD leaves the hand as dealt: deadwood QS KS AS 9D = 30.
    assert rnd.deadwood_after()[card("KD")] == 30


# -- the deal ----------------------------------------------------------------------


def test_deal_ten_each_an_upcard_and_31_in_the_stock():
    rnd = GinRound(GinOptions(), 0, random.Random(7))
    z = rnd.zones()
    assert len(z["hand0"]) == len(z["hand1"]) == 10
    assert len(z["discard"]) == 1
    assert len(z["stock"]) == 31
    assert sorted(c for cs in z.values() for c in cs) == list(range(DECK_SIZE))
    assert rnd.to_act() == 0
    assert rnd.first_upcard == z["discard"][0]


def test_deal_uses_only_the_rng_given():
    random.seed(1)
    before = random.getstate()
    a = GinRound(GinOptions(), 0, random.Random(5)).zones()
    assert random.getstate() == before
    random.seed(99)
    b = GinRound(GinOptions(), 0, random.Random(5)).zones()
    assert a == b
    assert a != GinRound(GinOptions(), 0, random.Random(6)).zones()


def test_no_upcard_offer_the_first_player_simply_draws():
    rnd = GinRound(GinOptions(), 0, random.Random(1))
    assert legal_texts(rnd) == {"draw stock", "take discard"}


def test_seat0_starts_every_round_by_default():
    for i in range(4):
        assert GinRound(GinOptions(), i, random.Random(i)).to_act() == 0


def test_first_turn_alternate():
    opts = GinOptions(first_turn="alternate")
    assert [GinRound(opts, i, random.Random(i)).to_act() for i in range(4)] == [0, 1, 0, 1]


# -- a turn ------------------------------------------------------------------------


def test_card_just_taken_from_the_discard_pile_may_not_be_discarded():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D")
    rnd.apply(act("take discard"))
    assert "discard 4D" not in legal_texts(rnd)
    before = state(rnd)
    for move in ("discard 4D", "knock 4D", "gin 4D"):
        with pytest.raises(IllegalAction, match="you just took it from the discard pile"):
            rnd.apply(act(move))
        assert state(rnd) == before
    rnd.apply(act("discard 7C"))
    assert rnd.to_act() == 1


def test_a_card_drawn_from_the_stock_may_be_discarded():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "5D")
    rnd.apply(act("draw stock"))
    assert "discard 5D" in legal_texts(rnd)
    rnd.apply(act("discard 5D"))
    assert rnd.discard[-1] == card("5D")


def test_turn_order_and_one_line_reasons():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "5D")
    with pytest.raises(IllegalAction, match="you must draw first"):
        rnd.apply(act("discard 7C"))
    rnd.apply(act("draw stock"))
    with pytest.raises(IllegalAction, match="already drawn"):
        rnd.apply(act("take discard"))
    with pytest.raises(IllegalAction, match="you do not hold 9D"):
        rnd.apply(act("discard 9D"))
    with pytest.raises(IllegalAction, match="no move 'meld'"):
        rnd.apply(Action("meld", tuple(cards("6H 7H 8H"))))
    for e in ("discard 7C", "knock 7C"):
        assert "\n" not in (rnd.why_illegal(act(e.replace("7C", "9D"))) or "")


def test_hands_are_back_to_ten_after_a_turn():
    rnd = GinRound(GinOptions(), 0, random.Random(3))
    rnd.apply(act("draw stock"))
    assert rnd.view(0).hand_sizes == (11, 10)
    rnd.apply(rnd.legal_actions()[0])
    assert rnd.view(0).hand_sizes == (10, 10)
    assert rnd.to_act() == 1


# -- knock and gin ---------------------------------------------------------------


def test_knock_offered_within_the_limit():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD")
    rnd.apply(act("draw stock"))
    legal = legal_texts(rnd)
    assert "knock KD" in legal  # leaves 7C: deadwood 7
    assert rnd.deadwood_after()[card("7C")] == 10
    assert "knock 7C" in legal  # leaves KD: deadwood 10, exactly the limit
    assert "knock 6H" not in legal  # breaks the run: 6H 7H 8H -> 7H 8H 7C KD loose


def test_knock_limit_respected_and_the_option_changes_it():
    hand = "AS 2S 3S 4S 7C 7D 7H 5H 4D 2C"  # deadwood 11
    other = "TC TD TH 9H AC 8C 9D 6D JD QH"
    rnd = deal(hand, other, "9C", "KC")
    rnd.apply(act("draw stock"))
    assert not any(t.startswith("knock") for t in legal_texts(rnd))
    with pytest.raises(
        IllegalAction, match=r"knock needs deadwood ≤ 10 after the discard; you would have 11"
    ):
        rnd.apply(act("knock KC"))
    rnd = deal(hand, other, "9C", "KC", options=GinOptions(knock_limit=11))
    rnd.apply(act("draw stock"))
    assert "knock KC" in legal_texts(rnd)
    assert rnd.view(0).extra["knock_limit"] == 11


def test_gin_only_at_zero_and_never_a_plain_knock_at_zero():
    rnd = deal(KNOCKER_9 + " 5C", DEFENDER, "4D", "TS")
    rnd.apply(act("draw stock"))  # TS extends J-Q-K of spades: discarding 5C leaves 0
    legal = legal_texts(rnd)
    assert "gin 5C" in legal
    assert "knock 5C" not in legal
    assert "discard 5C" in legal  # knocking is never compulsory
    with pytest.raises(IllegalAction, match="the move is 'gin 5C', not a knock"):
        rnd.apply(act("knock 5C"))
    # Other discards leave deadwood: a knock, never gin.
    assert "gin TS" not in legal
    with pytest.raises(IllegalAction, match="gin needs no deadwood"):
        rnd.apply(act("gin 2C"))


def test_knock_limit_zero_means_gin_only():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", options=GinOptions(knock_limit=0))
    rnd.apply(act("draw stock"))
    assert not any(t.startswith(("knock", "gin")) for t in legal_texts(rnd))
    with pytest.raises(IllegalAction, match="only gin"):
        rnd.apply(act("knock KD"))


def test_knock_ends_the_round_with_the_cardems_example_7_vs_18():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD")
    rnd.apply(act("draw stock"))
    rnd.apply(act("knock KD"))
    r = rnd.result
    assert r.outcome == "knock" and r.winner == 0 and r.points == (11, 0)
    assert r.hands[0].points == 7 and r.hands[1].points == 18
    assert r.hands[1].layoffs == ((card("9H"), tuple(cards("6H 7H 8H"))),)
    assert r.hands[0].layoffs == ()  # the knocker never lays off
    assert r.lines(["Ann", "Bob"]) == ["Ann knocks with 7; Bob lays off 9H and has 18; Ann scores 11"]
    assert r.counts == {"knocks": 1, "gins": 0, "undercuts": 0, "draws": 0}
    assert rnd.to_act() is None and rnd.legal_actions() == ()
    with pytest.raises(IllegalAction, match="over"):
        rnd.apply(act("draw stock"))


def test_undercut_on_a_tie_gives_the_defender_25():
    rnd = deal(KNOCKER_9 + " 7C", "TC TD TH 3S 4S 5S 9H AC AD 5C", "4D", "KD")
    rnd.apply(act("draw stock"))
    rnd.apply(act("knock KD"))
    r = rnd.result
    assert r.outcome == "undercut" and r.winner == 1 and r.points == (0, 25)
    assert r.counts["undercuts"] == 1 and r.counts["knocks"] == 0
    assert "undercut" in r.lines(["A", "B"])[0]


def test_undercut_bonus_option_goes_to_the_defender():
    # t_games #482: the bonus must go to the defender, not the knocker.
    rnd = deal(
        KNOCKER_9 + " 7C",
        "TC TD TH 3S 4S 5S 9H AC AD 5C",
        "4D",
        "KD",
        options=GinOptions(undercut_bonus=40),
        first=0,
    )
    rnd.apply(act("draw stock"))
    rnd.apply(act("knock KD"))
    assert rnd.result.points == (0, 40)


def test_seat1_knocking_scores_for_seat1():
    rnd = deal(DEFENDER, KNOCKER_9 + " 7C", "4D", "QD KD")
    rnd.apply(act("draw stock"))
    rnd.apply(act("discard QD"))
    rnd.apply(act("draw stock"))
    rnd.apply(act("knock KD"))
    assert rnd.result.winner == 1 and rnd.result.points == (0, 11)
    assert rnd.result.lines(["A", "B"])[0].startswith("B knocks with 7; A lays off")


def test_gin_scores_defender_deadwood_plus_25_and_no_layoffs():
    # The defender's TH and 2H would fit the knocker's melds, but never after gin.
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS KD", "TH 2H AC 3C 5D 7D 9C 4S 6S 8S", "4D", "9H")
    rnd.apply(act("draw stock"))
    rnd.apply(act("gin KD"))
    r = rnd.result
    assert r.outcome == "gin" and r.points == (80, 0)
    assert r.hands[1].layoffs == () and r.hands[1].points == 55
    assert r.counts["gins"] == 1
    assert "no layoffs" in r.lines(["A", "B"])[0]


def test_gin_bonus_option():
    rnd = deal(
        "6H 7H 8H 2C 2D 2S JS QS KS KD",
        "TH 2H AC 3C 5D 7D 9C 4S 6S 8S",
        "4D",
        "9H",
        options=GinOptions(gin_bonus=10),
    )
    rnd.apply(act("draw stock"))
    rnd.apply(act("gin KD"))
    assert rnd.result.points == (65, 0)


# -- the end of the stock --------------------------------------------------------


def test_empty_stock_after_a_plain_discard_is_a_zero_point_draw():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", stock_size=1)
    assert rnd.view(0).stock_size == 1
    rnd.apply(act("draw stock"))
    assert rnd.view(0).stock_size == 0
    rnd.apply(act("discard KD"))
    r = rnd.result
    assert r.outcome == "draw" and r.points == (0, 0) and r.winner is None
    assert r.counts == {"knocks": 0, "gins": 0, "undercuts": 0, "draws": 1}
    assert len(r.hands) == 2 and r.hands[0].points == 7


def test_the_player_who_drew_the_last_card_may_still_knock():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", stock_size=1)
    rnd.apply(act("draw stock"))
    assert "knock KD" in legal_texts(rnd)
    rnd.apply(act("knock KD"))
    assert rnd.result.outcome == "knock" and rnd.result.points == (11, 0)


def test_the_player_who_drew_the_last_card_may_still_go_gin():
    rnd = deal(KNOCKER_9 + " 5C", DEFENDER, "4D", "TS", stock_size=1)
    rnd.apply(act("draw stock"))
    rnd.apply(act("gin 5C"))
    assert rnd.result.outcome == "gin"


def test_taking_the_discard_leaves_the_stock_and_play_goes_on():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", stock_size=1)
    rnd.apply(act("take discard"))
    rnd.apply(act("discard 7C"))
    assert rnd.result is None and rnd.to_act() == 1
    rnd.apply(act("draw stock"))  # the last card
    rnd.apply(act("discard KD"))
    assert rnd.result.outcome == "draw"


def test_the_discard_pile_is_never_recycled():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", stock_size=1)
    pile = len(rnd.discard)
    rnd.apply(act("draw stock"))
    rnd.apply(act("discard KD"))
    assert rnd.zones()["stock"] == [] and len(rnd.discard) == pile + 1


# -- the turn limit (docs/rules.md §1 "Turn limit (engine safeguard)") ----------------


def take_and_discard(rnd, discard_text):
    rnd.apply(act("take discard"))
    rnd.apply(act(f"discard {discard_text}"))


def test_the_turn_limit_is_a_zero_point_draw_with_the_outcome_of_an_exhausted_stock():
    # Both seats take the discard every turn: the stock (31 cards) never shrinks.
    limited = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", options=GinOptions(max_turns=3))
    take_and_discard(limited, "7C")  # turn 1, seat 0
    take_and_discard(limited, "8C")  # turn 2, seat 1
    assert limited.result is None and limited.view(0).extra["turn"] == 3
    take_and_discard(limited, "4D")  # turn 3: the last allowed one
    r = limited.result
    assert len(limited.stock) == 31
    assert r.outcome == "draw" and r.points == (0, 0) and r.winner is None
    assert r.counts == {"knocks": 0, "gins": 0, "undercuts": 0, "draws": 1}
    assert r.lines(["A", "B"]) == ["the round reaches the engine limit of 3 turns: it is a draw, no points"]
    assert limited.to_act() is None and limited.legal_actions() == ()
    assert limited.view(1).extra["turn"] == 3 and limited.view(1).extra["max_turns"] == 3

    # The same hands ending on an exhausted stock: the same result but for its line.
    stock = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", stock_size=1)
    stock.apply(act("draw stock"))
    stock.apply(act("discard KD"))
    e = stock.result
    assert (e.outcome, e.points, e.winner, e.counts) == (r.outcome, r.points, r.winner, r.counts)
    assert [h.points for h in e.hands] == [7, 18 + 9]  # hand reports as in any draw


def test_a_knock_on_the_last_allowed_turn_still_counts():
    rnd = deal(DEFENDER, KNOCKER_9 + " 7C", "4D", "KD", options=GinOptions(max_turns=2))
    take_and_discard(rnd, "8C")  # turn 1, seat 0
    rnd.apply(act("draw stock"))  # turn 2, seat 1: draws KD
    assert "knock KD" in legal_texts(rnd)
    rnd.apply(act("knock KD"))
    assert rnd.result.outcome == "knock" and rnd.result.winner == 1 and rnd.result.points == (0, 7)


def test_gin_on_the_last_allowed_turn_still_counts():
    rnd = deal(KNOCKER_9 + " 5C", DEFENDER, "4D", "TS", options=GinOptions(max_turns=1))
    rnd.apply(act("draw stock"))
    rnd.apply(act("gin 5C"))
    assert rnd.result.outcome == "gin"


def test_by_default_the_round_goes_on_for_199_turns_and_draws_on_the_200th():
    assert GinOptions().max_turns == 200
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD")
    # Each seat takes the pile and discards the card it took two turns before:
    # the discards go 7C, 8C, 4D, 7C, 8C, 4D... and the stock stays full.
    cycle = ["7C", "8C", "4D"]
    for turn in range(1, 200):
        assert rnd.view(rnd.to_act()).extra["turn"] == turn
        take_and_discard(rnd, cycle[(turn - 1) % 3])
        assert rnd.result is None
    take_and_discard(rnd, cycle[199 % 3])
    assert rnd.result.outcome == "draw" and len(rnd.stock) == 31 and rnd.turns_done == 200


def test_an_options_model_without_max_turns_gets_the_200_turn_limit():
    class NoLimit(GinOptions):
        pass

    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD", options=NoLimit())
    assert rnd.turn_limit() == 200


# -- events and views --------------------------------------------------------------


def test_events_stock_draw_private_discard_take_public():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD")
    e = rnd.apply(act("draw stock"))
    assert e.card == card("KD") and e.private
    rnd.apply(act("discard KD"))
    e = rnd.apply(act("take discard"))
    assert e.card == card("KD") and not e.private
    v0 = rnd.view(0)
    assert v0.history[0].card == card("KD")
    v1 = rnd.view(1)
    assert v1.history[0].card is None  # seat 1 never saw what seat 0 drew
    assert v1.history[2].card == card("KD")


def test_view_contents_and_extra():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD")
    v = rnd.view(0)
    assert v.variant == "gin" and v.seat == 0 and v.n_seats == 2 and v.to_act == 0
    assert sorted(v.hand) == sorted(cards(KNOCKER_9 + " 7C"))
    assert v.hand_sizes == (10, 10) and v.stock_size == 31
    assert v.discard_pile == (card("4D"),)
    assert {a.notation() for a in v.legal} == {"draw stock", "take discard"}
    assert v.extra == {
        "phase": "draw",
        "knock_limit": 10,
        "taken": None,
        "first_upcard": card("4D"),
        "first_seat": 0,
        "turn": 1,
        "max_turns": 200,
    }
    assert rnd.view(1).legal == ()
    rnd.apply(act("take discard"))
    assert rnd.view(1).extra["taken"] == card("4D")
    assert rnd.view(0).extra["phase"] == "discard"
    assert rnd.view(1).result is None


def test_view_after_the_round_reveals_hands_in_the_result_only():
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD")
    rnd.apply(act("draw stock"))
    rnd.apply(act("knock KD"))
    v1 = rnd.view(1)
    assert sorted(v1.hand) == sorted(cards(DEFENDER))
    assert v1.result is rnd.result and v1.legal == () and v1.to_act is None
    assert v1.extra["phase"] == "over"
    assert sorted(v1.result.hands[0].cards) == sorted(cards(KNOCKER_9 + " 7C"))


def test_legal_actions_compute_the_discards_once_per_turn(monkeypatch):
    rnd = deal(KNOCKER_9 + " 7C", DEFENDER, "4D", "KD")
    rnd.apply(act("draw stock"))
    solver = rnd.solver
    calls = []
    real = type(solver).discards

    def counting(self, hand):
        calls.append(hand)
        return real(self, hand)

    monkeypatch.setattr(type(solver), "discards", counting)
    for _ in range(5):
        rnd.legal_actions()
        rnd.view(0)
    rnd.why_illegal(act("knock 7C"))
    assert len(calls) == 1


def test_from_deal_rejects_a_bad_deal():
    from rummykit.core.base.errors import CardError

    with pytest.raises(CardError, match="twice: AS"):
        GinRound.from_deal([cards("AS 2S"), cards("AS 3S")], card("4S"))
    with pytest.raises(CardError, match="missing"):
        GinRound.from_deal([cards("AS 2S"), cards("3S")], card("4S"), stock=[card("5S")])
