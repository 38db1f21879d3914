"""Play-outs of the rest of a CardVerse round, for ``ai:hard`` with 3 or 4 seats.

With three or four players the stock is short and most rounds end when somebody
asks the empty stock after some three turns each, so every turn's choice (lay its
melds down now or hold them, which card to shed) weighs. ``ai:hard`` settles it by
playing the round out from deals consistent with what it has seen, once per
choice on the same deals, and keeping the choice whose play-outs are worth most
(won rounds, or with :mod:`.equity` the chance to win the match; docs/bots.md has
the measurements behind this design).

**Sampled deals.** The opponents are modelled as players who lay down every meld
and addition at once, shed their highest-value loose card and take the discard
only to complete a meld (``ai:easy``'s way, which any sensible player mostly
follows). What a hand then shows after its owner's last turn:

* no card worth more than the lowest it discarded this round (by points, then
  rank, then suit: ``ai:easy``'s order): a card it held then it would have shed
  instead, and a higher card it shed later can only have been the one it had just
  drawn (``lowest``; when false, the bound is its last discard);
* no meld among its cards, and no card that fitted a table meld as the table stood
  when it discarded;
* the upcard it passed on at its last draw completes no meld with it;
* the cards it took from the pile and has not played yet are in it.

Each hand is filled card by card from the unseen cards in random order, skipping a
card that would break one of these; if too few are left the rest are drawn freely.
The most constrained hand is filled first; the stock is what remains, shuffled.
Nothing here reads another seat's hand: the deal is built from the seat's own
:class:`~.knowledge.Knowledge`.

**Play-outs** run on bit masks. The opponents play the modelled way; this seat
follows a quick version of its own rules (take a discard that melds or fits the
table; hold its melds until the round is sure to end; shed its highest loose
card, less ``keep`` points per live way to a meld while the round goes on; ask the
empty stock only when it holds the lowest hand). :meth:`Playouts.turn_wins` weighs
the choices after the draw, :meth:`Playouts.draw_wins` the draw itself. Both can
spend their deals where the choice is close: the draw stops once the two draws are
clearly apart, the turn plays its two best choices on while they are not.

Hands, the table's reach and the meld tests are bit masks (:mod:`.common`'s
``completes``, ``completing``, ``has_meld``); the solver is asked for a hand's melds
only when it holds one.

**The compiled core.** ``_fastplay.c`` holds the same loops in C (:meth:`Playouts.play`,
the fill of :meth:`Playouts.sample` and, for a plain :class:`random.Random`, its shuffle,
:meth:`Playouts.score`, and the solver's choice of melds for a hand laid down): the same
cards in the same order and the same ties, so the moves are the same with or without it,
some ten times faster (tests/variants/cardverse/test_fastplay.py compares them). The Python
loops here are the reference and the fallback: they run when the extension was not built or
``RUMMYKIT_PURE_PYTHON`` is set (:func:`compiled`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from rummykit.core.cards import FULL_DECK, from_mask, points
from rummykit.core.melds import run_order

from ..agents import shed_key
from ..table import extensions
from .common import completes, completing, has_meld, live_partners
from .knowledge import Knowledge

if TYPE_CHECKING:
    from rummykit.core.solver import MeldSolver

__all__ = ["Playouts", "Value", "compiled"]

#: How a play-out's end is scored: ``value(winner, hands)``.
Value = Callable[[int, list[int]], float]

try:  # the compiled loops (_fastplay.c); the Python ones below are the reference
    from . import _fastplay
except ImportError:  # not built (no C compiler where it was installed)
    _fastplay = None  # type: ignore[assignment]  # an optional module: None when absent


def compiled() -> bool:
    """Whether play-outs run in the compiled core: it was built, and the
    environment variable ``RUMMYKIT_PURE_PYTHON`` is not set to a non-empty value."""
    return _fastplay is not None and not os.environ.get("RUMMYKIT_PURE_PYTHON")


@cache
def _shedding(
    ace_points: int,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Tables of ``ai:easy``'s shedding order: every card's points; its rank in the
    order (the card shed first ranks highest); ``below[r]``, the mask of the cards
    ranked under ``r``; the cards in that order; and, per suit and 13-bit pattern of
    that suit's cards, the highest rank among them (-1 for none)."""
    pts = tuple(points(c, ace_points) for c in range(52))
    order = tuple(sorted(range(52), key=lambda c: shed_key(c, ace_points)))
    rank = [0] * 52
    for i, c in enumerate(order):
        rank[c] = i
    below = [0] * 53
    m = 0
    for i, c in enumerate(order):
        below[i] = m
        m |= 1 << c
    below[52] = m
    top = []
    for s in range(4):
        best = [-1] * (1 << 13)
        for p in range(1, 1 << 13):
            low = p & -p
            r = rank[13 * s + low.bit_length() - 1]
            rest = best[p ^ low]
            best[p] = r if r > rest else rest
        top.append(tuple(best))
    return pts, tuple(rank), tuple(below), order, tuple(top)


_RANK_MASK = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))
_ACE_HIGH = run_order(ace_high=True)


@cache
def _run_through(pattern: int, rank: int) -> int:
    """The ace-high run of one suit's ``pattern`` (13 bits, bit 0 the ace) through
    ``rank``, as a 13-bit mask, or 0 if it is under three cards long."""
    bit = _ACE_HIGH  # run position -> rank (2 .. K, A)
    lo = hi = bit.index(rank)
    while lo > 0 and pattern >> bit[lo - 1] & 1:
        lo -= 1
    while hi < 12 and pattern >> bit[hi + 1] & 1:
        hi += 1
    if hi - lo < 2:
        return 0
    return sum(1 << bit[i] for i in range(lo, hi + 1))


def _reach(table: list[int]) -> int:
    """The cards that fit some meld of ``table`` (masks), as a mask."""
    reach = 0
    for m in table:
        reach |= extensions(m)
    return reach


class Playouts:
    """Sampled deals and play-outs for one seat's decisions (see the module text)."""

    def __init__(self, solver: MeldSolver, ace_points: int, rng: random.Random) -> None:
        self.solver = solver
        self.rng = rng
        self.keep = 0.0  # this seat's shedding: points per live way to a meld kept
        self.lowest = True  # bound a hand by its owner's lowest discard (else its last)
        self._melds: dict[int, tuple[int, ...]] = {}  # hand -> the melds _lay lays down
        self.pts, self.rank, self.below, self.shed_order, self.top_shed = _shedding(ace_points)
        self._core = _fastplay.Core(self.pts, self.rank) if compiled() else None
        # The core shuffles as random.Random.shuffle does (by getrandbits), for a
        # plain random.Random; any other generator shuffles itself.
        # private methods of random.Random that typeshed leaves out:
        below = random.Random._randbelow  # type: ignore[attr-defined]
        by_bits = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
        self._shuffle_in_core = type(rng) is random.Random and below is by_bits

    # -- sampled deals -------------------------------------------------------------

    def sample(self, k: Knowledge) -> tuple[list[int], list[int]]:
        """One deal consistent with ``k``: every seat's hand (this seat's as it is)
        and the stock (top = last)."""
        rng = self.rng
        rank = self.rank
        if self.lowest:
            bound = [min(d, key=rank.__getitem__) if d else None for d in k.discards]
        else:
            bound = [d[-1] if d else None for d in k.discards]
        core = self._core
        places = [-1 if b is None else rank[b] for b in bound] if core is not None else []
        if core is not None and self._shuffle_in_core:
            return core.deal(
                k.unseen, rng.getrandbits, k.seat, k.hand, k.unknown, k.held, k.blocked, k.last_pass, places
            )
        pool = list(from_mask(k.unseen))
        rng.shuffle(pool)
        if core is not None:
            return core.fill(pool, k.seat, k.hand, k.unknown, k.held, k.blocked, k.last_pass, places)
        hands = [0] * k.n_seats
        hands[k.seat] = k.hand
        seats = [s for s in range(k.n_seats) if s != k.seat]
        order = [99 if b is None else rank[b] for b in bound]
        seats.sort(key=order.__getitem__)
        used = 0
        for s in seats:
            need = k.unknown[s]
            hand = k.held[s]
            if need:
                allowed = ~used
                b = bound[s]
                if b is not None:
                    allowed &= self.below[rank[b]] & ~k.blocked[s]
                passed = k.last_pass[s]
                # A card may not complete a meld in the hand, nor (with one of its
                # cards) one with the upcard it passed on.
                with_pass = 0 if passed is None else 1 << passed
                if passed is not None and completes(hand, passed):
                    ok = 0
                else:
                    ok = allowed & ~completing(hand | with_pass)
                got = 0
                for c in pool:
                    if ok >> c & 1:
                        hand |= 1 << c
                        used |= 1 << c
                        got += 1
                        if got == need:
                            break
                        ok = allowed & ~used & ~completing(hand | with_pass)
                if got < need:  # too few fit: the rest freely
                    for c in pool:
                        if got == need:
                            break
                        if not used >> c & 1:
                            hand |= 1 << c
                            used |= 1 << c
                            got += 1
            hands[s] = hand
        stock = [c for c in pool if not used >> c & 1]
        return hands, stock

    # -- play-outs -----------------------------------------------------------------

    def turn_wins(
        self,
        k: Knowledge,
        pile: list[int],
        table: list[int],
        samples: int,
        options: list[tuple[bool, int]],
        melds: Sequence[int] = (),
        adds: Sequence[tuple[int, int]] = (),
        value: Value | None = None,
        keep: int = 0,
        extra: int = 0,
        z: float = 0.0,
    ) -> list[float]:
        """For each ``(lay, card)``: what the play-outs are worth after laying down
        ``melds`` (masks) and ``adds`` ((card, meld number), ...) or not (``lay``), and
        then discarding ``card``, summed over ``samples`` sampled deals (the same for
        every option). ``value(winner, hands)`` scores a play-out's end (default: 1
        when this seat wins). ``table``: the table's melds (masks) in number order.
        ``keep``: after half the deals only the ``keep`` best options play on (the
        others' worth is then ``-inf``); 0: all of them. ``extra``: up to this many
        more deals while the two best options differ by no more than ``z`` standard
        errors of their mean difference per deal (checked every ``samples // 4``)."""
        me = k.seat
        n = k.n_seats
        nxt = (me + 1) % n
        value = value or (lambda winner, hands: winner == me)
        laid_table = list(table)
        laid_hand = k.hand
        for m in melds:
            laid_hand &= ~m
            laid_table.append(m)
        for c, number in adds:
            laid_hand &= ~(1 << c)
            laid_table[number - 1] |= 1 << c
        wins = [0.0] * len(options)
        alive = list(range(len(options)))
        vals: list[list[float]] = [[] for _ in options]  # per deal, with ``extra``
        step = max(1, samples // 4)
        for j in range(samples + extra):
            if j >= samples and (j - samples) % step == 0 and not self._unclear(wins, vals, alive, z):
                break
            if keep and j == samples // 2 and len(alive) > keep:
                alive = sorted(alive, key=lambda i: (-wins[i], i))[:keep]
                for i in range(len(options)):
                    if i not in alive:
                        wins[i] = float("-inf")
                alive.sort()
            hands, stock = self.sample(k)
            for i in alive:
                lay, card = options[i]
                t = list(laid_table if lay else table)
                hand = (laid_hand if lay else k.hand) & ~(1 << card)
                h = list(hands)
                h[me] = hand
                v = value(me, h) if not hand else value(*self.play(h, stock, pile + [card], t, me, nxt))
                wins[i] += v
                if extra:
                    vals[i].append(v)
        return wins

    @staticmethod
    def _unclear(wins: list[float], vals: list[list[float]], alive: list[int], z: float) -> bool:
        """Whether the two best of the ``alive`` options are within ``z`` standard
        errors of their mean difference per deal (``vals``: each option's values)."""
        if len(alive) < 2:
            return False
        a, b = sorted(alive, key=lambda i: (-wins[i], i))[:2]
        diffs = [x - y for x, y in zip(vals[a], vals[b], strict=True)]
        n = len(diffs)
        diff = sum(diffs)
        sq = sum(d * d for d in diffs)
        return sq > 0.0 and diff * diff <= z * z * (sq - diff * diff / n)

    def draw_wins(
        self,
        k: Knowledge,
        pile: list[int],
        table: list[int],
        samples: int,
        value: Value | None = None,
        first: int = 0,
        z: float = 0.0,
    ) -> tuple[float, float]:
        """What the play-outs are worth (as :meth:`turn_wins`) when this seat, to
        draw, takes from the stock and when it takes the top of the pile, on the same
        deals; the rest of its turn follows its quick rules. ``samples`` deals, or
        with ``first`` fewer: from ``first`` deals on, every ``first // 2`` deals, it
        stops once the two differ by more than ``z`` standard errors of their mean
        difference per deal (or have not differed on any deal yet)."""
        me = k.seat
        value = value or (lambda winner, hands: winner == me)
        worth = [0.0, 0.0]  # stock, take
        sq = 0.0  # sum of the squared differences per deal
        step = max(1, first // 2)
        for j in range(1, samples + 1):
            hands, stock = self.sample(k)
            a = value(*self.play(hands, stock, pile, table, me, me, first_take=False))
            b = value(*self.play(hands, stock, pile, table, me, me, first_take=True))
            worth[0] += a
            worth[1] += b
            sq += (b - a) ** 2
            if first and j >= first and (j - first) % step == 0 and j < samples:
                diff = worth[1] - worth[0]
                # |mean| > z * sd / sqrt(j)  <=>  diff**2 > z**2 * (sq - diff**2 / j)
                if sq == 0.0 or diff * diff > z * z * (sq - diff * diff / j):
                    break
        return worth[0], worth[1]

    def play(
        self,
        hands: list[int],
        stock: list[int],
        pile: list[int],
        table: list[int],
        me: int,
        cur: int,
        first_take: bool | None = None,
    ) -> tuple[int, list[int]]:
        """Play the round out from ``cur``'s draw and return the winning seat and
        every seat's hand at the end (``first_take``: this seat's first draw is the
        pile's top, or the stock when False, rather than its rule's). Nothing passed
        in is changed."""
        if self._core is not None:
            return self._core.play(hands, stock, pile, table, me, cur, first_take, self.keep)
        hands = list(hands)
        stock = list(stock)
        pile = list(pile)
        table = list(table)
        reach = _reach(table)  # the cards that fit some table meld
        n = len(hands)
        rank = self.rank
        for _ in range(200):  # far more turns than any short stock allows
            hand = hands[cur]
            top = pile[-1] if pile else None
            if cur == me and first_take is not None:
                draw_top = first_take
                first_take = None
            elif cur == me:
                draw_top = self._my_draw(hands, stock, pile, reach, me)
            else:
                draw_top = top is not None and completes(hand, top)
            if draw_top and top is not None:
                pile.pop()
                drawn = top
            elif stock:
                drawn = stock.pop()
            else:
                return self._lowest(hands), hands
            hand |= 1 << drawn
            # Lay down (the opponents always; this seat when it goes out or the
            # round is sure to end before its next turn).
            if cur != me:
                hand, reach = self._lay(hand, table, reach, drawn)
                loose = hand
            else:
                laid = list(table)
                left, laid_reach = self._lay(hand, laid, reach)
                if left & (left - 1) == 0 or len(stock) < n - 1:
                    hand, table, reach = left, laid, laid_reach
                    loose = hand
                else:
                    loose = left or hand
            if not hand:  # out by laying down
                hands[cur] = 0
                return cur, hands
            # Shed the highest loose card (this seat, while the round goes on: less
            # ``keep`` per live way to a meld).
            if cur == me and self.keep and len(stock) >= n - 1:
                live = FULL_DECK & ~hand
                for m in table:
                    live &= ~m
                for c in pile:
                    live &= ~(1 << c)
                pts = self.pts
                best = bestv = None
                for c in from_mask(loose):
                    v = (pts[c] - self.keep * live_partners(c, hand, live), rank[c])
                    if bestv is None or v > bestv:
                        best, bestv = c, v
            else:
                tops = self.top_shed
                best = self.shed_order[
                    max(
                        tops[0][loose & 0x1FFF],
                        tops[1][loose >> 13 & 0x1FFF],
                        tops[2][loose >> 26 & 0x1FFF],
                        tops[3][loose >> 39],
                    )
                ]
            assert best is not None  # the hand is not empty
            hand &= ~(1 << best)
            pile.append(best)
            hands[cur] = hand
            if not hand:
                return cur, hands
            cur = (cur + 1) % n
        return self._lowest(hands), hands

    def score(self, winner: int, hands: list[int]) -> int:
        """What ``winner`` scores at a play-out's end: the card points of every other
        hand."""
        if self._core is not None:
            return self._core.score(winner, hands)
        pts = self.solver.points
        return sum(pts(h) for h in hands) - pts(hands[winner])

    def _my_draw(self, hands: list[int], stock: list[int], pile: list[int], reach: int, me: int) -> bool:
        top = pile[-1] if pile else None
        if not stock:
            if top is None:
                return False
            # End the round only holding the lowest hand (ties: lowest seat).
            return self._lowest(hands) != me
        if top is None:
            return False
        return completes(hands[me], top) or bool(reach >> top & 1)

    def _lay(self, hand: int, table: list[int], reach: int, drawn: int | None = None) -> tuple[int, int]:
        """Lay the hand's melds on ``table`` (changed) and then every card that fits
        it; return what is left of the hand and the cards that then fit the table
        (``reach``: those that fit it now). ``drawn``: the card just drawn, when the
        hand held no meld before it (an opponent's hand, which lays all at once)."""
        if has_meld(hand):
            if drawn is not None and not has_meld(hand & ~(1 << drawn)):
                melds: tuple[int, ...] = (self._meld_with(hand, drawn),)
            else:
                known = self._melds.get(hand)
                if known is None:
                    known = self.solver.arrangement(hand)[1]
                    if len(self._melds) > 100_000:
                        self._melds.clear()
                    self._melds[hand] = known
                melds = known
            for m in melds:
                hand &= ~m
                table.append(m)
                reach |= extensions(m)
        while hand & reach:
            for i, m in enumerate(table):
                fit = extensions(m) & hand
                if fit:
                    low = fit & -fit
                    hand ^= low
                    table[i] = m | low
            reach = _reach(table)
        return hand, reach

    def _meld_with(self, hand: int, card: int) -> int:
        """The solver's arrangement of ``hand`` when its only melds hold ``card``:
        one meld, the set of ``card``'s rank or the whole run through it, whichever
        leaves less deadwood (ties: the smaller mask, as the solver breaks them)."""
        best = 0
        same = hand & _RANK_MASK[card % 13]
        if same.bit_count() >= 3:
            best = same
        run = _run_through(hand >> 13 * (card // 13) & 0x1FFF, card % 13) << 13 * (card // 13)
        if run:
            if not best:
                return run
            rp, sp = self.solver.points(run), self.solver.points(best)
            if rp > sp or (rp == sp and run < best):
                return run
        return best

    def _lowest(self, hands: list[int]) -> int:
        """The seat with the lowest hand value (ties: the lowest seat number)."""
        vals = [self.solver.points(h) for h in hands]
        return vals.index(min(vals))
