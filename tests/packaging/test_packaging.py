"""Every Python package folder ships in the distribution (a wheel built from
pyproject.toml must not leave a subpackage, such as the bots, behind); the folders
the package is made of import only as parts of ``rummykit``; type checkers see the
package as installed here (an editable install in strict mode: a tree of links)."""

import importlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from ..marks import slow

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_in_pyproject():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(conf["packages"])
    folders = {Path(v): k for k, v in conf["package-dir"].items()}
    found = set()
    for folder, name in folders.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            if "templates" in rel.parts:
                continue
            found.add(".".join([name, *rel.parts]))
    assert found - listed == set(), "add these to [tool.setuptools] packages"


def test_entry_points_name_importable_modules():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for target in conf["project"]["entry-points"]["rummykit"].values():
        importlib.import_module(target)


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


def test_with_the_root_on_sys_path_no_second_copy_imports(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    with pytest.raises(ImportError, match=r"^'core' is not a package: import rummykit\.core instead$"):
        importlib.import_module("core.engine")
    assert "core" not in sys.modules and "core.engine" not in sys.modules
    from rummykit.core.engine.round import View

    assert View.__module__ == "rummykit.core.engine.round"


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
