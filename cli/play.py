"""``rummy play`` and ``rummy resume``: a game in the terminal.

The loop asks bots for moves and people for lines of text; it knows no rule: it
works from the views, the legal actions and their notation, so a variant that a
plugin adds plays here with no change.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rummykit.core.base.errors import RecordError, RummyError
from rummykit.core.engine.names import clean_text
from rummykit.core.engine.options import parse_pairs
from rummykit.core.play import stats
from rummykit.core.play.records import SEED_LIMIT, load_record
from rummykit.core.play.session import (
    Session,
    claim_new_save,
    default_save_dir,
    open_saved,
    parse_seats,
    refuse_existing,
    refuse_missing_folder,
)

from . import completion, manage
from .choose import choose_game
from .common import QUIT_WORDS, ask_line, given_once, number, plugins, registry, stdin_is_tty, stdout_is_tty
from .options import IntWithin, option_option, options_for
from .plainui import PlainUI
from .timeouts import move_timeout_option

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rummykit.core.play.records import MatchRecord, SeatRecord
    from rummykit.core.play.session import Notify, Session
    from rummykit.core.plugins.registry import VariantSpec

    from .tui import TerminalUI

META_COMMANDS = ("help", "rules", "hint", "undo", "score", "log", "quit")

F = TypeVar("F", bound=Callable[..., Any])


def game_options(named: str) -> Callable[[F], F]:
    """The options ``rummy play`` and ``rummy resume`` share: ``--resume``,
    ``--ascii``, ``--four-colour`` and ``--move-timeout`` (whose line about a
    computer player past it names ``named``)."""

    def decorate(f: F) -> F:
        f = move_timeout_option(
            f"A computer player past it ends the game with one line naming {named} "
            "(exit status 1); the game stays saved as of its last move."
        )(f)
        f = click.option("--four-colour", "four_colour", is_flag=True, help="A colour per suit.")(f)
        f = click.option("--ascii", "ascii_", is_flag=True, help="Suits as letters (C D H S).")(f)
        return click.option(
            "--resume",
            "resume_path",
            type=click.Path(path_type=Path),
            default=None,
            multiple=True,
            callback=given_once,
            help="Continue the game saved in this file.",
        )(f)

    return decorate


def _seats(
    spec: VariantSpec[Any], seats: tuple[str, ...], options: BaseModel | None = None
) -> list[SeatRecord]:

    reg = registry()
    if not seats:
        # The default opponent: the strongest player that understands these rules.
        strongest = reg.strongest_agent(spec.name, options)
        if strongest is None:
            what = "understands these rules of" if reg.agents_for(spec.name) else "for"
            raise RummyError(f"no computer player {what} {spec.name}; give every seat with --seat")
        n = max(2, spec.min_players)
        seats = ("human",) + (strongest.name,) * (n - 1)
    elif len(seats) < max(2, spec.min_players) and not any(s.split(":")[0] == "human" for s in seats):
        # "--seat ai:easy": you against ai:easy. A missing seat is you, said on screen.
        seats = ("human",) + tuple(seats)
        records = parse_seats(seats)
        for r in records[1:]:  # a seat that names no player is refused before anything is said
            reg.agent(spec.name, r.kind)
        click.echo(f"You take seat 1 against {', '.join(seats[1:])} (a seat not given is you).")
        return records
    # Names by the rules of core/engine/names.py, distinct: "Easy bot 2", "Easy bot 3"...
    return parse_seats(seats)


@click.command()
@click.argument("variant", required=False, shell_complete=completion.variants)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="WHO",
    shell_complete=completion.seats,
    help="human[:NAME], ai:LEVEL or random; once per seat, in seat order.",
)
@click.option(
    "--seed",
    type=IntWithin(0, SEED_LIMIT - 1, "--seed must be a whole number from 0 to 2**256 - 1"),
    default=None,
    multiple=True,
    callback=given_once,
    help="Seed of the deal, to replay a game (default: random, 128 bits).",
)
@option_option
@click.option(
    "--save",
    "save",
    type=click.Path(path_type=Path),
    default=None,
    multiple=True,
    callback=given_once,
    help="Save the game here (after every action); must not exist yet.",
)
@game_options("it, its plugin and the match seed")
def play(
    variant: str | None,
    seats: tuple[str, ...],
    seed: int | None,
    options: tuple[str, ...],
    save: Path | None,
    resume_path: Path | None,
    ascii_: bool,
    four_colour: bool,
    move_timeout: float,
) -> None:
    """Play VARIANT in the terminal, people and computer players in any mix.

    With no VARIANT at a terminal: pick the variant, the number of players and
    who sits where. With no --seat: you against the strongest computer player.
    Name seats with human:NAME (or ai:LEVEL:NAME). Type moves in the notation
    or the short forms that `help` lists (s, p, d 7h, k 7h, g 7h, m 9h th jh,
    a qs 2). Several people share the keyboard: the screen and its scrollback
    are wiped before each person's turn. The game is saved after every move
    (under the user data folder unless --save); `rummy resume` continues it.
    When standard input is not a terminal, one move is read per line and the
    output is plain text. A --seed makes a game reproducible, not secret:
    anyone who knows it knows the deal.
    """
    reg = registry()
    notify = _notifier()
    has_human = False
    if save is not None:
        refuse_missing_folder(save)
    if resume_path is not None:
        if variant or seats or options or seed is not None:
            raise RummyError("--resume takes the variant, options, seats and seed from the file")
        session = open_saved(reg, resume_path, save, notify)
    else:
        if save is not None:  # never overwrite a file: it may be another saved game
            refuse_existing(save, _continue_hint(save))
        if variant is None:
            if stdin_is_tty():
                variant, seats = choose_game(reg, seats)
            else:
                raise RummyError("name a variant to play (see rummy variants)")
        spec = reg.variant(variant)
        seat_records = _seats(spec, seats, options_for(spec, options) if not seats else None)
        if seed is None:
            seed = secrets.randbits(128)
        has_human = any(s.kind == "human" for s in seat_records)
        session = Session.new(reg, spec.name, parse_pairs(options), seat_records, seed, None, notify)
    try:
        if resume_path is None:
            path = save
            if path is None and has_human:
                path = default_save_dir() / f"{session.record.id}.json"
            if path is not None:
                session.locks.append(claim_new_save(path, _continue_hint(path)))
                session.path = path
                session.save()
        session.set_move_timeout(move_timeout)
        run(session, ascii_=ascii_, four_colour=four_colour)
    finally:
        session.close()


def _continue_hint(path: Path) -> str:
    return f"continue it with rummy play --resume {path}, or choose another --save path"


@click.command()
@click.argument("game", required=False, shell_complete=completion.games)
@game_options("it and its plugin")
@click.option(
    "--delete",
    "delete",
    metavar="ID",
    shell_complete=completion.games,
    default=None,
    help="Delete the saved game ID (an id from the list, or a path).",
)
@click.option(
    "--prune", is_flag=True, help="Delete the finished and never-played games in the user data folder."
)
@click.option("--yes", "-y", "yes", is_flag=True, help="With --prune: do not ask first.")
def resume(
    game: str | None,
    resume_path: Path | None,
    ascii_: bool,
    four_colour: bool,
    move_timeout: float,
    delete: str | None,
    prune: bool,
    yes: bool,
) -> None:
    """List unfinished games and continue one (at a terminal, pick it from the
    list), or continue GAME (an id from the list, or a path). --delete ID drops
    one saved game; --prune drops the finished games and those never played
    (at a terminal it lists them and asks first; --yes does not ask)."""
    if delete is not None or prune:
        if game is not None or resume_path is not None or (delete is not None and prune):
            raise RummyError("--delete ID and --prune take nothing else (one at a time)")
        if delete is not None:
            manage.delete_one(delete)
        else:
            manage.prune(yes, stdin_is_tty())
        return
    if game is not None and resume_path is not None:
        raise RummyError("give the game once: GAME or --resume PATH, not both")
    reg = registry()
    if resume_path is None and game is None:
        folder = default_save_dir()
        rows, skipped = unfinished_games(folder)
        if not rows:
            click.echo("no unfinished games")
        else:
            how = ":" if stdin_is_tty() else " (continue one with: rummy resume ID):"
            click.echo("Unfinished games" + how)
            for i, (f, rec) in enumerate(rows, 1):
                seats = ", ".join(s.name for s in rec.seats)
                click.echo(  # by its file's name, the id rummy resume ID finds (a copy has its own)
                    f"  {i:>2}  {clean_text(f.stem)}  {rec.variant:<10} {rec.updated}  "
                    f"{len(rec.actions):>4} moves  {seats}"
                )
        if skipped:
            click.echo(
                f"({skipped} file{'s' if skipped != 1 else ''} in {folder} skipped: not a readable "
                "saved game; rummy play --resume FILE says why)",
                err=True,
            )
        if not rows or not stdin_is_tty():
            return
        resume_path = pick(rows)
        if resume_path is None:
            return
    if resume_path is not None:
        path = resume_path
    else:
        assert game is not None  # with neither, the list above gave resume_path
        path = manage.game_path(game)
    session = open_saved(reg, path, None, _notifier())
    try:
        session.set_move_timeout(move_timeout)
        run(session, ascii_=ascii_, four_colour=four_colour)
    finally:
        session.close()


def pick(rows: list[tuple[Path, MatchRecord]]) -> Path | None:
    """Ask which of ``rows`` to continue; None on quit or the end of the input.
    Any other answer that is not a game gets a one-line reason and the question again."""
    while True:
        try:
            answer = ask_line("Continue which? (number or id, Enter for 1, q to leave) ").strip()
        except EOFError:
            click.echo()
            return None
        if answer.lower() in QUIT_WORDS:
            return None
        if not answer:
            answer = "1"
        n = number(answer, 6)
        if n is not None:
            if 1 <= n <= len(rows):
                return rows[n - 1][0]
            click.echo(f"  no game {answer} here: type a number from 1 to {len(rows)}, a game id, or q")
            continue
        match = [f for f, _ in rows if f.stem == answer] or [f for f, rec in rows if rec.id == answer]
        if len(match) > 1:  # copies of one game, each under its own file's name
            click.echo(f"  {len(match)} games here are {answer}: type the number or the name of one")
            continue
        if match:
            return match[0]
        click.echo(f"  not a game here: type a number from 1 to {len(rows)}, a game id, or q")


def unfinished_games(folder: Path) -> tuple[list[tuple[Path, MatchRecord]], int]:
    """(path, record) of every unfinished game saved in ``folder``, newest first,
    and how many ``*.json`` files there are not readable games (damaged, foreign,
    dangling links...: skipped, never touched)."""
    try:
        files = list(folder.glob("*.json")) if folder.is_dir() else []
    except OSError:
        return [], 0
    rows: list[tuple[float, Path, MatchRecord]] = []
    skipped = 0
    for f in files:
        try:
            rec = load_record(f)
            mtime = f.stat().st_mtime
        except (RecordError, OSError):
            skipped += 1
            continue
        if not rec.finished:
            rows.append((mtime, f, rec))
    rows.sort(key=lambda row: row[0], reverse=True)
    return [(f, rec) for _, f, rec in rows], skipped


def _notifier() -> Notify:

    p = plugins()

    def notify(hookname: str, **kwargs: Any) -> None:
        p.call(hookname, **kwargs)

    return notify


def run(session: Session, ascii_: bool = False, four_colour: bool = False) -> None:
    """Play ``session`` to its end, or until the input ends or someone quits; a
    game with a person that ends is recorded for ``rummy stats``."""
    ui: TerminalUI | PlainUI | None = None
    if stdin_is_tty() and stdout_is_tty() and session.humans:
        try:
            from .tui import TerminalUI
        except ImportError:
            pass
        else:
            ui = TerminalUI(session, ascii_=ascii_, four_colour=four_colour)
    if ui is None:
        ui = PlainUI(session, ascii_=ascii_)
    ui.run()
    if session.over and session.humans:
        record_stats(session)


def record_stats(session: Session) -> None:
    """Add the finished ``session`` to the statistics; a database that cannot be
    written (damaged, locked, a newer schema) is one warning line, nothing more."""
    m = session.match
    game = stats.Finished(
        game=session.record.id,
        variant=session.spec.name,
        seats=[(seat.kind, seat.name) for seat in session.record.seats],
        totals=list(m.totals),
        rounds=[list(r.points) for r in m.results],
        winner=m.winner,
    )
    try:
        stats.record(game)
    except stats.StatsError as e:
        click.echo(f"rummy: warning: statistics not recorded: {e}", err=True)
