"""The exact meld solver for any declared deck: copies, printed jokers, wild cards.

Design (the interface variants call):

* ``WildSolver(deck, rules, points)`` for a variant's :class:`~rummykit.core.cards.deck.Deck`,
  :class:`~rummykit.core.cards.wild.MeldRules` and
  :class:`~rummykit.core.cards.wild.CardPoints`; :func:`get_wild_solver` shares one.
* ``solver.solve(hand, wilds, needs)`` -> :class:`Solution`: the least
  deadwood (the points of the cards in no meld), then the fewest loose cards,
  and one such arrangement, among the arrangements that meet ``needs`` (a
  :class:`~rummykit.core.cards.wild.Needs`); ``hand`` is a bitmask or an
  iterable of cards of the deck, ``wilds`` the deal's
  :class:`~rummykit.core.cards.wild.Wilds`. When no arrangement meets the
  needs, ``Solution.meets`` is false and the solution is the best arrangement
  with no needs (Indian Rummy then counts every card; that is the variant's).
* ``solver.deadwood(hand, wilds, needs)`` -> the least deadwood, or ``None``
  when no arrangement meets ``needs``; ``solver.least(hand, wilds, needs)``
  -> ``(least deadwood, fewest loose cards)`` or ``None``;
  ``solver.discards(hand, wilds, needs)`` -> the least deadwood after each
  discard (one copy of each card).

The one-deck, no-wild case of Gin and CardVerse is
:class:`rummykit.core.cards.solver.MeldSolver` (table-driven, well under a
microsecond); :func:`deadwood_any` sends a hand there when the deck and the
deal need nothing more, and here otherwise.

How it works. The hand is split into its natural cards and the cards standing
in (printed jokers, and the wild cards of the deal's wild ranks), every way
worth trying: a wild card is tried in its own place only where that can
matter (a pure run around it, a meld of wild cards alone, caps on wild cards).
The natural cards are counted by base card (copies alike), so hands that
differ only in their copies are one problem.

* ``deadwood`` (and ``least``) chooses the sets rank by rank (each rank's
  sets, with the cards standing in that they take), then reads each suit's
  runs from a table shared by every call: for the suit's cards, its wild
  ranks, the cards standing in at hand and the runs asked for, ``{(standing
  in used, runs, pure runs): least value}`` with no entry beaten by another,
  filled on first use by a search over the suit's lowest card (loose, or in
  every run that holds it); the suits and the sets are put together under the
  budget of cards standing in and the needs; cards standing in left over are
  loose (every meld is tried with every number it may take, so this loses
  nothing). A set choice is skipped when the suits at their best cannot beat
  the best found, and a split is given up when its suits cannot make the runs
  asked for with no set at all (a set only takes cards and cards standing in
  away from the runs). Everything in the inner loop is a small int: a value
  is ``deadwood << 10 | loose cards``, a split's natural cards one int (a
  13-bit row per suit and copy), a table's key one int, the set choices of a
  rank a list of masks shared by every call, the runs through a card shared
  by the ranks a run can reach.
* ``solve`` does the same, then follows the best back: the set choice that
  gave it, each suit's table entry and, suit by suit, the runs that made it.
  Where the best holds melds of cards standing in alone (``min_natural`` 0)
  it runs a memoised search over the whole hand instead: the lowest natural
  card left is loose or in one meld (a set or a run) with other natural cards
  and cards standing in, over every such meld.

Both are exact; tests compare them with a brute force over every family of
disjoint melds (tests/core/test_wildsolver.py). Figures: benchmarks/RESULTS.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from rummykit.core.base.errors import CardError
from rummykit.core.cards.deck import BASE_CARDS, STANDARD_DECK, Deck
from rummykit.core.cards.wild import JOKERS_WILD, NO_WILDS, CardPoints, MeldRules, Needs, Wilds

__all__ = ["Meld", "Solution", "WildSolver", "deadwood_any", "get_wild_solver"]

_INF = (1 << 40, 1 << 40)
# The fast path's values: deadwood << _SHIFT | loose cards (see WildSolver._prepare).
_SHIFT = 10
_LOOSE = (1 << _SHIFT) - 1
_VINF = 1 << 62
_FULL52 = (1 << BASE_CARDS) - 1
_NO_NEEDS = Needs()


@dataclass(frozen=True)
class Meld:
    """One meld of an arrangement: its ``cards`` in the order shown (a run by
    place, a card standing in at the place it takes; a set by suit, cards
    standing in last), its ``kind`` (``"set"`` or ``"run"``), whether it is
    ``pure`` (no card standing in), and the cards ``standing`` in."""

    cards: tuple[int, ...]
    kind: str
    pure: bool
    standing: tuple[int, ...] = ()


@dataclass(frozen=True)
class Solution:
    """A hand solved: ``deadwood`` (points of the loose cards), the ``melds``,
    the ``loose`` cards (ascending) and whether the melds meet the needs asked."""

    deadwood: int
    melds: tuple[Meld, ...]
    loose: tuple[int, ...]
    meets: bool = True

    @property
    def melded(self) -> int:
        """How many cards are in melds."""
        return sum(len(m.cards) for m in self.melds)


# One suit's runs (see WildSolver._table): least value, entries (packed state,
# value), the most runs and the most pure runs of an entry, the value of every
# card loose.
_Table = tuple[int, tuple[tuple[int, int], ...], int, int, int]

# A meld choice in the search: (kind, pure, natural bases in shown order with
# None where a card stands in).
_Choice = tuple[str, bool, tuple[int | None, ...]]


class WildSolver:
    """Exact least deadwood for a deck, meld rules and card points (see the module docstring)."""

    __slots__ = (
        "_FW",
        "_W",
        "_base_pts",
        "_cands",
        "_colmask",
        "_jcosts",
        "_known",
        "_modes",
        "_plain_pts",
        "_rank_v",
        "_ropts",
        "_runs",
        "_runs_near",
        "_tabs",
        "_wcap",
        "_wild_v",
        "_wrows",
        "deck",
        "points",
        "rules",
    )

    def __init__(
        self, deck: Deck = STANDARD_DECK, rules: MeldRules | None = None, points: CardPoints | None = None
    ):
        self.deck = deck
        self.rules = rules if rules is not None else MeldRules()
        self.points = points if points is not None else CardPoints()
        # the melds holding a card, by what is left of its suit and rank (see _Search)
        self._cands: dict[tuple[int, int, int, object], list[tuple[_Choice, tuple[int, ...], int]]] = {}
        self._plain_pts = self.points.base_points(NO_WILDS)
        self._base_pts: dict[int, tuple[int, ...]] = {}
        # the fast path (see _prepare): bits of one suit in a packed hand, their mask
        self._W = 13 * deck.copies
        self._FW = (1 << self._W) - 1
        self._wcap = self.rules.wild_cap()
        # the value of one loose natural card by rank, and of a wild card in its own place
        self._rank_v = tuple((p << _SHIFT) + 1 for p in self.points.ranks)
        self._wild_v = ((self.points.wild or 0) << _SHIFT) + 1  # used only when points.wild is set
        # the runs of one suit (see _table), one int key -> (least value, entries, entries as a dict)
        self._tabs: dict[int, _Table] = {}
        # the tables made of each suit's cards and wild ranks: (standing in, caps..., table)
        self._known: dict[int, list[tuple[int, int, int, _Table]]] = {}
        self._runs: dict[tuple[int, int, int], list[tuple[bool, int, int, tuple[int | None, ...]]]] = {}
        self._runs_near: dict[tuple[int, int, int], list[tuple[bool, int, int, tuple[int | None, ...]]]] = {}
        self._modes = self.rules.modes()
        # the bits of a packed hand at rank 0 of every layer of every suit
        self._colmask = sum(1 << (s * self._W + 13 * i) for s in range(4) for i in range(deck.copies))
        self._ropts: dict[tuple[int, int, int, int], list[Any]] = {}
        self._jcosts: dict[int, list[int]] = {}
        self._wrows: dict[int, tuple[int, int, int, int]] = {}

    def __repr__(self) -> str:
        return f"WildSolver({self.deck!r}, {self.rules!r}, {self.points!r})"

    # ------------------------------------------------------------------ api

    def _mask(self, hand: int | Iterable[int]) -> int:
        deck = self.deck
        if isinstance(hand, bool):
            raise CardError(f"not a hand of this deck: {hand!r}")
        if isinstance(hand, int):
            if hand < 0 or hand >> deck.size:
                raise CardError(f"not a hand of this deck: {hand!r}")
            return hand
        m = 0
        for c in hand:
            deck.check(c)
            if m >> c & 1:
                raise CardError(f"card {deck.exact_code(c)} given twice")
            m |= 1 << c
        return m

    def deadwood(
        self, hand: int | Iterable[int], wilds: Wilds = JOKERS_WILD, needs: Needs | None = None
    ) -> int | None:
        """The least deadwood of ``hand`` among the arrangements meeting
        ``needs``, or ``None`` when none does."""
        got = self._fast(self._mask(hand), wilds, needs or _NO_NEEDS)
        return None if got is None else got[0]

    def least(
        self, hand: int | Iterable[int], wilds: Wilds = JOKERS_WILD, needs: Needs | None = None
    ) -> tuple[int, int] | None:
        """``(least deadwood, fewest loose cards among the arrangements of that
        deadwood)`` of ``hand`` among the arrangements meeting ``needs``, or
        ``None`` when none does. ``(0, 0)``: every card melded."""
        return self._fast(self._mask(hand), wilds, needs or _NO_NEEDS)

    def discards(
        self, hand: int | Iterable[int], wilds: Wilds = JOKERS_WILD, needs: Needs | None = None
    ) -> list[tuple[int, int | None]]:
        """For each card of ``hand`` a player can tell apart (one copy of each
        card, the lowest held; one joker), ascending: ``(card, least deadwood of
        the hand without it)``, ``None`` where the rest cannot meet ``needs``.
        Exact: every discard is tried."""
        mask = self._mask(hand)
        deck = self.deck
        needs = needs or _NO_NEEDS
        out: list[tuple[int, int | None]] = []
        seen: set[int] = set()
        for c in _cards(mask):
            name = deck.base(c)
            if name in seen:
                continue
            seen.add(name)
            got = self._fast(mask & ~(1 << c), wilds, needs)
            out.append((c, None if got is None else got[0]))
        return out

    def solve(
        self, hand: int | Iterable[int], wilds: Wilds = JOKERS_WILD, needs: Needs | None = None
    ) -> Solution:
        """The least deadwood and one best arrangement (see the module docstring)."""
        mask = self._mask(hand)
        needs = needs or _NO_NEEDS
        got = self._arrange(mask, wilds, needs)
        meets = got is not None
        if got is None:
            got = self._arrange(mask, wilds, _NO_NEEDS)
            assert got is not None  # every card loose is an arrangement
        dw, _, melds, loose = got
        return Solution(dw, melds, loose, meets)

    def _arrange(
        self, mask: int, wilds: Wilds, needs: Needs
    ) -> tuple[int, int, tuple[Meld, ...], tuple[int, ...]] | None:
        got = self._fast_arrangement(mask, wilds, needs)
        if got is False:
            return self._best(mask, wilds, needs, True)
        assert got is not True
        return got

    # ------------------------------------------------------------- the search

    def _in_block(self, nat_mask: int, b: int) -> bool:
        """Whether base card ``b`` lies in ``run_min`` consecutive places of
        its suit held in ``nat_mask`` (a 52-bit mask of base cards)."""
        suit, rank = divmod(b, 13)
        row = nat_mask >> (13 * suit) & 0x1FFF
        for mode in self._modes:
            if mode[0] == 0:  # ace low: rank r at place r
                places = row
                p = rank
            else:  # ace high: the ace at place 13
                places = (row & ~1) | (row & 1) << 13
                p = mode[rank]
            lo = p
            while lo > 0 and places >> (lo - 1) & 1:
                lo -= 1
            hi = p
            while hi < 13 and places >> (hi + 1) & 1:
                hi += 1
            if hi - lo + 1 >= self.rules.run_min:
                return True
        return False

    def _splits(
        self, mask: int, wilds: Wilds, needs: Needs
    ) -> tuple[
        int, list[int], tuple[int, ...], list[tuple[tuple[int, ...], list[int], list[int], list[int]]]
    ]:
        """``(points of dead cards, dead cards, points of each base card, [(natural
        layers, natural cards, cards standing in, their points ascending), ...])``:
        the hand split every way worth trying between natural cards and cards
        standing in (printed jokers that are not wild are dead: always loose)."""
        deck = self.deck
        pts_card = self.points
        fj = deck.first_joker
        if not mask >> fj:
            # No joker: when no wild card is held either, one split, counted with bit operations.
            layers = _mask_layers(mask, deck.copies)
            if not layers[0] & wilds.bases:
                return 0, [], self._plain_pts, [(tuple(layers), _cards(mask), [], [])]
        cards = _cards(mask)
        jokers = [c for c in cards if c >= fj]
        if jokers and not wilds.jokers:
            dead = list(jokers)
            jokers = []
        else:
            dead = []
        naturals = [c for c in cards if c < fj]
        wild_nat = [c for c in naturals if wilds.bases >> (c % BASE_CARDS) & 1]
        plain = [c for c in naturals if not wilds.bases >> (c % BASE_CARDS) & 1]
        base_pts = self._plain_pts
        if wilds.bases:
            got = self._base_pts.get(wilds.bases)
            if got is None:
                got = self._base_pts[wilds.bases] = pts_card.base_points(wilds)
            base_pts = got
        dead_pts = sum(pts_card.of(c, deck, wilds) for c in dead)
        by_base: dict[int, list[int]] = {}
        for c in wild_nat:
            by_base.setdefault(c % BASE_CARDS, []).append(c)
        bases = sorted(by_base)
        n_wild = len(jokers) + len(wild_nat)
        nat_mask = 0
        for c in naturals:
            nat_mask |= 1 << (c % BASE_CARDS)
        ranges = []
        for b in bases:
            n = len(by_base[b])
            ranges.append(range(n + 1) if self._partnered(nat_mask, b, n_wild, n, needs) else range(n, n + 1))
        splits = []
        for split in product(*ranges):
            standing = list(jokers)
            nat = list(plain)
            for b, k in zip(bases, split, strict=True):
                cs = by_base[b]
                standing.extend(cs[:k])
                nat.extend(cs[k:])
            jp = sorted(pts_card.of(c, deck, wilds) for c in standing)
            splits.append((_layers(nat, deck.copies), nat, standing, jp))
        return dead_pts, dead, base_pts, splits

    # ---------------------------------------------------- least deadwood, fast
    #
    # A value is one int, ``deadwood << _SHIFT | loose cards`` (a hand holds
    # fewer than ``1 << _SHIFT`` cards): int order is (deadwood, loose) order
    # and adding values adds both. The natural cards of a split are one int,
    # suit-major: suit s at bits ``s * W`` (``W = 13 * copies``), its layer i
    # (the ranks held more than i times) at bits ``13 * i`` of that. A per-suit
    # table entry's key is one int too, ``jokers used | runs << 12 | pure runs
    # << 24`` (see _table), so entries of several suits add up.

    def _prepare(
        self, mask: int, wilds: Wilds, needs: Needs
    ) -> tuple[int, list[int], list[tuple[int, int, list[int], list[int]]]]:
        """``(value of the dead cards, dead cards, splits)``: the hand split
        every way worth trying between natural cards and cards standing in
        (see :meth:`_splits`), each split ``(natural cards packed, cards
        standing in, cost of leaving the cheapest n of them loose for each n,
        the cards standing in)``. Printed jokers that are not wild are dead."""
        deck = self.deck
        fj = deck.first_joker
        nat = mask & ((1 << fj) - 1)
        jm = mask >> fj
        dead: list[int] = []
        dead_v = 0
        jokers: list[int] = []
        if jm:
            js = [fj + i for i in _cards(jm)]
            if wilds.jokers:
                jokers = js
            else:
                dead = js
                dead_v = len(js) * ((self.points.joker << _SHIFT) + 1)
        H, present = self._pack(nat)
        wn = present & wilds.bases
        if not wn:
            J = len(jokers)
            return dead_v, dead, [(H, J, self._joker_costs(J), jokers)]
        # wild cards held: each plays in its own place or stands in (copies alike)
        by_base: dict[int, list[int]] = {}
        for c in _cards(nat & self._spread(wn)):
            by_base.setdefault(c % BASE_CARDS, []).append(c)
        bases = sorted(by_base)
        n_wild = len(jokers) + sum(len(v) for v in by_base.values())
        ranges = [
            range(len(by_base[b]) + 1)
            if self._partnered(present, b, n_wild, len(by_base[b]), needs)
            else range(len(by_base[b]), len(by_base[b]) + 1)
            for b in bases
        ]
        W = self._W
        pts = self.points
        wild_pts = pts.wild
        splits = []
        for split in product(*ranges):
            standing = list(jokers)
            Hs = H
            for b, k in zip(bases, split, strict=True):
                if k:
                    standing.extend(by_base[b][:k])
                    s, r = divmod(b, 13)
                    for _ in range(k):
                        c = Hs >> (s * W) & self._FW
                        Hs ^= (c ^ self._take(c, 1 << r)) << (s * W)
            jp = sorted(
                pts.joker if c >= fj else (wild_pts if wild_pts is not None else pts.ranks[c % 13])
                for c in standing
            )
            cost = [0]
            for p in jp:
                cost.append(cost[-1] + (p << _SHIFT) + 1)
            splits.append((Hs, len(standing), cost, standing))
        return dead_v, dead, splits

    def _spread(self, bases: int) -> int:
        """Every copy of the base cards ``bases`` (a 52-bit mask), as a mask of the deck's cards."""
        m = 0
        for k in range(self.deck.copies):
            m |= bases << (BASE_CARDS * k)
        return m

    def _partnered(self, present: int, b: int, n_wild: int, n: int, needs: Needs) -> bool:
        """Whether a wild card of base ``b`` is worth trying in its own place:
        ``present`` the natural bases held, ``n_wild`` the cards that may stand
        in, ``n`` the copies of ``b`` held.

        A wild card plays in its own place only with a partner: a natural card
        of its suit near enough, another card of its rank, or two more cards to
        stand in beside it (otherwise every meld it is in is it and cards
        standing in, and with it standing in too the meld is as good). With no
        cap on cards standing in (and at most one natural card asked of a
        meld), a wild card standing in at its own place makes every meld it is
        in as good, purity aside: so it plays in its own place only in a pure
        run (a block of natural cards of its suit around it, and a pure run
        asked for), or among cards all standing in (three or more)."""
        if n_wild >= 3 or n > 1:
            return True
        if self.rules.max_wilds is None and self.rules.min_natural <= 1:
            return needs.pure_runs > 0 and self._in_block(present | 1 << b, b)
        suit, rank = divmod(b, 13)
        row = (present & ~(1 << b)) >> (13 * suit) & 0x1FFF
        if any(s2 != suit and present >> (s2 * 13 + rank) & 1 for s2 in range(4)):
            return True
        reach = n_wild  # the farthest a natural partner in a run may be
        return any(
            row >> (0 if q == 13 else q) & 1
            for mode in self._modes
            for q in range(max(0, mode[rank] - reach), min(13, mode[rank] + reach) + 1)
            if q != mode[rank] and (q != 0 or mode[0] == 0) and (q != 13 or mode[0] == 13)
        )

    def _pack(self, nat: int) -> tuple[int, int]:
        """The natural cards ``nat`` (a mask of the deck's cards) packed
        suit-major by layers, and the base cards held (a 52-bit mask)."""
        copies = self.deck.copies
        if copies == 1:
            return nat, nat
        if copies == 2:
            a = nat & _FULL52
            b = nat >> BASE_CARDS
            one, two = a | b, a & b
            return (
                (one & 0x1FFF)
                | (two & 0x1FFF) << 13
                | (one >> 13 & 0x1FFF) << 26
                | (two >> 13 & 0x1FFF) << 39
                | (one >> 26 & 0x1FFF) << 52
                | (two >> 26 & 0x1FFF) << 65
                | (one >> 39) << 78
                | (two >> 39) << 91
            ), one
        layers = _mask_layers(nat, copies)
        W = self._W
        H = 0
        for i, layer in enumerate(layers):
            if not layer:
                break
            for s in range(4):
                H |= (layer >> (13 * s) & 0x1FFF) << (s * W + 13 * i)
        return H, layers[0]

    def _take(self, c: int, U: int) -> int:
        """One suit's cards ``c`` (layered) with one copy fewer of each rank in ``U`` (all held)."""
        copies = self.deck.copies
        if copies == 2:
            hit = c >> 13 & U  # ranks held twice: the second copy goes
            return c ^ hit << 13 ^ (U ^ hit)
        if copies == 1:
            return c ^ U
        for i in range(copies - 1, -1, -1):
            hit = c >> (13 * i) & U
            if hit:
                c ^= hit << (13 * i)
                U ^= hit
                if not U:
                    break
        return c

    def _joker_costs(self, J: int) -> list[int]:
        """The cost of leaving n of ``J`` printed jokers loose, for each n."""
        got = self._jcosts.get(J)
        if got is None:
            one = (self.points.joker << _SHIFT) + 1
            got = self._jcosts[J] = [n * one for n in range(J + 1)]
        return got

    def _wild_rows(self, bases: int) -> tuple[int, int, int, int]:
        """The wild ranks of each suit (none when a wild card in its own
        place counts its rank's points: then they do not matter)."""
        got = self._wrows.get(bases)
        if got is None:
            w = 0 if self.points.wild is None else bases
            got = self._wrows[bases] = (w & 0x1FFF, w >> 13 & 0x1FFF, w >> 26 & 0x1FFF, w >> 39 & 0x1FFF)
        return got

    def _fast(self, mask: int, wilds: Wilds, needs: Needs) -> tuple[int, int] | None:
        """``(least deadwood, fewest loose cards)`` meeting ``needs``, or ``None``:
        for each split of the hand, the sets chosen rank by rank, the runs of
        each suit read from a shared table (:meth:`_table`), the suits and sets
        put together under the budget of cards standing in (:meth:`_eval`)."""
        dead_v, _, splits = self._prepare(mask, wilds, needs)
        caps = (needs.sets, needs.runs, needs.pure_runs)
        wrows = self._wild_rows(wilds.bases)
        best = _VINF
        for H, J, cost, _ in splits:
            v = self._eval(H, J, cost, caps, wrows, best)
            if v < best:
                best = v
        if best >= _VINF:
            return None
        best += dead_v
        return best >> _SHIFT, best & _LOOSE

    def _fast_arrangement(
        self, mask: int, wilds: Wilds, needs: Needs
    ) -> tuple[int, int, tuple[Meld, ...], tuple[int, ...]] | bool | None:
        """:meth:`_fast`'s best with its arrangement: ``(deadwood, loose count,
        melds, loose cards)``, ``None`` when the needs cannot be met, ``False``
        when the best holds melds of cards standing in alone (then
        :meth:`_best` searches)."""
        dead_v, dead, splits = self._prepare(mask, wilds, needs)
        caps = (needs.sets, needs.runs, needs.pure_runs)
        _, cr, cp = caps
        wrows = self._wild_rows(wilds.bases)
        best = _VINF
        found: tuple[int, int, list[int], list[int], Any] | None = None
        for H, J, cost, standing in splits:
            got: list[Any] = []
            v = self._eval(H, J, cost, caps, wrows, best, got)
            if v < best:
                best = v
                found = (H, J, cost, standing, got[0])
        if found is None:
            return None
        _, J, cost, standing, plan = found
        if plan is None:
            return False
        h, jj, sets = plan
        b = J - jj
        W = self._W
        cs_ = [h >> (s * W) & self._FW for s in range(4)]
        ws = [wrows[s] & cs_[s] for s in range(4)]
        tabs = [self._table(cs_[s], ws[s], b, cr, cp)[1] for s in range(4)]
        chosen = None
        for combo in product(*tabs):
            st = sum(e[0] for e in combo)
            j = st & 0xFFF
            if j > b or (st >> 12 & 0xFFF) < cr or st >> 24 < cp:
                continue
            if sum(e[1] for e in combo) + cost[b - j] == best:
                chosen = combo
                break
        assert chosen is not None  # the merge found this value
        choices: list[_Choice] = []
        loose_bases: list[int] = []
        for s in range(4):
            st, val = chosen[s]
            runs, loose = self._suit_path(cs_[s], ws[s], b, cr, cp, st, val)
            for pure, slots in runs:
                choices.append(("run", pure, tuple(None if q is None else s * 13 + q for q in slots)))
            loose_bases.extend(s * 13 + q for q in loose)
        for r, take, k in sets:
            set_bases = tuple(s * 13 + r for s in range(4) for _ in range(take[s]))
            choices.append(("set", k == 0, set_bases + (None,) * k))
        in_stand = set(standing)
        nat = [c for c in _cards(mask & ((1 << self.deck.first_joker) - 1)) if c not in in_stand]
        melds, loose_cards = self._physical(choices, loose_bases, nat, standing, wilds)
        total = best + dead_v
        return total >> _SHIFT, total & _LOOSE, melds, tuple(sorted(loose_cards + dead))

    def _suit_path(
        self, c: int, w: int, b: int, cr: int, cp: int, st: int, val: int
    ) -> tuple[list[tuple[bool, tuple[int | None, ...]]], list[int]]:
        """The runs (``(pure, slots)``, ranks or ``None`` for a card standing
        in) and the loose ranks of one suit's table entry ``st`` of value ``val``."""
        j, r, p = st & 0xFFF, st >> 12 & 0xFFF, st >> 24
        runs: list[tuple[bool, tuple[int | None, ...]]] = []
        loose: list[int] = []
        wcap = self._wcap
        while c & 0x1FFF:
            if not st and val == self._table(c, w, b, cr, cp)[4]:
                # every card left loose
                for i in range(self.deck.copies):
                    loose.extend(_cards(c >> (13 * i) & 0x1FFF))
                break
            pres = c & 0x1FFF
            low = pres & -pres
            x = low.bit_length() - 1
            px = self._wild_v if w & low else self._rank_v[x]
            rest = self._take(c, low)
            step: tuple[int, int, int, int, tuple[bool, tuple[int | None, ...]] | None] | None = None
            want = val - px
            for st2, v2 in self._table(rest, w & rest, b, cr, cp)[1]:
                if st2 & 0xFFF == j and st2 >> 12 & 0xFFF >= r and st2 >> 24 >= p and v2 <= want:
                    step = (rest, b, st2, v2, None)
                    break
            if step is None:
                for pure, U, k, slots in self._runs_of(x, b if b < wcap else wcap, rest & 0x1FFF):
                    n = self._take(c, U)
                    for st2, v2 in self._table(n, w & n, b - k, cr, cp)[1]:
                        j2, r2, p2 = st2 & 0xFFF, st2 >> 12 & 0xFFF, st2 >> 24
                        if j2 + k == j and min(r2 + 1, cr) >= r and min(p2 + pure, cp) >= p and v2 <= val:
                            step = (n, b - k, st2, v2, (pure, slots))
                            break
                    if step is not None:
                        break
            assert step is not None  # the table's entry came from one of these
            c, b, st, val, run = step
            w &= c
            j, r, p = st & 0xFFF, st >> 12 & 0xFFF, st >> 24
            if run is None:
                loose.append(x)
            else:
                runs.append(run)
        return runs, loose

    def _physical(
        self,
        choices: list[_Choice],
        loose_bases: list[int],
        nat: list[int],
        standing: list[int],
        wilds: Wilds,
    ) -> tuple[tuple[Meld, ...], list[int]]:
        """Melds and loose cards of natural bases and places standing in: the
        copies of a card in ascending order, the cards standing in with the
        most points into melds first."""
        deck = self.deck
        pts_card = self.points
        pool: dict[int, list[int]] = {}
        for c in sorted(nat):
            pool.setdefault(c % BASE_CARDS, []).append(c)
        sj = sorted(standing, key=lambda c: (-pts_card.of(c, deck, wilds), c))
        melds = []
        for kind, pure, slots in choices:
            cards: list[int] = []
            stand: list[int] = []
            for slot in slots:
                if slot is None:
                    j = sj.pop(0)
                    cards.append(j)
                    stand.append(j)
                else:
                    cards.append(pool[slot].pop(0))
            melds.append(Meld(tuple(cards), kind, pure, tuple(stand)))
        loose = [pool[b].pop(0) for b in loose_bases] + sj
        melds.sort(key=lambda m: (m.kind != "run", m.cards))
        return tuple(melds), loose

    def _set_shapes(
        self, counts: tuple[int, ...], jmax: int, caps_sets: int
    ) -> list[tuple[tuple[int, ...], int]]:
        """One set at a rank holding ``counts`` natural cards of each suit:
        ``(cards taken of each suit, cards standing in)``."""
        rules = self.rules
        jset = min(jmax, rules.wild_cap()) if rules.wild_in_sets else 0
        cap = rules.set_cap
        run_ok = rules.wild_in_runs
        out = []
        if rules.set_suits == "distinct":
            picks = product(*((0, 1) if c else (0,) for c in counts))
        else:
            picks = product(*(range(c + 1) for c in counts))
        for take in picks:
            n = sum(take)
            if n == 0 or n < rules.min_natural:
                continue
            for k in range(max(0, rules.set_min - n), jset + 1):
                if n + k > cap:
                    break
                if n == 1 and caps_sets == 0 and run_ok and rules.run_min <= 1 + k <= 13:
                    continue  # the same card with k standing in as a run is as good
                out.append((take, k))
        return out

    def _rank_options(
        self, r: int, col: int, J: int, cs: int
    ) -> list[tuple[int, int, int, tuple[tuple[int, tuple[int, ...], int], ...], int]]:
        """The ways to make one or more sets at rank ``r`` (``col``: the packed
        hand's bits at that rank) with at most ``J`` standing in: ``(the cards
        taken as a mask of the packed hand, cards standing in, sets, the sets
        as (rank, taken of each suit, standing in), natural cards taken)``, one for each state they
        leave (the cards left, the cards standing in used, the sets as the
        needs count them): different sets leaving the same state lead to the
        same choices further on. Shared by every call."""
        key = (r, col, J, cs)
        W = self._W
        copies = self.deck.copies
        counts = tuple(_layer_count(col >> (s * W), 0, copies) for s in range(4))
        rules = self.rules
        jset = min(J, self._wcap) if rules.wild_in_sets else 0
        if rules.set_suits == "repeat" and sum(counts) + jset < rules.set_min:
            self._ropts[key] = []
            return []
        shapes = self._set_shapes(counts, J, cs)
        found: dict[
            tuple[tuple[int, ...], int, int], tuple[int, int, tuple[tuple[int, tuple[int, ...], int], ...]]
        ] = {}

        def more(
            left: tuple[int, ...], kk: int, ns: int, desc: tuple[tuple[int, tuple[int, ...], int], ...]
        ) -> None:
            for take, k in shapes:
                if kk + k > J or any(t > c for t, c in zip(take, left, strict=True)):
                    continue
                nleft = tuple(c - t for c, t in zip(left, take, strict=True))
                state = (nleft, kk + k, min(ns + 1, cs))
                if state in found:
                    continue
                nd = (*desc, (r, take, k))
                found[state] = (kk + k, ns + 1, nd)
                more(nleft, kk + k, ns + 1, nd)

        more(counts, 0, 0, ())
        out = []
        for (nleft, _, _), (kk, ns, desc) in found.items():
            xor = 0
            for s in range(4):
                for i in range(nleft[s], counts[s]):
                    xor |= 1 << (s * W + 13 * i + r)
            out.append((xor, kk, ns, desc, sum(counts) - sum(nleft)))
        self._ropts[key] = out
        return out

    def _eval(
        self,
        H: int,
        J: int,
        cost: list[int],
        caps: tuple[int, int, int],
        wrows: tuple[int, int, int, int],
        bound: int = _VINF,
        want_plan: list[Any] | None = None,
    ) -> int:
        """The best value of one split of the hand (natural cards ``H``
        packed, ``J`` standing in, ``cost[n]`` the value of n of them left
        loose), or ``bound`` when none is better than it. With ``want_plan``,
        appends the best's ``(natural cards left after the sets, cards
        standing in the sets, the sets)``, ``None`` when it holds melds of
        cards standing in alone, or nothing when none beats ``bound``."""
        cs, cr, cp = caps
        rules = self.rules
        W = self._W
        FW = self._FW
        jset = min(J, self._wcap) if rules.wild_in_sets else 0
        c0, d0, h0, s0 = H & 0x1FFF, H >> W & 0x1FFF, H >> (2 * W) & 0x1FFF, H >> (3 * W) & 0x1FFF
        if rules.set_suits == "distinct":
            need = rules.set_min - jset
            if need <= 1 and not cs and rules.wild_in_runs and rules.run_min <= rules.set_min:
                need = 2  # one card and cards standing in: as good as a run
            if need >= 4:
                cand = c0 & d0 & h0 & s0
            elif need == 3:
                cand = (c0 & d0 & (h0 | s0)) | (h0 & s0 & (c0 | d0))
            elif need == 2:
                cand = (c0 & (d0 | h0 | s0)) | (d0 & (h0 | s0)) | (h0 & s0)
            else:
                cand = c0 | d0 | h0 | s0
        else:
            cand = c0 | d0 | h0 | s0
        opts = []
        rv: list[int] = []
        wr0, wr1, wr2, wr3 = wrows
        ropts = self._ropts
        colmask = self._colmask
        while cand:
            low = cand & -cand
            cand ^= low
            r = low.bit_length() - 1
            col = H >> r & colmask  # the copies of each suit at rank r
            o = ropts.get((r, col, J, cs))
            if o is None:
                o = self._rank_options(r, col, J, cs)
            if o:
                opts.append(o)
                # the most a card of the rank taken into a set can have counted loose
                wild_here = (wr0 | wr1 | wr2 | wr3) >> r & 1
                rv.append(max(self._rank_v[r], self._wild_v) if wild_here else self._rank_v[r])

        best = bound
        plan: Any = False  # the best leaf's (cards left, standing in the sets, sets); None: joker-only melds
        tabs = self._tabs
        table = self._table
        joker_melds = self.rules.min_natural == 0
        kr = cr << (W + 25) | cp << (W + 37)
        KB = W + 13
        check_runs = (cr or cp) and not joker_melds

        def leaf(h: int, jj: int, ns: int, sets: tuple[Any, ...]) -> bool:
            # False when the runs asked for cannot be made (then neither can
            # they after more sets: fewer cards, fewer standing in)
            nonlocal best, plan
            b = J - jj
            kx = b << KB | kr
            a0 = h & FW
            a1 = h >> W & FW
            a2 = h >> (2 * W) & FW
            a3 = h >> (3 * W) & FW
            w0 = wr0 & a0
            w1 = wr1 & a1
            w2 = wr2 & a2
            w3 = wr3 & a3
            t0 = tabs.get(a0 | w0 << W | kx) or table(a0, w0, b, cr, cp)
            t1 = tabs.get(a1 | w1 << W | kx) or table(a1, w1, b, cr, cp)
            t2 = tabs.get(a2 | w2 << W | kx) or table(a2, w2, b, cr, cp)
            t3 = tabs.get(a3 | w3 << W | kx) or table(a3, w3, b, cr, cp)
            if check_runs and (t0[2] + t1[2] + t2[2] + t3[2] < cr or t0[3] + t1[3] + t2[3] + t3[3] < cp):
                return False
            if ns < cs and not joker_melds:
                return True
            if t0[0] + t1[0] + t2[0] + t3[0] >= best:
                return True  # each suit at its best cannot beat the best found
            const = 0
            acc: Iterable[tuple[int, int]] | None = None
            for t in (t0, t1, t2, t3):
                ents = t[1]
                if len(ents) == 1 and not ents[0][0]:
                    const += ents[0][1]
                    continue
                if acc is None:
                    acc = ents
                    continue
                new: dict[int, int] = {}
                for k1, v1 in acc:
                    for k2, v2 in ents:
                        k = k1 + k2
                        if k & 0xFFF > b:
                            continue
                        v = v1 + v2
                        old = new.get(k)
                        if old is None or v < old:
                            new[k] = v
                acc = new.items()
            if acc is None:
                acc = ((0, 0),)
            if joker_melds:
                for k, v in acc:
                    left = b - (k & 0xFFF)
                    r1 = k >> 12 & 0xFFF
                    for ns2, nr2, used in self._joker_melds(left):
                        if ns + ns2 >= cs and r1 + nr2 >= cr and k >> 24 >= cp:
                            v2 = v + const + cost[left - used]
                            if v2 < best:
                                best = v2
                                plan = (h, jj, sets) if not (ns2 or nr2) else None
                return True
            ok = False
            for k, v in acc:
                if k >> 12 & 0xFFF >= cr and k >> 24 >= cp:
                    ok = True
                    v += const + cost[b - (k & 0xFFF)]
                    if v < best:
                        best = v
                        plan = (h, jj, sets)
            return ok

        n = len(opts)

        # Sets take cards out of the suits: a leaf is at least the suits of
        # the hand with no set (at the leaf's budget) less what the cards
        # taken counted, so many leaves are skipped before their tables.
        root_lo: dict[int, int] = {}

        def bound_of(b: int) -> int:
            got = root_lo.get(b)
            if got is None:
                got = root_lo[b] = sum(
                    table(H >> (s * W) & FW, wrows[s] & H >> (s * W), b, cr, cp)[0] for s in range(4)
                )
            return got

        def walk(i: int, h: int, jj: int, ns: int, sets: tuple[Any, ...], taken: int) -> None:
            # every choice of sets at ranks i.. after those in ``sets`` (at least one)
            if i == n:
                if bound_of(J - jj) - taken < best:
                    leaf(h, jj, ns, sets)
                return
            walk(i + 1, h, jj, ns, sets, taken)
            v = rv[i]
            for xor, k, m, desc, nt in opts[i]:
                if jj + k <= J:
                    walk(i + 1, h ^ xor, jj + k, ns + m, sets + desc, taken + nt * v)

        # No sets first: when the runs asked for cannot be made, nothing can.
        if leaf(H, 0, 0, ()) or joker_melds:
            for i in range(n):
                v = rv[i]
                for xor, k, m, desc, nt in opts[i]:
                    if k <= J:
                        walk(i + 1, H ^ xor, k, m, desc, nt * v)
        if want_plan is not None and best < bound:
            want_plan.append(plan)
        return best

    def _joker_melds(self, left: int) -> list[tuple[int, int, int]]:
        """Melds of cards standing in alone (``min_natural`` 0) from ``left``
        of them: ``(sets, runs, cards used)`` for each choice, none included."""
        rules = self.rules
        out = [(0, 0, 0)]
        if rules.min_natural or left < min(rules.run_min, rules.set_min):
            return out
        wcap = rules.wild_cap()
        run_max = min(13, wcap) if rules.wild_in_runs else 0
        set_max = min(rules.set_cap, wcap) if rules.wild_in_sets else 0
        for nr in range(left // rules.run_min + 1 if run_max >= rules.run_min else 1):
            for ns in range(
                (left - nr * rules.run_min) // rules.set_min + 1 if set_max >= rules.set_min else 1
            ):
                if nr or ns:
                    out.append((ns, nr, min(left, nr * run_max + ns * set_max)))
        return out

    def _table(self, c: int, w: int, b: int, cr: int, cp: int) -> _Table:
        """The runs of one suit (``c``: its cards, layered; ``w``: its wild
        ranks held) with at most ``b`` standing in, runs counted up to ``cr``
        and pure runs up to ``cp``: ``(least value, entries, most runs, most
        pure runs, value of every card loose)``, an
        entry ``(jokers used | runs << 12 | pure runs << 24, least value)``,
        none beaten by another (as good a value with as many cards standing
        in, runs and pure runs). Shared by every call (filled as used)."""
        W = self._W
        key = c | w << W | b << (W + 13) | cr << (W + 25) | cp << (W + 37)
        got = self._tabs.get(key)
        if got is not None:
            return got
        suit = c | w << W
        known = self._known.get(suit)
        res: dict[int, int] | None = None
        all_loose = 0
        if known is not None:
            # the table of the same cards for as many standing in or more and
            # as many runs asked or more holds this one: its entries using at
            # most b standing in, runs counted to the lower caps
            for b2, cr2, cp2, t2 in known:
                if b2 >= b and cr2 >= cr and cp2 >= cp:
                    res = {}
                    for st, v in t2[1]:
                        j = st & 0xFFF
                        if j > b:
                            continue
                        r = st >> 12 & 0xFFF
                        p = st >> 24
                        st2 = j | (r if r < cr else cr) << 12 | (p if p < cp else cp) << 24
                        old = res.get(st2)
                        if old is None or v < old:
                            res[st2] = v
                    all_loose = t2[4]
                    break
        pres = c & 0x1FFF
        if res is not None:
            pass
        elif not pres:
            res = {0: 0}
            all_loose = 0
        else:
            low = pres & -pres
            x = low.bit_length() - 1
            px = self._wild_v if w & low else self._rank_v[x]
            rest = self._take(c, low)
            sub = self._table(rest, w & rest, b, cr, cp)
            all_loose = sub[4] + px
            res = {st: v + px for st, v in sub[1]}
            wcap = self._wcap
            for pure, U, k, _ in self._runs_of(x, b if b < wcap else wcap, rest & 0x1FFF):
                n = self._take(c, U)
                for st, v in self._table(n, w & n, b - k, cr, cp)[1]:
                    r = (st >> 12 & 0xFFF) + 1
                    p = (st >> 24) + pure
                    st2 = (st & 0xFFF) + k | (r if r < cr else cr) << 12 | (p if p < cp else cp) << 24
                    old = res.get(st2)
                    if old is None or v < old:
                        res[st2] = v
        # (the same entries in the same order however the table was made)
        if len(res) > 1:
            res = _pareto(res)
        if len(self._tabs) > 300_000:
            self._tabs.clear()
            self._known.clear()
        got = self._tabs[key] = (
            min(res.values()),
            tuple(res.items()),
            max(st >> 12 & 0xFFF for st in res),
            max(st >> 24 for st in res),
            all_loose,
        )
        self._known.setdefault(suit, []).append((b, cr, cp, got))
        return got

    def _runs_of(self, x: int, jc: int, row: int) -> list[tuple[bool, int, int, tuple[int | None, ...]]]:
        """The runs holding rank ``x`` with ranks ``row`` also held and at most
        ``jc`` standing in: ``(pure, ranks used as a mask, standing in, slots)``."""
        key = (x, jc, row)
        got = self._runs.get(key)
        if got is None:
            if len(self._runs) > 200_000:
                self._runs.clear()
                self._runs_near.clear()
            # only the ranks a run through x can reach matter
            near = (x, jc, row & self._reach(x, jc, row))
            got = self._runs_near.get(near)
            if got is None:
                got = []
                for (_kind, pure, slots), used, k in _make_runs(self.rules, x, jc, near[2]):
                    U = 0
                    for u in used:
                        U |= 1 << u
                    got.append((pure, U, k, slots))
                self._runs_near[near] = got
            self._runs[key] = got
        return got

    def _reach(self, x: int, jc: int, row: int) -> int:
        """The ranks a run through rank ``x`` may hold, with ranks ``row`` held
        and at most ``jc`` standing in (for the places not held)."""
        out = 0
        for mode in self._modes:
            p = mode[x]
            lo = 1 if mode[0] == 13 else 0
            for step, end in ((1, lo + 13), (-1, lo - 1)):
                gaps = 0
                q = p + step
                while q != end:
                    rank = 0 if q == 13 else q
                    if row >> rank & 1:
                        out |= 1 << rank
                    else:
                        gaps += 1
                        if gaps > jc:
                            break
                    q += step
        return out

    def _best(
        self, mask: int, wilds: Wilds, needs: Needs, arrange: bool
    ) -> tuple[int, int, tuple[Meld, ...], tuple[int, ...]] | None:
        deck = self.deck
        pts_card = self.points
        dead_pts, dead, base_pts, splits = self._splits(mask, wilds, needs)
        search = _Search(self.rules, deck.copies, base_pts, needs, self._cands)
        best: tuple[int, int] = _INF
        best_plan: tuple[tuple[int, ...], list[int], list[int]] | None = None
        for layers, nat, standing, jp in splits:
            search.set_jokers(jp)
            v = search.run(layers, len(standing), (0, 0, 0))
            if v < best:
                best = v
                best_plan = (layers, nat, standing)
        if best_plan is None or best >= _INF:
            return None
        dw = best[0] + dead_pts
        nloose = best[1] + len(dead)
        if not arrange:
            return dw, nloose, (), ()
        layers, nat, standing = best_plan
        jp = sorted(pts_card.of(c, deck, wilds) for c in standing)
        search.set_jokers(jp)
        search.memo.clear()
        search.run(layers, len(standing), (0, 0, 0))
        choices, loose_bases = search.path(layers, len(standing), (0, 0, 0))
        # natural bases -> the physical cards, copies in ascending order
        pool: dict[int, list[int]] = {}
        for c in sorted(nat):
            pool.setdefault(c % BASE_CARDS, []).append(c)
        # cards standing in: the highest points go into melds first
        sj = sorted(standing, key=lambda c: (-pts_card.of(c, deck, wilds), c))
        melds = []
        for kind, pure, slots in choices:
            cards: list[int] = []
            stand: list[int] = []
            for slot in slots:
                if slot is None:
                    j = sj.pop(0)
                    cards.append(j)
                    stand.append(j)
                else:
                    cards.append(pool[slot].pop(0))
            melds.append(Meld(tuple(cards), kind, pure, tuple(stand)))
        loose = [pool[b].pop(0) for b in loose_bases] + sj + dead
        melds.sort(key=lambda m: (m.kind != "run", m.cards))
        return dw, nloose, tuple(melds), tuple(sorted(loose))


def _cards(mask: int) -> list[int]:
    """The set bits of ``mask``, ascending (any width: a declared deck's cards)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _layers(cards: Iterable[int], copies: int) -> tuple[int, ...]:
    """Natural cards counted by base: layer i holds the bases held more than i times."""
    layers = [0] * copies
    for c in cards:
        b = 1 << (c % BASE_CARDS)
        for i in range(copies):
            if not layers[i] & b:
                layers[i] |= b
                break
    return tuple(layers)


def _mask_layers(mask: int, copies: int) -> list[int]:
    """:func:`_layers` of the natural cards in ``mask`` (copy ``k`` of the 52 at
    bits ``52k``..), with bit operations."""
    layers = [0] * copies
    for k in range(copies):
        carry = mask >> (BASE_CARDS * k) & _FULL52
        for i in range(k + 1):
            if not carry:
                break
            held = layers[i] & carry
            layers[i] |= carry
            carry = held
    return layers


def _remove(layers: tuple[int, ...], bases: Iterable[int]) -> tuple[int, ...]:
    ls = list(layers)
    for b in bases:
        bit = 1 << b
        for i in range(len(ls) - 1, -1, -1):
            if ls[i] & bit:
                ls[i] ^= bit
                break
    return tuple(ls)


def _pareto(res: dict[int, int]) -> dict[int, int]:
    """``res`` (packed state -> value) without the entries another one beats:
    as good a value with the same number of cards standing in (a card standing
    in left over is loose and counts, so fewer is not better) and as many runs
    and pure runs."""
    items = sorted(res.items(), key=lambda kv: (kv[1], kv[0] & 0xFFF, -(kv[0] >> 12 & 0xFFF), -(kv[0] >> 24)))
    kept: list[tuple[int, int]] = []
    for st, v in items:
        j, r, p = st & 0xFFF, st >> 12 & 0xFFF, st >> 24
        if not any(k & 0xFFF == j and k >> 12 & 0xFFF >= r and k >> 24 >= p for k, _ in kept):
            kept.append((st, v))
    return dict(kept)


def _layer_count(c: int, r: int, copies: int) -> int:
    """How many copies of rank ``r`` the layered suit ``c`` holds."""
    n = 0
    while n < copies and c >> (13 * n + r) & 1:
        n += 1
    return n


def _count(layers: tuple[int, ...], b: int) -> int:
    n = 0
    for layer in layers:
        if not layer >> b & 1:
            break
        n += 1
    return n


class _Search:
    """The memoised search of one call (see the module docstring)."""

    def __init__(
        self,
        rules: MeldRules,
        copies: int,
        base_pts: tuple[int, ...],
        needs: Needs,
        cands: dict[tuple[int, int, int, object], list[tuple[_Choice, tuple[int, ...], int]]],
    ) -> None:
        self.rules = rules
        self.copies = copies
        self.pts = base_pts
        self.caps = (needs.sets, needs.runs, needs.pure_runs)
        self.memo: dict[tuple[tuple[int, ...], int, tuple[int, int, int]], tuple[int, int, object]] = {}
        self.jprefix: list[int] = [0]
        self.modes = rules.modes()
        self.wcap = rules.wild_cap()
        self.scap = rules.set_cap
        self.cands: dict[tuple[int, int, int, object], list[tuple[_Choice, tuple[int, ...], int]]] = cands

    def set_jokers(self, points_ascending: list[int]) -> None:
        pre = [0]
        for p in points_ascending:
            pre.append(pre[-1] + p)
        self.jprefix = pre
        self.memo.clear()

    def _state(self, st: tuple[int, int, int], kind: str, pure: bool) -> tuple[int, int, int]:
        s, r, p = st
        cs, cr, cp = self.caps
        if kind == "set":
            return (min(s + 1, cs), r, p)
        return (s, min(r + 1, cr), min(p + pure, cp))

    def run(self, layers: tuple[int, ...], J: int, st: tuple[int, int, int]) -> tuple[int, int]:
        key = (layers, J, st)
        got = self.memo.get(key)
        if got is not None:
            return got[0], got[1]
        best: tuple[int, int] = _INF
        choice: object = None
        rules = self.rules
        first = layers[0] if layers else 0
        if not first:
            # jokers left: loose, or (with min_natural 0) melds of jokers alone
            if st == self.caps:
                best = (self.jprefix[J], J)
                choice = ("end",)
            if rules.min_natural == 0:
                for kind, lo, hi, ok in (
                    ("run", rules.run_min, 13, rules.wild_in_runs),
                    ("set", rules.set_min, self.scap, rules.wild_in_sets),
                ):
                    if not ok:
                        continue
                    for k in range(lo, min(hi, J, self.wcap) + 1):
                        nst = self._state(st, kind, False)
                        v = self.run(layers, J - k, nst)
                        if v < best:
                            best = v
                            choice = ("meld", (kind, False, (None,) * k), layers, J - k, nst)
            self.memo[key] = (best[0], best[1], choice)
            return best
        low = first & -first
        x = low.bit_length() - 1
        # x loose
        rest = _remove(layers, (x,))
        v = self.run(rest, J, st)
        best = (v[0] + self.pts[x], v[1] + 1)
        choice = ("loose", x, rest, J, st)
        for ch, used, k in self._melds_with(layers, x, J):
            nl = _remove(layers, used)
            nst = self._state(st, ch[0], ch[1])
            v = self.run(nl, J - k, nst)
            if v < best:
                best = v
                choice = ("meld", ch, nl, J - k, nst)
        self.memo[key] = (best[0], best[1], choice)
        return best

    def path(
        self, layers: tuple[int, ...], J: int, st: tuple[int, int, int]
    ) -> tuple[list[_Choice], list[int]]:
        """The melds and the loose natural bases of the best found by :meth:`run`."""
        melds: list[_Choice] = []
        loose: list[int] = []
        key = (layers, J, st)
        while True:
            choice = self.memo[key][2]
            assert isinstance(choice, tuple)
            if choice[0] == "end":
                return melds, loose
            if choice[0] == "loose":
                loose.append(choice[1])
            else:
                melds.append(choice[1])
            key = (choice[2], choice[3], choice[4])

    def _melds_with(
        self, layers: tuple[int, ...], x: int, J: int
    ) -> list[tuple[_Choice, tuple[int, ...], int]]:
        """Every meld holding natural card ``x`` (the lowest left) with other
        natural cards and at most ``J`` standing in: ``(choice, natural bases
        used, cards standing in)``. Depends only on what is left of ``x``'s suit
        and rank, so the lists are shared by every call of the solver."""
        r = x % 13
        sx = x // 13
        rest = _remove(layers, (x,))
        jc = min(self.wcap, J)
        row = rest[0] >> (13 * sx) & 0x1FFF  # ranks of x's suit still held
        if self.rules.set_suits == "distinct":
            col: object = sum(1 << s for s in range(4) if rest[0] >> (s * 13 + r) & 1)
        else:
            col = tuple(_count(rest, s * 13 + r) for s in range(4))
        key = (x, jc, row, col)
        got = self.cands.get(key)
        if got is None:
            if len(self.cands) > 200_000:
                self.cands.clear()
            got = self.cands[key] = list(self._make_melds(x, jc, row, col))
        return got

    def _make_melds(
        self, x: int, jc: int, row: int, col: object
    ) -> Iterable[tuple[_Choice, tuple[int, ...], int]]:
        rules = self.rules
        mn = rules.min_natural
        r = x % 13
        sx = x // 13
        # ---- sets
        jmax_set = jc if rules.wild_in_sets else 0
        if isinstance(col, int):
            others = [s * 13 + r for s in range(4) if s != sx and col >> s & 1]
            for n in range(len(others) + 1):
                for combo in combinations(others, n):
                    nat = 1 + n
                    for k in range(jmax_set + 1):
                        size = nat + k
                        if size > self.scap:
                            break
                        if size >= rules.set_min and nat >= mn:
                            slots = tuple(sorted((x, *combo))) + (None,) * k
                            yield ("set", k == 0, slots), (x, *combo), k
        else:
            assert isinstance(col, tuple)
            for pick in product(*(range(c + 1) for c in col)):
                used = [x] + [s * 13 + r for s in range(4) for _ in range(pick[s])]
                nat = len(used)
                for k in range(jmax_set + 1):
                    size = nat + k
                    if size > self.scap:
                        break
                    if size >= rules.set_min and nat >= mn:
                        yield ("set", k == 0, tuple(sorted(used)) + (None,) * k), tuple(used), k
        yield from _make_runs(rules, x, jc, row)


def _make_runs(rules: MeldRules, x: int, jc: int, row: int) -> Iterable[tuple[_Choice, tuple[int, ...], int]]:
    """Every run holding natural card ``x`` with the ranks ``row`` of its suit
    also held and at most ``jc`` cards standing in: windows ``[a, e]`` of run
    positions holding x's place, every place not held taken by a card standing
    in (and, with such cards to spare, any held place too)."""
    mn = rules.min_natural
    r = x % 13
    sx = x // 13
    jmax_run = jc if rules.wild_in_runs else 0
    seen: set[tuple[int | None, ...]] = set()
    for mode in rules.modes():
        p = mode[r]
        lo = 1 if mode[0] == 13 else 0
        hi = lo + 12
        held_at = [bool(row >> (0 if q == 13 else q) & 1) and q != p for q in range(14)]
        a = p
        below = 0  # places of [a, p) not held
        while True:
            e = p
            must = below
            while True:
                if e - a + 1 >= rules.run_min:
                    held = [q for q in range(a, e + 1) if held_at[q]]
                    for extra in range(min(jmax_run - must, len(held)) + 1):
                        for stand in combinations(held, extra):
                            k = must + extra
                            if e - a + 1 - k < mn:
                                continue
                            out: list[int | None] = []
                            used = []
                            for q in range(a, e + 1):
                                if q == p or (held_at[q] and q not in stand):
                                    b = sx * 13 + (0 if q == 13 else q)
                                    out.append(b)
                                    used.append(b)
                                else:
                                    out.append(None)
                            t = tuple(out)
                            if t not in seen:
                                seen.add(t)
                                yield ("run", k == 0, t), tuple(used), k
                e += 1
                if e > hi:
                    break
                if not held_at[e]:
                    must += 1
                    if must > jmax_run:
                        break
            a -= 1
            if a < lo:
                break
            if not held_at[a]:
                below += 1
                if below > jmax_run:
                    break


_SOLVERS: dict[tuple[Deck, MeldRules, CardPoints], WildSolver] = {}


def get_wild_solver(deck: Deck, rules: MeldRules, points: CardPoints) -> WildSolver:
    """A shared :class:`WildSolver` for the deck, rules and points."""
    key = (deck, rules, points)
    s = _SOLVERS.get(key)
    if s is None:
        s = _SOLVERS[key] = WildSolver(deck, rules, points)
    return s


def deadwood_any(
    hand: int,
    deck: Deck,
    rules: MeldRules,
    points: CardPoints,
    wilds: Wilds = NO_WILDS,
    needs: Needs | None = None,
) -> int | None:
    """The least deadwood of ``hand`` (a bitmask), through the one-deck table
    solver when the deck is the standard one, nothing is wild, no needs are
    asked and the rules are Gin's or CardVerse's melds; through
    :class:`WildSolver` otherwise."""
    if (
        deck.standard
        and not wilds.bases
        and (needs is None or needs.empty)
        and rules.ace in ("low", "high")
        and rules.set_min == 3
        and rules.set_max in (4, None)
        and rules.set_suits == "distinct"
        and rules.run_min == 3
        and points.ranks[1:] == (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
        and points.ranks[0] >= 1
    ):
        from rummykit.core.cards.solver import get_solver

        return get_solver(rules.ace == "high", points.ranks[0]).deadwood(hand)
    return get_wild_solver(deck, rules, points).deadwood(hand, wilds, needs)
