"""The Gin computer players ai:normal, ai:hard, ref:simple and ref:novice."""

from __future__ import annotations

import random
import re

import pytest

from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.resample import deal_round
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.gin import GinOptions, GinRound
from rummykit.variants.gin.bots.hard import HardGinAgent
from rummykit.variants.gin.bots.knowledge import read_view
from rummykit.variants.gin.bots.normal import NormalGinAgent
from rummykit.variants.gin.bots.reference import NoviceGinAgent, SimpleGinAgent, could_meld

from ..bot_helpers import GlobalRandomUntouched, play_round, reachable_rounds
from .helpers import act, card, deal

LEVELS = ["ai:easy", "ai:normal", "ai:hard", "ref:simple", "ref:novice"]


def registry():
    return get_plugins().registry


def dealt(rng: random.Random) -> GinRound:
    """A round dealt as a match deals it: it knows its deal, so a searching bot is
    given its information state."""
    rnd = deal_round(registry().variant("gin"), GinOptions(), 2, 0, rng)
    assert isinstance(rnd, GinRound)
    return rnd


def make(name: str, seat: int, seed: int):
    return registry().agent("gin", name).factory(seat, seed, GinOptions())


def choose(agent, rnd) -> str:
    seat = rnd.to_act()
    return agent.act(rnd.view(seat), tuple(rnd.legal_actions())).notation()


# -- every level -------------------------------------------------------------------


def test_registered_with_hard_the_strongest():
    reg = registry()
    names = [a.name for a in reg.agents_for("gin")]
    for name in LEVELS:
        assert name in names
    assert reg.strongest_agent("gin").name == "ai:hard"
    strength = {a.name: a.strength for a in reg.agents_for("gin")}
    assert strength["ai:hard"] > strength["ai:normal"] > strength["ai:easy"]


@pytest.mark.parametrize("name", LEVELS)
def test_legal_moves_only_and_deterministic_for_a_seed(name):
    opponents = ["ai:easy", "random"]
    for round_seed in range(3):
        other = opponents[round_seed % 2]
        runs = []
        for _ in range(2):
            with GlobalRandomUntouched():
                rnd = dealt(random.Random(round_seed))
                agents = [make(name, 0, agent_seed(round_seed, 0)), make(other, 1, agent_seed(round_seed, 1))]
                runs.append(play_round(rnd, agents))
        assert runs[0] == runs[1]
        # ...and in the other seat.
        rnd = dealt(random.Random(round_seed + 10))
        play_round(rnd, [make(other, 0, 1), make(name, 1, 2)])


@pytest.mark.parametrize("name", LEVELS)
def test_bots_play_each_other(name):
    for seed in range(2):
        rnd = dealt(random.Random(100 + seed))
        play_round(rnd, [make(name, 0, seed), make("ai:hard", 1, seed)])


def test_views_lead_to_no_round():
    rnd = GinRound(GinOptions(), 0, random.Random(3))
    agents = [make("ai:hard", 0, 1), make("ai:normal", 1, 2)]
    for _ in range(12):
        seat = rnd.to_act()
        view = rnd.view(seat)
        assert reachable_rounds(view) == []
        rnd.apply(agents[seat].act(view, view.legal))
    # The bots themselves keep nothing that leads to the round either.
    for a in agents:
        assert reachable_rounds(a) == []


def test_a_level_with_another_seed_may_play_differently_but_legally():
    rnd = GinRound(GinOptions(), 0, random.Random(5))
    play_round(rnd, [make("ref:novice", 0, 1), make("ref:novice", 1, 99)])


# -- what a bot remembers -----------------------------------------------------------


def test_knowledge_tracks_picks_passes_and_discards():
    rnd = deal(
        "6H 7H 8H 2C 2D 2S JS QS 7C KD",
        "TC TD TH 3S 4S 5S AH AC 8C 9D",
        "9H",
        "QC 4D 5C",
    )
    rnd.apply(act("draw stock"))  # seat 0 passes 9H, draws QC
    rnd.apply(act("discard QC"))
    rnd.apply(act("take discard"))  # seat 1 takes QC
    rnd.apply(act("discard 9D"))
    rnd.apply(act("draw stock"))  # seat 0 passes 9D
    rnd.apply(act("discard 4D"))
    rnd.apply(act("draw stock"))  # seat 1 passes 4D
    k = read_view(rnd.view(0))
    assert k.opp_held == 1 << card("QC")
    assert k.opp_took == 1 << card("QC")
    assert k.opp_passed == 1 << card("4D")
    assert k.opp_discards == [card("9D")]
    assert k.top == card("4D")
    # 9H and 9D lie under the top: dead. 4D is the top.
    assert k.dead == (1 << card("9H")) | (1 << card("9D"))
    assert not k.unseen >> card("QC") & 1 and not k.unseen >> card("4D") & 1
    assert k.unseen.bit_count() == 52 - 10 - 3 - 1
    assert k.opp_unknown == 10
    # Seat 1 sees seat 0 pass 9H and take nothing; it knows what it drew itself.
    k1 = read_view(rnd.view(1))
    assert k1.opp_passed == (1 << card("9H")) | (1 << card("9D"))
    assert k1.opp_held == 0
    assert k1.my_discards == [card("9D")]


# -- ai:hard -------------------------------------------------------------------------


def test_hard_goes_gin_when_it_can():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 5C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "TS")
    rnd.apply(act("draw stock"))
    assert choose(HardGinAgent(1), rnd) == "gin 5C"


def test_hard_takes_an_upcard_that_completes_a_meld():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "9H")
    assert choose(HardGinAgent(1), rnd) == "take discard"


def test_hard_knocks_early_with_low_deadwood():
    # Deadwood 1 on the first turn: the undercut risk is tiny.
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "AD")
    rnd.apply(act("draw stock"))
    move = choose(HardGinAgent(1), rnd)
    assert move == "knock 7C"


def test_hard_plays_on_when_a_sampled_opponent_hand_would_undercut():
    # Seven deadwood on the first turn: a knock would gain on average and few of
    # the opponent hands it samples undercut it, but any is enough to play on.
    rnd = deal("3C 5C 7C QS 8D 8C 2H 2S 6C 8S", "4C KD AH JS TS QH QC KH 6D 7S", "5H", "8H")
    rnd.apply(act("draw stock"))
    bot = HardGinAgent(1)
    view, legal = rnd.view(0), tuple(rnd.legal_actions())
    assert "knock QS" in {a.notation() for a in legal}
    move = bot.act(view, legal)
    assert move.notation() == "discard QS"
    pattern = r"don't knock with 7 deadwood yet: the opponent could undercut you \((\d+)%"
    why = re.match(pattern, bot.explain(view, move))
    assert why and 0 < int(why.group(1)) <= 5


def test_hard_can_search_a_knock_its_rules_turn_down_by_a_little():
    # The hand above: the rules play on (a few sampled hands undercut). With
    # SEARCH_KNOCK the knock is played out against that discard on the same deals.
    rnd = deal("3C 5C 7C QS 8D 8C 2H 2S 6C 8S", "4C KD AH JS TS QH QC KH 6D 7S", "5H", "8H")
    rnd.apply(act("draw stock"))

    class Searching(HardGinAgent):
        SEARCH_KNOCK = True

    view, legal = rnd.view(0), tuple(rnd.legal_actions())
    plain = HardGinAgent(1, iterations=8)
    plain.act(view, legal, info=rnd.information(0))
    assert not plain.last  # off by default: the rules' move at once
    bot = Searching(1, iterations=8)
    move = bot.act(view, legal, info=rnd.information(0))
    assert {a.notation() for a in bot.last["means"]} == {"discard QS", "knock QS"}
    assert move.notation() in {"discard QS", "knock QS"}


def test_hard_knock_outlook_sees_the_undercut_risk():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "AD")
    rnd.apply(act("draw stock"))
    bot = HardGinAgent(1)
    k = read_view(rnd.view(0))
    low_gain, low_risk = bot.knock_outlook(k, k.hand & ~(1 << card("7C")), 1)
    swapped = k.hand & ~(1 << card("AD")) & ~(1 << card("2S")) | 1 << card("7C")
    high_gain, high_risk = bot.knock_outlook(k, swapped, 9)
    assert low_risk <= high_risk
    assert low_gain > high_gain


def test_hard_avoids_feeding_a_card_the_opponent_took():
    # Seat 1 took 9D; seat 0 then holds two loose ten-point cards, TD and KC: it
    # keeps TD (next to the opponent's pick) and lets go of KC.
    rnd = deal(
        "AH 2H 3H 4C 5C 6C 7S 8S 9S TD",
        "2D 3D 4D 5H 6H 7H JC JH QS QH",
        "5S",
        "9D KC 8H",
    )
    rnd.apply(act("draw stock"))
    rnd.apply(act("discard 9D"))
    rnd.apply(act("take discard"))
    rnd.apply(act("discard QS"))
    rnd.apply(act("draw stock"))  # seat 0 draws KC
    move = choose(HardGinAgent(1), rnd)
    assert move in ("discard KC", "knock KC")
    assert choose(NormalGinAgent(1), rnd) in ("discard KC", "knock KC")


# -- the reference opponents -----------------------------------------------------------


def test_simple_takes_the_upcard_in_a_meld_and_discards_the_highest_ranked_loose_card():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "9H")
    bot = SimpleGinAgent(0)
    assert choose(bot, rnd) == "take discard"
    rnd.apply(act("take discard"))
    # Loose: JS QS 7C KD -> the highest-ranked is KD.
    assert choose(bot, rnd) == "discard KD"


def test_simple_takes_an_upcard_that_allows_a_knock():
    # Nine cards in melds and KD loose: with 3S (in no meld) it may discard KD and knock with 3.
    rnd = deal("6H 7H 8H 2C 2D 2S TC JC QC KD", "TH TD 3C 4S 5S AH AC 8C 9D 9S", "3S")
    assert choose(SimpleGinAgent(0), rnd) == "take discard"
    # Deadwood 35: AS joins no meld and leaves 25 at best: the stock.
    rnd = deal("6H 7H 8H 2C 2D 2S TC JC 5D KD", "TH TD 3C 4S 5S AH AC 8C 9D 9S", "AS")
    assert choose(SimpleGinAgent(0), rnd) == "draw stock"


def test_simple_knocks_as_soon_as_allowed():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "KD")
    rnd.apply(act("draw stock"))
    assert choose(SimpleGinAgent(0), rnd).startswith("knock")


def test_simple_upcard_rule_is_its_definition_on_random_hands():
    """The upcard is taken when the best deadwood with it (not discarding it) is
    within the limit, or it lies in a meld of a best arrangement (runs never
    cut); the quick test of whether it could meld at all changes no decision."""
    from rummykit.core.cards.melds import all_melds
    from rummykit.core.cards.solver import get_solver

    solver = get_solver(False, 1)
    bot = SimpleGinAgent(0)
    rng = random.Random(44)
    for _ in range(1500):
        cards = rng.sample(range(52), 11)
        hand, up = sum(1 << c for c in cards[:10]), cards[10]
        h11 = hand | 1 << up
        assert could_meld(hand, up) == any(m >> up & 1 for m in all_melds(h11, ace_high=False))
        best = min(d for c, d in solver.discards(h11) if c != up)
        _, arrangements = solver.arrangements(h11, maximal_runs=True)
        wanted = best <= 10 or any(m >> up & 1 for arr in arrangements for m in arr)
        assert bot._wants(hand, up, 10) == wanted


def test_novice_discards_among_the_least_deadwood_and_knocks():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "QD")
    rnd.apply(act("take discard"))
    after = rnd.deadwood_after()
    least = min(d for c, d in after.items() if c != card("QD"))
    seen = set()
    for seed in range(30):
        move = choose(NoviceGinAgent(seed), rnd)
        kind, c = move.split()
        assert kind == "discard" and after[card(c)] == least and c != "QD"
        seen.add(c)
    assert len(seen) > 1  # uniformly at random among the ties
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "KD")
    rnd.apply(act("draw stock"))
    assert choose(NoviceGinAgent(0), rnd).startswith("knock")


def test_novice_draws_from_both_sources():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "QD")
    moves = {choose(NoviceGinAgent(seed), rnd) for seed in range(20)}
    assert moves == {"draw stock", "take discard"}


def test_normal_prefers_live_partial_melds():
    # After drawing, seat 0 must drop one of two loose cards of equal points: 4C
    # (with 5C: 3C and 6C are live) or 4D (alone). It keeps the live pair.
    rnd = deal("AH 2H 3H 9S 9H 9D KS KH 5C 4C", "2S 3S TC TD TH JC JD QC QD 8S", "QS", "4D")
    rnd.apply(act("draw stock"))
    move = choose(NormalGinAgent(0), rnd)
    assert move != "discard 4C" and move != "discard 5C"


def test_hard_searches_only_its_close_calls():
    """Through a round with its information state, ai:hard searches a few close calls
    (the draw, close discards, a knock its rules turned down by a little) by play-outs
    of the variant's round, and leaves the real round untouched."""
    searched = []
    for seed in range(6):
        rnd = dealt(random.Random(seed))
        bot = HardGinAgent(3, iterations=8)
        other = make("ref:simple", 1, 2)
        while (seat := rnd.to_act()) is not None:
            view = rnd.view(seat)
            if seat == 0:
                before = len(rnd.history)
                move = bot.act(view, view.legal, info=rnd.information(seat))
                assert len(rnd.history) == before
                if bot.last:
                    kinds = {a.kind for a in bot.last["means"]}
                    if "knock" in kinds:  # only the knock its rules turned down by a little
                        assert bot._knock_alt is not None and kinds == {"knock", "discard"}
                    assert len(kinds | {move.kind}) <= 2
                    assert "play-outs" in bot.explain(view, move)
                    searched.append(kinds)
            else:
                move = other.act(view, view.legal)
            rnd.apply(move)
    assert searched
