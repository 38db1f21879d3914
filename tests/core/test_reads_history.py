"""``BaseAgent.reads_history``: a player that says it reads no history (so a
search's play-outs hand it views without it) makes the same move on a view
whose history is left out, at every decision of whole rounds, in every
variant it is registered for."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.resample import deal_round
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.cardverse_rummy.bots.easy import HoldingEasyAgent
from rummykit.variants.cardverse_rummy.options import CardVerseOptions


def blind_players() -> list[tuple[str, str]]:
    """(variant, player) of every registered player whose agents say they read no history."""
    reg = get_plugins().registry
    out = []
    for (variant, name), spec in sorted(reg.agents.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
        if variant is None:
            continue
        vspec = reg.variant(variant)
        agent = spec.factory(0, 1, vspec.options_model())
        if getattr(agent, "reads_history", True) is False:
            out.append((variant, name))
    return out


BLIND = blind_players()


def test_the_built_in_roll_out_players_read_no_history():
    assert {("gin", "ref:simple"), ("cardverse", "ai:easy"), ("indian", "ai:easy")} <= set(BLIND)


def holding_easy(seat: int, seed: int, options: CardVerseOptions) -> HoldingEasyAgent:
    return HoldingEasyAgent(seed, ace_points=options.ace_points, discard_to_win=options.discard_to_win)


@pytest.mark.parametrize(
    ("variant", "name"),
    [*BLIND, ("cardverse", "holding")],  # holding: ai:hard's own seat in its play-outs (not registered)
    ids=[*(f"{v}-{n}" for v, n in BLIND), "cardverse-holding-easy"],
)
def test_a_player_that_reads_no_history_moves_the_same_without_it(variant, name):
    reg = get_plugins().registry
    vspec = reg.variant(variant)
    options = vspec.options_model()
    factory = holding_easy if name == "holding" else reg.agent(variant, name).factory
    assert getattr(factory(0, 1, options), "reads_history", True) is False
    decisions = 0
    for n in sorted({vspec.min_players, vspec.max_players}):
        for r in range(6):
            rnd = deal_round(vspec, options, n, r, random.Random(1000 * n + r))
            agents = [factory(s, agent_seed(r, s), options) for s in range(n)]
            twins = [factory(s, agent_seed(r, s), options) for s in range(n)]
            moves = 0
            while (seat := rnd.to_act()) is not None and moves < 400:
                view = rnd.view(seat)
                move = agents[seat].act(view, view.legal)
                if view.history:
                    decisions += 1
                assert twins[seat].act(replace(view, history=()), view.legal) == move
                rnd.apply(move)
                moves += 1
    assert decisions > 100
