"""Re-dealing what a seat has not seen: the generic :meth:`Round.resample`.

It serves every variant whose only hidden information is where cards lie and
whose deal is one shuffle of the deck with the generator it is given (the
built-ins, the ``rummy new-variant`` scaffold, house rules on them), with no
code of the variant's own. It works from three things core knows about a round:

* its **dealer** (:attr:`Round.dealer`): how it was dealt. A round dealt by core
  (:class:`~rummykit.core.play.match.Match`, :func:`deal_round`) keeps a
  :class:`Dealer`, which calls the variant's ordinary ``VariantSpec.new_round``;
  a constructor that places chosen cards (``GinRound.from_deal``,
  ``CardVerseRound.from_deal``) keeps a dealer of its own (:func:`record_deal`);
* its **deal** (:attr:`Round.dealt`): ``zones()`` as dealt, recorded with the dealer;
* its **history**: the actions since.

To deal a chosen deck order, core calls the dealer with a :class:`RiggedRandom`,
whose ``shuffle`` puts the deck into that order. Which deck position lands in
which zone slot is learnt once per dealer by dealing the deck as the variant
built it, and checked by dealing it in another order (:func:`layout`). Dealing
the real deal's order again and replaying the history must give the real round
back (zones, history, every seat's view). When any of this fails, the
variant's deal does not fit and ``information`` (so ``resample``) raises
``NotImplementedError`` telling the author to override ``Round.information``.

From that replay (:class:`_Trace`), for each seat, every card is sorted by
where the seat first saw it:

* **fixed**: seen at the deal (its own hand, the discard pile...), or coming
  out of a place other than an opponent's hand (its own stock draws, a card
  turned up from the stock): it stays in its deal slot;
* **revealed by opponent o** at step i: first seen leaving (or lying in) o's
  hand. It came from o's dealt hand or from one of o's hidden stock draws
  before that moment; core puts it in a random free slot among those;
* **unseen**: never seen. Every unseen card is shuffled into the slots left.

The revealed cards are placed greedily in time order, and that always
succeeds. For one opponent let E_1 ⊆ E_2 ⊆ ... be the slots eligible for its
1st, 2nd, ... revealed card (its dealt slots plus its hidden draws up to that
moment: each set contains the one before, since draws only add slots). The
real deal puts those cards in distinct slots with card j in E_j, so
|E_j| ≥ j. When card j is placed, the j - 1 cards before it took j - 1 slots,
all inside E_j; so at least one slot of E_j is still free. Different opponents
never compete for a slot (their dealt hands and stock draws are disjoint).
Every placement has the same number of choices whatever the choices before
it, so each consistent deal is equally likely.

The chosen order is dealt and the history's actions are replayed on it; the
replay gives every opponent's private draws a card consistent with its
resampled hand. A replay that raises (a variant with rules on hidden cards) is
retried with a new sample, :data:`MAX_TRIES` times at most, then
:class:`~rummykit.core.base.errors.ResampleError`. The replay goes through
:meth:`Round.apply_unchecked`, which checks each action unless the variant
declares its rules look at no hidden card (``Round.replays_unchecked``). The
replay of the real deal and the per-seat plans are cached on the round (per
history length), so a search calling ``resample`` many times in one state pays
for them once.
"""

from __future__ import annotations

import contextlib
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from rummykit.core.base.errors import ResampleError, RummyError, VariantError, contract_broken
from rummykit.core.base.values import is_whole_number
from rummykit.core.cards.deck import STANDARD_DECK

if TYPE_CHECKING:
    from rummykit.core.engine.actions import Action
    from rummykit.core.engine.context import MatchContext
    from rummykit.core.engine.round import Round, View
    from rummykit.core.plugins.registry import VariantSpec

__all__ = [
    "MAX_TRIES",
    "DealLike",
    "Dealer",
    "Dealt",
    "InfoState",
    "RiggedRandom",
    "Weights",
    "deal_order",
    "deal_round",
    "information",
    "layout",
    "record_deal",
    "resample",
    "weighted_hands",
]

#: Deals tried before ``resample`` gives up. Only a variant with rules on
#: hidden cards ever needs more than one; there a rare state may need dozens
#: (Rummy 500 in examples/, just after a dig that only some hidden hands allow:
#: about one deal in 60), and each failed try costs one replay of the history.
MAX_TRIES = 1000

_TRACE = "_resample_trace"  # the attribute holding a round's _Trace (engine._TRACE)
_OVERRIDE = "override Round.information for this variant (docs/plugins.md)"


# -- dealing a chosen order ---------------------------------------------------------


class RiggedRandom(random.Random):
    """A generator whose first ``shuffle`` puts the list into ``order`` (or,
    with ``order=None``, leaves it as it is); everything else is an ordinary
    generator seeded with ``seed``.

    While ``dealing`` is true, it notes in ``foreign`` any other use of chance
    (a second shuffle, ``random()``, ``randrange``...): a deal that uses one
    cannot be rigged. ``deck`` is the list as the variant built it, before the
    shuffle."""

    def __init__(self, order: Sequence[int] | None = None, seed: int = 0) -> None:
        # Seeded on first use: most deals never draw on the generator again.
        self.gauss_next = None
        self._seed: int | None = seed
        self.order = order
        self.deck: list[Any] | None = None
        self.dealing = True
        self.foreign: str | None = None

    def _seeded(self) -> None:
        if self._seed is not None:
            seed, self._seed = self._seed, None
            super().seed(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._seed = None
        super().seed(a, version)

    def getstate(self) -> tuple:
        self._seeded()
        return super().getstate()

    def pending_seed(self) -> int | None:
        """The seed it will start from, while nothing has drawn on it yet
        (then nothing else decides what it draws); else None."""
        return self._seed

    def setstate(self, state: tuple) -> None:
        self._seed = None
        super().setstate(state)

    def __reduce__(self) -> tuple:
        # A copy (a cloned round keeping its generator) is an ordinary one.
        return random.Random, (), self.getstate()

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        if not self.dealing or self.deck is not None:
            if self.dealing:
                self.foreign = self.foreign or "a second shuffle"
            super().shuffle(x)
            return
        self.deck = list(x)
        if self.order is not None:
            if len(x) != len(self.order):
                self.foreign = self.foreign or f"a shuffle of {len(x)} items"
                return
            x[:] = self.order

    def random(self) -> float:
        if self.dealing:
            self.foreign = self.foreign or "random()"
        self._seeded()
        return super().random()

    def getrandbits(self, k: int) -> int:
        if self.dealing:
            self.foreign = self.foreign or "random integers"
        self._seeded()
        return super().getrandbits(k)


@runtime_checkable
class Dealt(Protocol):
    """What a deal must give: a round (:class:`~rummykit.core.engine.round.Round`
    has all of these; the round module builds on this one, so the check is by
    shape)."""

    def to_act(self) -> int | None: ...
    def legal_actions(self) -> Sequence[Action]: ...
    def apply(self, action: Action) -> Any: ...
    def view(self, seat: int) -> View: ...
    def zones(self) -> Mapping[str, Sequence[int]]: ...


@dataclass(frozen=True, eq=False)
class Dealer:
    """How core deals round ``round_index`` of a variant: called with a
    generator, ``new_round(options, n_seats, round_index, rng, match=match)``
    (``match``, the round's :class:`~rummykit.core.engine.context.MatchContext`,
    only to a ``new_round`` that takes it), recording the dealer, the deal and
    the context on the round."""

    new_round: Callable[..., Round]
    options: Any
    n_seats: int
    round_index: int
    match: MatchContext | None = None

    def __call__(self, rng: random.Random) -> Round:
        if self.match is not None and takes_match(self.new_round):
            rnd = self.new_round(self.options, self.n_seats, self.round_index, rng, match=self.match)
        else:
            rnd = self.new_round(self.options, self.n_seats, self.round_index, rng)
        if not isinstance(rnd, Dealt):
            who = getattr(self.new_round, "variant", None)
            what = f"dealt {type(rnd).__name__} from its new_round, not a Round"
            raise contract_broken(who, what) if isinstance(who, str) else VariantError(f"a variant {what}")
        if self.match is not None:
            rnd.match = self.match
        record_deal(rnd, self)
        return rnd

    # Equal when they deal the same way (two rounds of one match and index, or
    # of two matches with the same options and context); the hash leaves the
    # options out, which may be unhashable.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dealer):
            return NotImplemented
        return (
            self.new_round == other.new_round
            and self.n_seats == other.n_seats
            and self.round_index == other.round_index
            and self.options == other.options
            and self.match == other.match
        )

    def __hash__(self) -> int:
        return hash((self.new_round, self.n_seats, self.round_index))


def takes_match(new_round: Callable[..., Any]) -> bool:
    """Whether ``new_round`` takes the keyword ``match`` (the match context):
    a parameter of that name or ``**kwargs``. A variant written before rounds
    knew their match takes four arguments and is called with four."""
    try:
        return _TAKES_MATCH[new_round]
    except (KeyError, TypeError):
        pass
    try:
        params = inspect.signature(new_round).parameters.values()
    except (TypeError, ValueError):
        answer = False
    else:
        answer = any(p.name == "match" or p.kind is p.VAR_KEYWORD for p in params)
    with contextlib.suppress(TypeError):
        _TAKES_MATCH[new_round] = answer
    return answer


_TAKES_MATCH: dict[Any, bool] = {}


@dataclass(frozen=True, eq=False)
class DealLike:
    """A dealer for a constructor that places chosen cards (``GinRound.from_deal``):
    ``fn(*args, rng)`` deals a round of the same shape from a shuffled deck. Two
    are equal when their ``fn`` and ``args`` are (a ``functools.partial`` is
    equal only to itself, so two such rounds that a seat cannot tell apart would
    give it unequal information states)."""

    fn: Callable[..., Round]
    args: tuple[Any, ...]

    def __call__(self, rng: random.Random) -> Round:
        return self.fn(*self.args, rng)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealLike):
            return NotImplemented
        return self.fn == other.fn and self.args == other.args

    def __hash__(self) -> int:  # the arguments may hold unhashable options
        return hash((self.fn, len(self.args)))


def deal_round(
    spec: VariantSpec,
    options: Any,
    n_seats: int,
    round_index: int,
    rng: random.Random,
    match: MatchContext | None = None,
) -> Round:
    """``spec.new_round(options, n_seats, round_index, rng)`` (with ``match=``,
    the round's place in its match, when given and the variant takes it), with
    the round knowing how it was dealt (so that it can be resampled) and its
    match context."""
    return Dealer(spec.new_round, options, n_seats, round_index, match)(rng)


def record_deal(rnd: Round, dealer: Callable[[random.Random], Round]) -> None:
    """Note on a freshly dealt ``rnd`` its dealer (called with a generator, it
    deals a round of the same kind the same way: one shuffle of the round's deck,
    each deck position to a fixed zone slot) and its zones now, as dealt."""
    rnd.dealer = dealer
    rnd.dealt = {z: tuple(cards) for z, cards in rnd.zones().items()}


def deal_order(dealer: Callable[[random.Random], Round], order: Sequence[int], seed: int = 0) -> Round:
    """A round dealt by ``dealer`` with its deck shuffled into ``order``."""
    rig = RiggedRandom(order, seed)
    rnd = dealer(rig)
    rig.dealing = False
    return rnd


@dataclass(frozen=True)
class Layout:
    """Where a dealer puts each deck position: ``slots[p]`` is ``(zone,
    index)``; ``position`` the other way round."""

    slots: tuple[tuple[str, int], ...]
    position: Mapping[tuple[str, int], int]


_LAYOUTS: dict[Any, Layout] = {}


def layout(dealer: Callable[[random.Random], Round], variant: str = "this variant") -> Layout:
    """Learn (once per dealer) which deck position lands in which zone slot,
    by dealing the deck as the variant builds it. ``NotImplementedError`` if
    the deal is not one shuffle of the round's deck (``Round.deck``: the 52
    cards, or the copies and jokers the variant declares)."""
    try:
        return _LAYOUTS[dealer]
    except (KeyError, TypeError):
        pass
    rig = RiggedRandom(None, 0)
    probe = dealer(rig)
    rig.dealing = False
    deck = rig.deck
    if deck is None:
        raise NotImplementedError(
            f"{variant}: its deal does not shuffle the generator it is given; {_OVERRIDE}"
        )
    if rig.foreign:
        raise NotImplementedError(
            f"{variant}: its deal uses {rig.foreign} besides one shuffle of the deck; {_OVERRIDE}"
        )
    size = getattr(probe, "deck", STANDARD_DECK).size
    if sorted(deck) != list(range(size)):
        raise NotImplementedError(
            f"{variant}: its deal shuffles something other than the {size} cards of its deck; {_OVERRIDE}"
        )
    pos_of_card = {c: p for p, c in enumerate(deck)}
    slots: list[tuple[str, int] | None] = [None] * size
    for zone, cards in probe.zones().items():
        for k, c in enumerate(cards):
            slots[pos_of_card[c]] = (zone, k)
    placed = [s for s in slots if s is not None]
    if len(placed) != size:
        raise NotImplementedError(f"{variant}: its zones() do not hold every card as dealt; {_OVERRIDE}")
    _check_oblivious(dealer, variant, deck, placed)
    done = Layout(tuple(placed), {s: p for p, s in enumerate(placed)})
    try:
        if len(_LAYOUTS) >= 256:
            _LAYOUTS.clear()
        _LAYOUTS[dealer] = done
    except TypeError:  # an unhashable dealer: learnt again next time
        pass
    return done


def _check_oblivious(
    dealer: Callable[[random.Random], Round], variant: str, deck: list[int], slots: list[tuple[str, int]]
) -> None:
    """Deal the deck in another order: every card must land where its deck
    position says (in the same place of the stock and of the discard pile; in
    the same zone elsewhere, a hand or a meld, in whatever order the variant
    lists it)."""
    order = deck[:]
    random.Random(0x5EED).shuffle(order)
    rig = RiggedRandom(order)
    probe = dealer(rig)
    rig.dealing = False
    want: dict[str, dict[int, int]] = {}
    for p, (zone, k) in enumerate(slots):
        want.setdefault(zone, {})[k] = order[p]
    got = {z: cs for z, cs in probe.zones().items() if len(cs)}  # an empty zone has no slot
    fits = not rig.foreign and set(got) == set(want)
    for zone, cards in got.items() if fits else ():
        expected = [want[zone][k] for k in range(len(want[zone]))]
        ordered = zone in ("stock", "discard")
        fits = list(cards) == expected if ordered else sorted(cards) == sorted(expected)
        if not fits:
            break
    if not fits:
        raise NotImplementedError(
            f"{variant}: where its deal puts a card depends on more than the card's place in the "
            f"shuffled deck; {_OVERRIDE}"
        )


# -- what each seat saw: the real deal, replayed ---------------------------------------


def _where(zones: Mapping[str, Sequence[int]], size: int) -> list[str]:
    """The zone of every card of a deck of ``size`` cards, indexed by card."""
    out = [""] * size
    for zone, cards in zones.items():
        for c in cards:
            out[c] = zone
    return out


def _shown(view: View, events_from: int) -> tuple[set[int], set[int]]:
    """The cards ``view`` shows (its hand, the discard pile, the table, the
    revealed hands), and those the events from ``events_from`` on show."""
    out = set(view.hand)
    out.update(view.discard_pile)
    for m in view.table:
        out.update(m.cards)
    if view.result is not None:
        for h in view.result.hands:
            out.update(h.cards)
    in_events: set[int] = set()
    for e in view.history[events_from:]:
        in_events.update(e.action.cards)
        if e.card is not None:
            in_events.add(e.card)
    out |= in_events
    return out, in_events


class _Trace:
    """The real deal replayed along the real history, and what each seat saw.

    Per seat: ``seen`` (cards seen so far), ``fixed`` (cards that keep their
    deal slot), ``ops`` (``(step, order, opponent, kind, value)``: kind 0 a
    hidden stock draw of deck position ``value``, kind 1 a revealed card).
    """

    def __init__(self, rnd: Round) -> None:
        variant = rnd.variant or type(rnd).__name__
        self.variant = variant
        dealer, dealt = rnd.dealer, rnd.dealt
        if dealer is None or dealt is None:
            raise NotImplementedError(
                f"{variant}: this round does not know how it was dealt; deal it through "
                "rummykit.core.engine.resample.deal_round (a Match does), record a dealer with "
                f"record_deal, or {_OVERRIDE}"
            )
        self.dealer = dealer
        lay = layout(dealer, variant)
        self.slots = lay.slots
        try:
            order = [dealt[z][k] for z, k in lay.slots]
        except (KeyError, IndexError):
            order = None
        self.size = size = rnd.deck.size
        if order is None or sorted(order) != list(range(size)):
            raise NotImplementedError(
                f"{variant}: this round's deal does not have the shape of the variant's "
                f"ordinary deal; {_OVERRIDE}"
            )
        self.pos0 = [0] * size  # deck position of every card in the real deal
        for p, c in enumerate(order):
            self.pos0[c] = p
        shadow = deal_order(dealer, order)
        if {z: tuple(cs) for z, cs in shadow.zones().items()} != dict(dealt):
            raise NotImplementedError(
                f"{variant}: dealing the real deal's order again does not give the same deal; {_OVERRIDE}"
            )
        self.shadow = shadow
        n = rnd.n_seats
        self.n = n
        self.hands = {f"hand{s}": s for s in range(n)}
        self.where = _where(shadow.zones(), size)
        self.seen: list[set[int]] = []
        self.fixed: list[list[int]] = []
        self.ops: list[list[tuple[int, int, int, int, int]]] = [[] for _ in range(n)]
        self.views = [shadow.view(s) for s in range(n)]  # the replay's views now
        for s in range(n):
            cards, _ = _shown(self.views[s], 0)
            self.seen.append(cards)
            self.fixed.append(sorted(cards))
        self.steps = 0
        self.checked = -1  # the history length at which the replay was last checked
        self.plans: dict[tuple[int, int], InfoState] = {}

    def extend(self, rnd: Round) -> None:
        """Replay the actions of ``rnd`` not replayed yet, then check that the
        replay is ``rnd`` (else the variant does not fit)."""
        history = rnd.history
        if len(history) == self.checked:
            return
        shadow, hands, n = self.shadow, self.hands, self.n
        views = self.views
        for i in range(self.steps, len(history)):
            before = self.where
            try:
                shadow.apply(history[i].action)
            except RummyError as e:
                raise NotImplementedError(
                    f"{self.variant}: replaying the history on the real deal fails ({e}); {_OVERRIDE}"
                ) from e
            after = _where(shadow.zones(), self.size)
            moved = [c for c in range(self.size) if before[c] != after[c]]
            views = [shadow.view(s) for s in range(n)]
            for s in range(n):
                seen = self.seen[s]
                shown, in_events = _shown(views[s], i)
                for c in shown - seen:
                    o = hands.get(before[c])
                    if o is not None and o != s:
                        self.ops[s].append((i, 0, o, 1, c))  # it was in o's hand before this step
                        continue
                    o = hands.get(after[c])
                    if o is not None and o != s and before[c] not in hands and c not in in_events:
                        self.ops[s].append((i, 2, o, 1, c))  # drawn unseen, shown in o's hand at once
                        continue
                    self.fixed[s].append(c)
                for c in moved:
                    o = hands.get(after[c])
                    if (
                        o is not None
                        and o != s
                        and before[c] not in hands
                        and c not in seen
                        and c not in in_events
                    ):
                        self.ops[s].append((i, 1, o, 0, self.pos0[c]))  # a stock draw s did not see
                seen |= shown
            self.where = after
        self.steps = len(history)
        self.views = views
        self._check(rnd, views)
        self.checked = self.steps

    def _check(self, rnd: Round, views: list[View]) -> None:
        """The replay (``views``: its views now) is ``rnd``."""
        shadow = self.shadow
        what = None
        if list(shadow.history) != list(rnd.history):
            what = "history"
        elif {z: tuple(c) for z, c in shadow.zones().items()} != {
            z: tuple(c) for z, c in rnd.zones().items()
        }:
            what = "zones"
        elif shadow.to_act() != rnd.to_act():
            what = "seat to act"
        else:
            for s in range(self.n):
                if views[s] != rnd.view(s):
                    what = f"view of seat {s}"
                    break
        if what is not None:
            if type(self.shadow) is not type(rnd):
                raise NotImplementedError(
                    f"{self.variant}: re-dealing the real deal and replaying the history gives a "
                    f"different {what}: its dealer deals {type(self.shadow).__name__} rounds, "
                    f"this round is a {type(rnd).__name__} (record_deal with a dealer of its class)"
                )
            raise NotImplementedError(
                f"{self.variant}: re-dealing the real deal and replaying the history gives a "
                f"different {what}: the round holds something core cannot re-deal; {_OVERRIDE}"
            )

    def plan(self, seat: int) -> InfoState:
        key = (seat, self.steps)
        plan = self.plans.get(key)
        if plan is None:
            plan = self.plans[key] = _plan(self, seat)
        return plan


def _plan(trace: _Trace, seat: int) -> InfoState:
    """What ``seat`` knows after the replay so far, as an :class:`InfoState`:
    the fixed cards in their deal slots, each opponent's hidden dealt slots with
    its hidden draws and reveals in time order, and the unseen cards."""
    fixed: list[int | None] = [None] * trace.size
    for c in trace.fixed[seat]:
        fixed[trace.pos0[c]] = c
    by_opp: dict[int, list[tuple[int, int, int, int, int]]] = {}
    for op in sorted(trace.ops[seat]):
        by_opp.setdefault(op[2], []).append(op)
    revealed: set[int] = set()
    opponents = []
    for o, ops in by_opp.items():
        zone = f"hand{o}"
        dealt = tuple(p for p, (z, _) in enumerate(trace.slots) if z == zone and fixed[p] is None)
        opponents.append((o, dealt, tuple((kind, value) for _, _, _, kind, value in ops)))
        revealed.update(value for _, _, _, kind, value in ops if kind == 1)
    known = set(trace.fixed[seat])
    unseen = tuple(c for c in range(trace.size) if c not in known and c not in revealed)
    hidden = sum(1 for c in fixed if c is None)
    if len(unseen) != hidden - len(revealed):  # pragma: no cover - a guard
        raise ResampleError(f"{trace.variant}: the cards seat {seat} saw do not add up")
    shadow = trace.shadow
    return InfoState(
        variant=trace.variant,
        seat=seat,
        n_seats=trace.n,
        round_index=trace.views[seat].round_index,
        options=getattr(shadow, "options", getattr(trace.dealer, "options", None)),
        dealer=trace.dealer,
        slots=trace.slots,
        fixed=tuple(fixed),
        opponents=tuple(opponents),
        unseen=unseen,
        actions=tuple(e.action for e in trace.views[seat].history),
    )


@dataclass(frozen=True)
class InfoState:
    """What seat ``seat`` knows of a round, and nothing more: enough to draw
    full states it cannot tell from the real one (:meth:`sample`). Frozen plain
    data with no reference to the round, its generator or any hidden card, so
    it may be handed to that seat's bot (``Round.information(seat)``; the match
    fills in ``scores``, ``target`` and ``lowest_wins``).

    * ``dealer``, ``slots``: how the round was dealt, and where each deck
      position goes (``slots[p] = (zone, index)``, the variant's layout);
    * ``fixed[p]``: the card the seat saw that keeps its deal position ``p``
      (its own hand, the pile, its own stock draws, a card turned up), or
      ``None`` for a position it cannot see;
    * ``opponents``: per opponent that revealed a card, ``(seat, dealt,
      steps)``: its dealt positions still hidden, then in time order its hidden
      stock draws ``(0, position)`` and the cards it revealed ``(1, card)``
      (each revealed card came from the dealt positions or a draw before it);
    * ``unseen``: the cards the seat has never seen, ascending;
    * ``actions``: the round's actions so far (public: a stock draw does not
      name its card);
    * ``variant``, ``n_seats``, ``round_index``, ``options``; ``scores`` (the
      match totals before this round), ``target`` (``None``: no target) and
      ``lowest_wins`` (the match's rule ranks the lowest total first).

    Two real states that differ only in what ``seat`` has not seen give equal
    information states.
    """

    variant: str
    seat: int
    n_seats: int
    round_index: int
    options: Any
    dealer: Callable[[random.Random], Round]
    slots: tuple[tuple[str, int], ...]
    fixed: tuple[int | None, ...]
    opponents: tuple[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]], ...]
    unseen: tuple[int, ...]
    actions: tuple[Action, ...]
    scores: tuple[int, ...] = ()
    target: int | None = None
    lowest_wins: bool = False

    def deal(self, rng: random.Random, weights: Mapping[int, Sequence[float]] | None = None) -> list[int]:
        """A deck order consistent with what the seat saw, drawn with ``rng``
        (each consistent order equally likely: see the module's docstring).

        ``weights`` (``None``: the uniform deal above, draw for draw): per
        opponent seat, a weight (above 0) for every card; the unseen cards in
        that opponent's hand now are then drawn without replacement with
        chances in proportion to their weights (Efraimidis and Spirakis's
        keys, one opponent after the other in seat order), and the rest of the
        unseen cards shuffled uniformly into the other free slots. Equal
        weights give every consistent order the same chance again."""
        order = list(self.fixed)
        randrange = rng.randrange
        pools: dict[int, list[int]] = {}
        for o, dealt, steps in self.opponents:
            pool = list(dealt)
            pools[o] = pool
            for kind, value in steps:
                if kind == 0:
                    pool.append(value)
                    continue
                if not pool:
                    raise ResampleError("a revealed card has no slot it could have come from")
                i = randrange(len(pool))
                order[pool[i]] = value
                pool[i] = pool[-1]
                pool.pop()
        if weights:
            return self._weighted(order, pools, weights, rng)
        free = [p for p, c in enumerate(order) if c is None]
        draw = rng.random
        cards = sorted(self.unseen, key=lambda _: draw())  # a uniform shuffle, three times faster
        for p, c in zip(free, cards, strict=True):
            order[p] = c
        return order  # type: ignore[return-value]

    def hidden_slots(self, seat: int, pools: Mapping[int, Sequence[int]] | None = None) -> list[int]:
        """The deck positions of the cards of ``seat``'s hand that this seat
        cannot see now: ``pools[seat]`` (what :meth:`deal` left of that
        opponent's slots once its revealed cards were placed), else its dealt
        slots still hidden."""
        if pools is not None and seat in pools:
            return list(pools[seat])
        zone = f"hand{seat}"
        return [p for p, (z, _) in enumerate(self.slots) if z == zone and self.fixed[p] is None]

    def _weighted(
        self,
        order: list[int | None],
        pools: Mapping[int, Sequence[int]],
        weights: Mapping[int, Sequence[float]],
        rng: random.Random,
    ) -> list[int]:
        """:meth:`deal`'s end with ``weights`` (``order``: the fixed and revealed cards placed)."""
        groups = []
        for o in sorted(weights):
            if o != self.seat and 0 <= o < self.n_seats:
                slots = [p for p in self.hidden_slots(o, pools) if order[p] is None]
                groups.append((o, len(slots)))
                for p in slots:
                    order[p] = -1 - o  # kept for o
        hands, rest = weighted_hands(self.unseen, groups, weights, rng)
        for o, cards in hands.items():
            slots = [p for p, c in enumerate(order) if c == -1 - o]
            for p, c in zip(slots, cards, strict=True):
                order[p] = c
        free = [p for p, c in enumerate(order) if c is None]
        for p, c in zip(free, rest, strict=True):
            order[p] = c
        return order  # type: ignore[return-value]

    def sample(self, rng: random.Random, weights: Mapping[int, Sequence[float]] | None = None) -> Round:
        """A full state the seat cannot tell from the real one, its unseen cards
        re-dealt with ``rng`` alone (and ``weights``, :meth:`deal`'s beliefs:
        ``None`` for the uniform deal): the order from :meth:`deal`, dealt by
        ``dealer`` and the actions replayed (:meth:`replay`; another order is
        drawn when the replay breaks a rule on hidden cards, :data:`MAX_TRIES`
        times at most, then :class:`~rummykit.core.base.errors.ResampleError`)."""
        check_generator(rng)
        last: Exception | None = None
        for _ in range(MAX_TRIES):
            order = self.deal(rng) if weights is None else self.deal(rng, weights)
            new = deal_order(self.dealer, order, rng.getrandbits(64))
            try:
                self.replay(new, rng)
            except self._replay_errors as e:
                last = e
                continue
            return new
        raise ResampleError(
            f"{self.variant}: no deal consistent with what seat {self.seat} saw was found in "
            f"{MAX_TRIES} tries (last replay: {last})"
        )

    #: What a replay on a drawn deal may raise when that deal breaks a rule.
    _replay_errors: ClassVar[tuple[type[Exception], ...]] = (RummyError,)

    def replay(self, new: Round, rng: random.Random) -> None:
        """Play the round's actions on ``new``, a round just dealt."""
        for a in self.actions:
            new.apply_unchecked(a)


class Weights(dict[int, list[float]]):
    """:meth:`InfoState.deal`'s ``weights`` (per opponent seat, a weight for
    every card) with a likelihood of whole hands: ``keep(seat, cards)``, in
    0..1, the chance that this seat holds these unseen cards (beside what the
    weights say) relative to the likeliest hand. :func:`weighted_hands` keeps
    a hand drawn by the weights with that chance, else draws that seat's hand
    again, ``tries`` draws at most (the last one is kept). ``keep=None``: the
    weights alone, draw for draw."""

    def __init__(
        self,
        weights: Mapping[int, list[float]],
        keep: Callable[[int, list[int]], float] | None = None,
        tries: int = 1,
    ) -> None:
        super().__init__(weights)
        self.keep = keep
        self.tries = max(1, tries)


def weighted_hands(
    cards: Sequence[int],
    groups: Sequence[tuple[int, int]],
    weights: Mapping[int, Sequence[float]],
    rng: random.Random,
) -> tuple[dict[int, list[int]], list[int]]:
    """Deal ``cards`` to hands by weight: for each ``(seat, count)`` of
    ``groups`` in turn, ``count`` of the cards left drawn without replacement
    with chances in proportion to ``weights[seat][card]`` (Efraimidis and
    Spirakis: the largest ``u ** (1 / w)``); then the cards left, shuffled.
    :class:`Weights` with a ``keep`` likelihood: a seat's hand is drawn again
    until one is kept (see there). The hands (seat to cards) and the rest."""
    left = sorted(cards)
    draw = rng.random
    keep = weights.keep if isinstance(weights, Weights) else None
    tries = weights.tries if keep is not None and isinstance(weights, Weights) else 1
    hands: dict[int, list[int]] = {}
    for seat, count in groups:
        w = weights[seat]
        n = len(w)  # a card past the weights (a declared deck's copy or joker) weighs 1
        if count > len(left):
            raise ResampleError(f"seat {seat} holds {count} hidden cards, only {len(left)} are unseen")
        attempt = 1
        while True:
            keyed = sorted(((draw() ** (1.0 / (w[c] if c < n else 1.0)), c) for c in left), reverse=True)
            hand = [c for _, c in keyed[:count]]
            if keep is None or attempt >= tries or draw() < keep(seat, hand):
                break
            attempt += 1
        hands[seat] = hand
        taken = set(hand)
        left = [c for c in left if c not in taken]
    rest = sorted(left, key=lambda _: draw())
    return hands, rest


def check_generator(rng: object) -> None:
    """A ``TypeError`` unless ``rng`` is a :class:`random.Random` (what a
    resampling draws its deals from)."""
    if not isinstance(rng, random.Random):
        kind = type(rng)
        raise TypeError(
            f"a resampling draws from a random.Random generator, not {kind.__module__}.{kind.__qualname__}"
        )


def _trace(rnd: Round) -> _Trace:
    trace = rnd.__dict__.get(_TRACE)
    if trace is None or trace.steps > len(rnd.history):
        trace = _Trace(rnd)
        setattr(rnd, _TRACE, trace)
    trace.extend(rnd)
    return trace


def information(rnd: Round, seat: int) -> InfoState:
    """What ``seat`` knows of ``rnd`` (see :class:`InfoState`). ``rnd`` is not
    changed (but keeps the work for the next call: the same state and seat give
    the same object)."""
    if not is_whole_number(seat) or not 0 <= seat < rnd.n_seats:
        raise RummyError(f"no seat {seat!r} in a {rnd.n_seats}-seat round")
    return _trace(rnd).plan(seat)


def resample(rnd: Round, seat: int, rng: random.Random) -> Round:
    """A round ``seat`` cannot tell from ``rnd``, its unseen cards re-dealt with
    ``rng``: ``information(rnd, seat).sample(rng)``."""
    return information(rnd, seat).sample(rng)
