"""core/cards/partners.py: the three-card meld partners of a card, ace low and ace high,
checked against core.melds, and the chance a discard completes a meld."""

from __future__ import annotations

import pytest

from rummykit.core.cards.card import parse_card, parse_cards
from rummykit.core.cards.melds import is_meld
from rummykit.core.cards.partners import SET_PARTNERS, meld_danger, run_partners


@pytest.mark.parametrize("ace_high", [False, True])
def test_partners_are_exactly_the_three_card_melds(ace_high):
    runs = run_partners(ace_high)
    for card in range(52):
        expect = {
            frozenset((x, y))
            for x in range(52)
            for y in range(52)
            if len({card, x, y}) == 3 and is_meld([card, x, y], ace_high)
        }
        got = {frozenset(p) for p in runs[card]} | {
            frozenset((x, y)) for x in SET_PARTNERS[card] for y in SET_PARTNERS[card] if x != y
        }
        assert got == expect


def test_ace_low_and_ace_high_runs():
    ace = parse_card("AS")
    assert run_partners(False)[ace] == (tuple(parse_cards("2S 3S")),)
    assert run_partners(True)[ace] == (tuple(parse_cards("QS KS")),)


def test_meld_danger():
    runs = run_partners(False)
    card = parse_card("7H")
    probs = [0.0] * 52
    assert meld_danger(card, probs, runs) == 0.0
    for c in parse_cards("7C 7D"):  # a sure pair of sevens: a sure set
        probs[c] = 1.0
    assert meld_danger(card, probs, runs) == 1.0
    probs = [0.0] * 52
    for c in parse_cards("8H 9H"):
        probs[c] = 0.5
    assert meld_danger(card, probs, runs) == pytest.approx(0.25)
