"""The CardVerse Rummy plugin: registers the variant ``cardverse`` and its bots.

Declared as the entry point ``cardverse`` of the group ``rummykit`` in
pyproject.toml, so it loads exactly like a third-party plugin.
"""

from __future__ import annotations

from importlib import resources

from rummykit.core.hookspecs import hookimpl
from rummykit.core.registry import AgentSpec, VariantSpec

from .agents import easy_factory
from .analysis import analyze, hand_summary
from .options import CardVerseOptions
from .round import new_round


def rules_text() -> str:
    return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


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
)

EASY = AgentSpec(
    name="ai:easy",
    variant="cardverse",
    strength=10,
    description="lays down every meld and addition at once, discards its highest "
    "unmelded card, takes the discard only to complete a meld",
    factory=easy_factory,
)


@hookimpl
def register_variants(register):
    register(SPEC)


@hookimpl
def register_agents(register):
    register(EASY)
