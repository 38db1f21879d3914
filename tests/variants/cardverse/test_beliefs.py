"""CardVerse's beliefs about whole hands (bots/beliefs.py, ``CardVerseModel.hands``):
with three or four seats a hand drawn for an opponent that has had a turn is
kept less often when it holds a meld (that player would have laid it down) or
two cards that complete the upcard it passed on; with two seats the deal is as
before."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.bots.beliefs import Beliefs, CardModel, belief_sample
from rummykit.core.cards.card import to_mask
from rummykit.core.engine.resample import Weights, deal_round
from rummykit.variants.cardverse_rummy.bots.beliefs import HANDS, CardVerseModel, has_meld
from rummykit.variants.cardverse_rummy.bots.common import completes
from rummykit.variants.cardverse_rummy.bots.easy import easy_factory
from rummykit.variants.cardverse_rummy.options import CardVerseOptions
from rummykit.variants.cardverse_rummy.spec import SPEC

from .cardverse_helpers import c, cs, deal, play


@settings(max_examples=300, deadline=None)
@given(st.sets(st.integers(0, 51), max_size=12))
def test_has_meld_is_a_set_or_an_ace_high_run(cards):
    hand = to_mask(cards)
    assert has_meld(hand) == any(completes(hand, c) for c in cards)


@pytest.mark.parametrize(
    ("hand", "meld"),
    [
        ("QS KS AS 2D", True),  # ace high
        ("AS 2S 3S 9D", False),  # never low
        ("KS AS 2S", False),  # no wrap-around
        ("7C 7D 7H", True),
        ("7C 7D 8H 9C", False),
        ("TC JC QC", True),
    ],
)
def test_has_meld_examples(hand, meld):
    assert has_meld(to_mask(cs(hand))) is meld


def _after_one_turn(n_seats: int):
    """Seat 0 draws from the stock passing on 5H, then throws 9D; seat 1's view."""
    hands = ["2C 3C 9D KD", "5S 6S 9H QC", "2D 3H 4S 8D", "AS 8C 6C JD"][:n_seats]
    rnd = deal(hands, stock="KC QS JS TS", discard="5H")
    play(rnd, "draw stock", "discard 9D")
    return rnd.view(1)


MODEL = HANDS


def test_the_hand_likelihood_reads_melds_the_passed_upcard_and_the_discard_after_a_turn():
    view = _after_one_turn(4)
    weights = Beliefs(MODEL).weights(view)
    assert isinstance(weights, Weights)
    assert weights.keep is not None and weights.tries == MODEL.tries
    keep = weights.keep
    assert keep(0, cs("7C 8C 9C 4D")) == pytest.approx(0.25)  # a meld it would have laid
    assert keep(0, cs("7C 9C 2D 4D")) == 1.0
    assert keep(0, cs("5C 5D 2D 4D")) == pytest.approx(0.4)  # 5C 5D would have taken 5H
    assert keep(0, cs("5C 5D 5S 4D")) == pytest.approx(0.25 * 0.4)
    # Worth more than the 9 it threw: alone, refused more (0.1 / 0.5, the rest in the weights) ...
    assert keep(0, cs("QS 4D 6H 2S")) == pytest.approx(0.2)
    assert keep(0, cs("QS JH 4D 6H")) == pytest.approx(0.04)
    # ... with a partner (a card it may be keeping for a meld), the weights alone.
    assert keep(0, cs("QS QH 4D 2S")) == 1.0
    assert keep(0, cs("QS JS 4D 2S")) == 1.0
    assert keep(2, cs("7C 8C 9C QD")) == 1.0  # no turn yet: nothing to read


def test_a_card_worth_more_than_the_last_discard_weighs_less_with_more_than_two_seats():
    for n_seats, factor in ((4, 0.5), (2, 1.0)):
        view = _after_one_turn(n_seats)
        ours = Beliefs(MODEL).weights(view)[0]
        core = Beliefs(CardModel()).weights(view)[0]
        for card, ratio in (("QS", factor), ("TH", factor), ("9S", 1.0), ("4D", 1.0)):
            assert ours[c(card)] == pytest.approx(core[c(card)] * ratio), (n_seats, card)


def test_two_seats_and_the_default_model_give_the_weights_alone():
    assert not isinstance(Beliefs(HANDS).weights(_after_one_turn(2)), Weights)
    assert not isinstance(Beliefs(CardVerseModel()).weights(_after_one_turn(4)), Weights)


def _played(seed: int, steps: int):
    options = CardVerseOptions()
    rnd = deal_round(SPEC, options, 4, 0, random.Random(seed))
    agents = [easy_factory(s, seed + s, options) for s in range(4)]
    for _ in range(steps):
        seat = rnd.to_act()
        view = rnd.view(seat)
        rnd.apply(agents[seat].act(view, view.legal))
    return rnd


def test_deals_for_players_that_lay_at_once_hold_fewer_melds_and_stay_consistent():
    """ai:easy lays every meld down at once: the deals drawn by the hand
    likelihood give its hands fewer melds than the card weights alone, and
    each is still a state the seat cannot tell from the real one."""
    rnd = _played(3, 24)
    seat = rnd.to_act()
    view = rnd.view(seat)
    info = rnd.information(seat)
    opponents = [o for o in range(4) if o != seat]
    assert not any(has_meld(to_mask(rnd.zones()[f"hand{o}"])) for o in opponents)
    melds = {}
    for name, model in {
        "weights": CardVerseModel(),
        "hands": CardVerseModel(meld_keep=0, tries=30),
    }.items():
        weights = Beliefs(model).weights(view)
        melds[name] = 0
        for k in range(40):
            other = belief_sample(info, random.Random(k), weights)
            assert other.view(seat) == view
            melds[name] += sum(has_meld(to_mask(other.zones()[f"hand{o}"])) for o in opponents)
    assert melds["hands"] == 0 < melds["weights"]


def test_a_meld_laid_after_an_opponents_turn_says_nothing_of_what_it_could_add():
    hands = ["2C 3C 9D KD", "5S 6S 7S QC 2H", "2D 3H 4S 8D", "AS 8C 6C JD"]
    rnd = deal(hands, stock="KC QS JS TS", discard="5H")
    play(rnd, "draw stock", "discard 9D", "draw stock", "meld 5S 6S 7S", "discard QC")
    view = rnd.view(2)
    ours = Beliefs(CardVerseModel(table_since_turn=True)).weights(view)
    core = Beliefs(CardModel()).weights(view)
    eight = c("8S")  # fits the run seat 1 laid, after seat 0's turn
    assert ours[0][eight] == pytest.approx(core[0][eight])
    assert ours[1][eight] == pytest.approx(core[1][eight] * math.exp(-2.0))
    # By default every opponent that has had a turn sees the whole table.
    assert Beliefs(CardVerseModel()).weights(view)[0][eight] == pytest.approx(core[0][eight] * math.exp(-2.0))
