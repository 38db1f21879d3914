"""Every rule and decision of docs/rules.md §2 (CardVerse Rummy), one test or more each."""

import random

import pytest
from pydantic import ValidationError

from rummykit.core.base.errors import IllegalAction, OptionError, RummyError
from rummykit.core.cards.card import code
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.cardverse_rummy import CardVerseOptions, CardVerseRound
from rummykit.variants.cardverse_rummy.agents import EasyAgent
from rummykit.variants.cardverse_rummy.plugin import SPEC

from .cardverse_helpers import c, cs, deal, hand_codes, notations, play, snapshot

NAMES = ["Ann", "Bob", "Cy", "Di"]


# -- deal and seats -----------------------------------------------------------


@pytest.mark.parametrize("n, size", [(2, 7), (3, 10), (4, 10)])
def test_deal_sizes(n, size):
    rnd = CardVerseRound.deal(CardVerseOptions(), n, 0, random.Random(9))
    view = rnd.view(0)
    assert view.hand_sizes == (size,) * n
    assert len(view.discard_pile) == 1
    assert view.stock_size == 52 - n * size - 1
    assert sum(len(v) for v in rnd.zones().values()) == 52


@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_seat_moves_one_each_round(n):
    for round_index in range(6):
        rnd = CardVerseRound.deal(CardVerseOptions(), n, round_index, random.Random(round_index))
        assert rnd.to_act() == round_index % n
        assert rnd.view(0).extra["first_seat"] == round_index % n


def test_first_seat_rotates_in_a_match():
    match = Match(SPEC, CardVerseOptions(target=10_000), 3, seed=4)
    bots = [EasyAgent() for _ in range(3)]
    firsts = [match.round.to_act()]
    while len(match.results) < 4:
        seat = match.to_act()
        match.apply(bots[seat].act(match.view(seat), match.legal_actions()))
        if match.round.history == []:
            firsts.append(match.round.to_act())
    assert firsts[:5] == [0, 1, 2, 0, 1]


@pytest.mark.parametrize("n", [1, 5])
def test_one_or_five_seats_are_refused(n):
    with pytest.raises(RummyError, match=f"cardverse is for 2 to 4 players, not {n}"):
        Match(SPEC, CardVerseOptions(), n, seed=1)
    with pytest.raises(RummyError, match="2 to 4 players"):
        CardVerseRound.deal(CardVerseOptions(), n, 0, random.Random(1))


def test_spec():
    assert (SPEC.name, SPEC.title, SPEC.min_players, SPEC.max_players, SPEC.ace_high) == (
        "cardverse",
        "CardVerse Rummy",
        2,
        4,
        True,
    )
    assert SPEC.options_model is CardVerseOptions
    assert "max_turns" in SPEC.rules_text and "Decision" in SPEC.rules_text
    reg = get_plugins().registry
    assert reg.variant("cardverse").plugin == "cardverse"
    assert reg.agent("cardverse", "ai:easy").strength == 10
    assert reg.agent("cardverse", "random")


# -- options --------------------------------------------------------------------


def test_option_defaults():
    o = CardVerseOptions()
    assert (o.target, o.discard_to_win, o.ace_high, o.max_turns) == (100, False, False, 400)


def test_options_from_text():
    o = build_options(
        CardVerseOptions,
        {"target": "50", "discard_to_win": "true", "ace_high": "yes", "max_turns": "30"},
        "cardverse",
    )
    assert (o.target, o.discard_to_win, o.ace_high, o.max_turns) == (50, True, True, 30)


@pytest.mark.parametrize(
    "values, words",
    [
        ({"target": "0"}, "option target"),
        ({"target": "many"}, "option target"),
        ({"max_turns": "0"}, "option max_turns"),
        ({"discard_to_win": "perhaps"}, "option discard_to_win"),
        ({"ace_high": "2"}, "option ace_high"),
        ({"knock_limit": "10"}, "unknown option 'knock_limit' for cardverse"),
    ],
)
def test_bad_options_are_clear_errors(values, words):
    with pytest.raises(OptionError, match=words):
        build_options(CardVerseOptions, values, "cardverse")


def test_options_model_forbids_extra_keys():
    with pytest.raises(ValidationError):
        CardVerseOptions(gin_bonus=25)


# -- the turn ---------------------------------------------------------------------


def test_turn_draw_then_meld_add_discard():
    rnd = deal(["7H 8H 9H 5C 5D KS 2C", "2D 3D 9S"], stock="5S", discard="4H", first=0)
    assert notations(rnd) == ["draw stock", "take discard"]
    with pytest.raises(IllegalAction, match=r"^draw first$"):
        play(rnd, "discard KS")
    play(rnd, "draw stock")
    with pytest.raises(IllegalAction, match="already drawn"):
        play(rnd, "take discard")
    play(rnd, "meld 9h 7h 8h", "meld 5c 5d 5s")
    assert [(m.number, m.owner, [code(x) for x in m.cards]) for m in rnd.view(1).table] == [
        (1, 0, ["7H", "8H", "9H"]),
        (2, 0, ["5C", "5D", "5S"]),
    ]
    play(rnd, "discard KS")
    assert rnd.to_act() == 1 and rnd.view(1).extra["phase"] == "draw"
    assert rnd.view(1).discard_top == c("KS")


def test_meld_actions_list_cards_in_rank_order_ace_last():
    rnd = deal(["AH QH KH 2C", "2D 3D 9S"], stock="4C")
    play(rnd, "draw stock")
    melds = [a for a in rnd.legal_actions() if a.kind == "meld"]
    assert [a.notation() for a in melds] == ["meld QH KH AH"]


def test_additions_to_an_opponents_meld_keep_its_number_and_owner():
    rnd = deal(["JH 7H 2C 4S", "2D 3D 9S"], stock="QH", first=0, table=[(1, "8H 9H TH"), (1, "KC KD KS")])
    play(rnd, "draw stock")
    legal = notations(rnd)
    for move in ("add JH to 1", "add 7H to 1"):
        assert move in legal
    assert "add QH to 1" not in legal  # not until JH is there
    play(rnd, "add JH to 1", "add QH to 1", "a 7h 1")
    meld = rnd.view(0).table[0]
    assert (meld.number, meld.owner) == (1, 1)
    assert [code(x) for x in meld.cards] == ["7H", "8H", "9H", "TH", "JH", "QH"]
    assert [code(x) for x in rnd.view(0).table[1].cards] == ["KC", "KD", "KS"]


def test_additions_need_no_own_meld_and_grow_a_set_to_four():
    rnd = deal(["KH 2C 4S", "2D 3D 9S"], stock="6D", table=[(1, "KC KD KS")])
    play(rnd, "draw stock", "add KH to 1")
    assert [code(x) for x in rnd.view(0).table[0].cards] == ["KC", "KD", "KH", "KS"]


@pytest.mark.parametrize(
    "move, reason",
    [
        ("add 2C to 1", r"^2C does not fit meld 1 \(8H 9H 10H\)$"),
        ("add JH to 3", r"^there is no meld 3 on the table \(melds 1 to 1\)$"),
        ("add JC to 1", r"^you do not hold JC$"),
        ("meld 2C 4S JH", r"^2C 4S JH is not a set or a run$"),
        ("discard QD", r"^you do not hold QD$"),
    ],
)
def test_illegal_moves_have_one_line_reasons_and_change_nothing(move, reason):
    rnd = deal(["JH 2C 4S", "2D 3D 9S"], stock="6D", table=[(1, "8H 9H TH")])
    play(rnd, "draw stock")
    before = snapshot(rnd)
    with pytest.raises(IllegalAction, match=reason):
        play(rnd, move)
    assert snapshot(rnd) == before


def test_discarding_the_card_just_taken_is_allowed():
    rnd = deal(["2C 4S 9D", "2D 3D 9S"], stock="6D", discard="KH 5S")
    play(rnd, "take discard")
    assert "discard 5S" in notations(rnd)
    play(rnd, "discard 5S")
    assert rnd.to_act() == 1
    assert rnd.view(1).discard_pile[-2:] == (c("KH"), c("5S"))
    assert hand_codes(rnd, 0) == ["2C", "4S", "9D"]


def test_history_shows_a_stock_draw_only_to_the_drawer():
    rnd = deal(["2C 4S 9D", "2D 3D 9S", "6C 6D 7S"], stock="6H", discard="KH")
    play(rnd, "draw stock", "discard 2C", "take discard")
    mine, theirs = rnd.view(0).history[0], rnd.view(1).history[0]
    assert mine.card == c("6H") and theirs.card is None
    assert rnd.view(2).history[2].card == c("2C")  # a discard-pile take is public


# -- going out --------------------------------------------------------------------


def test_melding_the_last_card_goes_out_by_default():
    rnd = deal(["7H 8H", "AS AC KD 5H", "QC 2D"], stock="9H")
    play(rnd, "draw stock", "meld 7H 8H 9H")
    r = rnd.result
    assert r.outcome == "out" and r.winner == 0
    assert dict(r.counts) == {"out_by_meld": 1, "out_by_discard": 0, "stock_end": 0}
    assert r.points == (17 + 12, 0, 0)
    assert r.lines(NAMES[:3]) == ["Ann goes out by melding 7H 8H 9H; Ann scores 29 (Bob 17, Cy 12)"]
    assert rnd.to_act() is None and rnd.legal_actions() == ()


def test_adding_the_last_card_goes_out_by_default():
    rnd = deal(["JH", "AS 5H"], stock="7H", table=[(1, "8H 9H TH")])
    play(rnd, "draw stock", "add JH to 1", "add 7H to 1")
    r = rnd.result
    assert (r.outcome, r.winner, dict(r.counts), r.points) == (
        "out",
        0,
        {"out_by_meld": 1, "out_by_discard": 0, "stock_end": 0},
        (6, 0),
    )
    assert r.lines(NAMES[:2]) == ["Ann goes out by adding 7H to meld 1; Ann scores 6 (Bob 6)"]


def test_discard_to_win_refuses_a_meld_that_empties_the_hand():
    rnd = deal(["7H 8H", "AS 5H"], stock="9H", options={"discard_to_win": True})
    play(rnd, "draw stock")
    assert "meld 7H 8H 9H" not in notations(rnd)
    before = snapshot(rnd)
    with pytest.raises(IllegalAction, match=r"^with discard_to_win you must keep a card to discard$"):
        play(rnd, "meld 7H 8H 9H")
    assert snapshot(rnd) == before
    assert rnd.result is None


def test_discard_to_win_refuses_an_addition_that_empties_the_hand():
    rnd = deal(["JH", "AS 5H"], stock="7H", table=[(1, "8H 9H TH")], options={"discard_to_win": True})
    play(rnd, "draw stock", "add JH to 1")
    assert notations(rnd) == ["discard 7H"]
    before = snapshot(rnd)
    with pytest.raises(IllegalAction, match=r"^with discard_to_win you must keep a card to discard$"):
        play(rnd, "add 7H to 1")
    assert snapshot(rnd) == before
    play(rnd, "discard 7H")
    assert rnd.result.winner == 0 and dict(rnd.result.counts) == {
        "out_by_meld": 0,
        "out_by_discard": 1,
        "stock_end": 0,
    }


@pytest.mark.parametrize("discard_to_win", [False, True])
def test_going_out_by_discarding_the_last_card(discard_to_win):
    rnd = deal(["7H 8H 9H", "KS 4D", "3C"], stock="2C", options={"discard_to_win": discard_to_win})
    play(rnd, "draw stock", "meld 7H 8H 9H", "discard 2C")
    r = rnd.result
    assert (r.outcome, r.winner, dict(r.counts), r.points) == (
        "out",
        0,
        {"out_by_meld": 0, "out_by_discard": 1, "stock_end": 0},
        (17, 0, 0),
    )
    assert r.lines(NAMES[:3]) == ["Ann goes out by discarding 2C; Ann scores 17 (Bob 14, Cy 3)"]
    assert [h.points for h in r.hands] == [0, 14, 3]
    assert [code(x) for x in r.hands[1].cards] == ["4D", "KS"]


def test_a_later_seat_can_go_out_and_names_follow_seats():
    rnd = deal(["2C 3D 9S", "QH KH", "6C 6D"], stock="5S AH", first=0)
    play(rnd, "draw stock", "discard 5S", "draw stock", "meld QH KH AH")
    r = rnd.result
    assert r.winner == 1 and r.points == (0, 14 + 12, 0)
    assert r.lines(NAMES[:3]) == ["Bob goes out by melding QH KH AH; Bob scores 26 (Ann 14, Cy 12)"]


# -- empty stock and the engine limit ---------------------------------------------


def test_draw_stock_stays_legal_when_the_stock_is_empty_and_ends_the_round():
    rnd = deal(["KH QH", "5C 5D", "TS"], rest="discard", first=2)
    assert rnd.view(0).stock_size == 0
    assert "draw stock" in notations(rnd)
    play(rnd, "draw stock")
    r = rnd.result
    # Seat 1 and seat 2 tie on 10: the first seat among the tied (seat 1) wins.
    assert (r.outcome, r.winner, dict(r.counts)) == (
        "stock",
        1,
        {"out_by_meld": 0, "out_by_discard": 0, "stock_end": 1},
    )
    assert r.points == (0, 20 + 10, 0)
    assert r.lines(NAMES[:3]) == [
        "Cy asks for a card from the empty stock: the round ends",
        "Hand values: Ann 20, Bob 10, Cy 10",
        "Bob has the lowest hand value (a tie, won by the first seat among the tied); "
        "Bob scores 30 (Ann 20, Cy 10)",
    ]
    assert hand_codes(rnd, 2) == ["TS"]  # nothing was drawn


def test_empty_stock_tie_on_all_seats_goes_to_seat_zero():
    rnd = deal(["KH", "5C 5D", "TS", "4H 6H"], rest="discard", first=3)
    play(rnd, "draw stock")
    assert rnd.result.winner == 0 and rnd.result.points == (30, 0, 0, 0)


def test_taking_the_discard_still_works_with_an_empty_stock():
    rnd = deal(["KH 2C", "5C 5D"], discard="9D", rest="discard")
    play(rnd, "take discard", "discard KH")
    assert rnd.result is None and rnd.to_act() == 1


@pytest.mark.parametrize("limit", [1, 3])
def test_max_turns_ends_the_round_like_an_empty_stock(limit):
    rnd = deal(["KH 2C 3D", "5C 5D 9S"], stock="7S 8D 4C 2H", options={"max_turns": limit})
    turns = ["draw stock", "discard KH", "draw stock", "discard 9S", "draw stock", "discard 7S"]
    for i in range(limit):
        assert rnd.result is None
        assert rnd.view(0).extra["turn"] == i + 1
        play(rnd, *turns[2 * i : 2 * i + 2])
    r = rnd.result
    assert (
        r is not None
        and r.outcome == "stock"
        and dict(r.counts) == {"out_by_meld": 0, "out_by_discard": 0, "stock_end": 1}
    )
    assert r.lines(NAMES[:2])[0] == (
        f"The round reaches the engine limit of {limit} turns and ends as if the stock were empty"
    )


def test_default_max_turns_is_400():
    rnd = deal(["KH 2C 3D", "5C 5D 9S"], stock="")
    assert rnd.view(0).extra["max_turns"] == 400


# -- scoring ------------------------------------------------------------------


@pytest.mark.parametrize("ace_high, expected", [(False, 1 + 1 + 10 + 5), (True, 11 + 11 + 10 + 5)])
def test_scores_with_and_without_ace_high(ace_high, expected):
    rnd = deal(["7H 8H", "AS AC KD 5H"], stock="9H", options={"ace_high": ace_high})
    play(rnd, "draw stock", "meld 7H 8H 9H")
    assert rnd.result.points == (expected, 0)
    assert rnd.result.hands[1].points == expected


@pytest.mark.parametrize("ace_high, winner", [(False, 0), (True, 1)])
def test_ace_points_decide_the_empty_stock_winner(ace_high, winner):
    rnd = deal(["AS AC AD", "4C 4D"], rest="discard", options={"ace_high": ace_high})
    play(rnd, "draw stock")
    assert rnd.result.winner == winner


@pytest.mark.parametrize("n", [2, 3, 4])
def test_matches_with_2_3_and_4_players_run_to_the_target(n):
    target = 60
    match = Match(SPEC, CardVerseOptions(target=target), n, seed=11 + n)
    bots = [EasyAgent() for _ in range(n)]
    while not match.over:
        seat = match.to_act()
        match.apply(bots[seat].act(match.view(seat), match.legal_actions()))
    assert max(match.totals) >= target
    assert match.winner == match.totals.index(max(match.totals))
    assert match.totals == [sum(r.points[s] for r in match.results) for s in range(n)]
    for r in match.results:
        assert sum(1 for p in r.points if p) <= 1  # only the round winner scores
        assert r.winner is not None


def test_view_extra_and_secrecy():
    rnd = deal(["2C 4S 9D", "2D 3D 9S", "6C 6D 7S"], stock="6H")
    v0, v1 = rnd.view(0), rnd.view(1)
    assert v0.extra["phase"] == "draw" and v0.extra["turn"] == 1
    assert "hand_values" not in v0.extra
    assert v0.legal and not v1.legal
    assert v1.hand == tuple(cs("2D 3D 9S")) and v1.hand_sizes == (3, 3, 3)
    play(rnd, "draw stock")
    assert rnd.view(0).extra["phase"] == "play"
    assert rnd.view(2).history[0].card is None
