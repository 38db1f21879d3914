"""docs/rules.md §2 "Ace is high, after the king, in runs" and the set rule, checked
both in the meld rules and through the moves the round offers and refuses."""

import pytest

from rummykit.core.base.errors import IllegalAction
from rummykit.core.cards.melds import all_melds, can_add, meld_kind
from rummykit.variants.cardverse_rummy.table import extensions

from .cardverse_helpers import cs, deal, notations, play, snapshot

RUNS = ["QH KH AH", "JH QH KH AH", "2S 3S 4S", "9D TD JD QD KD AD", "TC JC QC"]
NOT_RUNS = ["AH 2H 3H", "KH AH 2H", "QH KH AH 2H", "AS 2S 3S 4S", "7H 8H TH", "7H 8D 9H"]


@pytest.mark.parametrize("text", RUNS)
def test_ace_high_runs_are_melds(text):
    assert meld_kind(cs(text), ace_high=True) == "run"


@pytest.mark.parametrize("text", NOT_RUNS)
def test_low_ace_and_wrapping_runs_are_not_melds(text):
    assert meld_kind(cs(text), ace_high=True) is None


@pytest.mark.parametrize("ace_high_option", [False, True])
@pytest.mark.parametrize("text", ["QH KH AH", "JH QH KH AH"])
def test_round_offers_ace_high_runs_with_or_without_the_option(text, ace_high_option):
    rnd = deal([text + " 5C", "2D 3D 9S"], stock="4C", options={"ace_high": ace_high_option})
    play(rnd, "draw stock")
    assert "meld " + text in notations(rnd)
    play(rnd, "meld " + text)
    assert rnd.table_melds()[0].cards == tuple(cs(text))


@pytest.mark.parametrize("ace_high_option", [False, True])
@pytest.mark.parametrize("text", ["AH 2H 3H", "KH AH 2H"])
def test_round_refuses_low_ace_runs_with_or_without_the_option(text, ace_high_option):
    rnd = deal([text + " 5C", "2D 3D 9S"], stock="4C", options={"ace_high": ace_high_option})
    play(rnd, "draw stock")
    assert not [a for a in rnd.legal_actions() if a.kind == "meld"]
    before = snapshot(rnd)
    with pytest.raises(IllegalAction, match="is not a set or a run"):
        play(rnd, "meld " + text)
    assert snapshot(rnd) == before


def test_illegal_meld_reason_names_the_cards_in_rank_order():
    rnd = deal(["TH 7H 8H 2C", "2D 3D 9S"], stock="4C")
    play(rnd, "draw stock")
    with pytest.raises(IllegalAction, match=r"^7H 8H 10H is not a set or a run$"):
        play(rnd, "meld 7H 8H 10H")


def test_a_set_never_holds_two_cards_of_a_suit():
    # One deck: a second 7H does not exist, so a "set" of two 7H is never a meld,
    # and a set is at most 4 cards (one per suit).
    assert meld_kind(cs("7C 7D 7H"), ace_high=True) == "set"
    assert meld_kind(cs("7C 7D 7H 7S"), ace_high=True) == "set"
    assert meld_kind(cs("7C 7D 7H") + cs("7H"), ace_high=True) is None
    assert meld_kind([cs("7C")[0], cs("7D")[0], cs("7D")[0]], ace_high=True) is None
    rnd = deal(["7C 7D 7H 7S 2C", "2D 3D 9S"], stock="4C")
    play(rnd, "draw stock")
    melds = [a for a in rnd.legal_actions() if a.kind == "meld"]
    assert len(melds) == 5  # four 3-card sets and the 4-card set
    for a in melds:
        suits = [x // 13 for x in a.cards]
        assert len(set(suits)) == len(suits)
    with pytest.raises(IllegalAction):
        play(rnd, "meld 7C 7D 7D")


def test_a_set_grows_to_four_and_no_further():
    four = sum(1 << x for x in cs("7C 7D 7H 7S"))
    three = sum(1 << x for x in cs("7C 7D 7H"))
    assert extensions(three) == 1 << cs("7S")[0]
    assert extensions(four) == 0


@pytest.mark.parametrize(
    "meld, fits, does_not_fit",
    [
        ("QH KH AH", ["JH"], ["2H", "KS", "AS"]),
        ("2S 3S 4S", ["5S"], ["AS", "6S"]),
        ("JD QD KD", ["TD", "AD"], ["2D", "9D"]),
        ("7C 7D 7S", ["7H"], ["8C", "6C"]),
    ],
)
def test_additions_follow_the_ace_high_run_order(meld, fits, does_not_fit):
    m = cs(meld)
    mask = sum(1 << x for x in m)
    for text in fits:
        assert extensions(mask) >> cs(text)[0] & 1
        assert can_add(m, cs(text)[0], ace_high=True)
    for text in does_not_fit:
        assert not extensions(mask) >> cs(text)[0] & 1
        assert not can_add(m, cs(text)[0], ace_high=True)


def test_extensions_agree_with_core_can_add_for_every_meld_and_card():
    every = all_melds((1 << 52) - 1, ace_high=True)
    for mask in every[::7]:
        cards = [x for x in range(52) if mask >> x & 1]
        for card in range(52):
            if mask >> card & 1:
                continue
            assert bool(extensions(mask) >> card & 1) == can_add(cards, card, ace_high=True)
