"""Beliefs: how likely each opponent holds each card it has not shown, read from
what it did in the seat's sight, and deals drawn by them.

A uniform re-deal (:meth:`InfoState.sample <rummykit.core.engine.resample.InfoState.sample>`)
treats every unseen card as equally likely in every hand. Players do not hold
cards at random: a player who took a card from the pile keeps the cards it
makes melds with; one that passed on an upcard (drew from the stock instead,
or declined it when offered: :data:`~rummykit.core.bots.seen.PASS_KINDS`) or
threw a card away is less likely to hold that card's meld partners. A
:class:`CardModel` turns those public facts (:mod:`rummykit.core.bots.seen`: the
seat's own view, nothing else) into a weight per opponent and card, and
:meth:`Beliefs.sample` deals the unseen cards with them
(:meth:`InfoState.deal`'s ``weights``): the cards in an opponent's hand are
drawn without replacement in proportion to their weights, the rest of the
unseen cards lie uniformly in the other hidden places. Card counts, the cards
shown and where each could have come from stay exactly as the information
state says; only which unseen card lies where is weighted.

The weight of card ``c`` for opponent ``o`` is ``exp(score)``, with score the
sum over the cards ``t`` that ``o`` showed of ``near(c, t)`` times
:attr:`CardModel.took` (``t`` taken from the pile and still held),
:attr:`CardModel.passed` (an upcard it passed on) or :attr:`CardModel.threw`
(a card it discarded); ``near`` is 1 for a card of the same rank or an adjacent
rank of the same suit, one half for two ranks apart in the suit (a run's ace
may be high or low: both count), else 0. The weights were chosen on rounds of
every level of bot of both built-in variants by the log-likelihood of the true
hidden hands (benchmarks/bench_beliefs.py; docs/bots.md, "Beliefs"). A variant
may give its own model (a subclass with other weights or another
:meth:`CardModel.weights`).

Weights per card cannot say what a player's choices tell of its hand as a
whole (one that could have laid a meld down and did not holds no meld, or
holds its melds back). A model may also give a likelihood of whole hands,
:meth:`CardModel.hands`: ``keep(opponent, cards)``, the chance (0 to 1) that
an opponent that did what it did holds these unseen cards, relative to the
likeliest hand. The deal then keeps each opponent's hand drawn by the weights
with that chance and otherwise draws it again, :attr:`CardModel.tries` draws
at most (:class:`~rummykit.core.engine.resample.Weights`; rejection sampling,
the last draw kept when every one was refused). Core's model gives none: its
deals are the weights' alone, draw for draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummykit.core.bots.seen import Seen, SeenReader
from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.engine.resample import Weights

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummykit.core.engine.resample import InfoState
    from rummykit.core.engine.round import Round, View

__all__ = ["NEAR", "Beliefs", "CardModel", "Weights", "belief_sample", "table_fits"]


def _near(c: int, t: int) -> float:
    if c == t:
        return 0.0
    if c % 13 == t % 13:
        return 1.0
    if c // 13 != t // 13:
        return 0.0
    d = abs(c % 13 - t % 13)
    d = min(d, 13 - d)  # the ace next to the two and to the king
    return 1.0 if d == 1 else 0.5 if d == 2 else 0.0


#: ``NEAR[c][t]``: how close card ``c`` is to card ``t`` as a meld partner (see the module).
NEAR: tuple[tuple[float, ...], ...] = tuple(
    tuple(_near(c, t) for t in range(DECK_SIZE)) for c in range(DECK_SIZE)
)


@dataclass(frozen=True)
class CardModel:
    """How an opponent's public moves change the odds that it holds a card (see
    the module). The three weights are log-odds per unit of closeness."""

    took: float = 0.5
    passed: float = -0.6
    threw: float = -0.6
    fits: float = 0.0
    #: Draws of an opponent's hand at most when :meth:`hands` gives a likelihood.
    tries: int = 8
    #: The table melds an opponent's weights see: all of them (``False``), or
    #: only those no card was laid on since its last turn (``True``:
    #: :meth:`Beliefs.table_seen`).
    table_since_turn: bool = False

    def hands(self, seen: Seen, view: View) -> Callable[[int, list[int]], float] | None:
        """The likelihood of whole hands (see the module): ``keep(opponent,
        cards)``, the chance in 0..1 to keep ``cards`` (the unseen cards drawn
        for ``opponent``'s hand) given what it did, read from ``seen`` and
        ``view`` alone; ``None`` (core's model): no such likelihood."""
        return None

    def scores(self, seen: Seen, opponent: int, table: Sequence[Sequence[int]] = ()) -> list[float]:
        """The log-weight of every card for ``opponent`` (0: no evidence);
        ``table``: the melds on the table (each a card list)."""
        out = [0.0] * DECK_SIZE
        if self.fits and seen.turns[opponent] > 0:
            for c in table_fits(table):
                out[c] += self.fits
        facts: list[tuple[int, float]] = []
        held, passed = seen.held[opponent], seen.passed[opponent]
        for t in range(DECK_SIZE):
            if held >> t & 1:
                facts.append((t, self.took))
            if passed >> t & 1:
                facts.append((t, self.passed))
        facts.extend((t, self.threw) for t in seen.discards[opponent])
        for t, w in facts:
            if not w or t >= DECK_SIZE:  # a declared deck's copy or joker: no neighbours known
                continue
            for c, near in enumerate(NEAR[t]):
                if near:
                    out[c] += w * near
        return out

    def weights(self, seen: Seen, opponent: int, table: Sequence[Sequence[int]] = ()) -> list[float]:
        """The weight (above 0) of every card for ``opponent``."""
        return [math.exp(max(-30.0, min(30.0, s))) for s in self.scores(seen, opponent, table)]


def table_fits(table: Sequence[Sequence[int]]) -> set[int]:
    """The cards that could be added to the melds ``table``: the missing suits
    of a set of three, the card at either end of a run (its ace high or low)."""
    out: set[int] = set()
    for meld in table:
        if not meld:
            continue
        ranks = {c % 13 for c in meld}
        if len(ranks) == 1:
            if len(meld) == 3:
                r = meld[0] % 13
                out.update(s * 13 + r for s in range(4))
        else:
            suit = meld[0] // 13
            lo, hi = min(ranks), max(ranks)
            if lo == 0 and 12 in ranks:  # an ace-high run: Q-K-A
                hi, lo = 13, min(r for r in ranks if r != 0)
            for r in (lo - 1, hi + 1):
                if 0 <= r <= 13:
                    out.add(suit * 13 + r % 13)
    return out - {c for meld in table for c in meld}


class Beliefs:
    """A seat's beliefs about the hands it cannot see: its :class:`CardModel`
    applied to what its view shows. Keeps a :class:`SeenReader`, so following
    one round costs only its new events."""

    def __init__(
        self, model: CardModel | None = None, pile_kinds: Sequence[str] | None = ("discard",)
    ) -> None:
        self.model = model or CardModel()
        self.reader = SeenReader(pile_kinds)

    def weights(self, view: View, info: InfoState | None = None) -> dict[int, list[float]]:
        """Per opponent seat of ``view``, the weight of every card; none (a
        uniform deal) for a round of a declared deck of several copies or
        jokers, which the model's neighbours of the 52 cards do not describe
        (:func:`one_deck`, from ``info`` too when given: a card beyond the 52
        may be out of sight).
        When the model gives a likelihood of whole hands (:meth:`CardModel.hands`),
        a :class:`~rummykit.core.engine.resample.Weights` that carries it."""
        if not one_deck(view, info):
            return {}
        seen = self.reader.read(view)
        since = self.model.table_since_turn
        table = [m.cards for m in view.table]
        out = {
            o: self.model.weights(seen, o, self.table_seen(view, seen, o) if since else table)
            for o in range(view.n_seats)
            if o != view.seat
        }
        keep = self.model.hands(seen, view)
        return out if keep is None else Weights(out, keep, self.model.tries)

    def table_seen(self, view: View, seen: Seen, opponent: int) -> list[tuple[int, ...]]:
        """The melds on the table (each a card tuple) as ``opponent`` left them
        at the end of its last turn: those no card was laid on since (a meld
        laid or added to after its turn says nothing of what it could add)."""
        table = [m.cards for m in view.table]
        kinds = self.reader.pile_kinds
        since = seen.last_discard_at[opponent]
        if not table or kinds is None:
            return table
        laid = {
            c
            for e in view.history[since + 1 :]
            if e.action.kind not in kinds and e.action.kind not in (DRAW_STOCK, TAKE_DISCARD)
            for c in e.action.cards
        }
        return [m for m in table if laid.isdisjoint(m)] if laid else table

    def sample(self, info: InfoState, view: View, rng: random.Random) -> Round:
        """A full state drawn from ``info`` with these beliefs (``view``: the
        seat's view now)."""
        return belief_sample(info, rng, self.weights(view, info))


def one_deck(view: View, info: InfoState | None = None) -> bool:
    """Whether ``view``'s round is of the one 52-card deck as far as the seat
    can tell: no card beyond the 52 in its hand, the pile, the table or the
    history, nor among the cards it has not seen (``info``'s ``unseen``, when
    given: a joker out of sight)."""
    seen = (*view.hand, *view.discard_pile, *(c for m in view.table for c in m.cards))
    if any(c >= DECK_SIZE for c in seen):
        return False
    for e in view.history:
        if (e.card is not None and e.card >= DECK_SIZE) or any(c >= DECK_SIZE for c in e.action.cards):
            return False
    unseen = getattr(info, "unseen", None)  # a variant's own information state may keep none
    return not unseen or max(unseen) < DECK_SIZE


def belief_sample(
    info: InfoState, rng: random.Random, weights: Mapping[int, Sequence[float]] | None
) -> Round:
    """``info.sample(rng, weights)`` where ``info`` deals by core's
    :meth:`InfoState.deal`; an information state of a variant's own (one that
    does not take weights) samples uniformly."""
    from rummykit.core.engine.resample import InfoState

    if weights and isinstance(info, InfoState) and _takes_weights(type(info)):
        return info.sample(rng, weights)
    return info.sample(rng)


def _takes_weights(cls: type[InfoState]) -> bool:
    """Whether ``cls`` deals and samples as core's :class:`InfoState` does."""
    from rummykit.core.engine.resample import InfoState

    return cls.deal is InfoState.deal and cls.sample is InfoState.sample
