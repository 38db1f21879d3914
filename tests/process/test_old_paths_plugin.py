"""A plugin written against the flat core's module paths still installs and
plays: tests/packaging/old_paths_plugin/ is examples/rummykit-rummy500 as it
was then (``from rummykit.core.engine import View`` and the like; see its
README). It is installed with pip into a folder of its own, put on the path of
the real ``rummy`` beside the example of today (whose entry point is switched
off: both register ``rummy500``), and played through ``rummy play`` and
``rummy simulate`` with every warning an error except DeprecationWarnings.

The deprecation warnings are the only ones: each is one the plugin's code
gets for one of its old imports, says which module is deprecated and the
import to write instead, and that import gives the same object. The games are
the same, move for move, as the example of today plays them."""

from __future__ import annotations

import ast
import importlib
import json
import re
import shutil
import sys
import warnings
from pathlib import Path

import pytest

from ..helpers.venvs import clean_env, run
from ..marks import slow

FROZEN = Path(__file__).resolve().parents[1] / "packaging" / "old_paths_plugin"
PACKAGE = "rummykit_rummy500_old_paths"
RUMMY = Path(sys.executable).with_name("rummy")
#: Python's warning line: ``FILE:LINE: CATEGORY: MESSAGE``, then the source line indented.
WARNING = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<category>\w+): (?P<message>.*)$")
DEPRECATED = re.compile(
    r"^(?P<old>rummykit\.core\.\w+) is deprecated: from (?P<module>[\w.]+) import (?P<name>\w+)$"
)

pytestmark = slow  # pip builds the plugin in a throwaway environment


def old_imports() -> set[tuple[str, str]]:
    """``(old module, name)`` of every ``from rummykit.core.X import name`` that
    the plugin's modules run when they are imported (those at their top level)."""
    found = set()
    for path in (FROZEN / PACKAGE).glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rummykit.core."):
                found |= {(node.module, a.name) for a in node.names}
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The frozen plugin, installed by pip into a folder of its own (built from a
    copy, so that nothing is written into the checkout)."""
    tmp = tmp_path_factory.mktemp("old-paths")
    src = shutil.copytree(FROZEN, tmp / "src")
    target = tmp / "site"
    pip = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps"]
    run([*pip, "--target", target, src], tmp, clean_env(tmp))
    assert (target / PACKAGE / "rummy500.py").is_file()
    return target


def rummy(site: Path, tmp: Path, *args: str, frozen: bool = True):
    """The real ``rummy``: with the frozen plugin in place of the example of
    today, every warning an error but DeprecationWarnings (each one shown)."""
    env = clean_env(tmp)
    env["NO_COLOR"] = "1"
    if frozen:
        env["PYTHONPATH"] = str(site)
        env["RUMMYKIT_DISABLE_PLUGINS"] = "rummy500"
        env["PYTHONWARNINGS"] = "error,always::DeprecationWarning"
    return run([RUMMY, *args], tmp, env, timeout=300)


def deprecations(stderr: str, site: Path) -> set[tuple[str, str, str]]:
    """``(old module, module to import from, name)`` of each warning in
    ``stderr``, which must hold nothing but deprecation warnings raised at a
    line of the frozen plugin."""
    found = set()
    lines = stderr.splitlines()
    i = 0
    while i < len(lines):
        m = WARNING.match(lines[i])
        assert m, f"not a warning: {lines[i]!r}\n{stderr[-3000:]}"
        assert m["category"] == "DeprecationWarning", lines[i]
        assert Path(m["file"]).is_relative_to(site / PACKAGE), f"raised outside the plugin: {lines[i]}"
        d = DEPRECATED.match(m["message"])
        assert d, f"names no new import: {lines[i]}"
        found.add((d["old"], d["module"], d["name"]))
        i += 1
        while i < len(lines) and lines[i].startswith(" "):  # the source line
            i += 1
    return found


def check_the_new_imports(found: set[tuple[str, str, str]]) -> None:
    """Each warning's new import works and gives the object of the old path."""
    for old, module, name in found:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            then = getattr(importlib.import_module(old), name)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            now = getattr(importlib.import_module(module), name)
        assert now is then, f"from {module} import {name} is not {old}.{name}"
        if module != "rummykit":
            import rummykit

            assert name not in rummykit.__all__, f"{name} is in the facade: the warning should say so"


def test_the_frozen_copy_imports_the_old_paths():
    olds = {old for old, _ in old_imports()}
    assert len(olds) >= 8 and "rummykit.core.engine" in olds and "rummykit.core.cards" in olds


def test_it_plays_a_match_with_only_deprecation_warnings(site, tmp_path):
    args = ("play", "rummy500", "--seat", "ai:easy", "--seat", "random", "--seed", "4", "-o", "deals=2")
    r = rummy(site, tmp_path, *args)
    found = deprecations(r.stderr, site)
    assert {(old, name) for old, _, name in found} == old_imports()
    check_the_new_imports(found)
    assert "Match over" in r.stdout or "wins" in r.stdout, r.stdout[-2000:]
    today = rummy(site, tmp_path, *args, frozen=False)
    assert r.stdout == today.stdout


def test_it_is_listed_as_its_own_plugin(site, tmp_path):
    r = rummy(site, tmp_path, "plugins", "--json")
    data = json.loads(r.stdout)
    entry = next(p for p in data["plugins"] if p["name"] == "rummy500-old-paths")
    assert entry["distribution"] == "rummykit-rummy500-old-paths" and entry["variants"] == ["rummy500"]
    deprecations(r.stderr, site)


def test_it_simulates_with_only_deprecation_warnings(site, tmp_path):
    args = ("simulate", "rummy500", "--seat", "ai:easy", "--seat", "random", "--matches", "2", "--seed", "3")
    r = rummy(site, tmp_path, *args, "--json")
    check_the_new_imports(deprecations(r.stderr, site))
    data = json.loads(r.stdout)
    assert data["matches"] == 2 and data["match_rule"] == "first to 500"
    today = json.loads(rummy(site, tmp_path, *args, "--json", frozen=False).stdout)
    assert data["entrants"] == today["entrants"] and data["draws"] == today["draws"]
