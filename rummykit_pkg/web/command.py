"""``rummy serve``: the click command. It imports the web stack (Starlette,
uvicorn) only when it runs, and says in one line how to install it when it is
missing."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import click

from rummykit.cli import completion
from rummykit.cli.common import continue_advice, plugins, registry
from rummykit.cli.options import IntWithin, option_option, options_for
from rummykit.cli.timeouts import move_timeout_option
from rummykit.core.base.errors import RummyError
from rummykit.core.engine.options import parse_pairs
from rummykit.core.play.records import SEED_LIMIT

INSTALL = "rummy serve needs the web extra: pip install 'rummykit[web]'"


class Pace(click.ParamType):
    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            seconds = -1.0
        if not 0 <= seconds <= 10:
            self.fail("--pace must be a number of seconds from 0 to 10", param, ctx)
        return seconds


def check_extra() -> None:
    """A :class:`RummyError` saying how to install the web extra when it is missing."""
    try:
        import segno  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise RummyError(INSTALL) from None


@click.command()
@click.argument("variant", required=False, shell_complete=completion.variants)
@click.option(
    "--seat",
    "seats",
    multiple=True,
    metavar="WHO",
    shell_complete=completion.seats,
    help="human[:NAME], ai:LEVEL[:NAME], random or bot; once per seat, in seat order.",
)
@option_option
@click.option(
    "--seed",
    type=IntWithin(0, SEED_LIMIT - 1, "--seed must be a whole number from 0 to 2**256 - 1"),
    default=None,
    help="Seed of the deal (default: random, 128 bits).",
)
@click.option(
    "--port",
    type=IntWithin(0, 65535, "--port must be a whole number from 0 to 65535"),
    default=8765,
    show_default=True,
    help="The port to listen on (0 picks a free one).",
)
@click.option(
    "--lan",
    is_flag=True,
    help="Listen on the local network: every person's seat gets its own join link and QR code.",
)
@click.option(
    "--resume", "resume_game", metavar="GAME", default=None, help="Continue a saved game (an id or a path)."
)
@click.option(
    "--replay",
    "replay_game",
    metavar="GAME",
    default=None,
    help="Step through a saved game, every hand open (an id or a path; a game still played is refused).",
)
@click.option("--no-open", "no_open", is_flag=True, help="Do not open a browser; print the link only.")
@click.option(
    "--pace",
    type=Pace(),
    default=0.6,
    show_default=True,
    help="Seconds between the computer players' moves, to follow them.",
)
@move_timeout_option(
    "A computer player past it stops the game with one line naming it, on the pages and here; "
    "the command then ends with that line (exit status 1) when the server stops."
)
def serve(
    variant: str | None,
    seats: tuple[str, ...],
    options: tuple[str, ...],
    seed: int | None,
    port: int,
    lan: bool,
    resume_game: str | None,
    replay_game: str | None,
    no_open: bool,
    pace: float,
    move_timeout: float,
) -> None:
    """Play VARIANT at a card table in the browser.

    With no --seat: you against the strongest computer player. Several people
    (--seat human:Ann --seat human:Bob) share one screen, a curtain between
    their turns; with --lan each person plays on their own device from their
    seat's link (printed with a QR code). The server listens on 127.0.0.1
    unless --lan, and every link carries a secret token: share a seat's link
    only with the person in that seat. The game is saved after every move;
    `rummy resume` or `rummy serve --resume GAME` continues it; `rummy serve
    --replay GAME` steps through a saved game.
    """
    check_extra()
    from rummykit.cli.manage import game_path
    from rummykit.cli.play import open_game, read_seats, record_stats
    from rummykit.core.play.session import Session, claim_new_save, default_save_dir

    from .replay import Replay
    from .server import run
    from .table import Table

    reg = registry()
    if replay_game is not None:
        if variant or seats or options or seed is not None or resume_game is not None or lan:
            raise RummyError("--replay takes only the game (and --port, --no-open)")
        run(Replay(reg, game_path(replay_game)), port, pace, click.echo, open_browser=not no_open)
        return
    hooks = plugins()

    def notify(hookname: str, **kwargs: Any) -> None:
        hooks.call(hookname, **kwargs)

    if resume_game is not None:
        if variant or seats or options or seed is not None:
            raise RummyError("--resume takes the variant, options, seats and seed from the saved game")
        session = open_game(reg, game_path(resume_game), None, notify)
    else:
        if variant is None:
            raise RummyError("name a variant to play (see rummy variants)")
        spec = reg.variant(variant)
        records = read_seats(spec, seats, options_for(spec, options))
        if not any(r.kind == "human" for r in records):
            raise RummyError(
                "rummy serve needs a person's seat (--seat human[:NAME]); rummy simulate plays bots"
            )
        chosen = seed if seed is not None else secrets.randbits(128)
        session = Session.new(reg, spec.name, parse_pairs(options), records, chosen, None, notify)
    try:
        if resume_game is None:
            path: Path = default_save_dir() / f"{session.record.id}.json"
            session.locks.append(claim_new_save(path))
            session.path = path
            session.keep_unplayed = False  # left with no move made: not kept
            session.save()
        session.set_move_timeout(move_timeout)
        session.on_finished = record_stats
        table = Table(session, lan=lan)
        table.on_stop = lambda line: click.echo(f"{line}. The pages show it; Ctrl-C stops the server.")
        run(table, port, pace, click.echo, open_browser=not no_open)
        if session.dropped:
            click.echo("stopped; no move made, so the game is not kept")
        elif not session.over and session.path is not None:
            click.echo(
                f"stopped; game saved to {session.path}. Continue with: {continue_advice(session.path)}"
            )
        if table.failure is not None:
            raise table.failure  # one line on standard error, exit status 1 for a computer player
    finally:
        session.close()
