"""The conformance kit on ``indian``: every seat count 2 to 6, its three formats."""

from __future__ import annotations

import pytest

from rummykit.testing import check_variant

FORMATS = [{}, {"format": "pool"}, {"format": "deals"}]


@pytest.mark.parametrize("n", range(2, 7))
def test_check_variant(n: int) -> None:
    check_variant("indian", seeds=range(1), seat_counts=[n], rules=FORMATS, report=False)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 7))
def test_check_variant_more_seeds(n: int) -> None:
    check_variant(
        "indian", seeds=range(1, 2), seat_counts=[n], rules=[*FORMATS, {"format": "pool", "pool": 201}]
    )
