"""The CardVerse computer players ai:normal and ai:hard."""

from __future__ import annotations

import math
import random

import pytest

from rummykit.core.bots.agents import agent_seed
from rummykit.core.cards.card import parse_card, parse_cards, to_mask
from rummykit.core.cards.solver import get_solver
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.cardverse_rummy.bots.common import plan_turn
from rummykit.variants.cardverse_rummy.bots.hard import (
    ITERATIONS,
    MARGIN,
    MAX_MOVES,
    WIDTH,
    HardCardVerseAgent,
)
from rummykit.variants.cardverse_rummy.bots.knowledge import Table, read_view
from rummykit.variants.cardverse_rummy.bots.normal import NormalCardVerseAgent
from rummykit.variants.cardverse_rummy.options import CardVerseOptions
from rummykit.variants.cardverse_rummy.round import CardVerseRound

from ...marks import first_fast
from ..bot_helpers import GlobalRandomUntouched, play_round, reachable_rounds
from .cardverse_helpers import choose, deal, dealt, play

LEVELS = ["ai:easy", "ai:normal", "ai:hard"]
SOLVER = get_solver(True, 1)


def registry():
    return get_plugins().registry


def make(name: str, seat: int, seed: int, options=None):
    return registry().agent("cardverse", name).factory(seat, seed, options or CardVerseOptions())


def c(text: str) -> int:
    return parse_card(text)


def m(text: str) -> int:
    return to_mask(parse_cards(text))


def test_registered_with_hard_the_strongest():
    reg = registry()
    names = [a.name for a in reg.agents_for("cardverse")]
    assert {"ai:easy", "ai:normal", "ai:hard"} <= set(names)
    assert reg.strongest_agent("cardverse").name == "ai:hard"


@pytest.mark.parametrize("name", LEVELS)
@pytest.mark.parametrize("n_seats", first_fast([2, 3, 4]))
def test_legal_moves_only_and_deterministic_for_a_seed(name, n_seats):
    for round_seed in range(2):
        runs = []
        for _ in range(2):
            with GlobalRandomUntouched():
                rnd = dealt(CardVerseOptions(), n_seats, round_seed, random.Random(round_seed))
                agents = [
                    make(name if s == round_seed % n_seats else "ai:easy", s, agent_seed(round_seed, s))
                    for s in range(n_seats)
                ]
                runs.append(play_round(rnd, agents))
        assert runs[0] == runs[1]


@pytest.mark.parametrize("name", ["ai:normal", "ai:hard"])
@pytest.mark.parametrize("opts", [{"discard_to_win": True}, {"ace_high": True}, {"max_turns": 12}])
def test_legal_under_every_option(name, opts):
    options = CardVerseOptions(**opts)
    for seed in range(2):
        rnd = dealt(options, 3, seed, random.Random(50 + seed))
        agents = [make(name, s, s, options) if s != 1 else make("ai:hard", s, s, options) for s in range(3)]
        play_round(rnd, agents)


def test_hard_against_itself_and_random():
    rnd = dealt(CardVerseOptions(), 4, 0, random.Random(8))
    play_round(
        rnd, [make("ai:hard", 0, 1), make("random", 1, 2), make("ai:hard", 2, 3), make("ai:normal", 3, 4)]
    )


def test_views_lead_to_no_round():
    rnd = CardVerseRound.deal(CardVerseOptions(), 3, 0, random.Random(4))
    agents = [make("ai:hard", 0, 1), make("ai:normal", 1, 2), make("ai:easy", 2, 3)]
    for _ in range(30):
        seat = rnd.to_act()
        if seat is None:
            break
        view = rnd.view(seat)
        assert reachable_rounds(view) == []
        rnd.apply(agents[seat].act(view, view.legal))
    for a in agents:
        assert reachable_rounds(a) == []


# -- knowledge and the turn plan ---------------------------------------------------------


def test_knowledge_tracks_picks_and_passes():
    rnd = deal(["2C 3D 9S KH 5C 7D 8D", "4H 5H 6H JC JD QS AS"], stock="TC 2S 3S", discard="9H")
    play(rnd, "draw stock", "discard TC")  # seat 0 passes 9H
    play(rnd, "take discard", "discard QS")  # seat 1 takes TC
    play(rnd, "draw stock", "discard 2S")  # seat 0 passes QS
    k = read_view(rnd.view(0))
    assert k.held[1] == m("TC") and k.took[1] == m("TC")
    assert k.passed[1] == 0
    k1 = read_view(rnd.view(1))
    assert k1.passed[0] == m("9H QS")
    assert k1.discards[0] == [c("TC"), c("2S")]
    assert not k.unseen & m("TC 9H QS 2S")


def test_table_options_chain_onto_runs_and_fill_sets():
    table = Table([(1, m("5H 6H 7H")), (2, m("9C 9D 9S")), (3, m("QD KD AD"))], SOLVER)
    opts = {mask for mask, _ in table.options(m("3H 4H 8H 9H"))}
    # Chains at both ends of 5-6-7H; 9H on the run (after 8H) or as the fourth nine.
    assert {0, m("4H"), m("3H 4H"), m("8H"), m("8H 9H"), m("9H"), m("3H 4H 8H 9H")} <= opts
    assert m("3H") not in opts  # 3H needs 4H first
    # JD goes below Q-K-A of diamonds; nothing goes above the ace.
    assert {mask for mask, _ in table.options(m("JD 2D"))} == {0, m("JD")}
    assert {mask for mask, _ in table.options(m("TH 2S"))} == {0}  # 8H and 9H missing
    # Each card is used once, and the additions come in a playable order.
    for mask, seq in table.options(m("3H 4H 8H 9H")):
        assert mask.bit_count() == len(seq)
        if c("3H") in [card for card, _ in seq]:
            cards = [card for card, _ in seq]
            assert cards.index(c("4H")) < cards.index(c("3H"))


def test_plan_turn_lays_melds_and_additions_for_the_fewest_points():
    table = Table([(1, m("5H 6H 7H"))], SOLVER)
    dw, left, melds, adds = plan_turn(m("8H 9H KC KD KS 2C 4D"), table, SOLVER)
    assert melds == (m("KC KD KS"),)
    assert [card for card, _ in adds] == [c("8H"), c("9H")]
    assert left == m("2C 4D") and dw == 6


# -- ai:hard --------------------------------------------------------------------------------


def test_hard_takes_a_playable_top_and_otherwise_the_stock():
    rnd = deal(["2C 3D 9S KH 5C 7D 8D", "4H 5H 6H JC JD QS AS"], stock="TC", discard="9D")
    assert choose(HardCardVerseAgent(1), rnd) == "take discard"
    rnd = deal(["2C 3D 9S KH 5C 7D 8D", "4H 5H 6H JC JD QS AS"], stock="TC", discard="KS")
    assert choose(HardCardVerseAgent(1), rnd) == "draw stock"


def test_hard_holds_its_melds_early_in_two_seats_and_lays_them_to_go_out():
    # A run of 9 points held risks little (about 3% likely to count): it stays in hand.
    rnd = deal(["2H 3H 4H 9C 5D KS QD", "6H 7H 8H JC JD QS AS"], stock="3S")
    play(rnd, "draw stock")
    move = choose(HardCardVerseAgent(1), rnd)
    assert move.startswith("discard") and move not in ("discard 2H", "discard 3H", "discard 4H")
    # Everything but one card can go down: it lays it all and goes out.
    rnd = deal(["7H 8H 9H 2C 2D", "4H 5H 6H JC JD QS AS"], stock="2S")
    play(rnd, "draw stock")
    bot = HardCardVerseAgent(1)
    moves = []
    while rnd.to_act() == 0:
        move = choose(bot, rnd)
        moves.append(move)
        play(rnd, move)
    assert rnd.result is not None and rnd.result.winner == 0
    assert moves[-1].startswith(("discard", "meld", "add"))


def test_hard_lays_down_when_an_opponent_may_go_out():
    # The opponent holds one card: the held run would cost 24 points if it went out.
    rnd = deal(["7H 8H 9H 2C 5D KS QD", "4H"], stock="3S", table=[(1, "JC JD JS")])
    play(rnd, "draw stock")
    assert choose(HardCardVerseAgent(1), rnd) == "meld 7H 8H 9H"


def test_hard_with_a_risk_bound_lays_down_a_meld_worth_many_points_and_holds_a_cheap_one():
    # Two seats, the opponent with seven cards: the round ends before seat 0's next
    # turn about 3% likely. Held, the kings risk 30 points and the clubs 9. By
    # default both stay in hand; with a bound of 0.6 points at risk the kings go
    # down, the clubs stay (nothing of them for the opponent to add to).
    rnd = deal(["KH KD KS 2C 3C 4C 9D", "4H 5H 6H JC JD QS AS"], stock="7S 8C")
    play(rnd, "draw stock")
    move = choose(HardCardVerseAgent(1), rnd)
    assert move.startswith("discard") and move not in {f"discard {x}" for x in "KH KD KS 2C 3C 4C".split()}
    bot = HardCardVerseAgent(1, hold_risk=(0.6, math.inf))
    assert choose(bot, rnd) == "meld KD KH KS"
    play(rnd, "meld KD KH KS")
    move = choose(bot, rnd)
    assert move.startswith("discard") and move not in ("discard 2C", "discard 3C", "discard 4C")
    assert "hold back [2C 3C 4C]" in bot.explain(rnd.view(0), None)


@pytest.mark.parametrize("lays", [False, True])
def test_hard_bounds_what_it_holds_once_an_opponent_holds_a_card_it_took(lays):
    # Seat 1 takes 9D from the pile, which makes a set of nines with its hand. A
    # player that lays down at once plays it (then ai:hard holds both its melds, as
    # by default); one that keeps it in hand holds melds back too, and can go out
    # from many cards: then ai:hard lays down the kings (30 points at risk, about 3%
    # likely to count) and keeps the cheap clubs.
    rnd = deal(["KH KD KS 2C 3C 4C 9D", "9C 9H 5H 6H JC QS AS"], stock="7S 8C")
    play(rnd, "draw stock", "discard 9D", "take discard")
    play(rnd, *(["meld 9C 9D 9H"] if lays else []), "discard QS")
    play(rnd, "draw stock")
    bot = HardCardVerseAgent(1)
    move = choose(bot, rnd)
    assert bot.holder_seen() is not lays
    if lays:
        assert move.startswith("discard") and move not in {
            f"discard {x}" for x in "KH KD KS 2C 3C 4C".split()
        }
    else:
        assert move == "meld KD KH KS"
        play(rnd, move)
        assert choose(bot, rnd) not in ("discard 2C", "discard 3C", "discard 4C")


def test_hard_avoids_feeding_the_next_players_pick():
    # Seat 1 took KS from the pile and kept it. Seat 0's loose ten-point cards are
    # KD, JD and QH: KD could make a set of kings with it, so KD is kept.
    rnd = deal(["2C 3D 9S KS 5C JD QH", "4H 5H 6H JC TD QS AS"], stock="KD 3C 8S", discard="2H")
    play(rnd, "draw stock", "discard KS")  # seat 0 draws KD, lets KS go
    play(rnd, "take discard", "discard 4H")  # seat 1 takes KS
    play(rnd, "draw stock")  # seat 0 draws 3C
    k = read_view(rnd.view(0))
    assert k.held[1] == m("KS")
    move = choose(HardCardVerseAgent(1), rnd)
    assert move in ("discard JD", "discard QH")


def test_hard_ends_the_round_on_the_empty_stock_only_when_likely_lowest():
    # Seat 0 holds 2 points; the others hold many cards: it ends the round.
    rnd = deal(["AC AD", "9S 9H KS QS JD TC 8C", "9C KH QH JH TD 8D 7S"], discard="2H 3H 4S", rest="discard")
    assert rnd.stock == []
    assert choose(HardCardVerseAgent(1), rnd) == "draw stock"
    # Seat 0 holds 30 points, the others few cards: it takes the discard (a playable 5H) first.
    rnd = deal(["KC KD 7H 8H", "2S", "3S"], discard="4C 5H", rest="discard", table=[(1, "9H TH JH")])
    assert choose(HardCardVerseAgent(1), rnd) == "take discard"


# -- ai:normal ----------------------------------------------------------------------------------


def test_normal_takes_a_discard_that_fits_the_table():
    rnd = deal(
        ["2C 3D 9S KH 5C 7D QD", "4H JH 6C JC JD QS AS"], stock="TC", discard="8H", table=[(1, "5H 6H 7H")]
    )
    assert choose(NormalCardVerseAgent(0), rnd) == "take discard"


def test_normal_keeps_a_live_pair_over_a_loose_card():
    # 9S and TS wait for 8S or JS (both live); KH is alone: it goes, not TS.
    rnd = deal(["9S TS KH 2C 3D 5C 7D", "4H 5H 6H JC JD QS AS"], stock="2H")
    play(rnd, "draw stock")
    assert choose(NormalCardVerseAgent(0), rnd) == "discard KH"


def test_hard_with_four_seats_holds_its_melds_until_the_round_surely_ends():
    # Four seats, three cards left in the stock after its draw: seat 0 will face the empty
    # stock itself (and may take the discard then), so it keeps its run in hand although
    # seat 1 holds two cards; with fewer cards in the stock than opponents it lays it down.
    hands = ["7H 8H 9H 2C 5D KS QD", "4H 5C", "JC JD QS AS TC", "2S 3S 4S 6D 9C"]
    rnd = deal(hands, stock="3C 6S 8C 9D", discard="TD", rest="discard")
    play(rnd, "draw stock")
    move = choose(HardCardVerseAgent(1), rnd)
    assert move.startswith("discard") and move not in ("discard 7H", "discard 8H", "discard 9H")
    rnd = deal(hands, stock="3C 6S 8C", discard="TD", rest="discard")
    play(rnd, "draw stock")
    assert choose(HardCardVerseAgent(1), rnd) == "meld 7H 8H 9H"


def test_hard_lays_down_unsearched_once_the_round_surely_ends_first():
    # Four seats, two cards left in the stock after its draw for three opponents: the
    # round ends before seat 0's next turn, so holding the run would count 24 points
    # against it. It lays the run down at once, without asking the search (given its
    # information state, it would search holding the run against laying it down).
    hands = ["7H 8H 9H 2C 5D KS QD", "4H 5C", "JC JD QS AS TC", "2S 3S 4S 6D 9C"]
    rnd = deal(hands, stock="3C 6S 8C", discard="TD", rest="discard")
    play(rnd, "draw stock")
    bot = HardCardVerseAgent(1, iterations=8)
    view = rnd.view(0)
    assert bot.act(view, view.legal, info=rnd.information(0)).notation() == "meld 7H 8H 9H"
    assert "means" not in bot.last


def empty_stock_state(n_seats: int) -> CardVerseRound:
    """A dealt round played by ai:easy until a seat may end it on the empty stock
    or take the pile's top."""
    for seed in range(40):
        rnd = dealt(CardVerseOptions(), n_seats, 0, random.Random(seed))
        agents = [make("ai:easy", s, s) for s in range(n_seats)]
        while (seat := rnd.to_act()) is not None:
            kinds = {a.kind for a in rnd.legal_actions()}
            if not rnd.stock and {"draw stock", "take discard"} <= kinds:
                return rnd
            view = rnd.view(seat)
            rnd.apply(agents[seat].act(view, view.legal))
    raise AssertionError("no round reached the empty stock")


@pytest.mark.parametrize("n_seats", [2, 4])
def test_hard_searches_the_empty_stock_by_play_outs_of_the_variants_round(n_seats):
    """Ending the round or taking the top is a close call for its rules: the search
    plays both out on deals drawn from the seat's information state (the real
    round untouched), the same seed giving the same move."""
    rnd = empty_stock_state(n_seats)
    seat = rnd.to_act()
    before = (len(rnd.history), list(rnd.hands), list(rnd.discard))
    moves = []
    for _ in range(2):
        bot = HardCardVerseAgent(3, iterations=8)
        view = rnd.view(seat)
        move = bot.act(view, view.legal, info=rnd.information(seat))
        assert {a.notation() for a in bot.last["means"]} == {"draw stock", "take discard"}
        assert sum(bot.last["counts"].values()) >= 8
        assert "play-outs" in bot.explain(view, move)
        moves.append(move.notation())
    assert moves[0] == moves[1]
    assert (len(rnd.history), list(rnd.hands), list(rnd.discard)) == before
    # Without its information state it plays its rules' move at once.
    bot = HardCardVerseAgent(3)
    bot.act(rnd.view(seat), rnd.view(seat).legal)
    assert bot.last == {}


@pytest.mark.parametrize("name", LEVELS)
def test_every_level_plays_one_of_the_moves_offered_when_offered_no_discard(name):
    # A house rule or a search may offer a bot only some of the legal moves: here
    # only the run, where laying the set of sixes leaves fewer points.
    rnd = deal(["4H 5H 6H 6C 6D KS QS JC", "2C 3D 9S KH 5C 7D 8D AS"], stock="TC 2D", discard="9D")
    play(rnd, "draw stock")
    offered = tuple(a for a in rnd.legal_actions() if a.notation() == "meld 4H 5H 6H")
    assert len(offered) == 1
    assert make(name, 0, 1).act(rnd.view(0), offered) in offered


@pytest.mark.parametrize("n_seats", [2, 4])
def test_hard_search_budget_by_seat_count(n_seats):
    """Two seats search wider and longer (the decision time allows it), more
    seats keep the smaller budget; a budget given to the bot holds at any count."""
    many = n_seats > 2
    assert ITERATIONS[0] > ITERATIONS[1] and MARGIN[0] > MARGIN[1] and WIDTH[0] > WIDTH[1]
    for given in (None, 8):
        rnd = dealt(CardVerseOptions(), n_seats, 0, random.Random(7))
        seat = rnd.to_act()
        assert seat is not None
        bot = HardCardVerseAgent(1) if given is None else HardCardVerseAgent(1, iterations=given)
        view = rnd.view(seat)
        bot.act(view, view.legal, info=rnd.information(seat))
        assert bot.iterations == (ITERATIONS[many] if given is None else given)
        assert bot.max_moves == MAX_MOVES[many]
