"""The CardVerse Rummy round: deal, turns, going out, the empty stock, scoring.

A house-rule plugin subclasses :class:`CardVerseRound` and overrides only the
public methods a house rule changes (each documented on the class, under
"What a house rule changes"): extra kinds of move (:meth:`~CardVerseRound.extra_actions`,
:meth:`~CardVerseRound.apply_extra`, :meth:`~CardVerseRound.why_illegal`), which
built-in moves stay legal (:meth:`~CardVerseRound.allows`), the empty stock
(:meth:`~CardVerseRound.empty_stock`, with :meth:`~CardVerseRound.restock_from_pile`
and the round's generator :attr:`~CardVerseRound.rng`), the scores
(:meth:`~CardVerseRound.round_points`), the tallies of a result
(:attr:`~CardVerseRound.count_keys`, :meth:`~CardVerseRound.result_counts`) and
public facts for the views (:meth:`~CardVerseRound.view_extra`). It never needs
a name starting with ``_``.

State is kept in small ints: each hand is a bitmask, table melds are masks with
their owner, the stock and the discard pile are lists (top = last element).
``legal_actions`` is computed once per state and cached (a tuple: no caller can
change it). Every legal action is a shared Action object (one per discard card, per meld mask, per (card, meld
number) addition), so ``apply`` finds the legal action meaning the same move with
one dict look-up and an id check, whatever the order of the cards typed
(:meth:`CardVerseRound.find_legal`).

``CardVerseRound.deal`` deals a fresh round with a generator (as the match
does); ``CardVerseRound.from_deal`` builds one from chosen cards (tests,
examples). ``seat_to_act`` is the seat to act (``to_act()``, ``None`` once over).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from rummykit.core.base.errors import IllegalAction, RummyError
from rummykit.core.cards.card import DECK_SIZE, parse_cards, points, to_mask
from rummykit.core.cards.melds import all_melds, in_rank_order, mask_in_rank_order, meld_kind
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.resample import DealLike, InfoState, record_deal
from rummykit.core.engine.restock import Restock, Restocking, restock_information, round_seed
from rummykit.core.engine.round import (
    Event,
    HandReport,
    Round,
    RoundResult,
    TableMeld,
    View,
    card_ref,
)

from .options import CardVerseOptions
from .table import ACE_HIGH, card_text, cards_of, codes_text, extensions, hand_order, has_meld

VARIANT = "cardverse"
MELD = "meld"
ADD = "add"
DISCARD = "discard"
KINDS = (DRAW_STOCK, TAKE_DISCARD, MELD, ADD, DISCARD)
_TABLE_UNCHANGED = frozenset({DRAW_STOCK, TAKE_DISCARD, DISCARD})

DRAW_PHASE = "draw"
PLAY_PHASE = "play"

_DRAW_STOCK = Action(DRAW_STOCK)
_TAKE_DISCARD = Action(TAKE_DISCARD)
_DISCARD_ACTIONS = tuple(Action(DISCARD, (c,)) for c in range(DECK_SIZE))
_MELD_ACTIONS: dict[int, Action] = {}


class _SuitDiscards(dict[int, tuple[Action, ...]]):
    """The discards of one suit's cards, lowest first, by the suit's 13-bit
    pattern (filled as patterns are met)."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.base = 13 * suit

    def __missing__(self, pattern: int) -> tuple[Action, ...]:
        moves = self[pattern] = tuple(_DISCARD_ACTIONS[self.base + r] for r in range(13) if pattern >> r & 1)
        return moves


_DISCARDS = tuple(_SuitDiscards(s) for s in range(4))
_CURRENT_MOVED = "CardVerseRound.current is deprecated: use seat_to_act"
_SETUP_MOVED = "CardVerseRound.setup is deprecated: use CardVerseRound.from_deal"
_ADD_ACTIONS: dict[tuple[int, int], Action] = {}


def deal_size(n_seats: int) -> int:
    """docs/rules.md §2 "Deal": 7 cards each with 2 players, 10 with 3 or 4."""
    return 7 if n_seats == 2 else 10


class _SuitPoints(dict[int, int]):
    """The points of one suit's cards by the suit's 13-bit rank pattern, for one
    ace value (filled as patterns are met)."""

    def __init__(self, ace_points: int) -> None:
        super().__init__()
        self.ace_points = ace_points

    def __missing__(self, pattern: int) -> int:
        total = self[pattern] = sum(points(r, self.ace_points) for r in range(13) if pattern >> r & 1)
        return total


_SUIT_POINTS: dict[int, _SuitPoints] = {}


def hand_value(mask: int, ace_points: int) -> int:
    """Hand value: ace 1 (or 11), J/Q/K 10, others face value."""
    table = _SUIT_POINTS.get(ace_points)
    if table is None:
        table = _SUIT_POINTS[ace_points] = _SuitPoints(ace_points)
    if mask >> 52:  # not cards of one deck: card by card
        return sum(points(c, ace_points) for c in range(mask.bit_length()) if mask >> c & 1)
    return table[mask & 0x1FFF] + table[mask >> 13 & 0x1FFF] + table[mask >> 26 & 0x1FFF] + table[mask >> 39]


def _meld_action(mask: int) -> Action:
    a = _MELD_ACTIONS.get(mask)
    if a is None:
        a = _MELD_ACTIONS[mask] = Action(MELD, mask_in_rank_order(mask, ACE_HIGH))
    return a


#: The table melds as views show them, by (number, owner, mask): shared, immutable.
_TABLE_MELDS: dict[tuple[int, int, int], TableMeld] = {}


def _table_meld(number: int, owner: int, mask: int) -> TableMeld:
    key = (number, owner, mask)
    m = _TABLE_MELDS.get(key)
    if m is None:
        m = _TABLE_MELDS[key] = TableMeld(number, owner, mask_in_rank_order(mask, ACE_HIGH))
    return m


def _add_action(card: int, number: int) -> Action:
    a = _ADD_ACTIONS.get((card, number))
    if a is None:
        a = _ADD_ACTIONS[(card, number)] = Action(ADD, (card,), number)
    return a


def _canonical(action: Action) -> Action | None:
    """The shared Action object that means the same move as ``action`` (card order
    does not count), or None if no such object exists (then it is never legal).
    Legal actions are always these shared objects, so legality is an id lookup."""
    kind, cards, target = action.kind, action.cards, action.target
    try:
        if kind in (DRAW_STOCK, TAKE_DISCARD):
            if cards or target is not None:
                return None
            return _DRAW_STOCK if kind == DRAW_STOCK else _TAKE_DISCARD
        if kind == DISCARD:
            if len(cards) != 1 or target is not None or not 0 <= cards[0] < DECK_SIZE:
                return None
            return _DISCARD_ACTIONS[cards[0]]
        if kind == ADD:
            return _ADD_ACTIONS.get((cards[0], target)) if len(cards) == 1 and target is not None else None
        if kind == MELD:
            if target is not None or len(set(cards)) != len(cards):
                return None
            return _MELD_ACTIONS.get(to_mask(cards))
    except (TypeError, ValueError, IndexError):
        return None
    return None


class CardVerseRound(Restocking, Round):
    """One deal of CardVerse Rummy (docs/rules.md §2) for 2 to 4 seats."""

    variant = VARIANT

    # How Round.clone copies a round: the lists changed in place are copied
    # (the table's [owner, mask] pairs two deep); the caches (replaced, never
    # changed in place) and the state kept before a restock are shared.
    copied = (*Round.copied, "hands", "stock", "discard", "restocks")
    copied_nested = ("table",)
    shared = ("_legal", "_by_key", "_table_view", "before_restock")
    # Whether a CardVerse move is legal depends only on public facts (the
    # phase, the table, hand sizes) and the cards it names, so a replay of a
    # history on a resampled deal skips the check; a subclass defining one of
    # these methods is checked as usual (Round.replays_unchecked).
    replays_unchecked = True
    legality_hooks = ("legal_actions", "_compute_legal", "allows", "extra_actions")
    #: Whether the class (or a base below CardVerseRound) defines :meth:`allows`:
    #: only then is every built-in move asked (set for each subclass).
    filters_moves: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "allows" in vars(cls):
            cls.filters_moves = True

    def __init__(
        self,
        options: CardVerseOptions,
        n_seats: int,
        round_index: int,
        hands: Sequence[int],
        stock: list[int],
        discard: list[int],
        first: int | None = None,
        table: Sequence[tuple[int, int]] = (),
        *,
        seed: int = 0,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> None:
        if not 2 <= n_seats <= 4:
            raise RummyError(f"cardverse is for 2 to 4 players, not {n_seats}")
        if match is not None:
            self.match = match
        if variant:
            self.variant = variant
        self.round_seed = seed  # the round's own generator (rng) starts from it: never shown
        self.restocks: list[Restock] = []
        self.before_restock: CardVerseRound | None = None
        self.options = options
        self.n_seats = n_seats
        self.round_index = round_index
        self.discard_to_win = options.discard_to_win
        self.ace_points = options.ace_points
        self.max_turns = options.max_turns
        self.hands: list[int] = list(hands)
        self.stock: list[int] = stock  # top is the last element
        self.discard: list[int] = discard  # top is the last element
        self.table: list[list[int]] = [[owner, mask] for owner, mask in table]  # [owner, mask]
        self.first = round_index % n_seats if first is None else first
        self.seat_to_act = self.first
        self.phase = DRAW_PHASE
        self.turns_done = 0
        self.history: list[Event] = []
        self.result: RoundResult | None = None
        self._legal: tuple[Action, ...] | None = None
        self._by_key: set[int] | None = None  # ids of the (shared) legal Action objects
        self._table_view: tuple[TableMeld, ...] | None = None

    @property
    def current(self) -> int:
        """Deprecated: :attr:`seat_to_act`."""
        warnings.warn(
            "CardVerseRound.current is deprecated: use seat_to_act", DeprecationWarning, stacklevel=2
        )
        return self.seat_to_act

    @current.setter
    def current(self, seat: int) -> None:
        warnings.warn(
            "CardVerseRound.current is deprecated: use seat_to_act", DeprecationWarning, stacklevel=2
        )
        self.seat_to_act = seat

    # -- construction --------------------------------------------------------

    @classmethod
    def deal(
        cls,
        options: CardVerseOptions | None,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> CardVerseRound:
        """A fresh round dealt with ``rng`` (``VariantSpec.new_round``'s
        arguments): one shuffle, ``deal_size`` cards each, the next card face
        up, the rest the stock. The round's own generator (:attr:`rng`) is
        seeded from ``rng`` after the shuffle (:func:`round_seed`), so the same
        deal generator (a match's seed) gives the same round, restocks included."""
        if not 2 <= n_seats <= 4:
            raise RummyError(f"cardverse is for 2 to 4 players, not {n_seats}")
        if options is None:
            options = CardVerseOptions()
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        k = deal_size(n_seats)
        hands = [to_mask(deck[s * k : (s + 1) * k]) for s in range(n_seats)]
        up = deck[n_seats * k]
        stock = deck[n_seats * k + 1 :]
        return cls(
            options,
            n_seats,
            round_index,
            hands,
            stock,
            [up],
            seed=round_seed(rng),
            variant=variant,
            match=match,
        )

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str | Iterable[int]],
        discard: str | Iterable[int] | int = (),
        stock: str | Iterable[int] = (),
        options: CardVerseOptions | Mapping[str, Any] | None = None,
        round_index: int = 0,
        *,
        first: int | None = None,
        table: Sequence[tuple[int, str | Iterable[int]]] = (),
        rest: str = "stock",
        seed: int = 0,
        variant: str | None = None,
    ) -> CardVerseRound:
        """A round dealt as given, for tests and examples; it never touches
        any random state.

        ``hands`` one per seat (text such as ``"7H 8H 9H"`` or card ints);
        ``discard`` listed bottom first (last = top; one card may be an int);
        ``stock`` listed top first; ``table`` as ``(owner, cards)`` pairs,
        numbered 1, 2, ... in that order; ``first`` the seat to act (``None``:
        ``round_index % n_seats``, as a dealt round). Every card not named goes
        below the stock (``rest="stock"``, in ascending order) or below the
        discard pile (``rest="discard"``, which allows an empty stock), so all
        52 are always somewhere. ``seed`` seeds the round's own generator
        (:attr:`rng`); ``variant`` names the variant in views.
        """

        def as_cards(x: str | Iterable[int] | int) -> list[int]:
            if isinstance(x, int):
                return [x]
            return parse_cards(x) if isinstance(x, str) else list(x)

        if options is None:
            options = CardVerseOptions()
        elif not isinstance(options, CardVerseOptions):
            options = CardVerseOptions(**options)
        hand_lists = [as_cards(h) for h in hands]
        stock_top_first = as_cards(stock)
        pile = as_cards(discard)
        melds = [(owner, as_cards(cs)) for owner, cs in table]
        named = [c for h in hand_lists for c in h] + stock_top_first + pile
        named += [c for _, cs in melds for c in cs]
        if len(set(named)) != len(named):
            dup = sorted({c for c in named if named.count(c) > 1})
            raise RummyError(f"from_deal names cards twice: {codes_text(dup)}")
        for i, (_, cs) in enumerate(melds, 1):
            if meld_kind(cs, ace_high=True) is None:
                raise RummyError(f"from_deal table meld {i} ({codes_text(cs)}) is not a meld")
        rest_cards = [c for c in range(DECK_SIZE) if c not in set(named)]
        stock_list = list(reversed(stock_top_first))
        if rest == "stock":
            stock_list = list(reversed(rest_cards)) + stock_list
        elif rest == "discard":
            pile = rest_cards + pile
        else:
            raise ValueError("rest must be 'stock' or 'discard'")
        rnd = cls(
            options,
            len(hand_lists),
            round_index,
            [to_mask(h) for h in hand_lists],
            stock_list,
            pile,
            first=first,
            table=[(owner, to_mask(cs)) for owner, cs in melds],
            seed=seed,
            variant=variant,
        )
        shape = (
            tuple(len(h) for h in hand_lists),
            len(stock_list),
            len(pile),
            tuple((owner, len(cs)) for owner, cs in melds),
        )
        record_deal(rnd, DealLike(cls._deal_like, (options, round_index, first, shape, variant)))
        return rnd

    @classmethod
    def setup(
        cls,
        hands: Sequence[str | Iterable[int]],
        stock: str | Iterable[int] = (),
        discard: str | Iterable[int] = (),
        *,
        table: Sequence[tuple[int, str | Iterable[int]]] = (),
        options: CardVerseOptions | Mapping[str, Any] | None = None,
        first: int = 0,
        round_index: int = 0,
        rest: str = "stock",
        seed: int = 0,
        variant: str | None = None,
    ) -> CardVerseRound:
        """Deprecated: :meth:`from_deal` (which takes ``discard`` before
        ``stock``, and whose ``first`` defaults to ``round_index % n_seats``)."""
        warnings.warn(
            "CardVerseRound.setup is deprecated: use CardVerseRound.from_deal",
            DeprecationWarning,
            stacklevel=2,
        )
        return cls.from_deal(
            hands,
            discard,
            stock,
            options,
            round_index,
            first=first,
            table=table,
            rest=rest,
            seed=seed,
            variant=variant,
        )

    @classmethod
    def _deal_like(
        cls,
        options: CardVerseOptions,
        round_index: int,
        first: int | None,
        shape: tuple,
        variant: str | None,
        rng: random.Random,
    ) -> CardVerseRound:
        """The dealer of a :meth:`from_deal` round (Round.dealer): the deck,
        shuffled with ``rng``, laid out as that deal was (the same hand, stock,
        pile and table meld sizes)."""
        hand_sizes, n_stock, n_pile, melds = shape
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        at = 0

        def take(k: int) -> list[int]:
            nonlocal at
            at += k
            return deck[at - k : at]

        hands = [to_mask(take(k)) for k in hand_sizes]
        stock = take(n_stock)
        pile = take(n_pile)
        table = [(owner, to_mask(take(k))) for owner, k in melds]
        rnd = cls(
            options,
            len(hands),
            round_index,
            hands,
            stock,
            pile,
            first=first,
            table=table,
            seed=round_seed(rng),
            variant=variant,
        )
        record_deal(rnd, DealLike(cls._deal_like, (options, round_index, first, shape, variant)))
        return rnd

    def __getstate__(self) -> dict[str, object]:
        # Legality is an id lookup among the shared Action objects: a pickled
        # copy holds copies of them, so it finds its legal actions again.
        state = self.__dict__.copy()
        state["_legal"] = state["_by_key"] = None
        return state

    # -- what a house rule changes -------------------------------------------

    #: The tallies every result carries in ``RoundResult.counts`` (0 when not
    #: reached), so ``rummy simulate`` shows each one. A house rule adds its own:
    #: ``count_keys = (*CardVerseRound.count_keys, "restocks")``.
    count_keys: ClassVar[tuple[str, ...]] = ("out_by_meld", "out_by_discard", "stock_end")

    def extra_actions(self) -> Iterable[Action]:
        """Moves of kinds the variant adds that are legal now (added to the
        built-in ones). Their words (notation, short form, log phrase, help
        line) go in the spec's ``moves``; :meth:`why_illegal` gives the reason
        one is not legal; :meth:`apply_extra` carries one out. None here."""
        return ()

    def allows(self, action: Action) -> bool:
        """Whether a built-in legal move (draw, take, meld, add, discard)
        stays legal under the house rule (an opening requirement takes melds
        and additions away until a seat has opened). Say why in
        :meth:`why_illegal`. Always here."""
        return True

    def apply_extra(self, action: Action) -> Event:
        """Carry out a legal move of a kind from :meth:`extra_actions`
        (already checked) and return its event: change :attr:`hands`,
        :attr:`table` (:meth:`lay_meld`), end the turn (:meth:`end_turn`) or
        the round (:meth:`go_out`, :meth:`finish`) as the move says."""
        raise IllegalAction(f"unknown move {action.kind!r}")

    def empty_stock(self, seat: int) -> bool:
        """``seat`` draws from the empty stock. Return True after refilling
        the stock (:meth:`restock_from_pile`): the draw then takes its top card;
        False: the round ends, the lowest hand value winning. False here."""
        return False

    def _state_before_restock(self) -> CardVerseRound:
        return self.clone()

    def lay_meld(self, seat: int, cards: Iterable[int]) -> None:
        """Move ``cards`` (a meld) from ``seat``'s hand to the table, as the
        next table meld."""
        m = to_mask(cards)
        self.hands[seat] &= ~m
        self.table.append([seat, m])
        self._table_view = None

    def end_turn(self) -> None:
        """After an extra move that ends the turn: the next seat draws."""
        self.turns_done += 1
        self.seat_to_act = (self.seat_to_act + 1) % self.n_seats
        self.phase = DRAW_PHASE

    def round_points(self, outcome: str, winner: int, values: Sequence[int]) -> Sequence[int]:
        """What each seat scores for the round ended as ``outcome``, won by
        ``winner``, ``values`` the hand values: the winner scores the others'
        values (docs/rules.md §2 "Scoring")."""
        pts = [0] * self.n_seats
        pts[winner] = sum(v for s, v in enumerate(values) if s != winner)
        return pts

    def result_counts(self, outcome: str, counts: Mapping[str, int]) -> dict[str, int]:
        """The tallies of the result: every one of :attr:`count_keys` (0 when
        not reached), then ``counts`` (any key: a house rule's own too)."""
        out = dict.fromkeys(self.count_keys, 0)
        out.update(counts)
        return out

    def view_extra(self) -> Mapping[str, Any]:
        """Public facts a house rule adds to every view's ``extra`` (which
        seats have opened, whether the stock was rebuilt...). Nothing here;
        never a hidden card."""
        return {}

    def information(self, seat: int) -> InfoState:
        """Round.information; after a restock, what the seat knows of the new
        stock too (:func:`rummykit.core.engine.restock.restock_information`)."""
        if self.before_restock is None:
            return super().information(seat)
        if not 0 <= seat < self.n_seats:
            raise RummyError(f"no seat {seat!r} in a {self.n_seats}-seat round")
        return restock_information(self.before_restock, self.restocks, self.view(seat))

    # -- the contract -------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.result is not None else self.seat_to_act

    def legal_actions(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> tuple[Action, ...]:
        if self.result is not None:
            return ()
        own = self._own_legal()
        if self.filters_moves:
            allows = self.allows
            own = tuple([a for a in own if allows(a)])
        extra = self.extra_actions()
        return (*own, *extra) if extra else own

    def _own_legal(self) -> tuple[Action, ...]:
        if self.phase == DRAW_PHASE:
            # Drawing from an empty stock stays legal: it ends the round (or
            # what empty_stock says).
            return (_DRAW_STOCK, _TAKE_DISCARD) if self.discard else (_DRAW_STOCK,)
        hand = self.hands[self.seat_to_act]
        out: list[Action] = []
        keep_one = self.discard_to_win
        if has_meld(hand):
            for m in all_melds(hand, ace_high=True):
                if keep_one and m == hand:
                    continue
                out.append(_meld_action(m))
        if not (keep_one and hand & (hand - 1) == 0):  # one card left: it must be discarded
            for i, (_, mask) in enumerate(self.table):
                fit = extensions(mask) & hand
                while fit:
                    low = fit & -fit
                    out.append(_add_action(low.bit_length() - 1, i + 1))
                    fit ^= low
        discards = (  # every card of the hand, lowest first
            _DISCARDS[0][hand & 0x1FFF]
            + _DISCARDS[1][hand >> 13 & 0x1FFF]
            + _DISCARDS[2][hand >> 26 & 0x1FFF]
            + _DISCARDS[3][hand >> 39 & 0x1FFF]
        )
        return (*out, *discards) if out else discards

    def find_legal(self, action: Action) -> Action | None:
        """Round.find_legal: the shared Action object meaning ``action``'s move
        (whatever the order of its cards), if it is legal now: one dict
        look-up and an id check."""
        if self._by_key is None:
            self._by_key = set(map(id, self.legal_actions()))
        legal = _canonical(action) if action.kind in KINDS else self._extra_legal(action)
        if legal is None or id(legal) not in self._by_key:
            return None
        return legal

    def _extra_legal(self, action: Action) -> Action | None:
        """The legal move of a kind the variant added that means ``action``."""
        key = action.key()
        for a in self.legal_actions():
            if a.kind == action.kind and a.key() == key:
                return a
        return None

    def perform(self, action: Action) -> Event:
        """Carry out a legal move (Round.perform): a draw, a meld, an
        addition, a discard, or a move of the house rule's (:meth:`apply_extra`);
        then forget what this state had worked out (its legal moves, and the
        table as shown unless the move leaves it as it was)."""
        event = self._carry_out(action)
        self._legal = None
        self._by_key = None
        if action.kind not in _TABLE_UNCHANGED:
            self._table_view = None
        return event

    def _carry_out(self, action: Action) -> Event:
        seat = self.seat_to_act
        kind = action.kind
        if kind not in KINDS:
            return self.apply_extra(action)
        if kind == DRAW_STOCK:
            if not self.stock and not (self.empty_stock(seat) and self.stock):
                self._end_by_stock(seat, limit=False)
                return Event(seat, action)
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.phase = PLAY_PHASE
            return Event(seat, action, card, private=True)
        if kind == TAKE_DISCARD:
            card = self.discard.pop()
            self.hands[seat] |= 1 << card
            self.phase = PLAY_PHASE
            return Event(seat, action, card)
        if kind == MELD:
            m = to_mask(action.cards)
            self.hands[seat] &= ~m
            self.table.append([seat, m])
            if not self.hands[seat]:
                self._end_out(seat, "meld", action)
            return Event(seat, action)
        if kind == ADD:
            card, target = action.cards[0], action.target
            assert target is not None  # every legal addition names its meld
            self.hands[seat] &= ~(1 << card)
            self.table[target - 1][1] |= 1 << card
            if not self.hands[seat]:
                self._end_out(seat, "add", action)
            return Event(seat, action)
        if kind == DISCARD:
            card = action.cards[0]
            self.hands[seat] &= ~(1 << card)
            self.discard.append(card)
            if not self.hands[seat]:
                self._end_out(seat, "discard", action)
                return Event(seat, action)
            self.turns_done += 1
            if self.turns_done >= self.max_turns:
                self._end_by_stock(seat, limit=True)
                return Event(seat, action)
            self.seat_to_act = (seat + 1) % self.n_seats
            self.phase = DRAW_PHASE
            return Event(seat, action)
        raise IllegalAction(f"unknown move {kind!r}")  # pragma: no cover - checked by apply

    # -- endings -------------------------------------------------------------

    def hand_values(self) -> list[int]:
        return [hand_value(h, self.ace_points) for h in self.hands]

    def _reports(self, values: list[int]) -> tuple[HandReport, ...]:
        # Cards left in hand are never melded at the end in CardVerse: every one
        # counts, so ``deadwood`` is the whole hand and ``points`` its hand value.
        out = []
        for s, h in enumerate(self.hands):
            cards = hand_order(h)
            out.append(HandReport(seat=s, cards=cards, deadwood=cards, points=values[s]))
        return tuple(out)

    def _score_text(self, winner: int, values: list[int], pts: Sequence[int]) -> str:
        others = [s for s in range(self.n_seats) if s != winner]
        parts = ", ".join(f"{{{s}}} {values[s]}" for s in others)
        return f"{{{winner}}} scores {pts[winner]} ({parts})"

    def finish(self, outcome: str, winner: int, text: Sequence[str], counts: Mapping[str, int]) -> None:
        """End the round: ``winner`` scores :meth:`round_points`; ``text`` the
        lines telling how (seats as ``{0}``, cards as ``[[n]]``), the score
        added to the last; ``counts`` the tallies of this ending (completed by
        :meth:`result_counts`). For an extra move that ends the round."""
        values = self.hand_values()
        pts = list(self.round_points(outcome, winner, values))
        lines = [
            t + "; " + self._score_text(winner, values, pts) if i == len(text) - 1 else t
            for i, t in enumerate(text)
        ]
        self.result = RoundResult(
            points=tuple(pts),
            outcome=outcome,
            winner=winner,
            hands=self._reports(values),
            text=tuple(lines),
            counts=self.result_counts(outcome, counts),
        )

    def _finish(self, outcome: str, winner: int, text: list[str], counts: dict[str, int]) -> None:
        self.finish(outcome, winner, text, counts)

    def go_out(self, seat: int, line: str, counts: Mapping[str, int]) -> None:
        """``seat`` has emptied its hand (an extra move did it): the round ends
        with ``seat`` the winner, ``line`` telling how (``{0}`` for a seat)."""
        self.turns_done += 1  # the turn that went out counts
        self.finish("out", seat, [line], counts)

    def _end_out(self, seat: int, how: str, action: Action) -> None:
        self.turns_done += 1  # the turn that went out counts
        w = f"{{{seat}}}"
        cards = " ".join(card_ref(c) for c in action.cards)
        if how == "meld":
            line = f"{w} goes out by melding {cards}"
        elif how == "add":
            line = f"{w} goes out by adding {cards} to meld {action.target}"
        else:
            line = f"{w} goes out by discarding {cards}"
        counts = {"out_by_discard": 1} if how == "discard" else {"out_by_meld": 1}
        self._finish("out", seat, [line], counts)

    def _end_by_stock(self, seat: int, limit: bool) -> None:
        if not limit:
            self.turns_done += 1  # asking the empty stock ends this turn and the round
        values = self.hand_values()
        low = min(values)
        winner = values.index(low)  # ties: the first seat (lowest number) wins
        tied = [s for s, v in enumerate(values) if v == low]
        if limit:
            first = (
                f"The round reaches the engine limit of {self.max_turns} turns "
                "and ends as if the stock were empty"
            )
        else:
            first = f"{{{seat}}} asks for a card from the empty stock: the round ends"
        shown = ", ".join(f"{{{s}}} {v}" for s, v in enumerate(values))
        lines = [first, f"Hand values: {shown}"]
        tie = " (a tie, won by the first seat among the tied)" if len(tied) > 1 else ""
        lines.append(f"{{{winner}}} has the lowest hand value{tie}")
        self._finish("stock", winner, lines, {"stock_end": 1})

    # -- what players see ----------------------------------------------------

    def table_melds(self) -> tuple[TableMeld, ...]:
        if self._table_view is None:
            self._table_view = tuple(
                [_table_meld(i + 1, owner, mask) for i, (owner, mask) in enumerate(self.table)]
            )
        return self._table_view

    def view(self, seat: int) -> View:
        if not 0 <= seat < self.n_seats:
            raise RummyError(f"no seat {seat} in a {self.n_seats}-seat round")
        to_act = self.to_act()
        extra = MappingProxyType(
            {  # a fresh dict, read-only: View keeps it as it is
                "phase": DRAW_PHASE
                if self.result is None and self.phase == DRAW_PHASE
                else (PLAY_PHASE if self.result is None else "over"),
                "turn": self.turns_done + (0 if self.result is not None else 1),
                "max_turns": self.max_turns,
                "first_seat": self.first,
                "discard_to_win": self.discard_to_win,
                "ace_points": self.ace_points,
            }
        )
        more = self.view_extra()
        if more:
            extra = MappingProxyType({**extra, **more})
        return View(
            variant=self.variant,
            seat=seat,
            n_seats=self.n_seats,
            to_act=to_act,
            hand=hand_order(self.hands[seat]),
            hand_sizes=tuple(map(int.bit_count, self.hands)),
            stock_size=len(self.stock),
            discard_pile=tuple(self.discard),
            table=self.table_melds(),
            history=self.history_seen_by(seat),
            legal=self.legal_actions() if to_act == seat else (),
            round_index=self.round_index,
            extra=extra,
            result=self.result,
        )

    def zones(self) -> Mapping[str, Sequence[int]]:
        z: dict[str, Sequence[int]] = {
            "stock": list(self.stock),
            "discard": list(self.discard),
        }
        for s, h in enumerate(self.hands):
            z[f"hand{s}"] = cards_of(h)
        for i, (_, mask) in enumerate(self.table):
            z[f"meld {i + 1}"] = cards_of(mask)
        return z

    # -- reasons -------------------------------------------------------------

    def why_illegal(self, action: Action) -> str | None:
        if self.result is not None:
            return "the round is over"
        kind = action.kind
        hand = self.hands[self.seat_to_act]
        if kind not in KINDS:
            return f"'{kind}' is not a CardVerse move (moves: draw stock, take discard, meld, add, discard)"
        if kind in (DRAW_STOCK, TAKE_DISCARD):
            if self.phase == PLAY_PHASE:
                return "you have already drawn this turn"
            if kind == TAKE_DISCARD and not self.discard:
                return "the discard pile is empty"
            return None
        if self.phase == DRAW_PHASE:
            return "draw first"
        cards = action.cards
        missing = [c for c in cards if not hand >> c & 1]
        if kind == MELD:
            if len(cards) < 3:
                return "a meld needs at least 3 cards"
            if missing:
                return f"you do not hold {codes_text(missing)}"
            if meld_kind(list(cards), ace_high=True) is None:
                return f"{codes_text(in_rank_order(cards, ACE_HIGH))} is not a set or a run"
            if self.discard_to_win and to_mask(cards) == hand:
                return "with discard_to_win you must keep a card to discard"
            return None
        if kind == ADD:
            if len(cards) != 1:
                return "add one card at a time (add 5C to 2, then the next)"
            n = len(self.table)
            if action.target is None:
                return "say which table meld: add CARD to N"
            if not 1 <= action.target <= n:
                if n == 0:
                    return "there are no melds on the table yet"
                return f"there is no meld {action.target} on the table (melds 1 to {n})"
            if missing:
                return f"you do not hold {codes_text(missing)}"
            mask = self.table[action.target - 1][1]
            if not extensions(mask) >> cards[0] & 1:
                shown = codes_text(mask_in_rank_order(mask, ACE_HIGH))
                return f"{card_text(cards[0])} does not fit meld {action.target} ({shown})"
            if self.discard_to_win and hand == 1 << cards[0]:
                return "with discard_to_win you must keep a card to discard"
            return None
        # discard
        if len(cards) != 1:
            return "discard exactly one card"
        if missing:
            return f"you do not hold {codes_text(missing)}"
        return None


__all__ = [
    "ADD",
    "DISCARD",
    "DRAW_PHASE",
    "KINDS",
    "MELD",
    "PLAY_PHASE",
    "CardVerseRound",
    "deal_size",
    "hand_value",
]
