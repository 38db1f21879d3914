"""Melds with wild cards, declared by a variant.

Design (the interface the variants and :mod:`rummykit.core.cards.wildsolver` build on):

* :class:`Wilds`: which cards are wild in a deal (the round's): every copy of
  the base cards in ``bases`` (a 52-bit mask: Indian Rummy's cut joker makes a
  whole rank wild, :meth:`Wilds.of_rank`), and the printed jokers when
  ``jokers`` is true. A wild card may stand for any card in a meld; in its own
  natural place it counts as natural (a pure sequence may hold it).
* :class:`MeldRules`: what a meld is in the variant: sets of ``set_min`` to
  ``set_max`` cards of one rank (suits ``distinct`` or may ``repeat``), runs of
  ``run_min`` or more cards of one suit in order, the ace ``low``, ``high`` or
  ``both`` (never round the corner: K-A-2 is never a run, and one run never
  holds the ace at both ends), wilds allowed in sets / runs, at most
  ``max_wilds`` standing in per meld, at least ``min_natural`` cards of a meld
  not standing in.
* :class:`Needs`: what a variant asks of a whole hand's melds (Indian Rummy's
  declaration: at least two runs, one of them pure; a Contract Rummy contract:
  two sets and a run).
* :class:`CardPoints`: the points of a loose card (per rank, printed joker,
  wild card).
* :func:`meld_shapes`: every way a list of cards is a meld: the referee of
  melds laid down, and the definition the solver is tested against.

A *pure* meld has no card standing in for another.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Literal

from rummykit.core.base.errors import CardError
from rummykit.core.cards.deck import BASE_CARDS, Deck

__all__ = [
    "CardPoints",
    "MeldRules",
    "MeldShape",
    "Needs",
    "Wilds",
    "is_wild_meld",
    "meld_shapes",
]

MeldKind = Literal["set", "run"]


@dataclass(frozen=True)
class Wilds:
    """The wild cards of a deal: every copy of the base cards in ``bases`` (a
    52-bit mask) and, when ``jokers``, every printed joker."""

    bases: int = 0
    jokers: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.bases, int) or not 0 <= self.bases < 1 << BASE_CARDS:
            raise CardError(f"bad wild cards: bases must be a 52-bit mask, not {self.bases!r}")

    @classmethod
    def of_rank(cls, rank: int, jokers: bool = True) -> Wilds:
        """Every card of ``rank`` (0 = ace .. 12 = king), all suits, wild."""
        if not isinstance(rank, int) or not 0 <= rank < 13:
            raise CardError(f"bad wild rank {rank!r}: 0 (ace) to 12 (king)")
        return cls(sum(1 << (s * 13 + rank) for s in range(4)), jokers)

    def is_wild(self, card: int, deck: Deck) -> bool:
        """Whether ``card`` (a card of ``deck``) is wild in this deal."""
        if card >= deck.first_joker:
            return self.jokers
        return bool(self.bases >> (card % BASE_CARDS) & 1)

    def mask(self, deck: Deck) -> int:
        """Every wild card of ``deck`` as a bitmask."""
        m = deck.joker_mask if self.jokers else 0
        for k in range(deck.copies):
            m |= self.bases << (BASE_CARDS * k)
        return m

    @property
    def none(self) -> bool:
        """Whether no card is wild in a deck without printed jokers (nothing but ``jokers``)."""
        return not self.bases


#: No wild rank; printed jokers (if the deck has any) wild.
JOKERS_WILD = Wilds()
#: Nothing wild at all.
NO_WILDS = Wilds(0, jokers=False)


@dataclass(frozen=True)
class MeldRules:
    """What a meld is, for a variant. The defaults are Gin's melds with the
    printed jokers of a deck allowed to stand in anywhere."""

    set_min: int = 3
    set_max: int | None = 4
    set_suits: Literal["distinct", "repeat"] = "distinct"
    run_min: int = 3
    ace: Literal["low", "high", "both"] = "low"
    wild_in_sets: bool = True
    wild_in_runs: bool = True
    max_wilds: int | None = None
    min_natural: int = 1

    def __post_init__(self) -> None:
        def bad(what: str) -> CardError:
            return CardError(f"bad meld rules: {what}")

        if not (isinstance(self.set_min, int) and self.set_min >= 2):
            raise bad(f"set_min must be at least 2, not {self.set_min!r}")
        if self.set_max is not None and not (isinstance(self.set_max, int) and self.set_max >= self.set_min):
            raise bad(f"set_max must be None or at least set_min, not {self.set_max!r}")
        if self.set_suits not in ("distinct", "repeat"):
            raise bad(f"set_suits must be 'distinct' or 'repeat', not {self.set_suits!r}")
        if not (isinstance(self.run_min, int) and 2 <= self.run_min <= 13):
            raise bad(f"run_min must be 2 to 13, not {self.run_min!r}")
        if self.ace not in ("low", "high", "both"):
            raise bad(f"ace must be 'low', 'high' or 'both', not {self.ace!r}")
        if self.max_wilds is not None and not (isinstance(self.max_wilds, int) and self.max_wilds >= 0):
            raise bad(f"max_wilds must be None or at least 0, not {self.max_wilds!r}")
        if not (isinstance(self.min_natural, int) and self.min_natural >= 0):
            raise bad(f"min_natural must be at least 0, not {self.min_natural!r}")

    @property
    def set_cap(self) -> int:
        """The most cards a set may hold with ``decks`` unknown: ``set_max``, or
        4 with distinct suits, or no cap (a large number)."""
        cap = 1 << 20 if self.set_max is None else self.set_max
        return min(cap, 4) if self.set_suits == "distinct" else cap

    def wild_cap(self) -> int:
        """The most wild cards that may stand in within one meld (a large number: no cap)."""
        return 1 << 20 if self.max_wilds is None else self.max_wilds

    def modes(self) -> tuple[tuple[int, ...], ...]:
        """For each place the ace may take, run position of each rank 0..12:
        ace low: rank r at r; ace high: the ace at 13, rank r at r."""
        low = tuple(range(13))
        high = (13, *range(1, 13))
        return {"low": (low,), "high": (high,), "both": (low, high)}[self.ace]


@dataclass(frozen=True)
class Needs:
    """What a variant asks of a whole hand's melds: at least ``sets`` sets, at
    least ``runs`` runs, of which at least ``pure_runs`` are pure. Indian
    Rummy's declaration is ``Needs(runs=2, pure_runs=1)``; Contract Rummy's
    "two sets and a run" is ``Needs(sets=2, runs=1)``."""

    sets: int = 0
    runs: int = 0
    pure_runs: int = 0

    def __post_init__(self) -> None:
        for name in ("sets", "runs", "pure_runs"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 20:
                raise CardError(f"bad hand needs: {name} must be 0 to 20, not {v!r}")
        if self.pure_runs > self.runs:
            object.__setattr__(self, "runs", self.pure_runs)

    @property
    def empty(self) -> bool:
        return not (self.sets or self.runs or self.pure_runs)

    def met_by(self, shapes: Iterable[tuple[str, bool]]) -> bool:
        """Whether melds of these ``(kind, pure)`` meet the needs."""
        sets = runs = pure = 0
        for kind, is_pure in shapes:
            if kind == "set":
                sets += 1
            else:
                runs += 1
                pure += is_pure
        return sets >= self.sets and runs >= self.runs and pure >= self.pure_runs


@dataclass(frozen=True)
class CardPoints:
    """The points of a loose card: ``ranks[r]`` for rank r (0 = ace .. 12 =
    king), ``joker`` for a printed joker, ``wild`` for a card wild by its rank
    (``None``: its rank's points)."""

    ranks: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    joker: int = 0
    wild: int | None = None

    def __post_init__(self) -> None:
        ranks = tuple(self.ranks)
        if len(ranks) != 13 or any(not isinstance(p, int) or p < 0 for p in ranks):
            raise CardError(f"bad card points: ranks must be 13 whole numbers >= 0, not {self.ranks!r}")
        object.__setattr__(self, "ranks", ranks)
        if not isinstance(self.joker, int) or self.joker < 0:
            raise CardError(f"bad card points: joker must be a whole number >= 0, not {self.joker!r}")
        if self.wild is not None and (not isinstance(self.wild, int) or self.wild < 0):
            raise CardError(f"bad card points: wild must be None or a whole number >= 0, not {self.wild!r}")

    def of(self, card: int, deck: Deck, wilds: Wilds) -> int:
        """The points of ``card`` loose in a hand, in a deal with ``wilds``."""
        if card >= deck.first_joker:
            return self.joker
        b = card % BASE_CARDS
        if self.wild is not None and wilds.bases >> b & 1:
            return self.wild
        return self.ranks[b % 13]

    def base_points(self, wilds: Wilds) -> tuple[int, ...]:
        """The points of each base card 0..51 in a deal with ``wilds``."""
        w = self.wild
        return tuple(
            w if w is not None and wilds.bases >> b & 1 else self.ranks[b % 13] for b in range(BASE_CARDS)
        )


@dataclass(frozen=True)
class MeldShape:
    """One way a list of cards is a meld: ``kind`` (``"set"`` or ``"run"``),
    ``pure`` (no card standing in) and ``standing``: the cards standing in for
    another card."""

    kind: str
    pure: bool
    standing: tuple[int, ...]


def _shape_of(naturals: Sequence[int], standing: Sequence[int], rules: MeldRules) -> list[tuple[str, bool]]:
    """The ``(kind, pure)`` a meld of natural base cards and ``len(standing)``
    cards standing in may be."""
    k = len(standing)
    n = len(naturals)
    size = n + k
    out: list[tuple[str, bool]] = []
    if k > rules.wild_cap() or n < rules.min_natural:
        return out
    ranks = {b % 13 for b in naturals}
    suits = [b // 13 for b in naturals]
    # a set
    if (
        len(ranks) <= 1
        and (k == 0 or rules.wild_in_sets)
        and rules.set_min <= size <= rules.set_cap
        and (rules.set_suits == "repeat" or len(set(suits)) == n)
    ):
        out.append(("set", k == 0))
    # a run
    if len(set(suits)) <= 1 and (k == 0 or rules.wild_in_runs) and rules.run_min <= size <= 13:
        for mode in rules.modes():
            pos = [mode[b % 13] for b in naturals]
            if len(set(pos)) != n:
                continue
            if not pos or max(pos) - min(pos) + 1 <= size:
                out.append(("run", k == 0))
                break
    return out


def meld_shapes(cards: Iterable[int], deck: Deck, rules: MeldRules, wilds: Wilds) -> tuple[MeldShape, ...]:
    """Every way ``cards`` (cards of ``deck``, each at most once) is one meld
    under ``rules`` in a deal with ``wilds``: one :class:`MeldShape` for each
    kind and purity possible (a pure one first), each with the fewest cards
    standing in. Empty: not a meld."""
    cs = list(cards)
    if len(set(cs)) != len(cs) or any(c not in deck for c in cs):
        return ()
    jokers = [c for c in cs if deck.is_joker(c)]
    if jokers and not wilds.jokers:
        return ()
    wild = [c for c in cs if not deck.is_joker(c) and wilds.bases >> (c % BASE_CARDS) & 1]
    plain = [c % BASE_CARDS for c in cs if not deck.is_joker(c) and not wilds.bases >> (c % BASE_CARDS) & 1]
    best: dict[tuple[str, bool], tuple[int, ...]] = {}
    for roles in product((False, True), repeat=len(wild)):  # True: the wild card stands in
        standing = tuple(jokers) + tuple(c for c, s in zip(wild, roles, strict=True) if s)
        naturals = plain + [c % BASE_CARDS for c, s in zip(wild, roles, strict=True) if not s]
        for shape in _shape_of(naturals, standing, rules):
            if shape not in best or len(standing) < len(best[shape]):
                best[shape] = standing
    order = sorted(best, key=lambda s: (not s[1], s[0]))
    return tuple(MeldShape(kind, pure, best[(kind, pure)]) for kind, pure in order)


def is_wild_meld(cards: Iterable[int], deck: Deck, rules: MeldRules, wilds: Wilds) -> bool:
    """Whether ``cards`` is a meld (see :func:`meld_shapes`)."""
    return bool(meld_shapes(cards, deck, rules, wilds))
