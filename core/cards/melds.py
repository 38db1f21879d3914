"""Meld rules: sets and runs (docs/rules.md "Common to both", §1 and §2).

A *set* is 3 or 4 cards of one rank (with one deck they are necessarily of
different suits). A *run* is 3 or more cards of one suit with consecutive ranks.

Where the ace goes in a run depends on the ruleset:

* ``ace_high=False`` (Cardems Gin): the ace is low only. A-2-3 is a run;
  Q-K-A and K-A-2 are not.
* ``ace_high=True`` (CardVerse): the ace is high only, after the king. Q-K-A and
  J-Q-K-A are runs; A-2-3 and K-A-2 are not. There is no wrap-around.

(CardVerse's own ``ace_high`` *option* changes only the ace's point value; its
runs always use ``ace_high=True`` here.)

Cards are ints 0..51 (``suit * 13 + rank``, see :mod:`rummykit.core.cards.card`);
a hand or a meld is often an int bitmask with bit ``card`` set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from rummykit.core.cards.card import DECK_SIZE, from_mask, rank_sort_key

__all__ = ["all_melds", "can_add", "in_rank_order", "is_meld", "mask_in_rank_order", "meld_kind", "run_order"]

SUIT_MASK = (1 << 13) - 1


def _position(rank: int, ace_high: bool) -> int:
    """Place of a rank in run order: 0..12. With ``ace_high`` the ace is 12 (after K)."""
    if ace_high:
        return 12 if rank == 0 else rank - 1
    return rank


def run_order(ace_high: bool = False) -> tuple[int, ...]:
    """The ranks in run order: A 2 .. K (ace low) or 2 .. K A (ace high)."""
    return tuple(range(1, 13)) + (0,) if ace_high else tuple(range(13))


def meld_kind(cards: Iterable[int], ace_high: bool = False) -> str | None:
    """``"set"``, ``"run"`` or ``None`` (not a meld).

    A list holding the same card twice, or anything that is not a card, is not a
    meld (``None``).
    """
    cs = list(cards)
    n = len(cs)
    if n < 3:
        return None
    for c in cs:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < DECK_SIZE:
            return None
    if len(set(cs)) != n:
        return None
    ranks = {c % 13 for c in cs}
    if len(ranks) == 1:
        # n distinct cards of one rank are n different suits, so n <= 4.
        return "set"
    if len({c // 13 for c in cs}) != 1:
        return None
    positions = sorted(_position(c % 13, ace_high) for c in cs)
    if positions[-1] - positions[0] == n - 1:  # distinct, so consecutive
        return "run"
    return None


def is_meld(cards: Iterable[int], ace_high: bool = False) -> bool:
    return meld_kind(cards, ace_high) is not None


def can_add(meld: Sequence[int], card: int, ace_high: bool = False) -> bool:
    """Whether ``card`` may be added to ``meld`` leaving a valid meld.

    ``meld`` must itself be a valid meld (otherwise ``False``). A run takes one
    more card at either end (same suit, next rank; never past the ace that ends
    the ruleset's run order); a three-card set takes the missing suit; a
    four-card set takes nothing.
    """
    cs = list(meld)
    if meld_kind(cs, ace_high) is None or card in cs:
        return False
    return meld_kind(cs + [card], ace_high) is not None


def in_rank_order(cards: Iterable[int], ace_high: bool = False) -> list[int]:
    """Cards sorted the way melds are shown: by rank (ace last when ``ace_high``),
    then by suit C D H S (so a set is listed clubs, diamonds, hearts, spades)."""
    return sorted(cards, key=lambda c: rank_sort_key(c, ace_high))


@lru_cache(maxsize=4096)
def _all_melds(hand: int, ace_high: bool) -> tuple[int, ...]:
    out: list[int] = []
    # Runs, with bit tricks on each suit's 13-bit pattern in run order (position
    # = rank, or with the ace high the ace moved after the king): ``starts`` has
    # a bit where three consecutive positions are held; each such start gives
    # its 3-run and every longer run from there (sub-runs of longer ones included).
    for suit in range(4):
        p = (hand >> (13 * suit)) & SUIT_MASK
        if p.bit_count() < 3:
            continue
        q = ((p >> 1) | ((p & 1) << 12)) if ace_high else p
        starts = q & (q >> 1) & (q >> 2)
        shift = 13 * suit
        while starts:
            low = starts & -starts
            starts ^= low
            m = low * 7  # three consecutive bits
            nxt = low << 3
            while True:
                # back to rank space: with the ace high, position 12 is the ace
                out.append((((m << 1) & SUIT_MASK) | (m >> 12) if ace_high else m) << shift)
                if not q & nxt:
                    break
                m |= nxt
                nxt <<= 1
    # Sets: ranks held in >= 3 suits; every 3-subset and the 4-set.
    c = hand & SUIT_MASK
    d = hand >> 13 & SUIT_MASK
    h = hand >> 26 & SUIT_MASK
    s = hand >> 39 & SUIT_MASK
    trip = (c & d & (h | s)) | (h & s & (c | d))
    while trip:
        b = trip & -trip
        trip ^= b
        cards = [b << (13 * i) for i, pat in enumerate((c, d, h, s)) if pat & b]
        full = sum(cards)
        out.append(full)
        if len(cards) == 4:
            out.extend(full ^ x for x in cards)
    return tuple(sorted(out))


def all_melds(hand: int, ace_high: bool = False) -> list[int]:
    """Every meld (as a bitmask) that can be formed from the cards of ``hand``:
    all runs of length >= 3 (sub-runs included), all 3-card and 4-card sets.
    Ascending by mask value."""
    return list(_all_melds(hand, bool(ace_high)))


def mask_in_rank_order(mask: int, ace_high: bool = False) -> tuple[int, ...]:
    """The cards of a mask (a meld, deadwood, a hand) in the order melds are
    shown (see :func:`in_rank_order`), as a tuple."""
    return tuple(in_rank_order(from_mask(mask), ace_high))
