"""``rummy stats [VARIANT] [--by-opponent] [--json]``: how the people here did,
one row per person and variant (per opponent too with ``--by-opponent``),
within :data:`WIDTH` columns of the terminal, counted as it shows them (a wide
character such as 漢 or an emoji takes two), from :mod:`rummykit.core.play.stats`."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click
from rich.cells import cell_len, chop_cells

from rummykit.core.base.errors import RummyError
from rummykit.core.engine.names import bad_char, clean_text, invisible
from rummykit.core.play.stats import StatsError, summary

from . import completion
from .common import registry

COLUMNS = (
    "Player",
    "Variant",
    "Opponent",
    "Games",
    "Won",
    "Lost",
    "For",
    "Against",
    "Best",
    "Worst",
    "Streak",
)
TEXT_COLUMNS = 3  # the first three, to the left; the numbers to the right
WIDTH = 80  # the table fits an 80-column terminal: long names are cut, numbers never
FOOTNOTE = "For, Against: match points. Best, Worst: a round's points for less against."
TEAM_NOTE = "(with X): played in a team with X; its win is each partner's, For its points."


def shown_name(text: str) -> str:
    """A name (or variant, or opponents) from the database as the table shows
    it: a character that shows nothing or is a control (:func:`invisible`,
    :func:`bad_char`: U+200B, a joiner, U+FEFF, a bidirectional control, a line
    break...) written as its code (``\\u200b``), so that no name hides one or
    reads as another; an empty name as ``''``."""
    out = [_code_of(ch) if invisible(ch) or bad_char(ch) else ch for ch in text]
    return "".join(out) or "''"


def _code_of(ch: str) -> str:
    return f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}"


def streak_text(n: int) -> str:
    return f"{n} won" if n > 0 else (f"{-n} lost" if n < 0 else "-")


def signed(n: int | None) -> str:
    return "-" if n is None else f"{n:+d}"


@click.command()
@click.argument("variant", required=False, shell_complete=completion.variants)
@click.option("--by-opponent", is_flag=True, help="A row per opponent too.")
@click.option(
    "--json", "as_json", is_flag=True, help="One JSON object per person, variant and opponent, in a list."
)
def stats(variant: str | None, by_opponent: bool, as_json: bool) -> None:
    """How finished games with a person in them went, one row per person and
    variant (and opponent, with --by-opponent): games played, won and lost,
    match points for and against, the best and worst round (points for less
    points against) and the current streak, within 80 columns. --json gives a
    row per opponent always. A game in teams counts as won by each partner of
    the team that won, with the team's points (the opponent shows "(with
    PARTNER)"; --json adds "partner").
    Kept in stats.sqlite3 in the user data folder."""
    if variant is not None and not variant.strip():
        raise RummyError("the variant is empty: give its name, or none for every variant")
    try:
        lines = summary(variant, by_opponent=by_opponent or as_json)
    except StatsError as e:
        raise RummyError(f"cannot read the statistics: {clean_text(str(e))}") from None
    if variant is not None and not lines:
        reg = registry()
        if variant not in reg.variants:  # nor recorded: a plugin since removed keeps its games
            raise RummyError(f"unknown variant {variant!r} (installed: {', '.join(sorted(reg.variants))})")
    if as_json:
        click.echo(json.dumps([line.to_json() for line in lines], indent=2))
        return
    if not lines:
        click.echo("no finished games recorded" + (f" for {variant}" if variant else ""))
        return
    rows: list[Sequence[str]] = [COLUMNS]
    rows.extend(
        (
            shown_name(line.person),
            shown_name(line.variant),
            shown_name(line.opponent + (f" (with {line.partner})" if line.partner else "")),
            str(line.played),
            str(line.won),
            str(line.lost),
            str(line.points_for),
            str(line.points_against),
            signed(line.best_round),
            signed(line.worst_round),
            streak_text(line.streak),
        )
        for line in lines
    )
    for row in columns(rows):
        click.echo(row)
    click.echo(FOOTNOTE)
    if any(line.partner for line in lines):
        click.echo(TEAM_NOTE)


def columns(rows: Sequence[Sequence[str]], width: int = WIDTH) -> list[str]:
    """``rows`` in aligned columns, the text columns to the left (two spaces
    apart), the numbers to the right (one space apart), each line at most
    ``width`` columns of the terminal (:func:`cell_len`: a wide character takes
    two): the widest text column is cut (its cells end in ``~``, never narrower
    than its heading) until the table fits; a number is never cut."""
    widths = [max(cell_len(r[i]) for r in rows) for i in range(len(rows[0]))]
    least = [len(COLUMNS[i]) if i < len(COLUMNS) else 1 for i in range(len(widths))]
    gaps = 2 * TEXT_COLUMNS + (len(widths) - TEXT_COLUMNS - 1)
    while sum(widths) + gaps > width:
        widest = max(range(TEXT_COLUMNS), key=lambda i: widths[i] - least[i])
        if widths[widest] <= least[widest]:
            break
        widths[widest] -= 1
    out = []
    for r in rows:
        cells = [_pad(_cut(c, w), w) for c, w in zip(r[:TEXT_COLUMNS], widths, strict=False)]
        numbers = [c.rjust(w) for c, w in zip(r[TEXT_COLUMNS:], widths[TEXT_COLUMNS:], strict=True)]
        out.append(("  ".join(cells) + "  " + " ".join(numbers)).rstrip())
    return out


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns: whole, or as much as fits in one
    less and ``~`` (a wide character that would straddle the edge is left out)."""
    return text if cell_len(text) <= width else chop_cells(text, width - 1)[0] + "~"


def _pad(text: str, width: int) -> str:
    """``text`` and the spaces that fill ``width`` columns after it."""
    return text + " " * (width - cell_len(text))
