"""Indian Rummy's computer players, from their seat's view alone.

Each melds its hand at its best (:func:`~.melds.best_melds`: the melds leaving
the fewest points out, sequences or not), declares as soon as it can, and
throws a card out of its melds:

* ``ai:easy`` melds what it can and throws its worst card: the loose card of
  the highest value; it takes the discard only when the card goes into a meld.
* ``ai:normal`` keeps partial melds: a loose card next to another of its suit
  (a sequence in the making), or beside one of its rank in another suit (a
  set in the making) is kept over a lone card, a pure sequence in the making
  first while it has none; and it guards its discards: it keeps a card near
  one the next player took from the pile. In pool and deals it drops a
  hopeless first hand (never in a one-deal match, where a drop loses it).
* ``ai:hard`` plays the race to a declaration: it measures how many cards its
  hand still lacks (:func:`~.reach.distance`: the fewest draws to 13 cards in
  melds with two sequences, one pure, jokers filling gaps) and throws a card
  whose loss leaves that fewest; among those, the one leaving the most unseen
  cards (two copies each, less those in its hand, the pile, the cut and what
  others took and still hold) that would bring it nearer, then not a card near
  one the next player took from the pile, then the one worth most. It takes the
  discard when that brings it nearer (a joker always).

``ai:search`` (:mod:`.search`: core's search) rolls out with ``ai:easy`` and
keeps ``ai:hard``'s move as its prior, searching it only against the discards
``ai:hard`` found close (:meth:`HardIndianAgent.search_candidates`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.bots.agents import BaseAgent
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec

from .cards import BASE, COPIES, FIRST_JOKER, is_joker, value
from .melds import WEIGHT, best_melds, loose_count, progress
from .reach import HAND, Group, distance, nearer, reach, reach_within, waits
from .round import DECLARE, DISCARD, DROP, INDIAN_DECK, NAME, same


def wild_of(view: View) -> int:
    wild = view.extra.get("wild")
    return wild if isinstance(wild, int) else -1


def near_any(card: int, hand: Sequence[int], wild: int) -> bool:
    """Whether a meld could hold natural ``card`` with cards of ``hand``: two
    jokers, or a natural of its rank in another suit or of its suit within two
    places (a wild card counting as itself too)."""
    if sum(is_joker(c, wild) for c in hand) >= 2:
        return True
    return any(c < FIRST_JOKER and (gap(card, c) in (1, 2) or same_rank(card, c)) for c in hand)


def gap(a: int, b: int) -> int | None:
    """How far apart two natural cards of one suit are in a sequence (1:
    next to each other), the ace next to the two and to the king; None for
    other suits, the same card or a joker."""
    if a >= FIRST_JOKER or b >= FIRST_JOKER:
        return None
    a, b = a % BASE, b % BASE
    if a // 13 != b // 13 or a == b:
        return None
    ra, rb = a % 13, b % 13
    d = abs(ra - rb)
    if ra == 0 or rb == 0:
        d = min(d, 13 - d)
    return d


def same_rank(a: int, b: int) -> bool:
    """Two naturals of one rank in different suits (a set in the making)."""
    if a >= FIRST_JOKER or b >= FIRST_JOKER:
        return False
    return a % 13 == b % 13 and (a % BASE) // 13 != (b % BASE) // 13


class EasyIndianAgent(BaseAgent):
    """ai:easy: see the module."""

    reads_history = False  # (its views in a search's play-outs come without it)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if DROP in kinds:
            return self.draw(view, legal)
        declares = [a for a in legal if a.kind == DECLARE]
        if declares:
            return declares[0]
        card = self.discard_choice(view.hand, view)
        return next(a for a in legal if a.kind == DISCARD and same(a.cards[0]) == same(card))

    def discard_choice(self, hand: Sequence[int], view: View) -> int:
        wild = wild_of(view)
        _, loose = best_melds(hand, wild)
        pool = [c for c in loose if not is_joker(c, wild)]
        if not pool:  # everything melded or a joker: break the weakest meld
            pool = [c for c in hand if not is_joker(c, wild)] or list(hand)
            return max(pool, key=lambda c: (value(c, wild), self.rng.random()))
        return min(pool, key=lambda c: (self.keep(c, loose, hand, view), self.rng.random()))

    def keep(self, card: int, loose: Sequence[int], hand: Sequence[int], view: View) -> float:
        """How much a loose card is worth keeping (the lowest is thrown)."""
        return -value(card, wild_of(view))

    def draw(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind = {a.kind: a for a in legal}
        if self.should_drop(view):
            return by_kind[DROP]
        top = view.discard_top
        if TAKE_DISCARD in by_kind and top is not None and self.wants(top, view):
            return by_kind[TAKE_DISCARD]
        return by_kind.get(DRAW_STOCK) or by_kind[TAKE_DISCARD]

    def wants(self, top: int, view: View) -> bool:
        """Take the discard: a joker, or a card that goes into a meld."""
        wild = wild_of(view)
        if is_joker(top, wild):
            return True
        if not near_any(top, view.hand, wild):
            return False  # no meld holds it
        with_top = [*view.hand, top]
        if loose_count(with_top, wild) > loose_count(view.hand, wild):
            return False  # it leaves more cards out
        return top not in best_melds(with_top, wild)[1]

    def should_drop(self, view: View) -> bool:
        return False

    # -- reasons (the hint's "why": worked out from the view when asked, never in play) --

    def explain(self, view: View, action: Action) -> str:
        wild = wild_of(view)
        if action.kind == DECLARE:
            laid = INDIAN_DECK.code(action.cards[0])
            return f"declare, laying {laid} face down: the other 13 cards meld with two sequences, one pure"
        if action.kind == DROP:
            return "drop: the hand is too far from a declaration to play on"
        top = view.discard_top
        if action.kind == TAKE_DISCARD and top is not None:
            if is_joker(top, wild):
                return f"take {INDIAN_DECK.code(top)}: a joker stands for any card"
            return self.take_reason(top, view)
        if action.kind == DRAW_STOCK:
            if top is None or TAKE_DISCARD not in {a.kind for a in view.legal}:
                return "draw from the stock"
            return f"{INDIAN_DECK.code(top)} would not help the hand: draw from the stock"
        if action.kind == DISCARD:
            return self.discard_reason(action.cards[0], view)
        return action.notation()

    def take_reason(self, top: int, view: View) -> str:
        return f"take {INDIAN_DECK.code(top)}: it goes into a meld"

    def discard_reason(self, card: int, view: View) -> str:
        wild = wild_of(view)
        return f"{INDIAN_DECK.code(card)}: the loose card worth the most ({value(card, wild)} points)"


class NormalIndianAgent(EasyIndianAgent):
    """ai:normal: see the module."""

    reads_history = True  # what the next player took from the pile (guard)

    RUN_NEXT = 6.0  # a loose card next to another of its suit
    RUN_GAP = 4.0  # two apart
    SET_PAIR = 3.0  # beside one of its rank
    NO_PURE = 1.6  # sequences in the making count this much more while there is no pure sequence
    GUARD = 5.0  # a card near one the watched players took from the pile
    DROP_AT = 100  # a first hand this far from a declaration is dropped (pool and deals)

    def keep(self, card: int, loose: Sequence[int], hand: Sequence[int], view: View) -> float:
        wild = wild_of(view)
        melds, _ = best_melds(hand, wild)
        run_factor = 1.0 if any(m.pure for m in melds) else self.NO_PURE
        score = -value(card, wild) / 4
        for other in loose:
            d = gap(card, other)
            if d == 1:
                score += self.RUN_NEXT * run_factor * self.live(card, other, view)
            elif d == 2:
                score += self.RUN_GAP * run_factor * self.live(card, other, view)
            elif same_rank(card, other):
                score += self.SET_PAIR * self.live(card, other, view)
        return score + self.guard(card, view)

    def live(self, card: int, other: int, view: View) -> float:
        """How live a partial meld of two cards is (1 for ai:normal)."""
        return 1.0

    def watched(self, view: View) -> list[int]:
        """The seats whose pick-ups it reads, with a weight: the next player."""
        order = (
            list(view.match.seats)
            if view.match is not None and view.match.seats
            else list(range(view.n_seats))
        )
        if view.seat not in order:
            return []
        return [order[(order.index(view.seat) + 1) % len(order)]]

    def guard(self, card: int, view: View) -> float:
        if card >= FIRST_JOKER:
            return 0.0
        watch = self.watched(view)
        score = 0.0
        for e in view.history:
            taken = e.card if e.action.kind == TAKE_DISCARD and e.seat in watch else None
            if taken is not None and (gap(card, taken) in (1, 2) or same_rank(card, taken)):
                score += self.GUARD * (1.0 if e.seat == watch[0] else 0.5)
        return score

    def should_drop(self, view: View) -> bool:
        drawn = view.extra.get("drawn") or ()
        if (view.seat < len(drawn) and drawn[view.seat]) or view.options.get("format", "points") == "points":
            return False  # one deal: a drop loses it
        return progress(view.hand, wild_of(view)) / WEIGHT >= self.DROP_AT

    def discard_reason(self, card: int, view: View) -> str:
        return (
            f"{INDIAN_DECK.code(card)}: the loose card least worth keeping (the fewest partial melds "
            "in the making with it, the most points; a card near one the next player took from the "
            "pile is kept)"
        )


class HardIndianAgent(NormalIndianAgent):
    """ai:hard: see the module."""

    OUTS = 1.0  # a card the hand waits for, per copy not seen
    PAIRS = 0.25  # a card that makes a pair with a loose card, per copy not seen
    DANGER = 1.5  # the next player took a card near the discard from the pile, per card
    POINTS = 0.02  # a point the card counts if caught with it
    SHORTLIST = 3  # the discards whose every useful card is counted

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        self.unseen = unseen_counts(view)
        self.close: list[int] = []  # the discards its rules found close, this decision
        move = super().act(view, legal)
        self.move = move
        return move

    def search_candidates(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """The moves ``ai:search`` plays out against its last one (its prior
        there): the discards its rules found close (those leaving the hand as
        near a declaration whose useful cards were counted); its own move
        alone otherwise (a draw, a declaration, a drop, a discard with none
        close), played at once."""
        if self.move.kind != DISCARD:
            return [self.move]
        close = {same(c) for c in self.close}
        return [self.move, *(a for a in legal if a.kind == DISCARD and same(a.cards[0]) in close)]

    def discard_choice(self, hand: Sequence[int], view: View) -> int:
        """The card whose throwing leaves the hand nearest a declaration
        (:func:`~.reach.distance`), then waiting for the most cards not seen,
        then the safest from the next player, then the highest."""
        wild = wild_of(view)
        naturals = {same(c): c for c in hand if not is_joker(c, wild)}
        if not naturals:
            return hand[0]
        taken = self.taken_by_next(view)
        best_key: tuple[int, float] | None = None
        best = hand[0]
        scored = []
        least = HAND
        for key_card in sorted(naturals):
            card = naturals[key_card]
            rest = list(hand)
            rest.remove(card)
            d, groups = reach_within(rest, wild, least)  # only as near as the nearest so far
            least = min(least, d)
            scored.append((d, card, rest, groups))
        ranked = sorted(
            (-self.promise(rest, groups, wild) + self.cost(card, taken, wild), card, rest, groups)
            for d, card, rest, groups in scored
            if d == least
        )
        if len(ranked) == 1:
            return ranked[0][1]
        self.close = [card for _, card, _, _ in ranked[: self.SHORTLIST]]
        for _, card, rest, groups in ranked[: self.SHORTLIST]:
            cost = self.cost(card, taken, wild)
            outs = self.outs(rest, least, groups, wild, None if best_key is None else (cost, best_key[1]))
            if outs is None:
                continue  # it cannot come out ahead
            key = (least, -outs + cost)
            if best_key is None or key < best_key:
                best_key, best = key, card
        return best

    def cost(self, card: int, taken: Sequence[int], wild: int) -> float:
        """What throwing ``card`` risks: the next player's pick-ups near it,
        less the points it would count if kept."""
        return self.danger(card, taken) - self.POINTS * value(card, wild)

    def outs(
        self,
        hand: Sequence[int],
        d: int,
        groups: Sequence[Group],
        wild: int,
        beat: tuple[float, float] | None = None,
    ) -> float | None:
        """The cards not seen that bring the hand nearer a declaration: those
        its groups wait for, and those beside a group or pairing with a card
        out of the groups that do (each tried). With ``beat`` ``(cost, best)``:
        None as soon as the count cannot make ``cost`` less the count lower
        than ``best``."""
        unseen = self.unseen
        sure = waits(groups)
        near: set[int] = set()
        for b in loose_of(hand, groups, wild):
            near.update(pair_cards(b))
        for kind, naturals, _wait, _, _ in groups:
            if kind == "set":
                rank = naturals[0] % 13
                near.update(s * 13 + rank for s in range(4))
            else:
                near.update(pair_cards(naturals[0]))
                near.update(pair_cards(naturals[-1]))
        total = float(sum(unseen[b] for b in sure if b % 13 != wild))
        tried = sorted(b for b in near - sure if b % 13 != wild and unseen[b])
        left = float(sum(unseen[b] for b in tried))  # the most the cards tried may add
        for b in tried:
            if beat is not None and -(total + left) + beat[0] >= beat[1]:
                return None
            left -= unseen[b]
            if nearer([*hand, b], wild, d):
                total += unseen[b]
        if beat is not None and -total + beat[0] >= beat[1]:
            return None
        return total

    def promise(self, hand: Sequence[int], groups: Sequence[Group], wild: int) -> float:
        """How many cards not seen would help: those the groups wait for, and
        (less) those making a pair with a card out of the groups."""
        unseen = self.unseen
        score = self.OUTS * sum(unseen[b] for b in waits(groups))
        for b in loose_of(hand, groups, wild):
            for other in pair_cards(b):
                if other % 13 != wild:
                    score += self.PAIRS * unseen[other]
        return score

    def taken_by_next(self, view: View) -> list[int]:
        watch = NormalIndianAgent.watched(self, view)
        return [
            same(e.card)
            for e in view.history
            if e.action.kind == TAKE_DISCARD and e.card is not None and e.seat in watch
        ]

    def danger(self, card: int, taken: Sequence[int]) -> float:
        b = same(card)
        near = [t for t in taken if t < FIRST_JOKER and (gap(b, t) in (1, 2) or same_rank(b, t))]
        return self.DANGER * len(near)

    def take_reason(self, top: int, view: View) -> str:
        d = distance(view.hand, wild_of(view))
        return (
            f"take {INDIAN_DECK.code(top)}: it brings the hand nearer a declaration ({_cards(d)} from it now)"
        )

    def discard_reason(self, card: int, view: View) -> str:
        wild = wild_of(view)
        rest = list(view.hand)
        rest.remove(card)
        d, groups = reach(rest, wild)
        self.unseen = unseen_counts(view)
        outs = self.outs(rest, d, groups, wild)
        return (
            f"{INDIAN_DECK.code(card)}: without it the hand is {_cards(d)} from a declaration, "
            f"as near as any discard leaves it, and {outs:.0f} cards not seen would bring it nearer"
        )

    def wants(self, top: int, view: View) -> bool:
        """Take the discard: a joker, or a card that brings the hand nearer a
        declaration."""
        wild = wild_of(view)
        if is_joker(top, wild):
            return True
        return nearer([*view.hand, top], wild, distance(view.hand, wild))


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def unseen_counts(view: View) -> list[int]:
    """Per base card, the copies the seat has not seen: not in its hand, the
    pile or the cut, nor taken from the pile by another player and not thrown
    since."""
    out = [COPIES] * BASE
    cut = view.extra.get("cut")
    seen = [*view.hand, *view.discard_pile, *([cut] if isinstance(cut, int) else [])]
    held: list[int] = []
    for e in view.history:
        if e.seat == view.seat:
            continue
        if e.action.kind == TAKE_DISCARD and e.card is not None:
            held.append(same(e.card))
        for c in e.action.cards:
            if same(c) in held:
                held.remove(same(c))
    for c in [*(same(c) for c in seen), *held]:
        if c < BASE:
            out[c] = max(0, out[c] - 1)
    return out


def loose_of(hand: Sequence[int], groups: Sequence[Group], wild: int) -> list[int]:
    """The base cards of the hand's naturals out of ``groups``."""
    loose = [same(c) for c in hand if not is_joker(c, wild)]
    for g in groups:
        for b in g[1]:
            loose.remove(b)
    return loose


def pair_cards(b: int) -> list[int]:
    """The base cards that make a pair with base card ``b``: one or two places
    from it in its suit (the ace low and high), or its rank in another suit."""
    suit, rank = divmod(b, 13)
    out = {s * 13 + rank for s in range(4) if s != suit}
    for place in (1, 14) if rank == 0 else (rank + 1,):
        for step in (-2, -1, 1, 2):
            if 1 <= place + step <= 14:
                out.add(suit * 13 + (place + step - 1) % 13)
    out.discard(b)
    return sorted(out)


def easy_factory(seat: int, seed: int, options: object) -> EasyIndianAgent:
    return EasyIndianAgent(seed)


def normal_factory(seat: int, seed: int, options: object) -> NormalIndianAgent:
    return NormalIndianAgent(seed)


def hard_factory(seat: int, seed: int, options: object) -> HardIndianAgent:
    return HardIndianAgent(seed)


AGENTS = (
    AgentSpec(
        name="ai:easy",
        variant=NAME,
        strength=10,
        description="melds what it can, throws its highest loose card, declares as soon as it can",
        factory=easy_factory,
        rollout=True,  # the roll-out policy of ai:search (variants/indian/search.py)
    ),
    AgentSpec(
        name="ai:normal",
        variant=NAME,
        strength=20,
        description="keeps partial melds, guards its discards from the next player",
        factory=normal_factory,
    ),
    AgentSpec(
        name="ai:hard",
        variant=NAME,
        strength=30,
        description="counts the cards its hand lacks for a declaration and keeps the most unseen cards "
        "that would help; takes the discard when it helps; guards against the next player",
        factory=hard_factory,
    ),
)
