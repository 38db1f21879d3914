"""Installed where there is no C compiler, rummykit installs and its bots make the same
moves as here: the package is pure Python, nothing is compiled at install.

Slow (a fresh virtual environment, about twenty seconds): marked ``slow``, still part
of ``make test``. A copy of this checkout's sources (no built module, no build folder,
no virtual environment) is installed as a regular package, built with ``CC=/bin/false``
so that compiling fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ..helpers.venvs import clean_env, copy_sources, fresh_venv, run

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

    r = run([py, "-c", "import rummykit; print(rummykit.__file__)"], tmp_path, env)
    where = Path(r.stdout.strip()).parent
    assert where.is_relative_to(bin_.parent)
    built = [p.name for p in where.rglob("*") if p.suffix in (".so", ".pyd", ".c")]
    assert built == []

    pure = run([bin_ / "rummy", *SIMULATE], tmp_path, env)
    here = subprocess.run(
        [sys.executable, "-m", "rummykit.cli.main", *SIMULATE],
        capture_output=True,
        text=True,
    )
    assert here.returncode == 0, here.stderr
    assert figures(pure.stdout) == figures(here.stdout)
