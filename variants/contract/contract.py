"""Contracts: the ways a hand lays a deal's contract, and its best arrangement.

A layout is the contract laid at its smallest: each set 3 cards, each run 4
(a longer meld is that and cards added to it in the same turn, which the round
allows). :func:`layouts` lists every distinct layout of a hand (distinct by the
cards it lays, copies of a card being the same card), exactly; :func:`arrange`
finds the layout and the additions to it that leave the fewest penalty points
in hand (what ``rummy analyze contract`` and the bots read).

Whether a hand can lay a contract at all (:func:`can_meet`) is core's exact
solver for declared decks (:func:`rummykit.get_wild_solver`) on Contract
Rummy's melds (:data:`RULES`): some arrangement of the hand with the
contract's sets and runs among its melds. The layouts and the arrangement stay
here: the round offers each distinct layout as a move, and a contract allows
no meld beyond its own (further cards only go onto them), where core's solver
counts any meld. The round finds its layouts without the solver: the
enumeration behind a cheap bound on the jokers a contract needs
(:func:`jokers_needed`) costs less than a solver call a turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from rummykit import JOKERS_WILD, CardPoints, Deck, MeldRules, Needs, WildSolver, get_wild_solver

from .cards import CONTRACTS, RUN_SIZE, SET_SIZE, Shape, fits, penalty, shape_of

__all__ = [
    "NEEDS",
    "POINTS",
    "RULES",
    "Layout",
    "arrange",
    "can_meet",
    "jokers_needed",
    "layouts",
    "may_meld_all",
    "solver",
]

JOKER = -1
#: A layout: its melds, each a tuple of concrete cards, sets first then runs.
Layout = tuple[tuple[int, ...], ...]

#: Contract Rummy's melds as core's solver takes them: sets of 3 or more of a
#: rank, suits repeating; runs of 4 or more, the ace low or high; jokers
#: anywhere, a natural card in every meld.
RULES = MeldRules(set_min=SET_SIZE, set_max=None, set_suits="repeat", run_min=RUN_SIZE, ace="both")
#: The penalty points of a card left in hand (2-9: 5, 10-K: 10, ace 15, joker 15).
POINTS = CardPoints(ranks=(15, *([5] * 8), *([10] * 4)), joker=15)
#: Each deal's contract as core's solver asks it of a hand.
NEEDS = tuple(Needs(sets=s, runs=r) for s, r in CONTRACTS)


@cache
def solver(copies: int) -> WildSolver:
    """Core's exact solver for the deck of ``copies`` decks (and twice as many jokers)."""
    return get_wild_solver(Deck(copies=copies, jokers=2 * copies), RULES, POINTS)


def _split(hand: Iterable[int], copies: int) -> tuple[dict[int, list[int]], list[int]]:
    by_base: dict[int, list[int]] = {}
    jokers: list[int] = []
    for c in sorted(hand):
        if c >= 52 * copies:
            jokers.append(c)
        else:
            by_base.setdefault(c % 52, []).append(c)
    return by_base, jokers


def _set_options(counts: tuple[int, ...], jokers: int) -> list[tuple[int, ...]]:
    """Every 3-card set (base cards, JOKER for a joker) of a count vector, as
    sorted tuples, at least one natural card."""
    out: list[tuple[int, ...]] = []
    for r in range(13):
        have = [(s * 13 + r, counts[s * 13 + r]) for s in range(4) if counts[s * 13 + r]]
        if not have:
            continue
        pool: list[int] = []
        for b, k in have:
            pool += [b] * min(k, 3)
        pool += [JOKER] * min(jokers, 2)
        seen: set[tuple[int, ...]] = set()
        n = len(pool)
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    t = tuple(sorted((pool[i], pool[j], pool[k])))
                    if t[-1] == JOKER and t.count(JOKER) == 3:
                        continue
                    if t not in seen:
                        seen.add(t)
                        out.append(t)
    return out


def _run_options(counts: tuple[int, ...], jokers: int) -> list[tuple[int, ...]]:
    """Every 4-card run (base cards, JOKER for a joker), at least one natural."""
    out: list[tuple[int, ...]] = []
    for s in range(4):
        for lo in range(11):  # windows lo..lo+3 inside 0..13
            cells: list[int | None] = []
            for p in range(lo, lo + RUN_SIZE):
                b = s * 13 + (0 if p == 13 else p)
                cells.append(b if counts[b] else None)
            naturals = [b for b in cells if b is not None]
            if not naturals:
                continue
            # Each present natural may stand as itself or be left for a joker.
            m = len(cells)
            for mask in range(1 << m):
                chosen: list[int] = []
                need = 0
                ok = True
                for i, cell in enumerate(cells):
                    if mask >> i & 1:
                        if cell is None:
                            ok = False
                            break
                        chosen.append(cell)
                    else:
                        need += 1
                if not ok or not chosen or need > jokers:
                    continue
                out.append(tuple(sorted(chosen)) + (JOKER,) * need)
    return out


def jokers_needed(counts: tuple[int, ...], sets: int, runs: int) -> int:
    """A lower bound on the jokers a hand of ``counts`` needs to lay ``sets``
    sets of 3 and ``runs`` runs of 4 (each meld with a natural card): the sets
    and the runs each at their cheapest from all the cards, as if they did not
    share them, and runs of a suit as if they did not share cards either
    (beyond the copies of a card). The enumeration is skipped when the hand
    holds fewer jokers: it finds no layout then."""
    need = 0
    if sets:
        steps: list[int] = []
        for r in range(13):
            c = counts[r] + counts[13 + r] + counts[26 + r] + counts[39 + r]
            before = 0
            for j in range(1, min(c, sets) + 1):  # the j-th set of rank r: its extra cost
                now = max(0, 3 * j - c)
                steps.append(now - before)
                before = now
        if len(steps) < sets:
            return 99
        steps.sort()
        need += sum(steps[:sets])
    if runs:
        steps = []
        for s in range(4):
            row = [counts[s * 13 + (0 if p == 13 else p)] for p in range(14)]
            for lo in range(11):
                window = row[lo : lo + RUN_SIZE]
                for u in range(1, min(sum(window), runs) + 1):  # its u-th use (a natural each)
                    steps.append(sum(1 for k in window if k < u))
        if len(steps) < runs:
            return 99
        steps.sort()
        need += sum(steps[:runs])
    return need


@lru_cache(maxsize=20000)
def _base_layouts(
    counts: tuple[int, ...], jokers: int, sets: int, runs: int
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    if jokers_needed(counts, sets, runs) > jokers:
        return ()
    set_opts = _set_options(counts, jokers) if sets else []
    run_opts = _run_options(counts, jokers) if runs else []
    found: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
    have = list(counts)
    left = [jokers]
    chosen: list[tuple[int, ...]] = []

    def take(meld: tuple[int, ...]) -> bool:
        need: dict[int, int] = {}
        for b in meld:
            need[b] = need.get(b, 0) + 1
        for b, k in need.items():
            if (left[0] if b == JOKER else have[b]) < k:
                return False
        for b, k in need.items():
            if b == JOKER:
                left[0] -= k
            else:
                have[b] -= k
        return True

    def give(meld: tuple[int, ...]) -> None:
        for b in meld:
            if b == JOKER:
                left[0] += 1
            else:
                have[b] += 1

    def go(kind_opts: list[tuple[int, ...]], start: int, todo: int, then: int) -> None:
        if todo == 0:
            if then:
                go(run_opts, 0, then, 0)
                return
            key = tuple(sorted(b for m in chosen for b in m))
            if key not in found:
                found[key] = tuple(chosen)
            return
        for i in range(start, len(kind_opts)):
            m = kind_opts[i]
            if take(m):
                chosen.append(m)
                go(kind_opts, i, todo - 1, then)
                chosen.pop()
                give(m)

    if sets:
        go(set_opts, 0, sets, runs)
    else:
        go(run_opts, 0, runs, 0)
    return tuple(found.values())


def _counts(by_base: dict[int, list[int]]) -> tuple[int, ...]:
    return tuple(len(by_base.get(b, ())) for b in range(52))


def _concrete(layout: Sequence[tuple[int, ...]], by_base: dict[int, list[int]], jokers: list[int]) -> Layout:
    used: dict[int, int] = {}
    j = 0
    out = []
    for meld in layout:
        cards = []
        for b in meld:
            if b == JOKER:
                cards.append(jokers[j])
                j += 1
            else:
                k = used.get(b, 0)
                cards.append(by_base[b][k])
                used[b] = k + 1
        out.append(tuple(cards))
    return tuple(out)


def layouts(hand: Iterable[int], copies: int, deal: int) -> list[Layout]:
    """Every distinct layout of the contract of deal ``deal`` (1..7) from ``hand``:
    its melds as concrete cards (the lowest copies the hand holds), sets first."""
    sets, runs = CONTRACTS[deal - 1]
    by_base, jokers = _split(hand, copies)
    found = _base_layouts(_counts(by_base), len(jokers), sets, runs)
    return [_concrete(lay, by_base, jokers) for lay in found]


def can_meet(hand: Iterable[int], copies: int, deal: int) -> bool:
    """Whether ``hand`` can lay the contract of deal ``deal`` (core's solver)."""
    cards = list(hand)
    if not cards:
        return False
    return solver(copies).least(cards, JOKERS_WILD, NEEDS[deal - 1]) is not None


def may_meld_all(hand: Sequence[int], copies: int, runs: int) -> bool:
    """False when ``hand`` cannot go into ``runs`` runs with no card left over
    (the last deal's going out); True when it may (then :func:`arrange` says).
    Each test is a necessary condition: at least ``runs`` runs of 4 cards; a
    run holds one suit and one copy of a card, so a suit needs as many runs as
    the most copies of one of its cards it holds; every natural card lies in 4
    places of its suit in a row (the ace low or high) of which the jokers fill
    the ones the hand does not hold."""
    if len(hand) < RUN_SIZE * runs:
        return False
    by_base, jokers = _split(hand, copies)
    most = [0, 0, 0, 0]
    for b, cs in by_base.items():
        s = b // 13
        if len(cs) > most[s]:
            most[s] = len(cs)
    if sum(most) > runs:
        return False
    free = len(jokers)
    for b in by_base:
        s, r = divmod(b, 13)
        row = [(s * 13 + (0 if p == 13 else p)) in by_base for p in range(14)]
        places = (0, 13) if r == 0 else (r,)
        if not any(
            RUN_SIZE - sum(row[lo : lo + RUN_SIZE]) <= free
            for p in places
            for lo in range(max(0, p - RUN_SIZE + 1), min(p, 14 - RUN_SIZE) + 1)
        ):
            return False
    return True


def _extend(
    shapes: tuple[Shape, ...], rest: tuple[int, ...], copies: int
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The least penalty left when cards of ``rest`` are added to melds of
    ``shapes`` (any order, a joker on either end of a run), and the additions
    ``(card, meld index)`` that reach it."""
    best_pts = sum(penalty(c, copies) for c in rest)
    best: tuple[tuple[int, int], ...] = ()
    memo: dict[tuple[tuple[Shape, ...], tuple[int, ...]], tuple[int, tuple[tuple[int, int], ...]]] = {}

    def go(sh: tuple[Shape, ...], left: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
        key = (sh, left)
        if key in memo:
            return memo[key]
        pts = sum(penalty(c, copies) for c in left)
        res: tuple[int, tuple[tuple[int, int], ...]] = (pts, ())
        seen_cards: set[int] = set()
        for i, c in enumerate(left):
            kind = -1 if c >= 52 * copies else c % 52
            if kind in seen_cards:
                continue
            seen_cards.add(kind)
            for m, s in enumerate(sh):
                for new in _grown(s, c, copies):
                    sub = go(sh[:m] + (new,) + sh[m + 1 :], left[:i] + left[i + 1 :])
                    if sub[0] < res[0]:
                        res = (sub[0], ((c, m), *sub[1]))
            if res[0] == 0:
                break
        memo[key] = res
        return res

    got = go(shapes, rest)
    if got[0] < best_pts:
        return got
    return best_pts, best


def _grown(shape: Shape, card: int, copies: int) -> list[Shape]:
    if card >= 52 * copies and shape.kind == "run":
        out = []
        lo, hi = shape.lo, shape.hi
        for a, b in ((lo, hi + 1), (lo - 1, hi)):
            if 0 <= a <= b <= 13 and not (a == 0 and b == 13):
                out.append(Shape("run", suit=shape.suit, lo=a, hi=b))
        return out
    new = fits(shape, card, copies)
    return [new] if new is not None else []


def arrange(hand: Sequence[int], copies: int, deal: int) -> tuple[Layout, tuple[int, ...], int] | None:
    """The best way to lay the contract of deal ``deal`` and add to it from
    ``hand``: ``(melds, cards left, their penalty points)``, the melds with
    their additions; None when the hand cannot meet the contract."""
    sets, _ = CONTRACTS[deal - 1]
    best: tuple[Layout, tuple[int, ...], int] | None = None
    for lay in layouts(hand, copies, deal):
        used = [c for m in lay for c in m]
        rest = list(hand)
        for c in used:
            rest.remove(c)
        shapes = []
        for i, m in enumerate(lay):
            s = shape_of(m, copies, "set" if i < sets else "run")
            assert s is not None
            shapes.append(s)
        pts, adds = _extend(tuple(shapes), tuple(sorted(rest)), copies)
        if best is None or pts < best[2]:
            melds = [list(m) for m in lay]
            for c, i in adds:
                melds[i].append(c)
                rest.remove(c)
            best = (tuple(tuple(m) for m in melds), tuple(sorted(rest)), pts)
            if pts == 0:
                break
    return best


__all__ += ["JOKER", "SET_SIZE"]
