"""The optional compiled build (``RUMMYKIT_COMPILE=1``, setup.py): built from a
copy of this checkout the way docs/env.md says, its environment modules are the
compiled ones, it plays exactly as the pure Python source does, and the whole
environment suite passes on it.

Slow (a mypyc build, about a minute and a half): marked ``slow``, still part of
``make test``. Skipped where there is no C compiler, which is what the default,
pure install is for (tests/packaging/test_no_compiler.py).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from ..helpers.venvs import REPO, clean_env, copy_sources, run

pytestmark = pytest.mark.slow

COMPILED = ("rummykit.env.encode", "rummykit.env.table")

# Plays random legal moves through env() and prints where the compiled modules
# came from, which of them rummykit.env.compiled() names, then a digest of
# every observation, mask, reward and ending.
PLAY = """
import hashlib, importlib, random, sys
import numpy as np
from rummykit.env import compiled, env
print(" ".join(importlib.import_module(m).__file__ for m in sys.argv[1:]))
print(" ".join(compiled()) or "-")
digest = hashlib.sha256()
for variant, seats in (("gin", 2), ("cardverse", 3)):
    e = env(variant, seats=seats, episode="match")
    rng = random.Random(5)
    for seed in range(3):
        e.reset(seed=seed)
        for agent in e.agent_iter(20_000):
            obs, reward, term, trunc, _ = e.last()
            digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            digest.update(repr((agent, reward, term, trunc)).encode())
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
print(digest.hexdigest())
"""


def _compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


@pytest.mark.skipif(not _compiler(), reason="no C compiler: only the pure install applies")
def test_compiled_build_plays_as_the_source_does(tmp_path):
    env = clean_env(tmp_path)
    src = copy_sources(tmp_path / "src")
    target = tmp_path / "compiled"
    # What docs/env.md gives, into a folder of its own: the build gets mypy itself.
    run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", target, src],
        tmp_path,
        {**env, "RUMMYKIT_COMPILE": "1"},
        timeout=900,
    )
    assert sorted(p.name.split(".")[0] for p in (target / "rummykit" / "env").glob("*.so")) == [
        "encode",
        "table",
    ]

    compiled = run([sys.executable, "-c", PLAY, *COMPILED], tmp_path, {**env, "PYTHONPATH": str(target)})
    pure = run([sys.executable, "-c", PLAY, *COMPILED], tmp_path, env)
    where, names, digest = compiled.stdout.split("\n")[:3]
    assert all(Path(f).suffix == ".so" and Path(f).is_relative_to(target) for f in where.split())
    assert names.split() == list(COMPILED)
    pure_where, pure_names, pure_digest = pure.stdout.split("\n")[:3]
    assert all(Path(f).suffix == ".py" for f in pure_where.split())
    assert pure_names == "-"
    assert digest == pure_digest

    suite = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(REPO / "tests" / "env")],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(target)},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert suite.returncode == 0, suite.stdout[-3000:] + suite.stderr[-3000:]


def test_compiled_editable_install_is_refused(tmp_path):
    # An editable install runs the sources being edited: compiled modules would
    # shadow them, so the compiled build is a regular install only.
    env = {**clean_env(tmp_path), "RUMMYKIT_COMPILE": "1"}
    src = copy_sources(tmp_path / "src")
    target = tmp_path / "editable"
    r = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--target", target, "-e", src],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode != 0
    assert "RUMMYKIT_COMPILE=1 makes a regular install" in r.stdout + r.stderr
    assert not list(src.rglob("*.so"))
