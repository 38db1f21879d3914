"""examples/rl: the trained policy through its plugin in the real ``rummy
simulate``, run in the test process (make installs the plugin, examples/rl, like
every example). Its scripts: tests/process/test_example_programs.py."""

from __future__ import annotations

import json

from ..inprocess import run_rummy


def test_the_trained_policy_beats_random_in_rummy_simulate():
    args = ["simulate", "gin", "--seat", "rl:linear", "--seat", "random"]
    r = run_rummy(*args, "--rounds", "200", "--seed", "5", "--json")
    assert r.returncode == 0, r.stderr
    policy, rand = json.loads(r.stdout)["entrants"]
    assert policy["agent"] == "rl:linear"
    assert policy["counts"]["rounds_won"] > 2 * rand["counts"]["rounds_won"]
    assert policy["points_per_round"] > 2 * rand["points_per_round"]
