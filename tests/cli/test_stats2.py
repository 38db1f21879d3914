"""``rummy stats`` (issue 43, stats slice): the database is only read when
reading (opened read-only), a damaged row is quoted as stored, and the table has
one row per person and variant, within 80 columns. The real ``rummy``, in the
test process, real SQLite files."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path

from rummykit.core.play import stats

from ..helpers.statsdb import db_with

GAME = ("g1", 0, "Ann", "gin", "ai:easy", "won", 100, 20, "2026-12-01T00:00:00Z")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_rummy_stats_only_reads_the_database(rummy_run, tmp_path):
    data = tmp_path / "data"
    # No database: nothing is made.
    r = rummy_run("stats")
    assert r.returncode == 0 and r.stdout == "no finished games recorded\n"
    assert not data.exists()
    # A database of version 0 (as sqlite3 makes one) is not migrated by reading it.
    data.mkdir()
    sqlite3.connect(data / stats.FILE_NAME).close()
    before = snapshot(data)
    assert rummy_run("stats").stdout == "no finished games recorded\n"
    assert snapshot(data) == before
    # A damaged row: one line, the file and its folder as they were.
    (data / stats.FILE_NAME).unlink()
    db_with(data, [GAME], [("g1", 0, 1, "12abc", 0)])
    before = snapshot(data)
    r = rummy_run("stats")
    assert r.returncode == 2
    (line,) = r.stderr.splitlines()
    assert "a damaged row ('12abc' where a whole number belongs)" in line  # the text in the table
    assert snapshot(data) == before
    # A result that is none of won, lost and none (written past the table's check).
    (data / stats.FILE_NAME).unlink()
    db_with(data, [GAME], [("g1", 0, 1, 25, 0)])
    db = sqlite3.connect(data / stats.FILE_NAME, isolation_level=None)
    db.execute("PRAGMA ignore_check_constraints = ON")
    db.execute("UPDATE games SET result = 'WON'")
    db.close()
    r = rummy_run("stats")
    assert r.returncode == 2 and "a damaged row ('WON' where won, lost or none belongs)" in r.stderr


def test_a_read_only_database_can_be_read(rummy_run, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    path = db_with(data, [GAME], [("g1", 0, 1, 25, 0)])
    # Read-only as a file, and a connection that may not write (what a read-only
    # file is to a user who is not root).
    path.chmod(stat.S_IRUSR)
    data.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        r = rummy_run("stats")
        assert r.returncode == 0, r.stderr
        assert "gin" in r.stdout and "ai:easy" in r.stdout
        db = stats.connect_to_read(path)
        assert db is not None
        try:
            db.execute("CREATE TABLE x (y)")
        except sqlite3.OperationalError as e:
            assert "readonly" in str(e)
        else:
            raise AssertionError("a connection to read wrote")
        finally:
            db.close()
    finally:
        data.chmod(stat.S_IRWXU)
        os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)


def test_hot_seat_statistics_have_one_row_per_person_within_80_columns(rummy_run, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    seats = [("human", "Ann"), ("human", "Bob"), ("human", "Cid")]
    long_names = [("human", "Maximilian Longname-Ow"), ("ai:hard", "Hard bot")]
    for i in range(3):
        stats.record(
            stats.Finished(f"h{i}", "cardverse", seats, [1234, 20, 5], [[1234, 20, 5]], 0),
            data / stats.FILE_NAME,
        )
    stats.record(
        stats.Finished("l1", "cardverse_rummy_house", long_names, [100, 7], [[100, 7]], 0),
        data / stats.FILE_NAME,
    )
    r = rummy_run("stats")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    header, *rows, _footnote = lines
    assert header.split()[:3] == ["Player", "Variant", "Opponent"]
    by_player = {row.split()[0]: row for row in rows}
    assert list(by_player) == ["Ann", "Bob", "Cid", "Maximili~"]  # by person; a long name cut
    assert "3 won" in by_player["Ann"] and " 3702 " in by_player["Ann"]
    assert "3 lost" in by_player["Cid"] and "Ann, Bob" in by_player["Cid"]  # Cid's row says so
    j = rummy_run("stats", "--json")
    people = [(line["person"], line["opponent"], line["won"]) for line in json.loads(j.stdout)]
    assert ("Cid", "Ann, Bob", 0) in people and ("Ann", "Bob, Cid", 3) in people


def test_one_row_per_person_and_variant_whatever_the_opponents(rummy_run, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    games = [
        ("g1", 0, "Ann", "gin", "ai:easy", "won", 100, 20, "2026-12-01T00:00:00Z"),
        ("g2", 0, "Ann", "gin", "ai:hard", "lost", 40, 100, "2026-12-02T00:00:00Z"),
        ("g3", 0, "Ann", "gin", "Bob, Cid", "lost", 10, 100, "2026-12-03T00:00:00Z"),
        ("g4", 0, "Ann", "cardverse", "ai:hard", "won", 100, 0, "2026-12-04T00:00:00Z"),
    ]
    db_with(data, games, [("g1", 0, 1, 25, 0), ("g2", 0, 1, 0, 30)])
    table = rummy_run("stats").stdout.splitlines()
    rows = [line for line in table if line.startswith("Ann")]
    assert len(rows) == 2  # cardverse, gin
    (gin,) = [r for r in rows if "  gin  " in r]
    assert "ai:easy; ai:ha~" in gin  # every opponent, cut to fit the width
    # 3 games, 1 won, 2 lost, points 150 for and 220 against, best and worst rounds,
    # and the streak across opponents, newest first.
    assert gin.split()[-9:] == ["3", "1", "2", "150", "220", "+25", "-30", "2", "lost"]
    assert all(len(line) <= 80 for line in table)
    apart = [
        line for line in rummy_run("stats", "--by-opponent").stdout.splitlines() if line.startswith("Ann")
    ]
    assert len(apart) == 4
    # --json keeps one object per opponent
    assert len(json.loads(rummy_run("stats", "--json").stdout)) == 4
