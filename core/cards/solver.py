"""The meld solver: least deadwood, best arrangements, exact best discard.

Deadwood is the sum of the points of the cards in no meld (J Q K 10, 2-10 face
value, ace ``ace_points``); melds may not overlap. Hands are 52-bit int masks
(bit ``suit * 13 + rank``, see :mod:`rummykit.core.cards.card`).

How it is fast (pure Python, no per-hand cache)
-----------------------------------------------
Split the hand into four 13-bit suit patterns ``c d h s`` (bit ``rank``).

* Runs live inside one suit. For a suit pattern with runs only, the least
  deadwood is simple: every maximal block of consecutive ranks of length >= 3
  can be melded whole (one run), and cards in shorter blocks cannot be in any
  run. Table ``T[p]`` (8192 entries per ruleset) holds that value. With the
  ace high, the ace is adjacent to the king only; we compute in "run order"
  (2..K A) and rotate.
* Sets tie the suits together, but only at ranks holding >= 3 cards. Those
  ranks come from four ANDs: ``(c & d & (h | s)) | (h & s & (c | d))``.
  If there are none (most random hands), deadwood = T[c]+T[d]+T[h]+T[s].
  Otherwise, for each such rank choose: no set, the 3-set, or for a 4-card
  rank the 4-set or any of its four 3-subsets; remove the chosen set cards
  from the suit patterns and take the min of the table sums. Two sets of one
  rank are impossible (at most 4 cards), so this enumeration is exhaustive and
  the result is exact. (At most 72 choices for 11 cards, usually 2.)
* Best discard: table ``T2[p]`` = min over cards x in p of ``T[p - x]`` (with
  the arg-min). For each set choice of the *full* hand and each suit, the value
  ``sum(T) - T[p_s] + T2[p_s]`` is the deadwood after discarding a card that
  is not in a chosen set. That covers every discard exactly: the optimal
  arrangement of ``hand - x`` is a set choice of ``hand`` in which x is free
  (x's rank with x removed has options that are "no set" or "the 3-subset
  without x", both of which are choices on the full hand with x free), and
  every (choice, free x) pair is a legal arrangement of ``hand - x``.

Tables are built lazily on first use (a few ms), shared by every solver with
the same ``(ace_high, ace_points)``, never at import time.

The set choices multiply (up to 6 per rank), which is nothing for the hands of
a game but grows without limit with the hand: for a hand of any size, and for
additions to melds on a table, :mod:`rummykit.core.cards.meldplan` gives the same
answers in time polynomial in the hand.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import product

from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.cards.melds import run_order

__all__ = ["MeldSolver", "get_solver", "tables_for"]

_M13 = (1 << 13) - 1
_BIG = 1 << 30


def _rank_points(ace_points: int) -> tuple[int, ...]:
    return tuple(ace_points if r == 0 else (10 if r >= 9 else r + 1) for r in range(13))


def _to_positions(p: int, ace_high: bool) -> int:
    """Rank pattern -> run-order pattern (ace-high: the ace moves after the king)."""
    if ace_high:
        return (p >> 1) | ((p & 1) << 12)
    return p


def _from_positions(q: int, ace_high: bool) -> int:
    if ace_high:
        return ((q << 1) & _M13) | (q >> 12)
    return q


class _Tables:
    """Per-ruleset lookup tables, indexed by a 13-bit suit pattern (bit = rank)."""

    __slots__ = ("PR", "PS", "T", "T2r", "T2v", "_DT", "build_ms")

    def __init__(self, ace_high: bool, ace_points: int) -> None:
        t0 = time.perf_counter()
        pr = _rank_points(ace_points)
        order = run_order(ace_high)  # position -> rank
        pos_pts = [pr[r] for r in order]

        # PS[q]: points of a pattern; Tq[q]: least run-only deadwood, both in
        # run-order (position) space. DP on the lowest set bit / lowest block:
        # removing it gives a smaller index, already computed.
        ps_pos = [0] * 8192
        t_pos = [0] * 8192
        for q in range(1, 8192):
            low = q & -q
            ps_pos[q] = ps_pos[q ^ low] + pos_pts[low.bit_length() - 1]
            # q + low carries through the lowest block of consecutive bits.
            block = q & ~(q + low)
            rest = t_pos[q ^ block]
            t_pos[q] = rest if block.bit_count() >= 3 else rest + ps_pos[block]
        T = [t_pos[_to_positions(p, True)] for p in range(8192)] if ace_high else t_pos
        # Points in rank space (ace-high rotation does not change a sum, but
        # the positions do, so map it too).
        PS = [ps_pos[_to_positions(p, ace_high)] for p in range(8192)]

        # T2[p] = min over x in p of T[p - x]; ties -> higher points, then lower
        # rank (the first one met in `pref` order wins, strict <).
        pref = sorted(range(13), key=lambda r: (-pr[r], r))
        T2v = [_BIG] * 8192
        T2r = [-1] * 8192
        for r in pref:
            bit = 1 << r
            # the patterns holding rank r: blocks [base, base + bit) every 2 * bit
            for base in range(bit, 8192, bit << 1):
                for p in range(base, base + bit):
                    v = T[p - bit]
                    if v < T2v[p]:
                        T2v[p] = v
                        T2r[p] = r
        self.T = T
        self.PS = PS
        self.T2v = T2v
        self.T2r = T2r
        self.PR = pr
        self._DT: list[tuple[tuple[int, int], ...]] | None = None
        self.build_ms = (time.perf_counter() - t0) * 1000

    @property
    def DT(self) -> list[tuple[tuple[int, int], ...]]:
        """``DT[p]``: for each rank r of pattern p, ascending, ``(r, T[p - r])``:
        the run-only deadwood of the suit once that card is discarded. Built on
        first use (``discards``), ~10 ms; ``deadwood`` never needs it."""
        if self._DT is None:
            T = self.T
            self._DT = [tuple((r, T[p ^ (1 << r)]) for r in range(13) if p >> r & 1) for p in range(8192)]
        return self._DT


_TABLES: dict[tuple[bool, int], _Tables] = {}


def tables_for(ace_high: bool, ace_points: int) -> _Tables:
    """The (lazily built, shared) lookup tables of one ruleset."""
    key = (bool(ace_high), int(ace_points))
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = _Tables(*key)
    return t


def _check_hand(hand: int) -> None:
    if not isinstance(hand, int) or hand < 0 or hand >> DECK_SIZE:
        raise ValueError(f"not a hand mask: {hand!r}")


def _set_states(c: int, d: int, h: int, s: int, trip: int) -> list[tuple[int, int, int, int]]:
    """Suit patterns left after every set choice at the ranks in ``trip``.

    Per rank with 3 cards: no set, or the set. With 4 cards: no set, the 4-set,
    or one of the four 3-subsets. Exhaustive (see the module docstring).
    """
    states = [(c, d, h, s)]
    while trip:
        b = trip & -trip
        trip ^= b
        new = []
        if c & d & h & s & b:
            for st in states:
                c0, d0, h0, s0 = st
                c1, d1, h1, s1 = c0 ^ b, d0 ^ b, h0 ^ b, s0 ^ b
                new.append(st)
                new.append((c1, d1, h1, s1))  # 4-set
                new.append((c0, d1, h1, s1))  # 3-sets: one suit left out
                new.append((c1, d0, h1, s1))
                new.append((c1, d1, h0, s1))
                new.append((c1, d1, h1, s0))
        else:
            for st in states:
                c0, d0, h0, s0 = st
                new.append(st)
                new.append((c0 & ~b, d0 & ~b, h0 & ~b, s0 & ~b))  # the 3-set
        states = new
    return states


def _set_states_with_melds(
    c: int, d: int, h: int, s: int, trip: int
) -> list[tuple[tuple[int, int, int, int], tuple[int, ...]]]:
    """Like :func:`_set_states`, also giving the chosen set melds (card masks)."""
    states: list[tuple[tuple[int, int, int, int], tuple[int, ...]]] = [((c, d, h, s), ())]
    while trip:
        b = trip & -trip
        trip ^= b
        r = b.bit_length() - 1
        present = [i for i, p in enumerate((c, d, h, s)) if p & b]
        subsets = (
            [tuple(present)]
            if len(present) == 3
            else [tuple(present)] + [tuple(x for x in present if x != left) for left in present]
        )
        new = []
        for pats, sets in states:
            new.append((pats, sets))
            for sub in subsets:
                pl = list(pats)
                meld = 0
                for i in sub:
                    pl[i] ^= b
                    meld |= 1 << (13 * i + r)
                new.append(((pl[0], pl[1], pl[2], pl[3]), sets + (meld,)))
        states = new
    return states


def _compositions(n: int) -> list[tuple[int, ...]]:
    """Ways to cut a block of n >= 3 consecutive cards into runs of >= 3."""
    if n < 3:
        return []
    out: list[tuple[int, ...]] = [(n,)]
    for first in range(3, n - 2):
        out.extend((first,) + rest for rest in _compositions(n - first))
    return out


class MeldSolver:
    """Exact least-deadwood solver for one ruleset.

    ``ace_high=False``: ace low only (Cardems Gin). ``ace_high=True``: ace high
    only, after the king (CardVerse). ``ace_points``: the ace's point value
    (1, or 11 with CardVerse's ``ace_high`` option); must be >= 1.

    Prefer :func:`get_solver` for a shared instance. Hands are int masks.
    """

    __slots__ = ("_T", "_runs_cache", "_t", "ace_high", "ace_points")

    def __init__(self, ace_high: bool = False, ace_points: int = 1) -> None:
        if not isinstance(ace_points, int) or isinstance(ace_points, bool) or ace_points < 1:
            raise ValueError(f"ace_points must be an int >= 1, not {ace_points!r}")
        self.ace_high = bool(ace_high)
        self.ace_points = ace_points
        self._t: _Tables | None = None
        self._T: list[int] | None = None
        self._runs_cache: dict[tuple[int, bool], list[tuple[int, ...]]] = {}

    def __repr__(self) -> str:
        return f"MeldSolver(ace_high={self.ace_high}, ace_points={self.ace_points})"

    def _load(self) -> _Tables:
        t = tables_for(self.ace_high, self.ace_points)
        self._t = t
        self._T = t.T
        return t

    @property
    def tables(self) -> _Tables:
        return self._t or self._load()

    # ----------------------------------------------------------------- values

    @property
    def max_card_points(self) -> int:
        """The points of the most valuable card (10 in Gin; 11 with an 11-point ace).

        Removing a card ``x`` from a hand lowers its least deadwood by at most
        ``points(x)`` (any arrangement of ``hand - x`` is one of ``hand`` with
        ``x`` loose), so ``deadwood(hand) - max_card_points`` is a cheap lower
        bound on the deadwood after any discard."""
        return max((self._t or self._load()).PR)

    def points(self, hand: int) -> int:
        """Plain sum of the card points of a mask."""
        PS = (self._t or self._load()).PS
        return PS[hand & _M13] + PS[hand >> 13 & _M13] + PS[hand >> 26 & _M13] + PS[hand >> 39 & _M13]

    def deadwood(self, hand: int) -> int:
        """Least deadwood over all arrangements of ``hand`` (a 52-bit mask).

        The hot path: no validation, no cache; a few table lookups.
        """
        T = self._T
        if T is None:
            T = self._load().T
        c = hand & _M13
        d = hand >> 13 & _M13
        h = hand >> 26 & _M13
        s = hand >> 39 & _M13
        # Ranks with >= 3 suits present: only there can a set be made.
        trip = (c & d & (h | s)) | (h & s & (c | d))
        if not trip:
            return T[c] + T[d] + T[h] + T[s]
        if not trip & (trip - 1) and not (c & d & h & s & trip):
            # One rank with exactly 3 cards (the common case): set or no set.
            nb = ~trip
            a = T[c] + T[d] + T[h] + T[s]
            b = T[c & nb] + T[d & nb] + T[h & nb] + T[s & nb]
            return a if a < b else b
        best = _BIG
        for c2, d2, h2, s2 in _set_states(c, d, h, s, trip):
            v = T[c2] + T[d2] + T[h2] + T[s2]
            if v < best:
                best = v
        return best

    def discards(self, hand: int) -> list[tuple[int, int]]:
        """For every card of ``hand`` (ascending), ``(card, least deadwood of the
        hand without that card)``. Exact: every discard is tried."""
        _check_hand(hand)
        t = self._t or self._load()
        T, DT = t.T, t.DT
        c = hand & _M13
        d = hand >> 13 & _M13
        h = hand >> 26 & _M13
        s = hand >> 39 & _M13
        trip = (c & d & (h | s)) | (h & s & (c | d))
        if not trip:
            # No set possible (most hands): discarding a card changes only its
            # own suit's term, read from the DT table; suits in order and ranks
            # ascending give the cards in ascending order.
            total = T[c] + T[d] + T[h] + T[s]
            out = []
            for off, p in ((0, c), (13, d), (26, h), (39, s)):
                if p:
                    base = total - T[p]
                    for r, v in DT[p]:
                        out.append((off + r, base + v))
            return out
        best = [_BIG] * DECK_SIZE
        for pats in _set_states(c, d, h, s, trip):
            total = T[pats[0]] + T[pats[1]] + T[pats[2]] + T[pats[3]]
            for si in range(4):
                p = pats[si]
                if not p:
                    continue
                base = total - T[p]
                off = 13 * si
                for r, v in DT[p]:
                    v += base
                    if v < best[off + r]:
                        best[off + r] = v
        return [(card, best[card]) for card in range(DECK_SIZE) if hand >> card & 1]

    def best_discard(self, hand: int) -> tuple[int, int]:
        """``(card, deadwood after discarding it)`` with the least deadwood.

        Tie-break: among discards leaving the same least deadwood, the card with
        the HIGHER points, then the lower card int (clubs before diamonds...,
        and within a suit the lower rank). Raises ``ValueError`` on an empty hand.
        """
        if not hand:
            raise ValueError("best_discard of an empty hand")
        t = self._t or self._load()
        T, T2v, T2r, PR = t.T, t.T2v, t.T2r, t.PR
        c = hand & _M13
        d = hand >> 13 & _M13
        h = hand >> 26 & _M13
        s = hand >> 39 & _M13
        trip = (c & d & (h | s)) | (h & s & (c | d))
        states = _set_states(c, d, h, s, trip) if trip else ((c, d, h, s),)
        bv = _BIG
        bcard = -1
        bpts = 0
        for pats in states:
            total = T[pats[0]] + T[pats[1]] + T[pats[2]] + T[pats[3]]
            for si in range(4):
                p = pats[si]
                if not p:
                    continue
                v = total - T[p] + T2v[p]
                if v > bv:
                    continue
                r = T2r[p]
                card = 13 * si + r
                pts = PR[r]
                if v < bv or pts > bpts or (pts == bpts and card < bcard):
                    bv, bcard, bpts = v, card, pts
        return bcard, bv

    # ----------------------------------------------------------- arrangements

    def _suit_runs(self, p: int, split: bool) -> list[tuple[int, ...]]:
        """All least-deadwood run partitions of one suit pattern, as tuples of
        13-bit rank masks. ``split=False``: each block of >= 3 is one run."""
        key = (p, split)
        got = self._runs_cache.get(key)
        if got is not None:
            return got
        ah = self.ace_high
        q = _to_positions(p, ah)
        per_block: list[list[tuple[int, ...]]] = []
        while q:
            low = q & -q
            block = q & ~(q + low)
            q ^= block
            n = block.bit_count()
            if n < 3:
                continue
            start = low.bit_length() - 1
            options = []
            for comp in _compositions(n) if split else [(n,)]:
                runs = []
                pos = start
                for k in comp:
                    runs.append(_from_positions(((1 << k) - 1) << pos, ah))
                    pos += k
                options.append(tuple(runs))
            per_block.append(options)
        result = [tuple(r for part in combo for r in part) for combo in product(*per_block)]
        if len(self._runs_cache) > 50000:
            self._runs_cache.clear()
        self._runs_cache[key] = result
        return result

    def _least_set_choices(
        self, c: int, d: int, h: int, s: int, trip: int
    ) -> tuple[int, list[tuple[tuple[int, int, int, int], tuple[int, ...]]]]:
        """``(least deadwood, [(suit patterns left, set melds), ...])``: the set
        choices at the ranks in ``trip`` whose suits' runs leave the least deadwood."""
        T = self._T
        if T is None:
            T = self._load().T
        states = _set_states_with_melds(c, d, h, s, trip)
        values = [T[p[0]] + T[p[1]] + T[p[2]] + T[p[3]] for p, _ in states]
        least = min(values)
        return least, [st for st, v in zip(states, values, strict=True) if v == least]

    def _iter_optimal(self, hand: int, split: bool) -> Iterator[tuple[int, ...]]:
        c = hand & _M13
        d = hand >> 13 & _M13
        h = hand >> 26 & _M13
        s = hand >> 39 & _M13
        trip = (c & d & (h | s)) | (h & s & (c | d))
        for pats, sets in self._least_set_choices(c, d, h, s, trip)[1]:
            per_suit = [
                [tuple(r << (13 * si) for r in runs) for runs in self._suit_runs(p, split)]
                for si, p in enumerate(pats)
            ]
            for combo in product(*per_suit):
                yield tuple(sorted(sets + tuple(m for part in combo for m in part)))

    def arrangements(self, hand: int, *, maximal_runs: bool = False) -> tuple[int, list[tuple[int, ...]]]:
        """``(least deadwood, every distinct least-deadwood arrangement)``.

        An arrangement is a sorted tuple of meld masks; the list is sorted.
        Distinct partitions count as distinct: a 6-card run and the same cards
        as two 3-card runs are two arrangements. With ``maximal_runs=True`` runs
        are never cut (no two runs of an arrangement could join into one); for
        Gin layoffs that loses nothing, since a cut run offers the same ends.
        """
        _check_hand(hand)
        arrs = sorted(set(self._iter_optimal(hand, not maximal_runs)))
        return self.deadwood(hand), arrs

    def arrangement(self, hand: int) -> tuple[int, tuple[int, ...]]:
        """``(least deadwood, one best arrangement)``, deterministic.

        The choice: runs never cut (see :meth:`arrangements`), then the fewest
        melds, then the smallest sorted tuple of masks.
        """
        _check_hand(hand)
        T = self._T
        if T is None:
            T = self._load().T
        c = hand & _M13
        d = hand >> 13 & _M13
        h = hand >> 26 & _M13
        s = hand >> 39 & _M13
        trip = (c & d & (h | s)) | (h & s & (c | d))
        if trip:
            least, choices = self._least_set_choices(c, d, h, s, trip)
        else:  # no set possible: the suits' runs alone
            least, choices = T[c] + T[d] + T[h] + T[s], [((c, d, h, s), ())]
        # Each least-deadwood set choice with its suits' runs uncut (one way each),
        # keeping the fewest melds, then the smallest tuple.
        best: tuple[int, tuple[int, ...]] | None = None
        for pats, sets in choices:
            melds = list(sets)
            for si, p in enumerate(pats):
                if p:
                    melds.extend(r << (13 * si) for r in self._suit_runs(p, False)[0])
            melds.sort()
            key = (len(melds), tuple(melds))
            if best is None or key < best:
                best = key
        assert best is not None  # choices is never empty
        return least, best[1]

    def deadwood_cards(self, hand: int) -> int:
        """Mask of the loose cards of :meth:`arrangement`."""
        _, melds = self.arrangement(hand)
        for m in melds:
            hand &= ~m
        return hand


_SOLVERS: dict[tuple[bool, int], MeldSolver] = {}


def get_solver(ace_high: bool = False, ace_points: int = 1) -> MeldSolver:
    """A cached shared :class:`MeldSolver` for the ruleset."""
    key = (bool(ace_high), ace_points)
    s = _SOLVERS.get(key)
    if s is None:
        s = _SOLVERS[key] = MeldSolver(ace_high, ace_points)
    return s
