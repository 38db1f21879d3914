"""What a seat knows of a round whose stock was rebuilt from the discard pile.

A house rule may turn the discard pile into a new stock when the stock runs
out ("reshuffle the pile once"), shuffling it with the round's own generator.
The cards of the pile were public, but the order of the new stock is not, so
core's re-deal (:mod:`rummykit.core.engine.resample`) alone cannot draw states a seat
cannot tell from the real one. This module extends it:

* up to the first restock, the round is what core re-deals: the seat's
  :class:`~rummykit.core.engine.resample.InfoState` of the round as it was just
  before (``before``, kept by the round), with one more fact: a card the seat
  had never seen that an opponent shows after the restock was in that
  opponent's hand already;
* each restock is a second deal of the pile's cards, in the order the round's
  generator gives: the cards the seat drew from it keep their places, a card
  an opponent shows that came from it lies at one of that opponent's hidden
  draws before it, the rest are shuffled into the places left.

A sample deals the first part as core does, replays the moves up to the
restock, then hands the round a generator (``rnd.rng``) whose first shuffle
lays out the new stock as drawn (:class:`~rummykit.core.engine.resample.RiggedRandom`),
and replays the rest. A round using this keeps :class:`Restock` records and
has a settable ``rng`` that its restock shuffles with (``random.shuffle`` of
the pile's cards, bottom first, the top of the new stock last).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rummykit.core.base.errors import ResampleError, RummyError
from rummykit.core.engine.actions import DRAW_STOCK
from rummykit.core.engine.resample import InfoState, RiggedRandom

if TYPE_CHECKING:
    from rummykit.core.engine.round import Event, Round, View

__all__ = ["Phase", "Restock", "RestockInfo", "Restocking", "restock_information", "round_seed"]


def round_seed(rng: random.Random) -> int:
    """The seed of a round's own generator, taken from the deal's generator
    after the shuffle: its state, hashed. Nothing is drawn from it, so the
    deal stays one shuffle (core's re-deal needs that), and the generator
    dealing the next round is not the one the round shuffles with. A round
    dealt by a match gets the same seed from the same record."""
    pending = rng.pending_seed() if isinstance(rng, RiggedRandom) else None
    if pending is not None:  # core's re-deal: cheaper than seeding the generator to read its state
        data = b"seed " + str(pending).encode()
    else:
        state = rng.getstate()[1]  # 624 words and a position: 16 words and the position suffice
        data = array("Q", state[:16] + state[-1:]).tobytes()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


@dataclass(frozen=True)
class Restock:
    """One rebuilding of the stock: ``step``, the index in the round's history
    of the move that did it (a stock draw: it draws the new stock's first
    card); ``cards``, the cards that went into the new stock (public: they
    lay in the discard pile), ascending."""

    step: int
    cards: tuple[int, ...]


class Restocking:
    """The round's own generator (:attr:`rng`) and the rebuilding of its stock
    from the discard pile (:meth:`restock_from_pile`), for a round that keeps
    ``round_seed``, ``discard`` and ``stock`` (top last), ``history``,
    ``restocks`` and ``before_restock``, and gives the state core re-deals up
    to the first restock (:meth:`_state_before_restock`)."""

    round_seed: int
    discard: list[int]
    stock: list[int]
    history: list[Event]
    restocks: list[Restock]
    before_restock: Round | None

    @property
    def rng(self) -> random.Random:
        """The round's own generator, for chance after the deal (a restock's
        shuffle): seeded from the deal (:func:`round_seed`), so a record's seed
        and moves give back everything it draws. Never shown to a seat.
        Settable (core's re-deal of a round with restocks sets it)."""
        rng = self.__dict__.get("_rng")
        if rng is None:
            rng = self.__dict__["_rng"] = random.Random(self.round_seed)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self.__dict__["_rng"] = value

    def restock_from_pile(self, keep_top: bool = True) -> int:
        """From the round's end-of-stock hook only (CardVerse's
        ``empty_stock``, Gin's ``stock_ran_out``): turn the discard pile (all
        but its top card with ``keep_top``) face down into a new stock,
        shuffled with :attr:`rng`. Returns the number of cards moved (0:
        nothing to move). Each restock is kept in :attr:`restocks`, so that
        ``information`` and ``resample`` stay exact (the new stock's order is
        hidden)."""
        pile = self.discard[:-1] if keep_top else self.discard[:]
        if not pile:
            return 0
        if self.before_restock is None:
            self.before_restock = self._state_before_restock()
        self.discard = self.discard[-1:] if keep_top else []
        self.restocks.append(Restock(len(self.history), tuple(sorted(pile))))
        self.rng.shuffle(pile)
        self.stock = pile
        return len(pile)

    def _state_before_restock(self) -> Round | None:
        """The round as it was just before the first restock began."""
        raise NotImplementedError


@dataclass(frozen=True)
class Phase:
    """What a seat knows of one new stock: ``step`` (as in :class:`Restock`),
    ``size``, ``fixed[i]`` the card drawn ``i``-th if the seat saw it (else
    ``None``), ``opponents``: per opponent, in time order, its hidden draws
    ``(0, i)`` and the cards of this stock it showed ``(1, card)``;
    ``free``: the cards of this stock whose place the seat does not know."""

    step: int
    size: int
    fixed: tuple[int | None, ...]
    opponents: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    free: tuple[int, ...]

    def order(self, rng: random.Random) -> list[int]:
        """The new stock in draw order (first drawn first), consistent with
        what the seat saw."""
        order = list(self.fixed)
        for _, steps in self.opponents:
            pool: list[int] = []
            for kind, value in steps:
                if kind == 0:
                    pool.append(value)
                    continue
                if not pool:
                    raise ResampleError("a card shown has no draw it could have come from")
                i = rng.randrange(len(pool))
                order[pool[i]] = value
                pool[i] = pool[-1]
                pool.pop()
        places = [i for i, c in enumerate(order) if c is None]
        cards = list(self.free)
        rng.shuffle(cards)
        for i, c in zip(places, cards, strict=True):
            order[i] = c
        return order  # type: ignore[return-value]


@dataclass(frozen=True)
class RestockInfo(InfoState):
    """An :class:`~rummykit.core.engine.resample.InfoState` for a round with
    restocks: the inherited fields describe the deal as known just before the
    first restock (``actions`` are all the round's actions so far);
    ``phases``, one :class:`Phase` per restock."""

    phases: tuple[Phase, ...] = ()

    _replay_errors: ClassVar[tuple[type[Exception], ...]] = (RummyError, ValueError)

    def replay(self, new: Round, rng: random.Random) -> None:
        """The actions up to the first restock, then each restock's with the
        new stock laid out as drawn (see the module)."""
        first = self.phases[0].step if self.phases else len(self.actions)
        for a in self.actions[:first]:
            new.apply_unchecked(a)
        for k, phase in enumerate(self.phases):
            order = phase.order(rng)
            new.rng = RiggedRandom(order[::-1], rng.getrandbits(64))  # type: ignore[attr-defined]
            end = self.phases[k + 1].step if k + 1 < len(self.phases) else len(self.actions)
            for a in self.actions[phase.step : end]:
                new.apply_unchecked(a)


def restock_information(before: Round, restocks: Sequence[Restock], view: View) -> RestockInfo:
    """What the seat of ``view`` (the real round's view now) knows of a round
    whose stock was rebuilt as ``restocks`` say; ``before``: the round as it
    was just before the first restock (its history the moves before it)."""
    seat = view.seat
    base = before.information(seat)
    hidden: dict[int, int] = dict.fromkeys(base.unseen, 0)  # card -> 0 (since the deal) or phase k
    late: dict[int, list[int]] = {}  # opponent -> cards unseen at the deal it showed later
    history = view.history
    starts = {r.step: k for k, r in enumerate(restocks, 1)}
    phases: list[dict] = []

    def shown(c: int, by: int) -> None:
        k = hidden.pop(c, None)
        if k is None or by == seat:
            return
        if k == 0:
            late.setdefault(by, []).append(c)
        else:
            phases[k - 1]["ops"].setdefault(by, []).append((1, c))

    for j in range(restocks[0].step if restocks else len(history), len(history)):
        if j in starts:
            cards = restocks[starts[j] - 1].cards
            for c in cards:
                hidden[c] = starts[j]
            phases.append({"step": j, "cards": cards, "drawn": 0, "fixed": {}, "ops": {}})
        e = history[j]
        phase = phases[-1] if phases else None
        if e.action.kind == DRAW_STOCK and phase is not None and phase["drawn"] < len(phase["cards"]):
            i = phase["drawn"]
            phase["drawn"] += 1
            if e.seat == seat:
                if e.card is None:  # pragma: no cover - a guard
                    raise ResampleError("a stock draw of the seat shows no card")
                phase["fixed"][i] = e.card
                hidden.pop(e.card, None)
            else:
                phase["ops"].setdefault(e.seat, []).append((0, i))
            continue
        for c in e.action.cards:
            shown(c, e.seat)
        if e.card is not None:
            hidden.pop(e.card, None)
    if view.result is not None:
        for h in view.result.hands:
            for c in h.cards:
                shown(c, h.seat)
    done: list[Phase] = []
    for p in phases:
        size = len(p["cards"])
        fixed = tuple(p["fixed"].get(i) for i in range(size))
        placed = {c for c in fixed if c is not None}
        placed |= {v for ops in p["ops"].values() for kind, v in ops if kind == 1}
        free = tuple(c for c in p["cards"] if c not in placed)
        opps = tuple((o, tuple(ops)) for o, ops in sorted(p["ops"].items()))
        done.append(Phase(p["step"], size, fixed, opps, free))
    opponents = list(base.opponents)
    for o, late_cards in sorted(late.items()):
        at = next((i for i, (who, _, _) in enumerate(opponents) if who == o), None)
        steps = tuple((1, c) for c in late_cards)
        if at is None:
            zone = f"hand{o}"
            dealt = tuple(p for p, (z, _) in enumerate(base.slots) if z == zone and base.fixed[p] is None)
            opponents.append((o, dealt, steps))
        else:
            who, dealt, before_steps = opponents[at]
            opponents[at] = (who, dealt, before_steps + steps)
    gone = {c for cards in late.values() for c in cards}
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(InfoState)}
    fields.update(
        opponents=tuple(opponents),
        unseen=tuple(c for c in base.unseen if c not in gone),
        actions=tuple(e.action for e in history),
    )
    return RestockInfo(**fields, phases=tuple(done))
