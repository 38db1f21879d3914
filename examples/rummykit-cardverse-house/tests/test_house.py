"""The two house rules, their words, and the conformance kit."""

import random

import pytest
from rummykit_cardverse_house import SPEC, HouseOptions, HouseRound, table_summary

from rummykit import (
    Action,
    IllegalAction,
    Match,
    OptionError,
    build_options,
    get_plugins,
    parse_card,
    parse_cards,
)
from rummykit.testing import check_resample, check_variant

# Seat 0 holds a run of hearts worth 29 and a set of kings worth 30 (59 to open).
OPENER = "9H TH JH KS KC KD 2C"
OTHER = "3D 5D 7D 9S 2S 4S 6C"


def round_(stock="AS", discard="AC", rest="stock", **options):
    return HouseRound.from_deal(
        [OPENER, OTHER],
        discard,
        stock,
        options=HouseOptions(**options),
        first=0,
        rest=rest,
        variant="cardverse-house",
    )


def play(rnd, text):
    kind, _, rest = text.partition(" ")
    if kind == "draw":
        return rnd.apply(Action("draw stock"))
    return rnd.apply(Action(kind, tuple(parse_cards(rest))))


def test_meld_and_add_wait_for_an_opening_worth_51():
    rnd = round_()
    play(rnd, "draw")
    kinds = {a.kind for a in rnd.legal_actions()}
    assert "meld" not in kinds and "add" not in kinds
    opens = sorted(a.notation() for a in rnd.legal_actions() if a.kind == "open")
    # The run alone (29) or the kings alone (30) are not enough; both (59) are.
    assert opens == ["open 9H TH JH KC KD KS"]
    with pytest.raises(IllegalAction, match="open first: your first melds must be worth 51"):
        play(rnd, "meld 9H TH JH")
    with pytest.raises(IllegalAction, match="worth 29 points; an opening needs 51 or more"):
        play(rnd, "open 9H TH JH")
    play(rnd, "open 9H TH JH KS KC KD")
    laid = {frozenset(m.cards) for m in rnd.view(1).table}
    assert laid == {frozenset(parse_cards("9H TH JH")), frozenset(parse_cards("KC KD KS"))}
    assert rnd.view(1).extra["opened_by_seat"] == (True, False)
    # Opened: melds and additions are legal again for seat 0, and a second
    # open is not.
    with pytest.raises(IllegalAction, match="you have opened already"):
        play(rnd, "open 2C")


def test_open_points_zero_is_plain_cardverse():
    rnd = round_(open_points=0)
    play(rnd, "draw")
    kinds = {a.kind for a in rnd.legal_actions()}
    assert "meld" in kinds and "open" not in kinds


def test_the_pile_becomes_the_stock_once():
    rnd = round_(stock="", discard="AC 4H 8C QD", rest="discard")
    assert rnd.view(0).stock_size == 0
    play(rnd, "draw")  # the pile but its top card is the new stock; seat 0 drew from it
    v = rnd.view(0)
    assert rnd.result is None and v.discard_pile == (parse_card("QD"),)
    assert v.extra["reshuffled"] and len(rnd.restocks) == 1
    assert v.stock_size == len(rnd.restocks[0].cards) - 1
    # The second time the stock runs out, drawing ends the round.
    while rnd.stock:
        rnd.stock.pop()
    play(rnd, "discard 2C")
    play(rnd, "draw")
    assert rnd.result is not None and rnd.result.outcome == "stock"
    assert rnd.result.counts["reshuffles"] == 1


def test_without_reshuffle_the_empty_stock_ends_the_round():
    rnd = round_(stock="", discard="AC 4H 8C QD", rest="discard", reshuffle=False)
    play(rnd, "draw")
    assert rnd.result is not None and rnd.result.outcome == "stock"
    assert rnd.result.counts["reshuffles"] == 0


def test_the_table_summary_names_the_rules_state():
    rnd = round_()
    line = table_summary(rnd.view(0))
    assert "becomes the stock" in line and "nobody has opened (51 to open)" in line
    play(rnd, "draw")
    play(rnd, "open 9H TH JH KS KC KD")
    assert table_summary(rnd.view(1)).endswith("opened: {0}")


def test_options_are_checked():
    with pytest.raises(OptionError):
        build_options(HouseOptions, {"open_points": -1}, "cardverse-house")
    assert build_options(HouseOptions, {"open_points": "30"}, "cardverse-house").open_points == 30


def test_a_resample_after_the_reshuffle_keeps_what_each_seat_saw():
    spec = SPEC
    easy = get_plugins().registry.agent("cardverse-house", "ai:easy")
    checked = 0
    for seed in range(6):
        opts = HouseOptions(open_points=30)
        match = Match(spec, opts, 3, seed)
        bots = [easy.factory(s, seed, opts) for s in range(3)]
        rng = random.Random(seed)
        while not match.over and match.rounds_played < 2:
            rnd = match.round
            seat = match.to_act()
            match.apply(bots[seat].act(match.view(seat), match.legal_actions()))
            if rnd.restocks and (rnd.result is not None or rng.random() < 0.05):
                for s in range(3):
                    check_resample(rnd, s, rng, 2)
                checked += 1
    assert checked > 10


def test_conformance():
    check_variant(SPEC, seeds=range(4), registry=get_plugins().registry)
