"""A tiny variant for testing the core without any real ruleset.

Two or three players, 3 cards each; a turn is "draw stock" then "discard X".
The round ends when the stock is empty after a discard, or when a player
discards while holding three cards of one suit ("knock X"); the lowest hand
value wins the others' hand values.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rummykit.core.cards.card import points, suit_of
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.core.engine.round import Event, HandReport, Round, RoundResult, View
from rummykit.core.engine.vocabulary import MoveWords
from rummykit.core.plugins.registry import VariantSpec


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = Field(20, ge=1, le=1000, description="points to win the match")
    stock_cards: int = Field(12, ge=0, le=40)


class ToyRound(Round):
    variant = "toy"

    def __init__(self, options, n_seats, round_index, rng):
        deck = list(range(52))
        rng.shuffle(deck)
        self.n_seats = n_seats
        self.hands = [sorted(deck[i * 3 : i * 3 + 3]) for i in range(n_seats)]
        rest = deck[n_seats * 3 :]
        self.discard = [rest.pop()]
        self.stock = rest[: options.stock_cards]
        self.out = rest[options.stock_cards :]  # never used: a "box"
        self.seat = round_index % n_seats
        self.drawn = False
        self.history = []
        self.result = None

    def to_act(self):
        return None if self.result else self.seat

    def legal_actions(self):
        if self.result:
            return ()
        if not self.drawn:
            return (Action(DRAW_STOCK),)
        hand = self.hands[self.seat]
        out = [Action("discard", (c,)) for c in hand]
        for c in hand:
            rest = [x for x in hand if x != c]
            if len({suit_of(x) for x in rest}) == 1:
                out.append(Action("knock", (c,)))
        return tuple(out)

    def perform(self, action):
        hand = self.hands[self.seat]
        if action.kind == DRAW_STOCK:
            card = self.stock.pop()
            hand.append(card)
            self.drawn = True
            return Event(self.seat, action, card, private=True)
        (card,) = action.cards
        hand.remove(card)
        self.discard.append(card)
        event = Event(self.seat, action)
        self.drawn = False
        if action.kind == "knock" or not self.stock:
            self._finish()
        else:
            self.seat = (self.seat + 1) % self.n_seats
        return event

    def _finish(self):
        values = [sum(points(c) for c in h) for h in self.hands]
        win = values.index(min(values))
        pts = [0] * self.n_seats
        pts[win] = sum(values) - values[win]
        self.result = RoundResult(
            points=tuple(pts),
            outcome="end",
            winner=win,
            hands=tuple(
                HandReport(s, tuple(sorted(h)), deadwood=tuple(sorted(h)), points=values[s])
                for s, h in enumerate(self.hands)
            ),
            text=(f"{{{win}}} wins the round",),
        )

    def why_illegal(self, action):
        if action.kind == "discard" and not self.drawn:
            return "draw first"
        return None

    def view(self, seat):
        return View(
            variant="toy",
            seat=seat,
            n_seats=self.n_seats,
            to_act=self.to_act(),
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            discard_pile=tuple(self.discard),
            history=tuple(e.seen_by(seat) for e in self.history),
            legal=tuple(self.legal_actions()) if seat == self.to_act() else (),
            result=self.result,
        )

    def zones(self):
        z = {"stock": self.stock, "discard": self.discard, "box": self.out}
        for i, h in enumerate(self.hands):
            z[f"hand{i}"] = h
        return z


TOY = VariantSpec(
    name="toy",
    title="Toy Rummy",
    min_players=2,
    max_players=3,
    options_model=ToyOptions,
    new_round=ToyRound,
    rules_text="Draw, discard; a flush knocks.",
    moves=(MoveWords("knock"),),  # a kind of its own: rummykit.env's codec numbers it
)
