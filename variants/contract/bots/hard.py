"""``ai:hard``'s own rules: the exact layout to go down with, what the next
player is likely to take, and the discards of a hand already down.

Everything is read from the seat's view: its hand, the table, the pile and the
history as the seat saw it (who took, bought, passed on and threw which card).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

from ..cards import SET_SIZE, fits, penalty, rank, shape_of, suit
from ..contract import arrange
from ..round import ADD, BUY, DISCARD, DOWN
from .common import card_worth, copies, deficiency, is_joker, left_after_adds, outs


def exact_down(view: View, legal: Sequence[Action]) -> Action | None:
    """The ``down`` move of the layout that, with every card it then lets the
    hand add to its own new melds, leaves the fewest penalty points
    (:func:`~rummykit.variants.contract.contract.arrange`); None when the hand
    cannot go down."""
    downs = [a for a in legal if a.kind == DOWN]
    if len(downs) <= 1:
        return downs[0] if downs else None
    n = copies(view)
    deal = int(view.extra.get("deal", 1))
    sets = int(view.extra.get("contract_sets", 0))
    best = arrange(list(view.hand), n, deal)
    if best is None:
        return downs[0]
    laid: list[int] = []
    for i, meld in enumerate(best[0]):
        laid += meld[: SET_SIZE if i < sets else SET_SIZE + 1]
    want = _names(laid, n)
    return next((a for a in downs if _names(a.cards, n) == want), downs[0])


def best_add(view: View, legal: Sequence[Action]) -> Action | None:
    """The addition after which the cards left in hand, each added where it
    then fits, leave the fewest penalty points (a natural before a joker among
    equals): a card that fits two melds goes where it keeps room for the rest."""
    adds = [a for a in legal if a.kind == ADD]
    if len(adds) <= 1:
        return adds[0] if adds else None
    n = copies(view)
    shapes = [shape_of(m.cards, n) for m in view.table]

    def key(a: Action) -> tuple[int, bool, int]:
        card = a.cards[0]
        assert a.target is not None
        after = list(shapes)
        grown = after[a.target - 1]
        after[a.target - 1] = fits(grown, card, n) if grown is not None else None
        rest = list(view.hand)
        rest.remove(card)
        return (
            left_after_adds(rest, [s for s in after if s is not None], n),
            is_joker(card, n),
            -penalty(card, n),
        )

    return min(adds, key=key)


def _names(cards: Sequence[int], n: int) -> tuple[int, ...]:
    return tuple(sorted(-1 if is_joker(c, n) else c % 52 for c in cards))


@dataclass
class Reading:
    """What the history says of one player: the cards it took from the pile
    or bought (and may still hold), and the cards it threw or passed on."""

    took: set[int] = field(default_factory=set)  # base cards
    shed: set[int] = field(default_factory=set)  # base cards thrown or passed on


def read_player(view: View, seat: int) -> Reading:
    """Walk the deal's history: the cards ``seat`` took or bought, and those it
    discarded or passed on (drew from the stock with them on the pile)."""
    n = copies(view)
    out = Reading()
    pile: list[int] = []
    for e in view.history:
        kind = e.action.kind
        if kind == DISCARD:
            pile.append(e.action.cards[0])
            if e.seat == seat and not is_joker(e.action.cards[0], n):
                out.shed.add(e.action.cards[0] % 52)
        elif kind in (TAKE_DISCARD, BUY):
            if pile:
                pile.pop()
            if e.seat == seat and e.card is not None and not is_joker(e.card, n):
                out.took.add(e.card % 52)
        elif kind == DRAW_STOCK and e.seat == seat and pile and not e.pile_closed:
            top = pile[-1]
            if not is_joker(top, n):
                out.shed.add(top % 52)
    return out


def next_seat(view: View) -> int:
    seats = view.match.seats if view.match is not None else tuple(range(view.n_seats))
    i = seats.index(view.seat) if view.seat in seats else 0
    return seats[(i + 1) % len(seats)]


def feeds(card: int, reading: Reading, view: View) -> int:
    """How likely the next player takes ``card`` from the pile: 2 when it is of
    a rank it took (a set contract) or of a suit and near a card it took (a run
    contract), 0 when it threw or passed on this card already, else 1."""
    b = card % 52
    sets = int(view.extra.get("contract_sets", 0))
    runs = int(view.extra.get("contract_runs", 0))
    r, s = rank(card), suit(card)
    for t in reading.took:
        if sets and t % 13 == r:
            return 2
        if runs and t // 13 == s and t != b and _near(t % 13, r):
            return 2
    return 0 if b in reading.shed else 1


def _near(a: int, b: int) -> bool:
    pa = (0, 13) if a == 0 else (a,)
    pb = (0, 13) if b == 0 else (b,)
    return any(abs(x - y) <= 2 for x in pa for y in pb)


def hard_discard(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """The discard: a hand not down keeps itself nearest its contract (the
    fewest cards missing), then throws a card the next player is not seen to
    want, then the card of least use, the most penalty points among equals
    (while another player is down: the most penalty points before the use);
    among the two or three best, the one leaving more kinds of card that would
    help. A hand down throws first the cards no meld may take after one more
    card is added to it, the most penalty points first."""
    discards = [a for a in legal if a.kind == DISCARD]
    n = copies(view)
    hand = list(view.hand)
    downs = view.extra.get("down_counts", (0,) * view.n_seats)
    down = bool(downs[view.seat])
    reading = read_player(view, next_seat(view))
    shapes = [s for m in view.table if (s := shape_of(m.cards, n)) is not None]
    if down:

        def down_key(a: Action) -> tuple[int, int, int, float]:
            c = a.cards[0]
            if is_joker(c, n):
                return (9, 0, 0, 0.0)
            return (_live(c, shapes, n), -penalty(c, n), feeds(c, reading, view), rng.random())

        return min(discards, key=down_key)
    danger = any(d for s, d in enumerate(downs) if s != view.seat)
    sizes = view.hand_sizes
    # An opponent down to two cards may go out at its next turn: points first.
    close = any(d and sizes[s] <= 2 for s, d in enumerate(downs) if s != view.seat)
    cache: dict[int, int] = {}

    def key(a: Action) -> tuple[float, ...]:
        c = a.cards[0]
        if is_joker(c, n):
            return (1000.0,)
        b = c % 52
        if b not in cache:
            rest = list(hand)
            rest.remove(c)
            cache[b] = deficiency(rest, view)
        guard = feeds(c, reading, view) + (2 if any(fits(s, c, n) is not None for s in shapes) else 0)
        if close:
            return (-float(penalty(c, n)), float(cache[b]), float(guard), rng.random())
        if danger:
            return (float(cache[b]), -float(penalty(c, n)), float(guard), rng.random())
        return (float(cache[b]), card_worth(c, hand, view), float(guard), -float(penalty(c, n)), rng.random())

    ranked = sorted(discards, key=key)
    first = key(ranked[0])[0]
    tied = [a for a in ranked[:4] if key(a)[0] == first]
    if len(tied) < 2:
        return ranked[0]

    def left_outs(a: Action) -> int:
        rest = list(hand)
        rest.remove(a.cards[0])
        return outs(rest, view)

    return max(tied, key=lambda a: (left_outs(a), -tied.index(a)))


def _live(card: int, shapes: Sequence, n: int) -> int:
    """0 when no meld on the table could take ``card`` even after one more
    card, 1 when one could (a run of its suit ending two places from it)."""
    for sh in shapes:
        if sh.kind != "run" or sh.suit != suit(card):
            continue
        for p in (0, 13) if rank(card) == 0 else (rank(card),):
            if p == sh.hi + 2 or p == sh.lo - 2:
                return 1
    return 0
