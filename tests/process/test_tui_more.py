"""The terminal game's other promises, in a pseudo-terminal: round and match
ends, choosing a game, replay, damaged save files, small terminals, --ascii,
--four-colour and NO_COLOR."""

from __future__ import annotations

import subprocess

import pytest

from rummykit.core.play.records import MatchRecord, SeatRecord, load_record

from ..helpers.ptygame import RUMMY, actions, env_for, near_round_end, plain, registry, save_files
from ..marks import slow

HAVE = registry().variants
needs = {v: pytest.mark.skipif(v not in HAVE, reason=f"{v} is not installed") for v in ("gin", "cardverse")}


@needs["gin"]
def test_gin_round_and_match_end_screens(game, tmp_path):
    save = tmp_path / "g.json"
    last = near_round_end("gin", 2, {"target": 1}, save)
    g = game("resume", str(save))
    g.prompt("Alice")
    g.send(last)
    out = plain(g.expect("Press Enter for the match result"))
    assert "Round 1 is over" in out
    assert "Alice" in out and "Bot" in out
    assert "deadwood" in out  # every hand with its deadwood
    assert "Total" in out
    g.send("")
    out = plain(g.expect("Press Enter to leave"))
    assert "Match over:" in out and "wins" in out and "Outcome" in out
    g.send("")
    rest = plain(g.raw[-0:] + g.child.read())
    # (the hint may wrap at the terminal's width: a long save path)
    assert "Match over:" in rest and "rummy replay" in " ".join(rest.split())
    g.child.close()
    assert g.child.exitstatus == 0
    assert load_record(save).finished


@needs["cardverse"]
def test_cardverse_round_end_then_next_round_on_enter(game, tmp_path):
    save = tmp_path / "c.json"
    last = near_round_end("cardverse", 3, {"target": 1000}, save)  # the match must go on
    g = game("resume", str(save))
    g.prompt("Alice")
    n = len(actions(save))
    g.send(last)
    out = plain(g.expect("Press Enter for the next round"))
    assert "Round 1 is over" in out and "hand value" in out
    g.send("")
    out = plain(g.prompt("Alice"))  # one person: no hand-off pause
    assert "round 2" in out and "Pass to" not in out
    assert len(actions(save)) >= n + 1
    g.send("quit")
    assert g.wait_exit() == 0


@needs["gin"]
def test_play_without_a_variant_asks_which_how_many_and_who(game, tmp_path):
    g = game("play", "--seed", "3")
    out = plain(g.expect("Which variant?"))
    for name in HAVE:
        assert name in out  # every installed variant, plugins included
    g.send("gin")
    g.expect("Seat 1")
    g.send("Alice")
    g.expect("Seat 2")
    g.send("Bob")
    g.expect("How long a match?")
    g.send("")
    g.expect("Pass to Alice")
    g.send("")
    g.move("s", "Alice")  # one move: a game nobody moved in is not kept
    g.send("quit")
    assert g.wait_exit() == 0
    (save,) = save_files(tmp_path / "data")
    rec = load_record(save)
    assert [s.name for s in rec.seats] == ["Alice", "Bob"] and rec.variant == "gin"


@needs["cardverse"]
def test_choose_players_and_computer_seats(game, tmp_path):
    g = game("play")
    g.expect("Which variant?")
    g.send("cardverse")
    g.expect("How many players")
    g.send("3")
    g.expect("Seat 1")
    g.send("")
    g.expect("Seat 2")
    g.send("ai:nonsense")
    g.expect("unknown computer player")
    g.send("")
    g.expect("Seat 3")
    g.send("random")
    g.expect("How long a match?")
    g.send("")
    g.prompt("Player 1")
    g.move("s", "Player 1")  # one move: a game nobody moved in is not kept
    g.send("quit")
    assert g.wait_exit() == 0
    (save,) = save_files(tmp_path / "data")
    kinds = [s.kind for s in load_record(save).seats]
    assert kinds[0] == "human" and kinds[2] == "random" and kinds[1].startswith("ai:")


def damaged_files(tmp_path):
    good = (
        MatchRecord(
            variant="gin",
            seats=[SeatRecord(kind="human", name="A"), SeatRecord(kind="random", name="B")],
            seed=1,
            actions=["draw stock"],
        )
        .to_json()
        .encode()
    )
    return {
        "truncated.json": good[: len(good) // 2],
        "garbage.json": b"\x00\xffnot a save\n",
        "foreign.json": b'{"hello": "world"}\n',
        "empty.json": b"",
        "bad-move.json": good.replace(b"draw stock", b"discard ZZ"),
    }


@pytest.mark.parametrize("command", [["play", "--resume"], ["resume"], ["replay"]])
def test_damaged_or_foreign_save_is_one_clear_line_and_left_untouched(tmp_path, command, capsys, monkeypatch):
    from rummykit.cli.main import main

    monkeypatch.setenv("RUMMYKIT_DATA_DIR", str(tmp_path / "data"))
    for name, data in damaged_files(tmp_path).items():
        p = tmp_path / name
        p.write_bytes(data)
        before = p.stat().st_mtime_ns
        with pytest.raises(SystemExit) as e:
            main([*command, str(p)])
        out, err = capsys.readouterr()
        assert e.value.code == 2, (name, out, err)
        lines = [ln for ln in err.splitlines() if not ln.startswith("rummy: warning")]
        assert len(lines) == 1 and str(p) in lines[0] and "Traceback" not in err, (name, err)
        assert p.read_bytes() == data and p.stat().st_mtime_ns == before
        assert sorted(x.name for x in tmp_path.iterdir() if x.name.startswith(".")) == []


def test_damaged_file_in_a_pty_too(game, tmp_path):
    p = tmp_path / "bad.json"
    p.write_bytes(b'{"format": "rummykit-match", "version": 1, "variant": "gin"')
    g = game("resume", str(p))
    out = plain(g.child.read())
    g.child.close()
    assert g.child.exitstatus == 2
    assert "save file is damaged or truncated" in out and "Traceback" not in out
    assert p.read_bytes() == b'{"format": "rummykit-match", "version": 1, "variant": "gin"'


@needs["gin"]
def test_replay_prints_every_move_with_every_hand_off_a_terminal(tmp_path):
    save = tmp_path / "g.json"
    near_round_end("gin", 2, {"target": 1}, save)
    rec = load_record(save)
    r = subprocess.run(
        [RUMMY, "replay", "--reveal", str(save)],
        capture_output=True,
        env=env_for(tmp_path / "d"),
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    out = r.stdout.decode()
    assert r.returncode == 0, r.stderr
    assert "\x1b[" not in out
    assert out.count("Move ") == len(rec.actions)
    assert f"Move {len(rec.actions)} of {len(rec.actions)}" in out
    assert ("Alice  (deadwood" in out and "Bot 2  (deadwood" in out) or "Bot 1  (deadwood" in out


@needs["cardverse"]
def test_replay_steps_at_a_terminal(game, tmp_path):
    save = tmp_path / "c.json"
    near_round_end("cardverse", 3, {}, save)
    g = game("replay", "--reveal", str(save))
    out = plain(g.expect("Enter next"))
    assert "The deal" in out
    g.send("")
    out = plain(g.expect("Enter next"))
    assert "Move 1 of" in out
    g.send("e")
    out = plain(g.expect("end of the record"))
    g.send("b")
    g.expect("Enter next")
    g.send("q")
    assert g.wait_exit() == 0


@needs["cardverse"]
def test_small_terminal_gets_a_compact_layout_without_wrapping(game, tmp_path):
    g = game(
        "play",
        "cardverse",
        "--seat",
        "human:Alice",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--seed",
        "2",
        dims=(30, 50),
    )
    out = g.prompt("Alice")
    g.move("s", "Alice")
    g.send("quit")
    g.wait_exit()
    text = plain(out)
    assert "Your hand" in text and "Stock" in text
    assert "╭" not in text  # no boxes
    for line in text.splitlines():
        assert len(line.rstrip()) <= 50, line


@slow
@needs["gin"]
def test_ascii_four_colour_and_no_color(game, tmp_path):
    g = game("play", "gin", "--seat", "human:A", "--seat", "human:B", "--seed", "5", "--ascii")
    g.expect("Pass to A - press Enter")
    g.send("")
    out = g.prompt("A")
    g.send("quit")
    g.wait_exit()
    assert all(b < 128 for b in plain(out).encode()), "non-ASCII in --ascii mode"

    def colours(*args, **env):
        g = game("play", "gin", "--seat", "human:A", "--seat", "ai:easy", "--seed", "5", *args, **env)
        out = g.prompt("A")
        g.send("quit")
        g.wait_exit()
        return out

    normal, four, none = colours(), colours("--four-colour"), colours(NO_COLOR="1")
    assert b"\x1b[31m" in normal  # red hearts and diamonds
    assert b"\x1b[32m" in four and b"\x1b[94m" in four  # green clubs, blue diamonds
    assert b"\x1b[31m" not in none and b"\x1b[32m" not in none
    assert "♥" in plain(none) or "♦" in plain(none)
