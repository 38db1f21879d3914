import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit.core.base.errors import CardError
from rummykit.core.cards import card as C


@pytest.mark.parametrize(
    "text,expected",
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10S", "TS"),
        ("TS", "TS"),
        ("ts", "TS"),
        ("A♠", "AS"),
        ("10♠", "TS"),
        ("7♥", "7H"),
        ("k♦", "KD"),
        ("2c", "2C"),
        ("Q♣", "QC"),
    ],
)
def test_parse_accepts_every_documented_form(text, expected):
    assert C.code(C.parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["1S", "11H", "ZZ", "A", "AX", "", "10", "AS2", "♠A"])
def test_bad_card_is_an_error_naming_it(bad):
    with pytest.raises(CardError) as e:
        C.parse_card(bad)
    assert repr(bad) in str(e.value)


def test_bad_card_examples_are_different_cards():
    # The terminal shows card codes its own way (10S and TS both as 10♠), so
    # the examples must be distinct cards, each one parsing.
    with pytest.raises(CardError) as e:
        C.parse_card("zz")
    examples = str(e.value).rpartition("like ")[2].split(", ")
    assert len(examples) >= 2
    cards = [C.parse_card(x) for x in examples]
    assert len(set(cards)) == len(cards)


def test_parse_cards_splits_on_spaces_and_commas():
    assert C.codes(C.parse_cards("AS, 2s 3♠,4S")) == ["AS", "2S", "3S", "4S"]
    assert C.codes(C.parse_cards(["AS 2S", "3S"])) == ["AS", "2S", "3S"]


def test_duplicate_card_is_named():
    with pytest.raises(CardError, match="duplicate card 7H"):
        C.parse_cards("7H 8H 7h")


def test_wrong_count_says_which():
    with pytest.raises(CardError, match="expected 10 or 11 cards, got 3"):
        C.parse_cards("7H 8H 9H", count=(10, 11))


def test_points_ace_low_and_high():
    ranks = ("AS", "2S", "9S", "TS", "JS", "QS", "KS")
    assert [C.points(C.parse_card(t)) for t in ranks] == [1, 2, 9, 10, 10, 10, 10]
    assert C.points(C.parse_card("AH"), ace=11) == 11


def test_pretty_and_ascii():
    assert C.pretty(C.parse_card("TS")) == "10♠"
    assert C.pretty(C.parse_card("AH"), ascii=True) == "AH"


@given(st.sets(st.integers(0, 51)))
def test_mask_round_trip(cards):
    assert C.from_mask(C.to_mask(cards)) == sorted(cards)


@given(st.integers(0, 51))
def test_text_round_trip(card):
    assert C.parse_card(C.code(card)) == card
    assert C.parse_card(C.pretty(card)) == card
    assert C.parse_card(C.pretty(card).lower()) == card
