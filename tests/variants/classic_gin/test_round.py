"""A hand of classic Gin (docs/rules.md §4): the dealer, the upcard offer,
knocking on any turn, the two-card stock end, and the scoring examples of the
classic texts (seeds 002 and 004)."""

from __future__ import annotations

import random

import pytest

from rummykit import Action, IllegalAction, MatchContext, parse_card
from rummykit.variants.classic_gin import ClassicOptions, ClassicRound

from .helpers import DRAW, PASS, TAKE, both_pass_then, deal, move

# Seed 002's worked example: player 1 (the non-dealer, seat 0) holds 6-7-8♥,
# 9♣ 9♠ 9♦, 2-3-4♠ and K♦, draws 5♦ and knocks, discarding K♦: 5 deadwood.
# Player 2 holds 2-3-4♥, four queens, 9♥, 7♠ and A♣; lays off 9♥ on 6-7-8♥
# and keeps 7♠ A♣: 8. Player 1 scores 8 - 5 = 3.
P1 = "6H 7H 8H 9C 9S 9D 2S 3S 4S KD"
P2 = "2H 3H 4H QC QD QH QS 9H 7S AC"


def test_seed_002_knock_example_scores_three_after_the_layoff():
    r = both_pass_then(deal(P1, P2, "5C", "5D"), "knock", "KD")
    res = r.result
    assert res.outcome == "knock" and res.winner == 0
    assert res.points == (3, 0)
    defender = res.hands[1]
    assert [c for c, _ in defender.layoffs] == [parse_card("9H")]
    assert defender.points == 8 and res.hands[0].points == 5


# Knocker's hands of seed 004's examples (after the discard), with defenders
# that cannot lay off: sevens, 3-4-5♠ and 9-10-J♥ are the knocker's melds.
def knocker(deadwood: str) -> str:
    return "7C 7D 7H 3S 4S 5S 9H TH JH " + deadwood


EVEN = "JD QD KD 2C 2D 2H 4C 5C 6C KS"  # two runs and a set; KS: 10 deadwood


@pytest.mark.parametrize(
    ("knocker_hand", "defender", "points"),
    [
        # knock with 3 against 12: the knocker scores 9
        (knocker("3C"), "8C 9C TC JC JD QD KD KS AS AD", (9, 0)),
        # knock with 10 against 10: an undercut, 0 + 25 to the defender
        (knocker("TC"), EVEN, (0, 25)),
        # knock with 10 against 6: an undercut, 4 + 25 = 29 to the defender
        (knocker("TC"), EVEN.replace("KS", "6H"), (0, 29)),
    ],
)
def test_seed_004_knock_and_undercut_examples(knocker_hand, defender, points):
    r = both_pass_then(deal(knocker_hand, defender, "8S", "6D"), "knock", "6D")
    assert r.result.points == points
    assert r.result.outcome == ("knock" if points[0] else "undercut")


GIN_HAND = "7C 7D 7H 3S 4S 5S 6S TC TD TH"  # no deadwood


def test_seed_004_gin_example_scores_the_defenders_21_plus_25():
    defender = "JD QD KD AC 2C 3C 9H 8D 2H 2D"  # J-Q-K♦, A-2-3♣ (or the 2s): 21 either way
    r = both_pass_then(deal(GIN_HAND, defender, "8S", "KC"), "gin", "KC")
    assert r.result.outcome == "gin"
    assert r.result.points == (46, 0)


def test_gin_is_never_undercut_even_by_a_defender_with_no_deadwood():
    defender = "JD QD KD AC 2C 3C 4C 8H 8D 8C"  # no deadwood either
    r = both_pass_then(deal(GIN_HAND, defender, "8S", "KC"), "gin", "KC")
    assert r.result.outcome == "gin" and r.result.winner == 0
    assert r.result.points == (25, 0)


def test_the_undercut_bonus_option_is_used():
    opts = ClassicOptions(undercut_bonus=10)  # Hoyle's (seed 003)
    r = both_pass_then(deal(knocker("TC"), EVEN, "8S", "6D", options=opts), "knock", "6D")
    assert r.result.points == (0, 10)


def test_the_gin_bonus_option_is_used():
    opts = ClassicOptions(gin_bonus=20)  # some sources (seed 003)
    defender = "JD QD KD AC 2C 3C 9H 8D 2H 2D"
    r = both_pass_then(deal(GIN_HAND, defender, "8S", "KC", options=opts), "gin", "KC")
    assert r.result.points == (41, 0)


# -- the dealer and the upcard offer ------------------------------------------


def test_dealt_without_a_match_seat_1_deals_and_seat_0_plays_first():
    r = ClassicRound.deal(None, 2, 0, random.Random(5))
    assert r.first == 0 and r.dealer_seat() == 1 and r.to_act() == 0


@pytest.mark.parametrize("dealer", [0, 1])
def test_the_match_dealer_deals_and_the_non_dealer_plays_first(dealer):
    ctx = MatchContext(3, 2, dealer, (1 - dealer, dealer))
    r = ClassicRound.deal(ClassicOptions(), 2, 3, random.Random(5), variant="classic-gin", match=ctx)
    assert r.dealer_seat() == dealer and r.to_act() == 1 - dealer
    assert r.view(dealer).extra["dealer"] == dealer
    assert r.match == ctx


def test_the_non_dealer_may_take_the_upcard_or_pass_but_not_draw_from_the_stock():
    r = deal(P1, P2, "5C", "5D")
    assert set(r.legal_actions()) == {TAKE, PASS}
    assert "upcard offer" in r.why_illegal(DRAW)
    with pytest.raises(IllegalAction, match="upcard offer"):
        r.apply(DRAW)
    assert r.view(0).extra["upcard_offer"] == "non-dealer"


def test_a_non_dealer_who_takes_the_upcard_discards_then_the_dealer_draws_as_usual():
    r = deal(P1, P2, "5D", "KS")
    r.apply(TAKE)
    assert r.to_act() == 0 and r.phase == "discard"
    assert "5D" not in [a.notation()[-2:] for a in r.legal_actions() if a.kind == "discard"]
    r.apply(move("knock", "KD"))  # the first turn: a knock is allowed
    assert r.result.outcome == "knock" and r.result.points == (3, 0)


def test_after_the_non_dealer_passes_the_dealer_may_take_the_upcard():
    r = deal(P1, P2, "5C", "5D")
    r.apply(PASS)
    assert r.to_act() == 1 and set(r.legal_actions()) == {TAKE, PASS}
    assert r.view(1).extra["upcard_offer"] == "dealer"
    r.apply(TAKE)
    r.apply(move("discard", "QS"))
    # play goes on normally: the non-dealer may draw either card
    assert r.to_act() == 0 and set(r.legal_actions()) == {TAKE, DRAW}
    assert r.view(0).extra["upcard_offer"] is None


def test_when_both_pass_the_non_dealer_draws_from_the_stock_and_the_draw_passes_on_nothing():
    r = deal(P1, P2, "5C", "5D")
    r.apply(PASS)
    r.apply(PASS)
    assert r.to_act() == 0 and r.legal_actions() == (DRAW,)
    assert "closed" in r.why_illegal(TAKE)
    event = r.apply(DRAW)
    assert event.pile_closed
    assert "only for the upcard offer" in r.why_illegal(PASS)
    r.apply(move("discard", "KD"))
    assert set(r.legal_actions()) == {TAKE, DRAW}  # the dealer's ordinary turn
    assert PASS not in r.legal_actions()


def test_the_pass_shows_in_every_seats_history():
    r = deal(P1, P2, "5C", "5D")
    r.apply(PASS)
    assert [e.action for e in r.view(1).history] == [PASS]
    assert [e.action for e in r.view(0).history] == [PASS]


# -- the end of the stock -------------------------------------------------------


def test_a_plain_discard_that_leaves_two_cards_in_the_stock_ends_the_hand_with_no_score():
    r = ClassicRound.deal(None, 2, 0, random.Random(11))
    r.apply(PASS)
    r.apply(PASS)
    while r.result is None:
        assert len(r.stock) >= 2
        if r.phase == "draw":
            r.apply(DRAW if DRAW in r.legal_actions() else r.legal_actions()[0])
        else:
            r.apply(next(a for a in r.legal_actions() if a.kind == "discard"))
    assert len(r.stock) == 2
    assert r.result.outcome == "draw" and r.result.points == (0, 0) and r.result.winner is None
    assert "two cards" in r.result.text[0] or "2 cards" in r.result.text[0]


def test_a_knock_on_the_last_turn_is_scored():
    # 29 plain turns leave 2 cards; on the 29th draw the non-dealer knocks.
    r = deal(knocker("KC"), EVEN, "8S", "6D")
    r.apply(PASS)
    r.apply(PASS)
    turns = 0
    while len(r.stock) > 3 or r.phase != "draw" or r.to_act() != 0:
        if r.phase == "draw":
            r.apply(DRAW)
        else:
            drawn = r.history[-1].card
            r.apply(Action("discard", (drawn,)))  # keep the dealt hands
            turns += 1
        assert r.result is None
    r.apply(DRAW)
    assert len(r.stock) == 2
    assert move("knock", "KC") in r.legal_actions()
    r.apply(move("knock", "KC"))  # the hand ends on the knock, not as a void hand
    assert r.result.outcome == "undercut" and r.result.points == (0, 25)
