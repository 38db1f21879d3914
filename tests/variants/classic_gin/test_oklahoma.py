"""Oklahoma Gin (docs/rules.md §4): the first upcard sets the hand's knock
limit (face cards 10, numbers their value), an ace means gin only, a spade
doubles every score of the hand, bonuses included; the end-of-match box
bonus is not doubled."""

from __future__ import annotations

import random

import pytest

from rummykit import parse_card
from rummykit.variants.classic_gin import ClassicRule, OklahomaOptions, OklahomaRound
from rummykit.variants.classic_gin.round import oklahoma_terms

from .helpers import DRAW, PASS, both_pass_then, deal, move
from .test_match import started, won
from .test_round import EVEN, GIN_HAND, knocker

CASE_A = "8C 9C TC JC JD QD KD KS AS AD"  # 12 deadwood against the knocker's melds


@pytest.mark.parametrize(
    ("upcard", "limit", "factor"),
    [("KH", 10, 1), ("QC", 10, 1), ("TD", 10, 1), ("7S", 7, 2), ("2D", 2, 1), ("AH", 0, 1), ("AS", 0, 2)],
)
def test_the_upcard_sets_the_knock_limit_and_the_factor(upcard, limit, factor):
    assert oklahoma_terms(parse_card(upcard), OklahomaOptions()) == (limit, factor)


def test_the_options_switch_the_ace_and_spade_rules_off_and_cap_the_limit():
    opts = OklahomaOptions(ace_gin_only=False, spade_doubles=False, knock_limit=5)
    assert oklahoma_terms(parse_card("AS"), opts) == (1, 1)
    assert oklahoma_terms(parse_card("KS"), opts) == (5, 1)


def test_a_spade_upcard_doubles_a_knock():
    r = both_pass_then(deal(knocker("3C"), CASE_A, "9S", "6D", OklahomaRound), "knock", "6D")
    assert r.knock_limit() == 9
    assert r.result.points == (18, 0)  # (12 - 3) × 2
    assert "×2" in r.result.text[0]


def test_a_spade_upcard_doubles_the_undercut_bonus_too():
    defender = EVEN.replace("KS", "6H")  # 6 deadwood against the knocker's 9
    r = both_pass_then(deal(knocker("9C"), defender, "9S", "6D", OklahomaRound), "knock", "6D")
    assert r.result.outcome == "undercut"
    assert r.result.points == (0, (9 - 6 + 25) * 2)


def test_a_spade_upcard_doubles_gin_and_its_bonus():
    defender = "JD QD KD AC 2C 3C 9H 8D 2H 2D"  # 21
    r = both_pass_then(deal(GIN_HAND, defender, "9S", "KC", OklahomaRound), "gin", "KC")
    assert r.result.points == ((21 + 25) * 2, 0)


def test_a_knock_above_the_upcards_value_is_refused_with_the_reason():
    r = deal(knocker("8D"), CASE_A, "6C", "6D", OklahomaRound)
    for action in (PASS, PASS, DRAW):
        r.apply(action)
    assert r.knock_limit() == 6
    assert r.view(0).extra["knock_limit"] == 6
    assert move("knock", "6D") not in r.legal_actions()
    assert "deadwood ≤ 6" in r.why_illegal(move("knock", "6D"))


def test_an_ace_upcard_means_only_gin_ends_the_hand():
    r = deal(knocker("AC"), CASE_A.replace("AD", "2D"), "AH", "6D", OklahomaRound)
    for action in (PASS, PASS, DRAW):
        r.apply(action)
    assert not any(a.kind == "knock" for a in r.legal_actions())
    assert "only gin" in r.why_illegal(move("knock", "6D"))
    defender = "JD QD KD AC 2C 3C 9H 8D 2H 2D"
    r2 = both_pass_then(deal(GIN_HAND, defender, "AH", "KC", OklahomaRound), "gin", "KC")
    assert r2.result.outcome == "gin"


def test_the_hands_terms_are_public_in_every_view():
    r = deal(knocker("3C"), CASE_A, "9S", "6D", OklahomaRound)
    for seat in (0, 1):
        extra = r.view(seat).extra
        assert extra["knock_limit"] == 9 and extra["score_factor"] == 2


def test_a_doubled_hand_is_still_one_box_at_the_end_of_the_match():
    rule = started(ClassicRule(100))
    for r in (won(0, 18 * 2), won(0, 70)):
        rule.record(r, rule.context(rule.rounds))
    s = rule.settled()
    assert s.boxes == [2 * 25 * 2, 0]  # two hands, doubled only by the shutout


def test_every_oklahoma_deal_has_terms_from_its_own_upcard():
    for seed in range(20):
        r = OklahomaRound.deal(None, 2, 0, random.Random(seed))
        assert (r.knock_limit(), r.score_multiplier()) == oklahoma_terms(r.first_upcard, r.options)
