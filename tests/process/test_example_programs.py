"""The example plugins as programs: each example's own test suite (pytest in its
folder), and the scripts of examples/rl."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RL = EXAMPLES / "rl"


@pytest.mark.slow
@pytest.mark.parametrize("example", ["rummykit-straight-gin", "rummykit-knockrummy", "rummykit-rummy500"])
def test_its_own_tests_pass(example):
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=EXAMPLES / example,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]


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
