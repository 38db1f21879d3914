"""The third-party example, examples/rummykit-straight-gin, as a user meets it.

`make test` installs it (``pip install -e examples/rummykit-straight-gin``) before
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

from ..helpers.docs_excerpts import missing_lines
from ..inprocess import run_rummy
from ..marks import slow

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "rummykit-straight-gin"


@pytest.fixture(scope="module", autouse=True)
def installed():
    try:
        dist = metadata.distribution("rummykit-straight-gin")
    except metadata.PackageNotFoundError:
        pytest.fail(
            "the example is not installed: "
            "pip install -e examples/rummykit-straight-gin (make test does this)"
        )
    eps = [ep for ep in dist.entry_points if ep.group == "rummykit"]
    assert [(ep.name, ep.value) for ep in eps] == [("straight-gin", "rummykit_straight_gin.plugin")]


def rummy(*args, stdin="", disable=None, tmp=None):
    env = {} if tmp is None else {"RUMMYKIT_DATA_DIR": str(tmp)}
    return run_rummy(*args, stdin=stdin, RUMMYKIT_DISABLE_PLUGINS=disable or None, **env)


def test_listed_with_its_version(rummy_run):
    r = rummy_run("variants")
    assert r.returncode == 0 and r.stderr == ""
    assert any(line.split()[:4] == ["straight-gin", "Straight", "Gin", "2"] for line in r.stdout.splitlines())
    data = json.loads(rummy_run("plugins", "--json").stdout)
    entry = next(p for p in data["plugins"] if p["name"] == "straight-gin")
    assert entry["distribution"] == "rummykit-straight-gin" and entry["version"] == "0.1.0"
    assert entry["variants"] == ["straight-gin"] and "ai:hard (straight-gin)" in entry["agents"]


def test_rules_say_there_is_no_knocking(rummy_run):
    out = " ".join(rummy_run("rules", "straight-gin").stdout.split())
    assert "Straight Gin: there is no knocking" in out and "best_of" in out
    assert "Match: first to 100" in out


def test_rummy_play_straight_gin(tmp_path):
    r = rummy(
        "play",
        "straight-gin",
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
    assert "=== match over:" in r.stdout and " knocks" not in r.stdout
    # A person sees that only gin ends the hand, beside the hand and when trying to knock.
    r = rummy("play", "straight-gin", "--seed", "5", stdin="s\nk 2d\nquit\n", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "; gin only" in r.stdout and "only gin may end this round" in r.stdout


def test_a_best_of_three_match_through_the_pipe(rummy_run):
    r = rummy_run(
        "play", "straight-gin", "--seat", "ai:easy", "--seat", "ai:easy", "--seed", "3", "-o", "best_of=3"
    )
    assert r.returncode == 0, r.stderr
    assert "best of 3 hands: the first to win 2 wins" in r.stdout.splitlines()[0]
    assert "=== match over:" in r.stdout


@slow
def test_rummy_simulate_straight_gin():
    r = rummy(
        "simulate",
        "straight-gin",
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
    assert data["variant"] == "straight-gin" and data["matches"] == 6
    assert [e["agent"] for e in data["entrants"]] == ["ai:hard", "ai:easy"]
    r = rummy("simulate", "straight-gin", "--rounds", "20", "--seed", "1", "--workers", "2")
    assert r.returncode == 0, r.stderr


@slow
def test_core_search_plays_straight_gin_with_no_code_of_its_own():
    """ai:search (core's generic search) is offered and plays through the real
    rummy simulate: Straight Gin adds nothing for it."""
    assert "ai:search" in rummy("rules", "straight-gin").stdout
    r = rummy(
        "simulate",
        "straight-gin",
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
    # Straight Gin working (it imports Gin's package, it does not need gin registered).
    listed = rummy("variants", disable="straight-gin").stdout.splitlines()[1:]
    assert "straight-gin" not in [line.split()[0] for line in listed]
    r = rummy("variants", disable="gin")
    names = [line.split()[0] for line in r.stdout.splitlines()[1:]]
    assert "straight-gin" in names and "gin" not in names
    r = rummy(
        "play",
        "straight-gin",
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
                assert "straight_gin" not in module, f"{path} imports {module}"
    assert "straight" not in (REPO / "pyproject.toml").read_text()


def test_the_example_uses_only_gins_public_api():
    """docs/plugins.md "What a plugin may build on": the names in
    rummykit.variants.gin.__all__, plus gin.bots.register_bots, and rummykit.core."""
    import rummykit.variants.gin as gin

    allowed = {
        "rummykit.variants.gin": set(gin.__all__),
        "rummykit.variants.gin.bots": {"register_bots", "agent_specs"},
    }
    for path in (EXAMPLE / "rummykit_straight_gin").rglob("*.py"):
        for module, names in imports(path):
            if module.startswith("rummykit.variants"):
                assert module in allowed, f"{path.name} imports Gin's private module {module}"
                assert set(names) <= allowed[module], f"{path.name}: {set(names) - allowed[module]}"
            elif module.startswith("rummykit"):
                public = ("rummykit.core", "rummykit.testing")
                assert module == "rummykit" or module.startswith(public), module


def test_the_tutorial_shows_the_examples_real_code():
    sources = sorted(EXAMPLE.rglob("*.py"))
    heading = "## Tutorial: a house rule on Gin (Straight Gin)"
    assert missing_lines(heading, "\n### Extra moves and new outcomes: Big Gin", sources) == []


def test_every_gin_player_it_registers_understands_straight_gin():
    """So each is offered by name and by level (a default opponent, a ladder's
    field), not as a bot reused for rules it does not know."""
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    options = reg.variant("straight-gin").options_model()
    own = [a for a in reg.agents_for("straight-gin") if a.variant == "straight-gin"]
    assert {a.name for a in own} >= {"ai:easy", "ai:normal", "ai:hard", "ref:simple", "ref:novice"}
    assert [a.name for a in own if not reg.understood(a, "straight-gin", options)] == []
