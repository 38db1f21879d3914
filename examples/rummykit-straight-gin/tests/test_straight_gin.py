"""Straight Gin's house rule, its best-of match rule, its options, and the conformance kit."""

import random

import pytest
from rummykit_straight_gin import SPEC, BestOf, StraightGinOptions, StraightGinRound, straight_summary

from rummykit import (
    DECK_SIZE,
    Action,
    IllegalAction,
    Match,
    MatchRule,
    OptionError,
    RoundResult,
    build_options,
    parse_card,
    parse_cards,
)
from rummykit.testing import check_variant

# Seat 0 holds three melds and 9C; the defender holds 64 points of deadwood
# and nothing to lay off.
KNOCKER = "AS 2S 3S 4H 5H 6H 8C 8D 8H 9C"
DEFENDER = "2C 4C 6C TC QC 2D 4D 6D TD QD"


def deal(top, **options):
    """Seat 0 to act; ``top`` is the stock's top card."""
    hands = [parse_cards(KNOCKER), parse_cards(DEFENDER)]
    up, first = parse_card("7D"), parse_card(top)
    used = set(hands[0] + hands[1] + [up, first])
    stock = [first] + [c for c in range(DECK_SIZE) if c not in used]
    return StraightGinRound.from_deal(hands, up, stock, StraightGinOptions(**options), variant="straight-gin")


def after_draw(top, **options):
    rnd = deal(top, **options)
    rnd.apply(Action("draw stock"))
    return rnd


def moves(rnd, kind):
    return sorted(a.notation() for a in rnd.legal_actions() if a.kind == kind)


def test_there_is_no_knocking():
    rnd = after_draw("AC")  # AC out: 1 deadwood, a knock anywhere else
    assert rnd.knock_limit() == 0 and rnd.view(1).extra["knock_limit"] == 0
    assert moves(rnd, "knock") == []
    with pytest.raises(IllegalAction, match="only gin may end this round"):
        rnd.apply(Action("knock", (parse_card("9C"),)))


def test_gin_ends_the_hand_and_scores_the_deadwood_and_the_bonus():
    rnd = after_draw("8S")  # four 8s: gin discarding 9C
    assert moves(rnd, "gin") == ["gin 9C"]
    rnd.apply(Action("gin", (parse_card("9C"),)))
    assert rnd.result.outcome == "gin" and rnd.result.points == (64 + 25, 0)


def test_the_gin_bonus_is_an_option():
    rnd = after_draw("8S", gin_bonus=0)
    rnd.apply(Action("gin", (parse_card("9C"),)))
    assert rnd.result.points == (64, 0)


def test_a_plain_discard_plays_on():
    rnd = after_draw("KC")
    rnd.apply(Action("discard", (parse_card("KC"),)))
    assert rnd.result is None and rnd.to_act() == 1


# -- the match: first to the target, or best of N hands ------------------------------


def won(seat):
    pts = [0, 0]
    pts[seat] = 10
    return RoundResult(points=tuple(pts), outcome="gin", winner=seat, hands=(), text=("x",))


def test_best_of_seven_is_the_first_to_win_four_hands():
    rule = BestOf(7)
    rule.start(2, random.Random(0))
    ctx = rule.context(0)
    for seat in (0, 1, 1, 0, 1, 0):
        rule.record(won(seat), ctx)
        assert not rule.is_over()
    rule.record(RoundResult(points=(0, 0), outcome="draw", winner=None, hands=(), text=("x",)), ctx)
    assert not rule.is_over()  # a hand with no score counts for nobody
    rule.record(won(1), ctx)
    assert rule.is_over() and rule.winners() == (1,) and rule.ranking() == (1, 0)
    assert [c.values for c in rule.columns()] == [(30, 40), (3, 4)]
    assert rule.describe() == "best of 7 hands: the first to win 4 wins"


def test_the_match_rule_follows_the_options():
    assert SPEC.match_rule(StraightGinOptions()) == MatchRule.first_to(100)
    assert SPEC.match_rule(StraightGinOptions(best_of=5)) == BestOf(5)


def test_a_best_of_three_match_with_bots():
    from rummykit.variants.gin import EasyGinAgent

    match = Match(SPEC, StraightGinOptions(best_of=3), 2, seed=8)
    bots = [EasyGinAgent(1), EasyGinAgent(2)]
    while not match.over:
        seat = match.to_act()
        match.apply(bots[seat].act(match.view(seat), match.legal_actions()))
    assert not match.stalled and max(match.rule.hands_won) == 2
    assert match.winner == match.rule.hands_won.index(2)
    assert all(r.outcome in ("gin", "draw") for r in match.results)


# -- options, display, and the contract ------------------------------------------------


def test_options_are_validated():
    with pytest.raises(OptionError, match="knock_limit"):
        build_options(StraightGinOptions, {"knock_limit": "5"}, "straight-gin")
    with pytest.raises(OptionError, match="best_of"):
        build_options(StraightGinOptions, {"best_of": "-1"}, "straight-gin")
    assert build_options(StraightGinOptions, {"best_of": "7"}).best_of == 7


def test_the_hand_display_says_gin_only():
    assert straight_summary(deal("KC").view(0), StraightGinOptions()).label.endswith("; gin only")


def test_the_spec_is_gin_under_another_name():
    assert SPEC.name == "straight-gin" and SPEC.title == "Straight Gin"
    assert (SPEC.min_players, SPEC.max_players) == (2, 2)
    assert SPEC.options_model is StraightGinOptions
    assert "there is no knocking" in SPEC.rules_text and "## Layoffs" in SPEC.rules_text
    assert SPEC.new_round.round_class is StraightGinRound


def test_installed_through_its_entry_point():
    from rummykit import get_plugins

    reg = get_plugins().registry
    spec = reg.variant("straight-gin")
    assert spec.plugin == "straight-gin" and spec.title == "Straight Gin"
    assert reg.plugins["straight-gin"]["distribution"] == "rummykit-straight-gin"
    assert {"ai:easy", "ai:normal", "ai:hard", "random"} <= {a.name for a in reg.agents_for("straight-gin")}
    assert reg.strongest_agent("straight-gin").name == "ai:hard"  # Gin's bots understand it
    assert reg.problems == []


def test_conformance():
    check_variant("straight-gin", seeds=range(4))


def test_conformance_best_of():
    check_variant(SPEC, seeds=range(2), options={"best_of": 3}, agents=[])
