"""Indian Rummy's melds and the exact arrangement of a hand.

:func:`arrange` finds, for a hand and the deal's wild rank, the arrangement
that leaves the fewest points out of melds (then the fewest cards), under the
rule that melds count only when there are at least two sequences, one of them
pure; with no such arrangement every card counts. A hand is a valid
declaration when its arrangement leaves no card at all out of a meld.

Melds (docs/rules.md §5):

* a *sequence*: 3 or more cards of one suit in order, ace low (A-2-3) or high
  (Q-K-A), never round the corner (K-A-2); jokers may stand for missing cards;
  it is *pure* when no joker stands in for a card (a wild card in its own
  place is a natural card);
* a *set*: 3 or 4 cards of one rank, all of different suits (two 7♥ never in
  one set), jokers allowed.

Every meld holds at least one natural card (a meld of jokers alone is not a
meld). These are core's meld rules (:class:`rummykit.MeldRules`) on the
two-deck, two-joker deck, and the search is core's exact solver for declared
decks (:func:`rummykit.get_wild_solver`): every use of every card, a wild card
a joker or itself, copies of a card alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rummykit import CardPoints, Deck, MeldRules, Needs, Solution, Wilds, get_wild_solver, meld_shapes
from rummykit import Meld as SolvedMeld

from .cards import BASE, COPIES, FIRST_JOKER, PRINTED_JOKERS, value

CAP = 80
# progress() counts points * WEIGHT + cards left out (a hand has fewer than WEIGHT cards).
WEIGHT = 64

#: The deck, the melds and the points of a loose card, as core's solver takes them.
DECK = Deck(copies=COPIES, jokers=PRINTED_JOKERS)
RULES = MeldRules(set_min=3, set_max=4, set_suits="distinct", run_min=3, ace="both", min_natural=1)
POINTS = CardPoints(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0, wild=0)
#: What a declaration asks: two sequences, one of them pure.
DECLARATION = Needs(runs=2, pure_runs=1)
ONE_PURE = Needs(runs=1, pure_runs=1)
NO_NEEDS = Needs()
SOLVER = get_wild_solver(DECK, RULES, POINTS)
# the wild cards of a deal by its wild rank; any other number: the printed jokers only
_WILDS = tuple(Wilds.of_rank(r) for r in range(13))
_JOKERS_ONLY = Wilds()


def wilds_of(wild: int) -> Wilds:
    """The wild cards of a deal whose wild rank is ``wild`` (0..12; any other
    number: only the printed jokers are wild)."""
    return _WILDS[wild] if isinstance(wild, int) and 0 <= wild < 13 else _JOKERS_ONLY


@dataclass(frozen=True)
class Meld:
    """One meld of an arrangement: ``cards`` the physical cards in it (jokers
    included, each at the place it takes in a sequence), ``kind`` "sequence"
    or "set", ``pure`` for a sequence with no joker standing in."""

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
    is empty and every card counts; ``sequences`` and ``pure`` are then 1 when
    the hand holds a pure sequence, else 0."""

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


def _same(card: int) -> int:
    """What a player sees of a card: its base card, or the joker (copies alike)."""
    return card % BASE if card < FIRST_JOKER else FIRST_JOKER


def _canonical(hand: Sequence[int]) -> tuple[int, ...]:
    """The hand with the copies of each card renumbered from the first
    (copies are one card to a player), ascending: one form for every hand a
    player cannot tell apart, so the solver's answers are shared."""
    seen: dict[int, int] = {}
    out = []
    for c in hand:
        i = _same(c)
        k = seen.get(i, 0)
        seen[i] = k + 1
        out.append(i + k if i == FIRST_JOKER else i + BASE * k)
    out.sort()
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _least(canon: tuple[int, ...], wild: int, needs: Needs) -> tuple[int, int] | None:
    return SOLVER.least(canon, wilds_of(wild), needs)


@lru_cache(maxsize=1 << 12)
def _solve(canon: tuple[int, ...], wild: int, needs: Needs) -> Solution:
    return SOLVER.solve(canon, wilds_of(wild), needs)


def _physical(hand: Sequence[int], melds: Sequence[SolvedMeld]) -> tuple[tuple[Meld, ...], tuple[int, ...]]:
    """The solver's melds (of the canonical hand) as Indian melds of the cards
    of ``hand``, copies of a card placed as a player holds them: the melds
    take the copies held last (in ``hand``'s order), the cards out of melds
    the ones held first."""
    held: dict[int, list[int]] = {}
    for c in hand:
        held.setdefault(_same(c), []).append(c)
    out = []
    for m in melds:
        cards = tuple(held[_same(c)].pop() for c in m.cards)
        kind = "sequence" if m.kind == "run" else "set"
        out.append(Meld(kind, cards, kind == "sequence" and m.pure))
    left = {i: len(cs) for i, cs in held.items()}
    loose = []
    for c in hand:
        i = _same(c)
        if left[i]:
            left[i] -= 1
            loose.append(c)
    return tuple(out), tuple(loose)


def arrange(hand: Sequence[int], wild: int) -> Arrangement:
    """The best arrangement of ``hand`` (physical cards) when ``wild`` (rank
    0..12) is the wild rank: least points out of melds, then fewest cards out,
    with melds counting only beside two sequences, one pure."""
    hand = tuple(hand)
    canon = _canonical(hand)
    if _least(canon, wild, DECLARATION) is not None:
        sol = _solve(canon, wild, DECLARATION)
        melds, loose = _physical(hand, sol.melds)
        seqs = sum(m.kind == "sequence" for m in melds)
        pure = sum(m.pure for m in melds)
        raw = sol.deadwood
        return Arrangement(melds, loose, raw, min(CAP, raw), True, not loose, seqs, pure)
    # no two sequences with one pure: every card counts
    one_pure = int(_least(canon, wild, ONE_PURE) is not None)
    raw = sum(value(c, wild) for c in hand)
    return Arrangement((), hand, raw, min(CAP, raw), False, False, one_pure, one_pure)


def melds_count(hand: Sequence[int], wild: int) -> bool:
    """Whether ``hand`` holds two sequences, one of them pure (its melds
    count): ``arrange(hand, wild).counts`` without the arrangement."""
    return least_out(hand, wild) is not None


def least_out(hand: Sequence[int], wild: int) -> tuple[int, int] | None:
    """``(points, cards)`` left out of melds by the best arrangement of
    ``hand`` with two sequences, one pure (the least points, then the fewest
    cards), or None when it holds no such sequences: ``arrange``'s ``raw``
    and loose count without the arrangement."""
    return _least(_canonical(hand), wild, DECLARATION)


def declares(hand: Sequence[int], wild: int) -> bool:
    """Whether ``hand`` is a valid declaration (every card melded, two
    sequences, one of them pure): ``arrange(hand, wild).valid`` without the
    arrangement."""
    return _least(_canonical(hand), wild, DECLARATION) == (0, 0)


def best_melds(hand: Sequence[int], wild: int) -> tuple[tuple[Meld, ...], tuple[int, ...]]:
    """The melds leaving the fewest points out (then the fewest cards),
    whatever sequences they hold, and the cards out of them: what a player
    builds on before the requirement is met."""
    hand = tuple(hand)
    return _physical(hand, _solve(_canonical(hand), wild, NO_NEEDS).melds)


def loose_count(hand: Sequence[int], wild: int) -> int:
    """How many cards :func:`best_melds` leaves out of its melds, without
    the melds."""
    least = _least(_canonical(hand), wild, NO_NEEDS)
    assert least is not None  # no needs: always met
    return least[1]


def classify(cards: Sequence[int], wild: int) -> Meld | None:
    """``cards`` as one meld when they are one (a pure sequence rather than an
    impure one, a sequence rather than a set), else None."""
    if len(cards) < 3:
        return None
    shape = _shape(tuple(sorted(cards)), wild)
    return None if shape is None else Meld(shape[0], tuple(cards), shape[1])


@lru_cache(maxsize=1 << 14)
def _shape(cards: tuple[int, ...], wild: int) -> tuple[str, bool] | None:
    shapes = meld_shapes(cards, DECK, RULES, wilds_of(wild))
    if not shapes:
        return None
    best = max(shapes, key=lambda s: (s.kind == "run", s.pure))
    if best.kind == "run":
        return "sequence", best.pure
    return "set", False


#: What a hand short of the requirement is charged, in points, by :func:`progress`.
NO_PURE = 25
ONE_SEQUENCE = 12


def progress(hand: Sequence[int], wild: int) -> int:
    """How far a hand is from a declaration, for the computer players (lower
    is better): the least points out of melds (times 64, plus the cards out),
    charged :data:`NO_PURE` points with no pure sequence and
    :data:`ONE_SEQUENCE` with only one sequence."""
    canon = _canonical(hand)
    free = _least(canon, wild, NO_NEEDS)
    assert free is not None  # no needs: always met
    best = (free[0] + NO_PURE) * WEIGHT + free[1]
    full = _least(canon, wild, DECLARATION)
    if full is not None:
        best = min(best, full[0] * WEIGHT + full[1])
    # a pure sequence asked for costs at least what nothing asked for costs
    if (free[0] + ONE_SEQUENCE) * WEIGHT + free[1] < best:
        one = _least(canon, wild, ONE_PURE)
        if one is not None:
            best = min(best, (one[0] + ONE_SEQUENCE) * WEIGHT + one[1])
    return best
