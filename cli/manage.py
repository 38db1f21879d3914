"""Saved games a person manages: ``rummy resume --delete ID`` drops one game,
``rummy resume --prune`` drops the games never played (no move made) from the
user data folder, and the finished ones only when asked (``--finished``: all of
them; ``--keep N``: all but the newest N; a finished game is its replay), with
the lock files a killed ``rummy`` left behind. A game open in another ``rummy``
is never deleted (its lock is taken first); a file that is not a readable saved
game is never touched. At a terminal, ``--prune`` lists what goes and asks first
(``--yes`` skips the question)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import click

from rummykit.core.base.errors import RecordError, RummyError
from rummykit.core.engine.names import clean_text
from rummykit.core.play.match import BUILT_IN_KINDS
from rummykit.core.play.records import MatchRecord, load_record
from rummykit.core.play.session import SaveLock, default_save_dir

from .common import ask_line

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def game_path(game: str) -> Path:
    """The save file ``game`` names: an id from ``rummy resume``'s list (a game in
    the user data folder) or a path. A RummyError when there is none."""
    candidate = Path(game)
    if candidate.suffix == ".json" or os.path.lexists(candidate) or not GAME_ID.match(game):
        path = candidate
    else:
        path = default_save_dir() / f"{game}.json"
    if not os.path.lexists(path):
        raise RummyError(f"no saved game {game!r} (see rummy resume)")
    return path


def saved_games(folder: Path) -> tuple[list[tuple[Path, Any]], int]:
    """(path, record) of every saved game in ``folder``, finished or not, and how
    many ``*.json`` files there are not readable games."""
    try:
        files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    except OSError:
        return [], 0
    rows = []
    skipped = 0
    for f in files:
        try:
            rows.append((f, load_record(f)))
        except (RecordError, OSError):
            skipped += 1
    return rows, skipped


def delete_game(path: Path, what: str) -> None:
    """Remove the saved game at ``path``, holding its lock (so never a game being
    played in another process: that is a RummyError)."""
    lock = SaveLock.take(path, what)
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        raise RummyError(f"cannot delete {path}: {e.strerror or e}") from None
    finally:
        lock.release()


def delete_one(game: str) -> None:
    """``rummy resume --delete GAME``: the game is read first (a file that is not a
    saved game is left alone), then removed."""
    path = game_path(game)
    if path.is_symlink():  # the game is elsewhere: deleting the link would not delete it
        raise RummyError(
            f"{path} is a link to {os.path.realpath(path)}: delete the game by its own path; not deleted"
        )
    try:
        record = load_record(path)
    except RecordError as e:
        raise RecordError(f"{e}; not deleted") from None
    delete_game(path, f"game {record.id}")
    click.echo(f"deleted game {record.id} ({path})")


def prune(yes: bool, at_terminal: bool, finished: bool = False, keep: int | None = None) -> int:
    """``rummy resume --prune``: delete the never-played games in the user data
    folder, and the finished ones when ``finished`` (all) or ``keep`` (all but
    the newest ``keep``); at a terminal ask first unless ``yes``. The number deleted."""
    folder = default_save_dir()
    rows, _ = saved_games(folder)
    ended = sorted((row for row in rows if row[1].finished), key=lambda row: row[1].updated, reverse=True)
    old_games = ended[keep:] if keep is not None else (ended if finished else [])
    going = {f for f, _ in old_games}
    doomed = [(f, rec) for f, rec in rows if f in going or (not rec.finished and not rec.actions)]
    stale = SaveLock.clear_stale(folder)
    if stale:
        click.echo(f"removed {stale} lock file{'s' if stale != 1 else ''} no rummy process holds")
    if not doomed:
        what = "never-played games" if keep is None and not finished else "never-played or finished games"
        click.echo(f"nothing to prune: no {what}" + (f" beyond the newest {keep} finished" if keep else ""))
        return 0
    for path, rec in doomed:
        state = "finished (its replay goes too)" if rec.finished else "never played"
        click.echo(f"  {path.stem}  {rec.variant:<10} {rec.updated}  {state}{rule_note(rec)}")
    if at_terminal and not yes:
        try:
            what = "this game" if len(doomed) == 1 else f"these {len(doomed)} games"
            answer = ask_line(f"Delete {what}? [y/N] ").strip().lower()
        except EOFError:
            answer = ""
        if answer not in ("y", "yes"):
            click.echo("nothing deleted")
            return 0
    done = 0
    for f, rec in doomed:
        try:
            delete_game(f, f"game {rec.id}")
            done += 1
        except RummyError as e:
            click.echo(f"rummy: {e}; kept", err=True)
    click.echo(f"deleted {done} game{'s' if done != 1 else ''}")
    return done


def rule_note(rec: MatchRecord) -> str:
    """The rule a saved game is played under, for a listing, when it is not
    a variant's plain one: "; dealer sits out 20", "; first to 20 (team
    totals)"; "" for a built-in rule without teams (or a record without a rule)."""
    rule = rec.match
    if rule is None or (rule.rule in BUILT_IN_KINDS and not rule.teams):
        return ""
    return f"; {clean_text(rule.describe())}"
