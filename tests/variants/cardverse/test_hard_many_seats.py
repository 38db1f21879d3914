"""CardVerse ai:hard with more than two seats: how its play-outs play its own
seat (holding melds as its rules do) and how its deals weigh a card that fits
the table."""

from __future__ import annotations

import math
import random

import pytest

from rummykit.core.bots.beliefs import Beliefs, CardModel
from rummykit.core.cards.card import parse_card
from rummykit.variants.cardverse_rummy.bots.beliefs import CardVerseModel
from rummykit.variants.cardverse_rummy.bots.easy import EasyAgent, HoldingEasyAgent
from rummykit.variants.cardverse_rummy.bots.hard import (
    CLOSE_ITERATIONS,
    ITERATIONS,
    HardCardVerseAgent,
)
from rummykit.variants.cardverse_rummy.options import CardVerseOptions

from .cardverse_helpers import choose, deal, dealt, play

HANDS = ["7H 8H 9H 2C 5D KS QD", "4H 5C", "JC JD QS AS TC", "2S 3S 4S 6D 9C"]


def test_holding_easy_holds_a_meld_while_the_stock_lasts_and_lays_it_down_before_the_end():
    # Three cards left after its draw, one for each other seat: it holds the run and
    # sheds its highest loose card (ai:easy lays the run down at once).
    rnd = deal(HANDS, stock="3C 6S 8C 9D", discard="TD", rest="discard")
    play(rnd, "draw stock")
    assert choose(EasyAgent(), rnd) == "meld 7H 8H 9H"
    assert choose(HoldingEasyAgent(), rnd) == "discard KS"
    # Two left for three opponents: the round ends before its next turn.
    rnd = deal(HANDS, stock="3C 6S 8C", discard="TD", rest="discard")
    play(rnd, "draw stock")
    assert choose(HoldingEasyAgent(), rnd) == "meld 7H 8H 9H"


@pytest.mark.parametrize(
    ("hand", "move"),
    [
        ("7H 8H 9H 2C", "take discard"),  # then the run goes down: 2 points left, not 26
        ("2C 5D", "draw stock"),  # KC would leave 7 points again: end the round
    ],
)
def test_holding_easy_on_the_empty_stock_takes_the_top_to_lay_down_what_it_holds(hand, move):
    rnd = deal([hand, "4H 5C", "JC JD", "2S 3S"], discard="KC", rest="discard")
    assert not rnd.stock
    assert choose(HoldingEasyAgent(), rnd) == move
    if move == "take discard":  # plain ai:easy ends the round holding the run
        assert choose(EasyAgent(), rnd) == "draw stock"


@pytest.mark.parametrize(("n_seats", "holds"), [(4, True), (2, False)])
def test_hard_plays_out_its_own_seat_holding_with_more_than_two_seats(n_seats, holds):
    hands = HANDS if n_seats == 4 else HANDS[:2]
    rnd = deal(hands, stock="3C 6S 8C 9D", discard="TD", rest="discard")
    play(rnd, "draw stock")
    bot = HardCardVerseAgent(1)
    choose(bot, rnd)
    options = CardVerseOptions()
    own = bot.policy(0, 5, options)
    assert isinstance(own, HoldingEasyAgent) is holds
    assert type(bot.policy(1, 5, options)) is EasyAgent


@pytest.mark.parametrize("n_seats", [2, 4])
def test_hard_searches_a_close_decision_longer(n_seats):
    """A decision plays ITERATIONS play-outs in all (its candidates halved); a
    close one (some within a few rounds) plays CLOSE_ITERATIONS more, shared by
    the rules' move and its closest rival."""
    many = n_seats > 2
    base, more = ITERATIONS[many], CLOSE_ITERATIONS[many]
    assert more > 0
    bot = HardCardVerseAgent(1)
    easy = EasyAgent()
    extended = 0
    for r in range(12):
        rnd = dealt(CardVerseOptions(), n_seats, r, random.Random(100 + r))
        while (seat := rnd.to_act()) is not None:
            view = rnd.view(seat)
            if seat == 0:
                move = bot.act(view, view.legal, info=rnd.information(seat))
                counts = sorted(bot.last.get("counts", {}).values())
                assert sum(counts) <= base + more
                if sum(counts) > base:  # the two played on
                    extended += 1
                    grown = [c for c in counts if c > (base + len(counts) - 1) // len(counts)]
                    assert len(grown) <= 2 and len(counts) >= 2, counts
            else:
                move = easy.act(view, view.legal)
            rnd.apply(move)
        if extended >= 2:
            break
    assert extended >= 2


def _fit_weights(n_seats: int) -> tuple[float, float, float]:
    """For a table run 7H-9H and an opponent that has had a turn: the weight of
    TH (fits the run) and of TS (fits nothing) under CardVerse's model, and
    TH's under core's."""
    hands = ["2C 3C 4D KD", "5S 6S 9D QC", "2D 3H 4S 5D", "AS 8D 6C JD"][:n_seats]
    rnd = deal(hands, stock="KC QS JS", discard="AD", table=[(1, "7H 8H 9H")])
    play(rnd, "draw stock", "discard KD", "draw stock", "discard QC")
    view = rnd.view(2 % n_seats)
    ours = Beliefs(CardVerseModel()).weights(view)[1]
    core = Beliefs(CardModel()).weights(view)[1]
    th, ts = parse_card("TH"), parse_card("TS")
    assert ours[ts] == pytest.approx(core[ts])
    return ours[th], ours[ts], core[th]


def test_cardverse_beliefs_make_a_card_that_fits_the_table_less_likely_with_four_seats():
    th, _, core_th = _fit_weights(4)
    assert th == pytest.approx(core_th * math.exp(-2.0))
    th, _, core_th = _fit_weights(2)  # two seats: core's model alone
    assert th == pytest.approx(core_th)
