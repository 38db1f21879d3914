"""The Indian Rummy :class:`VariantSpec` (kept out of ``plugin.py``, which
every ``rummy`` command imports)."""

from __future__ import annotations

from importlib import resources

from rummykit.core.engine.round import View
from rummykit.core.engine.vocabulary import MoveWords
from rummykit.core.plugins.registry import VariantSpec

from .analysis import analyze, hand_summary
from .cards import RANK_PLURALS
from .codec import indian_codec
from .match import match_rule
from .options import IndianOptions
from .round import DECLARE, DROP, INDIAN_DECK, new_round, shown

NAME = "indian"


def rules_text() -> str:
    """The rules as ``rummy rules indian`` shows them (rules.md)."""
    return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


def table_summary(view: View) -> str | None:
    """The cut card and the wild rank, the seats that dropped, the restocks."""
    cut, wild = view.extra.get("cut"), view.extra.get("wild")
    if not isinstance(cut, int) or not isinstance(wild, int):
        return None
    parts = [f"cut card {shown(cut)}: {RANK_PLURALS[wild]} are wild"]
    dropped = [s for s, gone in enumerate(view.extra.get("dropped") or ()) if gone]
    if dropped:
        parts.append("dropped: " + ", ".join(f"{{{s}}}" for s in dropped))
    if view.extra.get("restocks"):
        parts.append("stock rebuilt from the pile")
    return "; ".join(parts)


MOVES = (
    MoveWords(
        DROP,
        does="drops out of the deal",
        did="dropped out of the deal",
        usage="drop",
        help="leave the deal instead of drawing: 20 points before your first draw, 40 after",
    ),
    MoveWords(
        DECLARE,
        short="show",
        does="declares, laying {cards} face down",
        did="declared, laying {cards} face down",
        usage="declare CARD",
        help="lay CARD face down and meld the other 13: two sequences, one pure, every card melded",
    ),
)

SPEC = VariantSpec(
    name=NAME,
    title="Indian Rummy",
    min_players=2,
    max_players=6,
    options_model=IndianOptions,
    new_round=new_round,
    rules_text=rules_text(),
    description="2-6 players, 13 cards, two decks and jokers; declare with two sequences, one pure; "
    "points, pool or deals",
    match_rule=match_rule,
    ace_high=True,
    hand_summary=hand_summary,
    analyze=analyze,
    moves=MOVES,
    table_summary=table_summary,
    deck=INDIAN_DECK,
    action_codec=indian_codec,
)
