"""Indian Rummy's melds and arrangements (docs/rules.md §5), against the rules and
against brute force on small hands."""

from __future__ import annotations

import random

import pytest

from rummykit.core.cards.card import parse_card
from rummykit.variants.indian.cards import FIRST_JOKER, value
from rummykit.variants.indian.melds import CAP, arrange, best_melds, classify, least_out, loose_count

JK1, JK2 = FIRST_JOKER, FIRST_JOKER + 1
SEVEN = 6  # rank index of the seven


def c(text: str, copy: int = 0) -> int:
    return parse_card(text) + 52 * copy


def cards(text: str) -> list[int]:
    """Cards from text; a second copy written with a trailing ``'``; JK a printed joker."""
    out, jokers = [], [JK1, JK2]
    for t in text.split():
        if t == "JK":
            out.append(jokers.pop(0))
        elif t.endswith("'"):
            out.append(c(t[:-1], 1))
        else:
            out.append(c(t))
    return out


NO_WILD = 12  # kings wild where the hands below hold no king


@pytest.mark.parametrize(
    ("text", "wild", "kind", "pure"),
    [
        ("AH 2H 3H", NO_WILD - 1, "sequence", True),  # ace low
        ("QH KH AH", 5, "sequence", True),  # ace high
        ("5H JK 7H", NO_WILD, "sequence", False),  # a printed joker stands in
        ("5H 7S 7H", SEVEN, "sequence", False),  # the wild 7♠ stands for 6♥
        ("5H 6H 7H", SEVEN, "sequence", True),  # a wild card in its own place is natural
        ("7C 7D 7H", NO_WILD, "set", False),
        ("7C 7D 7H 7S", NO_WILD, "set", False),
        ("7C 7D JK", NO_WILD, "set", False),
    ],
)
def test_melds(text: str, wild: int, kind: str, pure: bool) -> None:
    meld = classify(cards(text), wild)
    assert meld is not None and (meld.kind, meld.pure) == (kind, pure)


@pytest.mark.parametrize(
    ("text", "wild"),
    [
        ("KH AH 2H", NO_WILD - 1),  # not round the corner
        ("7H 7H' 7S", NO_WILD),  # two 7♥ never in one set (two decks)
        ("7C 7D 7H 7S 7C'", NO_WILD),  # a set has at most 4 cards
        ("5H 6H", NO_WILD),
        ("5H 6S 7H", NO_WILD),
        ("JK JK 4C 5D", NO_WILD),
    ],
)
def test_not_melds(text: str, wild: int) -> None:
    assert classify(cards(text), wild) is None


def test_valid_declaration_two_sequences_one_pure() -> None:
    hand = cards("AH 2H 3H 5S 6S JK 9C 9D 9S QD KD AD 4C")
    a = arrange(hand, SEVEN)
    assert not a.valid  # 4C is left
    hand = cards("AH 2H 3H 5S 6S JK 9C 9D 9S QD KD AD 4C 4D 4S")[:13]
    a = arrange(hand, SEVEN)
    assert a.counts and not a.valid and a.points == 4


def test_declaration_needs_a_pure_sequence() -> None:
    hand = cards("AH 2H JK 5S 6S JK 9C 9D 9S QD QH QC 4C")
    a = arrange(hand, SEVEN)
    assert not a.counts and not a.valid
    assert "no pure sequence" in (a.missing() or "")
    # every card counts: A 10 + 2 + 5 + 6 + 9*3 + 10*3 + 4 = 84 (jokers 0), capped at 80
    assert a.raw == 84 and a.points == CAP


def test_declaration_needs_two_sequences() -> None:
    hand = cards("AH 2H 3H 5S 5D JK 9C 9D 9S QD QH QC KS")
    a = arrange(hand, SEVEN)
    assert not a.counts
    assert "only one sequence" in (a.missing() or "")


def test_valid_declaration() -> None:
    hand = cards("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 7D")  # 7D wild
    a = arrange(hand, SEVEN)
    assert a.valid and a.points == 0 and a.missing() is None


def test_points_when_melds_count() -> None:
    hand = cards("AH 2H 3H 5S 6S 7D 9C 9D KS QD 4C 2C TD")  # 7D wild
    a = arrange(hand, SEVEN)
    assert a.counts
    # A-2-3♥ pure; 9♦ 10♦ (7♦ for J♦) Q♦ impure; left 5S 6S 9C KS 4C 2C = 5+6+9+10+4+2
    assert a.raw == 36 and sorted(a.loose) == sorted(cards("5S 6S 9C KS 4C 2C"))


# -- brute force ---------------------------------------------------------------


def partitions(items: list[int]):
    if not items:
        yield []
        return
    head, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[head], *part]
        for i in range(len(part)):
            yield [*part[:i], [head, *part[i]], *part[i + 1 :]]


def brute(hand: list[int], wild: int) -> tuple[int, int, bool]:
    """(points counted uncapped, cards left out, whether melds count), the exact least."""
    best: tuple[int, int] | None = None
    for part in partitions(hand):
        melds = [classify(g, wild) if len(g) >= 3 else None for g in part]
        seqs = sum(m is not None and m.kind == "sequence" for m in melds)
        pure = sum(m is not None and m.pure for m in melds)
        if seqs < 2 or pure < 1:
            continue
        left = [x for g, m in zip(part, melds, strict=True) if m is None for x in g]
        key = (sum(value(x, wild) for x in left), len(left))
        if best is None or key < best:
            best = key
    if best is None:
        return sum(value(x, wild) for x in hand), len(hand), False
    return best[0], best[1], True


def test_against_brute_force() -> None:
    rng = random.Random(7)
    # dense small decks: few ranks, two suits mostly, two copies, jokers
    pool = [*cards("AH 2H 3H 4H 5H QH KH AS 2S 3S 4S 5S 3C 3D"), *cards("2H' 3H' 3S' 4S'"), JK1, JK2]
    for _ in range(120):
        hand = rng.sample(pool, rng.choice([6, 7, 8]))
        wild = rng.choice([1, 2, 6, 11])
        a = arrange(hand, wild)
        raw, left, counts = brute(hand, wild)
        assert (a.raw, a.counts) == (raw, counts), (hand, wild)
        if counts:
            assert len(a.loose) == left, (hand, wild)
            # the arrangement shown is a real one
            for m in a.melds:
                assert classify(m.cards, wild) is not None
            assert sorted([x for m in a.melds for x in m.cards] + list(a.loose)) == sorted(hand)


def test_agrees_with_cores_wild_solver() -> None:
    """The variant's arrangement and core's WildSolver (Needs: two runs, one
    pure) agree on the points and on whether the melds count, for random
    13- and 14-card hands of the 106-card deck."""
    from rummykit.core.cards.deck import Deck
    from rummykit.core.cards.wild import CardPoints, MeldRules, Needs, Wilds
    from rummykit.core.cards.wildsolver import get_wild_solver

    solver = get_wild_solver(
        Deck(2, 2),
        MeldRules(ace="both", set_suits="distinct", set_max=4),
        CardPoints(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0, wild=0),
    )
    needs = Needs(runs=2, pure_runs=1)
    rng = random.Random(3)
    for _ in range(40):
        deck = list(range(106))
        rng.shuffle(deck)
        hand = deck[: rng.choice([13, 14])]
        wild = rng.randrange(13)
        a = arrange(hand, wild)
        s = solver.solve(hand, Wilds.of_rank(wild), needs)
        assert a.counts == s.meets, (hand, wild)
        if a.counts:
            assert (a.raw, len(a.loose)) == (s.deadwood, len(s.loose)), (hand, wild)


def test_the_counts_without_the_arrangement_are_the_arrangements() -> None:
    rng = random.Random(5)
    for _ in range(60):
        hand = rng.sample(range(106), rng.choice((13, 14)))
        wild = rng.randrange(13)
        assert loose_count(hand, wild) == len(best_melds(hand, wild)[1])
        a = arrange(hand, wild)
        assert least_out(hand, wild) == ((a.raw, len(a.loose)) if a.counts else None)
