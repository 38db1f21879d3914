"""``rummy analyze VARIANT CARDS...``: the variant explains a hand."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable

import click

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.cards.card import parse_cards, pretty, split_tokens
from rummykit.core.cards.deck import Deck
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
    "--deal",
    type=WholeNumber(1, 100),
    default=None,
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
    deal: int | None,
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
    deck = spec.deck_for(opts, spec.min_players)
    hand = parse_cards(list(cards)) if deck.standard else _deck_cards(deck, cards)
    kwargs: dict[str, object] = {"table": table} if table is not None else {}
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


def _deck_cards(deck: Deck, texts: tuple[str, ...]) -> list[int]:
    """Cards of a deck of several copies and jokers: a card named again is its
    next copy (``7h 7h`` are both 7♥), ``JK`` the next joker; more than the deck
    holds is one line."""
    out: list[int] = []
    used: dict[int, int] = {}
    for tok in (t for text in texts for t in split_tokens(text)):
        base = deck.parse(tok)
        k = used.get(base, 0)
        copies = deck.copies_of(base)
        if k >= len(copies):
            raise CardError(f"the deck holds only {len(copies)} of {tok}")
        used[base] = k + 1
        out.append(copies[k])
    return out
