"""Hostile and careless input in the terminal game, in a real pseudo-terminal:
names that look like markup or card markers, junk and Unicode digits at every
prompt (moves, hand-off, round end, pickers, replay, resume), lines too long or
not UTF-8, and quit everywhere."""

from __future__ import annotations

import json

import pytest

from rummykit.core.cards.card import code
from rummykit.core.play.records import MatchRecord, SeatRecord, load_record, save_record

from ..helpers.ptygame import actions, legal, near_round_end, plain, registry, save_files

HAVE = registry().variants
needs = {v: pytest.mark.skipif(v not in HAVE, reason=f"{v} is not installed") for v in ("gin", "cardverse")}
OSC = b"\x1b]"


@needs["gin"]
def test_names_print_as_written_and_quit_works_at_the_round_end(game, tmp_path):
    save = tmp_path / "g.json"
    last = near_round_end("gin", 2, {"target": 1000}, save, person="[bold red]x", bot_names="[[oops {n}")
    g = game("resume", str(save))
    out = plain(g.prompt("[bold red]x"))
    assert "[bold red]x (you)" in out  # markup is not interpreted
    n = len(actions(save))
    g.send(last)
    out = plain(g.expect("Press Enter for the next round"))
    assert "Round 1 is over" in out and "[[oops" in out and "[bold red]x" in out
    for junk in ("s", "\u00b2", "next"):
        mark = g.mark()
        g.send(junk)
        g.expect("Press Enter for the next round")
        assert "press Enter for the next round, or type quit" in plain(g.since(mark))
    g.send("quit")  # saves (the last move is in) and leaves, not dealing on
    assert g.wait_exit() == 0
    rest = plain(g.raw)
    assert "Quit; game saved after" in rest and "Traceback" not in rest
    assert len(actions(save)) == n + 1 and not load_record(save).finished
    assert OSC not in g.raw


@needs["gin"]
def test_quit_at_the_match_result_prompt_shows_the_result(game, tmp_path):
    save = tmp_path / "g.json"
    last = near_round_end("gin", 2, {"target": 1}, save)
    g = game("resume", str(save))
    g.prompt("Alice")
    g.send(last)
    g.expect("Press Enter for the match result")
    g.send("quit")
    assert g.wait_exit() == 0
    assert "Match over:" in plain(g.raw)
    assert load_record(save).finished


@needs["gin"]
def test_junk_and_quit_at_the_hand_off(game, tmp_path):
    save = tmp_path / "g.json"
    g = game(
        "play", "gin", "--seat", "human:Alice", "--seat", "human:Bob", "--seed", "11", "--save", str(save)
    )
    g.expect("Pass to Alice — press Enter")
    for junk in ("d 7h", "\u00b2", "x" * 600):
        mark = g.mark()
        g.send(junk)
        g.expect("Pass to Alice — press Enter")
        said = plain(g.since(mark))
        assert "press Enter to start Alice's turn, or type quit" in said or "at most 500 are read" in said, (
            said
        )
    g.send("quit")
    assert g.wait_exit() == 0
    assert actions(save) == []


@needs["gin"]
def test_junk_unicode_digits_and_long_lines_at_the_move_prompt(game, tmp_path):
    save = tmp_path / "g.json"
    g = game("play", "gin", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "3", "--save", str(save))
    g.prompt("Ann")
    for line, reason in [
        ("k qs \u00b2", "bad card '²'"),
        ("k 2c 3c 4c to \u00b2", "expected a meld number"),
        ("d \u0663h", "bad card"),
        ("x" * 2000, "at most 500 are read"),
        ("zap", "unknown move 'zap'"),
    ]:
        mark = g.mark()
        g.send(line)
        g.prompt("Ann")
        assert reason in plain(g.since(mark)), (line, plain(g.since(mark))[-300:])
    mark = g.mark()
    g.child.send(b"d \xff\xfe\r")
    g.prompt("Ann")
    assert "that line is not UTF-8 text" in plain(g.since(mark))
    assert b"Traceback" not in g.raw
    g.move("s", "Ann")  # the game goes on as if nothing happened
    d = legal(save, "discard")[0]
    g.send("d " + code(d.cards[0]))
    g.prompt("Ann")
    g.send("quit")
    assert g.wait_exit() == 0
    assert actions(save)[:2] == ["draw stock", d.notation()]


@needs["gin"]
def test_quit_at_the_rules_pager_leaves_the_game(game, tmp_path):
    save = tmp_path / "g.json"
    g = game(
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        "ai:easy",
        "--seed",
        "3",
        "--save",
        str(save),
        dims=(12, 80),
    )
    g.prompt("Ann")
    g.send("rules")
    g.expect("-- Enter for more, q to go back --")
    mark = g.mark()
    g.send("huh")
    g.expect("-- Enter for more, q to go back --")
    assert "or type quit to leave the game" in plain(g.since(mark))
    g.send("quit")
    assert g.wait_exit() == 0
    assert "Quit; game saved after 0 moves" in plain(g.raw)


@needs["gin"]
def test_pickers_take_junk_unicode_digits_and_quit(game, tmp_path):
    g = game("play")
    g.expect("Which variant?")
    g.send("\u00b2")
    g.expect("no variant '²'")
    g.send("quit")
    assert g.wait_exit() == 0
    assert "no game started" in plain(g.raw) and save_files(tmp_path / "data") == []


@needs["cardverse"]
def test_player_count_picker_and_a_person_called_random(game, tmp_path):
    g = game("play", "--seed", "4")
    g.expect("Which variant?")
    g.send("cardverse")
    g.expect("How many players")
    g.send("\u00b2")
    g.expect("type a number from 2 to 4")
    g.send("2")
    g.expect("Seat 1")
    g.send("human:" + "x" * 30)
    g.expect("at most 24")
    g.expect("Seat 1")
    g.send("human:Random")  # a person called Random
    g.expect("Seat 2")
    g.send("Random")  # the computer player random, and it says so
    g.expect("seat 2 is the computer player random; for a person called Random, type human:Random")
    g.expect("How long a match?")
    g.send("")
    g.prompt("Random")
    g.move("s", "Random")  # one move: a game nobody moved in is not kept
    g.send("quit")
    assert g.wait_exit() == 0
    (save,) = save_files(tmp_path / "data")
    seats = [(s.kind, s.name) for s in load_record(save).seats]
    assert seats == [("human", "Random"), ("random", "Random bot")]


@needs["cardverse"]
def test_replay_stepper_gives_a_reason_for_every_line(game, tmp_path):
    save = tmp_path / "c.json"
    near_round_end("cardverse", 3, {}, save)
    moves = len(actions(save))
    g = game("replay", str(save), "--reveal")

    def prompt() -> bytes:
        g.child.expect(["q quit> ", r"q quit \(end of the record\)> "])
        g.raw += g.child.before + g.child.after
        return g.child.before

    prompt()
    for line, reason in [
        ("\u00b2", "unknown command '²'"),
        ("zzz", "unknown command 'zzz'"),
        ("x" * 600, "at most 500 are read"),
        ("99999", f"the record has {moves} moves; here is the last"),
        ("9" * 40, "unknown command"),
    ]:
        mark = g.mark()
        g.send(line)
        prompt()
        assert reason in plain(g.since(mark)), (line, plain(g.since(mark))[-400:])
    g.send("\u0663")  # an Arabic-Indic three is a number: move 3
    assert "Move 3 of" in plain(prompt())
    g.send("quit")
    assert g.wait_exit() == 0


def test_resume_picker_takes_unicode_digits(game, tmp_path):
    games = tmp_path / "data" / "games"
    rec = MatchRecord(
        variant="gin",
        seats=[SeatRecord(kind="human", name="Cy"), SeatRecord(kind="random", name="Di")],
        seed=2,
    )
    save_record(rec, games / f"{rec.id}.json")
    g = game("resume")
    g.expect("Continue which?")
    g.send("\u00b2")
    g.expect("type a number from 1 to 1, a game id")
    g.send("q")
    assert g.wait_exit() == 0


def test_a_name_with_an_escape_in_a_save_file_never_reaches_the_terminal(game, tmp_path):
    rec = MatchRecord(
        variant="gin",
        seats=[SeatRecord(kind="human", name="Cy"), SeatRecord(kind="random", name="Di")],
        seed=2,
    )
    data = json.loads(rec.to_json())
    data["seats"][0]["name"] = "Ev\x1b]0;pwned\x07"
    p = tmp_path / "evil.json"
    raw = json.dumps(data).encode()
    p.write_bytes(raw)
    g = game("resume", str(p))
    assert g.wait_exit() == 2
    assert OSC not in g.raw and "seats.0.name" in plain(g.raw)
    assert p.read_bytes() == raw
