"""A statistics database written row by row, for the tests of ``rummy stats``."""

from __future__ import annotations

from pathlib import Path

from rummykit.core.play import stats


def db_with(data: Path, games: list[tuple], rounds: list[tuple] = ()) -> Path:
    """``stats.sqlite3`` in ``data`` (made by core, at its schema) holding ``games``
    and ``rounds`` as given (rows of its ``games`` and ``rounds`` tables)."""
    db = stats.connect(data / stats.FILE_NAME)
    db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", games)
    db.executemany("INSERT INTO rounds VALUES (?, ?, ?, ?, ?)", rounds)
    db.close()
    return data / stats.FILE_NAME
