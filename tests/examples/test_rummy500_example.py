"""The Rummy 500 example, examples/rummykit-rummy500, as a user meets it.

`make test` installs it (every examples/*/ with a pyproject) before the tests;
these use it only through its entry point and the real ``rummy`` command, run
in the test process (its game in a pseudo-terminal:
tests/process/test_example_games.py), and check that it uses no name of rummykit
starting with ``_``.
"""

from __future__ import annotations

import ast
import json
import re
from importlib import metadata
from pathlib import Path

import pytest

from rummykit.core.play.records import load_record, replay
from rummykit.core.plugins.manager import get_plugins

from ..helpers.examples import loser_lines
from ..inprocess import run_rummy

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "rummykit-rummy500"


@pytest.fixture(scope="module", autouse=True)
def installed():
    try:
        dist = metadata.distribution("rummykit-rummy500")
    except metadata.PackageNotFoundError:
        pytest.fail(
            "the example is not installed: pip install -e examples/rummykit-rummy500 (make test does this)"
        )
    eps = [(ep.name, ep.value) for ep in dist.entry_points if ep.group == "rummykit"]
    assert eps == [("rummy500", "rummykit_rummy500.plugin")]


def rummy(*args, stdin="", tmp=None):
    env = {} if tmp is None else {"RUMMYKIT_DATA_DIR": str(tmp)}
    return run_rummy(*args, stdin=stdin, RUMMYKIT_DISABLE_PLUGINS=None, NO_COLOR="1", **env)


def scores(out: str, name: str) -> list[int]:
    return [int(x) for x in re.findall(rf"^Score: {name} (-?\d+)", out, re.M)]


def test_listed_with_its_rules_and_options(rummy_run):
    r = rummy_run("variants")
    assert r.returncode == 0 and any(
        line.split()[:4] == ["rummy500", "Rummy", "500", "2-4"] for line in r.stdout.splitlines()
    )
    out = rummy_run("rules", "rummy500").stdout
    assert "dig CARD" in out and "first to 500" in " ".join(out.split())
    for option in ("target", "deals", "max_turns"):
        assert option in out
    assert "ai:easy" in out and "ai:search" in out


def test_negative_totals_are_shown_and_summed_right_in_the_pipe_game(rummy_run, tmp_path):
    save = tmp_path / "g.json"
    lines = loser_lines(seed=5, deals=2)
    r = rummy(
        "play", "rummy500", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "5",
        "-o", "deals=2", "--save", str(save), stdin="\n".join(lines) + "\n", tmp=tmp_path,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.startswith("Rummy 500: Ann (human), Easy bot (ai:easy); after 2 deals, highest total wins")
    # Each round: what Ann laid (nothing), what she held, her signed round score.
    # Ann is the one person at the table: her round summaries speak to her.
    rounds = [int(x) for x in re.findall(r"^You laid 0, \d+ left in hand: (-\d+)$", out, re.M)]
    assert len(rounds) == 2 and all(p < 0 for p in rounds)
    totals = scores(out, "Ann")
    assert totals[0] == rounds[0] and totals[1] == rounds[0] + rounds[1] and totals[-1] == totals[1]
    assert "(after 2 deals, highest total wins)" in out.splitlines()[-2]
    record = load_record(save)
    m = replay(record, get_plugins().registry)
    assert m.over and m.totals[0] == sum(rounds) and record.finished
    assert [r.points[0] for r in m.results] == rounds

    shown = rummy_run("replay", str(save), RUMMYKIT_DATA_DIR=str(tmp_path))
    assert shown.returncode == 0, shown.stderr
    assert "Total (2 deals)" in shown.stdout
    assert re.search(rf"Ann\s+│\s+{rounds[0]}\s+│\s+{rounds[0]}\s+│", shown.stdout)
    assert re.search(rf"Ann\s+│\s+{rounds[1]}\s+│\s+{sum(rounds)}\s+│", shown.stdout), shown.stdout[-3000:]
    assert (
        "Match over: Easy bot wins with" in shown.stdout
        and "(after 2 deals, highest total wins)" in shown.stdout
    )


def test_dig_is_known_when_not_legal_with_its_help_and_reason(tmp_path):
    # Before drawing, "help" lists the dig (not legal yet: nothing is below the
    # top card) with its help line, and typing one gets Rummy 500's reason,
    # not "unknown move".
    r = rummy(
        "play", "rummy500", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "5",
        "--save", str(tmp_path / "g.json"), stdin="help\ndig 2c\nquit\n", tmp=tmp_path,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "dig CARD" in out and "every card above it; use it in a meld at once" in out
    assert "dig takes a card below the top of the discard pile" in out
    assert "unknown move" not in out


def test_three_bots_play_to_500_and_the_record_replays(rummy_run, tmp_path):
    save = tmp_path / "g.json"
    seats = ("--seat", "ai:easy", "--seat", "random", "--seat", "ai:easy")
    r = rummy("play", "rummy500", *seats, "--seed", "4", "--save", str(save), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0].endswith("; first to 500; seed 4")
    m = replay(load_record(save), get_plugins().registry)
    assert m.over and max(m.totals) >= 500 and m.winner == m.totals.index(max(m.totals))
    assert load_record(save).match.model_dump() == {"rule": "first_to", "limit": 500, "lowest_wins": False}
    final = r.stdout.splitlines()[-2]
    assert (
        final
        == "Score: "
        + ", ".join(
            f"{name} {total}"
            for name, total in zip(("Easy bot 1", "Random bot", "Easy bot 3"), m.totals, strict=True)
        )
        + " (first to 500)"
    )
    shown = rummy_run("replay", str(save), RUMMYKIT_DATA_DIR=str(tmp_path))
    assert shown.returncode == 0 and "Total (to 500)" in shown.stdout and "(first to 500)" in shown.stdout


def test_rummy_simulate_rummy500_shows_the_rule_and_the_totals():
    r = rummy(
        "simulate",
        "rummy500",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--matches",
        "4",
        "--seed",
        "3",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["match_rule"] == "first to 500" and data["matches"] == 4
    assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == 4
    assert data["entrants"][0]["total_per_match"] >= 500 - 200  # ai:easy nears or passes the target
    r = rummy("simulate", "rummy500", "--seat", "ai:easy", "--seat", "ai:easy", "--seat", "random",
              "--matches", "3", "--seed", "1", "-o", "deals=2")  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "3 matches (6 rounds), after 2 deals, highest total wins" in r.stdout
    assert "total/match" in r.stdout


@pytest.mark.slow  # the kit's seeded games (or a search): minutes on a busy machine
def test_ai_search_plays_it_with_ai_easy_as_its_roll_out():
    r = rummy(
        "simulate",
        "rummy500",
        "--seat",
        "ai:search",
        "--seat",
        "ai:easy",
        "--rounds",
        "1",
        "--seed",
        "2",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    assert [e["agent"] for e in json.loads(r.stdout)["entrants"]] == ["ai:search", "ai:easy"]


# -- the boundaries --------------------------------------------------------------------


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_names(path: Path) -> list[str]:
    """Every name of rummykit starting with ``_`` that ``path`` uses: imported
    from a rummykit module, or reached as an attribute (``x._y``); and every
    method it defines with such a name (a Round implements ``perform``)."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rummykit"):
            parts = (node.module or "").split(".")
            found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
            found += [node.module for p in parts if p.startswith("_")]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if any(p.startswith("_") for p in a.name.split("."))]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            found.append(f"attribute {node.attr}")
        elif isinstance(node, ast.FunctionDef) and private(node.name):
            found.append(f"def {node.name}")
    return found


def test_the_example_uses_no_private_name_of_rummykit():
    files = list(EXAMPLE.rglob("*.py"))
    assert len(files) >= 5
    for path in files:
        assert private_names(path) == [], path


def test_the_check_catches_a_private_name(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from rummykit.core.engine.resample import _deal\nimport rummykit.core._x\nr._finish()\n")
    assert len(private_names(bad)) == 3


def test_rummykit_never_imports_the_example():
    for folder in ("core", "cli", "variants", "rummykit_pkg"):
        for path in (REPO / folder).rglob("*.py"):
            assert "rummy500" not in path.read_text(), path
