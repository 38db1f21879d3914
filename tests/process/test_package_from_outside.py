"""The package as programs see it: the folders it is made of, imported by their
own names from the project's root, fail saying what to import; mypy run on a
file outside sees the package installed here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..marks import slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "statement, folder, package",
    [
        ("import core", "core", "rummykit.core"),
        ("from core.engine import View", "core", "rummykit.core"),
        ("import cli.main", "cli", "rummykit.cli"),
        ("from variants.gin import spec", "variants", "rummykit.variants"),
        ("import rummykit_pkg.testing", "rummykit_pkg", "rummykit"),
    ],
)
def test_a_folder_imported_by_its_own_name_fails_saying_what_to_import(statement, folder, package):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run(
        [sys.executable, "-c", statement], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 1
    assert r.stderr.splitlines()[-1] == f"ImportError: '{folder}' is not a package: import {package} instead"


@slow
def test_mypy_sees_the_package_installed_here(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from rummykit.core.cards.card import code\n\nname: int = code(0)\n")
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), probe.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert errors == [
        'probe.py:3: error: Incompatible types in assignment (expression has type "str", '
        'variable has type "int")  [assignment]'
    ], r.stdout + r.stderr
