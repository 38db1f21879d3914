"""Knock Rummy with elimination (RULES below) as a rummykit variant, on
rummykit's public API only.

Two parts: the round (:class:`KnockRummyRound`: one hand, dealt only to the
seats in play of its :class:`~rummykit.MatchContext`) and the match rule
(:class:`Elimination`, a :class:`~rummykit.MatchRule` subclass: a dealer drawn
by lot, the deal passing left among the players still in, a player whose
penalty total reaches ``target`` out of the match, the last one left the
winner). Cards are ints 0..51 (``suit * 13 + rank``, rank 0 the ace); a hand
is a bitmask (bit ``card`` set).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rummykit import (
    DECK_SIZE,
    DRAW_STOCK,
    TAKE_DISCARD,
    Action,
    Column,
    Event,
    HandReport,
    HandSummary,
    MatchContext,
    MatchRule,
    MoveWords,
    Round,
    RoundResult,
    VariantSpec,
    View,
    card_ref,
    code,
    from_mask,
    get_solver,
    sorted_cards,
    to_mask,
)

NAME = "knockrummy"
DISCARD = "discard"
KNOCK = "knock"
SOLVER = get_solver(ace_high=False, ace_points=1)  # least deadwood, ace low

#: What ``rummy rules knockrummy`` shows (and the "rules" command during a game).
RULES = """\
Knock Rummy, 2 to 5 players, with elimination.

**Deal.** The first dealer is drawn by lot; the deal then passes to the left,
among the players still in the match. Each player gets 10 cards with two
players, 7 with three or four, 6 with five (counting the players dealt in).
The next card face up starts the discard pile; the rest is the stock. The
player left of the dealer plays first; the dealer plays too, last.

**Cards.** Ace low (A-2-3 is a run, Q-K-A is not); J, Q, K count 10, the
others their face value. A meld is a set (3 or 4 cards of one rank) or a run
(3 or more cards of one suit in sequence). Nothing is melded on the table
during play.

**Turn.** Draw the top card of the stock (draw stock) or of the discard pile
(take discard), then discard one card (discard 7H), but not the card just
taken from the discard pile.

**Knock.** Instead of a plain discard a player may knock (knock 7H): they
discard that card and the hand ends at once, whatever their deadwood, on any
turn, the first included. Every hand is then shown and melded at its best
(the melds leaving the least deadwood, chosen by the engine). There are no
layoffs.

**Scoring (penalty points).** The lowest deadwood wins the hand and pays
nothing; every other player takes the difference between their deadwood and
the winner's as penalty points.
- The knocker loses ties: a player with the knocker's deadwood beats them.
  Players tied for lowest, the knocker aside: the first of them in order of
  play after the knocker is named the winner (the others pay 0 anyway).
- A knocker who does not win takes `knock_penalty` (10) penalty points more.
- A knock with no deadwood at all is a **rummy**: the knocker wins (nobody
  beats it, a 0 of another player included) and every other player takes their
  deadwood plus `rummy_bonus` (25).

**Stock.** When a plain discard leaves the stock empty, the hand ends with no
score (and the deal passes on).

**Elimination.** A player whose penalty total reaches `target` (100) is out
of the match and is never dealt in again. The last player left wins the match;
the others rank in the reverse order of going out (going out in the same hand:
the lower total ranks higher, then the seat).
"""


class KnockRummyOptions(BaseModel):
    """The options (``rummy play knockrummy -o target=50``); each one validated."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    target: int = Field(
        100, ge=1, le=10_000, description="a player whose penalty total reaches this is out of the match"
    )
    knock_penalty: int = Field(
        10, ge=0, le=100, description="extra penalty points for a knocker who does not win the hand"
    )
    rummy_bonus: int = Field(
        25, ge=0, le=100, description="extra penalty points each other player takes after a rummy"
    )
    max_turns: int = Field(
        300, ge=10, le=10_000, description="engine limit: a hand ends with no score after this many turns"
    )


def hand_size(players: int) -> int:
    """Cards dealt to each of ``players`` players: 10 for two, 7 for three or
    four, 6 for five."""
    return 10 if players == 2 else 7 if players <= 4 else 6


def settle(
    deadwood: Mapping[int, int], knocker: int, order: Sequence[int], options: KnockRummyOptions
) -> tuple[int, dict[int, int]]:
    """The winner of a knocked hand and each player's penalty points.

    ``deadwood`` maps each player in the hand to their least deadwood;
    ``order`` is the order of play (every player of ``deadwood``); the knocker
    loses ties; a rummy (a knock with 0) always wins."""
    after = order.index(knocker)
    others = [order[(after + i) % len(order)] for i in range(1, len(order))]
    if deadwood[knocker] == 0:
        return knocker, {s: (0 if s == knocker else deadwood[s] + options.rummy_bonus) for s in order}
    low = min(deadwood[s] for s in order)
    winner = knocker if deadwood[knocker] < min(deadwood[s] for s in others) else None
    if winner is None:
        winner = next(s for s in others if deadwood[s] == low)
    penalty = {s: deadwood[s] - deadwood[winner] for s in order}
    if winner != knocker:
        penalty[knocker] += options.knock_penalty
    return winner, penalty


class KnockRummyRound(Round):
    """One hand. Only the engine changes this state: core's ``apply`` checks a
    move, then calls ``perform``.

    ``playing`` is the seats dealt in, in order of play (``match.seats``);
    ``hands`` a bitmask per seat of the match (0 for a seat not dealt in);
    ``stock`` top last; ``discard`` bottom first, top last."""

    variant = NAME
    # What Round.clone copies (the lists a move changes in place); everything
    # else is immutable or replaced.
    copied = (*Round.copied, "hands", "discard", "stock")

    def __init__(
        self,
        options: KnockRummyOptions,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        match: MatchContext | None = None,
    ) -> None:
        context = match if match is not None else MatchContext.every_seat(n_seats, round_index)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)  # the only chance: the generator the match gives
        self.options = options
        self.n_seats = n_seats
        self.round_index = round_index
        self.playing = tuple(context.seats)
        k = hand_size(len(self.playing))
        self.hands = [0] * n_seats
        for i, seat in enumerate(self.playing):
            self.hands[seat] = to_mask(deck[i * k : (i + 1) * k])
        dealt = k * len(self.playing)
        self.discard = [deck[dealt]]
        self.stock = deck[dealt + 1 :]
        self.seat_to_act = self.playing[0]
        self.drawn = False
        self.taken: int | None = None  # the card just taken from the discard pile
        self.turns = 0
        self.knocker: int | None = None
        self.history: list[Event] = []
        self.result: RoundResult | None = None
        self.legal_cache: tuple[Action, ...] | None = None

    # -- the contract ----------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.result is not None else self.seat_to_act

    def legal_actions(self) -> tuple[Action, ...]:
        if self.legal_cache is None:
            self.legal_cache = self.moves()
        return self.legal_cache

    def moves(self) -> tuple[Action, ...]:
        """The legal moves now: a draw, or a discard or a knock with each card
        but the one just taken."""
        if self.result is not None:
            return ()
        if not self.drawn:
            draws = [Action(DRAW_STOCK)] if self.stock else []
            return (*draws, Action(TAKE_DISCARD)) if self.discard else tuple(draws)
        cards = [c for c in sorted_cards(from_mask(self.hands[self.seat_to_act])) if c != self.taken]
        return (*(Action(DISCARD, (c,)) for c in cards), *(Action(KNOCK, (c,)) for c in cards))

    def perform(self, action: Action) -> Event:
        seat = self.seat_to_act
        self.legal_cache = None
        if action.kind == DRAW_STOCK:
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.drawn, self.taken = True, None
            return Event(seat, action, card, private=True)  # only the drawer sees it
        if action.kind == TAKE_DISCARD:
            card = self.discard.pop()
            self.hands[seat] |= 1 << card
            self.drawn, self.taken = True, card
            return Event(seat, action, card)
        (card,) = action.cards
        self.hands[seat] &= ~(1 << card)
        self.discard.append(card)
        self.drawn, self.taken = False, None
        self.turns += 1
        if action.kind == KNOCK:
            self.knocker = seat
            self.result = self.showdown(seat)
        elif not self.stock:
            self.result = self.no_score("the stock is empty: the hand ends with no score")
        elif self.turns >= self.options.max_turns:
            self.result = self.no_score(
                f"the hand reaches the engine limit of {self.options.max_turns} turns: no score"
            )
        else:
            at = self.playing.index(seat)
            self.seat_to_act = self.playing[(at + 1) % len(self.playing)]
        return Event(seat, action)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand, every hand's size (0 for a seat
        not dealt in), the discard pile, the stock size."""
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
            history=self.history_seen_by(seat),
            legal=self.legal_actions() if to_act == seat else (),
            round_index=self.round_index,
            extra={
                "phase": "over" if self.result else ("discard" if self.drawn else "draw"),
                "taken": self.taken,
                "turn": self.turns + (0 if self.result else 1),
            },
            result=self.result,
        )

    def zones(self) -> Mapping[str, Sequence[int]]:
        zones: dict[str, Sequence[int]] = {"stock": list(self.stock), "discard": list(self.discard)}
        for s, hand in enumerate(self.hands):
            zones[f"hand{s}"] = from_mask(hand)
        return zones

    def why_illegal(self, action: Action) -> str | None:
        if self.result is not None:
            return "the hand is over"
        kind = action.kind
        if kind in (DRAW_STOCK, TAKE_DISCARD):
            if self.drawn:
                return "you have already drawn this turn; now discard or knock with one card"
            if kind == DRAW_STOCK and not self.stock:
                return "the stock is empty"
            if kind == TAKE_DISCARD and not self.discard:
                return "the discard pile is empty; draw stock"
            return None
        if kind not in (DISCARD, KNOCK):
            return f"there is no move {kind!r} in {NAME} (moves: draw stock, take discard, discard, knock)"
        if not self.drawn:
            return "draw first: draw stock or take discard"
        if len(action.cards) != 1:
            return f"{kind} takes exactly one card, like '{kind} 7H'"
        (card,) = action.cards
        if not self.hands[self.seat_to_act] >> card & 1:
            return f"you do not hold {code(card)}"
        if card == self.taken:
            return "you may not discard the card you just took from the discard pile"
        return None

    # -- the end of a hand ------------------------------------------------------

    def reports(self) -> tuple[tuple[HandReport, ...], dict[int, int]]:
        """The hand of every player in it, melded at its best (a seat not dealt
        in has none to show), and each one's deadwood."""
        reports, deadwood = [], {}
        for s in sorted(self.playing):
            hand = self.hands[s]
            points, melds = SOLVER.arrangement(hand)
            melded = 0
            for m in melds:
                melded |= m
            deadwood[s] = points
            reports.append(
                HandReport(
                    seat=s,
                    cards=tuple(sorted_cards(from_mask(hand))),
                    melds=tuple(tuple(sorted_cards(from_mask(m))) for m in melds),
                    deadwood=tuple(sorted_cards(from_mask(hand & ~melded))),
                    points=points,
                )
            )
        return tuple(reports), deadwood

    def showdown(self, knocker: int) -> RoundResult:
        reports, deadwood = self.reports()
        winner, penalty = settle(deadwood, knocker, self.playing, self.options)
        rummy = deadwood[knocker] == 0
        k, w = f"{{{knocker}}}", f"{{{winner}}}"
        last = card_ref(self.discard[-1])
        if rummy:
            text = [f"{k} knocks discarding {last} with no deadwood: rummy"]
        elif winner == knocker:
            text = [f"{k} knocks discarding {last} with {deadwood[knocker]} and wins the hand"]
        else:
            text = [
                f"{k} knocks discarding {last} with {deadwood[knocker]}; "
                f"{w} wins the hand with {deadwood[winner]}"
            ]
        for s in self.playing[self.playing.index(knocker) :] + self.playing[: self.playing.index(knocker)]:
            if s == winner:
                continue
            why = f"{deadwood[s]} + {self.options.rummy_bonus} rummy bonus" if rummy else None
            if why is None:
                why = f"{deadwood[s]} - {deadwood[winner]}"
                if s == knocker:
                    why += f" + {self.options.knock_penalty} knock penalty"
            text.append(f"{{{s}}} takes {penalty[s]} penalty points ({why})")
        return RoundResult(
            points=tuple(penalty.get(s, 0) for s in range(self.n_seats)),
            outcome="rummy" if rummy else ("knock" if winner == knocker else "beaten knock"),
            winner=winner,
            hands=reports,
            text=tuple(text),
            counts={
                "knocks_won": int(winner == knocker and not rummy),
                "rummies": int(rummy),
                "knocks_beaten": int(winner != knocker),
                "no_score": 0,
            },
        )

    def no_score(self, why: str) -> RoundResult:
        reports, _ = self.reports()
        return RoundResult(
            points=(0,) * self.n_seats,
            outcome="no score",
            winner=None,
            hands=reports,
            text=(why,),
            counts={"knocks_won": 0, "rummies": 0, "knocks_beaten": 0, "no_score": 1},
        )


def new_round(
    options: KnockRummyOptions,
    n_seats: int,
    round_index: int,
    rng: random.Random,
    match: MatchContext | None = None,
) -> KnockRummyRound:
    """A hand dealt to the seats in play of ``match`` (every seat without one)."""
    return KnockRummyRound(options, n_seats, round_index, rng, match=match)


class Elimination(MatchRule):
    """Knock Rummy's match: the first dealer drawn by lot, the deal passing
    left among the players still in; a player whose penalty total reaches
    ``limit`` is out (never dealt in again); the last one left wins. The
    ranking: the winner, then the players out, the last out first."""

    went_out: list[list[int]]  # the seats out, hand by hand, each hand's best first

    def __init__(self, limit: int = 100) -> None:
        super().__init__("elimination", limit, lowest_wins=True)

    def start(self, n_seats: int, rng: random.Random) -> None:
        super().start(n_seats, rng)  # totals, rounds, dealer = first_dealer(...), out
        self.went_out = []

    def first_dealer(self, n_seats: int, rng: random.Random) -> int | None:
        return rng.randrange(n_seats)  # by lot, from the match's generator

    # seats_in_play() is MatchRule's: every seat not out, from the dealer's left.

    def next_dealer(self, result: RoundResult, context: MatchContext) -> int | None:
        """The next player still in to the left of this hand's dealer (the
        totals already count the hand, so a player it puts out is passed over)."""
        dealer = context.dealer if context.dealer is not None else 0
        for step in range(1, self.n_seats + 1):
            seat = (dealer + step) % self.n_seats
            if seat not in self.out and self.totals[seat] < self.limit:
                return seat
        return dealer

    def record(self, result: RoundResult, context: MatchContext) -> None:
        super().record(result, context)  # the points, the hands won, the next dealer
        gone = sorted(
            (s for s in context.seats if self.totals[s] >= self.limit), key=lambda s: (self.totals[s], s)
        )
        if gone:
            self.out.extend(gone)
            self.went_out.append(gone)

    def left(self) -> list[int]:
        """The seats still in the match."""
        return [s for s in range(self.n_seats) if s not in self.out]

    def is_over(self) -> bool:
        return len(self.left()) <= 1

    def winners(self) -> tuple[int, ...]:
        left = self.left()
        return tuple(left) if len(left) == 1 else ()

    def ranking(self) -> tuple[int, ...]:
        left = sorted(self.left(), key=lambda s: (self.totals[s], s))
        return (*left, *(s for hand in reversed(self.went_out) for s in hand))

    def columns(self) -> tuple[Column, ...]:
        place = {s: i + 1 for i, s in enumerate(self.ranking())}
        return (
            Column("Penalty", tuple(self.totals)),
            Column(
                "Place",
                tuple(place[s] if s in self.out else None for s in range(self.n_seats)),
                note="the final place of a player out of the match",
            ),
        )

    def facts(self) -> Mapping[str, Any]:
        return {"out_at": self.limit}

    def state(self) -> dict[str, Any]:
        return {**super().state(), "went_out": [list(hand) for hand in self.went_out]}

    def describe(self) -> str:
        return f"a player reaching {self.limit} penalty points is out; the last one left wins"

    def short(self) -> str:
        return f"out at {self.limit}"


def summary(view: View, options: KnockRummyOptions) -> HandSummary:
    """The hand melded at its best, with its deadwood (what it would count if
    the hand ended now)."""
    deadwood, melds = SOLVER.arrangement(to_mask(view.hand))
    melded = 0
    for m in melds:
        melded |= m
    return HandSummary(
        melds=tuple(tuple(sorted_cards(from_mask(m))) for m in melds),
        loose=tuple(sorted_cards(from_mask(to_mask(view.hand) & ~melded))),
        label=f"deadwood {deadwood}",
    )


def match_rule(options: KnockRummyOptions) -> MatchRule:
    """Elimination at ``options.target`` penalty points."""
    return Elimination(options.target)


SPEC = VariantSpec(
    name=NAME,
    title="Knock Rummy",
    min_players=2,
    max_players=5,
    options_model=KnockRummyOptions,
    new_round=new_round,
    rules_text=RULES,
    description="2-5 players; knock with any deadwood, lowest hand wins; out at 100 penalty points",
    match_rule=match_rule,
    hand_summary=summary,
    moves=(
        MoveWords(
            KNOCK,
            short="k",  # "k 7h" may be typed for "knock 7H"
            usage="k CARD",
            does="knocks, discarding {cards}",
            did="knocked, discarding {cards}",
            help="discard a card and end the hand: every hand is shown, the lowest deadwood wins",
        ),
    ),
)
