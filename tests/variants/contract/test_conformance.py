"""``rummykit.testing.check_variant`` for Contract Rummy, every seat count 3 to 8."""

from __future__ import annotations

import pytest

from rummykit.testing import check_variant
from rummykit.variants.contract.spec import SPEC


@pytest.mark.parametrize("n", range(3, 9))
def test_conformance_every_seat_count(n: int) -> None:
    cov = check_variant(SPEC, seeds=range(1), seat_counts=[n], options={"deals": 1}, agents=[])
    assert cov is not None


def test_conformance_with_the_bots_and_two_deals() -> None:
    check_variant(SPEC, seeds=range(2), seat_counts=[4], options={"deals": 2})
