"""What a seat has seen of every seat's dealings with the discard pile, read from
its :class:`View` alone: the ground the bots of every variant build their memory
on (docs/rules.md §3 "What a player sees": a stock draw shows its card only to the
drawer, a pick from the pile and a discard show their card to all).

:func:`read_seen` undoes the view's history to find the pile as dealt, then
replays it forwards, so that each draw from the stock is known to have passed on
the upcard of that moment (unless the pile was closed: ``Event.pile_closed``)
and each pick to have taken it; a ``pass`` (:data:`PASS_KINDS`: declining the
pile's top when it is offered, as at the classic Gin upcard offer or Contract
Rummy's buying) passes on that card too. Cards are int bitmasks
(bit ``card``) unless said otherwise.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.engine.round import Event, View

__all__ = ["PASS_KINDS", "Seen", "SeenReader", "dealt_pile", "pile_taken", "read_seen"]

#: The action kinds that decline the pile's top card when it is offered (no
#: card moves): the seat passed on that card, as a draw from the stock does.
PASS_KINDS: frozenset[str] = frozenset({"pass"})


@dataclass(slots=True)
class Seen:
    """Per seat (lists indexed by seat):

    * ``took`` – every card it took from the pile this round;
    * ``held`` – those it still holds (always 0 for the viewing seat);
    * ``passed`` – upcards it passed on (it drew from the stock instead, while
      it might have taken them, or declined the one offered: a draw whose event
      has ``pile_closed`` passes on nothing);
    * ``last_pass`` – the upcard it passed on at its last draw or pass (None: it
      took the upcard, or the pile was empty or closed, or it has not drawn);
    * ``discards`` – the cards it put on the pile, in order (a list per seat);
    * ``last_discard_at`` – where its last discard stands in the history (-1: none);
    * ``turns`` – the draws it has made this round.
    """

    took: list[int]
    held: list[int]
    passed: list[int]
    last_pass: list[int | None]
    discards: list[list[int]]
    last_discard_at: list[int]
    turns: list[int]


def read_seen(
    view: View,
    pile_kinds: Collection[str] | None = ("discard",),
    dig_kinds: Collection[str] = (),
    pass_kinds: Collection[str] = PASS_KINDS,
) -> Seen:
    """Replay ``view.history``. ``pile_kinds``: the action kinds that put their
    (first) card on the discard pile; every other action with cards moves them from
    the hand to the table. ``None``: every action with cards other than a draw is a
    discard (Gin, where a knock and gin discard too). ``dig_kinds``: the kinds that
    take their card from anywhere in the pile, with every card above it (Rummy
    500's ``dig``); the digger took them all. ``pass_kinds``: the kinds that
    decline the pile's top card (:data:`PASS_KINDS`). (:class:`SeenReader`
    gives the same for a seat's later views, reading only their new events.)"""
    return SeenReader(pile_kinds, dig_kinds, pass_kinds).read(view)


class SeenReader:
    """:func:`read_seen` kept up to date through a round: each :meth:`read`
    replays only the events since the last (a bot keeps one, so a decision late
    in a round costs no more than an early one). A view whose history does not
    go on from the last event read (another round: events are never shared
    between rounds) is read from the start. The replay reads only what every
    seat sees, so any seat's view of the round may follow."""

    __slots__ = (
        "_count",
        "_last",
        "_pile",
        "_seen",
        "dig_kinds",
        "pass_kinds",
        "pile_kinds",
    )

    def __init__(
        self,
        pile_kinds: Collection[str] | None = ("discard",),
        dig_kinds: Collection[str] = (),
        pass_kinds: Collection[str] = PASS_KINDS,
    ) -> None:
        self.pile_kinds = None if pile_kinds is None else frozenset(pile_kinds)
        self.dig_kinds = frozenset(dig_kinds)
        self.pass_kinds = frozenset(pass_kinds)
        self._count = 0
        self._last: Event | None = None
        self._pile: list[int] = []
        self._seen: Seen | None = None

    def read(self, view: View) -> Seen:
        """What ``view``'s seat has seen (a new :class:`Seen`, the caller's own)."""
        history = view.history
        k = self._count
        seen = self._seen
        if (
            seen is None
            or k == 0
            or len(seen.took) != view.n_seats
            or len(history) < k
            or history[k - 1] is not self._last
        ):
            n = view.n_seats
            seen = self._seen = Seen(
                [0] * n, [0] * n, [0] * n, [None] * n, [[] for _ in range(n)], [-1] * n, [0] * n
            )
            self._pile = dealt_pile(view, self.pile_kinds, self.dig_kinds)
            k = self._count = 0
            self._last = None
        if k < len(history):
            self._replay(seen, history, k)
            self._count = len(history)
            self._last = history[-1]
            pile, shown = self._pile, view.discard_pile
            if k and (len(pile) != len(shown) or (pile and pile[-1] != shown[-1])):
                self._seen = None  # the pile moved with no event (a variant's reshuffle): read it all
                return self.read(view)
        held = list(seen.held)
        held[view.seat] = 0
        return Seen(
            list(seen.took),
            held,
            list(seen.passed),
            list(seen.last_pass),
            [list(d) for d in seen.discards],
            list(seen.last_discard_at),
            list(seen.turns),
        )

    def _replay(self, seen: Seen, history: tuple[Event, ...], start: int) -> None:
        """Read ``history[start:]`` into ``seen`` (and the pile)."""
        pile = self._pile
        pile_kinds, dig_kinds, pass_kinds = self.pile_kinds, self.dig_kinds, self.pass_kinds
        took, held, passed, last_pass = seen.took, seen.held, seen.passed, seen.last_pass
        discards, last_discard_at, turns = seen.discards, seen.last_discard_at, seen.turns
        for i in range(start, len(history)):
            e = history[i]
            kind = e.action.kind
            s = e.seat
            if kind == DRAW_STOCK:
                turns[s] += 1
                # A draw while the pile was closed (Event.pile_closed) passed on nothing.
                up = pile[-1] if pile and not e.pile_closed else None
                last_pass[s] = up
                if up is not None:
                    passed[s] |= 1 << up
            elif kind == TAKE_DISCARD or (kind in dig_kinds and e.action.cards):
                turns[s] += 1
                last_pass[s] = None
                for card in pile_taken(pile, e):
                    took[s] |= 1 << card
                    held[s] |= 1 << card
            elif kind in pass_kinds:
                up = pile[-1] if pile else None
                last_pass[s] = up
                if up is not None:
                    passed[s] |= 1 << up
            elif e.action.cards and (pile_kinds is None or kind in pile_kinds):
                card = e.action.cards[0]
                pile.append(card)
                discards[s].append(card)
                last_discard_at[s] = i
                held[s] &= ~(1 << card)
            else:  # melds, additions: the cards leave the hand for the table
                for c in e.action.cards:
                    held[s] &= ~(1 << c)


def dealt_pile(
    view: View, pile_kinds: Collection[str] | None = ("discard",), dig_kinds: Collection[str] = ()
) -> list[int]:
    """The discard pile as it was dealt this round, bottom first, read from
    ``view`` (``pile_kinds`` and ``dig_kinds`` as :func:`read_seen`'s)."""
    if dig_kinds and any(e.action.kind in dig_kinds for e in view.history):
        return _dealt_with_digs(view, pile_kinds, dig_kinds)
    return _dealt(view, pile_kinds)


def _dealt(view: View, pile_kinds: Collection[str] | None) -> list[int]:
    """The pile as dealt: the view's, with the picks undone (their card back on
    top) and the discards."""
    start = list(view.discard_pile)
    for e in reversed(view.history):
        kind = e.action.kind
        if kind == TAKE_DISCARD:
            if e.card is not None:
                start.append(e.card)
        elif e.action.cards and (pile_kinds is None or kind in pile_kinds) and start:
            start.pop()
    return start


def pile_taken(pile: list[int], event: Event) -> list[int]:
    """The cards a pick or a dig (``event``) takes from ``pile``, bottom first,
    removed from it: a pick takes the top card (the event's own when the pile
    is empty), a dig its card and every card above it (the whole pile when the
    card is not in it)."""
    if event.action.kind == TAKE_DISCARD:
        card = pile.pop() if pile else event.card
        return [] if card is None else [card]
    card = event.action.cards[0]
    at = _place(pile, card) if card in pile else 0
    taken = pile[at:]
    del pile[at:]
    return taken


def _place(pile: list[int], card: int) -> int:
    """Where ``card`` (which is there) lies in ``pile``, counted from the
    bottom; the highest place when it is there twice."""
    return len(pile) - 1 - pile[::-1].index(card)


def _dealt_with_digs(view: View, pile_kinds: Collection[str] | None, dig_kinds: Collection[str]) -> list[int]:
    """The pile as dealt, for a history with digs (which cannot be undone from
    the end: what lay above the card dug is not in the event). The dealt cards
    lie at the bottom; the pile is replayed forwards from ``k`` of them, unknown,
    for the smallest ``k`` that ends in the view's pile, and each is known by the
    pick or the dig that took it, or by where it still lies. (A dig of a dealt
    card is taken to be of the highest one left: exact for a pile dealt as one
    card.)"""
    final = list(view.discard_pile)
    # at most every card the view counts (more than 52 with a declared deck of copies or jokers)
    in_view = sum(view.hand_sizes) + view.stock_size + len(final) + sum(len(m.cards) for m in view.table)
    for k in range(max(DECK_SIZE, in_view) + 1):
        pile: list[int] = list(range(-k, 0))  # -k..-1: the dealt cards, bottom first
        known: dict[int, int] = {}
        for e in view.history:
            kind = e.action.kind
            if kind == TAKE_DISCARD:
                if not pile:  # a pick from an empty pile: not dealt as k cards
                    break
                top = pile.pop()
                if top < 0 and e.card is not None:
                    known[top] = e.card
            elif kind in dig_kinds and e.action.cards:
                card = e.action.cards[0]
                if card in pile:
                    at = _place(pile, card)
                else:  # a dealt card: the highest one left
                    at = max((i for i, c in enumerate(pile) if c < 0), default=-1)
                    if at < 0:  # none left: not dealt as k cards
                        break
                    known[pile[at]] = card
                del pile[at:]
            elif e.action.cards and (pile_kinds is None or kind in pile_kinds):
                pile.append(e.action.cards[0])
        else:
            if len(pile) != len(final) or any(c >= 0 and c != f for c, f in zip(pile, final, strict=True)):
                continue
            for c, f in zip(pile, final, strict=True):
                if c < 0:
                    known[c] = f
            return [known[c] for c in range(-k, 0) if c in known]
    return _dealt(view, pile_kinds)
