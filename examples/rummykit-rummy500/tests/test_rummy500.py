"""Rummy 500's rules, its options and match rule, and the conformance kit."""

import random

import pytest
from rummykit_rummy500 import SPEC, EasyAgent, Rummy500Options, Rummy500Round, match_rule

from rummykit import Action, IllegalAction, Match, MatchRule, parse_card, parse_cards, to_mask
from rummykit.testing import check_variant


def test_conformance():
    """Random and ai:easy games for 2, 3 and 4 seats: cards, views, legal
    moves, illegal moves, replays, negative scores summed into the totals."""
    check_variant(SPEC)


def test_conformance_under_the_other_match_rule():
    """The rule ``deals`` chooses, with random players (the bots are checked
    above): the ranking and winners by the totals after the deals."""
    coverage = check_variant(SPEC, seeds=range(2), seat_counts=[2, 4], agents=[], rules=[{"deals": 2}])
    assert coverage.rules == ["after 2 deals, highest total wins (deals=2)"]
    assert coverage.rounds == 8 and coverage.ends["stopped"] == 0


def deal(hand0, hand1, pile, stock, **options):
    """Two seats, seat 0 to act; ``pile`` bottom first; ``stock`` top first."""
    rnd = Rummy500Round(Rummy500Options(**options), 2, 0, random.Random(0))
    rnd.hands = [to_mask(parse_cards(hand0)), to_mask(parse_cards(hand1))]
    rnd.discard = parse_cards(pile)
    rnd.stock = parse_cards(stock)[::-1]
    return rnd


def act(rnd, text):
    legal = {a.notation(): a for a in rnd.legal_actions()}
    if text not in legal:
        raise AssertionError(f"{text!r} not among {sorted(legal)}")
    return rnd.apply(legal[text])


def kinds(rnd, kind):
    return sorted(a.notation() for a in rnd.legal_actions() if a.kind == kind)


def test_two_players_get_13_cards_and_more_get_7():
    for n, k in ((2, 13), (3, 7), (4, 7)):
        rnd = Rummy500Round(Rummy500Options(), n, 0, random.Random(1))
        assert rnd.view(0).hand_sizes == (k,) * n
        assert rnd.view(0).stock_size == 52 - n * k - 1


def test_dig_takes_the_card_and_every_card_above_it_and_must_be_used_at_once():
    rnd = deal("5H 6H 2C 9D KS", "2D 3D 4S 8C JC", "7H QC 3C 4D", "AS TD")
    # 7H (deepest) makes 5H 6H 7H; QC is of no use; 3C fits nothing either.
    assert kinds(rnd, "dig") == ["dig 7H"]
    act(rnd, "dig 7H")
    assert rnd.discard == []
    assert set(parse_cards("7H QC 3C 4D")) <= set(rnd.view(0).hand)
    assert rnd.view(1).extra["must_use"] == parse_card("7H")  # public: everyone saw it
    assert {a.kind for a in rnd.legal_actions()} == {"meld"}
    assert all(parse_card("7H") in a.cards for a in rnd.legal_actions())
    with pytest.raises(IllegalAction, match="use the card you dug"):
        rnd.apply(Action("discard", (parse_card("KS"),)))
    act(rnd, "meld 5H 6H 7H")
    assert "discard KS" in kinds(rnd, "discard")  # free again


def test_a_dig_to_a_card_that_cannot_be_used_is_refused_with_the_reason():
    rnd = deal("5H 6H 2C 9D KS", "2D 3D 4S 8C JC", "7H QC 3C 4D", "AS TD")
    with pytest.raises(IllegalAction, match="could not use"):
        rnd.apply(Action("dig", (parse_card("QC"),)))
    with pytest.raises(IllegalAction, match="take discard takes the top one"):
        rnd.apply(Action("dig", (parse_card("4D"),)))


def test_melds_and_additions_score_when_laid_and_the_hand_counts_against():
    rnd = deal("AS 2S 3S KH KD KC 9C 9D", "QS JS 4S 5C 6C 7C 8H", "TS", "2H 3H 4H 5H")
    act(rnd, "draw stock")  # 2H
    act(rnd, "meld AS 2S 3S")  # a low run: the ace counts 1
    act(rnd, "meld KC KD KH")
    assert rnd.view(1).extra["laid_points"] == (1 + 2 + 3 + 30, 0)
    act(rnd, "discard 9C")
    act(rnd, "draw stock")  # 3H
    act(rnd, "meld 5C 6C 7C")
    act(rnd, "add 4S to 1")  # onto seat 0's meld: it scores for seat 1
    assert rnd.view(0).extra["laid_points"] == (36, 18 + 4)
    act(rnd, "discard QS")
    act(rnd, "draw stock")  # 4H
    act(rnd, "discard 9D")
    act(rnd, "draw stock")  # 5H, the last card of the stock
    act(rnd, "discard JS")  # the turn ends with the stock empty: so does the round
    r = rnd.result
    assert r.outcome == "stock"
    # Seat 0 laid 36 and holds 2H 4H; seat 1 laid 22 and holds 8H 3H 5H.
    assert r.points == (36 - 6, 22 - 16)
    assert r.hands[1].layoffs == ((parse_card("4S"), tuple(parse_cards("AS 2S 3S 4S"))),)


def test_a_round_score_may_be_negative():
    rnd = deal("AS 2S 3S KH KD KC 9C 9D", "QS JS 4D 5C 6C 7C 8H", "TS", "2H 3H 4H 5H")
    for text in ("draw stock", "discard 2H", "draw stock", "discard 3H", "draw stock"):
        act(rnd, text)
    act(rnd, "meld AS 2S 3S")
    act(rnd, "meld KC KD KH")
    act(rnd, "discard 4H")
    act(rnd, "draw stock")
    act(rnd, "discard 5H")
    # Seat 1 laid nothing and holds 50 points.
    assert rnd.result.points == (36 - 18, -50)
    assert rnd.result.winner == 0


def test_an_ace_is_high_or_low_but_never_around_the_corner():
    rnd = deal("QS KS AS 2S 3S 9D", "2D 3D 4C 8C JC 7H", "TD", "5H")
    act(rnd, "draw stock")
    melds = kinds(rnd, "meld")
    assert "meld AS 2S 3S" in melds and "meld QS KS AS" in melds
    assert not any("KS" in m and "2S" in m for m in melds)
    act(rnd, "meld QS KS AS")
    assert rnd.laid[0] == 10 + 10 + 15  # high: the ace counts 15


def test_going_out_by_laying_the_last_card_ends_the_round():
    rnd = deal("7H 7D", "2D 3D 4C 8C JC", "7C", "5H")
    act(rnd, "take discard")
    act(rnd, "meld 7C 7D 7H")
    assert rnd.result is not None and rnd.result.outcome == "out"
    assert rnd.result.points == (21, -(2 + 3 + 4 + 8 + 10))


def test_the_card_taken_from_the_top_may_not_be_discarded():
    rnd = deal("7H 7D KS", "2D 3D 4C 8C JC", "9C", "5H 6H")
    act(rnd, "take discard")
    assert "discard 9C" not in kinds(rnd, "discard")
    with pytest.raises(IllegalAction, match="just took"):
        rnd.apply(Action("discard", (parse_card("9C"),)))


def test_the_match_rule_is_first_to_the_target_or_a_number_of_deals():
    assert match_rule(Rummy500Options()) == MatchRule.first_to(500)
    assert match_rule(Rummy500Options(deals=3)) == MatchRule.deals(3)
    m = Match(SPEC, Rummy500Options(deals=2), 3, seed=4)
    bots = [EasyAgent(s) for s in range(3)]
    while not m.over:
        seat = m.to_act()
        m.apply(bots[seat].act(m.view(seat), m.legal_actions()))
    assert m.rounds_played == 2
    assert m.totals == [sum(r.points[s] for r in m.results) for s in range(3)]


def test_the_table_line_shows_the_whole_spread_pile():
    from rummykit_rummy500.rummy500 import spread_pile

    from rummykit import code, render_text

    rnd = deal("5H 6H 2C 9D KS", "2D 3D 4S 8C JC", "7H QC 3C 4D", "AS TD")
    line = spread_pile(rnd.view(1))
    assert render_text(line, [], code) == "discard pile, bottom to top: 7H QC 3C 4D"
    rnd.apply(Action("dig", (parse_card("7H"),)))
    assert spread_pile(rnd.view(1)) is None
