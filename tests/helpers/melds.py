"""The check the meld extension tests share (tests/core/test_extensions.py,
tests/core/test_meldplan.py)."""

from __future__ import annotations

from rummykit.core.cards.card import from_mask
from rummykit.core.cards.extensions import ExtensionResult
from rummykit.core.cards.melds import can_add, is_meld


def check_result(res: ExtensionResult, defender: int, knocker_melds, solver) -> None:
    """The result is legal and self-consistent."""
    used = 0
    for m in res.melds:
        assert m & defender == m and not m & used
        assert is_meld(from_mask(m), solver.ace_high)
        used |= m
    table = list(knocker_melds)
    for c, i in res.added:
        assert defender >> c & 1 and not used >> c & 1
        assert can_add(from_mask(table[i]), c, solver.ace_high)
        table[i] |= 1 << c
        used |= 1 << c
    assert res.deadwood_cards == defender & ~used
    assert res.deadwood == solver.points(res.deadwood_cards)
