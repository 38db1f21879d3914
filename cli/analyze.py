"""``rummy analyze VARIANT CARDS...``: the variant explains a hand."""

from __future__ import annotations

import json

import click

from rummykit.core.base.errors import RummyError
from rummykit.core.cards.card import parse_cards, pretty
from rummykit.core.engine.names import render_cards

from . import completion
from .common import given_once, registry
from .options import option_option, options_for


@click.command()
@click.argument("variant", shell_complete=completion.variants)
@click.argument("cards", nargs=-1, required=True)
@option_option
@click.option(
    "--table",
    multiple=True,
    callback=given_once,
    metavar="MELDS",
    help='Melds on the table, e.g. "QH KH AH; 7C 7D 7S" (variants with a shared table).',
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--ascii", "ascii_", is_flag=True, help="Suits as letters.")
def analyze(
    variant: str,
    cards: tuple[str, ...],
    options: tuple[str, ...],
    table: str | None,
    as_json: bool,
    ascii_: bool,
) -> None:
    """Analyse a hand of VARIANT: the best melds, what is left, the best discard.

    Cards are like AS 10H TD 7♠, separated by spaces or commas.
    """
    spec = registry().variant(variant)
    if spec.analyze is None:
        raise RummyError(f"variant {spec.name} offers no analysis")
    opts = options_for(spec, options)
    hand = parse_cards(list(cards))
    kwargs = {"table": table} if table is not None else {}
    result = spec.analyze(hand, opts, **kwargs)
    if as_json:
        click.echo(json.dumps(result.data))
        return
    for line in result.text:
        click.echo(render_cards(line, lambda c: pretty(c, ascii_)))
