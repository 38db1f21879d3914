"""The deck a variant declares: copies of the 52 cards and printed jokers.

Design (the interface the engine, the variants and the solver build on):

* A card stays an ``int``. Cards 0..51 are the one 52-card deck
  (``suit * 13 + rank``, :mod:`rummykit.core.cards.card`). Copy ``k`` (``k >= 1``)
  of base card ``b`` is ``b + 52 * k``; the printed jokers of a deck of
  ``copies`` decks come after them: joker ``j`` is ``52 * copies + j``. So
  ``Deck()`` (one deck, no joker: Gin, CardVerse, every 52-card plugin) is
  today's deck bit for bit, and a set of cards is still an ``int`` bitmask
  (``Deck.size`` bits wide).
* Copies of a card are the same card to a player. :meth:`Deck.code` and
  :meth:`Deck.pretty` write every copy alike (``7H``, ``7♥``); a printed joker
  is ``JK`` in machine output, ``🃏`` on the terminal and ``Jk`` with
  ``--ascii``. Text a person types names a card, not a copy:
  :meth:`Deck.resolve` maps it to a copy the seat holds (the lowest one), so the
  same words replay to the same cards. Only :meth:`Deck.exact_code`
  (``7H``, ``7H+1``, ``JK+1``: copy or joker number after ``+``) tells copies
  apart; it is for messages about the deck itself (the conformance kit's
  "card counted twice") and for debugging, never for what a player sees.
* Which cards are wild in a deal is the round's, not the deck's: see
  :class:`rummykit.core.cards.wild.Wilds`.

A variant declares its deck in its ``VariantSpec`` (``deck=Deck(copies=2,
jokers=2)``, or a function of the options and the seat count); a round says the
deck it was dealt from as ``Round.deck``; every card of it lies in exactly one
of the round's zones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from rummykit.core.base.errors import CardError
from rummykit.core.cards.card import (
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    parse_card,
    rank_sort_key,
    sort_key,
    split_tokens,
)

__all__ = ["BASE_CARDS", "JOKER", "MAX_COPIES", "MAX_JOKERS", "STANDARD_DECK", "Deck"]

#: Cards in one deck without jokers.
BASE_CARDS = 52
#: The base card of every printed joker (what :meth:`Deck.base` answers for one).
JOKER = 52
#: The most copies of the 52 cards a deck may hold.
MAX_COPIES = 8
#: The most printed jokers a deck may hold.
MAX_JOKERS = 32

_JOKER_WORDS = frozenset({"JK", "JOKER", "🃏", "JKR"})


@dataclass(frozen=True)
class Deck:
    """``copies`` copies of the 52 cards (1..8) and ``jokers`` printed jokers (0..32).

    ``Deck()`` is the one 52-card deck. Cards of the deck are ``range(deck.size)``.
    """

    copies: int = 1
    jokers: int = 0

    def __post_init__(self) -> None:
        for name, value, top, low in (
            ("copies", self.copies, MAX_COPIES, 1),
            ("jokers", self.jokers, MAX_JOKERS, 0),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= top:
                raise CardError(f"bad deck: {name} must be a whole number from {low} to {top}, not {value!r}")

    # ------------------------------------------------------------------ shape

    @property
    def size(self) -> int:
        """How many cards the deck holds: ``52 * copies + jokers``."""
        return BASE_CARDS * self.copies + self.jokers

    @property
    def first_joker(self) -> int:
        """The int of the first printed joker (``52 * copies``)."""
        return BASE_CARDS * self.copies

    @property
    def standard(self) -> bool:
        """Whether this is the one 52-card deck of distinct cards."""
        return self.copies == 1 and self.jokers == 0

    @property
    def full_mask(self) -> int:
        """Every card of the deck as a bitmask."""
        return (1 << self.size) - 1

    def cards(self) -> range:
        """Every card of the deck, ascending."""
        return range(self.size)

    @cached_property
    def joker_mask(self) -> int:
        """The printed jokers as a bitmask."""
        return ((1 << self.jokers) - 1) << self.first_joker

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < self.size

    # ------------------------------------------------------------ one card

    def is_joker(self, card: int) -> bool:
        """Whether ``card`` is a printed joker."""
        return card >= self.first_joker

    def base(self, card: int) -> int:
        """The card a player sees: 0..51, or :data:`JOKER` for a printed joker."""
        return JOKER if card >= self.first_joker else card % BASE_CARDS

    def copy_index(self, card: int) -> int:
        """Which copy ``card`` is: 0 for the first deck's; a joker's number among the jokers."""
        if card >= self.first_joker:
            return card - self.first_joker
        return card // BASE_CARDS

    def sort_key(self, card: int, ace_high: bool = False) -> tuple[int, int, int]:
        """Sort by suit then rank (ace after the king when ``ace_high``), copies
        of a card together; printed jokers last."""
        if card >= self.first_joker:
            return (4, 0, card)
        suit, rank = sort_key(card % BASE_CARDS, ace_high)
        return (suit, rank, card)

    def rank_sort_key(self, card: int, ace_high: bool = False) -> tuple[int, int, int]:
        """Sort by rank then suit (how melds are listed), copies of a card
        together; printed jokers last."""
        if card >= self.first_joker:
            return (14, 0, card)
        rank, suit = rank_sort_key(card % BASE_CARDS, ace_high)
        return (rank, suit, card)

    def copies_of(self, base: int) -> tuple[int, ...]:
        """Every card of the deck that is ``base`` to a player (the copies, or
        every printed joker for :data:`JOKER`), ascending."""
        if base == JOKER:
            return tuple(range(self.first_joker, self.size))
        if not 0 <= base < BASE_CARDS:
            raise CardError(f"not a card: {base!r}")
        return tuple(base + BASE_CARDS * k for k in range(self.copies))

    def copies_mask(self, base: int) -> int:
        """:meth:`copies_of` as a bitmask."""
        m = 0
        for c in self.copies_of(base):
            m |= 1 << c
        return m

    def check_typed(self, tokens: Sequence[str], cards: Sequence[int]) -> None:
        """A :class:`CardError` naming the first of ``tokens`` (as typed) whose card,
        in ``cards`` (the same order), the deck lacks: ``#60``, a copy's record
        notation, on the one 52-card deck."""
        for token, card in zip(tokens, cards, strict=True):
            if card not in self:
                raise CardError(f"bad card {token!r}: the deck has {self.size} cards")

    def check(self, card: object) -> int:
        """``card`` itself when it is a card of the deck; else :class:`CardError`."""
        if card not in self:
            raise CardError(f"not a card of this deck: {card!r}")
        assert isinstance(card, int)
        return card

    # ----------------------------------------------------------------- text

    def code(self, card: int) -> str:
        """Machine notation, copies alike: ``TS``, ``AH``, ``JK``."""
        self.check(card)
        if card >= self.first_joker:
            return "JK"
        b = card % BASE_CARDS
        return RANKS[b % 13] + SUITS[b // 13]

    def pretty(self, card: int, ascii: bool = False) -> str:
        """Terminal notation, copies alike: ``10♠``, ``🃏`` (``10S``, ``Jk`` with ``ascii``)."""
        self.check(card)
        if card >= self.first_joker:
            return "Jk" if ascii else "🃏"
        b = card % BASE_CARDS
        r = b % 13
        return ("10" if r == 9 else RANKS[r]) + (SUITS if ascii else SUIT_SYMBOLS)[b // 13]

    def exact_code(self, card: int) -> str:
        """Machine notation that tells copies apart: ``7H`` (the first copy),
        ``7H+1`` (the second), ``JK`` (the first joker), ``JK+1``... For messages
        about the deck itself, never for what a player sees."""
        k = self.copy_index(card)
        return self.code(card) + (f"+{k}" if k else "")

    def parse(self, text: str) -> int:
        """One card name typed or read: its base card 0..51, or :data:`JOKER`
        (``JK``, ``Jk``, ``joker``, ``🃏``) when the deck has printed jokers; a
        card of the deck as a record writes it (``#79``: a copy or a joker) is
        the card it is to a player. Raises :class:`CardError` naming the bad text."""
        t = text.strip().replace("\ufe0f", "")
        if t.upper() in _JOKER_WORDS:
            if not self.jokers:
                raise CardError(f"bad card {text!r}: this deck has no jokers")
            return JOKER
        card = parse_card(t)
        if card >= BASE_CARDS:
            if card not in self:
                raise CardError(f"bad card {text!r}: this deck has no card #{card}")
            return self.base(card)
        return card

    def resolve(self, text: str | int, held: int) -> int:
        """The card a seat means by ``text`` (or by a base card / :data:`JOKER`):
        the lowest copy of it in ``held`` (a bitmask). Raises :class:`CardError`
        when the seat holds no copy."""
        base = self.parse(text) if isinstance(text, str) else text
        for c in self.copies_of(base):
            if held >> c & 1:
                return c
        shown = text if isinstance(text, str) else ("JK" if base == JOKER else self.code(base))
        raise CardError(f"you hold no {shown.strip()}")

    def resolve_all(self, texts: str | Iterable[str], held: int) -> list[int]:
        """Several cards a seat means (spaces or commas between them), each a
        different card it holds: ``7h 7h`` takes both copies of the 7♥. Raises
        :class:`CardError` when it holds too few."""
        if isinstance(texts, str):
            texts = [texts]
        out: list[int] = []
        left = held
        for tok in (tok for t in texts for tok in split_tokens(t)):
            try:
                c = self.resolve(tok, left)
            except CardError:
                if self.resolve_count(tok, held):
                    raise CardError(f"you hold only {self.resolve_count(tok, held)} of {tok}") from None
                raise
            out.append(c)
            left &= ~(1 << c)
        return out

    def resolve_count(self, text: str, held: int) -> int:
        """How many copies of the card ``text`` names ``held`` holds."""
        return (held & self.copies_mask(self.parse(text))).bit_count()

    def names(self, cards: Iterable[int]) -> tuple[int, ...]:
        """The cards as a player names them: base cards (:data:`JOKER` for a
        joker), sorted. Two lists of the same names are the same to a player."""
        return tuple(sorted(self.base(c) for c in cards))

    def same_cards(self, typed: Iterable[int], cards: Iterable[int]) -> bool:
        """Whether ``typed`` (card names as :meth:`parse` reads them: base
        cards 0..51 and :data:`JOKER`) names the cards ``cards`` (cards of the
        deck), copies alike: how a move a person types is matched with a legal
        move that holds other copies."""
        return tuple(sorted(typed)) == self.names(cards)

    # ---------------------------------------------------------------- masks

    def base_counts(self, cards: int | Iterable[int]) -> dict[int, int]:
        """How many of each card a player sees (base card or :data:`JOKER`) are in ``cards``."""
        out: dict[int, int] = {}
        for c in _iter_cards(cards):
            b = self.base(c)
            out[b] = out.get(b, 0) + 1
        return out


def _iter_cards(cards: int | Iterable[int]) -> Iterable[int]:
    if isinstance(cards, int):
        m = cards
        while m:
            low = m & -m
            yield low.bit_length() - 1
            m ^= low
    else:
        yield from cards


#: The one 52-card deck, no jokers: every variant's deck unless it declares another.
STANDARD_DECK = Deck()
