"""The game loop (core/engine/loop.py) that session, simulate, the environment,
the conformance kit and the search all play through."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest

from rummykit.core.base.errors import IllegalAction, VariantError
from rummykit.core.bots.agents import RandomAgent, act_kwargs
from rummykit.core.bots.search import RolloutError, SearchAgent
from rummykit.core.engine.actions import Action
from rummykit.core.engine.loop import ENDED, LIMIT, OVER, WAITING, Loop, blame_variant
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import get_plugins

from .toy_variant import TOY, ToyOptions, ToyRound


def toy_round(seed: int = 3) -> ToyRound:
    return ToyRound(ToyOptions(), 2, 0, random.Random(seed))


def first_legal(rnd):
    return lambda seat: rnd.legal_actions()[0]


def by_hand(rnd) -> list[str]:
    """The same round played without the loop: what it must match."""
    moves = []
    while rnd.to_act() is not None:
        event = rnd.apply(rnd.legal_actions()[0])
        moves.append(event.action.notation())
    return moves


def test_a_round_played_to_its_end_is_the_round_played_by_hand():
    rnd = toy_round()
    loop = Loop(rnd, first_legal(rnd))
    assert loop.run() == OVER
    assert loop.actions == len(rnd.history) and loop.seat is None
    assert [e.action.notation() for e in rnd.history] == by_hand(toy_round())


def test_the_end_of_the_round_watched_stops_it_and_is_told_before_the_move():
    match = Match(TOY, ToyOptions(), 2, 5)
    told = []
    loop = Loop(match, lambda seat: match.legal_actions()[0], on_event=lambda e: told.append(("move", e)))
    first = match.round
    stop = loop.run(first, on_end=lambda result: told.append(("end", result)))
    assert stop == ENDED and first.result is not None
    assert told[-2] == ("end", first.result) and told[-1][0] == "move"
    assert len(told) == loop.actions + 1 == len(first.history) + 1
    assert match.round is not first or match.over  # the match dealt on, or ended


def test_a_seat_whose_move_is_not_the_loops_hands_it_back():
    rnd = toy_round()
    moved = []
    loop = Loop(rnd, lambda seat: None if seat == 1 else rnd.legal_actions()[0], on_event=moved.append)
    assert loop.run() == WAITING and loop.seat == 1 == rnd.to_act()
    played = loop.actions
    assert played == len(rnd.history) == len(moved)
    event = loop.move(rnd.legal_actions()[0])  # the caller's move, through the loop
    assert moved[-1] is event and rnd.history[-1] is event


def test_a_bound_on_the_moves_stops_it_with_the_round_going_on():
    rnd = toy_round()
    loop = Loop(rnd, first_legal(rnd))
    assert loop.run(rnd, max_actions=3) == LIMIT
    assert loop.actions == 3 == len(rnd.history) and rnd.result is None


class _Refuses:
    """A game that refuses every move."""

    def to_act(self):
        return 0

    def apply(self, action):
        raise IllegalAction("not now")


def test_a_refused_move_is_what_refused_makes_of_it():
    move = Action("draw stock")
    with pytest.raises(IllegalAction, match="not now"):
        Loop(_Refuses(), lambda seat: move).run()
    with pytest.raises(IllegalAction, match="not now"):
        Loop(_Refuses(), lambda seat: move).move(move)
    blamed = Loop(_Refuses(), lambda seat: move, refused=blame_variant("toy"))
    with pytest.raises(VariantError, match=r"toy.*refused draw stock.*not now") as e:
        blamed.run()
    assert "\n" not in str(e.value)
    with pytest.raises(VariantError, match="refused draw stock"):
        blamed.move(move)


def test_blaming_the_variant_pickles():
    refused = pickle.loads(pickle.dumps(blame_variant("toy")))
    with pytest.raises(VariantError, match="refused draw stock"):
        refused(Action("draw stock"), IllegalAction("not now"))


def test_a_roll_out_policy_that_returns_no_move_is_named():
    match = Match(TOY, ToyOptions(), 2, 4)
    seat = match.to_act()
    made = []

    class NoMove:
        def __init__(self, seed):
            self.inner = RandomAgent(seed)

        def act(self, view, legal):
            made.append(1)
            return None if len(made) > 2 else self.inner.act(view, legal)

    agent = SearchAgent(
        1, policy=lambda s, seed, o: NoMove(seed), iterations=4, policy_name="ai:x (plugin p)"
    )
    match.apply(match.legal_actions()[0])  # the draw: then a choice of discards
    seat = match.to_act()
    view = match.view(seat)
    with pytest.raises(RolloutError, match=r"its roll-out policy ai:x \(plugin p\) returned no move"):
        agent.act(view, view.legal, **act_kwargs(agent, match, seat))


@pytest.mark.parametrize(
    "module, not_imported",
    [
        ("rummykit.core.play.simulate_ray", "rummykit.core.play.simulate"),
        ("rummykit.core.play.units", "rummykit.core.play.simulate"),
        ("rummykit.core.engine.loop", "rummykit.core.play"),
    ],
)
def test_no_import_cycle_between_simulate_and_its_ray_backend(module, not_imported):
    code = f"import sys, {module}; print({not_imported!r} in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_session_plays_its_bots_through_the_loop_and_hands_a_persons_move_back(tmp_path):
    from rummykit.core.play.records import load_record
    from rummykit.core.play.session import Session, parse_seats

    reg = get_plugins().registry
    path = tmp_path / "game.json"
    s = Session.new(reg, "gin", {}, parse_seats(["ai:easy", "human"]), 7, path)
    person = s.humans[0]
    for _ in range(3):
        stop = s.loop.run()
        assert stop == WAITING and s.loop.seat == person == s.to_act()
        assert s.decide(person) is None
        s.apply(s.match.legal_actions()[0])  # the person's move, as the terminal UI makes it
    saved = load_record(path)
    assert saved.actions == s.record.actions == [a.notation() for a in s.match.actions]
    s.close()
