"""Gin's hints (a bot's ``explain``, shown by the terminal game's ``hint``) speak
to the person asking and give the reason that decided."""

from __future__ import annotations

from rummykit.variants.gin.bots.hard import HardGinAgent
from rummykit.variants.gin.bots.reference import SimpleGinAgent

from .helpers import act, deal


def test_a_declined_knock_with_a_positive_gain_says_the_undercut_decided():
    # Seven deadwood on the first turn: a knock would gain on average, but some
    # of the opponent's possible hands undercut it.
    rnd = deal("3C 5C 7C QS 8D 8C 2H 2S 6C 8S", "4C KD AH JS TS QH QC KH 6D 7S", "5H", "8H")
    rnd.apply(act("draw stock"))
    bot = HardGinAgent(1)
    view, legal = rnd.view(0), tuple(rnd.legal_actions())
    move = bot.act(view, legal)
    assert move.notation() == "discard QS"
    why = bot.explain(view, move)
    assert why.startswith("don't knock with 7 deadwood yet: the opponent could undercut you (")
    assert "a knock is advised only when none could (its expected gain: +" in why


def test_a_hint_to_take_the_upcard_speaks_of_you():
    rnd = deal("6H 7H 2C 2D 2S JS QS KS 7C 4D", "TC TD TH 3S 4S 5S 9H AC 8C 9D", "8H")
    bot = SimpleGinAgent(1)
    view, legal = rnd.view(0), tuple(rnd.legal_actions())
    move = bot.act(view, legal)
    assert move.notation() == "take discard"
    assert bot.explain(view, move) == "8H lets you knock or joins a best meld"
