"""Core's search in a round that values a play-out cut short (``cut_points``)."""

from __future__ import annotations

from dataclasses import replace

from rummykit.core.bots.agents import act_kwargs
from rummykit.core.bots.search import MIN_HORIZON, SearchAgent
from rummykit.core.play.match import Match

from .toy_variant import TOY, ToyRound


class CutToy(ToyRound):
    """The toy round, saying seat 0 would win 5 points were it cut now."""

    def cut_points(self):
        return (5,) + (0,) * (self.n_seats - 1)


class NeverKnocks:
    """Draws and discards its first card: a round lasts until its stock is out."""

    def __init__(self, moves: list[int]):
        self.moves = moves

    def act(self, view, legal):
        self.moves.append(1)
        return next(a for a in legal if a.kind != "knock")


def decide(spec, max_moves):
    """One searched discard at seat 0 of a long toy round: the agent and the
    moves its roll-outs played."""
    options = spec.options_model(stock_cards=40)
    match = Match(spec, options, 2, 5)
    while match.to_act() != 0 or len(match.view(0).legal) < 2:
        view = match.view(match.to_act())
        match.apply(view.legal[0])
    moves: list[int] = []
    agent = SearchAgent(
        2, options=options, policy=lambda s, seed, o: NeverKnocks(moves), iterations=6, max_moves=max_moves
    )
    view = match.view(0)
    agent.act(view, view.legal, **act_kwargs(agent, match, 0))
    return agent, len(moves)


def test_a_round_with_cut_points_has_its_play_outs_cut_and_valued_by_them():
    cut = replace(TOY, name="toy-cut", new_round=CutToy)
    agent, moves = decide(cut, max_moves=64)
    rollouts = sum(agent.last["counts"].values())
    assert rollouts >= 3
    # the prior is the policy's move (one), then each play-out stops after
    # max(MIN_HORIZON, 64 // the roll-outs planned) actions and counts what
    # cut_points says: seat 0 takes every point
    assert moves - 1 == rollouts * MIN_HORIZON
    assert set(agent.last["means"].values()) == {1.0}


def test_a_round_without_them_is_played_to_its_end_within_any_budget():
    agent, moves = decide(TOY, max_moves=64)
    rollouts = sum(agent.last["counts"].values())
    assert moves - 1 > 2 * rollouts * MIN_HORIZON  # some 80 moves each: the stock of 40 played out
