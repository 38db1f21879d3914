"""The Contract Rummy deal: the contract, turns, buying, going out, penalties.

docs/rules.md §5. A turn is draw, meld, discard. The first meld of a player lays its
whole contract at once (``down``: each set 3 cards, each run 4; cards added to
them in the same turn make longer melds); after that it adds cards to any meld
on the table (``add``). In the last deal a player goes down only by laying every
card at once, and that is going out: no discard.

**Buying.** When the player to act draws from the stock instead of taking the
discard, the others are asked in turn order, each in a short phase of its own
(the engine's seat to act is the seat asked): ``buy`` or ``pass``. The first to
buy takes the discard and one card from the stock as a penalty; at most
``options.buys`` (3) buys a player a deal. Decisions: the player who discarded
the card is not asked; a buy needs a penalty card, so nobody is asked while
the stock is empty.

The stock running out: the discard pile except its top card is shuffled (by
the round's own generator) into a new stock; when that leaves nothing to draw,
or after ``options.max_turns`` turns, the deal ends with nobody out.

Cards are ints (``cards.py``): copies of a card are one card to a player, and
every legal move names the lowest copy the hand holds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rummykit.core.base.errors import RummyError
from rummykit.core.cards.deck import JOKER, Deck
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.restock import round_seed
from rummykit.core.engine.round import Event, HandReport, Round, RoundResult, TableMeld, View, card_ref

from .cards import (
    CONTRACTS,
    Shape,
    contract_words,
    copies_for,
    deck_size,
    fits,
    hand_size,
    jokers_for,
    penalty,
    run_order,
    shape_of,
    texts,
)
from .contract import arrange, layouts, may_meld_all
from .options import ContractOptions

VARIANT = "contract"
DOWN = "down"
ADD = "add"
DISCARD = "discard"
BUY = "buy"
PASS = "pass"
KINDS = (DRAW_STOCK, TAKE_DISCARD, DOWN, ADD, DISCARD, BUY, PASS)

DRAW_PHASE = "draw"
BUY_PHASE = "buy"
PLAY_PHASE = "play"

_DRAW = Action(DRAW_STOCK)
_TAKE = Action(TAKE_DISCARD)
_BUY = Action(BUY)
_PASS = Action(PASS)


def contract_deck(n_seats: int) -> Deck:
    """The deck of a deal: two decks and 4 jokers for 3 to 5 players, three and 6 for 6 to 8."""
    return Deck(copies=copies_for(n_seats), jokers=jokers_for(n_seats))


def deal_number(round_index: int) -> int:
    """The deal (1..7) of a round of the match: the contracts go round again
    after the seventh (a match plays ``options.deals`` of them)."""
    return round_index % 7 + 1


class ContractRound(Round):
    """One deal of Contract Rummy (docs/rules.md §5) for 3 to 8 seats."""

    variant = VARIANT
    copied = (*Round.copied, "hands", "stock", "discard", "down", "buys", "queue", "known")
    copied_nested = ("table",)
    shared = ("_legal", "_layouts")

    def __init__(
        self,
        options: ContractOptions,
        n_seats: int,
        round_index: int,
        hands: Sequence[int],
        stock: list[int],
        discard: list[int],
        *,
        seats: Sequence[int] | None = None,
        first: int | None = None,
        seed: int = 0,
        match: MatchContext | None = None,
    ) -> None:
        if not 3 <= n_seats <= 8:
            raise RummyError(f"contract is for 3 to 8 players, not {n_seats}")
        if match is not None:
            self.match = match
        self.options = options
        self.n_seats = n_seats
        self.round_index = round_index
        self.deal = deal_number(round_index)
        self.copies = copies_for(n_seats)
        self.deck = contract_deck(n_seats)
        self.seats: tuple[int, ...] = tuple(seats) if seats is not None else tuple(range(n_seats))
        self.hands: list[int] = list(hands)
        self.stock = stock  # top last
        self.discard = discard  # top last
        self.table: list[list[Any]] = []  # [owner, kind, cards (a tuple), Shape]
        self.down: list[int] = [0] * n_seats
        self.buys: list[int] = [0] * n_seats
        self.known: list[int] = [0] * n_seats  # cards each hand took face up (public), a mask
        self.queue: list[int] = []  # the seats still to be asked to buy
        self.turn_seat = self.seats[0] if first is None else first
        self.seat_to_act = self.turn_seat
        self.phase = DRAW_PHASE
        self.discarder: int | None = None  # who laid the discard pile's top card
        self.turns_done = 0
        self.restocks = 0
        self.round_seed = seed
        self._rng: random.Random | None = None
        self.history: list[Event] = []
        self.result: RoundResult | None = None
        self._legal: tuple[Action, ...] | None = None
        self._layouts: dict[tuple, tuple[tuple[int, ...], ...]] | None = None

    # -- construction -------------------------------------------------------

    @classmethod
    def deal_round(
        cls,
        options: ContractOptions | None,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        match: MatchContext | None = None,
    ) -> ContractRound:
        """A fresh deal with ``rng``: one shuffle of the deck, the hand size of
        the deal to each seat in play (in order of play), the next card face
        up, the rest the stock."""
        if not 3 <= n_seats <= 8:
            raise RummyError(f"contract is for 3 to 8 players, not {n_seats}")
        options = options if options is not None else ContractOptions()
        seats = tuple(match.seats) if match is not None else tuple(range(n_seats))
        if match is not None and match.dealer is None:
            k = round_index % len(seats)
            seats = seats[k:] + seats[:k]
        deck = list(range(deck_size(n_seats)))
        rng.shuffle(deck)
        k = hand_size(deal_number(round_index))
        hands = [0] * n_seats
        for i, s in enumerate(seats):
            m = 0
            for c in deck[i * k : (i + 1) * k]:
                m |= 1 << c
            hands[s] = m
        at = len(seats) * k
        up = deck[at]
        stock = deck[at + 1 :]
        return cls(
            options, n_seats, round_index, hands, stock, [up], seats=seats, seed=round_seed(rng), match=match
        )

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Iterable[int]],
        discard: Iterable[int] = (),
        stock: Iterable[int] = (),
        options: ContractOptions | None = None,
        round_index: int = 0,
        *,
        first: int | None = None,
    ) -> ContractRound:
        """A deal as given, for tests and examples: ``hands`` one per seat,
        ``discard`` bottom first, ``stock`` top first; every card not named
        goes below the stock (the lowest at the bottom); ``first`` the seat to
        play first (seat 0 by default)."""
        options = options if options is not None else ContractOptions()
        n_seats = len(hands)
        hand_lists = [list(h) for h in hands]
        pile = list(discard)
        top_first = list(stock)
        named = [c for h in hand_lists for c in h] + pile + top_first
        if len(set(named)) != len(named):
            raise RummyError("from_deal names a card twice")
        size = deck_size(n_seats)
        if any(not 0 <= c < size for c in named):
            raise RummyError(f"from_deal names a card outside the deck of {size}")
        rest = [c for c in range(size) if c not in set(named)]
        masks = []
        for h in hand_lists:
            m = 0
            for c in h:
                m |= 1 << c
            masks.append(m)
        order = tuple(range(n_seats))
        if first is not None:
            order = order[first:] + order[:first]
        stock_list = rest + list(reversed(top_first))  # top last
        return cls(options, n_seats, round_index, masks, stock_list, pile, seats=order)

    @property
    def rng(self) -> random.Random:
        """The round's own generator (shuffles a rebuilt stock)."""
        if self._rng is None:
            self._rng = random.Random(self.round_seed)
        return self._rng

    # -- helpers ------------------------------------------------------------

    def contract(self) -> tuple[int, int]:
        return CONTRACTS[self.deal - 1]

    def _next_seat(self, seat: int) -> int:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def _cards(self, mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def _singles(self, mask: int) -> list[int]:
        """One card of each kind the hand holds: the lowest copy (and the lowest joker)."""
        seen: set[int] = set()
        out = []
        for c in self._cards(mask):
            k = -1 if c >= 52 * self.copies else c % 52
            if k not in seen:
                seen.add(k)
                out.append(c)
        return out

    def hand_order(self, mask: int) -> tuple[int, ...]:
        """A hand as shown: by suit then rank, jokers last, copies together."""
        j = 52 * self.copies
        return tuple(sorted(self._cards(mask), key=lambda c: (c >= j, c % 52, c)))

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
        if self.phase == DRAW_PHASE:
            return (_DRAW, _TAKE) if self.discard else (_DRAW,)
        if self.phase == BUY_PHASE:
            return (_BUY, _PASS)
        seat = self.turn_seat
        hand = self.hands[seat]
        out: list[Action] = []
        if not self.down[seat]:
            out.extend(self._down_actions(hand))
        else:
            for c in self._singles(hand):
                for i, (_, _, _, shape) in enumerate(self.table):
                    if fits(shape, c, self.copies) is not None:
                        out.append(Action(ADD, (c,), i + 1))
        if self.deal < 7 or self.down[seat]:
            out.extend(Action(DISCARD, (c,)) for c in self._singles(hand))
        else:
            # The last deal: going out lays every card, so a discard never empties the hand.
            if hand & (hand - 1):
                out.extend(Action(DISCARD, (c,)) for c in self._singles(hand))
        return tuple(out)

    def _down_actions(self, hand: int) -> list[Action]:
        cards = self._cards(hand)
        found: dict[tuple, tuple[tuple[int, ...], ...]] = {}
        if self.deal == 7:
            if not may_meld_all(cards, self.copies, CONTRACTS[6][1]):
                self._layouts = found
                return []
            best = arrange(cards, self.copies, 7)
            if best is not None and best[2] == 0:
                action = Action(DOWN, tuple(sorted(cards)))
                found[action.key()] = best[0]
        else:
            for lay in layouts(cards, self.copies, self.deal):
                flat = tuple(sorted(c for m in lay for c in m))
                action = Action(DOWN, flat)
                found.setdefault(action.key(), lay)
        self._layouts = found
        return [Action(DOWN, key[1]) for key in found]

    def perform(self, action: Action) -> Event:
        event = self._carry_out(action)
        self._legal = None
        return event

    def _carry_out(self, action: Action) -> Event:
        kind = action.kind
        seat = self.seat_to_act
        if kind == TAKE_DISCARD:
            card = self.discard.pop()
            self.hands[seat] |= 1 << card
            self.known[seat] |= 1 << card
            self.discarder = None
            self.phase = PLAY_PHASE
            return Event(seat, action, card)
        if kind == DRAW_STOCK:
            if not self.stock and not self._restock():
                self._end(None, "stock")
                return Event(seat, action)
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.phase = PLAY_PHASE
            if self.discard and self.stock:
                self.queue = [
                    s for s in self._others(seat) if s != self.discarder and self.buys[s] < self.options.buys
                ]
                if self.queue:
                    self.phase = BUY_PHASE
                    self.seat_to_act = self.queue[0]
            return Event(seat, action, card, private=True)
        if kind == BUY:
            card = self.discard.pop()
            penalty_card = self.stock.pop()
            self.hands[seat] |= (1 << card) | (1 << penalty_card)
            self.known[seat] |= 1 << card
            self.buys[seat] += 1
            self.discarder = None
            self.queue = []
            self._back_to_turn()
            return Event(seat, action, card)
        if kind == PASS:
            self.queue.pop(0)
            if self.queue:
                self.seat_to_act = self.queue[0]
            else:
                self._back_to_turn()
            return Event(seat, action)
        if kind == DOWN:
            lay = (self._layouts or {}).get(action.key()) or self._layout_for(action)
            sets, _ = self.contract()
            for i, group in enumerate(lay):
                self._lay(seat, list(group), "set" if i < sets else "run")
            self.down[seat] = 1
            if not self.hands[seat]:
                self._end(seat, "out")
            return Event(seat, action)
        if kind == ADD:
            card = action.cards[0]
            assert action.target is not None
            meld = self.table[action.target - 1]
            new = fits(meld[3], card, self.copies)
            assert new is not None
            meld[2] = (*meld[2], card)  # a new tuple: a clone shares the old one
            meld[3] = new
            self._take_out(seat, 1 << card)
            if not self.hands[seat]:
                self._end(seat, "out")
            return Event(seat, action)
        if kind == DISCARD:
            card = action.cards[0]
            self._take_out(seat, 1 << card)
            self.discard.append(card)
            self.discarder = seat
            if not self.hands[seat]:
                self._end(seat, "out")
                return Event(seat, action)
            self.turns_done += 1
            if self.turns_done >= self.options.max_turns:
                self._end(None, "limit")
                return Event(seat, action)
            self.turn_seat = self.seat_to_act = self._next_seat(seat)
            self.phase = DRAW_PHASE
            return Event(seat, action)
        raise RummyError(f"unknown move {kind!r}")  # pragma: no cover - checked by apply

    def _layout_for(self, action: Action) -> tuple[tuple[int, ...], ...]:
        self._down_actions(self.hands[self.turn_seat])
        assert self._layouts is not None
        return self._layouts[action.key()]

    def _others(self, seat: int) -> list[int]:
        i = self.seats.index(seat)
        n = len(self.seats)
        return [self.seats[(i + k) % n] for k in range(1, n)]

    def _back_to_turn(self) -> None:
        self.phase = PLAY_PHASE
        self.seat_to_act = self.turn_seat

    def _take_out(self, seat: int, mask: int) -> None:
        self.hands[seat] &= ~mask
        self.known[seat] &= ~mask

    def _lay(self, seat: int, cards: list[int], kind: str) -> None:
        shape = shape_of(cards, self.copies, kind)
        assert shape is not None
        m = 0
        for c in cards:
            m |= 1 << c
        self._take_out(seat, m)
        self.table.append([seat, kind, tuple(cards), shape])

    def _restock(self) -> bool:
        """The discard pile but its top card, shuffled into a new stock."""
        if len(self.discard) < 2:
            return False
        cards = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.rng.shuffle(cards)
        self.stock = cards
        self.restocks += 1
        return True

    # -- the end --------------------------------------------------------------

    def _end(self, winner: int | None, outcome: str) -> None:
        if winner is not None:
            self.turns_done += 1
        pts = [0] * self.n_seats
        reports = []
        for s in range(self.n_seats):
            cards = self.hand_order(self.hands[s])
            p = sum(penalty(c, self.copies) for c in cards)
            pts[s] = p
            reports.append(HandReport(seat=s, cards=cards, deadwood=cards, points=p))
        if winner is not None:
            first = f"{{{winner}}} goes out"
        elif outcome == "stock":
            first = "The stock is spent: the deal ends with nobody out"
        else:
            first = f"The deal reaches the engine limit of {self.options.max_turns} turns: nobody is out"
        shown = ", ".join(f"{{{s}}} {pts[s]}" for s in self.seats if s != winner)
        self.result = RoundResult(
            points=tuple(pts),
            outcome=outcome,
            winner=winner,
            hands=tuple(reports),
            text=(first, f"Penalty points: {shown}"),
            counts={"outs": int(winner is not None), "buys": sum(self.buys)},
        )

    def cut_points(self) -> tuple[int, ...]:
        """The penalty points each hand holds now: what each seat would pay were
        the deal to end with nobody out. Core's search values a play-out it
        cuts short by them (``rummykit.core.bots.search``)."""
        return tuple(sum(penalty(c, self.copies) for c in self._cards(h)) for h in self.hands)

    # -- what players see -----------------------------------------------------

    def table_melds(self) -> tuple[TableMeld, ...]:
        out = []
        for i, (owner, kind, cards, shape) in enumerate(self.table):
            shown = run_order(cards, shape, self.copies) if kind == "run" else tuple(sorted(cards))
            out.append(TableMeld(i + 1, owner, shown))
        return tuple(out)

    def view(self, seat: int) -> View:
        if not 0 <= seat < self.n_seats:
            raise RummyError(f"no seat {seat} in a {self.n_seats}-seat round")
        to_act = self.to_act()
        sets, runs = self.contract()
        extra: dict[str, Any] = {
            "phase": "over" if self.result is not None else self.phase,
            "deal": self.deal,
            "contract": contract_words(self.deal),
            "contract_sets": sets,
            "contract_runs": runs,
            "turn_seat": self.turn_seat,
            "down_counts": tuple(self.down),
            "buy_counts": tuple(self.buys),
            "max_buys": self.options.buys,
            "copies": self.copies,
        }
        if self.result is None and self.phase == BUY_PHASE:
            # The terminal asks this on its own in hot-seat play, no hand shown:
            # the legal moves are buy (yes) then pass (no).
            extra["question"] = f"buy {card_ref(self.discard[-1])} (and a penalty card from the stock)?"
        return View(
            variant=self.variant,
            seat=seat,
            n_seats=self.n_seats,
            to_act=to_act,
            hand=self.hand_order(self.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            stock_size=len(self.stock),
            discard_pile=tuple(self.discard),
            table=self.table_melds(),
            history=self.history_seen_by(seat),
            legal=self.legal_actions() if to_act == seat else (),
            round_index=self.round_index,
            extra=MappingProxyType(extra),
            result=self.result,
        )

    def zones(self) -> Mapping[str, Sequence[int]]:
        z: dict[str, Sequence[int]] = {"stock": list(self.stock), "discard": list(self.discard)}
        for s, h in enumerate(self.hands):
            z[f"hand{s}"] = self._cards(h)
        for i, meld in enumerate(self.table):
            z[f"meld {i + 1}"] = list(meld[2])
        return z

    # -- reasons ----------------------------------------------------------------

    def why_illegal(self, action: Action) -> str | None:
        if self.result is not None:
            return "the deal is over"
        if JOKER in action.cards:  # a move as typed: JK names a joker (Deck.parse)
            action = Action(
                action.kind,
                tuple(self.deck.first_joker if c == JOKER else c for c in action.cards),
                action.target,
            )
        kind = action.kind
        if kind not in KINDS:
            return (
                f"'{kind}' is not a Contract Rummy move "
                "(draw stock, take discard, down, add, discard, buy, pass)"
            )
        if self.phase == BUY_PHASE:
            if kind in (BUY, PASS):
                return None
            return "answer first: buy or pass"
        if kind in (BUY, PASS):
            return "nothing is offered to buy now"
        if self.phase == DRAW_PHASE:
            if kind in (DRAW_STOCK, TAKE_DISCARD):
                return "the discard pile is empty" if kind == TAKE_DISCARD and not self.discard else None
            return "draw first"
        if kind in (DRAW_STOCK, TAKE_DISCARD):
            return "you have already drawn this turn"
        hand = self.hands[self.turn_seat]
        held = self._held(hand, action.cards)
        if held is not None:
            return held
        if kind == DOWN:
            if self.down[self.turn_seat]:
                return "you are down already: add cards to the melds on the table"
            if self.deal == 7:
                return f"the last deal: go down with every card at once ({contract_words(7)})"
            if not action.cards:
                return f"name the cards that lay the contract: {contract_words(self.deal)} (dn CARDS)"
            laid = texts(sorted(action.cards), self.copies)
            return (
                f"{laid} does not lay the contract: {contract_words(self.deal)} "
                "(each set 3 cards, each run 4; add more after)"
            )
        if kind == ADD:
            if not self.down[self.turn_seat]:
                return f"lay your contract first ({contract_words(self.deal)})"
            if len(action.cards) != 1:
                return "add one card to one meld: add CARD to N"
            if action.target is None:  # typed without its meld: the one that takes it, if only one
                name = texts(action.cards, self.copies)
                takes = [
                    str(i + 1)
                    for i, m in enumerate(self.table)
                    if fits(m[3], action.cards[0], self.copies) is not None
                ]
                if not takes:
                    return f"{name} fits no meld on the table"
                if len(takes) == 1:
                    return f"say the meld: add {name} to {takes[0]}"
                return (
                    f"{name} fits melds {', '.join(takes[:-1])} and {takes[-1]}: say which (add {name} to N)"
                )
            if not 1 <= action.target <= len(self.table):
                return f"there is no meld {action.target} on the table"
            return f"{texts(action.cards, self.copies)} does not fit meld {action.target}"
        if len(action.cards) != 1:
            return "discard exactly one card"
        return "in the last deal you go out by melding every card, never by a discard"

    def _held(self, hand: int, cards: Iterable[int]) -> str | None:
        need: dict[int, int] = {}
        for c in cards:
            k = -1 if c >= 52 * self.copies else c % 52
            need[k] = need.get(k, 0) + 1
        have: dict[int, int] = {}
        for c in self._cards(hand):
            k = -1 if c >= 52 * self.copies else c % 52
            have[k] = have.get(k, 0) + 1
        for k, n in need.items():
            held = have.get(k, 0)
            if held < n:
                name = "joker" if k < 0 else texts([k], self.copies)
                if not held:
                    return f"you do not hold a {name}" if k < 0 else f"you do not hold {name}"
                return f"you hold only {held} {name}" + ("s" if k < 0 and held > 1 else "")
        return None

    # -- what a seat knows ----------------------------------------------------------

    def information(self, seat: int) -> ContractInfo:  # type: ignore[override]
        """What ``seat`` knows: its hand, the table, the pile, the cards each
        opponent took face up and still holds, every hand's size, the history
        as it saw it; the other cards are unseen."""
        if not 0 <= seat < self.n_seats:
            raise RummyError(f"no seat {seat!r} in a {self.n_seats}-seat round")
        seen = self.hands[seat]
        for m in self.known:
            seen |= m
        for meld in self.table:
            for c in meld[2]:
                seen |= 1 << c
        for c in self.discard:
            seen |= 1 << c
        unseen = tuple(c for c in range(deck_size(self.n_seats)) if not seen >> c & 1)
        state = {
            k: v
            for k, v in self.__dict__.items()
            if k
            not in (
                "hands",
                "stock",
                "history",
                "_rng",
                "_legal",
                "_layouts",
                "table",
                "dealt",
                "dealer",
                "round_seed",
            )
            and not k.startswith("_history")
        }
        return ContractInfo(
            seat=seat,
            n_seats=self.n_seats,
            hand=self.hands[seat],
            known=tuple(self.known),
            sizes=tuple(h.bit_count() for h in self.hands),
            stock_size=len(self.stock),
            unseen=unseen,
            table=tuple((o, k, tuple(c), s) for o, k, c, s in self.table),
            history=self.history_seen_by(seat),
            state=MappingProxyType({k: (tuple(v) if isinstance(v, list) else v) for k, v in state.items()}),
        )


@dataclass(frozen=True)
class ContractInfo:
    """What one seat knows of a deal (:meth:`ContractRound.information`): frozen
    data holding no card it has not seen. :meth:`sample` deals the unseen
    cards at random to the other hands (beside the cards they took face up)
    and the stock."""

    seat: int
    n_seats: int
    hand: int
    known: tuple[int, ...]
    sizes: tuple[int, ...]
    stock_size: int
    unseen: tuple[int, ...]
    table: tuple[tuple[int, str, tuple[int, ...], Shape], ...]
    history: tuple[Event, ...]
    state: Mapping[str, Any] = field(default_factory=dict)
    scores: tuple[int, ...] = ()
    target: int | None = None
    lowest_wins: bool = True

    def sample(self, rng: random.Random) -> ContractRound:
        if not isinstance(rng, random.Random):
            raise TypeError("a resampling draws from a random.Random generator")
        cards = list(self.unseen)
        rng.shuffle(cards)
        hands = [0] * self.n_seats
        at = 0
        for s in range(self.n_seats):
            if s == self.seat:
                hands[s] = self.hand
                continue
            m = self.known[s]
            k = self.sizes[s] - m.bit_count()
            for c in cards[at : at + k]:
                m |= 1 << c
            at += k
            hands[s] = m
        stock = cards[at:]
        rnd = ContractRound.__new__(ContractRound)
        for name, value in self.state.items():
            kept = list(value) if isinstance(value, tuple) and name in ContractRound.copied else value
            setattr(rnd, name, kept)
        rnd.hands = hands
        rnd.stock = stock
        rnd.table = [[owner, kind, tuple(cs), shape] for owner, kind, cs, shape in self.table]
        rnd.history = list(self.history)
        rnd.round_seed = rng.getrandbits(64)
        rnd._rng = None
        rnd._legal = None
        rnd._layouts = None
        return rnd


__all__ = [
    "ADD",
    "BUY",
    "DISCARD",
    "DOWN",
    "KINDS",
    "PASS",
    "ContractInfo",
    "ContractRound",
    "deal_number",
]
