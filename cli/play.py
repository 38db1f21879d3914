"""``rummy play`` and ``rummy resume``: a game in the terminal.

The loop asks bots for moves and people for lines of text; it knows no rule: it
works from the views, the legal actions and their notation, so a variant that a
plugin adds plays here with no change.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import click

from .common import option_option, registry, stdin_is_tty
from .timeouts import move_timeout_option, move_timeout_seconds

META_COMMANDS = ("help", "rules", "hint", "undo", "score", "log", "quit")


def _seats(spec, seats: tuple[str, ...]):
    from rummykit.core.errors import RummyError
    from rummykit.core.records import SeatRecord
    from rummykit.core.session import parse_seat

    reg = registry()
    if not seats:
        strongest = reg.strongest_agent(spec.name)
        if strongest is None:
            raise RummyError(f"no computer player for {spec.name}; give every seat with --seat")
        n = max(2, spec.min_players)
        seats = ("human",) + (strongest.name,) * (n - 1)
    records = []
    for i, text in enumerate(seats):
        text = text.strip()
        parts = text.split(":")
        if parts[0] == "ai" and len(parts) >= 3:  # ai:LEVEL:NAME names a computer seat
            records.append(SeatRecord(kind=":".join(parts[:2]), name=":".join(parts[2:]).strip()
                                      or bot_name(parts[1])))
            continue
        r = parse_seat(text, i)
        if r.kind != "human" and r.name == r.kind:
            r.name = bot_name(r.kind)
        records.append(r)
    # Give every seat a distinct name: "Easy bot 2", "Easy bot 3"...
    names = [r.name for r in records]
    for i, r in enumerate(records):
        if names.count(r.name) > 1:
            r.name = f"{r.name} {i + 1}"
    return records


def bot_name(kind: str) -> str:
    """The default name of a computer seat: ``ai:easy`` -> "Easy bot"."""
    level = kind.split(":", 1)[1] if kind.startswith("ai:") else kind
    return f"{level.capitalize()} bot" if level else "Bot"


@click.command()
@click.argument("variant", required=False)
@click.option("--seat", "seats", multiple=True, metavar="WHO",
              help="human[:NAME], ai:LEVEL or random; once per seat, in seat order.")
@click.option("--seed", type=int, default=None, help="Seed of the deal (default: random).")
@option_option
@click.option("--save", "save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Save the game here (after every action).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Continue the game saved in this file.")
@click.option("--ascii", "ascii_", is_flag=True, help="Suits as letters (C D H S).")
@click.option("--four-colour", "four_colour", is_flag=True, help="A colour per suit.")
@move_timeout_option("A computer player past it ends the game with one line naming it, its "
                     "plugin and the match seed (exit status 1); the game stays saved as of its "
                     "last move.")
def play(variant, seats, seed, options, save, resume_path, ascii_, four_colour, move_timeout):
    """Play VARIANT in the terminal, people and computer players in any mix.

    With no VARIANT at a terminal: pick the variant, the number of players and
    who sits where. With no --seat: you against the strongest computer player.
    Name seats with human:NAME (or ai:LEVEL:NAME). Type moves in the notation
    or the short forms that `help` lists (s, p, d 7h, k 7h, g 7h, m 9h th jh,
    a qs 2). Several people share the keyboard: the screen and its scrollback
    are wiped before each person's turn. The game is saved after every move
    (under the user data folder unless --save); `rummy resume` continues it.
    When standard input is not a terminal, one move is read per line and the
    output is plain text.
    """
    from rummykit.core.errors import RummyError
    from rummykit.core.options import parse_pairs
    from rummykit.core.session import Session, default_save_dir

    timeout = move_timeout_seconds(move_timeout)
    reg = registry()
    notify = _notifier()
    if resume_path is not None:
        from rummykit.core.records import load_record

        if variant or seats or options or seed is not None:
            raise RummyError("--resume takes the variant, options, seats and seed from the file")
        record = load_record(resume_path)
        session = open_session(reg, record, resume_path, save or resume_path, notify)
    else:
        if variant is None:
            if stdin_is_tty():
                from .choose import choose_game

                variant, seats = choose_game(reg, seats)
            else:
                raise RummyError("name a variant to play (see rummy variants)")
        spec = reg.variant(variant)
        seat_records = _seats(spec, seats)
        if seed is None:
            seed = secrets.randbelow(2**31)
        has_human = any(s.kind == "human" for s in seat_records)
        path = save
        if path is not None and path.exists():
            # Never overwrite a file silently: it may be another saved game.
            raise RummyError(
                f"{path} already exists; continue it with rummy play --resume {path}, "
                "or choose another --save path"
            )
        session = Session.new(reg, spec.name, parse_pairs(options), seat_records, seed, None, notify)
        if path is None and has_human:
            path = default_save_dir() / f"{session.record.id}.json"
        session.path = path
        session.save()
    session.set_move_timeout(timeout)
    run(session, ascii_=ascii_, four_colour=four_colour)


@click.command()
@click.argument("game", required=False)
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Continue the game saved in this file.")
@click.option("--ascii", "ascii_", is_flag=True, help="Suits as letters (C D H S).")
@click.option("--four-colour", "four_colour", is_flag=True, help="A colour per suit.")
def resume(game, resume_path, ascii_, four_colour):
    """List unfinished games and continue one (at a terminal, pick it from the
    list), or continue GAME (an id from the list, or a path)."""
    from rummykit.core.errors import RummyError
    from rummykit.core.records import load_record
    from rummykit.core.session import Session, default_save_dir

    reg = registry()
    if resume_path is None and game is None:
        rows = unfinished_games(default_save_dir())
        if not rows:
            click.echo("no unfinished games")
            return
        click.echo("Unfinished games" + (":" if stdin_is_tty() else " (continue one with: rummy resume ID):"))
        for i, (f, rec) in enumerate(rows, 1):
            seats = ", ".join(s.name for s in rec.seats)
            click.echo(f"  {i:>2}  {rec.id}  {rec.variant:<10} {rec.updated}  {len(rec.actions):>4} moves  {seats}")
        if not stdin_is_tty():
            return
        while True:
            try:
                answer = input("Continue which? (number or id, Enter for 1, q to leave) ").strip()
            except EOFError:
                click.echo()
                return
            if answer.lower() in ("q", "quit"):
                return
            if not answer:
                answer = "1"
            if answer.isdigit() and 1 <= int(answer) <= len(rows):
                resume_path = rows[int(answer) - 1][0]
                break
            match = [f for f, rec in rows if rec.id == answer]
            if match:
                resume_path = match[0]
                break
            click.echo(f"  type a number from 1 to {len(rows)} or a game id")
    path = resume_path
    if path is None:
        candidate = Path(game)
        path = candidate if candidate.suffix == ".json" or candidate.exists() else default_save_dir() / f"{game}.json"
        if not path.exists():
            raise RummyError(f"no saved game {game!r} (see rummy resume)")
    record = load_record(path)
    if record.finished:
        raise RummyError(f"{path}: that game is finished (rummy replay {path} shows it)")
    session = open_session(reg, record, path, path, _notifier())
    run(session, ascii_=ascii_, four_colour=four_colour)


def named(path: Path, error):
    """A record error that names its file (loading names it; replaying may not)."""
    from rummykit.core.errors import RecordError

    msg = str(error)
    return error if str(path) in msg else RecordError(f"{path}: {msg}")


def open_session(reg, record, source: Path, path: Path, notify):
    """The session of a saved record; a record that does not replay is an error
    naming the file it came from (which is left as it was)."""
    from rummykit.core.errors import RecordError
    from rummykit.core.session import Session

    try:
        return Session(reg, record, path, notify)
    except RecordError as e:
        raise named(source, e) from None


def unfinished_games(folder: Path):
    """(path, record) of every unfinished game saved in ``folder``, newest first.
    Damaged files are reported on stderr and skipped (never touched)."""
    from rummykit.core.errors import RecordError
    from rummykit.core.records import load_record

    rows = []
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []
    for f in files:
        try:
            rec = load_record(f)
        except RecordError as e:
            click.echo(f"  (skipped) {e}", err=True)
            continue
        if not rec.finished:
            rows.append((f, rec))
    return rows


def _notifier():
    from .common import plugins

    p = plugins()
    return p.notify


def stdout_is_tty() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def run(session, ascii_: bool = False, four_colour: bool = False) -> None:
    """Play ``session`` to its end, or until the input ends or someone quits."""
    if stdin_is_tty() and stdout_is_tty() and session.humans:
        try:
            from .tui import TerminalUI
        except ImportError:
            TerminalUI = None
        if TerminalUI is not None:
            TerminalUI(session, ascii_=ascii_, four_colour=four_colour).run()
            return
    from .plainui import PlainUI

    PlainUI(session, ascii_=ascii_).run()
