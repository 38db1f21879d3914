"""The classic Gin family's match rules (docs/rules.md §4): the dealer by lot
and by the hand's loser, first to the target, the end-of-match bonuses with
the shutout (seeds 002 and 004), and Hollywood's three games."""

from __future__ import annotations

import random

import pytest

from rummykit import Match, MatchContext, RoundResult
from rummykit.variants.classic_gin import ClassicOptions, ClassicRule, HollywoodRule
from rummykit.variants.classic_gin.rules import settle_game
from rummykit.variants.classic_gin.spec import CLASSIC, HOLLYWOOD


def won(seat: int, points: int) -> RoundResult:
    pts = [0, 0]
    pts[seat] = points
    return RoundResult(points=tuple(pts), outcome="knock", winner=seat)


NO_SCORE = RoundResult(points=(0, 0), outcome="draw", winner=None)


def started(rule, seed: int = 0):
    rule.start(2, random.Random(seed))
    return rule


def play(rule, results):
    for r in results:
        rule.record(r, rule.context(rule.rounds))
    return rule


# -- the dealer ------------------------------------------------------------------


def test_the_first_dealer_is_drawn_by_lot_from_the_match_generator():
    dealers = {seed: started(ClassicRule(), seed).dealer for seed in range(40)}
    assert set(dealers.values()) == {0, 1}
    assert all(started(ClassicRule(), s).dealer == d for s, d in dealers.items())  # the seed decides
    assert Match(CLASSIC, ClassicOptions(), 2, seed=7).round.dealer_seat() == random.Random(7).randrange(2)


def test_the_non_dealer_plays_first_in_every_hand_of_a_match():
    m = Match(CLASSIC, ClassicOptions(), 2, seed=3)
    assert m.context.dealer is not None
    assert m.context.seats == (1 - m.context.dealer, m.context.dealer)
    assert m.to_act() == 1 - m.context.dealer


@pytest.mark.parametrize(
    ("by", "after_win_of_0", "after_win_of_1"),
    [("loser", 1, 0), ("winner", 0, 1), ("alternate", None, None)],
)
def test_the_next_dealer(by, after_win_of_0, after_win_of_1):
    rule = started(ClassicRule(next_dealer=by))
    dealer = rule.dealer
    play(rule, [won(0, 10)])
    assert rule.dealer == (after_win_of_0 if after_win_of_0 is not None else 1 - dealer)
    d = rule.dealer
    play(rule, [won(1, 10)])
    assert rule.dealer == (after_win_of_1 if after_win_of_1 is not None else 1 - d)


@pytest.mark.parametrize("by", ["loser", "winner", "alternate"])
def test_after_a_hand_with_no_score_the_same_dealer_deals_again(by):
    rule = started(ClassicRule(next_dealer=by))
    dealer = rule.dealer
    play(rule, [NO_SCORE, NO_SCORE])
    assert rule.dealer == dealer
    assert rule.hands_won == [0, 0]  # a hand with no score is nobody's box


def test_a_bad_next_dealer_is_one_clear_error():
    from rummykit import RummyError

    with pytest.raises(RummyError, match="next_dealer must be one of loser, winner, alternate"):
        ClassicRule(next_dealer="dealer")


# -- the end of the match ------------------------------------------------------------


def test_the_match_ends_when_a_total_reaches_the_target_and_then_the_bonuses_are_added():
    # Seed 002's bonuses: 100 to the winner, 25 a hand won.
    rule = play(started(ClassicRule(100)), [won(0, 40), won(1, 30), won(0, 30), won(1, 20)])
    assert not rule.is_over()
    assert [c.title for c in rule.columns()] == ["Score", "Hands"]  # no bonuses before the end
    play(rule, [won(0, 35)])
    assert rule.is_over() and rule.winners() == (0,)
    cols = {c.title: c.values for c in rule.columns()}
    assert cols["Score"] == (105, 50)
    assert cols["Hands"] == (3, 2)
    assert cols["Boxes"] == (75, 50)
    assert cols["Game"] == (100, 0)
    assert cols["Final"] == (280, 100)
    assert rule.state()["settled"]["final"] == [280, 100]


def test_a_shutout_doubles_the_winners_game_and_box_bonuses():
    # Seed 004: the winner gets 200 instead of 100 when the loser scored nothing;
    # with 20 a box (004) the winner's three boxes are worth 120.
    rule = play(started(ClassicRule(100, box_bonus=20)), [won(1, 30), won(1, 30), NO_SCORE, won(1, 45)])
    assert rule.winners() == (1,)
    s = rule.settled()
    assert s.shutout
    assert s.game == [0, 200] and s.boxes == [0, 120] and s.final == [0, 105 + 200 + 120]


def test_the_shutout_doubling_can_be_turned_off():
    s = settle_game([0, 105], [0, 3], 1, game_bonus=100, box_bonus=20, shutout_doubles=False)
    assert s.shutout and s.final == [0, 105 + 100 + 60]


def test_the_winner_is_who_reached_the_target_even_when_the_bonuses_put_the_loser_ahead():
    # Seat 1 won eight small hands (99), seat 0 one big gin (100).
    rule = play(started(ClassicRule(100)), [won(1, 12)] * 7 + [won(1, 15), won(0, 100)])
    assert rule.totals == [100, 99]
    s = rule.settled()
    assert s.final == [100 + 25 + 100, 99 + 8 * 25]
    assert s.final[1] > s.final[0]
    assert rule.winners() == (0,) and rule.ranking() == (0, 1)


def test_bonuses_set_to_zero_leave_the_scores_as_they_are():
    rule = play(started(ClassicRule(50, game_bonus=0, box_bonus=0)), [won(0, 30), won(0, 25)])
    assert rule.settled().final == [55, 0]


def test_the_rule_follows_the_options_and_says_so_in_the_record():
    rule = CLASSIC.match_rule(ClassicOptions(target=50, box_bonus=20, next_dealer="winner"))
    assert rule.limit == 50 and rule.box_bonus == 20 and rule.next_dealer_by == "winner"
    data = rule.to_json()
    assert data["rule"] == "classic" and data["limit"] == 50
    assert data["params"] == {
        "game_bonus": 100,
        "box_bonus": 20,
        "shutout_doubles": True,
        "next_dealer": "winner",
    }
    assert rule.describe() == "first to 50, then game and box bonuses"
    assert ClassicRule(50, game_bonus=0, box_bonus=0).describe() == "first to 50"


def test_facts_tell_every_seat_the_hands_won_and_the_target():
    rule = play(started(ClassicRule(100)), [won(0, 10)])
    ctx = rule.context(1)
    assert isinstance(ctx, MatchContext)
    assert ctx.facts["hands_won"] == [1, 0] and ctx.facts["target"] == 100


# -- Hollywood -----------------------------------------------------------------------


def test_hollywood_first_win_in_game_1_second_in_games_1_and_2_third_in_all_three():
    rule = play(started(HollywoodRule(100)), [won(0, 30), won(1, 20), won(0, 40), won(0, 10)])
    assert rule.games == [[80, 20], [50, 0], [10, 0]]
    assert rule.game_hands == [[3, 1], [2, 0], [1, 0]]
    titles = [c.title for c in rule.columns()]
    assert titles == ["Game 1", "Game 2", "Game 3", "Won", "Margin"]


def test_hollywood_a_finished_game_takes_no_more_scores_and_wins_move_to_the_next_open_games():
    rule = play(started(HollywoodRule(100)), [won(0, 30), won(0, 40), won(0, 35)])
    # seat 0: game 1 30+40+35 = 105 (over), game 2 40+35, game 3 35
    assert rule.games == [[105, 0], [75, 0], [35, 0]]
    assert rule.game_winner == [0, None, None]
    play(rule, [won(1, 20)])  # seat 1's first win: game 1 is over, so game 2
    assert rule.games == [[105, 0], [75, 20], [35, 0]]
    play(rule, [won(1, 15)])  # its second: games 2 and 3
    assert rule.games == [[105, 0], [75, 35], [35, 15]]
    play(rule, [won(0, 30)])  # seat 0's fourth: the open games 2 and 3
    assert rule.games == [[105, 0], [105, 35], [65, 15]]
    assert rule.game_winner == [0, 0, None] and not rule.is_over()


def test_hollywood_each_game_settled_with_its_own_bonuses_and_the_match_result():
    rule = started(HollywoodRule(100))
    play(rule, [won(0, 30), won(0, 40), won(0, 35), won(1, 20), won(1, 15), won(0, 30)])
    # game 3 stands at [65, 15]; seat 1 wins 90 (its third win: game 3, the only one open)
    play(rule, [won(1, 90)])
    assert rule.game_winner == [0, 0, 1] and rule.is_over()
    g1, g2, g3 = rule.settled_games()
    # game 1: seat 0 won 3 hands in it (its 4th went to games 2 and 3), seat 1
    # none: a shutout, the winner's bonuses doubled
    assert g1.shutout and g1.final == [105 + 2 * (100 + 3 * 25), 0] and g1.margin == 455
    # game 2: seat 0's 3 hands, seat 1's 2
    assert not g2.shutout and g2.final == [105 + 100 + 75, 35 + 50] and g2.margin == 195
    # game 3: seat 1 105 with 2 hands, seat 0 65 with 2
    assert g3.winner == 1 and g3.final == [65 + 50, 105 + 100 + 50] and g3.margin == 140
    cols = {c.title: c.values for c in rule.columns()}
    assert cols["Game 1"] == (455, 0) and cols["Game 3"] == (115, 255)
    assert cols["Won"] == (2, 1) and cols["Margin"] == (650, 140)
    notes = {c.title: c.note for c in rule.columns()}
    assert notes["Game 1"].startswith("over: {0} won by 455, a shutout")
    assert notes["Game 3"].startswith("over: {1} won by 140;")
    assert rule.winners() == (0,) and rule.ranking() == (0, 1)
    state = rule.state()
    assert state["game_winner"] == [0, 0, 1] and state["games"][2] == [65, 105]


def test_hollywood_a_whole_match_plays_until_all_three_games_are_over():
    m = Match(HOLLYWOOD, ClassicOptions(target=40), 2, seed=5)
    rng = random.Random(5)
    from rummykit.core.engine.loop import Loop

    Loop(m, lambda seat: rng.choice(m.legal_actions())).run()
    assert m.over and not m.stalled
    rule = m.rule
    assert all(w is not None for w in rule.game_winner)
    wins = [rule.game_winner.count(s) for s in (0, 1)]
    assert m.winners == ((0,) if wins[0] > wins[1] else (1,))
