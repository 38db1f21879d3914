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
  when no arrangement meets ``needs``.

The one-deck, no-wild case of Gin and CardVerse is
:class:`rummykit.core.cards.solver.MeldSolver` (table-driven, well under a
microsecond); :func:`deadwood_any` sends a hand there when the deck and the
deal need nothing more, and here otherwise.

How it works: the hand is split into its natural cards and the cards standing
in (printed jokers; every choice of which wild cards of the deal's wild rank
stand in and which play in their own place). The natural cards are counted by
base card (copies alike), so equal hands of different copies are one problem.
The search takes the lowest natural card left and either leaves it loose or
puts it in one meld with other natural cards and cards standing in, over
every such meld; jokers left at the end are loose (every meld has been tried
with every number of jokers it may take, so this loses nothing). Results are
memoised per problem within one call: exact, and fast for the hands of a
game (benchmarks/RESULTS.md). Tests compare it with a brute force over every
family of disjoint melds (tests/core/test_wildsolver.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations, product

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

    __slots__ = ("deck", "points", "rules")

    def __init__(
        self, deck: Deck = STANDARD_DECK, rules: MeldRules | None = None, points: CardPoints | None = None
    ):
        self.deck = deck
        self.rules = rules if rules is not None else MeldRules()
        self.points = points if points is not None else CardPoints()

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
        best = self._best(self._mask(hand), wilds, needs or _NO_NEEDS, False)
        return None if best is None else best[0]

    def solve(
        self, hand: int | Iterable[int], wilds: Wilds = JOKERS_WILD, needs: Needs | None = None
    ) -> Solution:
        """The least deadwood and one best arrangement (see the module docstring)."""
        mask = self._mask(hand)
        needs = needs or _NO_NEEDS
        got = self._best(mask, wilds, needs, True)
        meets = got is not None
        if got is None:
            got = self._best(mask, wilds, _NO_NEEDS, True)
            assert got is not None  # every card loose is an arrangement
        dw, _, melds, loose = got
        return Solution(dw, melds, loose, meets)

    # ------------------------------------------------------------- the search

    def _best(
        self, mask: int, wilds: Wilds, needs: Needs, arrange: bool
    ) -> tuple[int, int, tuple[Meld, ...], tuple[int, ...]] | None:
        deck = self.deck
        pts_card = self.points
        fj = deck.first_joker
        jokers = [c for c in _cards(mask) if c >= fj]
        if jokers and not wilds.jokers:
            dead = list(jokers)  # printed jokers that are not wild: always loose
            jokers = []
        else:
            dead = []
        naturals = [c for c in _cards(mask) if c < fj]
        wild_nat = [c for c in naturals if wilds.bases >> (c % BASE_CARDS) & 1]
        plain = [c for c in naturals if not wilds.bases >> (c % BASE_CARDS) & 1]
        base_pts = pts_card.base_points(wilds)
        dead_pts = sum(pts_card.of(c, deck, wilds) for c in dead)
        # wild cards by base: each base's copies may be split between standing in and natural
        by_base: dict[int, list[int]] = {}
        for c in wild_nat:
            by_base.setdefault(c % BASE_CARDS, []).append(c)
        bases = sorted(by_base)
        search = _Search(self.rules, deck.copies, base_pts, needs)
        best: tuple[int, int] = _INF
        best_plan: tuple[tuple[int, ...], list[int], list[int]] | None = None
        for split in product(*(range(len(by_base[b]) + 1) for b in bases)):
            standing = list(jokers)
            nat = list(plain)
            for b, k in zip(bases, split, strict=True):
                cs = by_base[b]
                standing.extend(cs[:k])
                nat.extend(cs[k:])
            layers = _layers(nat, deck.copies)
            jp = sorted(pts_card.of(c, deck, wilds) for c in standing)
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


def _count(layers: tuple[int, ...], b: int) -> int:
    n = 0
    for layer in layers:
        if not layer >> b & 1:
            break
        n += 1
    return n


class _Search:
    """The memoised search of one call (see the module docstring)."""

    def __init__(self, rules: MeldRules, copies: int, base_pts: tuple[int, ...], needs: Needs) -> None:
        self.rules = rules
        self.copies = copies
        self.pts = base_pts
        self.caps = (needs.sets, needs.runs, needs.pure_runs)
        self.memo: dict[tuple[tuple[int, ...], int, tuple[int, int, int]], tuple[int, int, object]] = {}
        self.jprefix: list[int] = [0]
        self.modes = rules.modes()
        self.wcap = rules.wild_cap()
        self.scap = rules.set_cap

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
    ) -> Iterable[tuple[_Choice, tuple[int, ...], int]]:
        """Every meld holding natural card ``x`` (the lowest left) with other
        natural cards and at most ``J`` standing in: ``(choice, natural bases
        used, cards standing in)``."""
        rules = self.rules
        wcap = min(self.wcap, J)
        mn = rules.min_natural
        r = x % 13
        sx = x // 13
        rest = _remove(layers, (x,))
        # ---- sets
        jmax_set = wcap if rules.wild_in_sets else 0
        if rules.set_suits == "distinct":
            others = [s * 13 + r for s in range(4) if s != sx and rest[0] >> (s * 13 + r) & 1]
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
            counts = [_count(rest, s * 13 + r) for s in range(4)]
            for pick in product(*(range(c + 1) for c in counts)):
                used = [x] + [s * 13 + r for s in range(4) for _ in range(pick[s])]
                nat = len(used)
                for k in range(jmax_set + 1):
                    size = nat + k
                    if size > self.scap:
                        break
                    if size >= rules.set_min and nat >= mn:
                        yield ("set", k == 0, tuple(sorted(used)) + (None,) * k), tuple(used), k
        # ---- runs
        jmax_run = wcap if rules.wild_in_runs else 0
        held = rest[0] >> (13 * sx) & 0x1FFF  # ranks of x's suit still held
        seen: set[tuple[int | None, ...]] = set()
        for mode in self.modes:
            p = mode[r]
            lo = 1 if mode[0] == 13 else 0
            hi = lo + 12
            for a in range(lo, p + 1):
                for e in range(max(p, a + rules.run_min - 1), hi + 1):
                    # positions of the window other than p: held (may also stand in) or not
                    slots_held = []
                    must = 0
                    for q in range(a, e + 1):
                        if q == p:
                            continue
                        rank = 0 if q == 13 else q
                        if held >> rank & 1:
                            slots_held.append(q)
                        else:
                            must += 1
                    if must > jmax_run:  # a longer window needs as many or more
                        break
                    for extra in range(min(jmax_run - must, len(slots_held)) + 1):
                        for stand in combinations(slots_held, extra):
                            k = must + extra
                            nat = e - a + 1 - k
                            if nat < mn:
                                continue
                            out: list[int | None] = []
                            used = []
                            for q in range(a, e + 1):
                                rank = 0 if q == 13 else q
                                if q == p or (held >> rank & 1 and q not in stand):
                                    b = sx * 13 + rank
                                    out.append(b)
                                    used.append(b)
                                else:
                                    out.append(None)
                            t = tuple(out)
                            if t in seen:
                                continue
                            seen.add(t)
                            yield ("run", k == 0, t), tuple(used), k


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
