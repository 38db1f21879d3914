"""``rummy analyze VARIANT CARDS...``: the variant explains a hand."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable

import click

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.cards.card import parse_cards, pretty, split_tokens
from rummykit.core.engine.names import render_cards

from . import completion
from .common import given_once, registry
from .options import WholeNumber, option_option, options_for


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
@click.option(
    "--wild",
    metavar="RANK",
    multiple=True,
    callback=given_once,
    help="The wild rank of the deal, e.g. 7 or Q (variants with wild cards: indian).",
)
@click.option(
    "--deal",
    type=WholeNumber(1, 100),
    multiple=True,
    callback=given_once,
    metavar="N",
    help="Which deal of the match (variants whose deals differ, e.g. Contract Rummy's contracts).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--ascii", "ascii_", is_flag=True, help="Suits as letters.")
def analyze(
    variant: str,
    cards: tuple[str, ...],
    options: tuple[str, ...],
    table: str | None,
    wild: str | None,
    deal: int | None,
    as_json: bool,
    ascii_: bool,
) -> None:
    """Analyse a hand of VARIANT: the best melds, what is left, the best discard.

    Cards are like AS 10H TD 7♠, separated by spaces or commas; with a deck
    of several copies a card given twice is both copies, and JK is a printed
    joker.
    """
    spec = registry().variant(variant)
    if spec.analyze is None:
        raise RummyError(f"variant {spec.name} offers no analysis")
    opts = options_for(spec, options)
    deck = spec.deck_for(opts, spec.min_players)
    if deck.standard:
        hand = parse_cards(list(cards))
        deck.check_typed(split_tokens(" ".join(cards)), hand)  # "#60": none such
    else:
        try:
            hand = deck.resolve_all(list(cards), deck.full_mask)
        except CardError as e:
            raise CardError(str(e).replace("you hold only", "the deck holds only")) from None
    kwargs: dict[str, object] = {}
    if table is not None:
        if not _takes(spec.analyze, "table"):
            raise RummyError(f"variant {spec.name} has no table to add to: --table does not apply")
        kwargs["table"] = table
    if wild is not None:
        if not _takes(spec.analyze, "wild"):
            raise RummyError(f"variant {spec.name} has no wild rank: --wild does not apply")
        kwargs["wild"] = wild
    if deal is not None:
        if not _takes(spec.analyze, "deal"):
            raise RummyError(f"variant {spec.name}: its deals do not differ; leave out --deal")
        kwargs["deal"] = deal
    result = spec.analyze(hand, opts, **kwargs)
    if as_json:
        click.echo(json.dumps(result.data))
        return
    show = (lambda c: pretty(c, ascii_)) if deck.standard else (lambda c: deck.pretty(c, ascii_))
    for line in result.text:
        click.echo(render_cards(line, show))


def _takes(func: Callable[..., object], name: str) -> bool:
    """Whether ``func`` takes the keyword argument ``name`` (or any keyword)."""
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == name or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)
