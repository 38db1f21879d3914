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
  when no arrangement meets ``needs``; ``solver.discards(hand, wilds, needs)``
  -> the least deadwood after each discard (one copy of each card).

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

* ``deadwood`` chooses the sets rank by rank (each rank's sets, with the cards
  standing in that they take), then reads each suit's runs from a table shared
  by every call: for the suit's cards and the cards standing in at hand,
  ``{(standing in used, runs, pure runs): (least deadwood, fewest loose)}``,
  filled on first use by a search over the suit's lowest card (loose, or in
  every run that holds it); the suits and the sets are put together under the
  budget of cards standing in and the needs; cards standing in left over are
  loose (every meld is tried with every number it may take, so this loses
  nothing). A set choice is skipped when the suits at their best cannot beat
  the best found.
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


# A meld choice in the search: (kind, pure, natural bases in shown order with
# None where a card stands in).
_Choice = tuple[str, bool, tuple[int | None, ...]]


class WildSolver:
    """Exact least deadwood for a deck, meld rules and card points (see the module docstring)."""

    __slots__ = ("_base_pts", "_cands", "_plain_pts", "_suits", "deck", "points", "rules")

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
        # the runs of one suit: (rows, wild ranks, jokers, caps) -> {(jokers used, runs, pure runs): value}
        self._suits: dict[tuple[object, ...], dict[tuple[int, int, int], tuple[int, int]]] = {}

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
        for mode in self.rules.modes():
            held = [bool(row >> (0 if q == 13 else q) & 1) for q in range(14)]
            if mode[0] == 0:
                held[13] = False
            else:
                held[0] = False
            p = mode[rank]
            lo = p
            while lo > 0 and held[lo - 1]:
                lo -= 1
            hi = p
            while hi < 13 and held[hi + 1]:
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
        # A wild card plays in its own place only with a partner: a natural card
        # of its suit near enough, another card of its rank, or two more cards
        # to stand in beside it (otherwise every meld it is in is it and cards
        # standing in, and with it standing in too the meld is as good).
        n_wild = len(jokers) + len(wild_nat)
        nat_mask = 0
        for c in naturals:
            nat_mask |= 1 << (c % BASE_CARDS)
        reach = n_wild  # the farthest a natural partner in a run may be
        # With no cap on cards standing in (and at most one natural card asked
        # of a meld), a wild card standing in at its own place makes every meld
        # it is in as good, purity aside: so it plays in its own place only in
        # a pure run (a block of natural cards of its suit around it, and a
        # pure run asked for), or among cards all standing in (three or more).
        free = self.rules.max_wilds is None and self.rules.min_natural <= 1
        ranges = []
        for b in bases:
            partner = n_wild >= 3 or len(by_base[b]) > 1
            if free and not partner:
                partner = needs.pure_runs > 0 and self._in_block(nat_mask | 1 << b, b)
            elif not partner:
                suit, rank = divmod(b, 13)
                row = (nat_mask & ~(1 << b)) >> (13 * suit) & 0x1FFF
                col = sum(1 for s2 in range(4) if s2 != suit and nat_mask >> (s2 * 13 + rank) & 1)
                near = any(
                    row >> (0 if q == 13 else q) & 1
                    for mode in self.rules.modes()
                    for q in range(max(0, mode[rank] - reach), min(13, mode[rank] + reach) + 1)
                    if q != mode[rank] and (q != 0 or mode[0] == 0) and (q != 13 or mode[0] == 13)
                )
                partner = near or col > 0
            n = len(by_base[b])
            ranges.append(range(n + 1) if partner else range(n, n + 1))
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

    def _fast(self, mask: int, wilds: Wilds, needs: Needs) -> tuple[int, int] | None:
        """``(least deadwood, fewest loose cards)`` meeting ``needs``, or ``None``:
        the sets chosen rank by rank, the runs of each suit read from a shared
        table (:meth:`_suit`), the suits and sets put together under the budget
        of cards standing in."""
        dead_pts, dead, _, splits = self._splits(mask, wilds, needs)
        caps = (needs.sets, needs.runs, needs.pure_runs)
        best = _INF
        for layers, _nat, standing, jp in splits:
            pre = [0]
            for p in jp:
                pre.append(pre[-1] + p)
            v = self._fast_split(layers, len(standing), pre, caps, wilds.bases, best)
            if v < best:
                best = v
        if best >= _INF:
            return None
        return best[0] + dead_pts, best[1] + len(dead)

    def _fast_arrangement(
        self, mask: int, wilds: Wilds, needs: Needs
    ) -> tuple[int, int, tuple[Meld, ...], tuple[int, ...]] | bool | None:
        """:meth:`_fast`'s best with its arrangement: ``(deadwood, loose count,
        melds, loose cards)``, ``None`` when the needs cannot be met, ``False``
        when the best holds melds of cards standing in alone (then
        :meth:`_best` searches)."""
        dead_pts, dead, _, splits = self._splits(mask, wilds, needs)
        caps = (needs.sets, needs.runs, needs.pure_runs)
        best = _INF
        found: tuple | None = None
        for layers, nat, standing, jp in splits:
            pre = [0]
            for p in jp:
                pre.append(pre[-1] + p)
            got: list = []
            v = self._fast_split(layers, len(standing), pre, caps, wilds.bases, best, got)
            if v < best:
                best = v
                found = (nat, standing, pre, got[0])
        if best >= _INF or found is None:
            return None
        nat, standing, pre, plan = found
        if plan is None:
            return False
        rows_now, jset, sets = plan
        J = len(standing)
        cs, cr, cp = caps
        wrows = [wilds.bases >> (13 * si) & 0x1FFF for si in range(4)]
        ds = [list(self._suit(rows_now[si], wrows[si], J, (cr, cp)).items()) for si in range(4)]
        chosen = None
        for combo in product(*ds):
            j = jset + sum(k[0] for k, _ in combo)
            if j > J:
                continue
            if min(sum(k[1] for k, _ in combo), cr) != cr or min(sum(k[2] for k, _ in combo), cp) != cp:
                continue
            if min(len(sets), cs) != cs:
                continue
            val = (sum(v[0] for _, v in combo) + pre[J - j], sum(v[1] for _, v in combo) + J - j)
            if val == best:
                chosen = combo
                break
        assert chosen is not None  # the merge found this value
        choices: list[_Choice] = []
        loose_bases: list[int] = []
        for si in range(4):
            key, val = chosen[si]
            runs, loose = self._suit_path(rows_now[si], wrows[si], J, (cr, cp), key, val)
            for pure, slots in runs:
                choices.append(("run", pure, tuple(None if b is None else si * 13 + b for b in slots)))
            loose_bases.extend(si * 13 + b for b in loose)
        for r, take, k in sets:
            bases = tuple(si * 13 + r for si in range(4) for _ in range(take[si]))
            choices.append(("set", k == 0, bases + (None,) * k))
        melds, loose_cards = self._physical(choices, loose_bases, nat, standing, wilds)
        return best[0] + dead_pts, best[1] + len(dead), melds, tuple(sorted(loose_cards + dead))

    def _suit_path(
        self,
        rows: tuple[int, ...],
        wrow: int,
        J: int,
        caps: tuple[int, int],
        key: tuple[int, int, int],
        val: tuple[int, int],
    ) -> tuple[list[tuple[bool, tuple[int | None, ...]]], list[int]]:
        """The runs (``(pure, slots)``, ranks or ``None`` for a card standing
        in) and the loose ranks of one suit's table entry ``key`` of value ``val``."""
        cr, cp = caps
        j, r, p = key
        runs: list[tuple[bool, tuple[int | None, ...]]] = []
        loose: list[int] = []
        pts = self.points
        while rows[0]:
            first = rows[0]
            low = first & -first
            x = low.bit_length() - 1
            px = pts.wild if pts.wild is not None and wrow >> x & 1 else pts.ranks[x]
            rest = _remove_bit(rows, low)
            step: tuple[tuple[int, ...], int, tuple[int, int, int], tuple[int, int], Any] | None = None
            want = (val[0] - px, val[1] - 1)
            for (j2, r2, p2), v2 in self._suit(rest, wrow, J, caps).items():
                if j2 == j and r2 >= r and p2 >= p and v2 <= want:
                    step = (rest, J, (j2, r2, p2), v2, None)
                    break
            if step is None:
                for (_kind, pure, slots), used, k in self._run_melds(
                    x, min(J, self.rules.wild_cap()), rest[0]
                ):
                    nrows = rows
                    for b in used:
                        nrows = _remove_bit(nrows, 1 << b)
                    for (j2, r2, p2), v2 in self._suit(nrows, wrow, J - k, caps).items():
                        if j2 + k == j and min(r2 + 1, cr) >= r and min(p2 + pure, cp) >= p and v2 <= val:
                            step = (nrows, J - k, (j2, r2, p2), v2, (pure, slots))
                            break
                    if step is not None:
                        break
            assert step is not None  # the table's entry came from one of these
            rows, J, (j, r, p), val, run = step
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

    def _fast_split(
        self,
        layers: tuple[int, ...],
        J: int,
        pre: list[int],
        caps: tuple[int, int, int],
        wbases: int,
        bound: tuple[int, int] = _INF,
        want_plan: list | None = None,
    ) -> tuple[int, int]:
        """The best value of one split of the hand (see :meth:`_fast`), or
        ``bound`` when none is better than it."""
        cs, cr, cp = caps
        rows = [tuple(layer >> (13 * s) & 0x1FFF for layer in layers) for s in range(4)]
        wrows = [wbases >> (13 * s) & 0x1FFF for s in range(4)]
        # ranks where a set may be made (enough suits there), with the cards of each suit there
        rules = self.rules
        jset = min(J, rules.wild_cap()) if rules.wild_in_sets else 0
        c0, d0, h0, s0 = rows[0][0], rows[1][0], rows[2][0], rows[3][0]
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
        ranks = []
        while cand:
            low = cand & -cand
            cand ^= low
            r = low.bit_length() - 1
            counts = tuple(_count(rows[si], r) for si in range(4))
            if rules.set_suits == "repeat" and sum(counts) + jset < rules.set_min:
                continue
            shapes = self._set_shapes(counts, J, cs)
            if shapes:
                ranks.append((r, counts, shapes))
        if not ranks and not J and not (cr or cp) and want_plan is None:
            # no set, nothing standing in, no needs: each suit's runs alone
            total = (0, 0)
            for si in range(4):
                a, b = self._suit(rows[si], wrows[si], 0, (0, 0))[(0, 0, 0)]
                total = (total[0] + a, total[1] + b)
            if cs:
                return _INF
            return total
        best = bound
        plan: tuple | None = None  # the best leaf: its suits, cards standing in sets, sets
        suit = self._suit
        rcaps = (cr, cp)

        no_joker_melds = self.rules.min_natural > 0

        def leaf(rows_now: list[tuple[int, ...]], jset: int, nsets: int, sets: tuple) -> None:
            nonlocal best, plan
            # each suit's table for the whole budget J (shared by every set choice;
            # the merge below keeps to the budget left after the sets)
            ds = [suit(rows_now[si], wrows[si], J, rcaps) for si in range(4)]
            if best < _INF:
                # a lower bound: each suit at its best within the budget the sets leave
                budget = J - jset
                la = lb = 0
                for d in ds:
                    a, b = min(v for k, v in d.items() if k[0] <= budget)
                    la += a
                    lb += b
                if (la, lb) >= best:
                    return
            acc: dict[tuple[int, int, int, int], tuple[int, int]] = {(jset, min(nsets, cs), 0, 0): (0, 0)}
            for d in ds:
                if len(d) == 1 and (0, 0, 0) in d:
                    a2, b2 = d[(0, 0, 0)]
                    acc = {k: (a1 + a2, b1 + b2) for k, (a1, b1) in acc.items()}
                    continue
                new: dict[tuple[int, int, int, int], tuple[int, int]] = {}
                for (j1, s1, r1, p1), (a1, b1) in acc.items():
                    for (j2, r2, p2), (a2, b2) in d.items():
                        j = j1 + j2
                        if j > J:
                            continue
                        key = (j, s1, min(r1 + r2, cr), min(p1 + p2, cp))
                        val = (a1 + a2, b1 + b2)
                        old = new.get(key)
                        if old is None or val < old:
                            new[key] = val
                acc = new
            for (j, s1, r1, p1), (a, b) in acc.items():
                left = J - j
                if no_joker_melds:
                    if s1 == cs and r1 == cr and p1 == cp:
                        v = (a + pre[left], b + left)
                        if v < best:
                            best = v
                            plan = (list(rows_now), jset, sets)
                    continue
                for ns, nr, used in self._joker_melds(left):
                    if min(s1 + ns, cs) == cs and min(r1 + nr, cr) == cr and p1 == cp:
                        v = (a + pre[left - used], b + left - used)
                        if v < best:
                            best = v
                            plan = None  # joker-only melds: solve() searches instead

        def walk(i: int, rows_now: list[tuple[int, ...]], jset: int, nsets: int, sets: tuple) -> None:
            if i == len(ranks):
                leaf(rows_now, jset, nsets, sets)
                return
            r, counts, shapes = ranks[i]
            walk(i + 1, rows_now, jset, nsets, sets)
            # one or more sets at this rank, shapes in nondecreasing order
            bit = 1 << r

            def more(
                start: int, left: tuple[int, ...], rws: list[tuple[int, ...]], jj: int, ns: int, st: tuple
            ) -> None:
                for idx in range(start, len(shapes)):
                    take, k = shapes[idx]
                    if jj + k > J or any(t > c for t, c in zip(take, left, strict=True)):
                        continue
                    nrows = list(rws)
                    for s2 in range(4):
                        for _ in range(take[s2]):
                            nrows[s2] = _remove_bit(nrows[s2], bit)
                    nleft = tuple(c - t for c, t in zip(left, take, strict=True))
                    nst = (*st, (r, take, k))
                    walk(i + 1, nrows, jj + k, ns + 1, nst)
                    more(idx, nleft, nrows, jj + k, ns + 1, nst)

            more(0, counts, rows_now, jset, nsets, sets)

        walk(0, rows, 0, 0, ())
        if want_plan is not None:
            want_plan.append(plan if best < bound else None)
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

    def _suit(
        self, rows: tuple[int, ...], wrow: int, J: int, caps: tuple[int, int]
    ) -> dict[tuple[int, int, int], tuple[int, int]]:
        """The runs of one suit (``rows``: layer i holds the ranks held more than
        i times; ``wrow``: its wild ranks) with at most ``J`` standing in:
        ``{(standing in used, runs, pure runs): (least deadwood, fewest loose)}``,
        runs capped at ``caps``. Shared by every call (a table filled as used)."""
        wrow &= rows[0]  # only the wild ranks held here count (their points)
        key = (rows, wrow, J, caps)
        got = self._suits.get(key)
        if got is not None:
            return got
        first = rows[0]
        if not first:
            res = {(0, 0, 0): (0, 0)}
        else:
            cr, cp = caps
            low = first & -first
            x = low.bit_length() - 1
            pts = self.points
            px = pts.wild if pts.wild is not None and wrow >> x & 1 else pts.ranks[x]
            rest = _remove_bit(rows, low)
            res = {k: (a + px, b + 1) for k, (a, b) in self._suit(rest, wrow, J, caps).items()}
            for (_kind, pure, _slots), used, k in self._run_melds(x, min(J, self.rules.wild_cap()), rest[0]):
                nrows = rows
                for b in used:
                    nrows = _remove_bit(nrows, 1 << b)
                for (j, r, p), v in self._suit(nrows, wrow, J - k, caps).items():
                    key2 = (j + k, min(r + 1, cr), min(p + pure, cp))
                    old = res.get(key2)
                    if old is None or v < old:
                        res[key2] = v
            res = _pareto(res)
        if len(self._suits) > 500_000:
            self._suits.clear()
        self._suits[key] = res
        return res

    def _run_melds(self, x: int, jc: int, row: int) -> list[tuple[_Choice, tuple[int, ...], int]]:
        """The runs holding rank ``x`` of suit 0 with ranks ``row`` also held."""
        key = (x, jc, row, -1)
        got = self._cands.get(key)
        if got is None:
            if len(self._cands) > 200_000:
                self._cands.clear()
            got = self._cands[key] = [m for m in _make_runs(self.rules, x, jc, row) if m[0][0] == "run"]
        return got

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


def _remove(layers: tuple[int, ...], bases: Iterable[int]) -> tuple[int, ...]:
    ls = list(layers)
    for b in bases:
        bit = 1 << b
        for i in range(len(ls) - 1, -1, -1):
            if ls[i] & bit:
                ls[i] ^= bit
                break
    return tuple(ls)


def _pareto(res: dict[tuple[int, int, int], tuple[int, int]]) -> dict[tuple[int, int, int], tuple[int, int]]:
    """``res`` without the entries another one beats: as good a value with the
    same number of cards standing in (a card standing in left over is loose and
    counts, so fewer is not better) and as many runs and pure runs."""
    if len(res) == 1:
        return res
    items = sorted(res.items(), key=lambda kv: (kv[1], kv[0][0], -kv[0][1], -kv[0][2]))
    kept: list[tuple[tuple[int, int, int], tuple[int, int]]] = []
    for (j, r, p), v in items:
        if not any(j2 == j and r2 >= r and p2 >= p for (j2, r2, p2), _ in kept):
            kept.append(((j, r, p), v))
    return dict(kept)


def _remove_bit(rows: tuple[int, ...], bit: int) -> tuple[int, ...]:
    """``rows`` (layer i: what is held more than i times) with one ``bit`` fewer."""
    for i in range(len(rows) - 1, -1, -1):
        if rows[i] & bit:
            return rows[:i] + (rows[i] ^ bit,) + rows[i + 1 :]
    return rows


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
