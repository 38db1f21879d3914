"""Indian Rummy's deal, moves and scoring (docs/rules.md §5), and its formats."""

from __future__ import annotations

import random

import pytest

from rummykit.core.base.errors import IllegalAction
from rummykit.core.cards.card import parse_card
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.round import RoundResult
from rummykit.core.play.match import Match
from rummykit.variants.indian.agents import EasyIndianAgent, HardIndianAgent
from rummykit.variants.indian.cards import FIRST_JOKER
from rummykit.variants.indian.match import Pool, Rotation, match_rule
from rummykit.variants.indian.melds import declares
from rummykit.variants.indian.options import IndianOptions
from rummykit.variants.indian.round import DECLARE, DISCARD, DROP, IndianRound, new_round, same
from rummykit.variants.indian.spec import SPEC

JK1, JK2 = FIRST_JOKER, FIRST_JOKER + 1
OPTS = IndianOptions()


def cards(text: str) -> list[int]:
    out, jokers = [], [JK1, JK2]
    for t in text.split():
        if t == "JK":
            out.append(jokers.pop(0))
        elif t.endswith("'"):
            out.append(parse_card(t[:-1]) + 52)
        else:
            out.append(parse_card(t))
    return out


def made(hands: list[str], up: str, cut: str, stock: str = "", n_seats: int | None = None) -> IndianRound:
    """A deal of chosen cards (stock top last); the rest of the deck is left out."""
    n = n_seats or len(hands)
    return IndianRound(
        OPTS,
        n,
        0,
        [cards(h) for h in hands],
        cards(stock),
        cards(up),
        cards(cut)[0],
        tuple(range(len(hands))),
    )


DECLARER = "AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 4C"  # 4C left
LOSER = "2C 3C 4D 5D 6D 8H 8S KS KD JH 2D 7C TC"


def test_deal() -> None:
    for n in range(2, 7):
        rnd = new_round(OPTS, n, 0, random.Random(n))
        zones = rnd.zones()
        every = [c for z in zones.values() for c in z]
        assert sorted(every) == list(range(106))
        assert all(len(rnd.hands[s]) == 13 for s in range(n))
        assert len(rnd.discard) == 1 and len(zones["cut"]) == 1
        assert len(rnd.stock) == 106 - 13 * n - 2
        v = rnd.view(0)
        assert v.extra["cut"] == rnd.cut and v.extra["wild"] == (
            0 if rnd.cut >= FIRST_JOKER else rnd.cut % 13
        )
        assert v.extra.get("cut") is not None and "hand1" not in str(v.extra)


def test_a_printed_joker_cut_makes_aces_wild() -> None:
    rnd = made([DECLARER, LOSER], "5C", "JK")
    assert rnd.wild == 0
    rnd = made([DECLARER, LOSER], "5C", "7D")
    assert rnd.wild == 6


def test_seats_out_of_the_match_are_not_dealt_in() -> None:
    ctx = MatchContext(3, 4, 0, (1, 3), (), (120, 40, 101, 30), (0, 2))
    rnd = new_round(OPTS, 4, 3, random.Random(5), match=ctx)
    assert rnd.hands[0] == [] and rnd.hands[2] == [] and len(rnd.hands[1]) == 13
    assert rnd.to_act() == 1
    assert sorted(c for z in rnd.zones().values() for c in z) == list(range(106))


def test_drop_costs_20_before_the_first_draw_and_40_after() -> None:
    rnd = made([DECLARER, LOSER, LOSER.replace("2C", "KC")], "5C", "7D", "8C 8D 9H 4H")
    rnd.apply(Action(DROP))  # seat 0 before drawing: 20
    assert rnd.to_act() == 1
    rnd.apply(Action(DRAW_STOCK))
    rnd.apply(Action(DISCARD, (rnd.hands[1][0],)))
    rnd.apply(Action(DRAW_STOCK))
    rnd.apply(Action(DISCARD, (rnd.hands[2][0],)))
    assert rnd.to_act() == 1  # the seat that dropped is passed over
    rnd.apply(Action(DROP))  # seat 1 after drawing: 40; seat 2 is the last one left
    result = rnd.result
    assert result is not None and result.winner == 2
    assert result.points == (20, 40, 0)
    assert result.outcome == "all dropped"


def test_a_wrong_declaration_is_refused_with_what_is_missing() -> None:
    hand = "AH 2H JK 5S 6S JK 9C 9D 9S QD QH QC 4C"
    rnd = made([hand, LOSER], "5C", "7D", "KH")
    rnd.apply(Action(DRAW_STOCK))
    assert not [a for a in rnd.legal_actions() if a.kind == DECLARE]
    with pytest.raises(IllegalAction, match="no pure sequence"):
        rnd.apply(Action(DECLARE, (parse_card("KH"),)))
    assert rnd.result is None and len(rnd.hands[0]) == 14  # nothing changed


def test_a_declaration_and_the_points_of_the_others() -> None:
    # 7s wild; seat 0 draws 4H: A-2-3-4♥ pure, 5-6♠+JK, 9♣9♦9♠, Q♦Q♥Q♣, 4C laid down
    rnd = made([DECLARER, LOSER], "5C", "7D", "4H")
    rnd.apply(Action(DRAW_STOCK))
    legal = [a for a in rnd.legal_actions() if a.kind == DECLARE]
    assert [a.cards for a in legal] == [(parse_card("4C"),)]
    rnd.apply(Action(DECLARE, (parse_card("4C"),)))
    result = rnd.result
    assert result is not None and result.winner == 0 and result.outcome == "declare"
    # the loser: 2C 3C 4D 5D 6D 8H 8S KS KD JH 2D 7C TC, 7s wild: 4-5-6♦ pure and
    # 2-3♣ + 7♣ (wild) impure: melds count; left 8H 8S KS KD JH 2D TC = 8+8+10+10+10+2+10 = 58
    assert result.points == (0, 58)
    assert rnd.closed == [parse_card("4C")]


def test_points_are_capped_at_80_and_every_card_counts_without_two_sequences() -> None:
    loser = "KC KD KH QS QD JC JD TS TH 9C 9D 8S 8H"  # no sequence: 4*10+... > 80
    rnd = made([DECLARER, loser], "5C", "7D", "4H")
    rnd.apply(Action(DRAW_STOCK))
    rnd.apply(Action(DECLARE, (parse_card("4C"),)))
    assert rnd.result is not None and rnd.result.points == (0, 80)
    assert any("capped at 80" in line for line in rnd.result.text)


def test_copies_are_one_move_to_a_player() -> None:
    rnd = made([DECLARER.replace("4C", "4C'"), LOSER], "5C", "7D", "KH")
    rnd.apply(Action(DRAW_STOCK))
    # one discard per card name, whatever copies are held; 4C names the second copy held
    moves = [a for a in rnd.legal_actions() if a.kind == DISCARD]
    names = [rnd.deck.names(a.cards) for a in moves]
    assert len(names) == len(set(names)) == 14
    typed = (rnd.deck.parse("4C"),)
    (move,) = [a for a in moves if rnd.deck.same_cards(typed, a.cards)]
    rnd.apply(move)
    assert rnd.discard[-1] == parse_card("4C") + 52
    # both copies held: one move, the lowest copy
    rnd = made([LOSER.replace("2C", "TC'"), DECLARER], "5C", "7D", "KH")
    rnd.apply(Action(DRAW_STOCK))
    tens = [a for a in rnd.legal_actions() if a.kind == DISCARD and a.cards[0] % 52 == parse_card("TC")]
    assert [a.cards for a in tens] == [(parse_card("TC"),)]


def test_the_stock_running_out_is_rebuilt_from_the_pile_but_its_top() -> None:
    rnd = made([DECLARER, LOSER], "5C", "7D", "KH")
    rnd.apply(Action(DRAW_STOCK))
    rnd.apply(Action(DISCARD, (parse_card("KH"),)))
    rnd.discard[:0] = cards("8D 8C")  # the pile below the top
    assert rnd.stock == []
    rnd.apply(Action(DRAW_STOCK))
    assert rnd.discard == [parse_card("KH")]
    assert len(rnd.restocks) == 1 and len(rnd.stock) == 2


def test_views_hide_other_hands_and_the_stock() -> None:
    rnd = new_round(OPTS, 3, 0, random.Random(1))
    v = rnd.view(1)
    assert v.hand == tuple(rnd.hands[1])
    assert v.hand_sizes == (13, 13, 13)
    hidden = set(rnd.hands[0]) | set(rnd.hands[2]) | set(rnd.stock)
    assert not hidden & set(v.hand)
    assert not hidden & set(v.discard_pile)
    assert v.extra["cut"] == rnd.cut


def test_take_discard_then_discard() -> None:
    rnd = made([DECLARER, LOSER], "5C", "7D", "KH")
    rnd.apply(Action(TAKE_DISCARD))
    assert parse_card("5C") in rnd.hands[0]
    with pytest.raises(IllegalAction, match="you have drawn"):
        rnd.apply(Action(DRAW_STOCK))


# -- the formats -------------------------------------------------------------


def result(points: tuple[int, ...], winner: int) -> RoundResult:
    return RoundResult(points=points, outcome="declare", winner=winner)


def test_pool_puts_out_a_player_at_101_and_the_last_one_left_wins() -> None:
    rule = Pool(101)
    rule.start(3, random.Random(0))
    ctx = rule.context(0)
    assert ctx.seats == (0, 1, 2)
    rule.record(result((0, 80, 60), 0), ctx)
    assert rule.out == [] and not rule.is_over()
    ctx = rule.context(1)
    rule.record(result((30, 21, 0), 2), ctx)  # seat 1 reaches 101: out
    assert rule.out == [1]
    ctx = rule.context(2)
    assert 1 not in ctx.seats and set(ctx.seats) == {0, 2}
    rule.record(result((0, 0, 50), 0), ctx)  # seat 2 reaches 110: out
    assert rule.is_over() and rule.winners() == (0,)
    assert rule.ranking() == (0, 2, 1)


def test_the_formats_from_the_options() -> None:
    assert isinstance(match_rule(IndianOptions(format="pool", pool=201)), Pool)
    assert match_rule(IndianOptions(format="pool", pool=201)).limit == 201
    deals = match_rule(IndianOptions(format="deals"))
    assert isinstance(deals, Rotation) and deals.limit == 2 and deals.lowest_wins
    assert match_rule(IndianOptions()).limit == 1


@pytest.mark.parametrize(("fmt", "n"), [("points", 2), ("deals", 3), ("pool", 3)])
def test_matches_play_out(fmt: str, n: int) -> None:
    options = IndianOptions(format=fmt)
    match = Match(SPEC, options, n, 11)
    agents = [HardIndianAgent(s) if s == 0 else EasyIndianAgent(s) for s in range(n)]
    rounds = 0
    while not match.over and rounds < 400:
        seat = match.to_act()
        assert seat is not None
        view = match.view(seat)
        if view.match is not None:
            assert seat in view.match.seats  # a seat out is never asked to play
        match.apply(agents[seat].act(view, view.legal))
        rounds += 1 if match.round is None else 0
    assert match.over
    if fmt == "deals":
        assert match.rule.rounds == 2
    if fmt == "pool":
        assert len(match.rule.winners()) == 1


def test_information_and_resample_hide_what_the_seat_has_not_seen() -> None:
    from rummykit.core.engine.resample import deal_round

    rnd = deal_round(SPEC, OPTS, 3, 0, random.Random(3))
    agents = [EasyIndianAgent(s) for s in range(3)]
    for _ in range(90):
        if rnd.result is not None:
            break
        seat = rnd.to_act()
        assert seat is not None
        view = rnd.view(seat)
        rnd.apply(agents[seat].act(view, view.legal))
    for seat in range(3):
        info = rnd.information(seat)
        hidden = set(rnd.stock)
        for s in range(3):
            if s != seat:
                hidden |= set(rnd.hands[s]) - set(info.known[s])
        held = {*info.hand, *info.discard, *(c for k in info.known for c in k)}
        assert not hidden & held
        for k, s in zip(info.known, range(3), strict=True):
            assert set(k) <= set(rnd.hands[s])  # what it knows is true
        sample = info.sample(random.Random(seat))
        a, b = sample.view(seat), rnd.view(seat)
        for field in ("hand", "hand_sizes", "stock_size", "discard_pile", "history", "legal", "extra"):
            assert getattr(a, field) == getattr(b, field), field
        assert sorted(c for z in sample.zones().values() for c in z) == list(range(106))


def test_the_declarations_offered_are_every_card_whose_laying_down_declares() -> None:
    # a valid declaration of 13, a card of it swapped half the time, plus one
    # more card: the cards offered to lay down are the brute force's
    rng = random.Random(3)
    rnd = made([DECLARER, LOSER], "5C", "7D")
    base = cards("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC KC")
    offered = 0
    for _ in range(150):
        hand = list(base)
        if rng.random() < 0.5:
            hand[rng.randrange(13)] = rng.choice([c for c in range(106) if c not in hand])
        hand.append(rng.choice([c for c in range(106) if c not in hand]))
        choices = sorted({same(c): c for c in reversed(hand)}.values())
        brute = [c for c in choices if declares([x for x in hand if x != c], rnd.wild)]
        assert rnd.declarable(hand, choices) == brute
        offered += bool(brute)
    assert offered > 10
