"""Knock Rummy's rules, its elimination rule, its bots and the conformance kit."""

import random

import pytest
from rummykit_knockrummy import (
    SPEC,
    EasyKnockAgent,
    Elimination,
    KnockRummyOptions,
    KnockRummyRound,
    NormalKnockAgent,
    hand_size,
    settle,
)

from rummykit import Action, IllegalAction, Match, MatchContext, RoundResult, parse_card, parse_cards, to_mask
from rummykit.testing import check_variant

OPTIONS = KnockRummyOptions()


def test_conformance():
    """Random, ai:easy and ai:normal games for 2 to 5 seats: cards, views,
    legal and illegal moves, replays, clones and re-deals, scores."""
    check_variant(SPEC, seeds=range(4))


# -- scoring a knock (the oracle: RULES's worked cases) ------------------------------


@pytest.mark.parametrize(
    "deadwood, knocker, winner, penalty",
    [
        # The knocker is lowest: everyone else takes the difference.
        ({0: 4, 1: 12, 2: 30}, 0, 0, {0: 0, 1: 8, 2: 26}),
        # Someone is lower: they win; the knocker takes the difference + 10.
        ({0: 9, 1: 3, 2: 20}, 0, 1, {0: 16, 1: 0, 2: 17}),
        # A tie with the knocker: the knocker loses it, and pays the 10.
        ({0: 5, 1: 5, 2: 7}, 0, 1, {0: 10, 1: 0, 2: 2}),
        ({0: 9, 1: 2, 2: 2}, 2, 1, {0: 7, 1: 0, 2: 10}),
        # Two others tied lowest: the first after the knocker wins; the other pays 0.
        ({0: 2, 1: 2, 2: 9}, 2, 0, {0: 0, 1: 0, 2: 17}),
        ({0: 9, 1: 2, 2: 2}, 0, 1, {0: 17, 1: 0, 2: 0}),
        # A rummy: every other player takes their deadwood + 25, a 0 included.
        ({0: 0, 1: 14, 2: 0}, 0, 0, {0: 0, 1: 39, 2: 25}),
    ],
)
def test_settle(deadwood, knocker, winner, penalty):
    assert settle(deadwood, knocker, [0, 1, 2], OPTIONS) == (winner, penalty)


def test_the_order_of_play_decides_which_tied_player_wins():
    # Order of play 2, 0, 1; 1 knocks: 2 is next, so 2 wins the tie with 0.
    assert settle({0: 3, 1: 8, 2: 3}, 1, [2, 0, 1], OPTIONS) == (2, {0: 0, 1: 15, 2: 0})


def test_the_penalty_and_bonus_are_options():
    opts = KnockRummyOptions(knock_penalty=0, rummy_bonus=50)
    assert settle({0: 9, 1: 3}, 0, [0, 1], opts) == (1, {0: 6, 1: 0})
    assert settle({0: 0, 1: 3}, 0, [0, 1], opts) == (0, {0: 0, 1: 53})


def test_hand_sizes():
    assert [hand_size(n) for n in (2, 3, 4, 5)] == [10, 7, 7, 6]


def deal(hands, top, stock, seats=None, **options):
    """A hand with chosen cards: ``hands`` by seat (``""`` for a seat not
    dealt in), ``stock`` written top first, the rest of the deck out of play."""
    n = len(hands)
    seats = tuple(s for s in range(n) if hands[s]) if seats is None else seats
    ctx = MatchContext(0, n, seats[-1], seats, (), (0,) * n)
    rnd = KnockRummyRound(KnockRummyOptions(**options), n, 0, random.Random(0), match=ctx)
    rnd.hands = [to_mask(parse_cards(h)) if h else 0 for h in hands]
    rnd.discard = parse_cards(top)
    rnd.stock = parse_cards(stock)[::-1]
    return rnd


def act(rnd, text):
    legal = {a.notation(): a for a in rnd.legal_actions()}
    if text not in legal:
        raise AssertionError(f"{text!r} not among {sorted(legal)}")
    return rnd.apply(legal[text])


THREE = ["AS 2S 3S 7H 7D 7C KD", "KC QC 5H 5S 2D 9H 4C", "2H 3H 4H 6C 6D 9S TS"]


def test_a_knock_with_any_deadwood_ends_the_hand_and_the_lowest_wins():
    rnd = deal(THREE, "8D", "JH QH")
    act(rnd, "draw stock")  # JH
    assert "knock JH" in {a.notation() for a in rnd.legal_actions()}
    act(rnd, "discard JH")
    act(rnd, "draw stock")  # QH
    act(rnd, "knock QH")  # seat 1 knocks with 10+10+5+5+2+9+4 = 45 (5H 5S: no set of two)
    r = rnd.result
    # Seat 0: KD 10; seat 2: 2H 3H 4H melded, 6C 6D 9S TS = 31.
    assert [h.points for h in r.hands] == [10, 45, 31]
    assert r.winner == 0 and r.outcome == "beaten knock"
    assert r.points == (0, 45 - 10 + 10, 31 - 10)
    qh = parse_card("QH")
    assert r.text[0] == f"{{1}} knocks discarding [[{qh}]] with 45; {{0}} wins the hand with 10"
    assert "{1} takes 45 penalty points (45 - 10 + 10 knock penalty)" in r.text
    assert dict(r.counts) == {"knocks_won": 0, "rummies": 0, "knocks_beaten": 1, "no_score": 0}


def test_a_rummy_knock():
    rnd = deal(THREE, "8C", "7S QH")
    act(rnd, "draw stock")  # 7S: AS 2S 3S, 7S 7H 7D 7C, KD loose
    act(rnd, "knock KD")
    r = rnd.result
    assert r.outcome == "rummy" and r.winner == 0
    assert r.points == (0, 45 + 25, 31 + 25)


def test_no_melding_during_play_and_the_card_just_taken_stays():
    rnd = deal(THREE, "4S", "JH QH")
    act(rnd, "take discard")
    kinds = {a.kind for a in rnd.legal_actions()}
    assert kinds == {"discard", "knock"}
    with pytest.raises(IllegalAction, match="just took"):
        rnd.apply(Action("knock", (parse_card("4S"),)))
    with pytest.raises(IllegalAction, match="no move 'meld'"):
        rnd.apply(Action("meld", tuple(parse_cards("AS 2S 3S"))))


def test_an_empty_stock_ends_the_hand_with_no_score():
    rnd = deal(THREE, "8D", "JH")
    act(rnd, "draw stock")
    act(rnd, "discard JH")
    assert rnd.result.outcome == "no score" and rnd.result.points == (0, 0, 0)


def test_a_seat_not_in_play_is_never_dealt_nor_asked():
    rnd = deal(["AS 2S 3S 7H 7D 7C KD", "", "2H 3H 4H 6C 6D 9S TS"], "8D", "JH QH 5C")
    assert rnd.to_act() == 0
    act(rnd, "draw stock")
    act(rnd, "discard JH")
    assert rnd.to_act() == 2  # seat 1 is skipped
    assert rnd.view(1).hand == () and rnd.view(0).hand_sizes == (7, 0, 7)
    act(rnd, "draw stock")
    act(rnd, "knock QH")
    assert rnd.result.points[1] == 0 and rnd.result.winner == 0
    assert [h.seat for h in rnd.result.hands] == [0, 2]  # no hand shown for seat 1


def test_a_real_deal_gives_each_player_in_the_hand_the_right_number_of_cards():
    for seats, k in (((0, 1, 2, 3, 4), 6), ((1, 3, 4), 7), ((4, 0), 10)):
        ctx = MatchContext(0, 5, seats[-1], seats, (), (0,) * 5)
        rnd = KnockRummyRound(OPTIONS, 5, 0, random.Random(3), match=ctx)
        sizes = rnd.view(seats[0]).hand_sizes
        assert [sizes[s] for s in seats] == [k] * len(seats)
        assert sum(sizes) == k * len(seats) and rnd.to_act() == seats[0]


# -- the elimination rule ---------------------------------------------------------------


def result(points, winner):
    return RoundResult(points=tuple(points), outcome="knock", winner=winner, hands=(), text=("x",))


def test_elimination_step_by_step():
    rule = Elimination(100)
    rule.start(4, random.Random(0))
    rule.dealer = 3  # (drawn by lot; set here to follow it)
    ctx = rule.context(0)
    assert ctx.seats == (0, 1, 2, 3) and ctx.dealer == 3 and ctx.facts["out_at"] == 100
    rule.record(result([0, 60, 99, 40], 0), ctx)
    assert rule.out == [] and rule.dealer == 0
    ctx = rule.context(1)
    assert ctx.seats == (1, 2, 3, 0)
    rule.record(result([0, 45, 1, 0], 3), ctx)  # 1 reaches 105, 2 exactly 100: both out
    assert rule.out == [2, 1] and rule.went_out == [[2, 1]]  # the lower total ranks higher
    assert rule.dealer == 3  # left of dealer 0 are 1 and 2, both out
    ctx = rule.context(2)
    assert ctx.seats == (0, 3) and ctx.out == (2, 1) and ctx.totals == (0, 105, 100, 40)
    assert not rule.is_over() and rule.winners() == ()
    rule.record(result([0, 0, 0, 70], 0), ctx)
    assert rule.is_over() and rule.winners() == (0,)
    assert rule.ranking() == (0, 3, 2, 1)
    penalty, place = rule.columns()
    assert penalty.values == (0, 105, 100, 110) and place.values == (None, 4, 3, 2)
    assert rule.state()["went_out"] == [[2, 1], [3]] and rule.state()["out"] == [2, 1, 3]


def test_a_hand_with_no_score_passes_the_deal_on():
    rule = Elimination(100)
    rule.start(3, random.Random(0))
    rule.dealer = 0
    rule.record(result([0, 0, 0], None), rule.context(0))
    assert rule.dealer == 1 and rule.rounds == 1


def test_the_first_dealer_is_drawn_by_lot_from_the_match_generator():
    dealers = {Match(SPEC, OPTIONS, 4, seed).context.dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    m = Match(SPEC, OPTIONS, 3, 5)
    assert m.context.seats[-1] == m.context.dealer and m.to_act() == m.context.seats[0]


def test_the_rule_in_words():
    rule = Elimination(50)
    assert rule.describe() == "a player reaching 50 penalty points is out; the last one left wins"
    assert rule.short() == "out at 50" and rule.lowest_wins
    assert SPEC.match_rule(KnockRummyOptions(target=50)) == rule


def play(match, agents):
    while not match.over:
        seat = match.to_act()
        match.apply(agents[seat].act(match.view(seat), match.legal_actions()))
    return match


def test_a_four_seat_match_eliminates_seats_and_ends_with_one_left():
    agents = [NormalKnockAgent(1), EasyKnockAgent(2), NormalKnockAgent(3), EasyKnockAgent(4)]
    match = Match(SPEC, OPTIONS, 4, seed=2026)
    dealt = []
    while not match.over:
        ctx = match.context
        dealt.append(ctx.seats)
        assert set(ctx.seats) == set(range(4)) - set(ctx.out)
        for s in ctx.out:  # never dealt in again, never asked
            assert match.view(s).hand == ()
        seat = match.to_act()
        assert seat in ctx.seats
        match.apply(agents[seat].act(match.view(seat), match.legal_actions()))
    assert not match.stalled
    out = match.rule.out
    assert len(out) == 3 and all(match.totals[s] >= 100 for s in out)
    (winner,) = match.winners
    assert winner not in out and match.totals[winner] < 100
    assert match.ranking()[0] == winner and sorted(match.ranking()) == [0, 1, 2, 3]
    assert len({len(seats) for seats in dealt}) >= 2  # fewer players were dealt in as seats went out
    assert match.totals == [sum(r.points[s] for r in match.results) for s in range(4)]


def test_ai_normal_beats_ai_easy_heads_up():
    wins = 0
    for m in range(30):
        agents = (
            [NormalKnockAgent(m), EasyKnockAgent(m)]
            if m % 2 == 0
            else [EasyKnockAgent(m), NormalKnockAgent(m)]
        )
        match = play(Match(SPEC, OPTIONS, 2, seed=m), agents)
        wins += match.winner == m % 2
    assert wins >= 20  # rummy simulate, 200 matches: 86.5%
