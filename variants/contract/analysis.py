"""``rummy analyze contract CARDS... --deal N``: a hand against a deal's contract.

The JSON object::

    {"variant": "contract", "deal": N, "contract": "two sets", "cards": [...],
     "meets_contract": bool, "melds": [[...], ...], "deadwood": [...],
     "deadwood_points": N}

``meets_contract`` says whether the hand lays the contract of deal ``N``. When
it does, ``melds`` is the contract laid with every card added to it that can
be (the arrangement leaving the fewest penalty points), ``deadwood`` the cards
left and ``deadwood_points`` their penalty points (2-9 5, 10-K 10, ace 15,
joker 15). When it does not, nothing can be melded: ``melds`` is empty and
every card counts. Cards are written ``7H``, ``TS``, jokers ``JK``; copies of a
card alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.engine.round import card_ref
from rummykit.core.plugins.registry import Analysis

from .cards import contract_words, display_order, penalty, text
from .contract import arrange
from .options import ContractOptions

#: The analysis reads hands of the two-deck game (3 to 5 players).
COPIES = 2


def analyze(
    cards: Sequence[int],
    options: ContractOptions | None = None,
    table: Any = None,
    *,
    deal: int | None = None,
    copies: int = COPIES,
) -> Analysis:
    """Analyse ``cards`` (ints of the ``copies``-deck game) against deal ``deal``'s contract."""
    if table:
        raise RummyError("contract: --table is not read; the analysis is of the hand alone")
    if deal is None:
        raise RummyError("contract: say which deal with --deal N (1 to 7)")
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= 7:
        raise RummyError(f"contract: --deal must be 1 to 7, not {deal!r}")
    cards = list(cards)
    if not cards:
        raise CardError("no cards given")
    if len(cards) > 30:
        raise CardError(f"expected at most 30 cards, got {len(cards)}")
    size = 52 * copies + 2 * copies
    for c in cards:
        if not 0 <= c < size:
            raise CardError(f"not a card of the {copies}-deck game: {c!r}")
    best = arrange(cards, copies, deal)
    data: dict[str, Any] = {
        "variant": "contract",
        "deal": deal,
        "contract": contract_words(deal),
        "cards": [text(c, copies) for c in cards],
    }
    if best is None:
        melds: tuple[tuple[int, ...], ...] = ()
        left = tuple(cards)
        pts = sum(penalty(c, copies) for c in cards)
    else:
        melds, left, pts = best
        melds = tuple(display_order(m, copies) for m in melds)
    data["meets_contract"] = best is not None
    data["melds"] = [[text(c, copies) for c in m] for m in melds]
    data["deadwood"] = [text(c, copies) for c in left]
    data["deadwood_points"] = pts
    lines = [f"deal {deal}: {contract_words(deal)}"]
    if best is None:
        lines.append(f"the hand does not meet the contract: every card counts, {pts} points")
    else:
        lines.append("meets the contract: " + " | ".join(" ".join(card_ref(c) for c in m) for m in melds))
        shown = " ".join(card_ref(c) for c in left) if left else "none"
        lines.append(f"left: {shown} = {pts} points")
    return Analysis(data=data, text=tuple(lines))


__all__ = ["analyze"]
