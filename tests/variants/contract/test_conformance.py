"""``rummykit.testing.check_variant`` for Contract Rummy: every seat count 3 to 8
with random players, and each computer player (``ai:search`` on the kit's small
budget) in a short match: one deal, ended after 50 turns (the variant's
``max_turns``) if nobody is out by then."""

from __future__ import annotations

import pytest

from rummykit.testing import check_variant
from rummykit.variants.contract.spec import SPEC

BOTS = ["ai:easy", "ai:normal", "ai:hard", "ai:search"]
SHORT = {"deals": 1, "max_turns": 50}


@pytest.mark.parametrize("n", range(3, 9))
def test_conformance_every_seat_count(n: int) -> None:
    cov = check_variant(SPEC, seeds=range(1), seat_counts=[n], options={"deals": 1}, agents=[], report=False)
    assert cov.matches == 1


def test_conformance_with_every_bot_level() -> None:
    # Five seeds: the kit's line-ups in turn, all random then each bot at every seat.
    cov = check_variant(SPEC, seeds=range(5), seat_counts=[3], options=SHORT, agents=BOTS, report=False)
    assert cov.players == ["random", *BOTS]


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 6])
def test_conformance_bots_mixed_over_two_deals(n: int) -> None:
    # Seeds 5 to 9: the line-ups that mix the bots and random players.
    check_variant(
        SPEC, seeds=range(5, 10), seat_counts=[n], options={**SHORT, "deals": 2}, agents=BOTS, report=False
    )
