"""Brute-force oracles for the meld tests: slow, simple, independent of the code
under test (no import of melds/solver/layoffs here).

The test files import it as ``from . import meld_oracle as oracle`` (tests/core
is a package, as for toy_variant.py).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

RANK_POINTS = (None, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def card_points(card: int, ace_points: int) -> int:
    r = card % 13
    return ace_points if r == 0 else RANK_POINTS[r]


def cards_of(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def oracle_is_meld(cards, ace_high: bool) -> bool:
    """Independent statement of the meld rules."""
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    ranks = [c % 13 for c in cards]
    suits = [c // 13 for c in cards]
    if len(set(ranks)) == 1:
        return len(set(suits)) == len(cards) <= 4
    if len(set(suits)) != 1:
        return False
    # Ace-high: the ace is rank 14 (after the king, 13); ace-low: rank 1.
    values = sorted((14 if ace_high else 1) if r == 0 else r + 1 for r in ranks)
    return values == list(range(values[0], values[0] + len(values)))


@lru_cache(maxsize=100000)
def oracle_melds(hand: int, ace_high: bool) -> tuple[int, ...]:
    """Every meld of the hand, by trying card combinations."""
    out = []
    cards = cards_of(hand)
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(c % 13, []).append(c)
        by_suit.setdefault(c // 13, []).append(c)
    for group in list(by_rank.values()) + list(by_suit.values()):
        for k in range(3, len(group) + 1):
            for combo in combinations(group, k):
                if oracle_is_meld(combo, ace_high):
                    out.append(mask_of(combo))
    return tuple(sorted(set(out)))


def oracle_collections(hand: int, ace_high: bool) -> list[frozenset[int]]:
    """Every set of pairwise disjoint melds of the hand (the empty one too)."""
    melds = oracle_melds(hand, ace_high)
    by_low: dict[int, list[int]] = {}
    for m in melds:
        by_low.setdefault((m & -m).bit_length() - 1, []).append(m)
    cards = cards_of(hand)
    out: list[frozenset[int]] = []

    def rec(i: int, used: int, chosen: list[int]) -> None:
        while i < len(cards) and used >> cards[i] & 1:
            i += 1
        if i == len(cards):
            out.append(frozenset(chosen))
            return
        c = cards[i]
        rec(i + 1, used, chosen)  # c stays loose
        for m in by_low.get(c, ()):
            if not m & used:
                chosen.append(m)
                rec(i + 1, used | m, chosen)
                chosen.pop()

    rec(0, 0, [])
    return out


def oracle_solve(hand: int, ace_high: bool, ace_points: int):
    """(least deadwood, set of optimal arrangements as sorted tuples)."""
    best = None
    arrs: set[tuple[int, ...]] = set()
    for coll in oracle_collections(hand, ace_high):
        covered = 0
        for m in coll:
            covered |= m
        dw = sum(card_points(c, ace_points) for c in cards_of(hand & ~covered))
        if best is None or dw < best:
            best, arrs = dw, set()
        if dw == best:
            arrs.add(tuple(sorted(coll)))
    return best, arrs


def oracle_deadwood(hand: int, ace_high: bool, ace_points: int) -> int:
    return oracle_solve(hand, ace_high, ace_points)[0]


def oracle_discards(hand: int, ace_high: bool, ace_points: int) -> dict[int, int]:
    """card -> least deadwood of the hand without it. The meld collections of
    ``hand - x`` are exactly the collections of ``hand`` that do not cover x."""
    best: dict[int, int] = {}
    cards = cards_of(hand)
    for coll in oracle_collections(hand, ace_high):
        covered = 0
        for m in coll:
            covered |= m
        loose = [c for c in cards if not covered >> c & 1]
        dw = sum(card_points(c, ace_points) for c in loose)
        for x in loose:
            v = dw - card_points(x, ace_points)
            if x not in best or v < best[x]:
                best[x] = v
    return dict(sorted(best.items()))


def oracle_layoffs(defender: int, knocker_melds, ace_high: bool, ace_points: int):
    """(least final deadwood, fewest layoffs among those) by brute force.

    Every set of disjoint defender melds; then a search laying off the leftover
    cards one at a time onto the (growing) knocker melds, using only the meld
    rule: the knocker meld plus the card must still be a meld.
    """
    best = None
    for coll in oracle_collections(defender, ace_high):
        covered = 0
        for m in coll:
            covered |= m
        left = tuple(cards_of(defender & ~covered))
        reach = _reachable_layoffs(left, tuple(knocker_melds), ace_high)
        for laid in reach:
            dw = sum(card_points(c, ace_points) for c in left if not laid >> c & 1)
            key = (dw, bin(laid).count("1"))
            if best is None or key < best:
                best = key
    return best


def _reachable_layoffs(left: tuple[int, ...], melds: tuple[int, ...], ace_high: bool) -> set[int]:
    """Masks of the leftover cards that can be laid off together."""
    seen: set[tuple[int, tuple[int, ...]]] = set()
    out: set[int] = set()
    stack = [(0, melds)]
    while stack:
        laid, ms = stack.pop()
        if (laid, ms) in seen:
            continue
        seen.add((laid, ms))
        out.add(laid)
        for c in left:
            if laid >> c & 1:
                continue
            for i, m in enumerate(ms):
                if oracle_is_meld(cards_of(m) + [c], ace_high):
                    stack.append((laid | 1 << c, ms[:i] + (m | 1 << c,) + ms[i + 1 :]))
    return out
