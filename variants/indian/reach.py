"""How many cards a hand is from a declaration, for ``ai:hard``.

A declaration is 13 cards in melds, two sequences among them, one pure. The
*distance* of a hand is the fewest cards it must still draw (each replacing
one of its cards) to hold one: 13 less the most of its cards a declaration
can keep. It is found by trying the hand's cards in *groups*, each a meld in
the making with the cards it lacks (its *deficit*):

* a sequence: the naturals of one suit in a window of 3 or more places (ace
  low or high), lacking the places between (or beside) them; it may stay
  pure (its deficit drawn as naturals) or take jokers for it;
* a set: 2 to 4 naturals of one rank in different suits, lacking up to one.

Every card of the hand and every card it lacks takes one of the 13 places of
the declaration; a joker takes a place of its own or fills a deficit of a
group that is not kept pure. A wild card always counts as a joker here
(never as itself). The groups of the best choice say which cards the hand
waits for (:func:`reach`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import BASE, FIRST_JOKER

HAND = 13
#: A sequence in the making lacks at most this many cards between or beside its naturals.
MAX_DEFICIT = 2

# A group: (kind, natural base cards, what it waits for (a set: the base cards; a sequence:
# its suit and window of places; empty when jokers fill it), jokers put in it, pure)
Group = tuple[str, tuple[int, ...], tuple[int, ...], int, bool]


def _base_at(suit: int, pos: int) -> int:
    return suit * 13 + (pos - 1) % 13


def split(hand: Sequence[int], wild: int) -> tuple[bytes, int]:
    """The hand's naturals counted per base card (a byte each: quick to copy,
    hash and scan), and its jokers."""
    counts = [0] * BASE
    jokers = 0
    for c in hand:
        if c >= FIRST_JOKER or c % 13 == wild:
            jokers += 1
        else:
            counts[c % BASE] += 1
    return bytes(counts), jokers


def reach(hand: Sequence[int], wild: int) -> tuple[int, tuple[Group, ...]]:
    """The hand's distance from a declaration and the groups of one best way
    to get there (the cards they wait for included)."""
    counts, jokers = split(hand, wild)
    slots = HAND - min(jokers, HAND)
    used, groups = _best(counts, 0, 0, jokers, slots)
    if used < 0:
        return HAND, ()
    return HAND - min(jokers, HAND) - used, groups


def distance(hand: Sequence[int], wild: int) -> int:
    return reach(hand, wild)[0]


def reach_within(hand: Sequence[int], wild: int, most: int) -> tuple[int, tuple[Group, ...]]:
    """:func:`reach` when the hand's distance is ``most`` or less; else a
    distance above ``most`` (not always the hand's) and no groups. Quicker
    than :func:`reach` the lower ``most`` is: only ways that near are looked for."""
    counts, jokers = split(hand, wild)
    slots = HAND - min(jokers, HAND)
    floor = slots - most - 1
    used, groups = _best(counts, 0, 0, jokers, slots, max(-1, floor))
    if used < 0 or used <= floor:
        return max(most + 1, slots - max(used, 0)), ()
    return slots - used, groups


def nearer(hand: Sequence[int], wild: int, than: int) -> bool:
    """Whether ``hand`` is nearer a declaration than ``than`` cards."""
    return than > 0 and reach_within(hand, wild, than - 1)[0] < than


def waits(groups: Sequence[Group]) -> set[int]:
    """The base cards that fill a place the groups lack: a set's missing
    suits, a sequence's gaps (and the places beside it when it is short)."""
    out: set[int] = set()
    for kind, naturals, wait, _, _ in groups:
        if kind == "set" or not wait:
            out.update(wait)
            continue
        suit, lo, hi = wait
        places = set(range(lo, hi + 1)) - {14 if b % 13 == 0 and hi == 14 else b % 13 + 1 for b in naturals}
        if hi - lo < 2:
            places |= {q for q in (lo - 1, hi + 1) if 1 <= q <= 14}
        out.update(suit * 13 + (q - 1) % 13 for q in places)
    return out


@lru_cache(maxsize=1 << 17)
def _best(
    counts: bytes, seqs: int, pure: int, jokers: int, slots: int, floor: int = -1
) -> tuple[int, tuple[Group, ...]]:
    """The most naturals of ``counts`` that groups can hold in ``slots``
    places, with ``seqs`` sequences (up to 2) and ``pure`` pure ones (up to
    1) already made and ``jokers`` jokers free to fill deficits (each frees
    the place it held). -1 when the requirement cannot be met. Only answers
    above ``floor`` are looked for: when the most is ``floor`` or less, the
    answer is some number no more than ``floor`` (and no groups)."""
    first = BASE - len(counts.lstrip(b"\0"))  # the lowest base card held
    if first == BASE:
        return _finish(seqs, pure, jokers, slots)
    suit, rank = divmod(first, 13)
    left = bytearray(counts)
    left[first] -= 1
    rest = bytes(left)
    total = sum(counts)
    best: int = floor
    best_groups: tuple[Group, ...] = ()

    def consider(used: int, group: Group, after: bytes, s: int, p: int, j: int, need: int) -> None:
        nonlocal best, best_groups
        if need > slots or used + min(total - used, slots - need) <= best:
            return  # it cannot hold more than the best so far
        n, gs = _best(after, s, p, j, slots - need, max(-1, best - used))
        if n >= 0 and n + used > best:
            best, best_groups = n + used, (group, *gs)

    # a sequence through it: the card is the lowest natural of its suit left,
    # so the window runs up from it (an ace low), or ends at it (an ace high)
    at = rank + 1
    low = suit * 13 - 1  # the base card at place q is low + q (places 1..13)
    held = [q for q in range(at + 1, 14) if left[low + q]]
    windows: list[tuple[int, int, list[int]]] = [(at, at, [])]  # (low place, high place, other places held)
    for i, hi in enumerate(held):
        if hi - at + 1 - (i + 2) > MAX_DEFICIT:
            break
        windows.append((at, hi, held[: i + 1]))
    if rank == 0:
        for i in range(len(held) - 1, -1, -1):
            lo = held[i]
            if 15 - lo - (len(held) - i + 1) > MAX_DEFICIT:
                break
            windows.append((lo, 14, held[i:]))
    nseq = min(2, seqs + 1)
    for lo, hi, places in windows:
        k = 1 + len(places)
        length = hi - lo + 1
        short = 3 - length if length < 3 else 0
        deficit = length - k + short
        if deficit > MAX_DEFICIT:
            continue
        after = bytearray(rest)
        naturals = [first]
        for q in places:
            after[low + q] -= 1
            naturals.append(low + q)
        done = bytes(after)
        # kept pure: the deficit drawn as naturals
        group: Group = ("sequence", tuple(naturals), (suit, lo, hi), 0, True)
        consider(k, group, done, nseq, 1, jokers, k + deficit)
        if deficit and jokers:
            j = min(deficit, jokers)
            consider(
                k,
                ("sequence", tuple(naturals), (suit, lo, hi) if deficit > j else (), j, False),
                done,
                nseq,
                pure,
                jokers - j,
                k + deficit - j,
            )

    # a set: other suits of its rank, lacking at most one
    others = [s * 13 + rank for s in range(suit + 1, 4) if left[s * 13 + rank]]
    missing_suits = [s * 13 + rank for s in range(4) if s != suit and not left[s * 13 + rank]]
    for mask in range(1, 1 << len(others)):
        chosen = [others[i] for i in range(len(others)) if mask >> i & 1]
        k = 1 + len(chosen)
        after = bytearray(rest)
        for b in chosen:
            after[b] -= 1
        deficit = max(0, 3 - k)
        j = min(deficit, jokers)
        wait = tuple(missing_suits) if deficit > j else ()
        group = ("set", (first, *chosen), wait, j, False)
        consider(k, group, bytes(after), seqs, pure, jokers - j, k + deficit - j)

    if min(total - 1, slots) > best:  # the card left out
        n, gs = _best(rest, seqs, pure, jokers, slots, best)
        if n > best:
            best, best_groups = n, gs
    return best, best_groups


def _finish(seqs: int, pure: int, jokers: int, slots: int) -> tuple[int, tuple[Group, ...]]:
    """No natural left: the sequences still lacking are made of drawn cards
    (a pure one of three naturals; another of jokers and one natural)."""
    need = 0
    if pure < 1:
        need += 3
        seqs += 1
    if seqs < 2:
        need += 3 - min(2, jokers)
    return (0, ()) if need <= slots else (-1, ())
