"""The scaffold for real: ``rummy new-variant`` in a temporary folder, installed
with the project into a fresh virtual environment by pip, then its own tests,
``rummy variants`` and ``rummy play`` run there.

Slow (about half a minute): marked ``slow``, still part of ``make test``
(deselect with ``-m "not slow"``). pip fetches the dependencies the way it is
configured to (PyPI, or a local wheelhouse); the project itself is installed
editable from this checkout, found from this file's path. To keep it quick the
fresh environment first gets a recent setuptools, and both editable installs
then build with it (``--no-build-isolation``: no throwaway build environments).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ..helpers.venvs import REPO, clean_env, fresh_venv, run

pytestmark = pytest.mark.slow


def test_scaffold_installs_into_a_fresh_venv_and_works(tmp_path):
    assert (REPO / "pyproject.toml").exists() and (REPO / "cli" / "scaffold.py").exists()
    env = clean_env(tmp_path)
    py, bin_, pip = fresh_venv(tmp_path, env)
    env["PATH"] = f"{bin_}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(bin_.parent)
    # The project first, so the scaffold's rummykit requirement is met from this checkout.
    run([*pip, "--no-build-isolation", "-e", REPO], tmp_path, env)

    r = run([bin_ / "rummy", "new-variant", "tenpin", "--dir", tmp_path], tmp_path, env)
    assert "rummykit-tenpin" in r.stdout
    pkg = tmp_path / "rummykit-tenpin"
    run([*pip, "--no-build-isolation", "-e", f"{pkg}[test]"], tmp_path, env)

    # Nothing of the test run's environment leaks in: this is the fresh venv.
    r = run(
        [py, "-c", "import rummykit, rummykit_tenpin, sys; print(sys.prefix); print(rummykit.__file__)"],
        tmp_path,
        env,
    )
    prefix, where = r.stdout.split()
    assert Path(prefix) == bin_.parent and Path(where).is_relative_to(REPO)

    r = run([bin_ / "rummy", "variants"], tmp_path, env)
    assert any(line.split()[0] == "tenpin" for line in r.stdout.splitlines()[1:]), r.stdout
    assert r.stderr == ""
    r = run([bin_ / "rummy", "plugins"], tmp_path, env)
    assert any(line.split()[:3] == ["tenpin", "0.1.0", "rummykit-tenpin"] for line in r.stdout.splitlines())

    r = run([py, "-m", "pytest", "-q", "-p", "no:cacheprovider"], pkg, env)
    assert "13 passed" in r.stdout, r.stdout

    r = run(
        [bin_ / "rummy", "play", "tenpin", "--seat", "ai:easy", "--seat", "random", "--seed", "1"],
        tmp_path,
        env,
    )
    assert "=== match over:" in r.stdout
