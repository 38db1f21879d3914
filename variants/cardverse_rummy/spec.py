"""The CardVerse Rummy :class:`VariantSpec` and its ``ai:easy`` :class:`AgentSpec`.

Kept out of ``plugin.py``: the plugin module is imported by every ``rummy``
command (``--help`` included), this one only when the variant is used.
"""

from __future__ import annotations

from importlib import resources

from rummykit.core.actions import DRAW_STOCK
from rummykit.core.registry import AgentSpec, VariantSpec
from rummykit.core.vocabulary import MoveWords

from .agents import easy_factory
from .analysis import analyze, hand_summary
from .bots import understands_cardverse
from .options import CardVerseOptions
from .round import ADD, MELD, new_round


def rules_text() -> str:
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

SPEC = VariantSpec(
    name="cardverse",
    title="CardVerse Rummy",
    min_players=2,
    max_players=4,
    options_model=CardVerseOptions,
    new_round=new_round,
    rules_text=rules_text(),
    description="2-4 players; meld sets and runs (ace high), add to any table meld, "
    "empty your hand; the winner scores the others' hand values",
    ace_high=True,
    hand_summary=hand_summary,
    analyze=analyze,
    moves=MOVES,
)

EASY = AgentSpec(
    name="ai:easy",
    variant="cardverse",
    strength=10,
    description="lays down every meld and addition at once, discards its highest "
    "unmelded card, takes the discard only to complete a meld",
    factory=easy_factory,
    rollout=True,  # the roll-out policy of core's ai:search for CardVerse
    understands=understands_cardverse,
)
