"""``ai:search`` through the real ``rummy`` command (in the test process): listed
by ``rummy rules`` for every variant, and playing Gin and CardVerse (2, 3 and 4
seats) in ``rummy simulate`` with no code of theirs."""

from __future__ import annotations

import json
import subprocess

import pytest

from ..inprocess import run_rummy
from ..marks import slow


def rummy(*args: str) -> subprocess.CompletedProcess:
    return run_rummy(*args, RUMMYKIT_DISABLE_PLUGINS=None)


@pytest.mark.parametrize("variant", ["gin", "cardverse"])
def test_rules_list_ai_search_below_ai_hard(rummy_run, variant):
    r = rummy_run("rules", variant)
    assert r.returncode == 0, r.stderr
    line = next(line for line in r.stdout.splitlines() if line.startswith("Computer players:"))
    names = line.split(":", 1)[1].replace(" ", "").split(",")
    assert names.index("ai:hard") < names.index("ai:search") < names.index("ai:normal")


@slow
@pytest.mark.parametrize(
    "variant, seats",
    [
        ("gin", ["ai:search", "ref:simple"]),
        ("cardverse", ["ai:search", "ai:normal"]),
        ("cardverse", ["ai:search", "ai:normal", "ai:search"]),
        ("cardverse", ["ai:search", "ai:normal", "ai:easy", "ai:hard"]),
    ],
)
def test_ai_search_plays_in_rummy_simulate(variant, seats):
    args = ["simulate", variant, "--matches", "1", "--seed", "12", "-o", "target=10", "--json"]
    for s in seats:
        args += ["--seat", s]
    r = rummy(*args)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [e["agent"] for e in data["entrants"]] == seats
    assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == 1
    assert data["rounds"] >= 1


@slow
def test_the_same_seed_gives_the_same_games():
    args = [
        "simulate",
        "gin",
        "--seat",
        "ai:search",
        "--seat",
        "ai:easy",
        "--matches",
        "2",
        "--seed",
        "5",
        "-o",
        "target=15",
        "--json",
    ]
    first, again = (json.loads(rummy(*args).stdout) for _ in range(2))
    for d in (first, again):
        d.pop("rounds_per_second")
    assert again == first
