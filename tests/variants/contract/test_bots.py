"""Contract Rummy's ``ai:hard`` in positions whose right move the rules decide:
what it reads of the next player, its buying in the last deal, its layout."""

from __future__ import annotations

from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.variants.contract.bots import HARD, NORMAL
from rummykit.variants.contract.bots.hard import exact_down, read_player
from rummykit.variants.contract.contract import arrange
from rummykit.variants.contract.options import ContractOptions
from rummykit.variants.contract.round import ADD, BUY, DISCARD, DOWN, PASS, ContractRound

from .test_rules import c, play

HANDS = [
    c("2C 3C 4C 5D 6D 7D 8H 9H TH JS QS KS"),
    c("2D 3D 4D 5H 6H 7H 8S 9S TS JC QC KC"),
    c("2H 3H 4H 5S 6S 7S 8C 9C TC JD QD KD"),
]


def test_hard_buys_nothing_in_the_last_deal_not_even_a_joker() -> None:
    for index, buyer in ((6, PASS), (5, BUY)):
        rnd = ContractRound.from_deal(HANDS, discard=c("JK"), stock=c("AC AD AH AS"), round_index=index)
        play(rnd, DRAW_STOCK)  # seat 0 passes the joker: seat 1 is asked
        assert rnd.to_act() == 1 and rnd.phase == "buy"
        view = rnd.view(1)
        assert HARD.factory(1, 1, ContractOptions()).act(view, view.legal).kind == buyer
        assert NORMAL.factory(1, 1, ContractOptions()).act(view, view.legal).kind == BUY


def test_hard_reads_what_the_next_player_took_threw_and_passed_on() -> None:
    rnd = ContractRound.from_deal(HANDS, discard=c("9D"), stock=c("AC AD AH AS"))
    play(rnd, TAKE_DISCARD, Action(DISCARD, tuple(c("KS"))))
    play(rnd, DRAW_STOCK)  # seat 1 passes on the KS
    while rnd.phase == "buy":
        play(rnd, PASS)
    play(rnd, Action(DISCARD, tuple(c("QC"))))
    play(rnd, TAKE_DISCARD)  # seat 2 takes the QC
    seen = read_player(rnd.view(0), 1)
    assert seen.shed == {c("KS")[0], c("QC")[0]} and not seen.took
    assert read_player(rnd.view(1), 2).took == {c("QC")[0]}
    assert read_player(rnd.view(2), 0).took == {c("9D")[0]}


def test_hard_goes_down_with_the_layout_that_leaves_fewest_points() -> None:
    # Deal 2, a set and a run: the 8H in the run, not the set, lets the 4H and
    # the 9H go onto the run as well; laid otherwise, one of them stays in hand.
    hand = c("5H' 6H' 7H' 8H' 9H' 8C' 8D' 8S' 4H' 2C'")
    rnd = ContractRound.from_deal(
        [hand, HANDS[1][:10], HANDS[2][:10]], discard=c("3S"), stock=c("AC"), round_index=1
    )
    play(rnd, TAKE_DISCARD)
    view = rnd.view(0)
    assert len([a for a in view.legal if a.kind == DOWN]) > 1
    down = exact_down(view, view.legal)
    assert down is not None and sorted(x % 52 for x in down.cards) == sorted(c("8C 8D 8S 4H 5H 6H 7H"))
    play(rnd, down)
    best = arrange([*hand, *c("3S")], 2, 2)
    assert best is not None
    for i, meld in enumerate(best[0]):  # the additions the arrangement makes, in its order
        for card in meld[3 if i == 0 else 4 :]:
            play(rnd, Action(ADD, (card,), i + 1))
    left = sorted(x % 52 for x in range(108) if rnd.hands[0] >> x & 1)
    assert left == sorted(x % 52 for x in best[1]) == sorted(c("2C 3S"))


def test_hard_adds_each_card_where_it_leaves_room_for_the_rest() -> None:
    # As above: once down, the 8H goes onto the run (not the set of 8s), so
    # the 9H follows it there; the hand keeps only the 2C and the 3S.
    hand = c("5H' 6H' 7H' 8H' 9H' 8C' 8D' 8S' 4H' 2C'")
    rnd = ContractRound.from_deal(
        [hand, HANDS[1][:10], HANDS[2][:10]], discard=c("3S"), stock=c("AC"), round_index=1
    )
    play(rnd, TAKE_DISCARD)
    hard = HARD.factory(0, 0, ContractOptions())
    while True:
        view = rnd.view(0)
        action = hard.act(view, view.legal)
        if action.kind == DISCARD:
            break
        play(rnd, action)
    assert sorted(x % 52 for x in view.hand) == sorted(c("2C 3S"))
