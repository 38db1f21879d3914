"""Indian Rummy's deck: two 52-card decks and two printed jokers (106 cards).

A card is an ``int``: 0..51 the first deck as everywhere in rummykit
(``suit * 13 + rank``, rank 0 the ace), 52..103 the second deck (copy 1 of
base card ``b`` is ``b + 52``), 104 and 105 the printed jokers. Copies of a
card are the same card to a player; only the engine tells them apart.
"""

from __future__ import annotations

from collections.abc import Iterable

COPIES = 2
PRINTED_JOKERS = 2
BASE = 52
FIRST_JOKER = BASE * COPIES  # 104
DECK = FIRST_JOKER + PRINTED_JOKERS  # 106
ACE = 0

RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
              "queen", "king")  # fmt: skip
RANK_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings")  # fmt: skip
RANK_LETTERS = "A23456789TJQK"


def is_printed_joker(card: int) -> bool:
    return card >= FIRST_JOKER


def base_of(card: int) -> int:
    """The base card 0..51 of a card of either deck (not of a printed joker)."""
    return card % BASE


def rank_of(card: int) -> int:
    return card % 13


def suit_of(card: int) -> int:
    return (card % BASE) // 13


def wild_rank_of_cut(cut: int) -> int:
    """The rank that is wild for a deal whose cut card is ``cut`` (a printed
    joker cut makes aces wild)."""
    return ACE if is_printed_joker(cut) else rank_of(cut)


def is_joker(card: int, wild: int) -> bool:
    """A printed joker or a card of the wild rank."""
    return card >= FIRST_JOKER or card % 13 == wild


def value(card: int, wild: int) -> int:
    """What a card counts when not in a meld: jokers (printed and wild) 0,
    J Q K A and 10 count 10, the numbers their value."""
    if is_joker(card, wild):
        return 0
    r = card % 13
    return 10 if r == 0 or r >= 9 else r + 1


def parse_rank(text: str) -> int | None:
    """A rank typed as ``7``, ``10``, ``T``, ``Q``, ``queen``, ``queens`` (None if not one)."""
    t = text.strip().lower()
    if t == "10":
        return 9
    if len(t) == 1 and t.upper() in RANK_LETTERS:
        return RANK_LETTERS.index(t.upper())
    for names in (RANK_NAMES, RANK_PLURALS):
        if t in names:
            return names.index(t)
    return None


def sort_key(card: int) -> tuple[int, int, int]:
    """Suit, then rank, then copy; printed jokers last."""
    if card >= FIRST_JOKER:
        return (4, 0, card)
    return (suit_of(card), rank_of(card), card)


def sorted_cards(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=sort_key)
