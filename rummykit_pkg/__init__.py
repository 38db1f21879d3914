"""rummykit: a rummy platform where every ruleset is a plugin.

``from rummykit import ...`` is a plugin author's one import: the hook marker,
the engine contract, the typed specs a plugin registers, the agent base class
and core's generic search agent, the match rule, the errors, the card and meld
helpers, what a variant with a deal of its own needs to be resampled (the
information state, dealing and restocks), and the plugin manager a plugin's
tests build (docs/plugins.md).
The module paths under ``rummykit.core`` are the house's own and may move.

The names are imported on first use (PEP 562), so ``import rummykit`` stays as
cheap as ``rummy --help`` needs.

This folder (``rummykit_pkg/``) is installed as ``rummykit``; imported under its
folder name it would be a second copy, so that fails.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if __name__ != "rummykit":
    raise ImportError(f"'{__name__}' is not a package: import rummykit instead")

from rummykit.core.base.lazy import lazy_exports
from rummykit.core.plugins.hookspecs import hookimpl

if TYPE_CHECKING:
    from rummykit.core.base.errors import (
        AgentError,
        CardError,
        CodecError,
        IllegalAction,
        OptionError,
        PluginError,
        ResampleError,
        RummyError,
        VariantError,
    )
    from rummykit.core.bots.agents import Agent, BaseAgent, RandomAgent, agent_seed
    from rummykit.core.bots.search import SearchAgent
    from rummykit.core.bots.seen import read_seen
    from rummykit.core.cards.card import (
        DECK_SIZE,
        code,
        codes,
        from_mask,
        parse_card,
        parse_cards,
        points,
        pretty,
        rank_of,
        sorted_cards,
        suit_of,
        to_mask,
    )
    from rummykit.core.cards.deck import JOKER, STANDARD_DECK, Deck
    from rummykit.core.cards.melds import all_melds, can_add, in_rank_order, is_meld, mask_in_rank_order
    from rummykit.core.cards.solver import get_solver
    from rummykit.core.cards.wild import (
        JOKERS_WILD,
        NO_WILDS,
        CardPoints,
        MeldRules,
        MeldShape,
        Needs,
        Wilds,
        is_wild_meld,
        meld_shapes,
    )
    from rummykit.core.cards.wildsolver import Meld, Solution, WildSolver, deadwood_any, get_wild_solver
    from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
    from rummykit.core.engine.context import MatchContext
    from rummykit.core.engine.names import render_text
    from rummykit.core.engine.options import build_options
    from rummykit.core.engine.resample import InfoState, deal_round, record_deal
    from rummykit.core.engine.restock import Restock, restock_information, round_seed
    from rummykit.core.engine.round import Event, HandReport, Round, RoundResult, TableMeld, View, card_ref
    from rummykit.core.engine.vocabulary import MoveWords
    from rummykit.core.play.match import Column, Match, MatchRule
    from rummykit.core.plugins.manager import Plugins, get_plugins
    from rummykit.core.plugins.registry import AgentSpec, HandSummary, Understands, VariantSpec

_EXPORTS = {
    **dict.fromkeys(
        (
            "AgentError",
            "CardError",
            "CodecError",
            "IllegalAction",
            "OptionError",
            "PluginError",
            "ResampleError",
            "RummyError",
            "VariantError",
        ),
        "rummykit.core.base.errors",
    ),
    **dict.fromkeys(("Agent", "BaseAgent", "RandomAgent", "agent_seed"), "rummykit.core.bots.agents"),
    "SearchAgent": "rummykit.core.bots.search",
    "read_seen": "rummykit.core.bots.seen",
    **dict.fromkeys(
        (
            "DECK_SIZE",
            "code",
            "codes",
            "from_mask",
            "parse_card",
            "parse_cards",
            "points",
            "pretty",
            "rank_of",
            "sorted_cards",
            "suit_of",
            "to_mask",
        ),
        "rummykit.core.cards.card",
    ),
    **dict.fromkeys(
        ("all_melds", "can_add", "in_rank_order", "is_meld", "mask_in_rank_order"),
        "rummykit.core.cards.melds",
    ),
    "get_solver": "rummykit.core.cards.solver",
    **dict.fromkeys(("JOKER", "STANDARD_DECK", "Deck"), "rummykit.core.cards.deck"),
    **dict.fromkeys(
        (
            "JOKERS_WILD",
            "NO_WILDS",
            "CardPoints",
            "MeldRules",
            "MeldShape",
            "Needs",
            "Wilds",
            "is_wild_meld",
            "meld_shapes",
        ),
        "rummykit.core.cards.wild",
    ),
    **dict.fromkeys(
        ("Meld", "Solution", "WildSolver", "deadwood_any", "get_wild_solver"),
        "rummykit.core.cards.wildsolver",
    ),
    **dict.fromkeys(("DRAW_STOCK", "TAKE_DISCARD", "Action"), "rummykit.core.engine.actions"),
    "render_text": "rummykit.core.engine.names",
    "build_options": "rummykit.core.engine.options",
    **dict.fromkeys(("InfoState", "deal_round", "record_deal"), "rummykit.core.engine.resample"),
    **dict.fromkeys(("Restock", "restock_information", "round_seed"), "rummykit.core.engine.restock"),
    **dict.fromkeys(
        ("Event", "HandReport", "Round", "RoundResult", "TableMeld", "View", "card_ref"),
        "rummykit.core.engine.round",
    ),
    "MoveWords": "rummykit.core.engine.vocabulary",
    "MatchContext": "rummykit.core.engine.context",
    **dict.fromkeys(("Column", "Match", "MatchRule"), "rummykit.core.play.match"),
    **dict.fromkeys(("Plugins", "get_plugins"), "rummykit.core.plugins.manager"),
    **dict.fromkeys(
        ("AgentSpec", "HandSummary", "Understands", "VariantSpec"), "rummykit.core.plugins.registry"
    ),
}

__all__ = [
    "DECK_SIZE",
    "DRAW_STOCK",
    "JOKER",
    "JOKERS_WILD",
    "NO_WILDS",
    "STANDARD_DECK",
    "TAKE_DISCARD",
    "Action",
    "Agent",
    "AgentError",
    "AgentSpec",
    "BaseAgent",
    "CardError",
    "CardPoints",
    "CodecError",
    "Column",
    "Deck",
    "Event",
    "HandReport",
    "HandSummary",
    "IllegalAction",
    "InfoState",
    "Match",
    "MatchContext",
    "MatchRule",
    "Meld",
    "MeldRules",
    "MeldShape",
    "MoveWords",
    "Needs",
    "OptionError",
    "PluginError",
    "Plugins",
    "RandomAgent",
    "ResampleError",
    "Restock",
    "Round",
    "RoundResult",
    "RummyError",
    "SearchAgent",
    "Solution",
    "TableMeld",
    "Understands",
    "VariantError",
    "VariantSpec",
    "View",
    "WildSolver",
    "Wilds",
    "__version__",
    "agent_seed",
    "all_melds",
    "build_options",
    "can_add",
    "card_ref",
    "code",
    "codes",
    "deadwood_any",
    "deal_round",
    "from_mask",
    "get_plugins",
    "get_solver",
    "get_wild_solver",
    "hookimpl",
    "in_rank_order",
    "is_meld",
    "is_wild_meld",
    "mask_in_rank_order",
    "meld_shapes",
    "parse_card",
    "parse_cards",
    "points",
    "pretty",
    "rank_of",
    "read_seen",
    "record_deal",
    "render_text",
    "restock_information",
    "round_seed",
    "sorted_cards",
    "suit_of",
    "to_mask",
]
__version__ = "0.1.0"
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
