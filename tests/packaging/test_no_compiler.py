"""Installed where there is no C compiler, rummykit still installs and its bots make the
same moves: the compiled play-out core (setup.py, an optional extension) is left out and
the pure-Python loops run instead.

Slow (a fresh virtual environment, about twenty seconds): marked ``slow``, still part
of ``make test``. A copy of this checkout's sources (no built module, no build folder,
no virtual environment) is installed as a regular package, built with ``CC=/bin/false``
so that compiling fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .venvs import clean_env, copy_sources, fresh_venv, run

pytestmark = pytest.mark.slow

SIMULATE = [
    "simulate",
    "cardverse",
    "--seat",
    "ai:hard",
    "--seat",
    "ai:easy",
    "--seat",
    "ai:easy",
    "--seat",
    "ai:easy",
    "--rounds",
    "6",
    "--seed",
    "4",
    "--json",
]


def figures(stdout: str) -> dict:
    out = json.loads(stdout)
    del out["rounds_per_second"]
    return out


def test_without_a_compiler_it_installs_and_plays_the_same(tmp_path):
    env = clean_env(tmp_path)
    py, bin_, pip = fresh_venv(tmp_path, env)
    src = copy_sources(tmp_path / "src")
    run([*pip, "--no-build-isolation", src], tmp_path, {**env, "CC": "/bin/false"})

    r = run(
        [
            py,
            "-c",
            "import rummykit.variants.cardverse_rummy.bots.playout as p, rummykit; "
            "print(p.compiled(), rummykit.__file__)",
        ],
        tmp_path,
        env,
    )
    built, where = r.stdout.split()
    assert built == "False" and Path(where).is_relative_to(bin_.parent)

    pure = run([bin_ / "rummy", *SIMULATE], tmp_path, env)
    here = subprocess.run(
        [sys.executable, "-m", "rummykit.cli.main", *SIMULATE],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "RUMMYKIT_PURE_PYTHON"},
    )
    assert here.returncode == 0, here.stderr
    assert figures(pure.stdout) == figures(here.stdout)
