"""Output that minds the terminal (issue #19), through the real ``rummy``:
``rummy rules`` plain when piped, rendered and paged at a terminal, its options
listed once; the ``rummy simulate`` table within 80 and 100 columns, its count
columns all there (0 included) in one order whatever the run; shell completion
for bash, zsh and fish.

What is piped runs ``rummy`` in this process (tests/inprocess.py); what is at a
terminal runs it in a pseudo-terminal."""

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

from rummykit.core.engine.options import describe_options
from rummykit.core.play.records import MatchRecord, SeatRecord, save_record
from rummykit.core.plugins.manager import get_plugins

from ..helpers.ptygame import Game, plain
from ..inprocess import run_rummy
from ..marks import first_fast, slow

RUMMY = str(Path(sys.executable).with_name("rummy"))


def rummy(data: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_rummy(*args, RUMMYKIT_DATA_DIR=str(data), **env)


def option_names(variant: str) -> list[str]:
    spec = get_plugins().registry.variant(variant)
    return [name for name, _, _, _ in describe_options(spec.options_model)]


# -- rummy rules ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["gin", "cardverse"])
def test_rules_piped_are_plain_text_with_each_option_once(tmp_path, variant):
    r = rummy(tmp_path, "rules", variant)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "\x1b" not in out  # no colour or cursor codes in a pipe
    assert out.count(f"Options (rummy play {variant} --option KEY=VALUE):") == 1
    assert "| option |" not in out  # the rules text has no options table of its own
    for name in option_names(variant):
        rows = [line for line in out.splitlines() if re.match(rf"\s+{name}\s+default ", line)]
        assert len(rows) == 1, (name, rows)
    assert "Computer players: ai:hard" in out


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


# -- rummy simulate ------------------------------------------------------------------


def report(screen: str, variant: str) -> list[str]:
    """The lines of the report (after the progress bar's last redraw)."""
    lines = [line.rstrip() for line in re.split(r"[\r\n]+", screen)]
    start = max(i for i, line in enumerate(lines) if line.startswith(f"{variant}: "))
    return lines[start:]


def headers(lines: list[str]) -> list[str]:
    """Every column header of every table, in order (the entrant column once)."""
    out = ["entrant"]
    for line in lines:
        if line.startswith("entrant  "):
            out += re.split(r"\s{2,}", line.strip())[1:]
    return out


GIN_COLUMNS = [
    "entrant",
    "matches won",
    "win rate",
    "95% CI",
    "points/round",
    "total/match",
    "rounds won",
    "knocks",
    "gins",
    "undercuts",
    "draws",
]
CARDVERSE_COUNTS = ["out by meld", "out by discard", "stock end"]


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


@slow
def test_simulate_table_is_one_table_when_wide_enough(tmp_path):
    r = rummy(
        tmp_path, "simulate", "gin", "--seat", "random", "--seat", "random", "--matches", "1", COLUMNS="140"
    )
    assert r.returncode == 0, r.stderr
    assert sum(line.startswith("entrant  ") for line in r.stdout.splitlines()) == 1
    assert headers(r.stdout.splitlines()) == GIN_COLUMNS


def test_simulate_counts_keep_their_order_and_show_zeros(tmp_path):
    # One round each: seed 1 ends by a discard, seed 2 by a meld; every count has
    # its column in both, in the same order, 0 where it did not happen.
    seen = []
    for seed in ("1", "2"):
        r = rummy(
            tmp_path,
            "simulate",
            "cardverse",
            "--seat",
            "ai:easy",
            "--seat",
            "ai:easy",
            "--rounds",
            "1",
            "--seed",
            seed,
            COLUMNS="80",
        )
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        cols = headers(lines)
        assert cols == ["entrant", "rounds won", "win rate", "95% CI", "points/round", *CARDVERSE_COUNTS]
        counts_header = next(i for i, line in enumerate(lines) if "out by meld" in line)
        counts = sorted(
            line.split()[2:] for line in lines[counts_header + 1 : counts_header + 3]
        )  # after "ai:easy (k)"
        won = ["0", "1", "0"] if seed == "1" else ["1", "0", "0"]
        assert counts == [["0", "0", "0"], won]
        seen.append(cols)
    assert seen[0] == seen[1]


# -- shell completion ----------------------------------------------------------------


def complete(data: Path, line: str, shell: str = "bash") -> list[str]:
    """What ``rummy`` offers for the last word of ``line`` (a trailing space: a new
    word), asked the way click's ``SHELL_source`` script asks."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    r = rummy(data, _RUMMY_COMPLETE=f"{shell}_complete", COMP_WORDS=line, COMP_CWORD=str(cword))
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    return r.stdout.splitlines()


def values(offered: list[str]) -> list[str]:
    """bash's answer is ``type,value`` lines."""
    return [o.split(",", 1)[1] for o in offered]


@pytest.mark.parametrize(
    "shell, marker",
    first_fast(
        [
            ("bash", "complete -o nosort -F _rummy_completion rummy"),
            ("zsh", "#compdef rummy"),
            ("fish", "complete --no-files --command rummy"),
        ]
    ),
)
def test_completion_scripts_are_produced(tmp_path, shell, marker):
    r = rummy(tmp_path, _RUMMY_COMPLETE=f"{shell}_source")
    assert r.returncode == 0, r.stderr
    assert marker in r.stdout and "_RUMMY_COMPLETE" in r.stdout


def test_completing_variants_and_commands(tmp_path):
    assert values(complete(tmp_path, "rummy play g")) == ["gin"]
    assert values(complete(tmp_path, "rummy rules cardverse-")) == ["cardverse-house"]  # an example plugin
    assert "simulate" in values(complete(tmp_path, "rummy si"))
    assert "--seat" in values(complete(tmp_path, "rummy play gin --s"))


def test_completing_seats_options_and_agents(tmp_path):
    seats = values(complete(tmp_path, "rummy play gin --seat "))
    assert seats[:2] == ["human", "human:"] and "ai:hard" in seats and "ref:simple" in seats
    assert values(complete(tmp_path, "rummy play cardverse --seat ai:e")) == ["ai:easy"]
    agents = values(complete(tmp_path, "rummy simulate cardverse --seat "))
    assert "ai:easy" in agents and "human" not in agents and "ref:simple" not in agents
    assert values(complete(tmp_path, "rummy play cardverse -o ace")) == ["ace_high=true", "ace_high=false"]
    assert values(complete(tmp_path, "rummy simulate gin --option knock")) == ["knock_limit=10"]


def test_completing_saved_games(tmp_path):
    data = tmp_path / "data"
    for game_id in ("0a1b2c3d", "0a99ffee", "77777777"):
        record = MatchRecord(
            id=game_id,
            variant="gin",
            options={},
            seats=[SeatRecord(kind="human", name="Ann"), SeatRecord(kind="ai:easy", name="Easy bot")],
            seed=1,
            actions=[],
        )
        save_record(record, data / "games" / f"{game_id}.json")
    assert values(complete(data, "rummy resume 0a")) == ["0a1b2c3d", "0a99ffee"]
    assert values(complete(data, "rummy replay 7")) == ["77777777"]
    assert values(complete(data, "rummy resume --delete 0a9")) == ["0a99ffee"]
    # Nothing matches: the shell completes a file name.
    assert complete(data, "rummy replay ./sav") == ["file,./sav"]


@slow
def test_zsh_and_fish_answers(tmp_path):
    zsh = complete(tmp_path, "rummy play g", "zsh")
    assert zsh[:2] == ["plain", "gin"]  # type, value, then the help (the title)
    assert "Gin" in zsh[2]
    r = rummy(tmp_path, _RUMMY_COMPLETE="fish_complete", COMP_WORDS="rummy rules c", COMP_CWORD="c")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0].startswith("plain,cardverse")


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
    assert r.stdout.split() == ["gin"]


# -- output that cannot be written ---------------------------------------------------


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
