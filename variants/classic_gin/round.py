"""A hand of classic Gin (docs/rules.md §4), built on Gin's public round.

:class:`ClassicRound` is :class:`rummykit.variants.gin.GinRound` with:

* a **dealer**: ``self.match.dealer`` when the round is dealt with a
  :class:`MatchContext` naming one (0 or 1); seat 1 otherwise. The non-dealer
  plays first (:meth:`ClassicRound.dealer_seat`);
* the **upcard offer**: the non-dealer may take the upcard (``take discard``)
  or ``pass``; then the dealer may take it or pass; when both pass the
  non-dealer draws from the stock (the pile is closed for that draw) and play
  goes on as in Gin;
* the hand ends with **no score** when a discard that is neither a knock nor
  gin leaves two cards in the stock;
* knocking, gin, layoffs and scoring as Gin (undercut: the difference plus
  ``undercut_bonus``; gin: the defender's deadwood plus ``gin_bonus``, never
  undercut).

:class:`OklahomaRound` adds Oklahoma's first-upcard rules (knock limit, gin
only on an ace, a spade doubles the hand's score).

``ClassicRound.deal(options, 2, round_index, rng, variant=NAME, match=ctx)`` is
the interface other forms (Gin for three, partnership Gin) build on.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rummykit import (
    DRAW_STOCK,
    TAKE_DISCARD,
    Action,
    Event,
    MatchContext,
    RoundResult,
    points,
    rank_of,
    suit_of,
)
from rummykit.variants.gin import GinOptions, GinRound

from .options import ClassicOptions, OklahomaOptions

__all__ = [
    "BOTH_PASSED",
    "DEALER_OFFER",
    "NON_DEALER_OFFER",
    "OFFER_DONE",
    "PASS",
    "PASS_ACTION",
    "STOCK_END",
    "ClassicRound",
    "OklahomaRound",
    "oklahoma_terms",
]

#: The kind of the move that declines the upcard.
PASS = "pass"
PASS_ACTION = Action(PASS)
#: The stages of the upcard offer (``ClassicRound.offer``).
NON_DEALER_OFFER = 0  # the non-dealer may take the upcard or pass
DEALER_OFFER = 1  # the non-dealer passed: the dealer may take it or pass
BOTH_PASSED = 2  # both passed: the non-dealer draws from the stock
OFFER_DONE = 3  # the offer is over: ordinary turns
#: Cards left in the stock at which a plain discard ends the hand with no score.
STOCK_END = 2
ACE = 0
SPADES = 3


class ClassicRound(GinRound):
    """A hand of classic Gin for two seats (see the module's docstring).

    ``offer`` is the stage of the upcard offer (0: the non-dealer's choice, 1:
    the dealer's, 2: both passed and the non-dealer draws from the stock, 3:
    over), public to both seats (``view.extra["upcard_offer"]``)."""

    variant = "classic-gin"
    options: ClassicOptions
    #: The options a round dealt without any uses.
    options_model: type[ClassicOptions] = ClassicOptions
    offer: int = NON_DEALER_OFFER
    seat_to_act: int  # GinRound's: the seat to act

    @classmethod
    def deal(
        cls,
        options: GinOptions | None,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> GinRound:
        """GinRound.deal, with the form's default options when ``options`` is None."""
        options = options if options is not None else cls.options_model()
        return super().deal(options, n_seats, round_index, rng, variant=variant, match=match)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str | Iterable[int]],
        discard: str | Iterable[int] | int,
        stock: str | Iterable[int] | None = None,
        options: GinOptions | None = None,
        round_index: int = 0,
        *,
        first: int | None = None,
        variant: str | None = None,
    ) -> GinRound:
        """GinRound.from_deal, with the form's default options when ``options``
        is None; ``first`` is the non-dealer (seat 0 by default)."""
        options = options if options is not None else cls.options_model()
        return super().from_deal(hands, discard, stock, options, round_index, first=first, variant=variant)

    # -- who deals ------------------------------------------------------------

    def first_seat(self) -> int:
        """The non-dealer: the seat that is not the match's dealer (seat 0
        when the round is dealt outside a match, seat 1 dealing)."""
        match = self.match
        if match is not None and match.dealer in (0, 1):
            return 1 - match.dealer
        return 0

    def dealer_seat(self) -> int:
        """The seat that dealt this hand (the one that did not play first)."""
        return 1 - self.first

    # -- the upcard offer -------------------------------------------------------

    def extra_actions(self) -> tuple[Action, ...]:
        if self.result is None and self.offer < BOTH_PASSED and self.phase == "draw":
            return (PASS_ACTION,)
        return ()

    def allows(self, action: Action) -> bool:
        # During the offer the only choices are the upcard or pass.
        return not (self.offer < BOTH_PASSED and action.kind == DRAW_STOCK)

    def pile_open(self) -> bool:
        # When both passed, the non-dealer's first draw is from the stock.
        return self.offer != BOTH_PASSED and bool(self.discard)

    def apply_extra(self, action: Action) -> Event:
        seat = self.seat_to_act
        self.offer += 1
        self.seat_to_act = 1 - seat
        return Event(seat, action)

    def perform(self, action: Action) -> Event:
        event = super().perform(action)
        if self.offer != OFFER_DONE and action.kind in (DRAW_STOCK, TAKE_DISCARD):
            self.offer = OFFER_DONE
        return event

    def why_illegal(self, action: Action) -> str | None:
        if self.result is None:
            if action.kind == PASS:
                if self.offer < BOTH_PASSED and self.phase == "draw":
                    return None
                return "pass is only for the upcard offer at the start of the hand"
            if action.kind == DRAW_STOCK and self.offer < BOTH_PASSED:
                who = "the non-dealer" if self.offer == NON_DEALER_OFFER else "the dealer"
                return f"first the upcard offer: {who} takes the upcard (take discard) or passes (pass)"
        return super().why_illegal(action)

    # -- the end of the stock ------------------------------------------------------

    def stock_exhausted(self) -> bool:
        """A plain discard that leaves two cards in the stock ends the hand."""
        return len(self.stock) <= STOCK_END

    def draw_result(self, turn_limit: bool = False) -> RoundResult:
        result = super().draw_result(turn_limit)
        if turn_limit:
            return result
        text = f"only {STOCK_END} cards are left in the stock and nobody knocked: the hand ends with no score"
        return dataclasses.replace(result, text=(text,))

    # -- what a seat sees ------------------------------------------------------------

    def view_extra(self) -> Mapping[str, Any]:
        """``dealer`` (this hand's), ``upcard_offer`` (``"non-dealer"``,
        ``"dealer"`` while that seat may take the upcard or pass,
        ``"declined"`` for the non-dealer's draw after both passed, ``None``
        once play is under way)."""
        stage = ("non-dealer", "dealer", "declined", None)[self.offer]
        return {"dealer": self.dealer_seat(), "upcard_offer": stage}


def oklahoma_terms(upcard: int, options: OklahomaOptions) -> tuple[int, int]:
    """``(knock limit, score factor)`` that the first upcard sets: its points
    (J Q K 10) capped by ``knock_limit``, 0 (gin only) for an ace with
    ``ace_gin_only``; the factor 2 for a spade with ``spade_doubles``."""
    gin_only = rank_of(upcard) == ACE and options.ace_gin_only
    limit = 0 if gin_only else min(points(upcard), options.knock_limit)
    factor = 2 if options.spade_doubles and suit_of(upcard) == SPADES else 1
    return limit, factor


class OklahomaRound(ClassicRound):
    """A hand of Oklahoma Gin: the first upcard sets the knock limit and the
    score factor (Gin scales the whole settlement, bonuses included)."""

    variant = "oklahoma-gin"
    options: OklahomaOptions
    options_model = OklahomaOptions

    def knock_limit(self) -> int:
        if self.first_upcard is None:  # a test deal with no discard pile
            return super().knock_limit()
        return oklahoma_terms(self.first_upcard, self.options)[0]

    def score_multiplier(self) -> int:
        if self.first_upcard is None:
            return super().score_multiplier()
        return oklahoma_terms(self.first_upcard, self.options)[1]

    def view_extra(self) -> Mapping[str, Any]:
        """ClassicRound's, and ``score_factor`` (2 when a spade upcard doubles the hand)."""
        return {**super().view_extra(), "score_factor": self.score_multiplier()}
