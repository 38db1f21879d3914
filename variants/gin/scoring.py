"""Settling a Cardems Gin round: pure functions, no engine state (docs/rules.md §1).

:func:`settle` takes the knocker's ten cards (after the knock discard) and the
defender's ten cards and returns a :class:`Settlement`: the outcome (``"knock"``,
``"gin"`` or ``"undercut"``), who scores, how much, and how each hand was laid
out. The engine (:class:`rummykit.variants.gin.round.GinRound`), the
``rummy gin score`` command and any house-rule plugin all use it.

Decisions implemented here (docs/rules.md §1):

* Melds are chosen by the engine: every hand is laid out with least deadwood.
* The knocker's tie-break: among the knocker's least-deadwood arrangements (runs
  never cut: a cut run offers the same ends), the one after which the
  defender's final deadwood (after layoffs) is highest; if several leave the
  defender the same, the first in a fixed order (the sorted tuple of meld
  bitmasks), so the result never depends on the solver's order.
* The defender's melds and layoffs are optimised together (core ``best_extensions``);
  layoffs chain on runs and fill a three-card set; there are none after gin, and
  the knocker never lays off.
* With no deadwood the knock is gin; a knock above the knock limit is an error.

How a layoff is reported: ``(card, onto)`` where ``onto`` is the knocker's meld in
its original form (as it was before any layoff), in rank order. Layoffs are listed
meld by meld (in the order the knocker's melds are listed) and in laying order
(core ``best_extensions``: ``5H`` before ``4H`` onto ``6H 7H 8H``), so applying them
in the listed order is always legal.

Listing order everywhere: a meld's cards in rank order (then suit C D H S); the
melds by their cards in that order; deadwood cards in rank order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.cards.card import code, points, rank_sort_key, to_mask
from rummykit.core.cards.melds import mask_in_rank_order

if TYPE_CHECKING:
    from rummykit.core.cards.extensions import ExtensionResult
    from rummykit.core.cards.solver import MeldSolver

    from .options import GinOptions

__all__ = [
    "KnockError",
    "SettledHand",
    "Settlement",
    "arrange",
    "deadwood_points",
    "default_solver",
    "display_melds",
    "settle",
]


class KnockError(RummyError):
    """A knock that the rules do not allow (deadwood over the knock limit)."""


_SOLVER = None


def default_solver() -> MeldSolver:
    """The Gin meld solver (ace low, ace worth 1)."""
    # Imported on first use, then kept: the engine asks for it every turn.
    global _SOLVER
    if _SOLVER is None:
        from rummykit.core.cards.solver import get_solver

        _SOLVER = get_solver(ace_high=False, ace_points=1)
    return _SOLVER


# -- listing helpers --------------------------------------------------------------


def _meld_key(meld: Sequence[int]) -> list[tuple[int, int]]:
    return [rank_sort_key(c) for c in meld]


def display_melds(masks: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """Meld bitmasks as card tuples in rank order, the melds sorted by their cards."""
    melds = [mask_in_rank_order(m) for m in masks]
    melds.sort(key=_meld_key)
    return tuple(melds)


def deadwood_points(cards: Iterable[int]) -> int:
    return sum(points(c) for c in cards)


def _mask(cards: Iterable[int] | int) -> int:
    if isinstance(cards, int):
        return cards
    cards = list(cards)
    mask = to_mask(cards)
    if mask.bit_count() != len(cards):
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise CardError(f"duplicate card {code(c)}")
            seen.add(c)
    return mask


def _canonical(melds: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(melds))


def arrange(hand: Iterable[int] | int, solver: MeldSolver | None = None) -> tuple[int, tuple[int, ...]]:
    """``(deadwood, meld masks)``: the least-deadwood arrangement of ``hand`` shown
    to people, the same one every time (the solver's ``arrangement``: runs never
    cut, the fewest melds, then the smallest sorted tuple of masks)."""
    solver = solver or default_solver()
    return solver.arrangement(_mask(hand))


# -- the settlement ---------------------------------------------------------------


@dataclass(frozen=True)
class SettledHand:
    """One side of a settled round. For the defender after a knock, ``melds``,
    ``deadwood`` and ``deadwood_points`` are final (after layoffs)."""

    cards: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...]
    deadwood: tuple[int, ...]
    deadwood_points: int
    layoffs: tuple[tuple[int, tuple[int, ...]], ...] = ()

    def to_json(self, with_layoffs: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {"melds": [[code(c) for c in m] for m in self.melds]}
        if with_layoffs:
            out["layoffs"] = [{"card": code(c), "onto": [code(x) for x in onto]} for c, onto in self.layoffs]
        out["deadwood"] = [code(c) for c in self.deadwood]
        out["deadwood_points"] = self.deadwood_points
        return out


@dataclass(frozen=True)
class Settlement:
    """How a knock or gin is scored. ``winner`` is ``"knocker"`` or ``"defender"``;
    ``points`` is what the winner scores (``multiplier`` already applied)."""

    outcome: str  # "knock" | "gin" | "undercut"
    winner: str  # "knocker" | "defender"
    points: int
    knocker: SettledHand
    defender: SettledHand
    multiplier: int = field(default=1)

    def scaled(self, factor: int) -> Settlement:
        """The same settlement with its points multiplied (a house rule's doubling)."""
        return replace(self, points=self.points * factor, multiplier=self.multiplier * factor)

    def to_json(self) -> dict[str, Any]:
        """The ``rummy gin score --json`` object."""
        return {
            "outcome": self.outcome,
            "winner": self.winner,
            "points": self.points,
            "knocker": self.knocker.to_json(with_layoffs=False),
            "defender": self.defender.to_json(with_layoffs=True),
        }


def _plain_hand(mask: int, solver: MeldSolver) -> SettledHand:
    dw, melds = arrange(mask, solver)
    melded = 0
    for m in melds:
        melded |= m
    dead = mask_in_rank_order(mask & ~melded)
    return SettledHand(
        cards=mask_in_rank_order(mask),
        melds=display_melds(melds),
        deadwood=dead,
        deadwood_points=dw,
    )


def settle(
    knocker: Iterable[int] | int,
    defender: Iterable[int] | int,
    options: GinOptions | None = None,
    *,
    knock_limit: int | None = None,
    solver: MeldSolver | None = None,
) -> Settlement:
    """Score a knock or gin (docs/rules.md §1 "Scoring a round").

    ``knocker`` and ``defender`` are the two hands (cards, or an int bitmask) after
    the knock discard. ``options`` is a :class:`GinOptions` (the defaults when
    ``None``); ``knock_limit`` overrides the option (a house rule such as
    Oklahoma's knock limit from the upcard). Raises :class:`CardError` when the
    hands share a card and :class:`KnockError` when the knocker's deadwood is
    over the knock limit.
    """
    if options is None:
        from .options import GinOptions

        options = GinOptions()
    limit = options.knock_limit if knock_limit is None else knock_limit
    solver = solver or default_solver()
    kmask, dmask = _mask(knocker), _mask(defender)
    common = kmask & dmask
    if common:
        both = ", ".join(code(c) for c in mask_in_rank_order(common))
        raise CardError(f"the knocker and the defender both hold {both}")

    # Runs are never cut here: a cut run offers the same ends for layoffs.
    kdw, arrangements = solver.arrangements(kmask, maximal_runs=True)
    arrangements = sorted({_canonical(a) for a in arrangements}) or [()]

    if kdw == 0:
        # Gin: no layoffs; the defender's own best arrangement.
        khand = _plain_hand(kmask, solver)
        dhand = _plain_hand(dmask, solver)
        return Settlement(
            outcome="gin",
            winner="knocker",
            points=dhand.deadwood_points + options.gin_bonus,
            knocker=khand,
            defender=dhand,
        )
    if kdw > limit:
        if limit == 0:
            raise KnockError(f"only gin may end this round; the knocker has deadwood {kdw}")
        raise KnockError(f"the knocker cannot knock: deadwood {kdw} is over the knock limit {limit}")

    # The knocker's tie-break: the arrangement leaving the defender the most.
    from rummykit.core.cards.extensions import best_extensions

    best: tuple[ExtensionResult, list[int]] | None = None
    for arr in arrangements:
        ordered = sorted(arr, key=lambda m: _meld_key(mask_in_rank_order(m)))
        res = best_extensions(dmask, ordered, solver)
        if best is None or res.deadwood > best[0].deadwood:
            best = (res, ordered)
    assert best is not None  # a knock that may be made has an arrangement
    res, kmelds = best

    kmelded = 0
    for m in kmelds:
        kmelded |= m
    kdead = mask_in_rank_order(kmask & ~kmelded)
    shown_kmelds = tuple(mask_in_rank_order(m) for m in kmelds)
    khand = SettledHand(
        cards=mask_in_rank_order(kmask),
        melds=shown_kmelds,
        deadwood=kdead,
        deadwood_points=kdw,
    )

    layoffs = res.added  # meld by meld, in laying order
    dhand = SettledHand(
        cards=mask_in_rank_order(dmask),
        melds=display_melds(res.melds),
        deadwood=mask_in_rank_order(res.deadwood_cards),
        deadwood_points=res.deadwood,
        layoffs=tuple((card, shown_kmelds[idx]) for card, idx in layoffs),
    )
    ddw = res.deadwood
    if kdw < ddw:
        return Settlement("knock", "knocker", ddw - kdw, khand, dhand)
    return Settlement("undercut", "defender", kdw - ddw + options.undercut_bonus, khand, dhand)
