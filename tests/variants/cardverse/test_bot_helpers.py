"""The bit-mask helpers of the CardVerse bots (bots/common.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.variants.cardverse_rummy.bots.common import (
    RUN_PARTNERS,
    SET_PARTNERS,
    live_partners,
)

HANDS = st.sets(st.integers(0, 51), max_size=14).map(lambda cs: sum(1 << c for c in cs))


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
