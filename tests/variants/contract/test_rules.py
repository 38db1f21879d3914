"""Contract Rummy's rules, from docs/rules.md §5: the deck, the deals and their
contracts, melds with jokers, going down and adding, buying, the last deal,
penalty points and the match."""

from __future__ import annotations

import random

import pytest

from rummykit.core.base.errors import IllegalAction
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.play.match import MatchRule
from rummykit.variants.contract.cards import CONTRACTS, contract_words, hand_size, penalty, shape_of
from rummykit.variants.contract.contract import arrange, can_meet, layouts
from rummykit.variants.contract.options import ContractOptions
from rummykit.variants.contract.round import ADD, BUY, DISCARD, DOWN, PASS, ContractRound
from rummykit.variants.contract.spec import SPEC

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def c(text: str, copies: int = 2) -> list[int]:
    """Cards from text: ``7H`` (copy 0), ``7H'`` (copy 1), ``7H''`` (copy 2),
    ``JK``, ``JK'`` ... (the jokers in order)."""
    out = []
    jokers = 0
    for tok in text.split():
        k = tok.count("'")
        tok = tok.rstrip("'")
        if tok == "JK":
            out.append(52 * copies + k)
            jokers += 1
            continue
        out.append(SUITS.index(tok[1]) * 13 + RANKS.index(tok[0]) + 52 * k)
    return out


def play(rnd: ContractRound, *moves: str | Action) -> None:
    for m in moves:
        rnd.apply(Action(m) if isinstance(m, str) else m)


# -- the deck and the deal --------------------------------------------------------


@pytest.mark.parametrize(("n", "size", "jokers"), [(3, 108, 4), (5, 108, 4), (6, 162, 6), (8, 162, 6)])
def test_deck_two_decks_four_jokers_or_three_and_six(n: int, size: int, jokers: int) -> None:
    rnd = ContractRound.deal_round(None, n, 0, random.Random(n))
    cards = sorted(x for z in rnd.zones().values() for x in z)
    assert cards == list(range(size))
    copies = 2 if n <= 5 else 3
    assert sum(1 for x in cards if x >= 52 * copies) == jokers


@pytest.mark.parametrize("index", range(7))
def test_hand_sizes_ten_in_deals_one_to_four_twelve_after(index: int) -> None:
    rnd = ContractRound.deal_round(None, 4, index, random.Random(1))
    want = 10 if index < 4 else 12
    assert hand_size(index + 1) == want
    assert [h.bit_count() for h in rnd.hands] == [want] * 4
    assert len(rnd.discard) == 1


def test_the_seven_contracts_in_order() -> None:
    assert [contract_words(d) for d in range(1, 8)] == [
        "two sets",
        "a set and a run",
        "two runs",
        "three sets",
        "two sets and a run",
        "a set and two runs",
        "three runs",
    ]
    assert CONTRACTS[6] == (0, 3)


def test_penalty_points() -> None:
    pts = [penalty(x, 2) for x in c("2C 9D TH JS QC KD AH JK 5H'")]
    assert pts == [5, 5, 10, 10, 10, 10, 15, 15, 5]


# -- melds ----------------------------------------------------------------------


def test_a_set_may_repeat_suits_and_take_jokers() -> None:
    assert shape_of(c("7H 7H' 7C"), 2) is not None
    assert shape_of(c("7H JK 7C"), 2) is not None
    assert shape_of(c("7H 8H 7C"), 2) is None
    assert shape_of(c("JK JK' JK''"), 2) is None  # no natural card


def test_a_run_is_four_of_a_suit_ace_high_or_low_never_round_the_corner() -> None:
    assert shape_of(c("AH 2H 3H 4H"), 2) is not None
    assert shape_of(c("JH QH KH AH"), 2) is not None
    assert shape_of(c("QH KH AH 2H"), 2) is None
    assert shape_of(c("5H 6H 7H"), 2, "run") is None  # three are too few
    assert shape_of(c("5H 6H 7H 8C"), 2) is None
    run = shape_of(c("5H JK 7H 8H"), 2)
    assert run is not None and (run.lo, run.hi) == (4, 7)
    assert shape_of(c("5H 5H' 6H 7H"), 2, "run") is None  # one card a place


# -- contracts met and not met -------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "hand", "meets"),
    [
        (1, "7H 7C 7D KS KS' KH 2C 4D 9S TC", True),
        (1, "7H 7C KS KH 2C 4D 9S TC JD QD", False),
        (1, "7H 7C JK KS KH KC 4D 9S TC QD", True),  # the joker completes a set
        (1, "7H 7C JK KS KH 2C 4D 9S TC QD", False),  # one joker, two pairs
        (2, "7H 7C 7D 3S 4S 5S 6S 2C 9D JH", True),
        (2, "7H 7C 7D 3S 4S 5S 2C 9D JH QH", False),
        (2, "7H 7C 7D 3S 4S JK 6S 2C 9D JH", True),
        (3, "3S 4S 5S 6S 9D TD JD QD 2C 7H", True),
        (3, "3S 4S 5S 6S 7S 8S 9S TS 2C 7H", True),  # two runs of one suit
        (3, "3S 4S 5S 6S 7S 8S 9S 2C 7H KD", False),
        (4, "2C 2D 2H 5C 5D 5S 9H 9H' 9S AC", True),
        (4, "2C 2D 2H 5C 5D 5S 9H 9S AC KD", False),
        (5, "2C 2D 2H 5C 5D 5S 9H TH JH QH AC KD", True),
        (6, "2C 2D 2H 5C 6C 7C 8C 9H TH JH QH KD", True),
        (7, "AC 2C 3C 4C 9H TH JH QH JD QD KD AD", True),
        (7, "AC 2C 3C 4C 9H TH JH QH JD QD KD 5S", False),
    ],
)
def test_contract_met_or_not(deal: int, hand: str, meets: bool) -> None:
    assert can_meet(c(hand), 2, deal) is meets
    assert (arrange(c(hand), 2, deal) is not None) is meets


def test_layouts_lay_each_set_as_three_and_each_run_as_four() -> None:
    lays = layouts(c("7H 7C 7D 7S KS KS' KH 2C 4D 9S"), 2, 1)
    assert lays and all([len(m) for m in lay] == [3, 3] for lay in lays)
    # copies are one card: the sevens and kings give few distinct layouts
    assert len(lays) == len({tuple(sorted(x % 52 for m in lay for x in m)) for lay in lays})


def test_arrange_adds_every_card_that_fits() -> None:
    melds, left, pts = arrange(c("7H 7C 7D 7S KS KS' KH KC 2C 4D"), 2, 1)  # type: ignore[misc]
    assert sorted(len(m) for m in melds) == [4, 4]
    assert pts == 10 and len(left) == 2


# -- turns: down, add, discard ----------------------------------------------------


def _deal1() -> ContractRound:
    hands = [
        c("7H 7C 7D KS KS' KH 2C 4D 9S 7S"),
        c("3C 3D 5H 6H 8S TC JD QD AS 2H"),
        c("4C 4H 6D 8D 9C TD JH QS AH 5C"),
    ]
    return ContractRound.from_deal(hands, discard=c("KD"), stock=c("2S 3S 4S 5S 6S 8C 9H TH"))


def test_the_first_meld_lays_the_whole_contract_then_cards_are_added() -> None:
    rnd = _deal1()
    play(rnd, TAKE_DISCARD)
    downs = [a for a in rnd.legal_actions() if a.kind == DOWN]
    assert downs and all(len(a.cards) == 6 for a in downs)
    assert not any(a.kind == ADD for a in rnd.legal_actions())  # nothing to add before going down
    with pytest.raises(IllegalAction, match="does not lay the contract"):
        rnd.apply(Action(DOWN, tuple(c("7H 7C 7D"))))
    with pytest.raises(IllegalAction, match=r"^name the cards that lay the contract: two sets \(dn CARDS\)$"):
        rnd.apply(Action(DOWN, ()))
    down = next(
        a for a in downs if sorted(x % 52 for x in a.cards) == sorted(x % 52 for x in c("7H 7C 7D KS KS KH"))
    )
    rnd.apply(down)
    assert len(rnd.table) == 2 and rnd.down[0]
    adds = {(a.cards[0] % 52, a.target) for a in rnd.legal_actions() if a.kind == ADD}
    assert (c("7S")[0], 1) in adds and (c("KD")[0], 2) in adds
    assert not any(a.kind == DOWN for a in rnd.legal_actions())  # no second contract, no new meld
    play(rnd, Action(ADD, tuple(c("7S")), 1), Action(ADD, tuple(c("KD")), 2))
    assert [len(m[2]) for m in rnd.table] == [4, 4]
    with pytest.raises(IllegalAction, match="does not fit"):
        rnd.apply(Action(ADD, tuple(c("2C")), 1))


def test_going_out_by_the_last_discard_and_penalties_at_the_end_of_a_deal() -> None:
    hands = [c("7H 7C 7D KS KS' KH 2C"), c("3C AS JK 5H"), c("TD 9D 8D")]
    rnd = ContractRound.from_deal(hands, discard=c("QD"), stock=c("4C"))
    play(rnd, TAKE_DISCARD)
    down = next(a for a in rnd.legal_actions() if a.kind == DOWN)
    play(rnd, down, Action(DISCARD, tuple(c("2C"))))
    assert rnd.result is None and rnd.hands[0] == 1 << c("QD")[0]
    play(rnd, DRAW_STOCK)  # seat 1 draws 4C: seat 2 is asked (seat 0 laid the 2C)
    assert rnd.to_act() == 2
    play(rnd, PASS, Action(DISCARD, tuple(c("4C"))))
    play(rnd, TAKE_DISCARD, Action(DISCARD, tuple(c("TD"))))
    play(rnd, DRAW_STOCK)  # seat 0
    while rnd.to_act() != 0:
        play(rnd, PASS)
    play(rnd, Action(DISCARD, tuple(c("QD"))))
    assert rnd.result is None  # the stock card is still in hand
    # seat 0 holds one card: play on until it goes out by discarding it
    for _ in range(40):
        if rnd.result is not None:
            break
        seat = rnd.to_act()
        legal = rnd.legal_actions()
        if rnd.phase == "buy":
            rnd.apply(Action(PASS))
        elif rnd.phase == "draw":
            rnd.apply(Action(DRAW_STOCK))
        elif seat == 0:
            out = [a for a in legal if a.kind == ADD] or [a for a in legal if a.kind == DISCARD]
            rnd.apply(out[0])
        else:
            rnd.apply(next(a for a in legal if a.kind == DISCARD))
    assert rnd.result is not None and rnd.result.winner == 0
    for s in (1, 2):
        hand = [x for x in range(108) if rnd.hands[s] >> x & 1]
        assert rnd.result.points[s] == sum(penalty(x, 2) for x in hand)
    assert rnd.result.points[0] == 0


# -- buying ------------------------------------------------------------------------


def _four() -> ContractRound:
    hands = [c("2C 3C 4C 5D 6D 7D 8H 9H TH JS"), c("2D 3D 4D 5H 6H 7H 8S 9S TS JC")]
    hands += [c("2H 3H 4H 5S 6S 7S 8C 9C TC JD"), c("2S 3S 4S 5C 6C 7C 8D 9D TD JH")]
    return ContractRound.from_deal(hands, discard=c("KH"), stock=c("AC AD AH AS QC QD QH QS"))


def test_buying_asks_the_others_in_turn_order_and_the_first_buyer_gets_it() -> None:
    rnd = _four()
    assert rnd.to_act() == 0
    play(rnd, DRAW_STOCK)  # seat 0 does not take the KH
    assert rnd.to_act() == 1 and {a.kind for a in rnd.legal_actions()} == {BUY, PASS}
    play(rnd, PASS)
    assert rnd.to_act() == 2
    before = rnd.hands[2].bit_count()
    play(rnd, BUY)
    assert rnd.hands[2] >> c("KH")[0] & 1
    assert rnd.hands[2].bit_count() == before + 2  # the discard and a penalty card
    assert rnd.hands[2] >> c("AD")[0] & 1  # the penalty is the stock's top card
    assert rnd.to_act() == 0 and rnd.phase == "play"  # seat 3 is not asked
    assert rnd.buys == [0, 0, 1, 0]
    assert not rnd.discard


def test_no_buying_when_the_discard_is_taken() -> None:
    rnd = _four()
    play(rnd, TAKE_DISCARD)
    assert rnd.to_act() == 0 and rnd.phase == "play"


def test_the_discarder_is_not_asked_and_everyone_passing_returns_the_turn() -> None:
    rnd = _four()
    play(rnd, TAKE_DISCARD, Action(DISCARD, tuple(c("2C"))))
    play(rnd, DRAW_STOCK)  # seat 1 passes the 2C: seats 2 and 3 are asked, not seat 0
    asked = []
    while rnd.phase == "buy":
        asked.append(rnd.to_act())
        play(rnd, PASS)
    assert asked == [2, 3]
    assert rnd.to_act() == 1 and rnd.discard[-1] == c("2C")[0]


def test_at_most_three_buys_a_player_a_deal() -> None:
    rnd = _four()
    rnd.buys[1] = 3
    play(rnd, DRAW_STOCK)
    assert rnd.to_act() == 2  # seat 1 has bought three times
    opts = ContractOptions(buys=0)
    rnd = ContractRound.from_deal(
        [[x for x in range(108) if _four().hands[s] >> x & 1] for s in range(4)],
        discard=c("KH"),
        stock=c("AC AD"),
        options=opts,
    )
    play(rnd, DRAW_STOCK)
    assert rnd.to_act() == 0 and rnd.phase == "play"


def test_views_hide_other_hands_during_buying() -> None:
    rnd = _four()
    play(rnd, DRAW_STOCK)
    v = rnd.view(1)
    assert v.to_act == 1 and {a.kind for a in v.legal} == {BUY, PASS}
    assert set(v.hand) == {x for x in range(108) if rnd.hands[1] >> x & 1}
    assert rnd.view(0).legal == () and rnd.view(2).legal == ()
    drawn = [e for e in rnd.view(1).history if e.action.kind == DRAW_STOCK]
    assert drawn and drawn[0].card is None  # seat 0's stock card is hidden from seat 1


# -- the last deal ----------------------------------------------------------------


def test_last_deal_going_down_is_going_out_with_every_card_and_no_discard() -> None:
    hands = [
        c("AC 2C 3C 4C 9H TH JH QH JD QD KD AD"),
        c("3D 4D 5D 6D 9S TS JS QS 2H 3H 4H 5H"),
        c("5C 6C 7C 8C 9C TC JC QC 7S 7H 7D 7S'"),
    ]
    rnd = ContractRound.from_deal(hands, discard=c("2S"), stock=c("5C'"), round_index=6)
    assert rnd.deal == 7
    play(rnd, DRAW_STOCK)  # 5C: 13 cards, all of them in three runs (5C on the clubs)
    while rnd.phase == "buy":
        play(rnd, PASS)
    downs = [a for a in rnd.legal_actions() if a.kind == DOWN]
    assert len(downs) == 1 and len(downs[0].cards) == 13
    play(rnd, downs[0])
    assert rnd.result is not None and rnd.result.winner == 0 and not rnd.discard[1:]


def test_last_deal_no_going_down_short_of_every_card() -> None:
    hands = [
        c("AC 2C 3C 4C 9H TH JH QH JD QD KD 7S"),
        c("3D 4D 5D 6D 9S TS JS QS 2H 3H 4H 5H"),
        c("5C 6C 7C 8C 9C TC JC QC 7H 7D 8S 8H"),
    ]
    rnd = ContractRound.from_deal(hands, discard=c("2S"), stock=c("KS"), round_index=6)
    play(rnd, DRAW_STOCK)
    while rnd.phase == "buy":
        play(rnd, PASS)
    assert not any(a.kind == DOWN for a in rnd.legal_actions())  # three runs, but 7S and KS left
    with pytest.raises(IllegalAction, match="last deal"):
        rnd.apply(Action(DOWN, tuple(c("AC 2C 3C 4C 9H TH JH QH JD QD KD"))))


# -- the match --------------------------------------------------------------------


def test_match_is_seven_deals_lowest_total_wins() -> None:
    assert SPEC.match_rule is not None
    assert SPEC.match_rule(ContractOptions()) == MatchRule.deals(7, lowest_wins=True)
    assert [ContractRound.deal_round(None, 3, i, random.Random(0)).deal for i in range(7)] == list(
        range(1, 8)
    )


def test_the_jokers_a_contract_needs_are_never_overcounted() -> None:
    """``jokers_needed`` is a lower bound (the layouts are not enumerated for a
    hand with fewer jokers): every layout found with four jokers to spare uses
    at least that many."""
    from rummykit.variants.contract.contract import jokers_needed

    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        deal = rng.randrange(1, 8)
        ranks, suits = rng.sample(range(13), 4), rng.sample(range(4), 2)
        pool = [x for x in range(104) if x % 13 in ranks or x % 52 // 13 in suits]
        naturals = rng.sample(pool, rng.randrange(6, 13))
        counts = tuple(sum(1 for x in naturals if x % 52 == b) for b in range(52))
        sets, runs = CONTRACTS[deal - 1]
        found = layouts([*naturals, *range(104, 108)], 2, deal)
        if found:
            used = min(sum(1 for m in lay for x in m if x >= 104) for lay in found)
            assert used >= jokers_needed(counts, sets, runs)
            checked += 1
    assert checked > 50


def test_the_last_deals_quick_test_passes_every_hand_that_melds_all() -> None:
    """``may_meld_all`` (the round's test before it looks for a last-deal
    going out) is false only where ``arrange`` finds no way to meld every
    card: never for a hand of three runs, with jokers and a copy in them."""
    from rummykit.variants.contract.contract import may_meld_all

    rng = random.Random(11)
    full = refused = 0
    for _ in range(300):
        hand: set[int] = set()
        for _ in range(3):
            s, lo = rng.randrange(4), rng.randrange(10)
            for p in range(lo, min(lo + rng.randrange(4, 7), 14)):
                b = s * 13 + (0 if p == 13 else p)
                hand.add(104 + rng.randrange(4) if rng.random() < 0.15 else b if b not in hand else b + 52)
        if rng.random() < 0.5:
            hand.add(rng.randrange(108))
        best = arrange(sorted(hand), 2, 7)
        melds_all = best is not None and best[2] == 0
        quick = may_meld_all(sorted(hand), 2, 3)
        assert quick or not melds_all, sorted(hand)
        full += melds_all
        refused += not quick
    assert full > 50 and refused > 20
    assert not may_meld_all(c("AC 2C 3C 4C 9H TH JH QH JD QD KD 7S KS"), 2, 3)  # four suits
    assert not may_meld_all(c("AC 2C 3C 4C 9H TH JH QH 5D 6D 7D KD"), 2, 3)  # KD: no run of 4 around it
    assert may_meld_all(c("AC 2C 3C 4C 9H TH JH QH 5D 6D 7D JK"), 2, 3)


def test_can_meet_is_cores_solver_and_agrees_with_the_layouts() -> None:
    """``can_meet`` asks core's solver; a hand meets its contract exactly when
    the round finds a layout for it, with two decks and with three."""
    from rummykit import JOKERS_WILD
    from rummykit.variants.contract.contract import POINTS, solver

    rng = random.Random(9)
    met = 0
    for _ in range(300):
        deal, copies = rng.randrange(1, 8), rng.choice((2, 3))
        ranks, suits = rng.sample(range(13), 4), rng.sample(range(4), 2)
        pool = [x for x in range(52 * copies) if x % 13 in ranks or x % 52 // 13 in suits]
        jokers = range(52 * copies, 54 * copies)
        hand = sorted({*rng.sample(pool, rng.randrange(8, 17)), *rng.sample(jokers, rng.randrange(3))})
        meets = can_meet(hand, copies, deal)
        assert meets == bool(layouts(hand, copies, deal)), (deal, hand)
        met += meets
    assert 30 < met < 270
    for copies in (2, 3):
        deck = solver(copies).deck
        assert [POINTS.of(x, deck, JOKERS_WILD) for x in range(deck.size)] == [
            penalty(x, copies) for x in range(deck.size)
        ]
