"""The bit-mask helpers of the CardVerse bots (bots/common.py) and what a seat's
knowledge reads from its view (bots/knowledge.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.actions import parse_action
from rummykit.core.cards import parse_card, parse_cards, to_mask
from rummykit.core.solver import get_solver
from rummykit.variants.cardverse_rummy.bots.common import (
    RUN_PARTNERS,
    SET_PARTNERS,
    completes,
    completing,
    has_meld,
    live_partners,
)
from rummykit.variants.cardverse_rummy.bots.knowledge import read_view
from rummykit.variants.cardverse_rummy.round import CardVerseRound

SOLVER = get_solver(True, 1)


def m(text: str) -> int:
    return to_mask(parse_cards(text))


def test_knowledge_reads_the_table_and_the_last_pass():
    rnd = CardVerseRound.setup(
        ["5H 6H 7H KS KC 2D 3C 9S 4D TC", "2S 3S 9D 8C 4C JD QD 5S 6C 7D", "AC AD JS QH 4S 8D 9C 6D 5C TD"],
        stock="2C 3D",
        discard="KD",
    )
    # Seat 0 takes KD (a set of kings), lays it and the run, discards 9S.
    for text in ("take", "meld KS KC KD", "meld 5H 6H 7H", "discard 9S"):
        rnd.apply(parse_action(text, rnd.legal_actions(), rnd.why_illegal))
    # Seat 1 passes on 9S (draws 2C), discards JD.
    for text in ("draw", "discard JD"):
        rnd.apply(parse_action(text, rnd.legal_actions(), rnd.why_illegal))
    k = read_view(rnd.view(2))
    assert k.last_pass[1] == parse_card("9S")
    assert k.last_pass[0] is None  # it took the discard
    # After seat 0's turn the table took KH (the set's last king), 4H and 8H.
    assert k.blocked[0] == m("KH 4H 8H")
    assert k.blocked[1] == m("KH 4H 8H")
    assert k.discards[1] == [parse_card("JD")]


HANDS = st.sets(st.integers(0, 51), max_size=14).map(lambda cs: sum(1 << c for c in cs))


@settings(max_examples=400, deadline=None)
@given(HANDS)
def test_completing_and_has_meld_agree_with_the_card_by_card_answers(hand):
    comp = completing(hand)
    for c in range(52):
        if not hand >> c & 1:
            assert bool(comp >> c & 1) == completes(hand, c)
    assert not comp & hand
    # A meld in the hand is exactly what makes its least deadwood drop below its points.
    assert has_meld(hand) == (SOLVER.deadwood(hand) < SOLVER.points(hand))


def test_completing_knows_the_ace_is_high_only():
    assert completing(m("QH KH")) == m("JH AH")
    assert completing(m("2H 3H")) == m("4H")  # A-2-3 is no run
    assert completing(m("KH AH")) == m("QH")
    assert completing(m("7H 7S")) == m("7C 7D")
    assert has_meld(m("QS KS AS")) and not has_meld(m("AS 2S 3S"))


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 51), st.integers(0, (1 << 52) - 1))
def test_live_partners_counts_every_live_way(hand, card, live):
    live &= ~hand & ~(1 << card)
    hand &= ~(1 << card)
    ways = 0
    for x in SET_PARTNERS[card]:
        for y in SET_PARTNERS[card]:
            if x != y and hand >> x & 1 and live >> y & 1:
                ways += 1
    for x, y in RUN_PARTNERS[card]:
        if (hand >> x & 1 and live >> y & 1) or (hand >> y & 1 and live >> x & 1):
            ways += 1
    assert live_partners(card, hand, live) == ways
