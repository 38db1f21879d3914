"""The results of finished games with a person in them, kept for ``rummy stats``.

One SQLite database (standard library :mod:`sqlite3`), ``stats.sqlite3`` in the
user data folder (:func:`data_dir`: ``RUMMYKIT_DATA_DIR`` or the platform's, as
for saved games). Its schema has a version (``PRAGMA user_version``):
:data:`MIGRATIONS` brings a database of any older version up to
:data:`SCHEMA_VERSION` when a game is recorded; one made by a newer rummykit is
left alone. Reading (:func:`summary`) opens the file read-only and writes
nothing: a damaged file stays as it is, a read-only one can be read; one that a
write which did not finish (a crash) left with its journal
(``stats.sqlite3-journal``, which only a writer may play back) is a StatsError
saying so, until the next game recorded plays it back (:func:`connect_to_read`).

A game is one row per person seated (``games``), with its opponents (the other
seats: a computer player by its kind, a person by its name), whether that person
won or lost the match, the match points for and against, and one row per round
(``rounds``: the round's points for and against). In a game played in teams
a person's match counts as won when their team won; the opponents are the
other teams' seats, the points for and against are their team's and the other
teams' (each round's too), and their partners are kept (``partners``, a row
only for such a game). :func:`summary` folds them per person, variant and
opponent (and partners), in one pass over the tables; a game's opponents (and
partners) are recorded in one order, by name (:func:`opponent_of`), so the same
opponents met from other seats are one. Recording never stops
a game: a damaged or locked database is a :class:`StatsError` whose one line the
caller shows as a warning.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_data_dir

from rummykit.core.base.values import shown_value

FILE_NAME = "stats.sqlite3"
LOCK_WAIT = 2.0  # seconds to wait for another process's write


class StatsError(Exception):
    """The statistics cannot be read or written (one line: what and why)."""


def data_dir() -> Path:
    """The user data folder: ``RUMMYKIT_DATA_DIR``, else the platform's."""
    env = os.environ.get("RUMMYKIT_DATA_DIR")
    if env:
        return Path(env)

    return Path(user_data_dir("rummykit", appauthor=False))


def default_path() -> Path:
    return data_dir() / FILE_NAME


def _v1(db: sqlite3.Connection) -> None:
    # One statement at a time: executescript would commit the migration's transaction.
    db.execute("""
        CREATE TABLE games (
            game TEXT NOT NULL,
            seat INTEGER NOT NULL,
            person TEXT NOT NULL,
            variant TEXT NOT NULL,
            opponent TEXT NOT NULL,
            result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'none')),
            points_for INTEGER NOT NULL,
            points_against INTEGER NOT NULL,
            ended TEXT NOT NULL,
            PRIMARY KEY (game, seat)
        )""")
    db.execute("""
        CREATE TABLE rounds (
            game TEXT NOT NULL,
            seat INTEGER NOT NULL,
            round INTEGER NOT NULL,
            points_for INTEGER NOT NULL,
            points_against INTEGER NOT NULL,
            PRIMARY KEY (game, seat, round)
        )""")
    db.execute("CREATE INDEX games_by_variant ON games (variant, opponent, ended)")


def _v2(db: sqlite3.Connection) -> None:
    # A game played in teams: each person's partners (a row only then, so the
    # rows of games before teams, and of games without them, stay as they were).
    db.execute("""
        CREATE TABLE partners (
            game TEXT NOT NULL,
            seat INTEGER NOT NULL,
            partner TEXT NOT NULL,
            PRIMARY KEY (game, seat)
        )""")


#: ``MIGRATIONS[i]`` brings a database from version ``i`` to ``i + 1``.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
SCHEMA_VERSION = len(MIGRATIONS)


def _check_file(path: Path) -> None:
    """A StatsError unless ``path`` is a regular file (a FIFO would block the
    open forever, a folder reads as a disk error), and unless what SQLite opens
    beside it is sound: a rollback journal (``-journal``) that is not a regular
    file, and any write-ahead log (``-wal``, which rummykit never makes: another
    database's would be played into this one), are refused."""
    if not path.is_file():
        raise StatsError(f"{path}: not a regular file; move it away to keep statistics")
    for db in dict.fromkeys((path, path.resolve())):  # SQLite's files are beside the file linked to
        journal = db.with_name(db.name + "-journal")
        if (journal.exists() or journal.is_symlink()) and not journal.is_file():
            raise StatsError(f"{journal}: not a regular file; move it away to keep statistics")
        wal = db.with_name(db.name + "-wal")
        if wal.exists() or wal.is_symlink():
            raise StatsError(
                f"{wal}: a write-ahead log, which rummykit's statistics never use; move it away to keep them"
            )


def _exists(path: Path) -> bool:
    """Whether ``path`` exists (or is a link); a StatsError if that cannot be told."""
    try:
        return path.exists() or path.is_symlink()
    except OSError as e:
        raise StatsError(f"cannot open {path}: {e.strerror or e}") from None


def connect(path: Path | None = None) -> sqlite3.Connection:
    """The database at ``path`` (default :func:`default_path`), made or migrated to
    :data:`SCHEMA_VERSION`. A StatsError if it cannot be."""
    path = default_path() if path is None else path
    if _exists(path):
        _check_file(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=LOCK_WAIT, isolation_level=None)
    except (OSError, sqlite3.Error) as e:
        raise StatsError(f"cannot open {path}: {e}") from None
    try:
        migrate(db)
    except sqlite3.Error as e:
        db.close()
        raise StatsError(f"{path}: {e}") from None
    except StatsError as e:
        db.close()
        raise StatsError(f"{path}: {e}") from None
    return db


def connect_to_read(path: Path | None = None) -> sqlite3.Connection | None:
    """The database at ``path`` (default :func:`default_path`) opened read-only
    (SQLite's ``mode=ro``: nothing is written, not even a migration, so a damaged
    file stays as it is and a read-only one can be read), or None when there is
    no database or it holds nothing yet (version 0). A StatsError if it cannot be
    read (a write that did not finish left its journal beside it, which only a
    writer can play back: the next game recorded does), is in write-ahead-log
    mode (reading it would write beside it), or is of a newer schema."""
    path = default_path() if path is None else path
    if not _exists(path):
        return None
    _check_file(path)
    try:
        with path.open("rb") as f:
            header = f.read(20)
    except OSError as e:
        raise StatsError(f"cannot open {path}: {e.strerror or e}") from None
    if header.startswith(b"SQLite format 3\0") and 2 in header[18:20]:
        raise StatsError(f"{path}: in write-ahead-log mode, which rummykit's statistics never use")
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=LOCK_WAIT)
    except (OSError, sqlite3.Error) as e:
        raise StatsError(f"cannot open {path}: {e}") from None
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error as e:
        db.close()
        if getattr(e, "sqlite_errorcode", None) == sqlite3.SQLITE_READONLY_ROLLBACK:
            raise StatsError(
                f"{path}: a write that did not finish left {path.name}-journal beside it, which the next "
                "game recorded plays back (keep that file); the statistics can be read after that"
            ) from None
        raise StatsError(f"{path}: {e}") from None
    if version > SCHEMA_VERSION:
        db.close()
        newer = f"made by a newer rummykit (schema {version}; this one knows {SCHEMA_VERSION})"
        raise StatsError(f"{path}: {newer}")
    if version == 0:
        db.close()
        return None
    return db


def migrate(db: sqlite3.Connection) -> None:
    """Bring ``db`` to :data:`SCHEMA_VERSION`, each step in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StatsError(f"made by a newer rummykit (schema {version}; this one knows {SCHEMA_VERSION})")
        for step in MIGRATIONS[version:]:
            step(db)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


@dataclass(frozen=True)
class Finished:
    """A finished game, as recorded: ``seats`` are ``(kind, name)``, ``rounds``
    each round's points per seat, ``winner`` the match winner's seat or None.
    ``winners``: every seat that won (a team's seats; ``()``: ``winner``
    alone, if any); ``teams``: the partnerships, tuples of seats (``()``:
    every seat for itself)."""

    game: str
    variant: str
    seats: Sequence[tuple[str, str]]
    totals: Sequence[int]
    rounds: Sequence[Sequence[int]]
    winner: int | None
    winners: Sequence[int] = ()
    teams: Sequence[Sequence[int]] = ()

    def won(self) -> tuple[int, ...]:
        """The seats that won the match."""
        if self.winners:
            return tuple(self.winners)
        return () if self.winner is None else (self.winner,)

    def side(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its partners: its team, or the seat alone."""
        return next((tuple(t) for t in self.teams if seat in t), (seat,))


def _label(seats: Sequence[tuple[str, str]], chosen: Sequence[int]) -> str:
    """The seats ``chosen`` in one label, ordered by name (case aside, then as
    written), whatever seats they sat in."""
    named = [name if kind == "human" else kind for s, (kind, name) in enumerate(seats) if s in chosen]
    return ", ".join(sorted(named, key=_by_name))


def opponent_of(seats: Sequence[tuple[str, str]], seat: int, side: Sequence[int] = ()) -> str:
    """The other seats (those not in ``side``, the seat's team) in one label:
    a computer player by its kind, a person by name, in order of name ("ai:hard",
    "ai:easy, Bob")."""
    mine = set(side) | {seat}
    return _label(seats, [s for s in range(len(seats)) if s not in mine])


def _by_name(text: str) -> tuple[str, str]:
    return text.casefold(), text


def partner_of(seats: Sequence[tuple[str, str]], seat: int, side: Sequence[int]) -> str:
    """``seat``'s partners (the others of ``side``, its team) in one label, as
    :func:`opponent_of` names them; "" without teams."""
    return _label(seats, [s for s in side if s != seat])


def record(game: Finished, path: Path | None = None) -> int:
    """Add ``game`` (once: a game already there is kept as it is) for each person
    seated; how many rows were added. A StatsError if the database cannot be written."""
    ended = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    db = connect(path)
    added = 0
    try:
        db.execute("BEGIN IMMEDIATE")
        won = game.won()
        for seat, (kind, name) in enumerate(game.seats):
            if kind != "human":
                continue
            result = "none" if not won else ("won" if seat in won else "lost")
            side = game.side(seat)
            cur = db.execute(
                "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.game,
                    seat,
                    name,
                    game.variant,
                    opponent_of(game.seats, seat, side),
                    result,
                    sum(game.totals[s] for s in side),
                    sum(t for s, t in enumerate(game.totals) if s not in side),
                    ended,
                ),
            )
            if not cur.rowcount:
                continue
            added += 1
            if len(side) > 1:
                db.execute(
                    "INSERT OR IGNORE INTO partners VALUES (?, ?, ?)",
                    (game.game, seat, partner_of(game.seats, seat, side)),
                )
            db.executemany(
                "INSERT OR IGNORE INTO rounds VALUES (?, ?, ?, ?, ?)",
                [
                    (
                        game.game,
                        seat,
                        i + 1,
                        sum(pts[s] for s in side),
                        sum(p for s, p in enumerate(pts) if s not in side),
                    )
                    for i, pts in enumerate(game.rounds)
                ],
            )
        db.execute("COMMIT")
    except sqlite3.Error as e:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise StatsError(f"{path or default_path()}: {e}") from None
    finally:
        db.close()
    return added


@dataclass(frozen=True)
class Line:
    """One person (``person``: the name they played under) at one variant
    against one opponent. ``best_round`` and ``worst_round``: the
    highest and lowest of a round's points for less its points against (None
    with no round); ``streak``: the current run of results, games won (> 0) or
    lost (< 0), 0 when the last game had no winner."""

    person: str
    variant: str
    opponent: str
    played: int
    won: int
    lost: int
    points_for: int
    points_against: int
    best_round: int | None
    worst_round: int | None
    streak: int
    partner: str = ""

    def to_json(self) -> dict[str, object]:
        """The row as ``rummy stats --json`` gives it; ``partner`` only in a
        row of games played in teams."""
        data = asdict(self)
        if not self.partner:
            del data["partner"]
        return data


def summary(variant: str | None = None, path: Path | None = None, by_opponent: bool = True) -> list[Line]:
    """Every person, variant and opponent (only ``variant``'s if given), by
    person, variant then opponent; with ``by_opponent=False``, every person and
    variant, their opponents together (``opponent``: each opponent, sorted by
    name, joined by "; "). An opponent (and a partner) is a game's seats as
    recorded (:func:`opponent_of`: in order of name). A StatsError if the
    database cannot be read. Only read: the file is opened read-only
    (:func:`connect_to_read`), and read in one query, newest game first, whose
    rows are folded here."""
    db = connect_to_read(path)
    if db is None:
        return []
    try:
        teams = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'partners'")
        joined = " LEFT JOIN partners p ON p.game = g.game AND p.seat = g.seat" if teams.fetchone() else ""
        _check_rows(db, teams=bool(joined))
        partner = "COALESCE(p.partner, '')" if joined else "''"
        where, args = ("WHERE g.variant = ?", (variant,)) if variant else ("", ())
        rows = db.execute(
            f"""
            SELECT g.person, g.variant, g.opponent, {partner}, g.result,
                   g.points_for, g.points_against, r.best, r.worst
            FROM games g{joined}
            LEFT JOIN (
                SELECT game, seat, MAX(points_for - points_against) AS best,
                       MIN(points_for - points_against) AS worst
                FROM rounds GROUP BY game, seat
            ) r ON r.game = g.game AND r.seat = g.seat
            {where} ORDER BY g.ended DESC, g.rowid DESC""",
            args,
        )
        folds: dict[tuple[str, ...], _Fold] = {}
        for who, v, opp, mate, result, pf, pa, best, worst in rows:
            key = (who, v, opp, mate) if by_opponent else (who, v)
            fold = folds.get(key)
            if fold is None:
                fold = folds[key] = _Fold()
            fold.add(opp, mate, result, pf, pa, best, worst)
        return [fold.line(key[0], key[1]) for key, fold in sorted(folds.items())]
    except sqlite3.Error as e:
        raise StatsError(f"{path or default_path()}: {e}") from None
    except _Damaged as e:
        raise StatsError(f"{path or default_path()}: a damaged row ({e})") from None
    finally:
        db.close()


@dataclass(slots=True)
class _Fold:
    """The games of one row of :func:`summary`, added newest first."""

    played: int = 0
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    best: int | None = None
    worst: int | None = None
    results: list[str] = field(default_factory=list)
    opponents: set[str] = field(default_factory=set)
    partners: set[str] = field(default_factory=set)

    def add(
        self, opponent: str, partner: str, result: str, pf: int, pa: int, best: int | None, worst: int | None
    ) -> None:
        self.played += 1
        self.won += result == "won"
        self.lost += result == "lost"
        self.points_for += pf
        self.points_against += pa
        if best is not None and (self.best is None or best > self.best):
            self.best = best
        if worst is not None and (self.worst is None or worst < self.worst):
            self.worst = worst
        self.results.append(result)
        self.opponents.add(opponent)
        self.partners.add(partner)

    def line(self, person: str, variant: str) -> Line:
        """The row, with every opponent met (sorted by name, "; " between) and
        every partner (one of each in a row per opponent)."""
        return Line(
            person,
            variant,
            "; ".join(sorted(self.opponents, key=_by_name)),
            self.played,
            self.won,
            self.lost,
            self.points_for,
            self.points_against,
            self.best,
            self.worst,
            streak(self.results),
            "; ".join(sorted(self.partners - {""}, key=_by_name)),
        )


class _Damaged(Exception):
    pass


#: The most points (for or against) a game or a round may record: sums of many
#: stay far inside SQLite's 64-bit integers.
MOST_POINTS = 10**12


def _check_rows(db: sqlite3.Connection, teams: bool) -> None:
    """A :class:`_Damaged` quoting the first value in the tables not of its kind
    (as stored, before any sum hides it); ``teams``: the database has the
    ``partners`` table."""
    row = db.execute(
        f"""
        SELECT variant, opponent, person, points_for, points_against FROM games
        WHERE typeof(variant) != 'text' OR typeof(opponent) != 'text' OR typeof(person) != 'text'
           OR {_BAD_POINTS} LIMIT 1"""
    ).fetchone()
    if row is not None:
        _checked(row, "tttpp")
    row = db.execute(f"SELECT points_for, points_against FROM rounds WHERE {_BAD_POINTS} LIMIT 1").fetchone()
    if row is not None:
        _checked(row, "pp")
    if teams:
        row = db.execute("SELECT partner FROM partners WHERE typeof(partner) != 'text' LIMIT 1").fetchone()
        if row is not None:
            _checked(row, "t")
    bad = "SELECT result FROM games WHERE result IS NULL OR result NOT IN ('won', 'lost', 'none') LIMIT 1"
    row = db.execute(bad).fetchone()
    if row is not None:
        raise _Damaged(f"{shown_value(_as_stored(row[0]), 20)} where won, lost or none belongs")


#: A row whose points (of ``games`` or ``rounds``) are not :func:`_checked`'s ``p``.
_BAD_POINTS = " OR ".join(
    f"typeof({c}) != 'integer' OR {c} NOT BETWEEN {-MOST_POINTS} AND {MOST_POINTS}"
    for c in ("points_for", "points_against")
)


def _checked(row: Sequence[object], kinds: str) -> None:
    """A :class:`_Damaged` quoting the first value of ``row`` not of its kind in
    ``kinds`` (``t`` text, ``p`` points: a whole number of at most
    :data:`MOST_POINTS` either way): a table edited by hand may hold a number
    with a fraction, or text, where a count belongs."""
    for value, kind in zip(row, kinds, strict=True):
        stored = shown_value(_as_stored(value), 20)
        if kind == "t":
            if not isinstance(value, str):
                raise _Damaged(f"{stored} where text belongs")
        elif not isinstance(value, int) or isinstance(value, bool):
            raise _Damaged(f"{stored} where a whole number belongs")
        elif abs(value) > MOST_POINTS:
            raise _Damaged(f"{stored} where a number of points (at most {MOST_POINTS:,} either way) belongs")


def _as_stored(value: object) -> str:
    """A value read from the tables, as it is written there (``1.5``, ``'abc'``, ``NULL``)."""
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return f"x'{value.hex()}'"
    return str(value)


def streak(results: Sequence[str]) -> int:
    """The current streak from ``results``, newest first: +n for n games won in a
    row, -n for n lost, 0 when the last game had no winner (or there is none)."""
    if not results or results[0] == "none":
        return 0
    n = 0
    for r in results:
        if r != results[0]:
            break
        n += 1
    return n if results[0] == "won" else -n
