"""The third-party example, examples/rummykit-oklahoma, as a user meets it.

`make test` installs it (``pip install -e examples/rummykit-oklahoma``) before
running the tests; these tests then use it only through its entry point and
the ``rummy`` program, and check that nothing in rummykit imports it and that it
uses only the Gin plugin's public API.
"""

from __future__ import annotations

import ast
import json
from importlib import metadata
from pathlib import Path

import pytest

from ..inprocess import run_rummy
from ..marks import slow

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "rummykit-oklahoma"


@pytest.fixture(scope="module", autouse=True)
def installed():
    try:
        dist = metadata.distribution("rummykit-oklahoma")
    except metadata.PackageNotFoundError:
        pytest.fail(
            "the example is not installed: pip install -e examples/rummykit-oklahoma (make test does this)"
        )
    eps = [ep for ep in dist.entry_points if ep.group == "rummykit"]
    assert [(ep.name, ep.value) for ep in eps] == [("oklahoma", "rummykit_oklahoma.plugin")]


def rummy(*args, stdin="", disable=None, tmp=None):
    env = {} if tmp is None else {"RUMMYKIT_DATA_DIR": str(tmp)}
    return run_rummy(*args, stdin=stdin, RUMMYKIT_DISABLE_PLUGINS=disable or None, **env)


def test_listed_with_its_version(rummy_run):
    r = rummy_run("variants")
    assert r.returncode == 0 and r.stderr == ""
    assert any(line.split()[:4] == ["oklahoma", "Oklahoma", "Gin", "2"] for line in r.stdout.splitlines())
    data = json.loads(rummy_run("plugins", "--json").stdout)
    entry = next(p for p in data["plugins"] if p["name"] == "oklahoma")
    assert entry["distribution"] == "rummykit-oklahoma" and entry["version"] == "0.1.0"
    assert entry["variants"] == ["oklahoma"] and "ai:hard (oklahoma)" in entry["agents"]


def test_rules_name_the_three_house_rules(rummy_run):
    out = rummy_run("rules", "oklahoma").stdout
    assert "value of that card" in out and "only gin may end the round" in out
    assert "the round's score is doubled" in out
    assert "ace_gin_only" in out and "spade_doubles" in out


def test_rummy_play_oklahoma(tmp_path):
    r = rummy(
        "play",
        "oklahoma",
        "--seat",
        "ai:hard",
        "--seat",
        "ai:easy",
        "--seed",
        "7",
        "-o",
        "target=40",
        tmp=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    assert "=== match over:" in r.stdout
    # A person sees the round's terms beside the hand.
    r = rummy("play", "oklahoma", "--seed", "5", stdin="s\nquit\n", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "upcard 7D, knock ≤ 7" in r.stdout


@slow
def test_rummy_simulate_oklahoma():
    r = rummy(
        "simulate",
        "oklahoma",
        "--seat",
        "ai:hard",
        "--seat",
        "ai:easy",
        "--matches",
        "6",
        "--seed",
        "3",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["variant"] == "oklahoma" and data["matches"] == 6
    assert [e["agent"] for e in data["entrants"]] == ["ai:hard", "ai:easy"]
    r = rummy("simulate", "oklahoma", "--rounds", "20", "--seed", "1", "--workers", "2")
    assert r.returncode == 0, r.stderr


@slow
def test_core_search_plays_oklahoma_with_no_code_of_its_own():
    """ai:search (core's generic search) is offered and plays through the real
    rummy simulate: Oklahoma adds nothing for it."""
    assert "ai:search" in rummy("rules", "oklahoma").stdout
    r = rummy(
        "simulate",
        "oklahoma",
        "--seat",
        "ai:search",
        "--seat",
        "ai:easy",
        "--matches",
        "2",
        "--seed",
        "4",
        "-o",
        "target=15",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [e["agent"] for e in data["entrants"]] == ["ai:search", "ai:easy"]
    assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == 2


@slow
def test_plugins_are_independent_of_each_other():
    # Disabling the example leaves the built-ins; disabling gin's plugin leaves
    # Oklahoma working (it imports Gin's package, it does not need gin registered).
    listed = rummy("variants", disable="oklahoma").stdout.splitlines()[1:]
    assert "oklahoma" not in [line.split()[0] for line in listed]  # (oklahoma-gin is the family's)
    r = rummy("variants", disable="gin")
    names = [line.split()[0] for line in r.stdout.splitlines()[1:]]
    assert "oklahoma" in names and "gin" not in names
    r = rummy(
        "play",
        "oklahoma",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--seed",
        "1",
        "-o",
        "target=20",
        disable="gin",
    )
    assert r.returncode == 0 and "=== match over:" in r.stdout


# -- the boundaries --------------------------------------------------------------------


def imports(path: Path) -> list[tuple[str, list[str]]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            out.append((node.module or "", [a.name for a in node.names]))
    return out


def test_rummykit_never_imports_the_example():
    for folder in ("core", "cli", "variants", "rummykit_pkg"):
        for path in (REPO / folder).rglob("*.py"):
            for module, _ in imports(path):
                assert "oklahoma" not in module, f"{path} imports {module}"
    assert "oklahoma" not in (REPO / "pyproject.toml").read_text()


def test_the_example_uses_only_gins_public_api():
    """docs/plugins.md "What a plugin may build on": the names in
    rummykit.variants.gin.__all__, plus gin.bots.register_bots, and rummykit.core."""
    import rummykit.variants.gin as gin

    allowed = {
        "rummykit.variants.gin": set(gin.__all__),
        "rummykit.variants.gin.bots": {"register_bots", "agent_specs"},
    }
    for path in (EXAMPLE / "rummykit_oklahoma").rglob("*.py"):
        for module, names in imports(path):
            if module.startswith("rummykit.variants"):
                assert module in allowed, f"{path.name} imports Gin's private module {module}"
                assert set(names) <= allowed[module], f"{path.name}: {set(names) - allowed[module]}"
            elif module.startswith("rummykit"):
                public = ("rummykit.core", "rummykit.testing")
                assert module == "rummykit" or module.startswith(public), module
