"""`rummy play gin` through a pipe: one move per line, plain text out,
saved at the end of the input, resumable, and never overwriting a save."""

from __future__ import annotations

import re

from rummykit.core.bots.agents import agent_seed
from rummykit.core.play.records import load_record
from rummykit.core.play.session import Session, parse_seat
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.gin import EasyGinAgent

from ..inprocess import run_rummy

SEATS = ["human", "random"]
ESC = re.compile(r"\x1b\[")


def rummy(args, tmp_path, text: str):
    return run_rummy(*args, stdin=text, RUMMYKIT_DATA_DIR=str(tmp_path / "data"))


def person_lines(seed: int, limit: int | None = None) -> tuple[list[str], Session]:
    """What a person at seat 0 would type against `random` (worked out on the
    same match the program plays: same seed, same bot); ai:easy decides."""
    reg = get_plugins().registry
    s = Session.new(reg, "gin", {}, [parse_seat(x, i) for i, x in enumerate(SEATS)], seed, None)
    me = EasyGinAgent(agent_seed(seed, 0))
    lines: list[str] = []
    while not s.over:
        seat = s.to_act()
        if s.is_human(seat):
            if limit is not None and len(lines) >= limit:
                break  # the program waits here for the next line
            view = s.view(seat)
            action = me.act(view, view.legal)
            lines.append(action.notation().lower())
            s.apply(action)
        else:
            s.bot_move()
    return lines, s


def test_a_whole_gin_match_through_a_pipe(tmp_path):
    lines, expected = person_lines(3)
    save = tmp_path / "g.json"
    out = rummy(
        ["play", "gin", "--seat", "human", "--seat", "random", "--seed", "3", "--save", str(save)],
        tmp_path,
        "\n".join(lines) + "\n",
    )
    assert out.returncode == 0, out.stderr
    assert not ESC.search(out.stdout)  # plain text, no terminal codes
    assert "=== match over:" in out.stdout
    assert "Player 1: 10 cards (0 pts), Random bot: 10 cards (0 pts)" in out.stdout
    # The seed, which gives every deal, is printed once the match is over, not before.
    assert "seed" not in out.stdout.split("=== match over:")[0]
    assert out.stdout.rstrip().endswith(f"(seed 3; record saved to {save})")
    rec = load_record(save)
    assert rec.finished and rec.actions == expected.record.actions
    assert rec.seed == 3 and [s.kind for s in rec.seats] == SEATS


def test_bad_lines_get_a_reason_and_the_game_goes_on_then_saves_at_eof(tmp_path):
    lines, partial = person_lines(3, limit=4)
    script = ["help", "d zz", "flap", "knock 2c", *lines]
    save = tmp_path / "g.json"
    out = rummy(
        ["play", "gin", "--seat", "human", "--seat", "random", "--seed", "3", "--save", str(save)],
        tmp_path,
        "\n".join(script) + "\n",
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert "discard" in out.stdout and "draw stock" in out.stdout  # help listed the legal moves
    assert "illegal: bad card 'zz'" in out.stdout
    assert "illegal: unknown move 'flap'" in out.stdout
    assert out.stdout.count("illegal:") == 3  # "knock 2c" too: no such card / not now
    assert "input ended; game saved to" in out.stdout
    rec = load_record(save)
    assert rec.actions == partial.record.actions and not rec.finished
    # and it continues from exactly there
    more, _ = person_lines(3, limit=8)
    again = rummy(["play", "--resume", str(save)], tmp_path, "\n".join(more[4:]) + "\n")
    assert again.returncode == 0, again.stderr
    assert load_record(save).actions[: len(rec.actions)] == rec.actions
    assert len(load_record(save).actions) > len(rec.actions)


def test_save_never_overwrites_an_existing_file(tmp_path):
    save = tmp_path / "g.json"
    save.write_text("precious\n")
    out = rummy(["play", "gin", "--seat", "human", "--seat", "random", "--save", str(save)], tmp_path, "")
    assert out.returncode == 2
    assert "already exists" in out.stderr and "Traceback" not in out.stderr
    assert save.read_text() == "precious\n"


def test_bots_only_play_the_match_to_the_end(tmp_path):
    out = rummy(["play", "gin", "--seat", "ai:hard", "--seat", "ai:easy", "--seed", "7"], tmp_path, "")
    assert out.returncode == 0, out.stderr
    assert "=== match over:" in out.stdout
    totals = re.findall(r"Score: Hard bot (\d+), Easy bot (\d+)", out.stdout)[-1]
    assert max(map(int, totals)) >= 100
    end = out.stdout.split("=== match over:")
    assert "Score:" not in end[0].splitlines()[-1] and end[1].count("Score:") == 1  # the totals once
