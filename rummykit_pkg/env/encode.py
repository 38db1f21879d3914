"""A seat's :class:`~rummykit.core.engine.round.View` as fixed-size arrays.

:class:`Encoder` turns a view into ``{"observation": float32[size],
"action_mask": int8[n]}`` for one variant and seat count. It reads the view and
nothing else, so the encoding holds exactly what the view holds: never another
hand or the stock's order. Seats are numbered from the observer: relative seat
0 is the observer, 1 the next seat in turn order, and so on.

The fields, in order (:attr:`Encoder.layout`; ``docs/env.md`` "Observations"),
``S`` the seat count and 52 one slot a card (``suit * 13 + rank``):

=============  =========  =======================================================
``hand``       52         1 for each card of the observer's hand
``table``      S × 52     1 for card c in a table meld of relative seat r (r × 52 + c)
``took``       (S-1) × 52 cards opponent r (1..S-1) took from the discard pile this round
``held``       (S-1) × 52 of those, the ones it still holds (not discarded or melded)
``passed``     (S-1) × 52 upcards opponent r passed on (it drew from the stock instead)
``discarded``  (S-1) × 52 cards opponent r put on the discard pile this round
``pile``       52         the discard pile with its order: (i+1)/52 for the card i
                          places above the bottom (0: not in the pile)
``top``        52         1 for the pile's top card
``meld``       52         for a card on the table, its meld's number / 17
``hand_sizes`` S          each relative seat's hand size / 52
``stock``      1          the stock's size / 52
``scores``     S          match totals before this round / the target (/ 100 if
                          the variant has no target), relative seats
``to_act``     S          1 for the relative seat to act (all 0 once the round is over)
``extra``      E          the view's ``extra`` entries that are numbers when a
                          round is dealt (sorted by key): their value, -1 when
                          not a number (``None``)
=============  =========  =======================================================

Under a match rule that may sit seats out, name a dealer or make teams
(:func:`seats_matter`: a plugin's own rule class, or teams), five fields of
the view's :class:`~rummykit.core.engine.context.MatchContext` follow, each
``S`` long, by relative seat: ``in_play`` (1 for a seat dealt into this
round), ``out`` (1 for a seat out of the match), ``dealer`` (1 for the
dealer), ``team`` (1 for the observer's partners and itself; all 0 without
teams) and ``team_scores`` (the total of the seat's team, or its own total
in no team, scaled as ``scores``). Under the built-in rules without teams
(Gin's, CardVerse's) they are left out: those shapes do not change.

A declared deck (copies, printed jokers) is counted instead: each card
field has :data:`COUNT_SLOTS` slots, one a card as a player names it (the 52,
then the printed jokers), and holds how many (never which copy); ``meld``
gives way to ``melds``, one field of counts a table meld (the codec's
``table_melds``), and ``wild`` (13: the deal's wild rank, when the codec has
``wild_rank``) follows, and ``seat_extra`` (the codec's ``seat_extras``, by
relative seat) after ``extra``; a :class:`CountTracker` keeps the
took/held/passed/discarded counts. A codec that chooses moves in parts adds
``chosen`` (its ``chosen_field``) after ``extra``. docs/env.md, "A declared
deck", has the table.

``took``/``held``/``passed``/``discarded`` are read from the view's history as
:func:`rummykit.core.bots.seen.read_seen` reads them, with the codec's
``pile_kinds``. A :class:`Tracker` keeps them up to date event by event (an
environment feeds it each new event instead of replaying the round).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from rummykit.core.bots.seen import dealt_pile, pile_taken
from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.cards.deck import BASE_CARDS, Deck
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.resample import deal_round
from rummykit.core.engine.round import View
from rummykit.core.play.match import MatchRule, first_context, match_rule
from rummykit.core.plugins.registry import VariantSpec

from .codec import MAX_TABLE_MELDS, ActionCodec, CodecError

__all__ = [
    "COUNT_SLOTS",
    "MATCH_FIELDS",
    "CountTracker",
    "Encoder",
    "Extension",
    "Tracker",
    "first_context",
    "next_parts",
    "seats_matter",
]

#: The fields of the match context, under a rule where seats matter (see the module).
MATCH_FIELDS = ("in_play", "out", "dealer", "team", "team_scores")
#: The slots of a card field for a declared deck: the 52 base cards, then one for the printed jokers.
COUNT_SLOTS = BASE_CARDS + 1
#: The wild rank field's size (a declared deck whose codec names a wild rank).
RANKS = 13


def _number(v: object) -> float:
    """An ``extra`` value as a number: bools 0/1, anything not a number -1."""
    return float(v) if isinstance(v, int | float) else -1.0


def seats_matter(rule: MatchRule) -> bool:
    """Whether a match under ``rule`` may seat fewer than every seat, name a
    dealer or play in teams: a rule of a plugin's own class, or one with teams.
    A built-in rule without teams (Gin's, CardVerse's) seats every seat in
    every round, and its observations carry no match fields (docs/env.md)."""
    return type(rule) is not MatchRule or bool(rule.teams)


class Tracker:
    """What one seat has seen of every seat's dealings with the discard pile
    this round (:func:`~rummykit.core.bots.seen.read_seen`'s replay, kept up to date):
    per absolute seat, bitmasks of the cards it ``took`` from the pile, still
    ``held`` of those, ``passed`` on and ``discarded``. :meth:`feed` reads the
    events of a later view of the same round that it has not read yet.
    ``pile_kinds`` and ``dig_kinds`` are the codec's (what puts a card on the
    pile, what takes a card from inside it with every card above)."""

    __slots__ = (
        "_at",
        "_pile_at",
        "count",
        "dig_kinds",
        "discarded",
        "held",
        "passed",
        "pile",
        "pile_kinds",
        "seat",
        "seen",
        "took",
    )

    def __init__(self, view: View, pile_kinds: Sequence[str], dig_kinds: Sequence[str] = ()) -> None:
        n = view.n_seats
        self.seat = view.seat
        # The observation's took/held/passed/discarded fields, kept up to date:
        # _at[f][s] is where field f of (absolute) seat s starts (-1: the tracker's own seat).
        self.seen = array("f", bytes(4 * (4 * (n - 1) + 1) * DECK_SIZE))
        self._pile_at = 4 * (n - 1) * DECK_SIZE  # then the pile field: (place from the bottom + 1) / 52
        self._at = [
            [-1 if s == self.seat else (f * (n - 1) + (s - self.seat) % n - 1) * DECK_SIZE for s in range(n)]
            for f in range(4)
        ]
        self.pile_kinds = frozenset(pile_kinds)
        self.dig_kinds = frozenset(dig_kinds)
        self.took = [0] * n
        self.held = [0] * n
        self.passed = [0] * n
        self.discarded = [0] * n
        self.count = 0
        pile = dealt_pile(view, self.pile_kinds, self.dig_kinds)
        self.pile = pile
        for i, c in enumerate(pile):
            self.seen[self._pile_at + c] = (i + 1) / DECK_SIZE
        self.feed(view)

    def resync(self, discard_pile: Sequence[int]) -> None:
        """Take the pile as the view shows it (a variant that moved pile cards
        with no event, such as a reshuffle into the stock)."""
        at = self._pile_at
        for c in self.pile:
            self.seen[at + c] = 0.0
        self.pile = list(discard_pile)
        for i, c in enumerate(self.pile):
            self.seen[at + c] = (i + 1) / DECK_SIZE

    def feed(self, view: View) -> None:
        """Read the events of ``view`` (of this round) not read yet."""
        history = view.history
        if len(history) <= self.count:
            return
        pile = self.pile
        pile_kinds = self.pile_kinds
        dig_kinds = self.dig_kinds
        seen = self.seen
        pile_at = self._pile_at
        took_at, held_at, passed_at, discarded_at = self._at
        for e in history[self.count :]:
            kind = e.action.kind
            s = e.seat
            if kind == DRAW_STOCK:
                if pile:
                    self.passed[s] |= 1 << pile[-1]
                    if passed_at[s] >= 0:
                        seen[passed_at[s] + pile[-1]] = 1.0
            elif kind == TAKE_DISCARD or (kind in dig_kinds and e.action.cards):
                for card in pile_taken(pile, e):
                    seen[pile_at + card] = 0.0
                    self.took[s] |= 1 << card
                    self.held[s] |= 1 << card
                    if took_at[s] >= 0:
                        seen[took_at[s] + card] = 1.0
                        seen[held_at[s] + card] = 1.0
            elif e.action.cards and kind in pile_kinds:
                card = e.action.cards[0]
                pile.append(card)
                seen[pile_at + card] = len(pile) / DECK_SIZE
                self.discarded[s] |= 1 << card
                self.held[s] &= ~(1 << card)
                if discarded_at[s] >= 0:
                    seen[discarded_at[s] + card] = 1.0
                    seen[held_at[s] + card] = 0.0
            else:
                for c in e.action.cards:
                    self.held[s] &= ~(1 << c)
                    if held_at[s] >= 0:
                        seen[held_at[s] + c] = 0.0
        self.count = len(history)


class CountTracker:
    """:class:`Tracker`'s fields for a declared deck (copies, printed jokers):
    per opponent, how many of each card (a base card, or a printed joker: one
    of :data:`COUNT_SLOTS` slots) it ``took`` from the discard pile, still
    ``held`` of those, ``passed`` on and ``discarded``, each count capped at
    the deck's copies of that card. It reads every card as a player sees it:
    which copy an event names never counts (a seat that took one 7H and laid
    down a 7H holds no 7H taken, whichever copy the engine moved), so the
    fields hold nothing a player could not tell."""

    __slots__ = (
        "_at",
        "caps",
        "count",
        "dig_kinds",
        "first_joker",
        "pile",
        "pile_kinds",
        "seat",
        "seen",
        "take_kinds",
    )

    def __init__(
        self,
        view: View,
        pile_kinds: Sequence[str],
        dig_kinds: Sequence[str],
        deck: Deck,
        take_kinds: Sequence[str] = (),
    ) -> None:
        n = view.n_seats
        self.seat = view.seat
        self.first_joker = deck.first_joker
        self.caps = [float(deck.copies)] * BASE_CARDS + [float(deck.jokers)]
        self.seen = array("f", bytes(4 * 4 * (n - 1) * COUNT_SLOTS))  # took, held, passed, discarded
        self._at = [
            [
                -1 if s == self.seat else (f * (n - 1) + (s - self.seat) % n - 1) * COUNT_SLOTS
                for s in range(n)
            ]
            for f in range(4)
        ]
        self.pile_kinds = frozenset(pile_kinds)
        self.dig_kinds = frozenset(dig_kinds)
        self.take_kinds = frozenset(take_kinds)
        self.count = 0
        #: The discard pile as slots, bottom first.
        self.pile = [self.slot(c) for c in self._dealt(view)]
        self.feed(view)

    def _dealt(self, view: View) -> list[int]:
        """The discard pile as dealt: :func:`~rummykit.core.bots.seen.dealt_pile`,
        with the ``take_kinds`` (a buy: the top card, out of turn) undone as picks."""
        if not self.take_kinds or any(e.action.kind in self.dig_kinds for e in view.history):
            return dealt_pile(view, self.pile_kinds, self.dig_kinds)
        start = list(view.discard_pile)
        for e in reversed(view.history):
            kind = e.action.kind
            if kind == TAKE_DISCARD or kind in self.take_kinds:
                if e.card is not None:
                    start.append(e.card)
            elif e.action.cards and kind in self.pile_kinds and start:
                start.pop()
        return start

    def slot(self, card: int) -> int:
        """The slot of ``card``: its base card, or :data:`BASE_CARDS` for a printed joker."""
        return BASE_CARDS if card >= self.first_joker else card % BASE_CARDS

    def resync(self, discard_pile: Sequence[int]) -> None:
        """Take the pile as the view shows it (see :meth:`Tracker.resync`)."""
        self.pile = [self.slot(c) for c in discard_pile]

    def _up(self, at: int, slot: int) -> None:
        if at >= 0 and self.seen[at + slot] < self.caps[slot]:
            self.seen[at + slot] += 1.0

    def _down(self, at: int, slot: int) -> None:
        if at >= 0 and self.seen[at + slot] > 0.0:
            self.seen[at + slot] -= 1.0

    def _taken(self, kind: str, card: int | None, cards: Sequence[int]) -> list[int]:
        """The slots a pick (the top card) or a dig (its card and every card
        above it; the whole pile when the card is not there) takes from the pile."""
        pile = self.pile
        if kind == TAKE_DISCARD or kind in self.take_kinds:
            if pile:
                return [pile.pop()]
            return [] if card is None else [self.slot(card)]
        slot = self.slot(cards[0])
        at = len(pile) - 1 - pile[::-1].index(slot) if slot in pile else 0
        taken = pile[at:]
        del pile[at:]
        return taken

    def feed(self, view: View) -> None:
        """Read the events of ``view`` (of this round) not read yet."""
        history = view.history
        if len(history) <= self.count:
            return
        took_at, held_at, passed_at, discarded_at = self._at
        for e in history[self.count :]:
            kind = e.action.kind
            s = e.seat
            cards = e.action.cards
            if kind == DRAW_STOCK:
                if self.pile:
                    self._up(passed_at[s], self.pile[-1])
            elif kind == TAKE_DISCARD or kind in self.take_kinds or (kind in self.dig_kinds and cards):
                for slot in self._taken(kind, e.card, cards):
                    self._up(took_at[s], slot)
                    self._up(held_at[s], slot)
            elif cards and kind in self.pile_kinds:
                slot = self.slot(cards[0])
                self.pile.append(slot)
                self._up(discarded_at[s], slot)
                self._down(held_at[s], slot)
            else:
                for c in cards:
                    self._down(held_at[s], self.slot(c))
        self.count = len(history)


def next_parts(parts: Sequence[tuple[int, ...]], chosen: tuple[int, ...]) -> list[int]:
    """For each legal action's ``parts``, the index of its part after
    ``chosen`` when its parts start with ``chosen`` (and go on), else -1."""
    k = len(chosen)
    return [p[k] if len(p) > k and p[:k] == chosen else -1 for p in parts]


class Extension:
    """An :class:`Encoder`'s settings beyond the one 52-card deck: the
    variant's declared deck and what its codec says of it (``table_melds``,
    ``wild_rank``, ``card_extras``, ``seat_extras``), and the codec's moves in
    parts (``encode_parts``, ``chosen_field``). Kept apart from the Encoder,
    whose 52-card path reads its own attributes at every step."""

    def __init__(self, spec: VariantSpec[Any], n_seats: int, options: Any, codec: ActionCodec) -> None:
        self.deck = deck = spec.deck_for(options, n_seats)
        #: Whether cards are counted (a declared deck: copies or printed jokers) rather than one slot each.
        self.counted = counted = not deck.standard
        self.deck_size = deck.size
        #: The table melds given a field each (a declared deck): the codec's ``table_melds``.
        self.table_melds = int(getattr(codec, "table_melds", MAX_TABLE_MELDS)) if counted else 0
        wild_rank = getattr(codec, "wild_rank", None) if counted else None
        self.wild_rank: Callable[[View], Any] | None = wild_rank if callable(wild_rank) else None
        self.wild_at = -1  # where the wild field starts (set by the Encoder)
        self.card_extras: frozenset[str] = (
            frozenset(getattr(codec, "card_extras", ())) if counted else frozenset()
        )
        #: ``extra`` keys holding a value per seat.
        self.seat_extras: tuple[str, ...] = tuple(getattr(codec, "seat_extras", ())) if counted else ()
        encode_parts = getattr(codec, "encode_parts", None)
        #: The codec's ``encode_parts``, when some moves are chosen in several steps.
        self.encode_parts: Callable[[Sequence[Any]], list[tuple[int, ...]]] | None = (
            encode_parts if callable(encode_parts) else None
        )
        self.parts = self.encode_parts is not None
        chosen_field = getattr(codec, "chosen_field", None)
        self.chosen_field: Callable[[Sequence[int]], Sequence[float]] | None = (
            chosen_field if self.parts and callable(chosen_field) else None
        )
        self.chosen_size = int(getattr(codec, "chosen_size", 0)) if self.chosen_field is not None else 0


class Encoder:
    """The observation and action mask of ``spec`` with ``n_seats`` seats
    (see the module). ``options`` are the variant's (the target scales the
    scores; the ``extra`` keys are those of a round dealt with them)."""

    def __init__(self, spec: VariantSpec[Any], n_seats: int, options: Any, codec: ActionCodec) -> None:
        self.spec = spec
        self.n_seats = n = n_seats
        #: What the encoding needs beyond the 52-card deck (one attribute: few on
        #: the Encoder keep the 52-card path's attribute reads fast).
        self.ext = ext = Extension(spec, n_seats, options, codec)
        deck = ext.deck
        self.codec = codec
        self.n_actions = codec.n
        # The codec's encode_all, or a method of this Encoder (a lambda would not pickle).
        self._encode_all: Callable[[Sequence[Any]], list[int]] = getattr(
            codec, "encode_all", self._encode_each
        )
        target = getattr(options, "target", None)
        self.score_scale = 1.0 / float(target if isinstance(target, int | float) and target > 0 else 100)
        #: Whether the observation carries the match fields (:data:`MATCH_FIELDS`).
        self.seated = seats_matter(match_rule(spec, options))
        rng = random.Random(0)
        context = first_context(spec, options, n, rng) if self.seated else None
        probe = deal_round(spec, options, n, 0, rng, context).view(0)
        self.extra_keys = tuple(
            sorted(
                k
                for k, v in probe.extra.items()
                if v is None or (isinstance(v, int | float) and not isinstance(v, str))
            )
        )
        card = COUNT_SLOTS if ext.counted else DECK_SIZE
        fields = [
            ("hand", card),
            ("table", n * card),
            ("took", (n - 1) * card),
            ("held", (n - 1) * card),
            ("passed", (n - 1) * card),
            ("discarded", (n - 1) * card),
            ("pile", card),
            ("top", card),
        ]
        if ext.counted:
            fields.append(("melds", ext.table_melds * card))
            if ext.wild_rank is not None:
                fields.append(("wild", RANKS))
        else:
            fields.append(("meld", DECK_SIZE))
        fields += [
            ("hand_sizes", n),
            ("stock", 1),
            ("scores", n),
            ("to_act", n),
            ("extra", len(self.extra_keys)),
        ]
        if ext.seat_extras:
            fields.append(("seat_extra", len(ext.seat_extras) * n))
        if ext.chosen_field is not None:
            fields.append(("chosen", ext.chosen_size))
        if self.seated:
            fields += [(name, n) for name in MATCH_FIELDS]
        self.layout: dict[str, tuple[int, int]] = {}
        at = 0
        for name, size in fields:
            self.layout[name] = (at, size)
            at += size
        self.size = at
        self.bits = self.layout["pile"][0]  # the 0/1 fields come first
        self.low = np.zeros(self.size, np.float32)
        self.high = np.ones(self.size, np.float32)
        for name in ("scores", "extra", "seat_extra", "team_scores"):
            if name not in self.layout:
                continue
            start, size = self.layout[name]
            self.low[start : start + size] = -np.inf
            self.high[start : start + size] = np.inf
        if ext.counted:  # counts: up to the deck's copies of a card (its jokers in the joker slot)
            caps = np.array([deck.copies] * BASE_CARDS + [deck.jokers], np.float32)
            for name in ("hand", "table", "took", "held", "passed", "discarded", "pile", "melds"):
                start, size = self.layout[name]
                self.high[start : start + size] = np.tile(caps, size // COUNT_SLOTS)
        self._pile_at = self.layout["pile"][0]
        self._meld_at = self.layout["melds" if ext.counted else "meld"][0]
        ext.wild_at = self.layout["wild"][0] if "wild" in self.layout else -1
        if "chosen" in self.layout:  # counts of cards, as the card fields
            start, size = self.layout["chosen"]
            self.high[start : start + size] = np.inf
        self._sizes_at = self.layout["hand_sizes"][0]
        self._stock_at = self.layout["stock"][0]
        self._scores_at = self.layout["scores"][0]
        self._to_act_at = self.layout["to_act"][0]
        self._extra_at = self.layout["extra"][0]
        self._nbytes = (self.bits + 7) // 8
        self._template = array("f", bytes(4 * self.size))
        self._took_at = self.layout["took"][0]
        self._seen_size = 4 * (n - 1) * COUNT_SLOTS if ext.counted else (4 * (n - 1) + 1) * DECK_SIZE
        self._top_at = self.layout["top"][0]
        self._seats = [[(me + r) % n for r in range(n)] for me in range(n)]  # by relative seat
        self._zeros = [0.0] * n
        # Where the match fields start (all 0 when there are none).
        at_of = [self.layout[f][0] if self.seated else 0 for f in MATCH_FIELDS]
        self._match_at: tuple[int, int, int, int, int] = (at_of[0], at_of[1], at_of[2], at_of[3], at_of[4])

    # -- what the Extension holds, by name ---------------------------------------------

    @property
    def deck(self) -> Deck:
        """The variant's deck for this seat count."""
        return self.ext.deck

    @property
    def counted(self) -> bool:
        """Whether cards are counted (a declared deck) rather than one slot each."""
        return self.ext.counted

    @property
    def parts(self) -> bool:
        """Whether the codec chooses some moves in parts (``encode_parts``)."""
        return self.ext.parts

    @property
    def table_melds(self) -> int:
        """The table melds a declared deck's observation gives a field each."""
        return self.ext.table_melds

    # -- observations ---------------------------------------------------------------

    def tracker(self, view: View) -> Tracker | CountTracker:
        """A tracker for ``view``'s seat, having read its history: a
        :class:`CountTracker` for a declared deck, else a :class:`Tracker`."""
        if self.ext.counted:
            return self._count_tracker(view)
        return Tracker(view, self.codec.pile_kinds, getattr(self.codec, "dig_kinds", ()))

    def _count_tracker(self, view: View) -> CountTracker:
        """A :class:`CountTracker` for ``view``'s seat, with the codec's kinds."""
        codec = self.codec
        return CountTracker(
            view,
            codec.pile_kinds,
            getattr(codec, "dig_kinds", ()),
            self.ext.deck,
            getattr(codec, "take_kinds", ()),
        )

    def observation(
        self, view: View, tracker: Tracker | CountTracker | None = None
    ) -> npt.NDArray[np.float32]:
        """The ``observation`` array of ``view`` (``tracker``: one for this seat
        and round, fed here; ``None``: the history is read from the start)."""
        if self.ext.counted:
            return self._counted(view, tracker)
        if not isinstance(tracker, Tracker):
            tracker = Tracker(view, self.codec.pile_kinds, getattr(self.codec, "dig_kinds", ()))
        else:
            tracker.feed(view)
        n = self.n_seats
        me = view.seat
        # Filled item by item in a plain array (far cheaper than numpy's
        # per-item calls at this size), then shared with numpy without a copy.
        obs = self._template[:]
        for c in view.hand:
            obs[c] = 1.0
        table = view.table
        if table:
            at = self._meld_at
            for meld in table:
                base = DECK_SIZE * (1 + (meld.owner - me) % n)
                value = meld.number / MAX_TABLE_MELDS
                for c in meld.cards:
                    obs[base + c] = 1.0
                    obs[at + c] = value
        if len(tracker.pile) != len(view.discard_pile) or tracker.pile != list(view.discard_pile):
            tracker.resync(view.discard_pile)
        at = self._took_at
        obs[at : at + self._seen_size] = tracker.seen  # took, held, passed, discarded, pile
        pile = view.discard_pile
        if pile:
            obs[self._top_at + pile[-1]] = 1.0
        self._public(obs, view, me)
        return np.frombuffer(obs, np.float32)

    def _counted(self, view: View, tracker: Tracker | CountTracker | None) -> npt.NDArray[np.float32]:
        """:meth:`observation` for a declared deck: a count per card as a player
        names it (base card, or printed joker), never a copy's identity."""
        if not isinstance(tracker, CountTracker):
            tracker = self._count_tracker(view)
        else:
            tracker.feed(view)
        n = self.n_seats
        me = view.seat
        ext = self.ext
        first_joker = ext.deck.first_joker
        obs = self._template[:]
        for c in view.hand:
            obs[BASE_CARDS if c >= first_joker else c % BASE_CARDS] += 1.0
        table = view.table
        if table:
            melds_at = self._meld_at
            kept = ext.table_melds
            for meld in table:
                base = COUNT_SLOTS * (1 + (meld.owner - me) % n)
                own = melds_at + (meld.number - 1) * COUNT_SLOTS if 1 <= meld.number <= kept else -1
                for c in meld.cards:
                    slot = BASE_CARDS if c >= first_joker else c % BASE_CARDS
                    obs[base + slot] += 1.0
                    if own >= 0:
                        obs[own + slot] += 1.0
        slots = [BASE_CARDS if c >= first_joker else c % BASE_CARDS for c in view.discard_pile]
        if tracker.pile != slots:
            tracker.pile = slots
        at = self._took_at
        obs[at : at + self._seen_size] = tracker.seen  # took, held, passed, discarded
        at = self._pile_at
        for slot in slots:
            obs[at + slot] += 1.0
        if slots:
            obs[self._top_at + slots[-1]] = 1.0
        wild_rank = ext.wild_rank
        if wild_rank is not None:
            rank = wild_rank(view)
            if isinstance(rank, int) and 0 <= rank < RANKS:
                obs[ext.wild_at + rank] = 1.0
        self._public(obs, view, me)
        return np.frombuffer(obs, np.float32)

    def _public(self, obs: array[float], view: View, me: int) -> None:
        """The fields after the cards: hand sizes, the stock, the scores, the
        seat to act, ``extra``, ``seat_extra`` (a declared deck's) and the match
        fields."""
        n = self.n_seats
        ext = self.ext
        seats = self._seats[me]
        at = self._sizes_at
        sizes = view.hand_sizes
        for r, s in enumerate(seats):
            obs[at + r] = sizes[s] / ext.deck_size
        obs[self._stock_at] = view.stock_size / ext.deck_size
        scores = view.scores
        if scores:
            at = self._scores_at
            scale = self.score_scale
            for r, s in enumerate(seats):
                obs[at + r] = scores[s] * scale
        if view.to_act is not None:
            obs[self._to_act_at + (view.to_act - me) % n] = 1.0
        if self.extra_keys:
            extra = view.extra
            at = self._extra_at
            cards = ext.card_extras  # a card as a player names it
            for i, key in enumerate(self.extra_keys):
                v = extra.get(key, -1.0)
                if cards and key in cards and v.__class__ is int:
                    v = BASE_CARDS if v >= ext.deck.first_joker else v % BASE_CARDS
                obs[at + i] = v if v.__class__ is int or v.__class__ is float else _number(v)
        if ext.seat_extras:
            self._seat_extras(obs, view.extra, seats)
        if self.seated and view.match is not None:
            self._match_fields(obs, view.match, seats)

    def _seat_extras(self, obs: array[float], extra: Any, seats: Sequence[int]) -> None:
        """The ``seat_extra`` field: each of the codec's ``seat_extras`` by
        relative seat (booleans 0/1; -1 for a value that is not a number)."""
        n = self.n_seats
        at = self.layout["seat_extra"][0]
        for key in self.ext.seat_extras:
            values = extra.get(key, ())
            if isinstance(values, tuple | list) and len(values) == n:
                for r, s in enumerate(seats):
                    obs[at + r] = _number(values[s])
            else:
                for r in range(n):
                    obs[at + r] = -1.0
            at += n

    def _match_fields(self, obs: array[float], context: MatchContext, seats: Sequence[int]) -> None:
        """The match fields (:data:`MATCH_FIELDS`) of ``context``, by relative seat."""
        n = self.n_seats
        in_play_at, out_at, dealer_at, team_at, team_scores_at = self._match_at
        me = seats[0]
        mine = context.team_of(me)
        totals = context.totals
        scale = self.score_scale
        for r, s in enumerate(seats):
            if s in context.seats:
                obs[in_play_at + r] = 1.0
            if s in context.out:
                obs[out_at + r] = 1.0
            if s == context.dealer:
                obs[dealer_at + r] = 1.0
            team = context.team_of(s)
            if team is not None and team == mine:
                obs[team_at + r] = 1.0
            members = context.teams[team] if team is not None else (s,)
            if len(totals) == n:
                obs[team_scores_at + r] = sum(totals[m] for m in members) * scale

    def mask(self, view: View, chosen: tuple[int, ...] = ()) -> npt.NDArray[np.int8]:
        """The ``action_mask``: 1 at the index of every legal action of ``view``
        (with a codec that chooses some moves in parts: at the next part of
        every legal action whose parts start with ``chosen``)."""
        if self.ext.parts:
            legal = view.legal
            indices = next_parts(self.part_indices(legal), chosen) if legal else []
            packed = self.packed_mask([i for i in indices if i >= 0])
        else:
            packed = self.packed_mask(self.indices(view.legal) if view.legal else ())
        return np.frombuffer(bytearray(packed), np.int8)

    def part_indices(self, legal: Sequence[Any]) -> list[tuple[int, ...]]:
        """The parts (indices) that choose each of ``legal``, from the codec's
        ``encode_parts``: each within ``0 .. n_actions - 1``, no two alike and
        none the start of another's (or a :class:`CodecError` naming the variant)."""
        encode_parts = self.ext.encode_parts
        if encode_parts is None:
            return [(i,) for i in self.indices(legal)]
        name = self.spec.name
        try:
            out = [tuple(p) for p in encode_parts(legal)]
        except CodecError as e:
            raise CodecError(str(e) if name in str(e) else f"variant {name}: {e}") from None
        if len(out) != len(legal) or not all(out):
            raise CodecError(f"variant {name}: the codec's encode_parts gives no parts for a legal action")
        if not all(0 <= i < self.n_actions for p in out for i in p):
            raise CodecError(f"variant {name}: an action index outside 0..{self.n_actions - 1}")
        whole = set(out)
        if len(whole) != len(out):
            raise CodecError(f"variant {name}: two legal actions share an action index")
        if any(p[:k] in whole for p in out for k in range(1, len(p))):
            raise CodecError(f"variant {name}: a legal action's parts start another's")
        return out

    def add_chosen(self, obs: npt.NDArray[np.float32], chosen: Sequence[int]) -> None:
        """Write the ``chosen`` field of ``obs``: the codec's account of the
        parts chosen so far of a move in parts."""
        field = self.ext.chosen_field
        if field is not None and chosen:
            start, size = self.layout["chosen"]
            obs[start : start + size] = np.asarray(field(chosen), np.float32)[:size]

    def packed_mask(self, indices: Sequence[int]) -> bytes:
        """The action mask of ``indices`` (from :meth:`indices`) as bytes."""
        mask = bytearray(self.n_actions)
        for i in indices:
            mask[i] = 1
        return bytes(mask)

    def _encode_each(self, actions: Sequence[Any]) -> list[int]:
        """``encode_all`` for a codec without one."""
        encode = self.codec.encode
        return [encode(a) for a in actions]

    def indices(self, legal: Sequence[Any]) -> list[int]:
        """The indices of ``legal`` (distinct and within ``0 .. n_actions - 1``,
        or a :class:`CodecError` naming the variant)."""
        try:
            out = self._encode_all(legal)
        except CodecError as e:
            name = self.spec.name
            raise CodecError(str(e) if name in str(e) else f"variant {name}: {e}") from None
        if out and not (min(out) >= 0 and max(out) < self.n_actions):
            raise CodecError(f"variant {self.spec.name}: an action index outside 0..{self.n_actions - 1}")
        if len(set(out)) != len(out):
            raise CodecError(f"variant {self.spec.name}: two legal actions share an action index")
        return out

    def encode(
        self, view: View, tracker: Tracker | CountTracker | None = None, chosen: tuple[int, ...] = ()
    ) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": ..., "action_mask": ...}`` of ``view`` (``chosen``:
        the parts chosen so far of a move in parts)."""
        obs = self.observation(view, tracker)
        self.add_chosen(obs, chosen)
        return {"observation": obs, "action_mask": self.mask(view, chosen)}
