"""Driving the environment with rummykit bots in every seat plays the same
rounds as ``rummy simulate --rounds`` with the same seed: each unit's deal
seed, seating and bot seeds derived as core/play/simulate.py derives them, the same
outcomes and points (compared per entrant through the real ``rummy``, run in the test process)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummykit.core.bots.agents import observers, tell_observers
from rummykit.core.bots.guard import SafeAgent, Who
from rummykit.core.play.simulate import positions, unit_agent_seed, unit_seed
from rummykit.env import raw_env

from ..inprocess import run_rummy
from ..marks import first_fast


def _agents(specs, seat_of, index, deal, options):
    """The computer players of unit ``index``, seeded as ``rummy simulate`` seeds them."""
    return [
        SafeAgent(
            Who(specs[entrant].name, specs[entrant].plugin, pos, deal, "test"),
            specs[entrant].factory,
            unit_agent_seed(deal, index, pos),
            options,
        )
        for pos, entrant in enumerate(seat_of)
    ]


def _play_out(e, agents):
    """Move every seat of the env ``e`` by its bot in ``agents`` (observers told
    each move, as simulate tells them) until the episode ends; the rounds that
    ended, in order."""
    watchers = observers(agents)
    ended = []
    while not e.table.over:
        agent = e.agent_selection
        rnd = e.table.round
        action = agents[e.seat(agent)].act(e.view(agent), e.table.game)
        e.step(e.codec.encode(action))
        if rnd.result is not None:
            ended.append(rnd)
        if watchers:
            tell_observers(agents, watchers, rnd.history[-1], e.table.view)
    return ended


def _through_the_env(registry, variant, entrants, rounds, seed):
    """Per entrant: points, and the counts simulate keeps, from the env."""
    n = len(entrants)
    e = raw_env(variant, seats=n, registry=registry)
    specs = [registry.agent(variant, name) for name in entrants]
    points = [0] * n
    counts = [{} for _ in range(n)]
    outcomes = []
    for i in range(rounds):
        deal = unit_seed(seed, i, n)
        seat_of = positions(i, n)
        agents = _agents(specs, seat_of, i, deal, e.table.options)
        e.reset(seed=deal)
        _play_out(e, agents)
        result = e.table.round.result
        outcomes.append(result.outcome)
        for pos in range(n):
            assert e.rewards[f"player_{pos}"] == result.points[pos]
            points[seat_of[pos]] += result.points[pos]
        credited = seat_of if result.winner is None else [seat_of[result.winner]]
        if result.winner is not None:
            c = counts[seat_of[result.winner]]
            c["rounds_won"] = c.get("rounds_won", 0) + 1
        for entrant in credited:
            for k, v in result.counts.items():
                counts[entrant][k] = counts[entrant].get(k, 0) + v
    return points, counts, outcomes


@pytest.mark.parametrize(
    ("variant", "entrants", "rounds"),
    first_fast(
        [
            ("gin", ["ai:hard", "ai:easy"], 16),
            ("cardverse", ["ai:hard", "ai:easy", "random"], 9),
            ("cardverse", ["ai:easy", "ai:normal", "random", "ai:easy"], 8),
            ("straight-gin", ["ai:normal", "random"], 10),
        ]
    ),
)
def test_bots_in_every_seat_play_the_rounds_of_rummy_simulate(registry, variant, entrants, rounds):
    seed = 20261201
    points, counts, outcomes = _through_the_env(registry, variant, entrants, rounds, seed)
    args = ["simulate", variant, "--rounds", str(rounds), "--seed", str(seed), "--json"]
    for name in entrants:
        args += ["--seat", name]
    r = run_rummy(*args)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["rounds"] == rounds
    for e, entry in enumerate(data["entrants"]):
        assert round(entry["points_per_round"] * rounds) == points[e]
        assert {k: v for k, v in entry["counts"].items() if v} == {k: v for k, v in counts[e].items() if v}
    assert sum(points) > 0 and len(outcomes) == rounds


def test_a_match_episode_plays_the_matches_of_rummy_simulate(registry):
    """``episode="match"``: each unit's match, seats and bots as ``rummy
    simulate --matches`` plays them; the same matches won and points."""
    variant, entrants, matches, seed = "gin", ["ai:normal", "random"], 4, 77
    n = len(entrants)
    e = raw_env(variant, seats=n, episode="match", options={"target": 40}, registry=registry)
    specs = [registry.agent(variant, name) for name in entrants]
    wins, points, rounds = [0] * n, [0] * n, 0
    for i in range(matches):
        deal = unit_seed(seed, i, n)
        seat_of = positions(i, n)
        agents = _agents(specs, seat_of, i, deal, e.table.options)
        e.reset(seed=deal)
        for rnd in _play_out(e, agents):
            rounds += 1
            for pos, p in enumerate(rnd.result.points):
                points[seat_of[pos]] += p
        winner = e.table.game.winner
        if winner is not None:
            wins[seat_of[winner]] += 1
            assert e.rewards[f"player_{winner}"] == 1.0
    args = ["simulate", variant, "--matches", str(matches), "--seed", str(seed), "--json"]
    args += ["-o", "target=40"]
    for name in entrants:
        args += ["--seat", name]
    r = run_rummy(*args)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["rounds"] == rounds
    assert [entry["matches_won"] for entry in data["entrants"]] == wins
    assert [round(entry["points_per_round"] * rounds) for entry in data["entrants"]] == points
    assert sum(wins) == matches


def test_the_docs_recipe_replays_the_rounds_of_rummy_simulate(capsys):
    """docs/env.md's snippet (ai:hard and ai:normal, seed 2026, ten rounds)
    prints the rounds ``rummy simulate`` plays: the same points per entrant."""
    import re

    text = (Path(__file__).parents[2] / "docs" / "env.md").read_text()
    section = text[text.index("**The rounds of `rummy simulate`.**") :]
    block = re.search(r"\n\n((?:    .*\n|\n)+)", section)
    assert block is not None
    code = "\n".join(line[4:] for line in block.group(1).splitlines())
    exec(compile(code, "docs/env.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 10
    points = [0, 0]
    for i, line in enumerate(lines):
        won = [int(x) for x in re.findall(r"-?\d+", line)]
        for p, entrant in enumerate(positions(i, 2)):
            points[entrant] += won[p]
    args = ["simulate", "gin", "--seat", "ai:hard", "--seat", "ai:normal"]
    r = run_rummy(*args, "--rounds", "10", "--seed", "2026", "--json")
    assert r.returncode == 0, r.stderr
    assert [round(e["points_per_round"] * 10) for e in json.loads(r.stdout)["entrants"]] == points
