"""Cards as small integers, and their text forms.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank`` where rank 0 is the ace,
1 the two ... 9 the ten, 10 J, 11 Q, 12 K, and suit 0..3 is clubs, diamonds,
hearts, spades. A set of cards is often an ``int`` bitmask (bit ``card`` set),
which is what the solver works on.

Text forms (docs/design.md "Cards in text"):

* input accepts ``AS``, ``as``, ``10S``, ``TS``, ``A♠``, ``10♠``, separated by
  spaces or commas;
* machine output uses rank ``A23456789TJQK`` + suit ``CDHS`` (``TS``, ``AH``);
* the terminal shows ``10♠``, ``A♥`` (see :func:`pretty`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rummykit.core.base.errors import CardError

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1
ALL_CARDS = tuple(range(DECK_SIZE))
# One more than the largest card int a declared deck may hold (8 copies, 32
# jokers: rummykit.core.cards.deck).
_MAX_CARD = DECK_SIZE * 8 + 32

_RANK_INPUT = {r: i for i, r in enumerate(RANKS)}
_RANK_INPUT["10"] = 9
_SUIT_INPUT = {s: i for i, s in enumerate(SUITS)}
_SUIT_INPUT.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
# Emoji-style variants some keyboards produce.
_SUIT_INPUT.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


def rank_of(card: int) -> int:
    """Rank index 0..12 (0 = ace, 12 = king)."""
    return card % 13


def suit_of(card: int) -> int:
    """Suit index 0..3 (clubs, diamonds, hearts, spades)."""
    return card // 13


def make(rank: int, suit: int) -> int:
    return suit * 13 + rank


def points(card: int, ace: int = 1) -> int:
    """Card points: J, Q, K 10; 2-10 face value; ace ``ace`` (1, or 11 for ace high)."""
    r = card % 13
    if r == 0:
        return ace
    return 10 if r >= 9 else r + 1


def code(card: int) -> str:
    """Machine notation: ``TS``, ``AH``."""
    _check_int(card)
    return RANKS[card % 13] + SUITS[card // 13]


def card_token(card: int) -> str:
    """Machine notation of any card int, the default of ``Action.notation`` and
    so of the moves in a match record: :func:`code` for the 52 cards, ``#n``
    for a card of a declared deck beyond them (a copy or a printed joker,
    :mod:`rummykit.core.cards.deck`). Copies are one card to a player, but a
    record replays move by move, so it must tell them apart: this is where."""
    if isinstance(card, int) and not isinstance(card, bool) and card >= DECK_SIZE:
        return f"#{card}"
    return code(card)


def pretty(card: int, ascii: bool = False) -> str:
    """Terminal notation: ``10♠`` (or ``10S`` with ``ascii``)."""
    _check_int(card)
    r = card % 13
    rank = "10" if r == 9 else RANKS[r]
    return rank + (SUITS if ascii else SUIT_SYMBOLS)[card // 13]


def _check_int(card: int) -> None:
    if not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise CardError(f"not a card: {card!r}")


_TOKEN = re.compile(r"^(10|[2-9AaTtJjQqKk])([CDHScdhs♣♦♥♠♧♢♡♤])$")


def parse_card(text: str) -> int:
    """One card from text; raises :class:`CardError` naming the bad text."""
    t = text.strip().replace("\ufe0f", "")  # drop emoji variation selectors
    if t.startswith("#") and t[1:].isascii() and t[1:].isdigit() and len(t) <= 5:
        n = int(t[1:])
        if DECK_SIZE <= n < _MAX_CARD:
            return n  # a card of a declared deck as card_token writes it
    m = _TOKEN.match(t)
    if not m:
        raise CardError(
            f"bad card {text!r}: expected rank A 2-10 J Q K (T for 10) and suit C D H S "
            "(or ♣ ♦ ♥ ♠), like 7H, 10S, A♠"
        )
    return make(_RANK_INPUT[m.group(1).upper()], _SUIT_INPUT[m.group(2).upper()])


def split_tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def parse_cards(
    texts: str | Iterable[str],
    count: int | Iterable[int] | None = None,
    *,
    allow_duplicates: bool = False,
) -> list[int]:
    """Parse cards separated by spaces or commas (a string, or several strings).

    Raises :class:`CardError` for a bad card, a duplicate (naming it) or, when
    ``count`` is given (one number or several allowed numbers), a wrong count.
    """
    if isinstance(texts, str):
        texts = [texts]
    tokens = [tok for t in texts for tok in split_tokens(t)]
    cards = [parse_card(tok) for tok in tokens]
    if not allow_duplicates:
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise CardError(f"duplicate card {code(c)}")
            seen.add(c)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(cards) not in allowed:
            want = " or ".join(str(n) for n in allowed)
            raise CardError(f"expected {want} cards, got {len(cards)}")
    return cards


def to_mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# _BYTE_CARDS[i][b]: the cards of byte i of a mask when that byte is b.
_BYTE_CARDS = tuple(
    tuple(tuple(8 * i + j for j in range(8) if b >> j & 1) for b in range(256)) for i in range(7)
)


def from_mask(mask: int) -> list[int]:
    """Cards of a bitmask, ascending."""
    if 0 <= mask < 1 << 56:
        # A hot path (every view lists a hand): one table look-up per byte of
        # the mask, about 3x faster than peeling off the bits one by one.
        b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS
        return [
            *b0[mask & 255],
            *b1[mask >> 8 & 255],
            *b2[mask >> 16 & 255],
            *b3[mask >> 24 & 255],
            *b4[mask >> 32 & 255],
            *b5[mask >> 40 & 255],
            *b6[mask >> 48],
        ]
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sort_key(card: int, ace_high: bool = False) -> tuple[int, int]:
    """Sort by suit then rank (ace after the king when ``ace_high``)."""
    r = card % 13
    if ace_high and r == 0:
        r = 13
    return (card // 13, r)


def rank_sort_key(card: int, ace_high: bool = False) -> tuple[int, int]:
    """Sort by rank (ace last when ``ace_high``) then suit: how melds are listed."""
    r = card % 13
    if ace_high and r == 0:
        r = 13
    return (r, card // 13)


def sorted_cards(cards: Iterable[int], ace_high: bool = False) -> list[int]:
    return sorted(cards, key=lambda c: sort_key(c, ace_high))


def codes(cards: Iterable[int]) -> list[str]:
    return [code(c) for c in cards]
