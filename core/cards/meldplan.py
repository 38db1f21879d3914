"""Least deadwood of a hand of any size, with additions to melds on the table.

:func:`best_play` answers what :func:`rummykit.core.cards.extensions.best_extensions` answers
(the hand's own melds and the cards added to the table melds, chosen together
for the least deadwood, with the same tie-break), in time polynomial in the hand:
a hand of all 52 cards takes milliseconds, where enumerating the set choices
(one state per choice, up to 6 per rank) and the table extensions grows without
limit. Both ace rules (``ace_high``) are exact.

Method: a dynamic programme over the 13 positions of the run order (the ranks,
with the ace after the king when ``ace_high``). After each position the state
says, for every suit, what that suit's last card did:

* ``0``..``3``: the length (3 meaning "3 or more") of the block of consecutive
  cards kept for runs that ends here (0: the card here is absent, in a set,
  added to a table set, or kept to discard). A block of 3 or more is one run (runs
  are never cut, as in :meth:`MeldSolver.arrangement`); a shorter block is
  deadwood, charged when it ends.
* ``A``: the card here was added above the end of a table run (a chain from
  that run's top card up to here).
* ``B``: the card here is added below a table run: every card from here up to
  the card under that run's bottom must be added too.

At each position the hand's cards of that rank either form a set (none, the
3-card set, the 4-card set or one of its 3-card subsets: the only choices, as
two sets of one rank would need 6 cards) or each does one of the suit moves
above. When a card must be kept back to discard (:func:`best_play_keeping`),
a flag in the state records whether it is chosen yet, and any card may be it.

The value minimised is the tie-break of ``best_extensions`` then of
``MeldSolver.arrangement``, in order: deadwood, (the card kept to discard,) the
number of cards added, the mask of cards added (as an int), for equal masks the
table meld of each added card (lowest first, card by card in ascending order),
the number of melds, and the smallest sorted tuple of meld masks. All but the
last are sums over the moves and are packed into one int, a field each. The
last one is exact too: of two tuples of the same length, the smaller is the one
holding the smallest meld of their difference, so giving the k-th smallest meld
the hand could make the weight ``2**(K - k)`` turns it into "the largest sum of
weights". A run's weight needs where its block started, which the capped
lengths forget: a second pass, over the moves that keep the packed value
optimal only, carries the block starts and picks the largest weight.

Size: at most 6**4 suit states (times 2 with a card to keep) per position, a
few moves each; in practice at most a few thousand states in all, and a hand of
52 cards is answered in milliseconds (benchmarks/RESULTS.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from rummykit.core.cards.extensions import ExtensionResult, meld_shape
from rummykit.core.cards.melds import all_melds, run_order

__all__ = ["best_play", "best_play_keeping"]

# Fields of the packed value, from the least significant: meld count, owner
# (5 bits a card: a table holds at most 17 melds), added-card mask, added count,
# the card kept to discard (with ``keep_one``), deadwood.
_SH_OWNER = 6
_SH_LAID = _SH_OWNER + 5 * 52
_SH_N = _SH_LAID + 52
_SH_KEEP = _SH_N + 6
_SH_DW = _SH_KEEP + 10
_ONE_MELD = 1

_A, _B = 4, 5  # suit states beside the block lengths 0..3
# What a card did, for the read-back.
_RUN, _SET, _TSET, _ABOVE, _BELOW, _KEEP = range(6)


def _points(rank: int, ace_points: int) -> int:
    return ace_points if rank == 0 else (10 if rank >= 9 else rank + 1)


class _Plan:
    """One hand and table: the precomputed facts the moves read."""

    def __init__(
        self, hand: int, table: tuple[int, ...], ace_high: bool, ace_points: int, keep_one: bool
    ) -> None:
        if not isinstance(ace_points, int) or not 1 <= ace_points <= 11:
            raise ValueError(f"ace_points must be an int from 1 to 11, not {ace_points!r}")
        if not isinstance(hand, int) or hand < 0 or hand >> 52:
            raise ValueError(f"not a hand mask: {hand!r}")
        self.hand = hand
        self.table = table
        self.keep_one = keep_one
        self.ace_high = ace_high
        self.order = order = run_order(ace_high)
        self.pts = [_points(r, ace_points) for r in order]
        # a_owner[s][p]: the table run whose top is below p with every card
        # between it and p (p included) in the hand; b_owner: the same for a
        # table run whose bottom is above p. tset[card]: the 3-card table set
        # missing that card.
        self.a_owner = [[-1] * 13 for _ in range(4)]
        self.b_owner = [[-1] * 13 for _ in range(4)]
        self.a_top = [[False] * 13 for _ in range(4)]
        self.tset: dict[int, int] = {}
        self.runs: dict[int, tuple[int, int]] = {}
        for j, meld in enumerate(table):
            is_set, x, lo, hi = meld_shape(meld, ace_high)
            if is_set:
                if x >= 0 and hand >> x & 1:
                    self.tset[x] = j
                continue
            self.runs[j] = (lo, hi)
            s = x
            p = hi + 1
            if p <= 12:
                self.a_top[s][p] = True
            while p <= 12 and hand >> (13 * s + order[p]) & 1:
                self.a_owner[s][p] = j
                p += 1
            p = lo - 1
            while p >= 0 and hand >> (13 * s + order[p]) & 1:
                self.b_owner[s][p] = j
                p -= 1
        self.present = [sum(1 << s for s in range(4) if hand >> (13 * s + order[p]) & 1) for p in range(13)]

    def set_choices(self, p: int) -> list[int]:
        """Suit masks of the sets the hand can make at position ``p`` (0: none)."""
        have = self.present[p]
        n = have.bit_count()
        if n < 3:
            return [0]
        if n == 3:
            return [0, have]
        return [0, have] + [have ^ (1 << s) for s in range(4)]

    def laid_cost(self, card: int, owner: int) -> int:
        return (1 << _SH_N) + (1 << (_SH_LAID + card)) + (owner << (_SH_OWNER + 5 * (51 - card)))

    def keep_cost(self, card: int, p: int) -> int:
        """The tie-break among cards kept to discard: the higher points, then
        the lower rank (ace high when it is after the king), then suit."""
        rank = 13 if self.ace_high and card % 13 == 0 else card % 13
        return ((11 - self.pts[p]) << 6 | rank << 2 | card // 13) << _SH_KEEP

    def moves(self, p: int, s: int, ps: int, in_set: bool, may_keep: bool) -> list[tuple[int, int, int]]:
        """``(new suit state, cost, role)`` for suit ``s`` at position ``p``
        after state ``ps``. ``may_keep``: the card may be the one kept to discard."""
        pts = self.pts
        if ps == 1:
            close = pts[p - 1] << _SH_DW
        elif ps == 2:
            close = (pts[p - 1] + pts[p - 2]) << _SH_DW
        else:
            close = 0
        card = 13 * s + self.order[p]
        if in_set:
            return [] if ps == _B else [(0, close, _SET)]
        if not self.hand >> card & 1:
            return [(0, close, -1)]  # from B: the table run is reached
        if ps == _B:
            return [(_B, self.laid_cost(card, self.b_owner[s][p]), _BELOW)]
        out = [(1 if ps >= 4 or ps == 0 else min(ps + 1, 3), _ONE_MELD if ps == 2 else 0, _RUN)]
        j = self.a_owner[s][p]
        if j >= 0 and (ps == _A or self.a_top[s][p]):
            out.append((_A, self.laid_cost(card, j), _ABOVE))
        j = self.b_owner[s][p]
        if j >= 0:
            out.append((_B, close + self.laid_cost(card, j), _BELOW))
        j = self.tset.get(card, -1)
        if j >= 0:
            out.append((0, close + self.laid_cost(card, j), _TSET))
        if may_keep:
            out.append((0, close + self.keep_cost(card, p), _KEEP))
        return out

    def end_cost(self, st: int) -> int:
        """The cost of closing every suit after the last position."""
        pts = self.pts
        cost = 0
        for s in range(4):
            ps = st >> (3 * s) & 7
            if ps == 1:
                cost += pts[12]
            elif ps == 2:
                cost += pts[12] + pts[11]
        return cost << _SH_DW


#: A move of pass one: ``(from state, to state, cost, sets, roles)``.
_Edge = tuple[int, int, int, int, tuple[int, ...]]
#: A back pointer of pass two: ``(previous extended state, sets, roles)``.
_Back = tuple[tuple[int, tuple[int, ...]], int, tuple[int, ...]]


def _forward(plan: _Plan) -> tuple[list[dict[int, int]], list[list[_Edge]]]:
    """Pass one: the least packed value of every reachable state, position by
    position, and every move ``(from, to, cost, sets, roles)``."""
    layers: list[dict[int, int]] = [{0: 0}]
    edges: list[list[_Edge]] = []
    for p in range(13):
        cur = layers[-1]
        nxt: dict[int, int] = {}
        here: list[_Edge] = []
        choices = plan.set_choices(p)
        cache: dict[tuple[int, int, bool, bool], list] = {}
        for st, val in cur.items():
            kept = st >> 12
            may_keep = plan.keep_one and not kept
            for sets in choices:
                per_suit = []
                for s in range(4):
                    key = (s, st >> (3 * s) & 7, bool(sets >> s & 1), may_keep)
                    got = cache.get(key)
                    if got is None:
                        got = cache[key] = plan.moves(p, *key)
                    per_suit.append(got)
                base = _ONE_MELD if sets else 0
                for combo in product(*per_suit):
                    ns = kept << 12
                    cost = base
                    roles = tuple(m[2] for m in combo)
                    if roles.count(_KEEP) > 1:
                        continue
                    for s, (suit_state, c, role) in enumerate(combo):
                        ns |= suit_state << (3 * s)
                        cost += c
                        if role == _KEEP:
                            ns |= 1 << 12
                    v = val + cost
                    here.append((st, ns, cost, sets, roles))
                    old = nxt.get(ns)
                    if old is None or v < old:
                        nxt[ns] = v
        layers.append(nxt)
        edges.append(here)
    return layers, edges


def best_play(hand: int, table: Sequence[int] = (), *, ace_high: bool, ace_points: int) -> ExtensionResult:
    """The hand's melds and its additions to the ``table`` melds (masks, indexed
    from 0), chosen together for the least deadwood: the same answer as
    ``best_extensions(hand, table, get_solver(ace_high, ace_points))``, tie-break
    included. ``ace_points``: 1 to 11. Raises ``ValueError`` if the table melds
    overlap each other or the hand, or one is not a meld."""
    return _solve(_Plan(hand, _checked(hand, table), ace_high, ace_points, False))[1]


def best_play_keeping(
    hand: int, table: Sequence[int] = (), *, ace_high: bool, ace_points: int
) -> tuple[int, ExtensionResult]:
    """``(card, play)``: one card kept back to be discarded and the best play of
    the rest (as :func:`best_play`), for the least deadwood once that card is
    gone; among such cards the one with the higher points, then the lower in
    rank order (then suit). What a player must do when the last card has to be
    discarded. ``ValueError`` as for :func:`best_play`, and for an empty hand."""
    if not hand:
        raise ValueError("no card to keep in an empty hand")
    return _solve(_Plan(hand, _checked(hand, table), ace_high, ace_points, True))


def _checked(hand: int, table: Sequence[int]) -> tuple[int, ...]:
    table = tuple(table)
    seen = 0
    for m in table:
        if m & seen or m & hand:
            raise ValueError("table melds overlap each other or the hand")
        seen |= m
    return table


def _solve(plan: _Plan) -> tuple[int, ExtensionResult]:
    layers, edges = _forward(plan)
    # The best end states, then the moves on some best path (backwards).
    ends = {}
    for st, val in layers[13].items():
        if plan.keep_one and not st >> 12:
            continue
        ends[st] = val + plan.end_cost(st)
    best = min(ends.values())
    good = {st for st, v in ends.items() if v == best}
    tight: list[list[_Edge]] = [[] for _ in range(13)]
    for p in range(12, -1, -1):
        prev = layers[p]
        after = layers[p + 1]
        keep = set()
        for e in edges[p]:
            u, v, cost = e[0], e[1], e[2]
            if v in good and prev[u] + cost == after[v]:
                tight[p].append(e)
                keep.add(u)
        good = keep
    return _read_back(plan, tight, best)


def _read_back(plan: _Plan, tight: list[list[_Edge]], best: int) -> tuple[int, ExtensionResult]:
    """Pass two over the best moves only: block starts carried, the largest
    meld weight kept, then the play read back from the end."""
    hand, order = plan.hand, plan.order
    candidates = all_melds(hand, plan.ace_high)
    k = len(candidates)
    weight = {m: 1 << (k - 1 - i) for i, m in enumerate(candidates)}

    def run_mask(s: int, a: int, b: int) -> int:
        m = 0
        for q in range(a, b + 1):
            m |= 1 << (13 * s + order[q])
        return m

    # extended state: (state, block starts) -> (weight, back pointer)
    cur: dict[tuple[int, tuple[int, ...]], tuple[int, _Back | None]] = {(0, (-1,) * 4): (0, None)}
    history = [cur]
    for p in range(13):
        by_state: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        for key in cur:
            by_state.setdefault(key[0], []).append(key)
        nxt: dict[tuple[int, tuple[int, ...]], tuple[int, _Back | None]] = {}
        for u, v, _, sets, roles in tight[p]:
            for key in by_state.get(u, ()):
                w = cur[key][0]
                starts = list(key[1])
                if sets:
                    w += weight[sum(1 << (13 * s + order[p]) for s in range(4) if sets >> s & 1)]
                for s in range(4):
                    ps = u >> (3 * s) & 7
                    if roles[s] == _RUN:
                        if ps in (0, _A, _B):
                            starts[s] = p
                    else:
                        if ps == 3:
                            w += weight[run_mask(s, starts[s], p - 1)]
                        starts[s] = -1
                nk = (v, tuple(starts))
                old = nxt.get(nk)
                if old is None or w > old[0]:
                    nxt[nk] = (w, (key, sets, roles))
        cur = nxt
        history.append(cur)
    final_w = -1
    key = next(iter(cur))
    for k_, (w, _) in cur.items():
        st, open_runs = k_
        for s in range(4):
            if st >> (3 * s) & 7 == 3:
                w += weight[run_mask(s, open_runs[s], 12)]
        if w > final_w:
            final_w, key = w, k_

    # Read the path back: the sets and each card's role.
    steps: list[tuple[int, int, tuple[int, ...]]] = []
    for p in range(13, 0, -1):
        back = history[p][key][1]
        assert back is not None  # every state after the first has a back pointer
        prev, sets, roles = back
        steps.append((p - 1, sets, roles))
        key = prev
    steps.reverse()
    return _result(plan, steps, best >> _SH_DW)


def _result(
    plan: _Plan, steps: list[tuple[int, int, tuple[int, ...]]], deadwood: int
) -> tuple[int, ExtensionResult]:
    """(card kept or -1, the play) of a path: ``steps`` is ``(position, sets, roles)``."""
    order = plan.order
    melds: list[int] = []
    laid: dict[int, int] = {}  # card -> table meld
    loose = 0
    kept = -1
    block: list[list[int]] = [[] for _ in range(4)]

    def close(s: int) -> None:
        nonlocal loose
        cards = block[s]
        m = 0
        for c in cards:
            m |= 1 << c
        if len(cards) >= 3:
            melds.append(m)
        else:
            loose |= m
        block[s] = []

    for p, sets, roles in steps:
        if sets:
            melds.append(sum(1 << (13 * s + order[p]) for s in range(4) if sets >> s & 1))
        for s in range(4):
            card = 13 * s + order[p]
            role = roles[s]
            if role == _RUN:
                block[s].append(card)
                continue
            close(s)
            if role == _KEEP:
                kept = card
            elif role == _ABOVE:
                laid[card] = plan.a_owner[s][p]
            elif role == _BELOW:
                laid[card] = plan.b_owner[s][p]
            elif role == _TSET:
                laid[card] = plan.tset[card]
    for s in range(4):
        close(s)

    # Additions in the order added: table melds in index order; onto a run the
    # cards below it outward, then the cards above it outward (ascending position).
    position = {order[p]: p for p in range(13)}
    added: list[tuple[int, int]] = []
    for j in range(len(plan.table)):
        mine = [c for c, o in laid.items() if o == j]
        if j in plan.runs:
            lo = plan.runs[j][0]
            below = sorted((c for c in mine if position[c % 13] < lo), key=lambda c: -position[c % 13])
            above = sorted((c for c in mine if position[c % 13] > lo), key=lambda c: position[c % 13])
            mine = below + above
        added.extend((c, j) for c in mine)
    return kept, ExtensionResult(
        deadwood=deadwood, melds=tuple(sorted(melds)), added=tuple(added), deadwood_cards=loose
    )
