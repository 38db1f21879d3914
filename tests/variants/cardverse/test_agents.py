"""ai:easy for CardVerse (docs/rules.md §2 "Computer players")."""

import pytest

from rummykit.core.bots.agents import agent_seed
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.cardverse_rummy import CardVerseOptions
from rummykit.variants.cardverse_rummy.agents import EasyAgent, completes_meld, easy_factory
from rummykit.variants.cardverse_rummy.plugin import SPEC

from .cardverse_helpers import c, cs, deal


def mask(text):
    return sum(1 << x for x in cs(text))


def act(rnd, agent=None):
    seat = rnd.to_act()
    agent = agent or EasyAgent()
    view = rnd.view(seat)
    action = agent.act(view, view.legal)
    assert action in view.legal
    rnd.apply(action)
    return action.notation()


def test_completes_meld():
    assert completes_meld(mask("QH KH"), c("AH"))
    assert completes_meld(mask("JH KH"), c("QH"))
    assert completes_meld(mask("7C 7D"), c("7S"))
    assert not completes_meld(mask("2H 3H"), c("AH"))  # A-2-3 is no run in CardVerse
    assert not completes_meld(mask("KH 2H"), c("AH"))
    assert not completes_meld(mask("7C 8D"), c("9C"))


def test_takes_the_discard_only_when_it_completes_a_meld():
    rnd = deal(["QH KH 2C 9D", "2D 3D 9S"], stock="5S", discard="AH")
    assert act(rnd) == "take discard"
    rnd = deal(["QH KH 2C 9D", "2D 3D 9S"], stock="5S", discard="4C")
    assert act(rnd) == "draw stock"


def test_lays_every_meld_and_addition_at_once_then_sheds_its_highest_card():
    rnd = deal(["7C 7D 7S 9H 2D QC 3S", "2C 3D 9S"], stock="4S", table=[(1, "TH JH QH")], discard="KD")
    moves = [act(rnd) for _ in range(4)]
    assert moves == ["draw stock", "meld 7C 7D 7S", "add 9H to 1", "discard QC"]
    assert rnd.to_act() == 1


def test_goes_out_by_melding_when_it_can():
    rnd = deal(["7H 8H", "AS 5H"], stock="9H")
    act(rnd), act(rnd)
    assert rnd.result.outcome == "out" and dict(rnd.result.counts) == {
        "out_by_meld": 1,
        "out_by_discard": 0,
        "stock_end": 0,
    }


def test_keeps_a_card_to_discard_under_discard_to_win():
    opts = CardVerseOptions(discard_to_win=True)
    agent = easy_factory(0, 1, opts)
    # Both cards fit the table run, but adding both would empty the hand: it adds
    # one, keeps the higher card back and goes out by discarding it.
    rnd = deal(["9S", "AS 5H 2C"], stock="KS", options=opts, table=[(1, "TS JS QS")])
    assert [act(rnd, agent) for _ in range(3)] == ["draw stock", "add 9S to 1", "discard KS"]
    assert rnd.result.winner == 0 and dict(rnd.result.counts) == {
        "out_by_meld": 0,
        "out_by_discard": 1,
        "stock_end": 0,
    }
    # Three cards that make one run: melding them would empty the hand.
    rnd = deal(["7H 8H", "AS 5H 2C"], stock="9H", options=opts)
    assert [act(rnd, agent) for _ in range(2)] == ["draw stock", "discard 9H"]
    assert rnd.result is None
    # A spare card: meld the run and go out by discarding the spare.
    rnd = deal(["7H 8H KS", "AS 5H 2C"], stock="9H", options=opts)
    assert [act(rnd, agent) for _ in range(3)] == ["draw stock", "meld 7H 8H 9H", "discard KS"]
    assert dict(rnd.result.counts) == {"out_by_meld": 0, "out_by_discard": 1, "stock_end": 0}


def test_discards_the_highest_card_ties_to_the_higher_suit():
    rnd = deal(["7H 8H 9H KS 2C", "AS 5H 2D"], stock="KD")
    assert [act(rnd) for _ in range(3)] == ["draw stock", "meld 7H 8H 9H", "discard KS"]


def test_uses_the_ace_points_of_the_options_for_its_discard():
    hands = ["AS 9D 2C 4H", "2D 3D 9S"]
    rnd = deal(hands, stock="6S")
    act(rnd)
    assert act(rnd, easy_factory(0, 0, CardVerseOptions())) == "discard 9D"
    rnd = deal(hands, stock="6S", options={"ace_high": True})
    act(rnd)
    assert act(rnd, easy_factory(0, 0, CardVerseOptions(ace_high=True))) == "discard AS"


def test_registered_and_explains_its_moves():
    spec = get_plugins().registry.agent("cardverse", "ai:easy")
    agent = spec.factory(0, 1, CardVerseOptions())
    rnd = deal(["QH KH 2C 9D", "2D 3D 9S"], stock="5S", discard="AH")
    view = rnd.view(0)
    assert agent.explain(view, agent.act(view, view.legal)).startswith("the top of the discard")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_plays_legal_moves_deterministically(n):
    def run(seed):
        opts = CardVerseOptions(target=80)
        match = Match(SPEC, opts, n, seed)
        bots = [easy_factory(s, agent_seed(seed, s), opts) for s in range(n)]
        while not match.over:
            seat = match.to_act()
            view = match.view(seat)
            action = bots[seat].act(view, view.legal)
            assert action in view.legal
            match.apply(action)
        return [a.notation() for a in match.actions], match.totals

    assert run(3) == run(3)
