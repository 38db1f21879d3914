"""``rummy play`` and ``rummy resume``: a game in the terminal.

The loop asks bots for moves and people for lines of text; it knows no rule: it
works from the views, the legal actions and their notation, so a variant that a
plugin adds plays here with no change.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rummykit.core.base.errors import RecordError, RummyError
from rummykit.core.engine.names import BadName, clean_text, shown
from rummykit.core.engine.options import parse_pairs
from rummykit.core.play import stats
from rummykit.core.play.records import SEED_LIMIT, load_record, replay
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
from .choose import choose_game, read_seat, seat_agents
from .common import (
    QUIT_WORDS,
    ask_line,
    continue_advice,
    given_once,
    number,
    plugins,
    registry,
    rummy_command,
    stdin_is_tty,
    stdout_is_tty,
)
from .options import IntWithin, option_option, options_for
from .plainui import PlainUI
from .timeouts import move_timeout_option

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rummykit.core.play.records import MatchRecord, SeatRecord
    from rummykit.core.play.session import Notify, Session
    from rummykit.core.plugins.registry import VariantSpec

    from .tui import TerminalUI

META_COMMANDS = ("help", "rules", "hint", "undo", "score", "log", "sort", "quit")

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
        f = click.option(
            "--four-colour/--two-colour",
            "four_colour",
            default=None,
            help="A colour per suit, or two (the default); a saved game remembers it.",
        )(f)
        f = click.option(
            "--ascii/--no-ascii",
            "ascii_",
            default=None,
            help="Suits as letters (C D H S), or symbols (the default); a saved game remembers it.",
        )(f)
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
    """The seats of ``--seat`` words, read as the chooser reads them
    (:func:`read_seat`). Too few for the variant: you are the first seat if no
    seat is a person, and the strongest computer player fills the rest, said on
    screen."""
    reg = registry()
    # The default opponent: the strongest player that understands these rules.
    strongest = reg.strongest_agent(spec.name, options)
    need = max(2, spec.min_players)
    if not seats:
        if strongest is None:
            what = "understands these rules of" if reg.agents_for(spec.name) else "for"
            raise RummyError(f"no computer player {what} {spec.name}; give every seat with --seat")
        seats = ("human",) + (strongest.name,) * (need - 1)
        return parse_seats(seats)
    agents = seat_agents(reg, spec.name, strongest.name if strongest else None)
    seats = tuple(_seat_word(spec, agents, s, i) for i, s in enumerate(seats))
    if len(seats) >= need:
        # Names by the rules of core/engine/names.py, distinct: "Easy bot 2", "Easy bot 3"...
        return _people_apart(parse_seats(seats), agents)
    said = []
    if not any(s.split(":")[0] == "human" for s in seats):
        # "--seat ai:easy": you against ai:easy. A missing seat is you, said on screen.
        said.append(f"You take seat 1 against {', '.join(seats)} (a seat not given is you).")
        seats = ("human",) + seats
    if len(seats) < need and strongest is not None:
        # "--seat human:Zed": Zed against the default opponent, said on screen.
        added = range(len(seats) + 1, need + 1)
        numbers = " and ".join(map(str, added)) if len(added) <= 2 else f"{added[0]} to {added[-1]}"
        said.append(
            f"{'Seats' if len(added) > 1 else 'Seat'} {numbers} {'are' if len(added) > 1 else 'is'} "
            f"{strongest.name} (a seat not given is the strongest computer player)."
        )
        seats += (strongest.name,) * len(added)
    records = _people_apart(parse_seats(seats), agents)
    for r in records:  # a seat that names no player is refused before anything is said
        if r.kind != "human":
            reg.agent(spec.name, r.kind)
    for line in said:
        click.echo(line)
    return records


def _people_apart(records: list[SeatRecord], agents: Sequence[str]) -> list[SeatRecord]:
    """``records``, unless a person is named exactly as a computer player is
    (``ai:hard``, ``random``): the statistics name a computer player by its
    name, so the two would be one opponent there."""
    players = {*agents, "random", "human"}
    for i, r in enumerate(records):
        if r.kind == "human" and r.name in players:
            raise BadName(
                f"seat {i + 1}: {shown(r.name)} is a computer player's name; give the person another"
            )
    return records


#: The seats of ``--seat`` words as ``rummy play`` reads them (:func:`_seats`),
#: for the other commands that seat a game (``rummy serve``).
read_seats = _seats


def _seat_word(spec: VariantSpec[Any], agents: list[str], text: str, index: int) -> str:
    """:func:`read_seat` of one ``--seat``; a computer player not offered here
    is the registry's line, which says why when it knows."""
    try:
        return read_seat(text, agents, index)
    except RummyError:
        parts = text.strip().split(":")
        if len(parts) > 1:
            registry().agent(spec.name, ":".join(parts[:2]) if parts[0].lower() == "ai" else text.strip())
        raise


@click.command()
@click.argument("variant", required=False, shell_complete=completion.variants)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="WHO",
    shell_complete=completion.seats,
    help="human[:NAME], ai:LEVEL[:NAME], random, bot or a person's name; once per seat, in seat order.",
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
    type=click.Path(),
    default=None,
    multiple=True,
    callback=lambda ctx, param, value: save_path(given_once(ctx, param, value)),
    help="Save the game here (after every action); must not exist yet.",
)
@game_options("it, its plugin and the match seed")
@click.option(
    "--offer-resume",
    "offer_resume",
    is_flag=True,
    help="At a terminal, first offer to continue the latest unfinished game, if any (make play).",
)
def play(
    variant: str | None,
    seats: tuple[str, ...],
    seed: int | None,
    options: tuple[str, ...],
    save: Path | None,
    resume_path: Path | None,
    ascii_: bool | None,
    four_colour: bool | None,
    move_timeout: float,
    offer_resume: bool = False,
) -> None:
    """Play VARIANT in the terminal, people and computer players in any mix.

    With no VARIANT at a terminal: pick the variant, the number of players and
    who sits where. With no --seat: you against the strongest computer player.
    Name seats with human:NAME (or ai:LEVEL:NAME). Type moves in the notation
    or the short forms that `help` lists (s, p, d 7h, k 7h, g 7h, m 9h th jh,
    a qs 2). Several people share the keyboard: the screen and its scrollback
    are wiped before each person's turn. The game is saved after every move
    (under the user data folder unless --save); `rummy resume` continues it.
    When standard input or output is not a terminal, one move is read per line
    and the output is plain text, where nothing is hidden between people's
    turns. A --seed makes a game reproducible, not secret:
    anyone who knows it knows the deal.
    """
    reg = registry()
    notify = _notifier()
    has_human = False
    if save is not None:
        refuse_missing_folder(save)
    if offer_resume and resume_path is None and save is None and stdin_is_tty():
        resume_path = offered_game()
        if resume_path is not None:
            variant, seats, options, seed = None, (), (), None
    if resume_path is not None:
        if variant or seats or options or seed is not None:
            raise RummyError("--resume takes the variant, options, seats and seed from the file")
        session = open_game(reg, resume_path, save, notify)
    else:
        if save is not None:  # never overwrite a file: it may be another saved game
            refuse_existing(save, _continue_hint(save))
        if variant is None:
            if stdin_is_tty():
                variant, seats, options = choose_game(reg, seats, options)
            else:
                raise RummyError("name a variant to play (see rummy variants)")
        spec = reg.variant(variant)
        seat_records = _seats(spec, seats, options_for(spec, options))
        if seed is None:
            seed = secrets.randbits(128)
        has_human = any(s.kind == "human" for s in seat_records)
        session = Session.new(reg, spec.name, parse_pairs(options), seat_records, seed, None, notify)
    try:
        shown = display(session, ascii_, four_colour)  # before a new game's first save
        if resume_path is None:
            path = save
            if path is None and has_human:
                path = default_save_dir() / f"{session.record.id}.json"
                session.keep_unplayed = False  # left with no move made: not kept
            if path is not None:
                session.locks.append(claim_new_save(path, _continue_hint(path)))
                session.path = path
                session.save()
        session.set_move_timeout(move_timeout)
        run(session, *shown)
    finally:
        session.close()


def display(session: Session, ascii_: bool | None, four_colour: bool | None) -> tuple[bool, bool]:
    """``--ascii`` and ``--four-colour`` as given, else as the saved game was shown
    (:attr:`MatchRecord.display`); what is given goes into the record, saved with
    the next move."""
    shown = session.record.display
    if ascii_ is None:
        ascii_ = "ascii" in shown
    if four_colour is None:
        four_colour = "four-colour" in shown
    session.record.display = []
    if ascii_:
        session.record.display.append("ascii")
    if four_colour:
        session.record.display.append("four-colour")
    return ascii_, four_colour


def save_path(text: str | None) -> Path | None:
    """``--save PATH``: a path ending in a slash names a folder, not a file, and
    is refused (``Path`` would drop the slash and save to a file named for the
    folder)."""
    if text is None:
        return None
    if text.endswith(("/", os.sep)):
        raise RummyError(
            f"--save {text}: that names a folder; give the file's path (such as {text}game.json)"
        )
    return Path(text)


def offered_game() -> Path | None:
    """``rummy play --offer-resume``: the latest unfinished game in the user data
    folder if the person at the terminal says to continue it (Enter or y), else
    None (a new game)."""
    rows, _ = unfinished_games(default_save_dir())
    if not rows:
        return None
    path, rec = rows[0]
    n = len(rec.actions)
    seats = ", ".join(s.name for s in rec.seats)
    question = (
        f"Continue your unfinished game {path.stem} ({rec.variant}{manage.rule_note(rec)}, {seats}, "
        f"{n} move{'s' if n != 1 else ''}, {when(rec.updated)})? [Y/n] "
    )
    while True:
        try:
            answer = ask_line(question).strip().lower()
        except EOFError:
            click.echo()
            return None
        if answer in ("", "y", "yes"):
            return path
        if answer in ("n", "no"):
            return None
        click.echo("  type y to continue it, n for a new game")


def standing(reg: Any, rec: MatchRecord) -> str:
    """Where the saved game ``rec`` stands: "round 2, score 35-12" (the match
    points in seat order; "teams 40-25", the teams' totals in the order of
    the rule's teams, under a rule with teams), or "round ?" when it does not
    replay here (a variant not installed: resuming it says why)."""
    try:
        match = replay(rec, reg)
    except Exception:
        return "round ?"
    if match.rule.teams:
        teams = [sum(match.totals[s] for s in team) for team in match.rule.teams]
        return f"round {len(match.results) + 1}, teams {'-'.join(str(t) for t in teams)}"
    return f"round {len(match.results) + 1}, score {'-'.join(str(t) for t in match.totals)}"


def when(stamp: str, now: datetime | None = None) -> str:
    """A saved game's ``updated`` time as a person says it: "just now", "5 minutes
    ago", "2 hours ago", "3 days ago", else the date; the text itself when it is
    not a time this program wrote."""
    try:
        then = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return stamp
    seconds = ((now or datetime.now(UTC)) - then).total_seconds()
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            if unit == "day" and seconds >= 30 * size:
                return then.strftime("%Y-%m-%d")
            n = int(seconds // size)
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def _continue_hint(path: Path) -> str:
    return f"continue it with {continue_advice(path)}, or choose another --save path"


@click.command()
@click.argument("game", required=False, shell_complete=completion.unfinished_games)
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
    "--prune",
    is_flag=True,
    help="Delete the never-played games in the user data folder (the finished ones too: --finished, --keep).",
)
@click.option(
    "--finished", is_flag=True, help="With --prune: delete the finished games too (and so their replays)."
)
@click.option(
    "--keep",
    type=IntWithin(0, 1_000_000, "--keep must be a whole number from 0 to 1000000"),
    default=None,
    metavar="N",
    help="With --prune: delete the finished games but the newest N.",
)
@click.option("--yes", "-y", "yes", is_flag=True, help="With --prune: do not ask first.")
def resume(
    game: str | None,
    resume_path: Path | None,
    ascii_: bool | None,
    four_colour: bool | None,
    move_timeout: float,
    delete: str | None,
    prune: bool,
    finished: bool,
    keep: int | None,
    yes: bool,
) -> None:
    """List unfinished games and continue one (at a terminal, pick it from the
    list), or continue GAME (an id from the list, or a path). --delete ID drops
    one saved game; --prune drops the games never played, and the finished ones
    with --finished (all) or --keep N (all but the newest N); at a terminal it
    lists them and asks first (--yes does not ask)."""
    if (finished or keep is not None) and not prune:
        raise RummyError("--finished and --keep N go with --prune")
    if finished and keep is not None:
        raise RummyError("--finished deletes every finished game, --keep N all but N: give one")
    if delete is not None or prune:
        if game is not None or resume_path is not None or (delete is not None and prune):
            raise RummyError("--delete ID and --prune take nothing else (one at a time)")
        if delete is not None:
            manage.delete_one(delete)
        else:
            manage.prune(yes, stdin_is_tty(), finished, keep)
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
            how = ":" if stdin_is_tty() else f" (continue one with: {rummy_command()} resume ID):"
            click.echo("Unfinished games" + how)
            for i, (f, rec) in enumerate(rows, 1):
                seats = ", ".join(s.name for s in rec.seats)
                n = len(rec.actions)
                click.echo(  # by its file's name, the id rummy resume ID finds (a copy has its own)
                    f"  {i:>2}  {clean_text(f.stem)}  {rec.variant:<10} {when(rec.updated):<15} "
                    f"{standing(reg, rec):<22} {n:>4} move{'s' if n != 1 else ' '}  {seats}"
                    + manage.rule_note(rec)
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
    session = open_game(reg, path, None, _notifier())
    try:
        session.set_move_timeout(move_timeout)
        run(session, *display(session, ascii_, four_colour))
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
    game with a person that ends is recorded for ``rummy stats`` as its last
    move is saved."""
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
    warnings: list[str] = []
    session.on_finished = lambda s: record_stats(s, warnings.append)
    try:
        ui.run()
    finally:
        for warning in warnings:  # after the game's screens
            click.echo(warning, err=True)


def open_game(reg: Any, path: Path, save_to: Path | None, notify: Notify) -> Session:
    """:func:`open_saved`; a game refused as finished is first added to the
    statistics if they lack it (a game that ended before they were recorded at
    its last move), silently: the refusal stays one line."""
    try:
        return open_saved(reg, path, save_to, notify)
    except RummyError:
        try:
            rec = load_record(path)
            if rec.finished and any(s.kind == "human" for s in rec.seats):
                match = replay(rec, reg)
                if match.over:
                    stats.record(finished_game(rec, match))
        except Exception:  # the refusal says what matters
            pass
        raise


def finished_game(rec: MatchRecord, m: Any) -> stats.Finished:
    """The statistics' view of the game ``rec`` at its end (its match ``m``)."""
    return stats.Finished(
        game=rec.id,
        variant=rec.variant,
        seats=[(seat.kind, seat.name) for seat in rec.seats],
        totals=list(m.totals),
        rounds=[list(r.points) for r in m.results],
        winner=m.winner,
        winners=tuple(m.winners),
        teams=tuple(m.rule.teams),
    )


def record_stats(session: Session, warn: Callable[[str], None] | None = None) -> None:
    """Add the finished ``session`` to the statistics (as its last move is saved:
    :attr:`Session.on_finished`); a database that cannot be written (damaged,
    locked, a newer schema) is one warning line (given to ``warn``, else
    printed), nothing more."""
    try:
        stats.record(finished_game(session.record, session.match))
    except stats.StatsError as e:
        line = f"rummy: warning: statistics not recorded: {e}"
        if warn is None:
            click.echo(line, err=True)
        else:
            warn(line)
