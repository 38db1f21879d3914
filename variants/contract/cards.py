"""The Contract Rummy deck and its melds.

The deck of a deal: two 52-card decks and 4 printed jokers for 3 to 5 players,
three decks and 6 jokers for 6 to 8 (docs/rules.md §5). A card is an int: copy ``k``
of base card ``b`` (0..51, ``suit * 13 + rank``) is ``b + 52 * k``, and the
printed jokers come after the copies, ``52 * copies + j``. Copies of a card are
the same card to a player; the round always hands out the lowest copy a hand
holds, so moves naming either copy mean the same.

Melds (docs/rules.md §5): a *set* is 3 or more cards of one rank, suits may repeat;
a *run* is 4 or more cards of one suit in order, the ace low (A-2-3-4) or high
(J-Q-K-A), never both (not K-A-2). Jokers are wild. Decision: a meld holds at
least one natural card (its rank, or its suit, is then fixed).

A run's place is kept as positions 0..13 (0 the low ace, 1 the two ... 12 the
king, 13 the high ace): an interval inside 0..12 or 1..13.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

RANKS = "A23456789TJQK"
SUITS = "CDHS"

#: The contract of each deal: (sets, runs), deals 1 to 7.
CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
SET_SIZE = 3
RUN_SIZE = 4


def copies_for(n_seats: int) -> int:
    """Decks shuffled together: 2 for 3 to 5 players, 3 for 6 to 8."""
    return 2 if n_seats <= 5 else 3


def jokers_for(n_seats: int) -> int:
    """Printed jokers: 4 for 3 to 5 players, 6 for 6 to 8."""
    return 4 if n_seats <= 5 else 6


def deck_size(n_seats: int) -> int:
    return 52 * copies_for(n_seats) + jokers_for(n_seats)


def hand_size(deal: int) -> int:
    """Cards dealt to each player in deal ``deal`` (1..7): 10 in deals 1-4, 12 in 5-7."""
    return 10 if deal <= 4 else 12


def contract_words(deal: int) -> str:
    sets, runs = CONTRACTS[deal - 1]
    words = []
    names = {1: "a", 2: "two", 3: "three"}
    if sets:
        words.append(f"{names[sets]} set" + ("s" if sets > 1 else ""))
    if runs:
        words.append(f"{names[runs]} run" + ("s" if runs > 1 else ""))
    return " and ".join(words)


def is_joker(card: int, copies: int) -> bool:
    return card >= 52 * copies


def base(card: int) -> int:
    """The base card 0..51 of a natural card (any copy)."""
    return card % 52


def rank(card: int) -> int:
    return card % 52 % 13


def suit(card: int) -> int:
    return card % 52 // 13


def penalty(card: int, copies: int) -> int:
    """Penalty points of a card left in hand: 2-9 5, 10-K 10, ace 15, joker 15."""
    if card >= 52 * copies:
        return 15
    r = card % 13 if card < 52 else card % 52 % 13
    if r == 0:
        return 15
    return 5 if r <= 8 else 10


def text(card: int, copies: int) -> str:
    """Machine text of a card: ``7H``, ``TS``, ``JK``; copies are written alike."""
    if card >= 52 * copies:
        return "JK"
    b = card % 52
    return RANKS[b % 13] + SUITS[b // 13]


def texts(cards: Iterable[int], copies: int) -> str:
    return " ".join(text(c, copies) for c in cards)


def positions(card: int) -> tuple[int, ...]:
    """The run positions a natural card may take: the ace 0 or 13."""
    r = rank(card)
    return (0, 13) if r == 0 else (r,)


@dataclass(frozen=True, slots=True)
class Shape:
    """A meld's shape: a set of ``rank``, or a run of ``suit`` over positions
    ``lo``..``hi`` (``rank`` then -1)."""

    kind: str  # "set" or "run"
    rank: int = -1
    suit: int = -1
    lo: int = 0
    hi: int = 0

    def size(self) -> int:
        return self.hi - self.lo + 1


def _run_fits(lo: int, hi: int) -> bool:
    return 0 <= lo <= hi <= 13 and not (lo == 0 and hi == 13)


def shape_of(cards: Sequence[int], copies: int, kind: str | None = None) -> Shape | None:
    """The shape of ``cards`` as one meld (a set or a run when ``kind`` says
    which), or None. With jokers at the ends of a run, they extend it upwards
    as far as it goes, then downwards."""
    naturals = [c for c in cards if c < 52 * copies]
    jokers = len(cards) - len(naturals)
    if not naturals:
        return None
    n = len(cards)
    ranks = {rank(c) for c in naturals}
    if kind != "run" and n >= SET_SIZE and len(ranks) == 1:
        return Shape("set", rank=next(iter(ranks)))
    if kind == "set" or n < RUN_SIZE:
        return None
    suits = {suit(c) for c in naturals}
    if len(suits) != 1:
        return None
    s = next(iter(suits))
    rs = [rank(c) for c in naturals]
    if len(set(rs)) != len(rs):
        return None
    for ace_pos in (0, 13):
        pos = sorted(ace_pos if r == 0 else r for r in rs)
        lo, hi = pos[0], pos[-1]
        gaps = hi - lo + 1 - len(pos)
        extra = jokers - gaps
        if extra < 0:
            continue
        top = 13 if lo >= 1 else 12
        up = min(extra, top - hi)
        hi += up
        lo -= extra - up
        if _run_fits(lo, hi):
            return Shape("run", suit=s, lo=lo, hi=hi)
    return None


def fits(shape: Shape, card: int, copies: int) -> Shape | None:
    """The shape after adding ``card`` to a meld of ``shape``, or None when it
    does not fit. A joker goes on a run's high end when it can, else its low end."""
    joker = card >= 52 * copies
    if shape.kind == "set":
        return shape if joker or rank(card) == shape.rank else None
    lo, hi = shape.lo, shape.hi
    if joker:
        if _run_fits(lo, hi + 1):
            return Shape("run", suit=shape.suit, lo=lo, hi=hi + 1)
        if _run_fits(lo - 1, hi):
            return Shape("run", suit=shape.suit, lo=lo - 1, hi=hi)
        return None
    if suit(card) != shape.suit:
        return None
    for p in positions(card):
        if p == hi + 1 and _run_fits(lo, p):
            return Shape("run", suit=shape.suit, lo=lo, hi=p)
        if p == lo - 1 and _run_fits(p, hi):
            return Shape("run", suit=shape.suit, lo=p, hi=hi)
    return None


def run_order(cards: Sequence[int], shape: Shape, copies: int) -> tuple[int, ...]:
    """A run's cards in order, jokers in the places they stand for."""
    jokers = sorted(c for c in cards if c >= 52 * copies)
    at: dict[int, int] = {}
    for c in cards:
        if c < 52 * copies:
            r = rank(c)
            p = r if r else (0 if shape.lo == 0 else 13)
            at[p] = c
    out = []
    for p in range(shape.lo, shape.hi + 1):
        out.append(at[p] if p in at else jokers.pop())
    return tuple(out)


def display_order(cards: Sequence[int], copies: int) -> tuple[int, ...]:
    """A meld's cards as shown: a run in order with each joker in its place, a
    set by suit with its jokers last."""
    shape = shape_of(cards, copies)
    if shape is not None and shape.kind == "run":
        return run_order(cards, shape, copies)
    return tuple(sorted(cards, key=lambda c: (c >= 52 * copies, c % 52, c)))
