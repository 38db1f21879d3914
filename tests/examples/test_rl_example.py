"""examples/rl: the masked-random script, the training script, and the trained
policy through its plugin in the real ``rummy simulate``, run in the test process
(make installs the plugin, examples/rl, like every example)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ..inprocess import run_rummy

ROOT = Path(__file__).resolve().parents[2]
RL = ROOT / "examples" / "rl"


def test_masked_random_actions_play_rounds():
    r = subprocess.run(
        [sys.executable, str(RL / "random_actions.py"), "cardverse", "--seats", "3", "--rounds", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert [ln.split(":")[0] for ln in lines] == ["round 1", "round 2"]
    assert all("player_2" in ln for ln in lines)


def test_the_trained_policy_beats_random_in_rummy_simulate():
    args = ["simulate", "gin", "--seat", "rl:linear", "--seat", "random"]
    r = run_rummy(*args, "--rounds", "200", "--seed", "5", "--json")
    assert r.returncode == 0, r.stderr
    policy, rand = json.loads(r.stdout)["entrants"]
    assert policy["agent"] == "rl:linear"
    assert policy["counts"]["rounds_won"] > 2 * rand["counts"]["rounds_won"]
    assert policy["points_per_round"] > 2 * rand["points_per_round"]


@pytest.mark.slow
def test_the_training_script_trains_saves_and_evaluates(tmp_path):
    out = tmp_path / "policy.npz"
    r = subprocess.run(
        [sys.executable, str(RL / "train.py"), "--minutes", "0.1", "--out", str(out), "--rounds", "10"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert out.exists()
    assert "$ rummy simulate gin --seat rl:linear --seat random --rounds 10 --seed 1" in r.stdout
    assert '"rl:linear"' in r.stdout or "rl:linear" in r.stdout.split("$ rummy", 1)[1]
    again = subprocess.run(
        [sys.executable, str(RL / "train.py"), "--minutes", "0.01", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode != 0 and "exists" in again.stderr
