"""``rummy stats [VARIANT] [--json]``: how the people here did, per variant and
opponent (from :mod:`rummykit.core.play.stats`)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click

from rummykit.core.base.errors import RummyError
from rummykit.core.engine.names import clean_text
from rummykit.core.play.stats import StatsError, summary

from . import completion
from .common import registry

COLUMNS = (
    "Variant",
    "Opponent",
    "Played",
    "Won",
    "Lost",
    "Pts for",
    "Pts against",
    "Best rd",
    "Worst rd",
    "Streak",
)


def streak_text(n: int) -> str:
    return f"{n} won" if n > 0 else (f"{-n} lost" if n < 0 else "-")


def signed(n: int | None) -> str:
    return "-" if n is None else f"{n:+d}"


@click.command()
@click.argument("variant", required=False, shell_complete=completion.variants)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per variant and opponent, in a list.")
def stats(variant: str | None, as_json: bool) -> None:
    """How finished games with a person in them went, per variant and opponent:
    games played, won and lost, match points for and against, the best and
    worst round (points for less points against) and the current streak.
    Kept in stats.sqlite3 in the user data folder."""
    try:
        lines = summary(variant)
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
            clean_text(line.variant),
            clean_text(line.opponent),
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
    click.echo("Pts: match points. Best rd, Worst rd: a round's points for less its points against.")


def columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """``rows`` in aligned columns, the first two to the left, the rest to the right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        out.append("  ".join(cells).rstrip())
    return out
