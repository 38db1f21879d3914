"""``rummy gin score``: the result of a knock, from the two hands.

::

    rummy gin score --knocker "AS 2S 3S 7C 7D 7H 9D TD KC 4H" \\
                    --defender "..." [--option KEY=VALUE]... [--json]

Each hand is 10 cards (the knocker's after the knock discard), separated by spaces
or commas inside one quoted value. ``--json`` prints one object (see
:meth:`rummykit.variants.gin.scoring.Settlement.to_json`)::

    {"outcome": "knock"|"gin"|"undercut", "winner": "knocker"|"defender",
     "points": N,
     "knocker": {"melds": [...], "deadwood": [...], "deadwood_points": N},
     "defender": {"melds": [...], "layoffs": [{"card": "9H", "onto": ["6H","7H","8H"]}],
                  "deadwood": [...], "deadwood_points": N}}

The defender's figures are after layoffs; ``onto`` is the knocker's meld as it
was before any layoff. After gin ``layoffs`` is ``[]``.

Errors (a bad card, a wrong count, a card in both hands, a knocker over the knock
limit, a bad option) are :class:`RummyError`; the command turns them into one
line ``rummy: ...`` on stderr and exit status 2, also when the group is used
outside the ``rummy`` program.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any

import click

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.cards.card import parse_cards, pretty
from rummykit.core.engine.options import build_options, parse_pairs

from .options import GinOptions
from .scoring import Settlement, settle

__all__ = ["UserError", "add_commands", "add_score_command", "score_hands", "settlement_lines"]


class UserError(click.ClickException):
    """A :class:`RummyError` shown as ``rummy: <message>``, exit status 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"rummy: {self.message}", err=True, file=file)


def user_errors(f: Callable) -> Callable:
    """Turn a RummyError raised by a command into :class:`UserError`."""

    @functools.wraps(f)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return f(*args, **kwargs)
        except RummyError as e:
            raise UserError(str(e)) from e

    return wrapper


def _hand(text: str, who: str) -> list[int]:
    try:
        return parse_cards(text, count=10)
    except CardError as e:
        raise CardError(f"{who}: {e}") from None


def score_hands(
    knocker: str | Sequence[int],
    defender: str | Sequence[int],
    options: GinOptions | None = None,
    *,
    knock_limit: int | None = None,
) -> Settlement:
    """Settle a knock from card text (or card lists): 10 cards each."""
    k = _hand(knocker, "knocker") if isinstance(knocker, str) else list(knocker)
    d = _hand(defender, "defender") if isinstance(defender, str) else list(defender)
    for who, cards in (("knocker", k), ("defender", d)):
        if len(cards) != 10:
            raise CardError(f"{who}: expected 10 cards, got {len(cards)}")
    return settle(k, d, options, knock_limit=knock_limit)


def settlement_lines(s: Settlement, fmt: Callable[[int], str] = pretty) -> list[str]:
    """The settlement in words, for a person."""

    def cards(cs: Sequence[int]) -> str:
        return " ".join(fmt(c) for c in cs) if cs else "none"

    def melds(ms: Sequence[Sequence[int]]) -> str:
        return " | ".join(cards(m) for m in ms) if ms else "none"

    who = "the knocker" if s.winner == "knocker" else "the defender"
    lines = [
        f"{s.outcome}: {who} scores {s.points}",
        f"knocker  melds: {melds(s.knocker.melds)}",
        f"         deadwood: {cards(s.knocker.deadwood)} = {s.knocker.deadwood_points}",
        f"defender melds: {melds(s.defender.melds)}",
    ]
    if s.defender.layoffs:
        laid = ", ".join(f"{fmt(c)} onto {cards(onto)}" for c, onto in s.defender.layoffs)
        lines.append(f"         lays off: {laid}")
    elif s.outcome == "gin":
        lines.append("         no layoffs after gin")
    lines.append(f"         deadwood: {cards(s.defender.deadwood)} = {s.defender.deadwood_points}")
    return lines


def add_commands(
    cli: click.Group,
    *,
    name: str = "gin",
    options_model: type[GinOptions] = GinOptions,
    title: str = "Cardems Gin",
) -> click.Group:
    """Add the ``NAME score`` command group to ``cli`` (a house-rule plugin may add
    its own group with its options model)."""

    @cli.group(name=name)
    def group() -> None:
        pass

    group.help = f"Tools for {title}."
    add_score_command(group, name=name, options_model=options_model)
    return group


def fill_gin_group(group: click.Group) -> None:
    """Fill the built-in plugin's lazy ``gin`` group (see ``plugin.py``)."""
    add_score_command(group, name="gin", options_model=GinOptions)


def _given_once(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> str | None:
    """The value of an option declared ``multiple=True`` only to catch it given
    twice (click keeps the last one without a word): that is refused, as the
    ``rummy`` commands refuse it (a variant imports no CLI module)."""
    if len(value) > 1:
        raise click.BadParameter(f"given {len(value)} times: give it once", ctx=ctx, param=param)
    return value[0] if value else None


def add_score_command(
    group: click.Group, *, name: str = "gin", options_model: type[GinOptions] = GinOptions
) -> None:
    """Add the ``score`` command to ``group`` (options validated by ``options_model``)."""

    @group.command("score")
    @click.option(
        "--knocker",
        required=True,
        multiple=True,
        callback=_given_once,
        metavar="CARDS",
        help='The knocker\'s 10 cards after the knock discard, e.g. "AS 2S 3S ...".',
    )
    @click.option(
        "--defender",
        required=True,
        multiple=True,
        callback=_given_once,
        metavar="CARDS",
        help="The defender's 10 cards.",
    )
    @click.option(
        "--option",
        "-o",
        "opts",
        multiple=True,
        metavar="KEY=VALUE",
        help="An option (repeatable), e.g. knock_limit=5.",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
    @click.option("--ascii", "ascii_", is_flag=True, help="Suits as letters.")
    @user_errors
    def score(knocker: str, defender: str, opts: tuple[str, ...], as_json: bool, ascii_: bool) -> None:
        """Score a knock: the outcome, the points, the melds and the layoffs."""
        options = build_options(options_model, parse_pairs(opts), name)
        s = score_hands(knocker, defender, options)
        if as_json:
            click.echo(json.dumps(s.to_json()))
            return
        fmt = (lambda c: pretty(c, ascii=True)) if ascii_ else pretty
        for line in settlement_lines(s, fmt):
            click.echo(line)
