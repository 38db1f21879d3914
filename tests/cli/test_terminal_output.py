"""Output that minds the terminal (issue #19), through the real ``rummy``:
``rummy rules`` plain when piped, rendered and paged at a terminal, its options
listed once; the ``rummy simulate`` table within 80 and 100 columns, its count
columns all there (0 included) in one order whatever the run; shell completion
for bash, zsh and fish.

Here ``rummy`` runs in the test process (tests/inprocess.py), its output piped;
what takes a real terminal or a real pipe: tests/process/test_terminal.py."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from rummykit.core.play.records import MatchRecord, SeatRecord, save_record

from ..helpers.screens import CARDVERSE_COUNTS, GIN_COLUMNS, headers, option_names
from ..inprocess import run_rummy
from ..marks import first_fast, slow


def rummy(data: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_rummy(*args, RUMMYKIT_DATA_DIR=str(data), **env)


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


# -- rummy simulate ------------------------------------------------------------------


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
    assert values(complete(tmp_path, "rummy play g")) == ["gin", "gin-3", "gin-partners"]
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
