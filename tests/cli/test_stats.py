"""``rummy stats`` (issue #19): a finished game with a person in it is recorded in
a SQLite database in the data folder, shown per variant and opponent; a damaged
or locked database is one warning line and the game goes on. The real ``rummy``."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from rummykit.core.bots.agents import agent_seed
from rummykit.core.play import stats
from rummykit.core.play.session import Session, parse_seat
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.gin import EasyGinAgent

from ..inprocess import run_rummy
from ..marks import slow

OPTIONS = {"target": "1"}  # a match of one scoring round


def rummy(args, data: Path, text: str = ""):
    return run_rummy(*args, stdin=text, RUMMYKIT_DATA_DIR=str(data))


def person_lines(seed: int) -> tuple[str, Session]:
    """What a person at seat 0 types against ai:easy to finish the match (the
    same match the program plays), and that match at its end."""
    reg = get_plugins().registry
    s = Session.new(
        reg, "gin", OPTIONS, [parse_seat(x, i) for i, x in enumerate(["human", "ai:easy"])], seed, None
    )
    me = EasyGinAgent(agent_seed(seed, 0))
    lines = []
    while not s.over:
        seat = s.to_act()
        if s.is_human(seat):
            view = s.view(seat)
            action = me.act(view, view.legal)
            lines.append(action.notation().lower())
            s.apply(action)
        else:
            s.bot_move()
    return "\n".join(lines) + "\n", s


def play(data: Path, seed: int):
    text, session = person_lines(seed)
    r = rummy(
        [
            "play",
            "gin",
            "--seat",
            "human",
            "--seat",
            "ai:easy",
            "--seed",
            str(seed),
            *(f"-o{k}={v}" for k, v in OPTIONS.items()),
        ],
        data,
        text,
    )
    return r, session


def test_a_piped_game_against_a_bot_is_in_rummy_stats(tmp_path):
    data = tmp_path / "data"
    r = rummy(["stats", "--json"], data)
    assert r.returncode == 0 and json.loads(r.stdout) == []
    results = []
    for seed in (1, 2):
        r, session = play(data, seed)
        assert r.returncode == 0, r.stderr
        assert "match over" in r.stdout and r.stderr == ""
        results.append(session)
    r = rummy(["stats", "--json"], data)
    assert r.returncode == 0, r.stderr
    (line,) = json.loads(r.stdout)
    assert set(line) == {
        "person",
        "variant",
        "opponent",
        "played",
        "won",
        "lost",
        "points_for",
        "points_against",
        "best_round",
        "worst_round",
        "streak",
    }
    won = sum(s.match.winner == 0 for s in results)
    lost = sum(s.match.winner == 1 for s in results)
    assert line["variant"] == "gin" and line["opponent"] == "ai:easy"
    assert (line["played"], line["won"], line["lost"]) == (2, won, lost)
    assert line["points_for"] == sum(s.match.totals[0] for s in results)
    assert line["points_against"] == sum(s.match.totals[1] for s in results)
    nets = [r.points[0] - r.points[1] for s in results for r in s.match.results]
    assert (line["best_round"], line["worst_round"]) == (max(nets), min(nets))
    last = results[-1].match.winner
    if last == results[0].match.winner and last is not None:
        assert abs(line["streak"]) == 2
    elif last is not None:
        assert abs(line["streak"]) == 1
    r = rummy(["stats"], data)
    assert r.returncode == 0 and "ai:easy" in r.stdout and "Against" in r.stdout and "Opponent" in r.stdout
    r = rummy(["stats", "cardverse", "--json"], data)
    assert json.loads(r.stdout) == []
    r = rummy(["stats", ""], data)  # not every variant: an empty name is a mistake
    assert (
        r.returncode == 2
        and r.stderr == "rummy: the variant is empty: give its name, or none for every variant\n"
    )


def test_a_damaged_database_is_one_warning_and_the_game_goes_on(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / stats.FILE_NAME).write_bytes(b"this is not a database" * 100)
    r, _ = play(data, 1)
    assert r.returncode == 0
    assert "match over" in r.stdout
    warnings = r.stderr.strip().splitlines()
    assert len(warnings) == 1 and warnings[0].startswith("rummy: warning: statistics not recorded")
    assert (data / stats.FILE_NAME).read_bytes() == b"this is not a database" * 100
    r = rummy(["stats"], data)
    assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_a_database_path_that_is_no_file_is_one_line_never_a_hang(tmp_path):
    """A FIFO at the database's place would block an open forever; a folder
    there read as a disk error. Each is said for what it is."""
    for kind in ("fifo", "folder"):
        data = tmp_path / kind
        data.mkdir()
        place = data / stats.FILE_NAME
        os.mkfifo(place) if kind == "fifo" else place.mkdir()
        r = rummy(["stats"], data)
        assert r.returncode == 2
        said = f"rummy: cannot read the statistics: {place}: not a regular file"
        assert r.stderr == said + "; move it away to keep statistics\n"
        r, _ = play(data, 1)  # a game still ends, its statistics not kept
        assert r.returncode == 0 and "match over" in r.stdout
        assert "not a regular file" in r.stderr


@slow
def test_a_locked_database_is_one_warning_and_the_game_goes_on(tmp_path, monkeypatch):
    data = tmp_path / "data"
    stats.connect(data / stats.FILE_NAME).close()
    holder = sqlite3.connect(data / stats.FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        r, _ = play(data, 1)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert r.returncode == 0 and "match over" in r.stdout
    (warning,) = r.stderr.strip().splitlines()
    assert "statistics not recorded" in warning and "locked" in warning


def test_the_schema_has_a_version_and_an_old_database_is_migrated(tmp_path):
    path = tmp_path / "s.sqlite3"
    sqlite3.connect(path).close()  # an empty database: version 0
    db = stats.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == stats.SCHEMA_VERSION >= 1
    db.close()
    game = stats.Finished(
        "g1", "gin", [("human", "Ann"), ("ai:hard", "Bot")], [5, 120], [[5, 0], [0, 120]], 1
    )
    assert stats.record(game, path) == 1
    assert stats.record(game, path) == 0  # once only
    (line,) = stats.summary(path=path)
    assert (line.played, line.lost, line.best_round, line.worst_round, line.streak) == (1, 1, 5, -120, -1)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {stats.SCHEMA_VERSION + 1}")
    db.close()
    try:
        stats.summary(path=path)
    except stats.StatsError as e:
        assert "newer rummykit" in str(e)
    else:
        raise AssertionError("a newer schema was read")


def _db_with(tmp_path: Path, games: list[tuple], rounds: list[tuple] = ()) -> Path:
    """A statistics database holding ``games`` and ``rounds`` as they are,
    as a hand editing the file could leave them."""
    data = tmp_path / "data"
    db = stats.connect(data / stats.FILE_NAME)
    db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", games)
    db.executemany("INSERT INTO rounds VALUES (?, ?, ?, ?, ?)", rounds)
    db.close()
    return data


def test_a_hand_edited_database_is_one_line_not_a_traceback(tmp_path):
    game = ("g1", 0, "Ann", "gin", "ai:easy", "won", 100, 20, "2026-12-01T00:00:00+00:00")
    data = _db_with(tmp_path, [game], [("g1", 0, 1, 1.5, 0)])  # a fraction in a count
    r = rummy(["stats"], data)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    (line,) = r.stderr.splitlines()
    assert line.startswith("rummy: cannot read the statistics:") and "damaged row" in line


def test_names_from_the_database_show_control_characters_as_their_codes(tmp_path):
    name = "ai:easy\x1b]0;pwn\x07\x1b[2J"
    game = ("g1", 0, "Ann", "gin", name, "won", 100, 20, "2026-12-01T00:00:00+00:00")
    data = _db_with(tmp_path, [game], [("g1", 0, 1, 25, 0)])
    r = rummy(["stats"], data)
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout
    assert "ai:easy\\u001b]0;" in r.stdout  # a control shown as its code
    j = rummy(["stats", "--json"], data)
    assert json.loads(j.stdout)[0]["opponent"] == game[4]  # JSON keeps the text, escaped


def test_an_unknown_variant_is_one_line_and_status_2(tmp_path):
    r = rummy(["stats", "no-such\x1b[2J"], tmp_path / "data")
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        "rummy: unknown variant 'no-such\\x1b[2J' (installed: "
        + ", ".join(sorted(get_plugins().registry.variants))
        + ")"
    ]
    assert rummy(["stats", "gin"], tmp_path / "data").stdout == "no finished games recorded for gin\n"


def test_a_variant_no_longer_installed_keeps_its_statistics(tmp_path):
    game = ("g1", 0, "Ann", "gone", "ai:easy", "won", 100, 20, "2026-12-01T00:00:00+00:00")
    data = _db_with(tmp_path, [game], [("g1", 0, 1, 25, 0)])
    r = rummy(["stats", "gone"], data)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[1].split()[:4] == ["Ann", "gone", "ai:easy", "1"]
