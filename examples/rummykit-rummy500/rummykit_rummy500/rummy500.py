"""Rummy 500 (rules.md beside this file) as a rummykit variant, on rummykit's
public API only.

A round keeps every hand as a bitmask (bit ``card`` set; cards are ints
0..51, ``suit * 13 + rank``, rank 0 the ace), the stock (top last), the
spread discard pile (bottom first, top last, every card public), the melds on
the table with the seat that laid each, and the points each seat has laid
this round. A seat's round score is what it laid less the value of the cards
left in its hand, so it may be negative: the spec says ``negative_scores``,
and its match rule is first to ``target`` (or ``deals`` deals).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rummykit import (
    DECK_SIZE,
    DRAW_STOCK,
    TAKE_DISCARD,
    Action,
    Event,
    HandReport,
    HandSummary,
    MatchRule,
    MoveWords,
    Round,
    RoundResult,
    TableMeld,
    VariantSpec,
    View,
    all_melds,
    card_ref,
    from_mask,
    in_rank_order,
    is_meld,
    points,
    sorted_cards,
    to_mask,
)

NAME = "rummy500"
DISCARD = "discard"
MELD = "meld"
ADD = "add"
DIG = "dig"

#: What ``rummy rules rummy500`` shows (and the "rules" command during a game).
RULES = resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


class Rummy500Options(BaseModel):
    """The options (``rummy play rummy500 -o target=300``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    target: int = Field(500, ge=1, le=10_000, description="the match ends when a total reaches this")
    deals: int = Field(
        0, ge=0, le=100, description="play this many deals, highest total wins; 0: play to the target"
    )
    max_turns: int = Field(
        300, ge=10, le=10_000, description="engine limit: the round ends after this many turns"
    )


def hand_size(n_seats: int) -> int:
    """13 cards each for two players, 7 for three or four."""
    return 13 if n_seats == 2 else 7


def low_run(cards: Sequence[int]) -> bool:
    """Whether ``cards`` (a meld) is a run holding the ace and the 2 of its suit:
    there the ace counts 1."""
    ranks = {c % 13 for c in cards}
    return len({c // 13 for c in cards}) == 1 and 0 in ranks and 1 in ranks


def card_value(card: int, low: bool = False) -> int:
    """Ace 15 (1 in a low run, ``low``), K Q J 10, the others their face value."""
    return points(card, ace=1 if low else 15)


def meld_value(cards: Sequence[int]) -> int:
    low = low_run(cards)
    return sum(card_value(c, low) for c in cards)


def hand_value(hand: int) -> int:
    """What the cards of ``hand`` (a bitmask) count against their holder."""
    return sum(card_value(c) for c in from_mask(hand))


def melds_in(hand: int) -> list[int]:
    """Every meld (a bitmask) in ``hand``: sets, runs with the ace low or high."""
    return sorted(set(all_melds(hand, False)) | set(all_melds(hand, True)))


def fits(meld: Sequence[int], card: int) -> bool:
    """Whether ``card`` may be added to the table meld ``meld``."""
    cards = [*meld, card]
    return is_meld(cards, False) or is_meld(cards, True)


def in_order(cards: Sequence[int]) -> tuple[int, ...]:
    """A meld in the order shown: rank order, the ace last in a high run."""
    high = 0 in {c % 13 for c in cards} and 12 in {c % 13 for c in cards} and not low_run(cards)
    return tuple(in_rank_order(cards, high))


class Rummy500Round(Round):
    """One deal of Rummy 500. Only the engine changes it, through ``apply``."""

    variant = NAME

    def __init__(self, options: Rummy500Options, n_seats: int, round_index: int, rng: random.Random) -> None:
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        k = hand_size(n_seats)
        self.options = options
        self.n_seats = n_seats
        self.round_index = round_index
        self.hands = [to_mask(deck[s * k : (s + 1) * k]) for s in range(n_seats)]
        self.discard = [deck[n_seats * k]]  # spread: bottom first, top last
        self.stock = deck[n_seats * k + 1 :]  # top last
        self.table: list[tuple[int, tuple[int, ...]]] = []  # (who laid it, cards in order)
        self.laid = [0] * n_seats  # points laid this round, per seat
        self.additions: list[tuple[int, int, int]] = []  # (seat, card, meld number)
        self.seat_to_act = round_index % n_seats
        self.drawn = False
        self.taken: int | None = None  # the top discard taken this turn: not to be discarded
        self.must_use: int | None = None  # the card dug: the next move must use it
        self.turns = 0
        self.out: int | None = None  # the seat that went out
        self.history: list[Event] = []
        self.result: RoundResult | None = None
        self.legal_cache: tuple[Action, ...] | None = None

    # -- the contract --------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.result is not None else self.seat_to_act

    def legal_actions(self) -> tuple[Action, ...]:
        if self.result is not None:
            return ()
        if self.legal_cache is None:
            self.legal_cache = tuple(self.draws() if not self.drawn else self.plays())
        return self.legal_cache

    def draws(self) -> list[Action]:
        moves = [Action(DRAW_STOCK)] if self.stock else []
        if self.discard:
            moves.append(Action(TAKE_DISCARD))
        hand = self.hands[self.seat_to_act]
        above = 1 << self.discard[-1] if self.discard else 0
        for i in range(len(self.discard) - 2, -1, -1):
            card = self.discard[i]
            above |= 1 << card
            if self.usable(card, hand | above):
                moves.append(Action(DIG, (card,)))
        return moves

    def usable(self, card: int, hand: int) -> bool:
        """Whether ``card`` can go into a meld from ``hand`` or onto a table meld."""
        if any(fits(cards, card) for _, cards in self.table):
            return True
        return any(m >> card & 1 for m in melds_in(hand))

    def plays(self) -> list[Action]:
        hand = self.hands[self.seat_to_act]
        need = self.must_use
        moves = []
        for m in melds_in(hand):
            if need is None or m >> need & 1:
                moves.append(Action(MELD, in_order(from_mask(m))))
        cards = sorted_cards(from_mask(hand)) if need is None else [need]
        for n, (_, meld) in enumerate(self.table, 1):
            for c in cards:
                if fits(meld, c):
                    moves.append(Action(ADD, (c,), n))
        if need is None:
            only_taken = hand == (1 << self.taken if self.taken is not None else -1)
            moves += [Action(DISCARD, (c,)) for c in cards if c != self.taken or only_taken]
        return moves

    def perform(self, action: Action) -> Event:
        self.legal_cache = None
        seat = self.seat_to_act
        kind = action.kind
        if kind == DRAW_STOCK:
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.drawn = True
            return Event(seat, action, card, private=True)
        if kind == TAKE_DISCARD:
            card = self.discard.pop()
            self.hands[seat] |= 1 << card
            self.drawn, self.taken = True, card
            return Event(seat, action, card)
        if kind == DIG:
            (card,) = action.cards
            at = self.discard.index(card)
            self.hands[seat] |= to_mask(self.discard[at:])
            del self.discard[at:]
            self.drawn, self.must_use = True, card
            return Event(seat, action)
        self.must_use = None
        if kind == MELD:
            self.hands[seat] &= ~to_mask(action.cards)
            self.table.append((seat, tuple(action.cards)))
            self.laid[seat] += meld_value(action.cards)
        elif kind == ADD:
            (card,) = action.cards
            assert action.target is not None
            owner, meld = self.table[action.target - 1]
            grown = in_order([*meld, card])
            self.table[action.target - 1] = (owner, grown)
            self.hands[seat] &= ~(1 << card)
            self.laid[seat] += card_value(card, low_run(grown))
            self.additions.append((seat, card, action.target))
        else:  # discard
            (card,) = action.cards
            self.hands[seat] &= ~(1 << card)
            self.discard.append(card)
        if not self.hands[seat]:
            self.out = seat
            self.result = self.score("out")
        elif kind == DISCARD:
            self.end_turn(seat)
        return Event(seat, action)

    def end_turn(self, seat: int) -> None:
        self.turns += 1
        self.drawn, self.taken = False, None
        if not self.stock:
            self.result = self.score("stock")
        elif self.turns >= self.options.max_turns:
            self.result = self.score("limit")
        else:
            self.seat_to_act = (seat + 1) % self.n_seats

    def view(self, seat: int) -> View:
        to_act = self.to_act()
        return View(
            variant=NAME,
            seat=seat,
            n_seats=self.n_seats,
            to_act=to_act,
            hand=tuple(sorted_cards(from_mask(self.hands[seat]))),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            stock_size=len(self.stock),
            discard_pile=tuple(self.discard),
            table=tuple(TableMeld(n, owner, cards) for n, (owner, cards) in enumerate(self.table, 1)),
            history=self.history_seen_by(seat),
            legal=self.legal_actions() if to_act == seat else (),
            round_index=self.round_index,
            extra={
                "phase": "over" if self.result else ("play" if self.drawn else "draw"),
                "laid_points": tuple(self.laid),
                "must_use": self.must_use,
                "taken": self.taken,
            },
            result=self.result,
        )

    def zones(self) -> Mapping[str, Sequence[int]]:
        zones: dict[str, Sequence[int]] = {"stock": list(self.stock), "discard": list(self.discard)}
        for s, hand in enumerate(self.hands):
            zones[f"hand{s}"] = from_mask(hand)
        if self.table:  # (no zone for an empty table: core's re-dealing reads the zones of the deal)
            zones["table"] = [c for _, cards in self.table for c in cards]
        return zones

    def why_illegal(self, action: Action) -> str | None:
        kind = action.kind
        if self.result is not None:
            return None
        if kind in (DRAW_STOCK, TAKE_DISCARD, DIG) and self.drawn:
            return "you have drawn this turn: meld, add or discard"
        if kind in (MELD, ADD, DISCARD) and not self.drawn:
            return "draw first: draw stock, take discard or dig CARD"
        if self.must_use is not None and kind in (MELD, ADD, DISCARD):
            return f"use the card you dug, {card_ref(self.must_use)}, in a meld or an addition first"
        if kind == DIG:
            if not action.cards or action.cards[0] not in self.discard[:-1]:
                return "dig takes a card below the top of the discard pile (take discard takes the top one)"
            return f"you could not use {card_ref(action.cards[0])} in a meld or an addition at once"
        if kind == DISCARD and self.taken in action.cards:
            return "you may not discard the card you just took from the discard pile"
        if kind == MELD:
            return "that is not a meld in your hand: 3 or 4 of a rank, or 3+ in sequence in one suit"
        if kind == ADD:
            return "that card does not fit that table meld"
        return None

    # -- scoring -------------------------------------------------------------

    def score(self, outcome: str) -> RoundResult:
        n = self.n_seats
        left = [hand_value(h) for h in self.hands]
        pts = tuple(self.laid[s] - left[s] for s in range(n))
        best = max(pts)
        winner = pts.index(best) if pts.count(best) == 1 else None
        reports = []
        for s in range(n):
            melds = tuple(cards for owner, cards in self.table if owner == s)
            added = tuple((c, self.table[n - 1][1]) for who, c, n in self.additions if who == s)
            reports.append(
                HandReport(
                    seat=s,
                    cards=tuple(sorted_cards(from_mask(self.hands[s]))),
                    melds=melds,
                    layoffs=added,
                    deadwood=tuple(sorted_cards(from_mask(self.hands[s]))),
                    points=left[s],
                )
            )
        if outcome == "out":
            head = f"{{{self.out}}} goes out"
        elif outcome == "stock":
            head = "the stock is empty"
        else:
            head = f"the round reaches the engine limit of {self.options.max_turns} turns"
        text = [head]
        for s in range(n):
            text.append(f"{{{s}}} laid {self.laid[s]}, {left[s]} left in hand: {pts[s]:+d}")
        return RoundResult(
            points=pts,
            outcome=outcome,
            winner=winner,
            hands=tuple(reports),
            text=tuple(text),
            counts={"went_out": 1 if outcome == "out" else 0},
        )


def new_round(options: Rummy500Options, n_seats: int, round_index: int, rng: random.Random) -> Rummy500Round:
    return Rummy500Round(options, n_seats, round_index, rng)


def match_rule(options: Rummy500Options) -> MatchRule:
    """First to ``target``; ``deals`` deals when that option is set."""
    return MatchRule.deals(options.deals) if options.deals else MatchRule.first_to(options.target)


def best_melds(hand: int) -> list[int]:
    """Melds of ``hand`` (bitmasks) chosen greedily, the most valuable first,
    no card in two."""
    chosen: list[int] = []
    used = 0
    for m in sorted(melds_in(hand), key=lambda m: (-meld_value(from_mask(m)), m)):
        if not m & used:
            chosen.append(m)
            used |= m
    return chosen


def summary(view: View, options: Rummy500Options) -> HandSummary:
    """The hand with the melds it holds, and what it would count against you now."""
    hand = to_mask(view.hand)
    melds = best_melds(hand)
    used = 0
    for m in melds:
        used |= m
    return HandSummary(
        melds=tuple(in_order(from_mask(m)) for m in melds),
        loose=tuple(sorted_cards(from_mask(hand & ~used))),
        label=f"hand value {hand_value(hand)}",
    )


def spread_pile(view: View) -> str | None:
    """The whole discard pile, bottom to top, for the table display: a dig may
    take any card of it. Cards are written with ``card_ref``, shown the
    session's way."""
    if len(view.discard_pile) < 2:
        return None
    return "discard pile, bottom to top: " + " ".join(card_ref(c) for c in view.discard_pile)


MOVES = (
    MoveWords(
        MELD,
        short="m",
        does="melds {cards}",
        did="melded {cards}",
        usage="m CARDS",
        help="lay a meld of 3 or more cards from your hand; its cards score for you now",
    ),
    MoveWords(
        ADD,
        short="a",
        does="adds {cards} to meld {target}",
        did="added {cards} to meld {target}",
        usage="a CARD N",
        help="add a card to table meld N, anyone's; it scores for you now",
    ),
    MoveWords(
        DIG,
        does="digs {cards} out of the discard pile, with every card above it",
        did="dug {cards} out of the discard pile, with every card above it",
        usage="dig CARD",
        help="take that card of the spread discard pile and every card above it; use it in a meld at once",
    ),
)


def action_codec(spec: VariantSpec, n_seats: int) -> Any:
    """The learning environment's action space (``rummykit.env``): core's
    standard codec with ``dig CARD`` as a one-card move that takes from the pile
    (the card and every card above it; not a discard), and runs with the ace low
    or high."""
    from rummykit.env.codec import StandardCodec

    return StandardCodec(
        [DISCARD, DIG], meld=True, add=True, ace_high="both", pile_kinds=[DISCARD], dig_kinds=[DIG]
    )


SPEC = VariantSpec(
    name=NAME,
    title="Rummy 500",
    min_players=2,
    max_players=4,
    options_model=Rummy500Options,
    new_round=new_round,
    rules_text=RULES,
    description="2-4 players; melds score when laid, cards in hand count against, dig the discards, to 500",
    match_rule=match_rule,
    negative_scores=True,
    hand_summary=summary,
    moves=MOVES,
    table_summary=spread_pile,
    action_codec=action_codec,
)
