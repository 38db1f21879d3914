"""Contract Rummy's moves as a person types them: an addition typed without
its meld goes to the one meld that takes it; with several, one line asks which."""

from __future__ import annotations

import pytest

from rummykit.core.base.errors import IllegalAction
from rummykit.core.engine.actions import TAKE_DISCARD, Action, parse_action
from rummykit.variants.contract.round import ADD, DISCARD, DOWN, ContractRound
from rummykit.variants.contract.spec import SPEC

from .test_rules import c, play


def _down_with_a_joker() -> ContractRound:
    """Seat 0 down with a set of 7s (meld 1) and a set of kings (meld 2),
    holding 7S, 9S, 2C and a joker."""
    hands = [
        c("7H 7C 7D KS KS' 2C 9S 7S JK 4D"),
        c("3C 3D 5H 6H 8S TC JD QD AS 2H"),
        c("4C 4H 6D 8D 9C TD JH QS AH 5C"),
    ]
    rnd = ContractRound.from_deal(hands, discard=c("KH"), stock=c("2S 3S 4S 5S"))
    play(rnd, TAKE_DISCARD)
    down = next(
        a
        for a in rnd.legal_actions()
        if a.kind == DOWN
        and sorted(x % 52 for x in a.cards) == sorted(x % 52 for x in c("7H 7C 7D KS KS KH"))
    )
    play(rnd, down)
    assert [m[1] for m in rnd.table] == ["set", "set"]
    return rnd


def typed(rnd: ContractRound, text: str) -> Action:
    aliases = {m.short: m.kind for m in SPEC.moves if m.short}
    return parse_action(text, rnd.legal_actions(), rnd.why_illegal, aliases, rnd.deck)


@pytest.mark.parametrize("text", ["a 7s", "add 7S", "a 7s 1", "add 7s to 1", "add 7s to meld 1"])
def test_an_addition_without_its_meld_goes_to_the_only_meld_that_takes_it(text: str) -> None:
    rnd = _down_with_a_joker()
    action = typed(rnd, text)
    assert action.kind == ADD and action.target == 1 and [x % 52 for x in action.cards] == c("7S")
    rnd.apply(action)
    assert len(rnd.table[0][2]) == 4


def test_an_addition_that_fits_several_melds_asks_which() -> None:
    rnd = _down_with_a_joker()
    with pytest.raises(IllegalAction) as e:
        typed(rnd, "a jk")
    assert str(e.value) == "JK fits melds 1 and 2: say which (add JK to N)"
    assert typed(rnd, "a jk 2") == Action(ADD, tuple(c("JK")), 2)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("a 9s", "9S fits no meld on the table"),
        ("a 7s to 2", "7S does not fit meld 2"),
        ("a 8s", "you do not hold 8S"),
        ("a 7s to 3", "there is no meld 3 on the table"),
    ],
)
def test_an_addition_that_fits_nowhere_says_why(text: str, reason: str) -> None:
    rnd = _down_with_a_joker()
    with pytest.raises(IllegalAction, match=f"^{reason}$"):
        typed(rnd, text)


def test_a_card_typed_as_the_record_writes_it_is_that_card_to_a_player() -> None:
    """``#n`` is how a record (and a move's notation) writes a copy or a joker:
    typed, it names the card, whichever copy the hand holds; one the deck lacks
    is a one-line refusal, not an error that ends the game."""
    rnd = _down_with_a_joker()
    hand = rnd.view(0).hand
    held = next(x for x in hand if x % 52 == c("9S")[0])
    other = held + 52 if held < 52 else held - 52  # the copy it does not hold
    assert typed(rnd, f"d #{other}") == typed(rnd, "d 9s") == Action(DISCARD, (held,))
    joker = next(x for x in hand if x >= 104)
    assert typed(rnd, f"a #{joker} 2") == typed(rnd, "a jk 2")
    with pytest.raises(IllegalAction, match=r"bad card '#400': this deck has no card #400"):
        typed(rnd, "d #400")
