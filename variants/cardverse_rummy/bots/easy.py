"""CardVerse Rummy's ``ai:easy``. It decides from its View alone.

``ai:easy`` (docs/rules.md §2 "Computer players"): lays down every meld and
addition it can at once, and discards its highest-value unmelded card. It takes
the discard pile's top card when that card completes a meld with its hand,
otherwise it draws from the stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from rummykit.core.bots.agents import BaseAgent
from rummykit.core.cards.card import points, rank_sort_key, to_mask
from rummykit.core.cards.extensions import ExtensionResult, best_extensions
from rummykit.core.cards.solver import MeldSolver, get_solver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

from ..table import extensions, has_meld
from .common import completes, next_step

if TYPE_CHECKING:
    from ..options import CardVerseOptions


def completes_meld(hand: int, card: int) -> bool:
    """Whether ``card`` forms a meld (ace-high run or set) with cards of ``hand``."""
    return completes(hand, card)


def shed_key(card: int, ace_points: int = 1) -> tuple[int, tuple[int, int]]:
    """``ai:easy``'s shedding order: the card worth the most points sheds first (then
    the higher rank, ace high, then suit)."""
    return (points(card, ace_points), rank_sort_key(card, True))


@cache
def _shed_rank(ace_points: int) -> tuple[int, ...]:
    """Each card's place in :func:`shed_key`'s order (0 first shed last)."""
    order = sorted(range(52), key=lambda c: shed_key(c, ace_points))
    rank = [0] * 52
    for i, c in enumerate(order):
        rank[c] = i
    return tuple(rank)


def shed_first(discards: Sequence[Action], ace_points: int = 1) -> Action:
    """The discard of the card that sheds first (:func:`shed_key`: the most
    points...); ``discards`` are moves naming one card each, not none."""
    rank = _shed_rank(ace_points)
    best, top = discards[0], -1
    for a in discards:
        r = rank[a.cards[0]]
        if r > top:
            best, top = a, r
    return best


def reach(meld: int) -> int:
    """Cards that could ever go onto table meld ``meld`` by additions (for a run any
    card of its suit, since additions chain; for a set its missing card)."""
    ext = extensions(meld)
    if not ext:
        return 0
    low = meld & -meld
    suit_mask = 0x1FFF << 13 * ((low.bit_length() - 1) // 13)
    if not meld & ~suit_mask:  # all of one suit: a run
        return suit_mask & ~meld
    return ext


#: A table meld's cards (as views show them) -> (its mask, the cards that fit
#: it now): a few hundred melds exist, each met again and again.
_TABLE_MELD: dict[tuple[int, ...], tuple[int, int]] = {}


def _table_meld(cards: tuple[int, ...]) -> tuple[int, int]:
    known = _TABLE_MELD.get(cards)
    if known is None:
        mask = to_mask(cards)
        known = _TABLE_MELD[cards] = (mask, extensions(mask))
    return known


#: best_extensions' answers, by (hand, table melds, solver): the play-outs of a
#: decision meet the same hands and tables again and again. Emptied when full.
_EXTENDED: dict[tuple[int, tuple[int, ...], MeldSolver], ExtensionResult] = {}
_EXTENDED_MAX = 10_000


def _best_extensions(hand: int, table: list[int], solver: MeldSolver) -> ExtensionResult:
    key = (hand, tuple(table), solver)
    res = _EXTENDED.get(key)
    if res is None:
        if len(_EXTENDED) >= _EXTENDED_MAX:
            _EXTENDED.clear()
        res = _EXTENDED[key] = best_extensions(hand, table, solver)
    return res


class EasyAgent(BaseAgent):
    """The ``ai:easy`` player for CardVerse (deterministic: it uses no randomness)."""

    reads_history = False  # (its views in a search's play-outs come without it)

    def __init__(self, seed: int = 0, ace_points: int = 1, discard_to_win: bool = False) -> None:
        self.seed = seed
        self.ace_points = ace_points
        self.discard_to_win = discard_to_win
        self.solver = get_solver(ace_high=True, ace_points=ace_points)

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return self._draw(view, legal)
        return self._play(view, legal)

    def _draw(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind = {a.kind: a for a in legal}
        top = view.discard_top
        if TAKE_DISCARD in by_kind and top is not None and completes_meld(to_mask(view.hand), top):
            return by_kind[TAKE_DISCARD]
        return by_kind.get(DRAW_STOCK) or legal[0]

    def plan(self, view: View) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], int | None]:
        """(melds to lay, additions (card, meld number) in a playable order, card
        kept back to discard or None), chosen to take the most points out of the hand."""
        hand = to_mask(view.hand)
        # Only table melds a card of this hand fits now matter: the cards added
        # to a meld start next to it (the fast path; best_extensions chooses
        # among the same additions in the same order without the others).
        table, numbers = [], []
        for m in view.table:
            mask, near = _table_meld(m.cards)
            if near & hand:
                table.append(mask)
                numbers.append(m.number)
        if not table and not has_meld(hand):  # nothing to lay down (most turns)
            return (), (), None
        res = _best_extensions(hand, table, self.solver)
        keep = None
        if self.discard_to_win and res.deadwood_cards == 0 and hand:
            # Everything could go down, but the last card must be discarded: keep
            # back the card whose absence costs least, preferring a high one.
            best: tuple[tuple[int, int, tuple[int, int]], int, ExtensionResult] | None = None
            for c in view.hand:
                r = _best_extensions(hand & ~(1 << c), table, self.solver)
                key = (r.deadwood, -points(c, self.ace_points), rank_sort_key(c, True))
                if best is None or key < best[0]:
                    best = (key, c, r)
            assert best is not None  # a hand that is not empty
            _, keep, res = best
        adds = tuple((card, numbers[i]) for card, i in res.added)
        return tuple(res.melds), adds, keep

    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        return self._play_plan(legal, self.plan(view))

    def _play_plan(
        self,
        legal: Sequence[Action],
        planned: tuple[tuple[int, ...], tuple[tuple[int, int], ...], int | None],
    ) -> Action:
        """The play of :meth:`plan`'s ``planned`` melds, additions and kept card."""
        melds, adds, keep = planned
        step = next_step(legal, melds, adds)
        if step is not None:
            return step
        discards = [a for a in legal if a.kind == "discard"]
        if keep is not None:
            for a in discards:
                if a.cards[0] == keep:
                    return a
        if not discards:  # offered only some of the moves (a house rule, a search's candidates)
            return legal[0]
        # The highest-value unmelded card; ties: the higher rank (ace high), then suit.
        return shed_first(discards, self.ace_points)

    def explain(self, view: View, action: Action) -> str:
        """Why this move, in one line (the terminal game's ``hint``)."""
        kind = action.kind
        if kind == TAKE_DISCARD:
            return "the top of the discard pile completes a meld with your hand"
        if kind == DRAW_STOCK:
            if view.stock_size == 0:
                return "the stock is empty: this ends the round (lowest hand value wins)"
            return "the discard pile's top card makes no meld with your hand"
        if kind == "meld":
            return "lay down every meld you can at once"
        if kind == "add":
            return f"it fits table meld {action.target}"
        return "your highest-value card that is in no meld"


class HoldingEasyAgent(EasyAgent):
    """``ai:easy`` that holds its melds and additions in hand while the round
    surely goes on past its next turn (the stock holds a card for each other
    seat, and with two seats the opponent holds 4 cards or more), as
    ``ai:hard``'s rules do; it lays everything down when that goes out or the
    round may end first, and on an empty stock takes the pile's top when that
    (laying everything down, then discarding) leaves its hand worth less.
    ``ai:hard`` plays its own seat so in its play-outs with more than two
    seats."""

    def _draw(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind = {a.kind: a for a in legal}
        top = view.discard_top
        take = by_kind.get(TAKE_DISCARD)
        if view.stock_size or take is None or top is None or DRAW_STOCK not in by_kind:
            return super()._draw(view, legal)
        hand = to_mask(view.hand)
        res = best_extensions(hand | 1 << top, [to_mask(m.cards) for m in view.table], self.solver)
        loose = [points(c, self.ace_points) for c in range(52) if res.deadwood_cards >> c & 1]
        after = res.deadwood - max(loose, default=0)
        before = sum(points(c, self.ace_points) for c in view.hand)
        return take if after < before else by_kind[DRAW_STOCK]

    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        planned = self.plan(view)
        melds, adds, keep = planned
        if not (melds or adds) or keep is not None:
            return self._play_plan(legal, planned)
        n = view.n_seats
        hand = to_mask(view.hand)
        held = 0
        for m in melds:
            held |= m
        for c, _ in adds:
            held |= 1 << c
        others = [s for s in range(n) if s != view.seat]
        hold = (
            (hand & ~held).bit_count() > 1
            and view.stock_size >= n - 1
            and (n > 2 or min(view.hand_sizes[s] for s in others) >= 4)
        )
        if not hold:
            return self._play_plan(legal, planned)
        discards = [a for a in legal if a.kind == "discard" and not held >> a.cards[0] & 1]
        if not discards:
            return self._play_plan(legal, planned)
        return shed_first(discards, self.ace_points)


def easy_factory(seat: int, seed: int, options: CardVerseOptions) -> EasyAgent:
    return EasyAgent(seed, ace_points=options.ace_points, discard_to_win=options.discard_to_win)
