"""The ``ai:easy`` Gin player."""

from __future__ import annotations

from rummykit.core.bots.agents import agent_seed
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import Plugins
from rummykit.variants.gin import SPEC, EasyGinAgent, GinOptions

from .helpers import act, card, deal


def choose(rnd, seat=None, seed=0):
    seat = rnd.to_act() if seat is None else seat
    return EasyGinAgent(seed).act(rnd.view(seat), tuple(rnd.legal_actions())).notation()


def test_takes_the_upcard_when_it_lowers_its_deadwood():
    # 9H extends 6H 7H 8H: deadwood 7C + KD = 17 -> after discarding KD, 7.
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "9H")
    assert choose(rnd) == "take discard"


def test_draws_from_the_stock_when_the_upcard_does_not_help():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "QC")
    assert choose(rnd) == "draw stock"
    # A low card that is no better than keeping the hand as it is: not taken.
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS AD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "4C")
    assert choose(rnd) == "draw stock"


def test_discards_to_the_least_deadwood_never_the_card_just_taken():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "QD")
    rnd.apply(act("take discard"))
    move = choose(rnd)
    assert move != "discard QD" and not move.endswith("QD")
    # The best legal discards: a ten-point card other than QD (37 left).
    assert move in {"discard JS", "discard QS", "discard KD"}
    assert rnd.deadwood_after()[card(move.split()[1])] == 37


def test_discard_is_exact_on_a_meld_rich_hand():
    # Four 5s and 3-4-5-6-7 of hearts: the naive "highest deadwood card" is wrong.
    rnd = deal("3H 4H 5H 6H 7H 5C 5D 5S 9C 9D", "TC TD TH 3S 4S 6S AH AC 8C 9S", "2C", "KC")
    rnd.apply(act("draw stock"))
    after = rnd.deadwood_after()
    move = choose(rnd)
    _, c = move.split()
    assert after[card(c)] == min(after[x] for x in after)


def test_knocks_as_soon_as_it_may_and_goes_gin_when_it_can():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "KD")
    rnd.apply(act("draw stock"))
    assert choose(rnd) == "knock KD"
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 5C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "TS")
    rnd.apply(act("draw stock"))
    assert choose(rnd) == "gin 5C"


def test_only_legal_moves_and_deterministic_for_a_seed():
    def play(seed):
        m = Match(SPEC, GinOptions(target=60), 2, seed)
        bots = [EasyGinAgent(agent_seed(seed, s)) for s in range(2)]
        while not m.over:
            s = m.to_act()
            legal = m.legal_actions()
            a = bots[s].act(m.view(s), tuple(legal))
            assert a in legal
            m.apply(a)
        return [a.notation() for a in m.actions], m.totals

    for seed in (1, 2):
        assert play(seed) == play(seed)


def test_registered_for_gin_with_strength_10():
    reg = Plugins().registry
    spec = reg.agent("gin", "ai:easy")
    assert spec.variant == "gin" and spec.strength == 10 and spec.plugin == "gin"
    bot = spec.factory(0, 5, GinOptions())
    assert isinstance(bot, EasyGinAgent)
    assert "ai:easy" in [a.name for a in reg.agents_for("gin")]


def why(rnd) -> str:
    seat = rnd.to_act()
    bot, view = EasyGinAgent(0), rnd.view(seat)
    return bot.explain(view, bot.act(view, tuple(rnd.legal_actions())))


def test_it_says_why_with_the_deadwood_that_decided():
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "9H")
    assert why(rnd) == "9H lowers the deadwood from 37 to 27"  # JS QS 7C KD; then JS QS 7C
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS 7C KD", "TC TD TH 3S 4S 5S AH AC 8C 9D", "QC")
    assert why(rnd) == "QC does not lower the deadwood: draw from the stock"
    rnd.apply(act("draw stock"))
    move = choose(rnd)
    least = min(rnd.deadwood_after().values())
    assert why(rnd) == f"{move.split()[1]}: discarding it leaves the least deadwood ({least})"
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 7C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "KD")
    rnd.apply(act("draw stock"))
    assert why(rnd) == "knock with 7 deadwood: as soon as a knock is allowed"
    rnd = deal("6H 7H 8H 2C 2D 2S JS QS KS 5C", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "4D", "TS")
    rnd.apply(act("draw stock"))
    assert why(rnd) == "gin: every card melded"
