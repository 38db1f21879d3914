"""The Contract Rummy :class:`VariantSpec` and its match rule.

Kept out of ``plugin.py``: the plugin module is imported by every ``rummy``
command, this one only when the variant is used. Everything here is picklable
(module-level functions), for ``rummy simulate --workers``.
"""

from __future__ import annotations

import random
from importlib import resources

from rummykit.core.cards.deck import Deck
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.round import View
from rummykit.core.engine.vocabulary import MoveWords
from rummykit.core.play.match import MatchRule
from rummykit.core.plugins.registry import HandSummary, VariantSpec

from .analysis import analyze
from .codec import contract_codec
from .options import ContractOptions
from .round import ADD, BUY, DOWN, PASS, ContractRound, contract_deck


def rules_text() -> str:
    return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


def new_round(
    options: ContractOptions,
    n_seats: int,
    round_index: int,
    rng: random.Random,
    match: MatchContext | None = None,
) -> ContractRound:
    """A deal of the match: its contract from ``round_index``, dealt to the seats in play."""
    return ContractRound.deal_round(options, n_seats, round_index, rng, match=match)


def deck(options: ContractOptions, n_seats: int) -> Deck:
    """Two decks and 4 jokers for 3 to 5 players; three decks and 6 jokers for 6 to 8."""
    return contract_deck(n_seats)


def match_rule(options: ContractOptions) -> MatchRule:
    """Seven deals (``options.deals``), the lowest total wins."""
    return MatchRule.deals(options.deals, lowest_wins=True)


def hand_summary(view: View, options: ContractOptions) -> HandSummary:
    """The hand as dealt out for display: by suit then rank, copies together,
    jokers last; the label names the deal's contract and whether the seat is down."""
    deal = view.extra.get("deal", 1)
    down = view.extra.get("down_counts", ())
    is_down = bool(down[view.seat]) if len(down) > view.seat else False
    label = f"deal {deal}: {view.extra.get('contract', '')}" + ("; you are down" if is_down else "")
    return HandSummary(melds=(), loose=tuple(view.hand), label=label)


MOVES = (
    MoveWords(
        DOWN,
        short="dn",
        does="goes down with {cards}",
        did="went down with {cards}",
        usage="dn CARDS",
        help="lay the whole contract at once (each set 3 cards, each run 4)",
    ),
    MoveWords(
        ADD,
        short="a",
        does="adds {cards} to meld {target}",
        did="added {cards} to meld {target}",
        usage="a CARD N",
        help="add a card to a meld on the table (once down); the meld may be left out when only one takes it",
    ),
    MoveWords(
        BUY,
        short="b",
        does="buys the discard",
        did="bought the discard",
        help="buy the discard, with a penalty card from the stock",
    ),
    MoveWords(PASS, short="n", does="passes", did="passed", help="do not buy the discard"),
)

SPEC = VariantSpec(
    name="contract",
    title="Contract Rummy",
    min_players=3,
    max_players=8,
    options_model=ContractOptions,
    new_round=new_round,
    rules_text=rules_text(),
    description="3-8 players, two or three decks with jokers; seven deals, each with its "
    "contract; buying out of turn; lowest penalty total wins",
    match_rule=match_rule,
    deck=deck,
    action_codec=contract_codec,
    hand_summary=hand_summary,
    analyze=analyze,
    moves=MOVES,
)

__all__ = ["MOVES", "SPEC", "match_rule", "new_round"]
