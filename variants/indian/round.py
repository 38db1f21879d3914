"""One deal of Indian Rummy (docs/rules.md §5).

The deal: one shuffle of the 106 cards (:mod:`.cards`), 13 cards to each seat
in play (the seats of the round's :class:`MatchContext`, in order of play),
the next card face up starts the discard pile, the next is the cut card,
shown and set aside: every card of its rank is wild (aces when it is a
printed joker); the rest is the stock.

A turn: draw (stock or pile) or drop; then discard, or declare with a card
(the 14th, laid face down) when the other 13 meld into a valid declaration.
The deal ends when someone declares, when all but one seat have dropped, or
(no score) at the engine's turn limit. When the stock runs out the discard
pile but its top card is shuffled into a new stock
(:mod:`rummykit.core.engine.restock`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rummykit.core.base.errors import RummyError
from rummykit.core.cards.deck import Deck
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.resample import check_generator
from rummykit.core.engine.restock import Restock, Restocking, round_seed
from rummykit.core.engine.round import Event, HandReport, Round, RoundResult, View, card_ref

from .cards import (
    BASE,
    COPIES,
    DECK,
    FIRST_JOKER,
    PRINTED_JOKERS,
    RANK_PLURALS,
    sorted_cards,
    value,
    wild_rank_of_cut,
)
from .melds import CAP, Arrangement, arrange, declares, least_out
from .options import IndianOptions

NAME = "indian"
#: Two 52-card decks and two printed jokers.
INDIAN_DECK = Deck(copies=COPIES, jokers=PRINTED_JOKERS)
DISCARD = "discard"
DROP = "drop"
DECLARE = "declare"
HAND = 13
FIRST_DROP = 20
MIDDLE_DROP = 40

DRAW_PHASE = "draw"
DISCARD_PHASE = "discard"
OVER = "over"


def same(card: int) -> int:
    """What a player sees of a card: its base card (either copy), or the first
    printed joker for either joker."""
    return FIRST_JOKER if card >= FIRST_JOKER else card % BASE


def shown(card: int) -> str:
    """A card in a text a person reads: a card marker of its first copy
    (copies look alike), or the word for a printed joker."""
    return "a printed joker" if card >= FIRST_JOKER else card_ref(card % BASE)


def may_declare(hand: Sequence[int], wild: int) -> bool:
    """A quick test that ``hand`` (14 cards) may hold a declaration of 13:
    False only when it cannot. A declaration needs a pure sequence (three
    naturals of one suit in order, a wild card in its own place counting),
    and a card with no other of its rank nor of its suit within two places
    is melded only beside two jokers (two such cards in one sequence have
    two jokers between them), so at most one such card more than the jokers
    (none with fewer than two jokers) is melded: the one laid down aside."""
    places: list[set[int]] = [set() for _ in range(4)]
    jokers = 0
    naturals = []
    for c in hand:
        if c >= FIRST_JOKER:
            jokers += 1
            continue
        b = c % BASE
        suit, rank = divmod(b, 13)
        places[suit].add(rank + 1)
        if rank == 0:
            places[suit].add(14)
        if rank == wild:
            jokers += 1
        else:
            naturals.append(b)
    if not any(q in held and q + 1 in held and q + 2 in held for held in places for q in range(1, 13)):
        return False
    by_rank: list[set[int]] = [set() for _ in range(13)]
    for b in naturals:
        by_rank[b % 13].add(b // 13)
    alone = 0
    for b in naturals:
        suit, rank = divmod(b, 13)
        if len(by_rank[rank]) > 1:
            continue
        near = [q for p in ((1, 14) if rank == 0 else (rank + 1,)) for q in (p - 2, p - 1, p + 1, p + 2)]
        if any(q in places[suit] for q in near):
            continue
        alone += 1
    return alone <= (1 if jokers < 2 else jokers + 1)


class IndianRound(Restocking, Round):
    """One deal. ``playing`` is the seats dealt in, in order of play;
    ``hands`` a sorted card list per seat of the match (empty for a seat not
    dealt in); ``stock`` top last; ``discard`` bottom first, top last;
    ``cut`` the card shown for the wild rank; ``closed`` the card laid face
    down by a declaration; ``dropped`` the drop points of each seat (0: not
    dropped); ``has_drawn`` the seats that have drawn in this deal."""

    variant = NAME
    deck = INDIAN_DECK
    copied = (*Round.copied, "stock", "discard", "restocks", "dropped", "has_drawn", "closed")
    copied_nested = ("hands",)
    shared = ("legal_cache", "before_restock")

    def __init__(
        self,
        options: IndianOptions,
        n_seats: int,
        round_index: int,
        hands: Sequence[Sequence[int]],
        stock: list[int],
        discard: list[int],
        cut: int,
        playing: Sequence[int],
        *,
        seed: int = 0,
        match: MatchContext | None = None,
    ) -> None:
        if match is not None:
            self.match = match
        self.options = options
        self.n_seats = n_seats
        self.round_index = round_index
        self.hands: list[list[int]] = [sorted_cards(h) for h in hands]
        self.stock = stock
        self.discard = discard
        self.cut = cut
        self.wild = wild_rank_of_cut(cut)
        self.playing = tuple(playing)
        self.seat_to_act = self.playing[0]
        self.phase = DRAW_PHASE
        self.taken: int | None = None
        self.dropped: list[int] = [0] * n_seats  # drop points; 0: not dropped
        self.has_drawn: list[int] = []
        self.closed: list[int] = []
        self.turns = 0
        self.round_seed = seed
        self.restocks: list[Restock] = []
        self.before_restock: IndianRound | None = None
        self.history: list[Event] = []
        self.result: RoundResult | None = None
        self.legal_cache: tuple[Action, ...] | None = None

    @classmethod
    def deal(
        cls,
        options: IndianOptions,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        match: MatchContext | None = None,
    ) -> IndianRound:
        """A fresh deal with ``rng`` (one shuffle), to the seats in play of
        ``match`` (every seat without one)."""
        context = match if match is not None else MatchContext.every_seat(n_seats, round_index)
        playing = tuple(context.seats)
        if not 2 <= len(playing) <= 6:
            raise RummyError(f"indian is for 2 to 6 players, not {len(playing)}")
        deck = list(range(DECK))
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n_seats)]
        for i, seat in enumerate(playing):
            hands[seat] = deck[i * HAND : (i + 1) * HAND]
        dealt = HAND * len(playing)
        return cls(
            options,
            n_seats,
            round_index,
            hands,
            deck[dealt + 2 :],
            [deck[dealt]],
            deck[dealt + 1],
            playing,
            seed=round_seed(rng),
            match=match,
        )

    # -- the contract ----------------------------------------------------------

    def in_deal(self) -> list[int]:
        """The seats still in the deal (dealt in, not dropped), in order of play."""
        return [s for s in self.playing if not self.dropped[s]]

    def to_act(self) -> int | None:
        return None if self.result is not None else self.seat_to_act

    def legal_actions(self) -> tuple[Action, ...]:
        if self.legal_cache is None:
            self.legal_cache = self.moves()
        return self.legal_cache

    def moves(self) -> tuple[Action, ...]:
        """Draw, take or drop; then discard or declare with each card (one
        copy of each card: copies are the same card to a player)."""
        if self.result is not None:
            return ()
        if self.phase == DRAW_PHASE:
            out = [Action(DRAW_STOCK)] if self.stock or len(self.discard) > 1 else []
            if self.discard:
                out.append(Action(TAKE_DISCARD))
            out.append(Action(DROP))
            return tuple(out)
        hand = self.hands[self.seat_to_act]
        choices = sorted({same(c): c for c in reversed(hand)}.values())  # the lowest copy of each card
        out = [Action(DISCARD, (c,)) for c in choices]
        out += [Action(DECLARE, (c,)) for c in self.declarable(hand, choices)]
        return tuple(out)

    def declarable(self, hand: Sequence[int], choices: Sequence[int]) -> list[int]:
        """The cards of ``choices`` whose laying down leaves a valid declaration.

        Laying down ``c`` from a valid declaration leaves an arrangement of
        the hand with ``c`` alone out, so the whole hand's best arrangement
        (least points out, then fewest cards) leaves out no more than that:
        fewer points than ``c`` is worth, or as many and at most one card."""
        if not may_declare(hand, self.wild):
            return []
        least = least_out(hand, self.wild)
        if least is None:
            return []  # no two sequences with one pure among the 14: none among 13
        raw, loose = least
        out = []
        for c in choices:
            worth = value(c, self.wild)
            if worth < raw or (worth == raw and loose > 1):
                continue
            rest = list(hand)
            rest.remove(c)
            if declares(rest, self.wild):
                out.append(c)
        return out

    def perform(self, action: Action) -> Event:
        seat = self.seat_to_act
        self.legal_cache = None
        kind = action.kind
        if kind == DROP:
            self.dropped[seat] = min(CAP, MIDDLE_DROP if seat in self.has_drawn else FIRST_DROP)
            left = self.in_deal()
            if len(left) == 1:
                self.result = self.settle(left[0], None)
            else:
                self.pass_turn(seat)
            return Event(seat, action)
        if kind == DRAW_STOCK:
            if not self.stock:
                self.restock_from_pile()
            card = self.stock.pop()
            self.take(seat, card)
            return Event(seat, action, card, private=True)
        if kind == TAKE_DISCARD:
            card = self.discard.pop()
            self.take(seat, card)
            self.taken = card
            return Event(seat, action, card)
        (card,) = action.cards
        self.hands[seat].remove(card)
        self.turns += 1
        if kind == DECLARE:
            self.closed.append(card)
            self.phase = OVER
            self.result = self.settle(seat, card)
            return Event(seat, action)
        self.discard.append(card)
        if self.turns >= self.options.max_turns:
            self.result = self.no_score()
        else:
            self.pass_turn(seat)
        return Event(seat, action)

    def take(self, seat: int, card: int) -> None:
        self.hands[seat] = sorted_cards([*self.hands[seat], card])
        if seat not in self.has_drawn:
            self.has_drawn.append(seat)
        self.phase = DISCARD_PHASE
        self.taken = None

    def pass_turn(self, seat: int) -> None:
        left = [s for s in self.playing if not self.dropped[s] or s == seat]
        at = left.index(seat)
        self.seat_to_act = next(s for s in left[at + 1 :] + left[:at] if not self.dropped[s])
        self.phase = DRAW_PHASE
        self.taken = None

    def view(self, seat: int) -> View:
        """What ``seat`` sees: its own hand, every hand's size, the discard
        pile, the stock's size, the cut card and the wild rank, who dropped."""
        to_act = self.to_act()
        return View(
            variant=self.variant,
            seat=seat,
            n_seats=self.n_seats,
            to_act=to_act,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            discard_pile=tuple(self.discard),
            history=self.history_seen_by(seat),
            legal=self.legal_actions() if to_act == seat else (),
            round_index=self.round_index,
            extra={
                "phase": OVER if self.result is not None else self.phase,
                "cut": self.cut,
                "wild": self.wild,
                "dropped": tuple(p > 0 for p in self.dropped),  # per seat
                "drawn": tuple(s in self.has_drawn for s in range(self.n_seats)),  # per seat
                "restocks": len(self.restocks),
                "turn": self.turns + (0 if self.result else 1),
            },
            result=self.result,
        )

    def zones(self) -> Mapping[str, Sequence[int]]:
        zones: dict[str, Sequence[int]] = {
            "stock": list(self.stock),
            "discard": list(self.discard),
            "cut": [self.cut],
            "closed": list(self.closed),
        }
        for s, hand in enumerate(self.hands):
            zones[f"hand{s}"] = list(hand)
        return zones

    def why_illegal(self, action: Action) -> str | None:
        if self.result is not None:
            return "the deal is over"
        kind = action.kind
        seat = self.seat_to_act
        if kind in (DRAW_STOCK, TAKE_DISCARD, DROP):
            if self.phase != DRAW_PHASE:
                return "you have drawn this turn; now discard a card, or declare with one"
            if kind == TAKE_DISCARD and not self.discard:
                return "the discard pile is empty; draw stock"
            return None
        if kind not in (DISCARD, DECLARE):
            moves = "draw stock, take discard, drop, discard, declare"
            return f"there is no move {kind!r} in indian (moves: {moves})"
        if self.phase != DISCARD_PHASE:
            return "draw first: draw stock or take discard (or drop)"
        if len(action.cards) != 1:
            return f"{kind} takes exactly one card, like '{kind} 7H'"
        (card,) = action.cards
        held = [c for c in self.hands[seat] if same(c) == same(card)]  # copies alike
        if not held:
            return "you do not hold that card"
        if kind == DECLARE:
            rest = list(self.hands[seat])
            rest.remove(held[0])
            why = arrange(rest, self.wild).missing()
            if why:
                return f"not a valid declaration: {why}"
        return None

    # -- information ----------------------------------------------------------

    def _state_before_restock(self) -> None:
        return None  # information() below needs no earlier state

    # Core's contract lets a variant give its own information state (anything with sample(rng)).
    def information(self, seat: int) -> IndianInfo:  # type: ignore[override]
        """What ``seat`` knows (:class:`IndianInfo`): its hand, the public
        cards and moves, and the cards each opponent took from the pile and
        still holds; nothing else."""
        if not 0 <= seat < self.n_seats:
            raise RummyError(f"no seat {seat!r} in a {self.n_seats}-seat round")
        known: dict[int, list[int]] = {s: [] for s in range(self.n_seats)}
        for e in self.history:
            if e.seat == seat:
                continue
            if e.action.kind == TAKE_DISCARD and e.card is not None:
                known[e.seat].append(e.card)
            for c in e.action.cards:
                if c in known[e.seat]:
                    known[e.seat].remove(c)
        return IndianInfo(
            variant=self.variant,
            seat=seat,
            n_seats=self.n_seats,
            round_index=self.round_index,
            options=self.options,
            playing=self.playing,
            hand=tuple(self.hands[seat]),
            known=tuple(tuple(known[s]) if s != seat else () for s in range(self.n_seats)),
            sizes=tuple(len(h) for h in self.hands),
            discard=tuple(self.discard),
            cut=self.cut,
            closed=tuple(self.closed),
            stock_size=len(self.stock),
            dropped=tuple(self.dropped),
            has_drawn=tuple(self.has_drawn),
            turns=self.turns,
            phase=self.phase,
            seat_to_act=self.seat_to_act,
            taken=self.taken,
            restocks=tuple(self.restocks),
            history=self.history_seen_by(seat),
            result=self.result,
            match=self.match,
        )

    # -- the end of a deal ------------------------------------------------------

    def report(self, seat: int) -> tuple[HandReport, Arrangement]:
        hand = self.hands[seat]
        a = arrange(hand, self.wild)
        report = HandReport(
            seat=seat,
            cards=tuple(hand),
            melds=tuple(tuple(m.cards) for m in a.melds),
            deadwood=tuple(sorted_cards(a.loose)),
            points=a.points,
        )
        return report, a

    def settle(self, winner: int, closed: int | None) -> RoundResult:
        """The result when ``winner`` declares (laying ``closed`` face down) or
        is the last seat left in the deal (``closed`` None)."""
        points = [0] * self.n_seats
        reports = []
        w = f"{{{winner}}}"
        wild = f"{RANK_PLURALS[self.wild]} wild"
        if closed is not None:
            text = [f"{w} declares, laying {shown(closed)} face down ({wild})"]
        else:
            text = [f"{w} wins the deal: every other player dropped"]
        for s in self.playing:
            if self.dropped[s]:
                points[s] = self.dropped[s]
                reports.append(HandReport(seat=s, cards=tuple(self.hands[s]), points=points[s]))
                text.append(f"{{{s}}} dropped: {points[s]} points")
                continue
            report, a = self.report(s)
            if s == winner:
                reports.append(dataclasses.replace(report, points=0))  # the winner scores nothing
                continue
            reports.append(report)
            points[s] = a.points
            how = "melds count" if a.counts else f"melds do not count: {a.missing()}"
            capped = f" (capped at {CAP})" if a.raw > CAP else ""
            text.append(f"{{{s}}} counts {a.points} points{capped}; {how}")
        total = sum(points)
        text.append(f"{w} collects {total} points")
        return RoundResult(
            points=tuple(points),
            outcome="declare" if closed is not None else "all dropped",
            winner=winner,
            hands=tuple(sorted(reports, key=lambda r: r.seat)),
            text=tuple(text),
            counts={
                "declares": int(closed is not None),
                "drops": sum(1 for p in self.dropped if p),
                "collected": total,
                "no_score": 0,
            },
        )

    def no_score(self) -> RoundResult:
        reports = tuple(self.report(s)[0] for s in self.playing if not self.dropped[s])
        return RoundResult(
            points=(0,) * self.n_seats,
            outcome="no score",
            winner=None,
            hands=reports,
            text=(f"the deal reaches the engine limit of {self.options.max_turns} turns: no score",),
            counts={"declares": 0, "drops": sum(1 for p in self.dropped if p), "collected": 0, "no_score": 1},
        )


@dataclass(frozen=True)
class IndianInfo:
    """What one seat knows of a deal (:meth:`IndianRound.information`), as
    data holding no hidden card: ``known`` the cards each opponent took from
    the pile and still holds, ``sizes`` every hand's size. :meth:`sample`
    deals the cards the seat has not seen at random, consistently with it."""

    variant: str
    seat: int
    n_seats: int
    round_index: int
    options: IndianOptions
    playing: tuple[int, ...]
    hand: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    discard: tuple[int, ...]
    cut: int
    closed: tuple[int, ...]
    stock_size: int
    dropped: tuple[int, ...]
    has_drawn: tuple[int, ...]
    turns: int
    phase: str
    seat_to_act: int
    taken: int | None
    restocks: tuple[Restock, ...]
    history: tuple[Event, ...]
    result: RoundResult | None
    match: MatchContext | None
    scores: tuple[int, ...] = ()
    target: int | None = None
    lowest_wins: bool = False

    def sample(self, rng: random.Random) -> IndianRound:
        """A full deal the seat cannot tell from the real one, drawn with ``rng``."""
        check_generator(rng)
        public = {*self.hand, *self.discard, self.cut, *self.closed, *(c for k in self.known for c in k)}
        unseen = [c for c in range(DECK) if c not in public]
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        for s in range(self.n_seats):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            need = self.sizes[s] - len(self.known[s])
            hands.append([*self.known[s], *unseen[:need]])
            del unseen[:need]
        rnd = IndianRound(
            self.options,
            self.n_seats,
            self.round_index,
            hands,
            unseen,
            list(self.discard),
            self.cut,
            self.playing,
            seed=rng.getrandbits(64),
            match=self.match,
        )
        rnd.closed = list(self.closed)
        rnd.dropped = list(self.dropped)
        rnd.has_drawn = list(self.has_drawn)
        rnd.turns = self.turns
        rnd.phase = self.phase
        rnd.seat_to_act = self.seat_to_act
        rnd.taken = self.taken
        rnd.restocks = list(self.restocks)
        rnd.history = list(self.history)
        rnd.result = self.result
        return rnd


def new_round(
    options: IndianOptions,
    n_seats: int,
    round_index: int,
    rng: random.Random,
    match: MatchContext | None = None,
) -> IndianRound:
    """``VariantSpec.new_round``: a deal to the seats in play of ``match``."""
    return IndianRound.deal(options, n_seats, round_index, rng, match=match)
