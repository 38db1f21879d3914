"""``rummy new-variant``: a ``--dir`` that does not exist is refused (it made
every missing folder of it), and the title is the one given (``--title``),
asked at a terminal, else made of the name without "Rummy" twice
(``knockrummy`` was "Knockrummy Rummy")."""

from __future__ import annotations

import ast
import tomllib

import pytest

import rummykit.cli.scaffold as scaffold
from rummykit.cli.scaffold import names_for, write_package

NO_RL = {"RUMMYKIT_DISABLE_PLUGINS": "rl-example"}


def written_title(root, module: str) -> str:
    """The title as the package's variant.py gives it to its VariantSpec."""
    tree = ast.parse((root / module / "variant.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "title":
            return ast.literal_eval(node.value)
    raise AssertionError("no title in variant.py")


@pytest.mark.parametrize("missing", ["no/deep", "no"])
def test_a_dir_that_does_not_exist_is_refused_in_one_line(rummy_run, tmp_path, missing):
    parent = tmp_path / missing
    r = rummy_run("new-variant", "fresh", "--dir", str(parent), **NO_RL)
    assert r.returncode == 2, r.stdout
    assert r.stderr.splitlines() == [
        f"rummy: cannot write in {parent}: no such folder (make it, or choose another --dir)"
    ]
    assert list(tmp_path.iterdir()) == []  # no folder made


@pytest.mark.parametrize(
    "name, title",
    [("knockrummy", "Knockrummy"), ("rummy500", "Rummy500"), ("big-gin", "Big Gin Rummy")],
)
def test_a_title_made_of_the_name_says_rummy_once(name, title):
    assert names_for(name)["title"] == title


@pytest.mark.parametrize("title", ["Tonk Rummy", "Rommé d'Été (Paris)", "Gin & Tonic 2-4"])
def test_the_title_is_taken_as_given(rummy_run, tmp_path, title):
    r = rummy_run("new-variant", "tonkrummy", "--dir", str(tmp_path), "--title", f" {title} ", **NO_RL)
    assert r.returncode == 0, r.stderr
    assert "Title" not in r.stdout  # not asked: given
    root = tmp_path / "rummykit-tonkrummy"
    assert written_title(root, "rummykit_tonkrummy") == title
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["description"] == f"{title}, a rummykit variant plugin"
    assert title in (root / "README.md").read_text(encoding="utf-8")
    for path in root.rglob("*.py"):
        ast.parse(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("title", ['Say "Gin"', "back\\slash", "two\nlines", "", "   ", "x" * 41, "{{name}}"])
def test_a_title_no_file_could_hold_is_one_line_and_nothing_is_written(rummy_run, tmp_path, title):
    r = rummy_run("new-variant", "tonkrummy", "--dir", str(tmp_path), "--title", title, **NO_RL)
    assert r.returncode == 2
    assert r.stderr.startswith("rummy: bad title ") and len(r.stderr.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_without_a_title_a_pipe_gets_the_made_one_and_is_not_asked(rummy_run, tmp_path):
    r = rummy_run("new-variant", "tonkrummy", "--dir", str(tmp_path), stdin="Other\n", **NO_RL)
    assert r.returncode == 0, r.stderr
    assert "Title" not in r.stdout
    assert written_title(tmp_path / "rummykit-tonkrummy", "rummykit_tonkrummy") == "Tonkrummy"


@pytest.mark.parametrize(
    "typed, title",
    [("Tonk Rummy\n", "Tonk Rummy"), ("\n", "Tonkrummy"), ('Say "x"\nTonk Rummy\n', "Tonk Rummy")],
)
def test_at_a_terminal_the_title_is_asked(rummy_run, tmp_path, monkeypatch, typed, title):
    monkeypatch.setattr(scaffold, "stdin_is_tty", lambda: True)
    monkeypatch.setattr(scaffold, "stdout_is_tty", lambda: True)
    r = rummy_run("new-variant", "tonkrummy", "--dir", str(tmp_path), stdin=typed, **NO_RL)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Title [Tonkrummy]: ")
    assert ("bad title" in r.stdout + r.stderr) == ('"' in typed)  # a bad one is asked again
    assert written_title(tmp_path / "rummykit-tonkrummy", "rummykit_tonkrummy") == title


def test_write_package_takes_a_title(tmp_path):
    root, _ = write_package("envtoy", tmp_path, "Toy Rummy")
    assert written_title(root, "rummykit_envtoy") == "Toy Rummy"
