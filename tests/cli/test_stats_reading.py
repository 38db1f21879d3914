"""``rummy stats`` reading the database: a write that did not finish (its
journal left beside the file) is said in one line, both files kept; what SQLite
would open beside the file is checked first; the same opponents met from other
seats are one row, and a database of thousands of games is read in one pass,
right. The real ``rummy``, in the test process,
real SQLite files."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from rummykit.core.play import stats

GAMES = [
    ("g1", 0, "Ann", "gin", "ai:easy", "won", 100, 20, "2020-12-01T00:00:00Z"),
    ("g2", 0, "Ann", "gin", "ai:easy", "won", 100, 40, "2020-12-02T00:00:00Z"),
    ("g3", 0, "Ann", "gin", "ai:easy", "lost", 30, 100, "2020-12-03T00:00:00Z"),
]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def left_by_a_crash(data: Path) -> None:
    """``data``'s database of :data:`GAMES`, as a rummy that died in the middle
    of a write leaves it: the file with some of that write's pages in it, and
    its journal (the pages as they were) beside it. The files are copied while
    the write is under way; the write itself is then rolled back."""
    work = data.parent / "work"
    db = stats.connect(work / stats.FILE_NAME)
    db.execute("BEGIN")
    db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", GAMES)
    db.execute("COMMIT")
    db.execute("PRAGMA cache_size = 1")  # the write's pages go to the file before it commits
    db.execute("BEGIN")
    db.execute("DELETE FROM games")
    db.executemany(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (f"x{i}", 0, "Zed" * 40, "gin", "ai:hard", "lost", 0, 9, "2020-12-09T00:00:00Z")
            for i in range(2000)
        ],
    )
    data.mkdir()
    for name in (stats.FILE_NAME, stats.FILE_NAME + "-journal"):
        shutil.copyfile(work / name, data / name)
    db.execute("ROLLBACK")
    db.close()


def test_a_journal_left_by_a_crash_is_said_and_kept_until_the_next_game_plays_it_back(rummy_run, tmp_path):
    data = tmp_path / "data"
    left_by_a_crash(data)
    path = data / stats.FILE_NAME
    # What happens: the journal is hot, and only a connection that may write
    # can play it back, which a read-only one may not.
    ro = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as e:
        ro.execute("SELECT COUNT(*) FROM games").fetchone()
    ro.close()
    assert e.value.sqlite_errorname == "SQLITE_READONLY_ROLLBACK"
    before = snapshot(data)
    r = rummy_run("stats")
    assert r.returncode == 2
    (line,) = r.stderr.splitlines()
    assert line == (
        f"rummy: cannot read the statistics: {path}: a write that did not finish left "
        f"{stats.FILE_NAME}-journal beside it, which the next game recorded plays back (keep that "
        "file); the statistics can be read after that"
    )
    assert snapshot(data) == before  # the file and its journal as they were
    # Recording the next game plays the journal back, as SQLite does for a writer.
    game = stats.Finished("g4", "gin", [("human", "Ann"), ("ai:easy", "Bot")], [9, 100], [[9, 100]], 1)
    assert stats.record(game, path) == 1
    assert not (data / (stats.FILE_NAME + "-journal")).exists()
    (line,) = json.loads(rummy_run("stats", "--json").stdout)  # the games before the write, and this one
    assert (line["person"], line["played"], line["won"], line["lost"]) == ("Ann", 4, 2, 2)
    assert line["streak"] == -2


@pytest.mark.parametrize("beside", ["-journal", "-wal"])
def test_what_sqlite_would_open_beside_the_file_is_checked_first(rummy_run, tmp_path, beside):
    """A journal that is not a file (a FIFO would hang every open) and a
    write-ahead log (rummykit never makes one: another database's would be
    played into this one) are refused in one line, by the reader and the writer."""
    data = tmp_path / "data"
    path = data / stats.FILE_NAME
    game = stats.Finished("g1", "gin", [("human", "Ann"), ("ai:easy", "Bot")], [100, 9], [[100, 9]], 0)
    stats.record(game, path)
    other = data / (stats.FILE_NAME + beside)
    if beside == "-journal":
        os.mkfifo(other)
        said = f"{other}: not a regular file; move it away to keep statistics"
    else:
        other.write_bytes(b"\0" * 32)
        said = f"{other}: a write-ahead log, which rummykit's statistics never use; move it away to keep them"
    before = {p.name for p in data.iterdir()}
    r = rummy_run("stats")
    assert r.returncode == 2 and r.stderr == f"rummy: cannot read the statistics: {said}\n"
    with pytest.raises(stats.StatsError, match="move it away"):
        stats.record(game, path)
    assert {p.name for p in data.iterdir()} == before
    other.unlink()
    link = tmp_path / "elsewhere" / stats.FILE_NAME  # the files beside the database a link names
    link.parent.mkdir()
    link.symlink_to(path)
    if beside == "-journal":
        os.mkfifo(other)
    else:
        other.write_bytes(b"\0" * 32)
    with pytest.raises(stats.StatsError, match="move it away"):
        stats.summary(path=link)


def test_a_database_in_write_ahead_log_mode_is_not_read(rummy_run, tmp_path):
    """Reading one would make files beside it: refused, nothing made."""
    data = tmp_path / "data"
    path = data / stats.FILE_NAME
    stats.record(stats.Finished("g1", "gin", [("human", "Ann"), ("ai:easy", "B")], [1, 0], [[1, 0]], 0), path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    db.close()
    before = snapshot(data)
    r = rummy_run("stats")
    assert r.returncode == 2
    said = f"{path}: in write-ahead-log mode, which rummykit's statistics never use"
    assert r.stderr == f"rummy: cannot read the statistics: {said}\n"
    assert snapshot(data) == before


def test_points_past_the_bound_are_damage_quoted_as_stored(rummy_run, tmp_path):
    """A round's difference past 64 bits would turn to a float in SQLite: every
    points value is bounded."""
    data = tmp_path / "data"
    db = stats.connect(data / stats.FILE_NAME)
    db.execute(
        "INSERT INTO games VALUES ('x1', 0, 'Ann', 'gin', 'ai:easy', 'won', 1, 0, '2026-01-01T00:00:00Z')"
    )
    db.execute(f"INSERT INTO rounds VALUES ('x1', 0, 1, {2**63 - 1}, {-(2**63)})")
    db.close()
    for args in (["stats"], ["stats", "--json"]):
        r = rummy_run(*args)
        assert r.returncode == 2, r.stdout
        (line,) = r.stderr.splitlines()
        assert "('922337203685477580" in line
        assert "where a number of points (at most 1,000,000,000,000 either way) belongs" in line


def test_the_same_opponents_from_other_seats_are_one_row(rummy_run, tmp_path):
    path = tmp_path / "data" / stats.FILE_NAME
    seatings = [  # Ann against Easy and Normal, seated three ways; then in teams with Cy
        [("human", "Ann"), ("ai:easy", "E"), ("ai:normal", "N")],
        [("human", "Ann"), ("ai:normal", "N"), ("ai:easy", "E")],
        [("ai:normal", "N"), ("human", "Ann"), ("ai:easy", "E")],
    ]
    for i, seats in enumerate(seatings):
        ann = next(s for s, (kind, _) in enumerate(seats) if kind == "human")
        stats.record(stats.Finished(f"g{i}", "gin", seats, [0, 0, 0], [[0, 0, 0]], ann), path)
    teams = [
        ([("human", "Ann"), ("human", "Cy"), ("ai:easy", "E"), ("ai:hard", "H")], [(0, 1), (2, 3)]),
        ([("ai:hard", "H"), ("human", "Ann"), ("ai:easy", "E"), ("human", "Cy")], [(1, 3), (0, 2)]),
    ]
    for i, (seats, sides) in enumerate(teams):
        won = sides[0] if i == 0 else sides[1]
        stats.record(stats.Finished(f"t{i}", "gin", seats, [0] * 4, [[0] * 4], None, won, sides), path)
    rows = [
        (x["person"], x["opponent"], x.get("partner"), x["played"])
        for x in json.loads(rummy_run("stats", "--json").stdout)
    ]
    assert rows == [
        ("Ann", "ai:easy, ai:hard", "Cy", 2),
        ("Ann", "ai:easy, ai:normal", None, 3),
        ("Cy", "ai:easy, ai:hard", "Ann", 2),
    ]
    table = rummy_run("stats", "--by-opponent").stdout.splitlines()
    assert sum(row.startswith("Ann") for row in table) == 2
    together = [
        (x.person, x.opponent, x.partner, x.played) for x in stats.summary(path=path, by_opponent=False)
    ]
    assert together == [
        ("Ann", "ai:easy, ai:hard; ai:easy, ai:normal", "Cy", 5),
        ("Cy", "ai:easy, ai:hard", "Ann", 2),
    ]


def test_thousands_of_games_are_summed_right(rummy_run, tmp_path):
    """Random games, some in teams: the rows are what a plain count over the
    same games gives."""
    rng = random.Random(7)
    people, bots = ["Ann", "Bob", "漢字"], ["ai:easy", "ai:normal", "ai:hard"]
    games, rounds, partners = [], [], []
    for i in range(3000):
        opponents = [rng.choice(bots + people) for _ in range(rng.randint(1, 3))]
        partner = rng.choice(["", "", "", "Cy, ai:easy", "ai:easy, Cy"])
        games.append(
            (
                f"g{i}",
                rng.randint(0, 3),
                rng.choice(people),
                rng.choice(["gin", "cardverse"]),
                ", ".join(opponents),
                rng.choice(["won", "lost", "none"]),
                rng.randint(0, 150),
                rng.randint(0, 150),
                f"2026-01-01T00:00:{i:06d}Z",
            )
        )
        g, seat = games[-1][:2]
        rounds.extend(
            (g, seat, n, rng.randint(0, 60), rng.randint(0, 60)) for n in range(1, rng.randint(0, 4) + 1)
        )
        if partner:
            partners.append((g, seat, partner))
    db = stats.connect(tmp_path / "data" / stats.FILE_NAME)
    db.execute("BEGIN")
    db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", games)
    db.executemany("INSERT INTO rounds VALUES (?, ?, ?, ?, ?)", rounds)
    db.executemany("INSERT INTO partners VALUES (?, ?, ?)", partners)
    db.execute("COMMIT")
    db.close()

    nets: dict[tuple[str, int], list[int]] = {}
    for g, seat, _, pf, pa in rounds:
        nets.setdefault((g, seat), []).append(pf - pa)
    mate = {(g, seat): p for g, seat, p in partners}
    expected: dict[tuple[str, str, str, str], dict] = {}
    for g, seat, person, variant, opponent, result, pf, pa, _ in reversed(games):  # newest first
        key = (person, variant, opponent, mate.get((g, seat), ""))
        row = expected.setdefault(
            key, {"played": 0, "won": 0, "lost": 0, "for": 0, "against": 0, "nets": [], "results": []}
        )
        row["played"] += 1
        row["won"] += result == "won"
        row["lost"] += result == "lost"
        row["for"] += pf
        row["against"] += pa
        row["nets"] += nets.get((g, seat), [])
        row["results"].append(result)
    want = [
        {
            "person": person,
            "variant": variant,
            "opponent": opponent,
            "played": row["played"],
            "won": row["won"],
            "lost": row["lost"],
            "points_for": row["for"],
            "points_against": row["against"],
            "best_round": max(row["nets"], default=None),
            "worst_round": min(row["nets"], default=None),
            "streak": stats.streak(row["results"]),
            **({"partner": partner} if partner else {}),
        }
        for (person, variant, opponent, partner), row in sorted(expected.items())
    ]
    r = rummy_run("stats", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == want
    r = rummy_run("stats", "gin", "--json")
    assert json.loads(r.stdout) == [x for x in want if x["variant"] == "gin"]
    table = rummy_run("stats").stdout.splitlines()
    assert len(table) == 2 + len({(x["person"], x["variant"]) for x in want}) + 1  # heading, rows, two notes
