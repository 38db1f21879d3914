"""ai:hard's play-outs for CardVerse with 3 or 4 seats (bots/playout.py): deals sampled
from what the seat saw, and the turn choice they make."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.actions import parse_action
from rummykit.core.cards import FULL_DECK, from_mask, parse_card, parse_cards, points, rank_sort_key, to_mask
from rummykit.core.solver import get_solver
from rummykit.variants.cardverse_rummy.agents import EasyAgent
from rummykit.variants.cardverse_rummy.bots.common import (
    RUN_PARTNERS,
    SET_PARTNERS,
    completing,
    has_meld,
    live_partners,
)
from rummykit.variants.cardverse_rummy.bots.hard import HardCardVerseAgent
from rummykit.variants.cardverse_rummy.bots.knowledge import read_view
from rummykit.variants.cardverse_rummy.bots.playout import Playouts, completes
from rummykit.variants.cardverse_rummy.options import CardVerseOptions
from rummykit.variants.cardverse_rummy.round import CardVerseRound

SOLVER = get_solver(True, 1)
EASY_ORDER = sorted(range(52), key=lambda c: (points(c, 1), rank_sort_key(c, True)))


def m(text: str) -> int:
    return to_mask(parse_cards(text))


def states(n_seats: int, rounds: int):
    """(round, view of the ai:hard seat) at each of its play decisions, the other
    seats ai:easy."""
    for seed in range(rounds):
        rnd = CardVerseRound.deal(CardVerseOptions(), n_seats, 0, random.Random(seed))
        me = seed % n_seats
        agents = [EasyAgent(0) for _ in range(n_seats)]
        agents[me] = HardCardVerseAgent(seed)
        while rnd.to_act() is not None:
            seat = rnd.to_act()
            view = rnd.view(seat)
            if seat == me and rnd.phase == "play":
                yield rnd, view
            rnd.apply(agents[seat].act(view, rnd.legal_actions()))


@pytest.mark.parametrize("n_seats", [3, 4])
def test_sampled_deals_keep_every_card_and_what_is_known(n_seats):
    po = Playouts(SOLVER, 1, random.Random(1))
    checked = 0
    for _, view in states(n_seats, 12):
        k = read_view(view)
        for _ in range(5):
            hands, stock = po.sample(k)
            assert hands[k.seat] == k.hand
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            assert len(stock) == view.stock_size
            dealt = 0
            for h in hands:
                assert not dealt & h
                dealt |= h
            assert not dealt & to_mask(stock)
            # Every card is in a hand, the stock, the pile or on the table, once.
            placed = dealt | to_mask(stock) | to_mask(view.discard_pile) | k.table
            assert placed == FULL_DECK
            assert (
                len(stock) + sum(h.bit_count() for h in hands) + len(view.discard_pile) + k.table.bit_count()
                == 52
            )
            for s in range(n_seats):  # cards it saw an opponent take and keep stay there
                assert hands[s] & k.held[s] == k.held[s]
            checked += 1
    assert checked > 50


def test_the_easy_model_holds_for_real_easy_hands():
    """What the sampler assumes of an ai:easy hand after its turn is true of the real
    ones: nothing above its lowest discard (a card it held then it would have shed
    instead, and a higher card shed later was the card it had just drawn), no meld,
    nothing fitting the table as it was, the cards it took and kept."""
    checked = lower = 0
    for rnd, view in states(4, 40):
        k = read_view(view)
        for s in range(4):
            if s == k.seat or not k.discards[s]:
                continue
            true = rnd.hands[s]
            lowest = min(EASY_ORDER.index(c) for c in k.discards[s])
            assert all(EASY_ORDER.index(c) < lowest for c in from_mask(true))
            lower += lowest < EASY_ORDER.index(k.discards[s][-1])
            assert not any(completes(true & ~(1 << c), c) for c in from_mask(true))
            assert not true & k.blocked[s]
            assert true & k.held[s] == k.held[s]
            checked += 1
    assert checked > 200
    assert lower > 10  # the lowest discard often says more than the last


def test_knowledge_reads_the_table_and_the_last_pass():
    rnd = CardVerseRound.setup(
        ["5H 6H 7H KS KC 2D 3C 9S 4D TC", "2S 3S 9D 8C 4C JD QD 5S 6C 7D", "AC AD JS QH 4S 8D 9C 6D 5C TD"],
        stock="2C 3D",
        discard="KD",
    )
    # Seat 0 takes KD (a set of kings), lays it and the run, discards 9S.
    for text in ("take", "meld KS KC KD", "meld 5H 6H 7H", "discard 9S"):
        rnd.apply(parse_action(text, rnd.legal_actions(), rnd.why_illegal))
    # Seat 1 passes on 9S (draws 2C), discards JD.
    for text in ("draw", "discard JD"):
        rnd.apply(parse_action(text, rnd.legal_actions(), rnd.why_illegal))
    k = read_view(rnd.view(2))
    assert k.last_pass[1] == parse_card("9S")
    assert k.last_pass[0] is None  # it took the discard
    # After seat 0's turn the table took KH (the set's last king), 4H and 8H.
    assert k.blocked[0] == m("KH 4H 8H")
    assert k.blocked[1] == m("KH 4H 8H")
    assert k.discards[1] == [parse_card("JD")]


def test_sampled_hands_respect_the_last_discard():
    """An opponent that last shed the 3 of clubs holds only lower cards (aces,
    twos, the 3s of lower suits), and none that melds together."""
    rnd = CardVerseRound.setup(
        ["KS QS", "3C 2D", "JH TH"], stock="AS AH 9S 8S 7S 6S 5S 4S 3S 2S 9H 8H 7H", discard="", first=1
    )
    for text in ("draw", "discard 3C"):
        rnd.apply(parse_action(text, rnd.legal_actions(), rnd.why_illegal))
    rnd.apply(parse_action("draw", rnd.legal_actions(), rnd.why_illegal))
    k = read_view(rnd.view(2))
    po = Playouts(SOLVER, 1, random.Random(5))
    bound = EASY_ORDER.index(parse_card("3C"))
    for _ in range(200):
        hands, _ = po.sample(k)
        opp = hands[1]
        assert opp.bit_count() == 2
        assert all(EASY_ORDER.index(c) < bound for c in from_mask(opp))


def test_sampled_hands_keep_under_the_lowest_discard():
    """Seat 1 shed the 9 of clubs, then the king of spades it had just drawn (it held
    nothing above the nine): with ``lowest`` its three cards are all under the nine;
    without it the last discard (the king) is the only bound."""
    rnd = CardVerseRound.setup(["QS 5C", "9C 4D 2S", "JH 6H"], stock="3H 7S 8D KS", first=1)
    for text in ("draw", "discard 9C", "draw", "discard JH", "draw", "discard QS", "draw", "discard KS"):
        rnd.apply(parse_action(text, rnd.legal_actions(), rnd.why_illegal))
    k = read_view(rnd.view(2))
    po = Playouts(SOLVER, 1, random.Random(5))
    nine = EASY_ORDER.index(parse_card("9C"))
    above = 0
    for lowest in (False, True):
        po.lowest = lowest
        for _ in range(200):
            hands, _ = po.sample(k)
            assert hands[1].bit_count() == 3
            high = sum(EASY_ORDER.index(c) > nine for c in from_mask(hands[1]))
            if lowest:
                assert high == 0
            above += high
    assert above > 0  # without it some sampled hands hold higher cards


def test_hard_searches_its_turn_with_four_seats_and_plays_it_through():
    """With 4 seats the turn (lay or hold, the card to shed) is chosen once by the
    play-outs and then followed: every move legal, the round ends."""
    planned = 0
    for seed in range(6):
        rnd = CardVerseRound.deal(CardVerseOptions(), 4, 0, random.Random(seed))
        hard = HardCardVerseAgent(seed)
        agents = [hard] + [EasyAgent(0) for _ in range(3)]
        while rnd.to_act() is not None:
            seat = rnd.to_act()
            action = agents[seat].act(rnd.view(seat), rnd.legal_actions())
            if (
                seat == 0
                and hard._plan is not None
                and action.kind == "discard"
                and "play-outs" in hard.explain(rnd.view(0), action)
            ):
                assert action.cards[0] == hard._plan[2]
                planned += 1
            rnd.apply(action)
        assert rnd.result is not None
    assert planned >= 6


def test_search_is_off_with_two_seats():
    rnd = CardVerseRound.deal(CardVerseOptions(), 2, 0, random.Random(3))
    hard = HardCardVerseAgent(3)
    agents = [hard, EasyAgent(0)]
    while rnd.to_act() is not None:
        seat = rnd.to_act()
        rnd.apply(agents[seat].act(rnd.view(seat), rnd.legal_actions()))
    assert hard._plan is None


@pytest.mark.parametrize("n_seats", [3, 4])
def test_match_equity_model(n_seats):
    from rummykit.variants.cardverse_rummy.bots.equity import MatchEquity, equity_for

    fair = MatchEquity(n_seats, 100, 1 / n_seats)
    zero = [0] * n_seats
    assert fair(zero, 0) == pytest.approx(1 / n_seats, abs=1e-9)  # parity at parity
    # Every seat's chances add up to one, whatever the totals.
    totals = [40, 75, 10, 90][:n_seats]
    assert sum(fair(totals, s) for s in range(n_seats)) == pytest.approx(1.0, abs=1e-9)
    # Reaching the target wins the match; an opponent's doing so loses it.
    assert fair.after_round(zero, 0, 100, 0) == 1.0
    assert fair.after_round(zero, 1, 120, 0) == 0.0
    # More points for this seat help; more for an opponent hurt.
    assert fair([50] + [0] * (n_seats - 1), 0) > fair(zero, 0) > fair([0, 50] + [0] * (n_seats - 2), 0)
    # A stronger seat has better chances; the model is shared per process.
    assert equity_for(n_seats, 100, 0.5)(zero, 0) > fair(zero, 0)
    assert equity_for(n_seats, 100, 0.5) is equity_for(n_seats, 100, 0.5)


def test_hard_scores_play_outs_by_the_match_from_the_totals():
    """With 4 seats ai:hard values a play-out's end by its chance to win the match: the
    same round won is worth more when it takes it past the target."""
    rnd = CardVerseRound.deal(CardVerseOptions(), 4, 0, random.Random(2))
    hard = HardCardVerseAgent(2)
    view = rnd.view(0)
    k = read_view(view)
    value = hard._match_value(view, k)
    hands = [m("2C"), m("KS QS JS TH"), m("KH QH 9D"), m("KD QD 9C")]
    assert value(0, hands) < 1.0  # 87 points: not yet the match
    from dataclasses import replace

    ahead = replace(view, scores=(20, 0, 0, 0))
    assert hard._match_value(ahead, k)(0, hands) == 1.0
    behind = replace(view, scores=(0, 95, 0, 0))
    assert hard._match_value(behind, k)(1, hands) == 0.0
    assert HardCardVerseAgent(2, MATCH_AWARE=False)._match_value(view, k) is None


@pytest.mark.parametrize("n_seats", [3, 4])
def test_a_far_target_scores_the_round_until_the_end_nears(n_seats):
    """A match to 1,000 would make the match model solve hundreds of thousands of
    positions before the first decision (tens of seconds): ai:hard scores the round
    instead while the end is far, and the match once the totals near the target."""
    from dataclasses import replace

    from rummykit.variants.cardverse_rummy.bots.equity import equity_for

    rnd = CardVerseRound.deal(CardVerseOptions(target=1000), n_seats, 0, random.Random(2))
    view = rnd.view(0)
    k = read_view(view)
    hard = HardCardVerseAgent(2, target=1000)
    assert hard._match_value(view, k) is None
    near = replace(view, scores=tuple(950 + 10 * s for s in range(n_seats)))
    value = hard._match_value(near, k)
    assert value is not None
    hands = [m("KS QS JS TH 9D")] * n_seats
    hands[0] = 0
    assert value(0, hands) == 1.0  # 98 or more points: past 1,000 from 950
    # Deciding plays: the model it built stays within its bound.
    seat = rnd.to_act()
    hard.act(rnd.view(seat), rnd.legal_actions())
    p = hard.P_ROUND_3 if n_seats == 3 else hard.P_ROUND_4
    assert equity_for(n_seats, 1000, p)._value.cache_info().currsize <= hard.EQUITY_TABLE
    # The usual target of 100 always uses the model.
    assert equity_for(n_seats, 100, p).table_size([0] * n_seats, 0) <= hard.EQUITY_TABLE


def test_play_outs_follow_the_first_draw_they_are_told():
    """``first_take``: this seat's first draw in a play-out is the pile's top (True)
    or the stock (False), whatever its rule; on the empty stock False ends the round."""
    po = Playouts(SOLVER, 1, random.Random(0))
    hands = [m("2C 3D"), m("KS QS"), m("KH QH"), m("KD QD")]
    # Asking the empty stock ends the round at once: the lowest hand (2C 3D, 5) wins.
    assert po.play(hands, [], [parse_card("AC")], [], 0, 0, first_take=False) == (0, hands)
    # Taking the ace, it sheds 3D (its highest loose card) and the next player ends
    # the round on the empty stock with this seat lower still.
    winner, end = po.play(hands, [], [parse_card("AC")], [], 0, 0, first_take=True)
    assert winner == 0 and end[0] == m("AC 2C") and end[1:] == hands[1:]
    # With a stock, False draws its top (the last card) and True leaves it there.
    _, end = po.play(
        hands, [parse_card("9H"), parse_card("4S")], [parse_card("AC")], [], 0, 0, first_take=False
    )
    assert end[0] == m("2C 3D")  # drew 4S, shed it (its highest loose card)


@pytest.mark.parametrize("n_seats", [3, 4])
def test_hard_searches_the_draw_with_four_seats_only(n_seats):
    searched = 0
    for seed in range(4):
        rnd = CardVerseRound.deal(CardVerseOptions(), n_seats, 0, random.Random(seed))
        hard = HardCardVerseAgent(seed)
        agents = [hard] + [EasyAgent(0) for _ in range(n_seats - 1)]
        while rnd.to_act() is not None:
            seat = rnd.to_act()
            view = rnd.view(seat)
            action = agents[seat].act(view, rnd.legal_actions())
            if seat == 0 and action.kind in ("draw stock", "take discard"):
                searched += "play-outs" in hard.explain(view, action)
            rnd.apply(action)
    assert (searched > 0) == (n_seats == 4)


def test_turn_play_outs_drop_the_weaker_choices_half_way():
    """``keep``: after half the deals only the best ``keep`` choices play on; the
    others are out of the running, the survivors are scored on every deal."""
    rnd = CardVerseRound.deal(CardVerseOptions(), 4, 0, random.Random(5))
    rnd.apply(rnd.legal_actions()[0])  # seat 0 draws
    view = rnd.view(0)
    k = read_view(view)
    options = [(False, c) for c in view.hand[:4]]
    full = Playouts(SOLVER, 1, random.Random(9)).turn_wins(k, list(view.discard_pile), [], 10, options)
    half = Playouts(SOLVER, 1, random.Random(9)).turn_wins(k, list(view.discard_pile), [], 5, options)
    pruned = Playouts(SOLVER, 1, random.Random(9)).turn_wins(
        k, list(view.discard_pile), [], 10, options, keep=2
    )
    alive = [i for i, w in enumerate(pruned) if w != float("-inf")]
    # The two best after five deals (the same five deals: the same generator) ...
    assert alive == sorted(sorted(range(4), key=lambda i: (-half[i], i))[:2])
    # ... go on to all ten deals, as without pruning.
    assert all(pruned[i] == full[i] for i in alive)


class CountingPlayouts(Playouts):
    """Playouts that count the deals they sample."""

    deals = 0

    def sample(self, k):
        self.deals += 1
        return super().sample(k)


def four_seat_draw_view(seed: int):
    rnd = CardVerseRound.deal(CardVerseOptions(), 4, 0, random.Random(seed))
    return read_view(rnd.view(0)), rnd.view(0)


def test_draw_play_outs_stop_once_the_difference_is_clear():
    """``first``/``z``: from ``first`` deals on the draw's play-outs stop as soon as the
    two draws differ by more than ``z`` standard errors; what they return is then
    exactly the sums over the deals played."""
    stopped = 0
    for seed in range(12):
        k, view = four_seat_draw_view(seed)
        pile = list(view.discard_pile)
        seq = CountingPlayouts(SOLVER, 1, random.Random(seed))
        got = seq.draw_wins(k, pile, [], 40, None, first=8, z=1.5)
        used = seq.deals
        assert 8 <= used <= 40 and (used == 40 or (used - 8) % 4 == 0)
        # The same deals (the same generator) played without a stop give the same sums.
        assert Playouts(SOLVER, 1, random.Random(seed)).draw_wins(k, pile, [], used) == got
        stopped += used < 40
        if used < 40:  # stopped: clear by then (or no deal told the draws apart)
            stock_w, take_w = got
            assert stock_w != take_w or used == 8
    assert stopped  # some draws are clear early
    # Without ``first`` every deal is played.
    k, view = four_seat_draw_view(0)
    full = CountingPlayouts(SOLVER, 1, random.Random(0))
    full.draw_wins(k, list(view.discard_pile), [], 20)
    assert full.deals == 20


def test_turn_play_outs_go_on_while_the_best_two_are_close():
    """``extra``/``z``: past ``samples`` deals the two best choices keep playing, a
    quarter of ``samples`` at a time, up to ``extra`` more deals while their
    difference is within ``z`` standard errors."""
    inf = float("-inf")
    checked = 0
    for seed in range(6):
        rnd = CardVerseRound.deal(CardVerseOptions(), 4, 0, random.Random(seed))
        rnd.apply(rnd.legal_actions()[0])
        view = rnd.view(0)
        k = read_view(view)
        pile = list(view.discard_pile)
        options = [(False, c) for c in view.hand[:3]]
        runs = {}
        for name, extra, z in (("plain", 0, 0.0), ("wide", 8, 100.0), ("quick", 8, 0.0)):
            po = CountingPlayouts(SOLVER, 1, random.Random(seed))
            runs[name] = (po.turn_wins(k, pile, [], 8, options, keep=2, extra=extra, z=z), po.deals)
        (plain, n_plain), (wide, n_wide), (quick, n_quick) = runs["plain"], runs["wide"], runs["quick"]
        assert n_plain == 8
        # The same two choices survive the halving (the same first deals).
        assert [w == inf for w in wide] == [w == inf for w in plain]
        best = sorted((w for w in plain if w != inf), reverse=True)
        if best[0] == best[1]:
            continue  # (level on every deal, maybe: then nothing tells them apart)
        # Told apart: with z that large every extra deal is played, on top of the
        # first eight; with z = 0 any difference is clear, so it stops at once.
        assert n_wide == 16 and any(w != p for w, p in zip(wide, plain, strict=True) if p != inf)
        assert n_quick == 8 and quick == plain
        checked += 1
    assert checked


# -- the bit-mask helpers the play-outs run on ------------------------------------------

HANDS = st.sets(st.integers(0, 51), max_size=14).map(lambda cs: sum(1 << c for c in cs))


@settings(max_examples=400, deadline=None)
@given(HANDS)
def test_completing_and_has_meld_agree_with_the_card_by_card_answers(hand):
    comp = completing(hand)
    for c in range(52):
        if not hand >> c & 1:
            assert bool(comp >> c & 1) == completes(hand, c)
    assert not comp & hand
    # A meld in the hand is exactly what makes its least deadwood drop below its points.
    assert has_meld(hand) == (SOLVER.deadwood(hand) < SOLVER.points(hand))


def test_completing_knows_the_ace_is_high_only():
    assert completing(m("QH KH")) == m("JH AH")
    assert completing(m("2H 3H")) == m("4H")  # A-2-3 is no run
    assert completing(m("KH AH")) == m("QH")
    assert completing(m("7H 7S")) == m("7C 7D")
    assert has_meld(m("QS KS AS")) and not has_meld(m("AS 2S 3S"))


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 51), st.integers(0, (1 << 52) - 1))
def test_live_partners_counts_every_live_way(hand, card, live):
    live &= ~hand & ~(1 << card)
    hand &= ~(1 << card)
    ways = 0
    for x in SET_PARTNERS[card]:
        for y in SET_PARTNERS[card]:
            if x != y and hand >> x & 1 and live >> y & 1:
                ways += 1
    for x, y in RUN_PARTNERS[card]:
        if (hand >> x & 1 and live >> y & 1) or (hand >> y & 1 and live >> x & 1):
            ways += 1
    assert live_partners(card, hand, live) == ways


def test_shedding_tables_follow_easy_order():
    p = Playouts(SOLVER, 1, random.Random(0))
    assert list(p.shed_order) == EASY_ORDER
    rng = random.Random(5)
    for _ in range(500):
        mask = sum(1 << c for c in rng.sample(range(52), rng.randint(1, 12)))
        top = max(p.top_shed[s][mask >> 13 * s & 0x1FFF] for s in range(4))
        assert p.shed_order[top] == max(from_mask(mask), key=EASY_ORDER.index)


@pytest.mark.parametrize("ace_points", [1, 11])
def test_an_opponents_one_new_meld_is_the_solvers_arrangement(ace_points):
    """An opponent's hand holds no meld before its draw, so after it every meld holds
    the drawn card: the play-outs lay the one the solver would (set or whole run,
    the less deadwood, ties to the smaller mask) without asking the solver."""
    solver = get_solver(True, ace_points)
    p = Playouts(solver, ace_points, random.Random(0))
    rng = random.Random(ace_points)
    checked = 0
    while checked < 3000:
        cards = rng.sample(range(52), rng.randint(3, 12))
        hand, card = to_mask(cards), cards[0]
        if has_meld(hand) and not has_meld(hand & ~(1 << card)):
            assert (p._meld_with(hand, card),) == solver.arrangement(hand)[1]
            checked += 1
    # A set and a run worth the same: the smaller mask, as the solver breaks the tie.
    hand = m("5C 5D 4H 5H 6H")
    assert (p._meld_with(hand, parse_card("5H")),) == solver.arrangement(hand)[1]
    assert p._meld_with(m("QS KS AS 2S"), parse_card("AS")) == m("QS KS AS")  # ace high only
