"""The package ``rummy new-variant`` writes passes its own tests out of the box:
pytest run in its folder (the ``scaffold`` fixture, tests/conftest.py). What it
writes: tests/cli/test_scaffold.py."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


@pytest.mark.slow
def test_scaffold_tests_pass_out_of_the_box(scaffold):
    site, pkg = scaffold
    env = dict(os.environ, PYTHONPATH=str(site), RUMMYKIT_DATA_DIR=str(pkg / "data"))
    env.pop("RUMMYKIT_DISABLE_PLUGINS", None)
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=pkg,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "13 passed" in r.stdout
