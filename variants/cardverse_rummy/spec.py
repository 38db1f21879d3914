"""The CardVerse Rummy :class:`VariantSpec`, the factory a house rule reuses, and
the ``ai:easy`` :class:`AgentSpec`.

A house-rule plugin registers its own variant built on CardVerse::

    from rummykit.variants.cardverse_rummy import CardVerseOptions, CardVerseRound, make_spec

    class HouseRound(CardVerseRound):
        def empty_stock(self, seat):
            return self.restock_from_pile() > 0

    SPEC = make_spec(name="cardverse-house", title="CardVerse, house rules",
                     options_model=HouseOptions, round_class=HouseRound)

Kept out of ``plugin.py``: the plugin module is imported by every ``rummy``
command (``--help`` included), this one only when the variant is used.
Everything in a spec is picklable (no lambdas), so specs cross process
boundaries (``rummy simulate --workers``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from importlib import resources
from typing import Any

from rummykit.core.engine.actions import DRAW_STOCK
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.round import View
from rummykit.core.engine.vocabulary import MoveWords
from rummykit.core.plugins.registry import AgentSpec, VariantSpec
from rummykit.core.plugins.registry import RoundFactory as BaseRoundFactory

from .agents import easy_factory
from .analysis import analyze, hand_summary
from .bots import understands_cardverse
from .options import CardVerseOptions
from .round import ADD, MELD, CardVerseRound


def cardverse_rules_text() -> str:
    """The rules of CardVerse Rummy as shown by ``rummy rules cardverse`` (rules.md)."""
    return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


#: The words of CardVerse's own moves (draw stock, take discard and discard are core's;
#: CardVerse says what drawing from the empty stock does: it ends the round).
MOVES = (
    MoveWords(DRAW_STOCK, empty="end the round: lowest hand value wins"),
    MoveWords(MELD, short="m", does="melds {cards}", did="melded {cards}", usage="m CARDS"),
    MoveWords(
        ADD,
        short="a",
        does="adds {cards} to meld {target}",
        did="added {cards} to meld {target}",
        usage="a CARD N",
    ),
)


class RoundFactory(BaseRoundFactory[CardVerseRound]):
    """``VariantSpec.new_round`` for a :class:`CardVerseRound` (sub)class: deals
    with :meth:`CardVerseRound.deal`, the views naming ``variant``."""

    def __call__(
        self,
        options: CardVerseOptions,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        match: MatchContext | None = None,
    ) -> CardVerseRound:
        return self.round_class.deal(options, n_seats, round_index, rng, variant=self.variant, match=match)


def make_spec(
    name: str = "cardverse",
    title: str = "CardVerse Rummy",
    options_model: type[CardVerseOptions] = CardVerseOptions,
    round_class: type[CardVerseRound] = CardVerseRound,
    *,
    rules_text: str | None = None,
    description: str = "2-4 players; meld sets and runs (ace high), add to any table meld, "
    "empty your hand; the winner scores the others' hand values",
    min_players: int = 2,
    max_players: int = 4,
    aliases: dict[str, str] | None = None,
    moves: tuple[MoveWords, ...] = MOVES,
    table_summary: Callable[[View], str | None] | None = None,
    action_codec: Callable[[VariantSpec[Any], int], Any] | None = None,
) -> VariantSpec[Any]:
    """A :class:`VariantSpec` for CardVerse or a house rule built on it.

    ``options_model`` should subclass :class:`CardVerseOptions` (the round,
    the analysis and the agents read ``target``, ``discard_to_win``,
    ``ace_high`` and ``max_turns``); ``round_class`` should subclass
    :class:`CardVerseRound`. ``rules_text`` defaults to the CardVerse rules.
    ``moves`` (CardVerse's meld and add with their short forms ``m`` and ``a``,
    and what drawing from the empty stock does) and ``aliases`` are the words
    people type and read: a house rule's extra moves add theirs
    (``moves=(*MOVES, MoveWords("open", ...))``). ``table_summary`` is the
    one line about the table the terminal shows, and ``action_codec`` the
    learning environment's action space (both as in VariantSpec).
    """
    if not 2 <= min_players <= max_players <= 4:
        raise ValueError("CardVerse rounds are for 2 to 4 seats")
    if rules_text is None:
        rules_text = cardverse_rules_text()
    return VariantSpec(
        name=name,
        title=title,
        min_players=min_players,
        max_players=max_players,
        options_model=options_model,
        new_round=RoundFactory(round_class, name),
        rules_text=rules_text,
        description=description,
        ace_high=True,
        hand_summary=hand_summary,
        analyze=analyze if name == "cardverse" else functools.partial(analyze, variant=name),
        aliases=dict(aliases or {}),
        moves=moves,
        table_summary=table_summary,
        action_codec=action_codec,
    )


#: CardVerse Rummy as registered by the built-in plugin.
SPEC = make_spec()

EASY = AgentSpec(
    name="ai:easy",
    variant="cardverse",
    strength=10,
    description="lays down every meld and addition at once, discards its highest "
    "unmelded card, takes the discard only to complete a meld",
    factory=easy_factory,
    rollout=True,  # a roll-out policy; core's ai:search takes the stronger ai:hard (bots/__init__.py)
    understands=understands_cardverse,
)
