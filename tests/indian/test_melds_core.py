"""Indian Rummy's melds on core's solver: the shortcuts the round and the
bots ask agree with the whole arrangement, and copies of a card are one card."""

from __future__ import annotations

import random

from rummykit.variants.indian.melds import arrange, best_melds, classify, declares, melds_count, progress

from .test_melds import SEVEN, cards


def test_declares_and_melds_count_agree_with_arrange() -> None:
    rng = random.Random(11)
    # meld-rich: few ranks, both decks, the jokers
    pool = [c for c in range(106) if c >= 104 or (c % 52) % 13 < 6]
    checked = valid = 0
    for _ in range(60):
        hand = rng.sample(pool, rng.choice([13, 14]))
        wild = rng.randrange(-1, 13)
        a = arrange(hand, wild)
        assert melds_count(hand, wild) == a.counts, (hand, wild)
        assert declares(hand, wild) == a.valid, (hand, wild)
        checked += 1
        valid += a.valid
    hand = cards("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 7D")
    assert declares(hand, SEVEN) and melds_count(hand, SEVEN)
    assert checked == 60 and valid > 0


def test_copies_of_a_card_are_one_card() -> None:
    # the same hand with the other copy of 7♥ and of 9♣: the same answer
    one = cards("5H 6H 7H 9C 9D 9S KH KD 2C 3C 4C 8S JK")
    other = cards("5H 6H 7H' 9C' 9D 9S KH KD 2C 3C 4C 8S JK")
    for wild in (1, SEVEN, -1):
        a, b = arrange(one, wild), arrange(other, wild)
        assert (a.raw, a.counts, a.valid, len(a.loose)) == (b.raw, b.counts, b.valid, len(b.loose))
        assert progress(one, wild) == progress(other, wild)
    # every card of the hand is placed once: in a meld or out of melds
    melds, loose = best_melds(other, 1)
    assert sorted([c for m in melds for c in m.cards] + list(loose)) == sorted(other)


def test_a_card_given_twice_counts_as_both_copies() -> None:
    # a hand with the discard it would take, the same physical card twice
    hand = cards("2C 4D 6H 8S TC QD KH 3S 5C 7D 9H JS AC")
    twice = [*hand, hand[8]]  # 5C again
    melds, loose = best_melds(twice, SEVEN)
    assert sorted([c for m in melds for c in m.cards] + list(loose)) == sorted(twice)


def test_a_group_that_is_a_set_or_a_sequence_is_shown_as_a_sequence() -> None:
    # 7♥ 7♦ 7♠ with sevens wild: a set, or 7♥ with two jokers as a sequence
    meld = classify(cards("7H 7D 7S"), SEVEN)
    assert meld is not None and (meld.kind, meld.pure) == ("sequence", False)
    meld = classify(cards("7H 7D 7S"), 1)
    assert meld is not None and (meld.kind, meld.pure) == ("set", False)
