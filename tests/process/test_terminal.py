"""Output that minds the terminal, where it takes a real one or a real pipe:
``rummy rules`` rendered and paged in a pseudo-terminal, the ``rummy simulate``
table within the terminal's width, bash running the completion script, output to
a full disk, and a reader that closes the pipe. The same commands piped, in the
test process: tests/cli/test_terminal_output.py."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rummykit.core.plugins.manager import get_plugins

from ..helpers.ptygame import Game, plain
from ..helpers.screens import GIN_COLUMNS, headers, option_names, report
from ..marks import first_fast

RUMMY = str(Path(sys.executable).with_name("rummy"))


def paged_rules(tmp_path: Path, variant: str, dims: tuple[int, int]) -> tuple[str, str]:
    """``rummy rules VARIANT`` at a terminal of ``dims`` whose $PAGER keeps what
    it is given in a file: (what the pager got, what the terminal showed)."""
    paged = tmp_path / "paged.txt"
    pager = f"sh -c {shlex.quote('cat > ' + shlex.quote(str(paged)))}"
    g = Game(["rules", variant], tmp_path / "data", dims=dims, PAGER=pager)
    try:
        assert g.wait_exit() == 0, plain(g.raw)
    finally:
        g.close()
    return paged.read_text(encoding="utf-8"), plain(g.raw)


@pytest.mark.parametrize("variant", ["gin", "cardverse"])
def test_rules_at_a_terminal_are_rendered_through_the_pager(tmp_path, variant):
    text, screen = paged_rules(tmp_path, variant, (30, 90))
    assert "Options (rummy play" not in screen  # the rules went to the pager, not the screen
    lines = text.splitlines()
    assert lines[0].startswith(f"{get_plugins().registry.variant(variant).title} (variant {variant},")
    assert not any(line.startswith("#") for line in lines)  # headings rendered, not raw Markdown
    assert "**" not in text and "`" not in text
    assert max(len(line) for line in lines) <= 90  # fits the terminal
    # The options table: a rendered table, one row per option, each row within the width.
    header = next(
        i for i, line in enumerate(lines) if re.match(r"\s*option\s+default\s+values\s+meaning", line)
    )
    assert set(lines[header + 1].strip()) == {"─"}
    table = lines[header + 2 :]
    for name in option_names(variant):
        assert sum(1 for line in table if line.split()[:1] == [name]) == 1, name
        assert sum(1 for line in lines if line.split()[:1] == [name]) == 1, name  # listed once
    assert sum("Computer players:" in line for line in lines) == 1


def test_rules_at_a_terminal_without_the_pager(tmp_path):
    g = Game(["rules", "cardverse", "--no-pager"], tmp_path / "data", dims=(40, 80), PAGER="false")
    assert g.wait_exit() == 0
    screen = plain(g.raw)
    assert "\x1b[" in g.raw.decode("utf-8", "replace")  # styled for the terminal
    assert "## Melds" not in screen and "Melds" in screen
    assert max(len(line) for line in screen.splitlines()) <= 80
    assert "discard_to_win" in screen


@pytest.mark.skipif(shutil.which("less") is None, reason="less is not installed")
def test_rules_are_paged_by_less_when_no_pager_is_set(tmp_path):
    g = Game(["rules", "gin"], tmp_path / "data", dims=(20, 80), PAGER="")
    g.expect("Cardems Gin (variant gin")
    g.expect(":")  # less waits at its prompt with the first screen shown
    assert "Options (rummy play" not in plain(g.raw)  # one screen, not the whole text
    g.child.send("q")
    assert g.wait_exit(timeout=30) == 0


@pytest.mark.parametrize("width", first_fast([80, 100]))
def test_simulate_table_fits_the_terminal(tmp_path, width):
    g = Game(
        ["simulate", "gin", "--seat", "ai:easy", "--seat", "random", "--matches", "2", "--seed", "3"],
        tmp_path / "data",
        dims=(24, width),
    )
    assert g.wait_exit() == 0, plain(g.raw)
    lines = report(plain(g.raw), "gin")
    table = [line for line in lines if not line.startswith(("gin: ", "draws: ")) and "per second" not in line]
    assert max(len(line) for line in table) <= width, "\n".join(table)
    assert headers(lines) == GIN_COLUMNS  # every column, each once, in order
    rows = [line for line in lines if line.startswith(("ai:easy ", "random "))]
    assert len(rows) == 2 * sum(line.startswith("entrant  ") for line in lines)


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_bash_completion_script_end_to_end(tmp_path):
    """bash itself runs the script and fills COMPREPLY."""
    script = (
        'eval "$(_RUMMY_COMPLETE=bash_source rummy)"; '
        "COMP_WORDS=(rummy play g); COMP_CWORD=2; _rummy_completion rummy; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    env = dict(os.environ)
    env.update(PATH=f"{Path(RUMMY).parent}{os.pathsep}{env.get('PATH', '')}", RUMMYKIT_DATA_DIR=str(tmp_path))
    r = subprocess.run(["bash", "--norc", "-c", script], capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["gin", "gin-3", "gin-partners"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ["variants"],
        ["rules", "gin", "--no-pager"],
        ["simulate", "gin", "--matches", "1", "--json"],
        ["--help"],
    ],
)
def test_output_to_a_full_disk_is_one_line_and_status_1(tmp_path, args):
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [RUMMY, *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "RUMMYKIT_DATA_DIR": str(tmp_path)},
            timeout=300,
        )
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines() == ["rummy: cannot write the output: No space left on device"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_game_whose_output_cannot_be_written_ends_saved(tmp_path):
    save = tmp_path / "g.json"
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [RUMMY, "play", "gin", "--seat", "human", "--seat", "random", "--seed", "3", "--save", str(save)],
            input="s\n",
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "RUMMYKIT_DATA_DIR": str(tmp_path / "data")},
            timeout=300,
        )
    assert r.returncode == 1, r.stderr
    assert r.stderr.splitlines() == ["rummy: cannot write the output: No space left on device"]
    assert json.loads(save.read_text())["variant"] == "gin"  # saved, and readable


def test_a_reader_that_closes_the_pipe_gets_no_error_line(tmp_path):
    p = subprocess.Popen(
        [RUMMY, "rules", "cardverse", "--no-pager"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "RUMMYKIT_DATA_DIR": str(tmp_path)},
    )
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()  # before rummy writes a line
    err = p.stderr.read().decode()
    assert p.wait(timeout=300) == 1
    assert err == ""
