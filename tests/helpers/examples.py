"""What the tests of two example plugins share with their pseudo-terminal half
(tests/examples/test_rummy500_example.py, tests/examples/test_cardverse_house_example.py,
tests/process/test_example_games.py): the moves of a Rummy 500 player who never
lays a card, and a CardVerse-house seed where the first player may open."""

from __future__ import annotations

from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import get_plugins

HOUSE = "cardverse-house"


def loser_lines(seed: int, deals: int = 1) -> list[str]:
    """The moves of a person (seat 0) against ai:easy who never lays a card:
    draw from the stock, discard the first card offered. Their round scores
    are all below zero."""
    reg = get_plugins().registry
    spec = reg.variant("rummy500")
    options = build_options(spec.options_model, {"deals": deals}, "rummy500")
    bot = reg.agent("rummy500", "ai:easy").factory(1, agent_seed(seed, 1), options)
    m = Match(spec, options, 2, seed)
    lines = []
    while not m.over:
        seat = m.to_act()
        legal = m.legal_actions()
        if seat == 0:
            action = next((a for a in legal if a.kind == DRAW_STOCK), None)
            action = action or next(a for a in legal if a.kind == "discard")
            lines.append(action.notation())
        else:
            action = bot.act(m.view(1), legal)
        m.apply(action)
    return lines


def seed_to_open(points: int) -> tuple[int, Action]:
    """A seed at which seat 0 may open (with ``points`` to open) after drawing
    from the stock, and its opening."""
    s = get_plugins().registry.variant(HOUSE)
    options = build_options(s.options_model, {"open_points": points}, HOUSE)
    for seed in range(1, 400):
        m = Match(s, options, 2, seed)
        m.apply(Action(DRAW_STOCK))
        opens = [a for a in m.legal_actions() if a.kind == "open"]
        if opens:
            return seed, opens[0]
    raise AssertionError("no seed with an opening")
