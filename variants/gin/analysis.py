"""Explaining Gin hands: ``rummy analyze gin`` and the terminal's hand summary.

:func:`analyze` answers ``rummy analyze gin CARDS... [--json]``. The JSON object::

    {"variant": "gin", "cards": [...], "melds": [[...], ...], "deadwood": [...],
     "deadwood_points": N, "can_knock": bool, "can_gin": bool}

``cards`` echoes the input in the order given; melds list their cards in rank
order (then suit C D H S) and are sorted by those cards; ``deadwood`` is in rank
order. ``can_knock`` is true when 0 < deadwood ≤ the knock limit, ``can_gin``
when the deadwood is 0 (at 0 the move is gin, never a plain knock).

With 11 cards it adds ``"best_discard"`` and ``"discards"`` (one entry per card,
``{"discard", "deadwood_points", "melds", "deadwood"}``, sorted by deadwood points,
then by the discarded card in rank order, then suit C D H S); the top-level
melds, deadwood, deadwood_points, can_knock and can_gin then describe the hand
after the best discard (the first entry of ``discards``).

When a hand has several least-deadwood arrangements, the one shown is fixed
(:func:`rummykit.variants.gin.scoring.arrange`: runs never cut, the fewest melds,
then the smallest masks).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.base.values import counted
from rummykit.core.cards.card import code, rank_sort_key, to_mask
from rummykit.core.cards.melds import mask_in_rank_order
from rummykit.core.cards.solver import MeldSolver
from rummykit.core.engine.round import View, card_ref
from rummykit.core.plugins.registry import Analysis, HandSummary

from .options import GinOptions
from .scoring import arrange, default_solver, display_melds

__all__ = ["analyze", "describe", "hand_summary"]


def describe(
    mask: int, solver: MeldSolver | None = None
) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """``(deadwood points, melds, deadwood cards)`` of a hand bitmask, in listing order."""
    dw, melds = arrange(mask, solver)
    melded = 0
    for m in melds:
        melded |= m
    return dw, display_melds(melds), mask_in_rank_order(mask & ~melded)


def _codes(cards: Sequence[int]) -> list[str]:
    return [code(c) for c in cards]


def _refs(cards: Sequence[int]) -> str:
    return " ".join(card_ref(c) for c in cards)


def analyze(
    cards: Sequence[int],
    options: GinOptions | None = None,
    table: Any = None,
    *,
    variant: str = "gin",
    knock_limit: int | None = None,
    solver: MeldSolver | None = None,
) -> Analysis:
    """Analyse a 10- or 11-card Gin hand (see the module docstring for the JSON).

    Raises :class:`CardError` for a wrong count or a duplicate card and
    :class:`RummyError` when ``table`` is given (Gin has no table melds).
    """
    cards = list(cards)
    if len(cards) not in (10, 11):
        raise CardError(f"expected 10 or 11 cards, got {len(cards)}")
    mask = to_mask(cards)
    if mask.bit_count() != len(cards):
        dup = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise CardError(f"duplicate card {code(dup)}")
    if table:
        raise RummyError(f"{variant} has no melds on the table; leave out --table")
    options = options if options is not None else GinOptions()
    limit = options.knock_limit if knock_limit is None else knock_limit
    solver = solver or default_solver()

    data: dict[str, Any] = {"variant": variant, "cards": _codes(cards)}
    text: list[str] = []
    entries: list[dict[str, Any]] = []
    rows: list[tuple[int, tuple[int, int], int, tuple[tuple[int, ...], ...], tuple[int, ...]]] = []
    if len(cards) == 11:
        for c in cards:
            dw, melds, dead = describe(mask & ~(1 << c), solver)
            rows.append((dw, rank_sort_key(c), c, melds, dead))
        rows.sort(key=lambda r: (r[0], r[1]))
        for dw, _, c, melds, dead in rows:
            entries.append(
                {
                    "discard": code(c),
                    "deadwood_points": dw,
                    "melds": [_codes(m) for m in melds],
                    "deadwood": _codes(dead),
                }
            )
        dw, _, best, melds, dead = rows[0]
        text.append(f"best discard: {card_ref(best)}, leaving deadwood {dw}")
    else:
        dw, melds, dead = describe(mask, solver)
    data["melds"] = [_codes(m) for m in melds]
    data["deadwood"] = _codes(dead)
    data["deadwood_points"] = dw
    data["can_knock"] = 0 < dw <= limit
    data["can_gin"] = dw == 0
    if entries:
        data["best_discard"] = entries[0]["discard"]
        data["discards"] = entries

    after = " after the best discard" if entries else ""
    text.append("melds: " + (" | ".join(_refs(m) for m in melds) if melds else "none"))
    text.append("deadwood: " + (f"{_refs(dead)} = {counted(dw, 'point')}" if dead else "none (0 points)"))
    if dw == 0:
        text.append(f"gin{after}: no deadwood")
    elif dw <= limit:
        text.append(f"can knock{after}: deadwood {dw} ≤ knock limit {limit}")
    else:
        text.append(f"cannot knock{after}: deadwood {dw} is over the knock limit {limit}")
    if entries:
        text.append("every discard, least deadwood first:")
        for c, e in zip((r[2] for r in rows), entries, strict=True):
            text.append(f"  {card_ref(c)} → {e['deadwood_points']}")
    return Analysis(data=data, text=tuple(text))


def hand_summary(
    view: View, options: GinOptions | None = None, solver: MeldSolver | None = None
) -> HandSummary:
    """The seat's hand for display: melds of its least-deadwood arrangement (in
    rank order), the loose cards (rank order) and a label.

    With 10 cards the label is ``deadwood N``. With 11 cards (after drawing) the
    melds are those of all 11 cards as they stand, and the label adds the least
    deadwood any legal discard leaves: ``deadwood 17; 6 after the best discard``
    (the card just taken from the pile does not count as a discard). The card is
    not named: that would be a hint.
    """
    mask = to_mask(view.hand)
    dw, melds, loose = describe(mask, solver)
    label = f"deadwood {dw}"
    if len(view.hand) == 11:
        taken = view.extra.get("taken") if view.extra else None
        after = (solver or default_solver()).discards(mask)
        best = min((d for c, d in after if c != taken), default=dw)
        label += f"; {best} after the best discard"
    return HandSummary(melds=melds, loose=loose, label=label)
