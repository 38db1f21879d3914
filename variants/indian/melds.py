"""Indian Rummy's melds and the exact arrangement of a hand.

:func:`arrange` finds, for a hand and the deal's wild rank, the arrangement
that leaves the fewest points out of melds (then the fewest cards), under the
rule that melds count only when there are at least two sequences, one of them
pure; with no such arrangement every card counts. A hand is a valid
declaration when its arrangement leaves no card at all out of a meld.

Melds (RULES.md §5):

* a *sequence*: 3 or more cards of one suit in order, ace low (A-2-3) or high
  (Q-K-A), never round the corner (K-A-2); jokers may stand for missing cards;
  it is *pure* when no joker stands in for a card (a wild card in its own
  place is a natural card);
* a *set*: 3 or 4 cards of one rank, all of different suits (two 7♥ never in
  one set), jokers allowed.

Every meld holds at least one natural card (a meld of jokers alone is not a
meld). The search is exact: it tries every use of every card (a wild card
may be a joker or itself), memoised on what is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from .cards import BASE, FIRST_JOKER, value

CAP = 80
INF = 1 << 30
# The search minimises points * WEIGHT + cards left out (a hand has fewer than WEIGHT cards).
WEIGHT = 64


@dataclass(frozen=True)
class Meld:
    """One meld of an arrangement: ``cards`` the physical cards in it (jokers
    included), ``kind`` "sequence" or "set", ``pure`` for a sequence with no
    joker standing in."""

    kind: str
    cards: tuple[int, ...]
    pure: bool


@dataclass(frozen=True)
class Arrangement:
    """The best arrangement of a hand: its melds, the cards out of melds
    (``loose``), the points they count (``raw``, uncapped, and ``points``,
    capped at 80), whether the melds count (two sequences, one pure:
    ``counts``) and whether the hand is a valid declaration (``valid``: it
    counts and every card is melded). When the melds do not count, ``melds``
    still shows the best melds found (for hints) and every card counts."""

    melds: tuple[Meld, ...]
    loose: tuple[int, ...]
    raw: int
    points: int
    counts: bool
    valid: bool
    sequences: int
    pure: int

    def missing(self) -> str | None:
        """Why the hand is not a valid declaration (None when it is)."""
        if self.valid:
            return None
        if self.pure == 0:
            return "no pure sequence (one with no joker standing in for a card)"
        if self.sequences < 2:
            return "only one sequence: a declaration needs two, one of them pure"
        n = len(self.loose)
        return f"{n} card{'s' if n != 1 else ''} not in a meld: every card must be melded"


# A search meld: (kind, natural base cards, jokers used, pure)
SearchMeld = tuple[str, tuple[int, ...], int, bool]


def _positions(rank: int) -> tuple[int, ...]:
    """Positions 1..14 of a rank in a sequence (the ace is 1 and 14)."""
    return (1, 14) if rank == 0 else (rank + 1,)


def _base_at(suit: int, pos: int) -> int:
    return suit * 13 + (pos - 1) % 13


@lru_cache(maxsize=1 << 18)
def _search(
    counts: tuple[int, ...], jokers: int, seqs: int, pure: int, values: tuple[int, ...], need: int = 2
) -> tuple:
    """(cost, melds) for the naturals ``counts`` (per base card) and ``jokers``
    jokers, with ``seqs`` sequences (capped at 2) and ``pure`` pure ones
    (capped at 1) already made: cost ``INF`` when the hand cannot end with
    ``need`` sequences (1 or 2), one of them pure. Jokers are spent only to
    complete melds; the ones left over go into a meld afterwards (see
    :func:`_place_jokers`), so they cost nothing here."""
    first = -1
    for b in range(BASE):
        if counts[b]:
            first = b
            break
    if first < 0:
        if seqs >= need and pure >= 1:
            return (0, ())
        return (INF, ())
    suit, rank = divmod(first, 13)
    best_cost, best_melds = INF, ()
    left = list(counts)
    left[first] -= 1

    # 1. the card out of melds
    cost, melds = _search(tuple(left), jokers, seqs, pure, values, need)
    if cost < INF:
        best_cost, best_melds = cost + values[first] * WEIGHT + 1, melds

    # 2. a set of its rank: other suits (later in order), jokers to make three
    others = [s * 13 + rank for s in range(suit + 1, 4) if counts[s * 13 + rank]]
    for k in range(len(others) + 1):
        j = max(0, 2 - k)
        if j > jokers:
            continue
        for chosen in combinations(others, k):
            rest = left[:]
            for b in chosen:
                rest[b] -= 1
            cost, melds = _search(tuple(rest), jokers - j, seqs, pure, values, need)
            if cost < best_cost:
                best_cost = cost
                best_melds = (("set", (first, *chosen), j, False), *melds)

    # 3. a sequence of its suit through it. The card is the lowest natural of
    # its suit left, so the sequence's naturals run from it upwards (from an
    # ace low), or up to it (an ace high, after a queen or a king).
    spans: list[tuple[int, int, int]] = []  # (low, high, position of the card)
    held = [q for q in range(2, 15) if left[_base_at(suit, q)] and not (q == 14 and rank == 0)]
    for hi in [1, *held]:
        if hi - 1 <= 12:
            spans.append((1, hi, 1) if rank == 0 else (rank + 1, max(hi, rank + 1), rank + 1))
    if rank == 0:
        spans += [(lo, 14, 14) for lo in [*held, 14] if lo >= 2]
    seen = set()
    for lo, hi, p in spans:
        if (lo, hi) in seen or hi < lo:
            continue
        seen.add((lo, hi))
        length = max(3, hi - lo + 1)
        if length > 13:
            continue
        inner = [q for q in range(lo + 1, hi) if q != p and left[_base_at(suit, q)]]
        ends = [q for q in (lo, hi) if q != p]
        if any(not left[_base_at(suit, q)] for q in ends):
            continue
        base_cards = [_base_at(suit, q) for q in ends]
        needed = length - 1 - len(ends) - len(inner)
        if needed > jokers:
            continue
        for extra in range(min(jokers - needed, len(inner)) + 1):
            for skipped in combinations(inner, extra):
                rest = left[:]
                used = [first, *base_cards, *(_base_at(suit, q) for q in inner if q not in skipped)]
                for b in used[1:]:
                    rest[b] -= 1
                j = needed + extra
                cost, melds = _search(
                    tuple(rest), jokers - j, min(2, seqs + 1), min(1, pure + (j == 0)), values, need
                )
                if cost < best_cost:
                    best_cost = cost
                    best_melds = (("sequence", tuple(used), j, j == 0), *melds)
    return best_cost, best_melds


def _assign(
    search_melds: Sequence[SearchMeld], naturals: dict[int, list[int]], jokers: list[int]
) -> tuple[list[Meld], list[int]]:
    """The physical cards of each search meld, the jokers left over placed
    (:func:`_place_jokers`); the physical cards left out of melds."""
    pool = {b: cards[:] for b, cards in naturals.items()}
    free_jokers = jokers[:]
    out = []
    for kind, bases, j, pure in search_melds:
        cards = [pool[b].pop() for b in _in_order(kind, bases)]
        cards += [free_jokers.pop() for _ in range(j)]
        out.append(Meld(kind, tuple(cards), pure))
    out, free_jokers = _place_jokers(out, free_jokers)
    left = [c for cards in pool.values() for c in cards] + free_jokers
    return out, left


def _in_order(kind: str, bases: Sequence[int]) -> list[int]:
    """A meld's natural cards in the order shown: a sequence by its place (an
    ace after a queen or king is high), a set by suit."""
    if kind == "set":
        return sorted(bases)
    high = any(b % 13 >= 11 for b in bases)
    return sorted(bases, key=lambda b: 13 if (b % 13 == 0 and high) else b % 13)


def _place_jokers(melds: list[Meld], jokers: list[int]) -> tuple[list[Meld], list[int]]:
    """Jokers left over go into melds: an impure sequence (up to 13 cards), a
    set of three, a pure sequence other than the one pure sequence kept."""
    melds = melds[:]
    jokers = jokers[:]
    keep = next((i for i, m in enumerate(melds) if m.pure), None)
    order = sorted(
        range(len(melds)),
        key=lambda i: (melds[i].kind != "sequence" or melds[i].pure, melds[i].kind == "set"),
    )
    for i in order:
        if not jokers:
            break
        m = melds[i]
        if i == keep:
            continue
        room = (13 if m.kind == "sequence" else 4) - len(m.cards)
        if room <= 0:
            continue
        take, jokers = jokers[:room], jokers[room:]
        melds[i] = Meld(m.kind, (*m.cards, *take), False if m.kind == "sequence" else m.pure)
    return melds, jokers


def arrange(hand: Sequence[int], wild: int) -> Arrangement:
    """The best arrangement of ``hand`` (physical cards) when ``wild`` (rank
    0..12) is the wild rank: least points out of melds, then fewest cards out,
    with melds counting only beside two sequences, one pure."""
    values = tuple(value(b, wild) for b in range(BASE))
    printed = [c for c in hand if c >= FIRST_JOKER]
    wilds = [c for c in hand if c < FIRST_JOKER and c % 13 == wild]
    plain = [c for c in hand if c < FIRST_JOKER and c % 13 != wild]
    splits = _splits(plain, wilds, printed)
    best: tuple[int, list[Meld], list[int]] | None = None
    for naturals, jokers in splits:
        cost, search_melds = _search(tuple(_counts(naturals)), len(jokers), 0, 0, values)
        if cost < INF and (best is None or cost < best[0]):
            melds, left = _assign(search_melds, naturals, jokers)
            best = (cost, melds, left)
    if best is not None:
        _, melds, left = best
        raw = sum(value(c, wild) for c in left)
        seqs = sum(m.kind == "sequence" for m in melds)
        pure = sum(m.pure for m in melds)
        return Arrangement(tuple(melds), tuple(left), raw, min(CAP, raw), True, not left, seqs, pure)
    # no two sequences with one pure: every card counts
    one_pure = any(
        _search(tuple(_counts(naturals)), len(jokers), 0, 0, values, 1)[0] < INF
        for naturals, jokers in splits
    )
    raw = sum(value(c, wild) for c in hand)
    return Arrangement((), tuple(hand), raw, min(CAP, raw), False, False, int(one_pure), int(one_pure))


def best_melds(hand: Sequence[int], wild: int) -> tuple[tuple[Meld, ...], tuple[int, ...]]:
    """The melds leaving the fewest points out (then the fewest cards),
    whatever sequences they hold, and the cards out of them: what a player
    builds on before the requirement is met."""
    values = tuple(value(b, wild) for b in range(BASE))
    printed = [c for c in hand if c >= FIRST_JOKER]
    wilds = [c for c in hand if c < FIRST_JOKER and c % 13 == wild]
    plain = [c for c in hand if c < FIRST_JOKER and c % 13 != wild]
    best: tuple[int, list[Meld], list[int]] | None = None
    for naturals, jokers in _splits(plain, wilds, printed):
        cost, search_melds = _search(tuple(_counts(naturals)), len(jokers), 2, 1, values, 2)
        if best is None or cost < best[0]:
            melds, left = _assign(search_melds, naturals, jokers)
            best = (cost, melds, left)
    assert best is not None
    return tuple(best[1]), tuple(best[2])


def _counts(naturals: dict[int, list[int]]) -> list[int]:
    counts = [0] * BASE
    for b, cards in naturals.items():
        counts[b] = len(cards)
    return counts


def _splits(
    plain: list[int], wilds: list[int], printed: list[int]
) -> list[tuple[dict[int, list[int]], list[int]]]:
    """Every way of playing the wild cards (each a joker or itself, copies
    alike): (natural cards by base card, jokers)."""
    by_base: dict[int, list[int]] = {}
    for c in wilds:
        by_base.setdefault(c % BASE, []).append(c)
    wild_bases = sorted(by_base)
    out = []
    # how many of each wild base card play as themselves
    for split in product(*(range(len(by_base[b]) + 1) for b in wild_bases)):
        naturals: dict[int, list[int]] = {}
        for c in plain:
            naturals.setdefault(c % BASE, []).append(c)
        jokers = printed[:]
        for b, n in zip(wild_bases, split, strict=True):
            naturals.setdefault(b, []).extend(by_base[b][:n])
            jokers.extend(by_base[b][n:])
        out.append((naturals, jokers))
    return out


def classify(cards: Sequence[int], wild: int) -> Meld | None:
    """``cards`` as one meld when they are one (a pure sequence rather than an
    impure one, a sequence rather than a set), else None."""
    if len(cards) < 3:
        return None
    best: Meld | None = None
    flexible = [c for c in cards if c < FIRST_JOKER and c % 13 == wild]
    fixed = [c for c in cards if c < FIRST_JOKER and c % 13 != wild]
    n_printed = sum(c >= FIRST_JOKER for c in cards)
    for mask in range(1 << len(flexible)):
        naturals = fixed + [c for i, c in enumerate(flexible) if mask >> i & 1]
        jokers = n_printed + len(flexible) - (len(naturals) - len(fixed))
        if not naturals:
            continue
        kind = _meld_kind(naturals, len(cards))
        if kind is None:
            continue
        meld = Meld(kind, tuple(cards), kind == "sequence" and jokers == 0)
        if best is None or (meld.kind, meld.pure) > (best.kind, best.pure):
            best = meld
    return best


def _meld_kind(naturals: Sequence[int], size: int) -> str | None:
    """ "sequence", "set" or None for ``naturals`` completed by jokers to ``size`` cards."""
    suits = {(c % BASE) // 13 for c in naturals}
    ranks = [c % 13 for c in naturals]
    if len(suits) == 1 and len(set(ranks)) == len(ranks) and size <= 13:
        for positions in ([r + 1 for r in ranks], [14 if r == 0 else r + 1 for r in ranks]):
            if max(positions) - min(positions) + 1 <= size:  # a window of ``size`` in 1..14 holds them
                return "sequence"
    if len(set(ranks)) == 1 and len(suits) == len(naturals) and size <= 4:
        return "set"
    return None


#: What a hand short of the requirement is charged, in points, by :func:`progress`.
NO_PURE = 25
ONE_SEQUENCE = 12


def progress(hand: Sequence[int], wild: int) -> int:
    """How far a hand is from a declaration, for the computer players (lower
    is better): the least points out of melds (times 64, plus the cards out),
    charged :data:`NO_PURE` points with no pure sequence and
    :data:`ONE_SEQUENCE` with only one sequence."""
    values = tuple(value(b, wild) for b in range(BASE))
    printed = [c for c in hand if c >= FIRST_JOKER]
    wilds = [c for c in hand if c < FIRST_JOKER and c % 13 == wild]
    plain = [c for c in hand if c < FIRST_JOKER and c % 13 != wild]
    best = INF
    for naturals, jokers in _splits(plain, wilds, printed):
        counts = tuple(_counts(naturals))
        j = len(jokers)
        full = _search(counts, j, 0, 0, values, 2)[0]
        if full < best:
            best = full
        one = _search(counts, j, 0, 0, values, 1)[0] + ONE_SEQUENCE * WEIGHT
        if one < best:
            best = one
        free = _search(counts, j, 2, 1, values, 2)[0] + NO_PURE * WEIGHT
        if free < best:
            best = free
    return best
