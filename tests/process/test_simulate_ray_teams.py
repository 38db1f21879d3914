"""``rummy simulate`` under a rule with teams on the Ray backend: the same
figures as the local backend, the teams' included (Ray tasks return the
tallies, team wins and all, and the driver merges them in order). The toy
``pairs`` variant of tests/helpers/seated.py is installed as a plugin on
``PYTHONPATH``, which the local Ray's workers inherit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers import sheets
from ..helpers.sites import fake_install

pytest.importorskip("ray")  # make test installs it (the ray extra)

RUMMY = str(Path(sys.executable).with_name("rummy"))
ROOT = Path(__file__).resolve().parents[2]
WAIT = 180


def rummy(site: Path, *args: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RUMMYKIT_", "RAY_"))}
    env.update(NO_COLOR="1", PYTHONPATH=f"{site}{os.pathsep}{ROOT}")
    r = subprocess.run(
        [RUMMY, *args], capture_output=True, text=True, timeout=WAIT, env=env, stdin=subprocess.DEVNULL
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    data.pop("rounds_per_second")
    return data


def test_team_figures_are_the_same_on_a_local_ray(tmp_path):
    site = tmp_path / "site"
    fake_install(site, "toy-seated", "1.0", {"toyseated": "toy_seated"}, {"toy_seated": sheets.SITE_PLUGIN})
    seats = [x for _ in range(4) for x in ("--seat", "random")]
    args = ("simulate", "pairs", *seats, "--matches", "24", "--seed", "5", "--json", "--chunk-size", "5")
    local = rummy(site, *args)
    assert [t["seats"] for t in local["teams"]] == [[0, 2], [1, 3]]
    assert sum(t["matches_won"] for t in local["teams"]) + local["draws"] == 24
    assert rummy(site, *args, "--backend", "ray", "--workers", "2") == local
