"""Gin for three (``gin-3``, docs/rules.md §4): the dealer deals to the other
two and sits out, the loser deals the next hand (so the winner plays the
previous dealer), the same dealer again after a hand with no score; each
player's own total, first to the target, then the family's bonuses with a
three-player shutout."""

from __future__ import annotations

import random

import pytest

from rummykit import HandReport, Match, MatchContext, RoundResult, RummyError
from rummykit.core.engine.loop import Loop
from rummykit.testing import check_cards_accounted, check_variant, check_view_hides
from rummykit.variants.classic_gin.tables import Gin3Round, three_seats
from rummykit.variants.classic_gin.tables_agents import game_view
from rummykit.variants.classic_gin.tables_match import Gin3Rule
from rummykit.variants.classic_gin.tables_spec import GIN3, Gin3Options
from rummykit.variants.gin import GinOptions, GinRound


def played(seed: int, target: int = 60) -> Match:
    """A match of ``gin-3`` just dealt."""
    return Match(GIN3, Gin3Options(target=target), 3, seed)


def keen(rng: random.Random, legal):
    """A random move, but a knock or gin whenever there is one (hands that score)."""
    ending = [a for a in legal if a.kind in ("knock", "gin")]
    return rng.choice(ending or list(legal))


def test_the_dealer_sits_out_the_loser_deals_and_the_winner_meets_the_previous_dealer():
    seen_scoring = seen_void = 0
    for seed in range(6):
        match = played(seed)
        rng = random.Random(seed)
        while not match.over:
            ctx = match.context
            dealer = ctx.dealer
            assert dealer is not None and dealer not in ctx.seats
            # the two others, the one on the dealer's left first
            assert ctx.seats == ((dealer + 1) % 3, (dealer + 2) % 3)
            assert match.round.zones()[f"hand{dealer}"] == []
            assert match.to_act() == ctx.seats[0]  # the non-dealer's part: the first word on the upcard
            while match.context is ctx and not match.over:
                assert match.to_act() in ctx.seats
                assert match.view(dealer).legal == ()
                match.apply(
                    keen(rng, match.legal_actions()) if seed % 2 else rng.choice(match.legal_actions())
                )
            result = match.results[-1]
            assert result.points[dealer] == 0
            if match.over:
                break
            if result.winner is None:  # no score: the same dealer, the same two play
                seen_void += 1
                assert match.context.dealer == dealer and match.context.seats == ctx.seats
            else:
                seen_scoring += 1
                loser = next(s for s in ctx.seats if s != result.winner)
                assert match.context.dealer == loser
                assert set(match.context.seats) == {result.winner, dealer}
    assert seen_scoring and seen_void


def test_the_first_dealer_is_drawn_by_lot_from_the_match_generator():
    dealers = {played(seed).context.dealer for seed in range(30)}
    assert dealers == {0, 1, 2}
    assert played(11).round.zones() == played(11).round.zones()


def test_every_card_is_once_under_the_match_seats_and_the_sitting_out_seat_sees_only_the_table():
    match = played(4)
    rnd = match.round
    away = match.context.dealer
    first, second = match.context.seats
    rng = random.Random(2)
    for _ in range(40):
        check_cards_accounted(rnd)
        zones = rnd.zones()
        assert set(zones) == {"stock", "discard", "hand0", "hand1", "hand2"}
        assert zones[f"hand{away}"] == []
        v = rnd.view(away)
        assert v.hand == () and v.legal == () and v.extra["sitting_out"] == away
        assert v.discard_pile == rnd.view(first).discard_pile and v.stock_size == len(zones["stock"])
        assert all(e.card is None for e in v.history if e.action.kind == "draw stock")
        for seat in range(3):
            check_view_hides(rnd, seat)
            other_hands = {c for s in (first, second) if s != seat for c in zones[f"hand{s}"]}
            assert not other_hands & set(rnd.view(seat).hand)
        if rnd.result is not None:
            break
        rnd.apply(rng.choice(rnd.legal_actions()))


def test_a_player_sees_its_game_with_match_seats_and_its_bot_the_two_seat_game():
    match = played(8)
    first, second = match.context.seats
    away = match.context.dealer
    v = match.view(first)
    assert v.n_seats == 3 and len(v.hand) == 10 and v.hand_sizes[away] == 0
    assert v.extra["opponent"] == second and v.extra["first_seat"] == first
    assert v.extra["dealer"] == away and v.match.seats == (first, second)
    g = game_view(v)
    assert g.n_seats == 2 and g.seat == 0 and g.hand == v.hand and g.legal == v.legal
    assert g.extra["first_seat"] == 0 and "opponent" not in g.extra
    assert game_view(match.view(second)).seat == 1


def test_the_hand_result_is_the_game_s_under_match_seats():
    match = played(1)
    rng = random.Random(5)
    while not match.results or match.results[-1].winner is None:
        ctx = match.context
        match.apply(keen(rng, match.legal_actions()))
    result = match.results[-1]
    assert len(result.points) == 3 and result.points[ctx.dealer] == 0
    assert result.winner in ctx.seats and result.points[result.winner] > 0
    assert {h.seat for h in result.hands} == set(ctx.seats)
    lines = result.lines(["Ann", "Bob", "Cy"])
    names = ["Ann", "Bob", "Cy"]
    assert lines[-1] == f"{names[ctx.dealer]} dealt and sat this hand out"
    assert names[result.winner] in lines[0]


def test_a_round_dealt_outside_a_match_seats_the_two_after_seat_three():
    assert three_seats(None) == (0, 1)
    assert three_seats(MatchContext(0, 3, 1, (2, 0))) == (2, 0)
    assert three_seats(MatchContext(0, 3, 0, (0, 1, 2))) == (1, 2)
    with pytest.raises(RummyError, match="for 3 players, not 2"):
        Gin3Round.deal(Gin3Options(), 2, 0, random.Random(0))


def hand(winner: int | None, points: int, seats: tuple[int, int]) -> tuple[RoundResult, MatchContext]:
    pts = [0, 0, 0]
    if winner is not None:
        pts[winner] = points
    dealer = next(s for s in range(3) if s not in seats)
    result = RoundResult(tuple(pts), "knock" if winner is not None else "draw", winner, (HandReport(0, ()),))
    return result, MatchContext(0, 3, dealer, seats)


def test_the_rule_bonuses_and_a_three_player_shutout():
    rule = Gin3Rule(100)
    rule.start(3, random.Random(0))
    rule.dealer = 2
    for winner, pts in ((0, 40), (1, 10), (0, 60)):
        result, ctx = hand(winner, pts, rule.seats_in_play())
        rule.record(result, ctx)
    assert rule.is_over() and rule.winners() == (0,)
    final = {c.title: c.values for c in rule.columns()}
    assert final["Score"] == (100, 10, 0) and final["Hands"] == (2, 1, 0)
    # seat 1 won a hand: no shutout although seat 2 won none
    assert final["Boxes"] == (50, 25, 0) and final["Game"] == (100, 0, 0)
    assert final["Final"] == (250, 35, 0)
    shut = Gin3Rule(100)
    shut.start(3, random.Random(0))
    shut.dealer = 0
    for _ in range(2):
        result, ctx = hand(1, 50, shut.seats_in_play())
        shut.record(result, ctx)
    final = {c.title: c.values for c in shut.columns()}
    assert final["Boxes"] == (0, 100, 0) and final["Game"] == (0, 200, 0)  # neither other won a hand: doubled
    assert shut.ranking()[0] == 1


def test_the_rule_deals_again_after_no_score_and_names_itself():
    rule = Gin3Rule(100)
    rule.start(3, random.Random(0))
    rule.dealer = 1
    assert rule.seats_in_play() == (2, 0)
    result, ctx = hand(None, 0, (2, 0))
    rule.record(result, ctx)
    assert rule.dealer == 1
    result, ctx = hand(2, 15, (2, 0))
    rule.record(result, ctx)
    assert rule.dealer == 0 and rule.seats_in_play() == (1, 2)
    assert rule.describe().startswith("the dealer sits out, the loser deals; first to 100")
    assert rule.to_json()["rule"] == "gin-3"


def test_bots_play_a_whole_match():
    match = Match(GIN3, Gin3Options(target=40), 3, 2026)
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    agents = [
        reg.agent("gin-3", name).factory(s, s, match.options)
        for s, name in enumerate(("ai:hard", "ai:normal", "ai:easy"))
    ]
    Loop(match, lambda seat: agents[seat].act(match.view(seat), match.legal_actions())).run()
    assert match.over and max(match.totals) >= 40 and match.winner is not None


def test_conformance():
    check_variant("gin-3", seeds=range(3), report=False)


@pytest.mark.slow
def test_conformance_with_every_player():
    coverage = check_variant("gin-3", seeds=range(8), report=False)
    assert not coverage.outcomes_never_reached and not coverage.moves_never_played
    assert {"ai:easy", "ai:normal", "ai:hard", "ai:search"} <= set(coverage.players)


class CardemsThree(Gin3Round):
    """Gin for three over Cardems Gin's round: the two-seat class is a parameter."""

    round_class = GinRound


def test_the_two_seat_round_is_a_parameter():
    rnd = CardemsThree.deal(GinOptions(), 3, 0, random.Random(1), match=MatchContext(0, 3, 0, (1, 2)))
    assert all(type(g.round) is GinRound for g in rnd.games)
    assert rnd.to_act() == 1 and "pass" not in {a.kind for a in rnd.legal_actions()}  # no upcard offer
    rng = random.Random(2)
    while rnd.result is None:
        check_cards_accounted(rnd)
        rnd.apply(keen(rng, rnd.legal_actions()))
    assert rnd.result.points[0] == 0 and len(rnd.result.points) == 3
