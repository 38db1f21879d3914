"""``rummy new-variant``: the package it writes, and that it works before any edit.

The generated package is "installed" here the quick way (its folder and a fake
dist-info on sys.path, tests/helpers/sites.py); tests/process/test_scaffold_venv.py
installs it for real with pip into a fresh virtual environment (slow).
"""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from rummykit.cli.scaffold import FILES, names_for, new_variant, write_package

from ..helpers.sites import rummy
from ..marks import slow


def test_names():
    assert names_for("big-gin") == {
        "name": "big-gin",
        "title": "Big Gin Rummy",
        "Class": "BigGin",
        "module": "rummykit_big_gin",
        "dist": "rummykit-big-gin",
        "rummykit_version": names_for("x")["rummykit_version"],
    }
    assert names_for("kalooki_rummy")["title"] == "Kalooki Rummy"


def test_the_package_is_complete_and_valid(tmp_path):
    root, written = write_package("big-gin", tmp_path)
    assert root == tmp_path / "rummykit-big-gin"
    assert sorted(p.relative_to(root).as_posix() for p in written) == sorted(
        [
            "pyproject.toml",
            "README.md",
            "rummykit_big_gin/__init__.py",
            "rummykit_big_gin/variant.py",
            "rummykit_big_gin/agents.py",
            "rummykit_big_gin/plugin.py",
            "tests/test_rummykit_big_gin.py",
        ]
    )
    assert len(written) == len(FILES)
    project = tomllib.loads((root / "pyproject.toml").read_text())
    assert project["project"]["name"] == "rummykit-big-gin"
    assert project["project"]["entry-points"]["rummykit"] == {"big-gin": "rummykit_big_gin.plugin"}
    assert project["project"]["dependencies"][0].startswith("rummykit>=")
    for path in written:
        text = path.read_text()
        assert "{{" not in text.replace("{{%d}}", ""), path
        if path.suffix == ".py":
            ast.parse(text, str(path))
    assert 'NAME = "big-gin"' in (root / "rummykit_big_gin/variant.py").read_text()
    assert "class BigGinRound(Round)" in (root / "rummykit_big_gin/variant.py").read_text()


def test_command_output_and_refusals(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    r = runner.invoke(new_variant, ["quick"])
    assert r.exit_code == 0, r.output
    assert "Wrote the variant plugin rummykit-quick in ./rummykit-quick:" in r.output
    assert "pip install -e './rummykit-quick[test]'" in r.output
    assert "rummy play quick" in r.output
    # never over an existing package
    r = runner.invoke(new_variant, ["quick"])
    assert r.exit_code != 0
    assert "already exists and is not empty" in str(r.exception)
    # --dir: the folder that receives rummykit-NAME/
    (tmp_path / "elsewhere").mkdir()
    r = runner.invoke(new_variant, ["quick", "--dir", str(tmp_path / "elsewhere")])
    assert r.exit_code == 0
    assert (tmp_path / "elsewhere/rummykit-quick/pyproject.toml").exists()
    # every path it prints is one from where it was run
    rules = r.output.rpartition("The rules are in ")[2].partition(";")[0]
    made = tmp_path / "elsewhere/rummykit-quick/rummykit_quick/variant.py"
    assert Path(rules).resolve() == made.resolve()


@pytest.mark.parametrize(
    "name, message",
    [
        ("Quick", "bad variant name 'Quick'"),
        ("2fast", "bad variant name '2fast'"),
        ("a b", "bad variant name 'a b'"),
        ("a" * 41, "bad variant name 'aaaa"),
        ("a" * 41, "use 1 to 40 lower-case letters"),
        ("a" * 500, "(500 characters)"),
        ("gin", "a variant named 'gin' is already installed (plugin gin)"),
        ("core", "a plugin named 'core' is already installed"),
    ],
)
def test_bad_names_are_one_line_errors(rummy_run, tmp_path, name, message):
    r = rummy_run("new-variant", name, "--dir", str(tmp_path), RUMMYKIT_DISABLE_PLUGINS="rl-example")
    assert r.returncode == 2
    assert r.stderr.startswith("rummy: ") and message in r.stderr
    assert len(r.stderr.splitlines()) == 1 and len(r.stderr) < 300
    assert list(tmp_path.glob("rummykit-*")) == []


def test_the_name_of_a_disabled_plugin_is_refused_too(rummy_run, tmp_path):
    disable = "rl-example,cardverse"
    r = rummy_run("new-variant", "cardverse", "--dir", str(tmp_path), RUMMYKIT_DISABLE_PLUGINS=disable)
    assert r.returncode == 2
    assert r.stderr.startswith("rummy: a plugin named 'cardverse' is already installed")
    assert len(r.stderr.splitlines()) == 1
    assert list(tmp_path.glob("rummykit-*")) == []


@pytest.mark.parametrize("case", ["in /proc", "a 300-character name", "below a file", "a file"])
def test_a_dir_that_cannot_be_written_is_one_line(rummy_run, tmp_path, case):
    a_file = tmp_path / "file.json"
    a_file.write_text("{}\n")
    parent = {
        "in /proc": Path("/proc/x"),
        "a 300-character name": tmp_path / ("n" * 300),
        "below a file": a_file / "x",
        "a file": a_file,
    }[case]
    r = rummy_run("new-variant", "fresh", "--dir", str(parent), RUMMYKIT_DISABLE_PLUGINS="rl-example")
    assert r.returncode == 2, r.stdout
    assert r.stderr.startswith(f"rummy: cannot write in {parent}")
    assert len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr
    assert a_file.read_text() == "{}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.json"]


def test_a_link_to_nothing_in_its_place_is_named_as_such(rummy_run, tmp_path):
    (tmp_path / "rummykit-fresh").symlink_to(tmp_path / "gone")
    r = rummy_run("new-variant", "fresh", "--dir", str(tmp_path), RUMMYKIT_DISABLE_PLUGINS="rl-example")
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"rummy: {tmp_path / 'rummykit-fresh'} is a link to nothing; choose another --dir or name"
    ]
    assert not (tmp_path / "gone").exists()


def test_scaffold_is_listed_and_plays(scaffold):
    site, _ = scaffold
    r = rummy(site, "variants")
    assert r.returncode == 0 and r.stderr == ""
    assert any(ln.split()[:3] == ["quick", "Quick", "Rummy"] for ln in r.stdout.splitlines())
    r = rummy(site, "plugins")
    assert "variants: quick; agents: ai:easy (quick)" in r.stdout
    r = rummy(
        site,
        "play",
        "quick",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--seat",
        "ai:easy",
        "--seed",
        "5",
        "-o",
        "target=20",
    )
    assert r.returncode == 0, r.stderr
    assert "=== match over:" in r.stdout
    # a person plays it from the legal moves and their notation alone
    r = rummy(site, "play", "quick", "--seed", "2", stdin="help\ns\nd ks\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "draw stock  [s]" in r.stdout and "Player 1 discards K♠" in r.stdout


@slow
def test_core_search_plays_the_scaffold_with_no_code_of_its_own(scaffold):
    """The generated variant gets ai:search (core's generic search, rolling out
    with the template's ai:easy) and it plays through the real rummy simulate."""
    site, _pkg = scaffold
    r = rummy(site, "rules", "quick")
    assert "Computer players: ai:search, ai:easy, random" in r.stdout
    r = rummy(
        site,
        "simulate",
        "quick",
        "--seat",
        "ai:search",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:search",
        "--matches",
        "3",
        "--seed",
        "8",
        "-o",
        "target=20",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert [e["agent"] for e in data["entrants"]] == ["ai:search", "ai:easy", "ai:search"]
    assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == 3
