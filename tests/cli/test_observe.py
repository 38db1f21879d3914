"""A computer player that observes (overrides ``BaseAgent.observe``) is told the
same events, with the same views, by ``rummy play`` as by ``rummy simulate``, so
it plays the same game in both (the real commands, with a plugin bot)."""

from __future__ import annotations

import json

import pytest

from rummykit.core.play.simulate import unit_seed

from ..helpers.sites import fake_install, rummy
from ..marks import first_fast

WATCHER = """
    import json
    import os

    from rummykit import hookimpl
    from rummykit.core.bots.agents import BaseAgent
    from rummykit.core.plugins.registry import AgentSpec

    CORE = ("draw stock", "take discard", "discard")


    class Watcher(BaseAgent):
        '''Ends the round when it may (knock, gin, meld, add), else plays the legal
        move its count of observed events picks; writes down every observe call.'''

        def __init__(self, seat):
            self.seat, self.seen = seat, 0

        def act(self, view, legal):
            ending = [a for a in legal if a.kind not in CORE]
            return ending[0] if ending else legal[self.seen % len(legal)]

        def observe(self, event, view):
            self.seen += 1
            call = [self.seat, event.seat, event.action.notation(), event.card, view.seat, view.to_act,
                    len(view.history), view.round_index, list(view.hand)]
            with open(os.environ["WATCH_LOG"], "a") as f:
                f.write(json.dumps(call) + "\\n")


    @hookimpl
    def register_agents(register):
        register(AgentSpec(name="watcher", factory=lambda seat, seed, options: Watcher(seat)))
"""


@pytest.mark.parametrize(
    "variant, seats, option", first_fast([("gin", 2, "target=20"), ("cardverse", 3, "target=400")])
)
def test_an_observing_bot_gets_the_same_calls_in_play_and_simulate(
    tmp_path, monkeypatch, variant, seats, option
):
    site = tmp_path / "site"
    fake_install(site, "rummykit-watcher", "1.0", {"watcher": "rk_watcher"}, {"rk_watcher": WATCHER})
    seat_args = ["--seat", "watcher"] * seats
    logs = {}
    for command in ("play", "simulate"):
        log = tmp_path / f"{command}.log"
        monkeypatch.setenv("WATCH_LOG", str(log))
        if command == "play":  # the match simulate plays first: its deal seed
            args = ["play", variant, *seat_args, "--seed", str(unit_seed(5, 0, seats)), "-o", option]
        else:
            args = ["simulate", variant, *seat_args, "--matches", "1", "--seed", "5", "-o", option]
        r = rummy(site, *args, tmp=tmp_path / "data")
        assert r.returncode == 0, r.stderr[-2000:]
        logs[command] = [json.loads(line) for line in log.read_text().splitlines()]
    play, simulate = logs["play"], logs["simulate"]
    assert play == simulate
    # After every action each seat in turn observed it (its own too), with its own view.
    assert play and len(play) % seats == 0
    for i in range(0, len(play), seats):
        told = play[i : i + seats]
        assert [c[0] for c in told] == list(range(seats)) == [c[4] for c in told]
        assert len({(c[1], c[2]) for c in told}) == 1
    assert any(c[7] > 0 for c in play)  # more than one round
