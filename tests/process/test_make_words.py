"""The Makefile's install steps are quiet: what pip and setuptools print (the
editable-install banner) is shown only when a step fails. Run with a stand-in
for Python, so nothing is installed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FAKE_PYTHON = """#!/bin/sh
# "-m venv DIR" makes DIR/bin/python (this script); anything else prints what an
# install prints, and fails when FAKE_FAIL is set.
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; exit 0; fi
echo "BANNER: Editable installation. Please be careful with folders" >&2
echo "pip says: $*"
if [ -n "$FAKE_FAIL" ]; then echo "ERROR: could not install" >&2; exit 3; fi
exit 0
"""

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def make(tmp_path: Path, target: str, **env: str) -> subprocess.CompletedProcess[str]:
    fake = tmp_path / "python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    venv = tmp_path / "venv"
    return subprocess.run(
        ["make", "-s", f"VENV={venv}", f"PYTHON={fake}", f"{venv}/{target}"],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("target", [".installed", ".installed-test"])
def test_an_install_that_works_prints_no_banner(tmp_path, target):
    r = make(tmp_path, target)
    assert r.returncode == 0, r.stderr
    assert "BANNER" not in r.stdout + r.stderr and "pip says" not in r.stdout + r.stderr
    assert "Installing rummykit" in r.stdout
    assert (tmp_path / "venv" / target).exists()


def test_an_install_that_fails_shows_what_it_printed_and_stops(tmp_path):
    r = make(tmp_path, ".installed", FAKE_FAIL="1")
    assert r.returncode != 0
    assert "ERROR: could not install" in r.stderr and "BANNER" in r.stderr
    assert "failed: " in r.stderr and "pip install" in r.stderr
    assert not (tmp_path / "venv" / ".installed").exists()
