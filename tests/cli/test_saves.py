"""Saved games through the real ``rummy`` (run in the test process): nothing
overwritten by surprise, no write without a move, every damaged file one line,
and the seed and the hands of a game still being played kept out of sight. What
a terminal does, and the lock a process holds: tests/process/test_tui_saves.py.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rummykit.core.play.records import load_record

from ..helpers.saves import SECRET_SEED, hidden, one_line_error, rummy, saved_game, state
from ..marks import first_fast

# -- --save never replaces a file ---------------------------------------------------------


def test_save_path_that_exists_is_refused_when_resuming_too(tmp_path):
    game = tmp_path / "g.json"
    saved_game(game)
    notes = tmp_path / "notes.txt"
    notes.write_text("precious\n")
    before, game_before = state(notes), state(game)
    r = rummy("play", "--resume", str(game), "--save", str(notes), data=tmp_path / "data", stdin="s\n")
    assert str(notes) in one_line_error(r) and "already exists" in r.stderr
    assert r.stdout == ""  # no move was played
    assert state(notes) == before and state(game) == game_before


@pytest.mark.parametrize("kind", first_fast(["file", "folder", "dangling link"]))
def test_save_path_that_exists_is_refused_for_new_games(tmp_path, kind):
    target = tmp_path / "taken.json"
    if kind == "file":
        target.write_text("mine\n")
    elif kind == "folder":
        target.mkdir()
    else:
        target.symlink_to(tmp_path / "nowhere.json")
    r = rummy(
        "play",
        "gin",
        "--seat",
        "human",
        "--seat",
        "random",
        "--save",
        str(target),
        data=tmp_path / "data",
        stdin="s\n",
    )
    assert str(target) in one_line_error(r)
    assert r.stdout == ""
    if kind == "file":
        assert target.read_text() == "mine\n"
    elif kind == "folder":
        assert list(target.iterdir()) == []
    else:
        assert target.is_symlink() and not (tmp_path / "nowhere.json").exists()


def test_resume_to_a_new_save_path_leaves_the_first_file_alone(tmp_path):
    game, copy = tmp_path / "g.json", tmp_path / "copy.json"
    rec = saved_game(game, moves=0)
    before = state(game)
    r = rummy("play", "--resume", str(game), "--save", str(copy), data=tmp_path / "data", stdin="s\n")
    assert r.returncode == 0, r.stderr
    assert state(game) == before
    assert load_record(copy).actions == ["draw stock"] and load_record(copy).id == rec.id


def unwritable(tmp_path: Path) -> dict[str, Path]:
    a_file = tmp_path / "file.json"
    a_file.write_text("{}\n")
    return {
        "in /proc": Path("/proc/x.json"),
        "a 300-character name": tmp_path / ("n" * 300 + ".json"),
        "below a file": a_file / "x",
        "in a folder not made": tmp_path / "no-such-folder" / "x.json",
    }


@pytest.mark.parametrize(
    "case", first_fast(["in /proc", "a 300-character name", "below a file", "in a folder not made"])
)
@pytest.mark.parametrize("how", ["new", "resumed"])
def test_a_save_path_that_cannot_be_written_is_one_line_before_any_move(tmp_path, case, how):
    path = unwritable(tmp_path)[case]
    if how == "new":
        args = ["play", "gin", "--seat", "human", "--seat", "random", "--seed", "3", "--save", str(path)]
    else:
        game = tmp_path / "g.json"
        saved_game(game, moves=0)
        args = ["play", "--resume", str(game), "--save", str(path)]
    r = rummy(*args, data=tmp_path / "data", stdin="s\n")
    line = one_line_error(r)
    assert line.startswith("rummy: cannot save to ") and str(path) in line
    assert r.stdout == ""  # the game never started
    assert (tmp_path / "file.json").read_text() == "{}\n"
    if how == "resumed":
        assert load_record(tmp_path / "g.json").actions == []
    assert hidden(tmp_path) == []
    assert not (tmp_path / "no-such-folder").exists()  # a mistyped folder is not made


def test_an_unwritable_data_folder_is_one_line_before_any_move(tmp_path):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file where the data folder should be\n")
    r = rummy("play", "gin", "--seat", "human", "--seat", "random", data=not_a_folder, stdin="s\n")
    assert one_line_error(r).startswith(f"rummy: cannot save to {not_a_folder}")
    assert r.stdout == ""
    assert not_a_folder.read_text() == "a file where the data folder should be\n"


# -- opening is not writing ---------------------------------------------------------------------


@pytest.mark.parametrize("typed", first_fast(["quit\n", "", "help\nscore\nlog\nexit\n"]))
def test_leaving_without_a_move_leaves_the_file_byte_identical_pipe(tmp_path, typed):
    save = tmp_path / "g.json"
    saved_game(save, moves=4)  # Ann to act: no bot moves either
    before = state(save)
    r = rummy("play", "--resume", str(save), data=tmp_path / "data", stdin=typed)
    assert r.returncode == 0, r.stderr
    assert state(save) == before


def test_resuming_through_a_symlink_writes_the_file_it_points_to(tmp_path):
    (tmp_path / "real").mkdir()
    save = tmp_path / "real" / "g.json"
    saved_game(save, moves=0)
    link = tmp_path / "link.json"
    link.symlink_to(save)
    r = rummy("play", "--resume", str(link), data=tmp_path / "data", stdin="s\n")
    assert r.returncode == 0, r.stderr
    assert link.is_symlink() and os.readlink(link) == str(save)
    assert load_record(save).actions == ["draw stock"]
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["g.json"]


# -- damaged files -------------------------------------------------------------------------------


def damaged(tmp_path: Path) -> dict[str, bytes]:
    good_path = tmp_path / "good.json"
    saved_game(good_path, moves=2)
    good = json.loads(good_path.read_text())
    good_path.unlink()

    def edit(**changes) -> bytes:
        return json.dumps({**good, **changes}, indent=1).encode()

    text = json.dumps(good).encode()
    seed_text = f'"seed": {good["seed"]}'.encode()
    return {
        "truncated": text[: len(text) // 2],
        "wrong types": edit(seats="two people", actions={"a": 1}),
        "seed as text": edit(seed=str(good["seed"])),
        "deeply nested": text[:-1] + b', "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "nested options": edit(options={"knock_limit": [[[[[[[[1]]]]]]]]}),
        "5,000-digit number": text.replace(seed_text, b'"seed": ' + b"7" * 5000),
        "NUL byte": text.replace(b'"gin"', b'"g\x00in"'),
        "escaped NUL in a name": edit(
            seats=[{"kind": "human", "name": "A\u0000\u001b]0;x\u0007"}, good["seats"][1]]
        ),
        "illegal action": edit(actions=good["actions"] + ["discard ZZ"]),
        "too many actions": edit(actions=["draw stock"] * 500_001),
        "too many seats": edit(seats=[good["seats"][0]] * 17),
        "seed too large": edit(seed=2**256),
        "negative seed": edit(seed=-1),
        "name too long": edit(seats=[{"kind": "human", "name": "x" * 5000}, good["seats"][1]]),
        "bad id": edit(id="../../x"),
        "file too large": text[:-1] + b"," + b" " * (17 * 1024 * 1024) + b"}",
        "finished": edit(finished=True),
    }


@pytest.fixture(scope="module")
def damaged_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("damaged")
    files = {}
    for i, (kind, data) in enumerate(damaged(folder).items()):
        path = folder / f"d{i}.json"
        path.write_bytes(data)
        files[kind] = path
    return folder, files


KINDS = [
    "truncated",
    "wrong types",
    "seed as text",
    "deeply nested",
    "nested options",
    "5,000-digit number",
    "NUL byte",
    "escaped NUL in a name",
    "illegal action",
    "too many actions",
    "too many seats",
    "seed too large",
    "negative seed",
    "name too long",
    "bad id",
    "file too large",
    "finished",
]


@pytest.mark.parametrize("kind", first_fast(KINDS))
def test_every_damaged_file_is_one_line_and_left_untouched(damaged_folder, tmp_path, kind):
    folder, files = damaged_folder
    path = files[kind]
    before = state(path)
    commands = [["play", "--resume"], ["resume"]]
    if kind != "finished":
        commands.append(["replay", "--reveal"])
    for command in commands:
        r = rummy(*command, str(path), data=tmp_path / "data", stdin="s\n")
        line = one_line_error(r)
        assert str(path) in line, (kind, command, line)
        assert "\x1b" not in line and "\x00" not in line
        assert r.stdout == ""
        assert state(path) == before
        assert hidden(folder) == [], (kind, command)


@pytest.mark.slow
def test_play_resume_of_a_finished_game_is_refused(tmp_path):
    save = tmp_path / "done.json"
    saved_game(save, finish=True, options={"target": 1})
    assert load_record(save).finished
    before = state(save)
    for command in (["play", "--resume"], ["resume"]):
        r = rummy(*command, str(save), data=tmp_path / "data")
        assert "that game is finished" in one_line_error(r)
        assert state(save) == before


@pytest.mark.slow
def test_the_listing_shows_the_good_games_and_counts_the_rest(tmp_path):
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    saved_game(games / "good.json", moves=2)
    saved_game(games / "done.json", finish=True, options={"target": 1})
    (games / "broken.json").write_bytes(b'{"format": "rummykit-match", "version": 1, "seed": ' + b"1" * 5000)
    (games / "deep.json").write_bytes(b"[" * 50_000)
    (games / "dangling.json").symlink_to(games / "gone.json")
    before = {p.name: p.read_bytes() for p in games.iterdir() if not p.is_symlink()}
    r = rummy("resume", data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert "  good  " in r.stdout and "Ann, Random bot" in r.stdout  # as rummy resume good finds it
    assert r.stdout.count(" moves ") == 1  # the finished game is not listed
    assert r.stderr.strip().splitlines() == [r.stderr.strip()]  # one line, on stderr
    assert r.stderr.startswith(f"(3 files in {games} skipped")
    assert {p.name: p.read_bytes() for p in games.iterdir() if not p.is_symlink()} == before


# -- secrecy -----------------------------------------------------------------------------------------


def test_a_game_with_a_person_gets_a_128_bit_seed_not_printed_until_the_end(tmp_path):
    save = tmp_path / "g.json"
    r = rummy(
        "play",
        "gin",
        "--seat",
        "human",
        "--seat",
        "random",
        "--save",
        str(save),
        data=tmp_path / "data",
        stdin="s\n",
    )
    assert r.returncode == 0, r.stderr
    seed = load_record(save).seed
    assert 2**64 < seed < 2**128  # fails by chance once in 2**64 runs
    assert str(seed) not in r.stdout and "seed" not in r.stdout.splitlines()[0]


def test_seed_bounds(rummy_run, tmp_path):
    for seed in ("-1", str(2**256)):
        r = rummy_run("play", "gin", "--seat", "human", "--seat", "random", "--seed", seed, stdin="s\n")
        assert "--seed must be a whole number from 0 to 2**256 - 1" in one_line_error(r)
    save = tmp_path / "big.json"
    r = rummy(
        "play",
        "gin",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        str(2**256 - 1),
        "--save",
        str(save),
        data=tmp_path / "data",
        stdin="s\n",
    )
    assert r.returncode == 0, r.stderr
    assert load_record(save).seed == 2**256 - 1


def test_replay_of_a_game_being_played_needs_reveal_and_hides_the_seed(rummy_run, tmp_path):
    save = tmp_path / "g.json"
    rec = saved_game(save, moves=3)
    before = state(save)
    r = rummy_run("replay", str(save))
    line = one_line_error(r)
    assert str(save) in line and "--reveal" in line and rec.id in line
    assert r.stdout == ""
    r = rummy_run("replay", "--reveal", str(save))
    assert r.returncode == 0, r.stderr
    assert "unfinished" in r.stdout.splitlines()[0] and "Move 3 of 3" in r.stdout
    assert str(SECRET_SEED) not in r.stdout and "seed" not in r.stdout.splitlines()[0]
    assert state(save) == before


@pytest.mark.slow
def test_replay_of_a_finished_game_or_a_bots_only_game_needs_no_reveal(tmp_path):
    done = tmp_path / "done.json"
    saved_game(done, finish=True, options={"target": 1})
    r = rummy("replay", str(done), data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert f"seed {SECRET_SEED}" in r.stdout.splitlines()[0]
    bots = tmp_path / "bots.json"
    saved_game(bots, moves=3, seats=("random", "random"))
    r = rummy("replay", str(bots), data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert str(SECRET_SEED) not in r.stdout  # not over: no seed yet


@pytest.mark.parametrize(
    "seats",
    [
        ["human:Ev\x1b]0;pwned\x07", "random"],
        ["human:" + "a" * 150, "random"],
        ["human", "ai:" + "e" * 250],
        ["human", "random:" + "r" * 99],
        ["ai:easy:" + "b" * 99, "ai:easy:" + "b" * 99],  # two of a name: numbered, so longer
    ],
)
def test_a_seat_that_cannot_be_recorded_never_gives_a_traceback_or_an_unloadable_save(tmp_path, seats):
    save = tmp_path / "g.json"
    args = [a for seat in seats for a in ("--seat", seat)]
    r = rummy("play", "gin", *args, "--save", str(save), data=tmp_path / "data", stdin="quit\n")
    assert "players" not in r.stderr  # (the seat count is right: the names are what is tested)
    if r.returncode == 2:
        one_line_error(r)
        assert not save.exists()
    else:
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        load_record(save)  # whatever was saved can be resumed
