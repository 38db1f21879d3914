"""The classic Gin family's :class:`VariantSpec` objects (docs/rules.md §4).

Each is Gin's spec (``rummykit.variants.gin.make_spec``) with the form's round
class, options, rules text, the word ``pass`` and the form's match rule.
Everything here is picklable (module-level functions, no lambdas), so the
specs cross process boundaries (``rummy simulate --workers``).
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from typing import Any

from rummykit import MatchRule, MoveWords, View
from rummykit.variants.gin import MOVES as GIN_MOVES
from rummykit.variants.gin import make_spec

from .codec import family_codec
from .options import ClassicOptions, OklahomaOptions
from .round import PASS, STOCK_END, ClassicRound, OklahomaRound
from .rules import ClassicRule, HollywoodRule

__all__ = [
    "CLASSIC",
    "HOLLYWOOD",
    "MOVES",
    "OKLAHOMA",
    "SPECS",
    "classic_rule",
    "hollywood_rule",
    "rules_text",
    "stock_note",
]

#: The words of the family's moves: Gin's knock and gin, and ``pass``.
MOVES = (
    *GIN_MOVES,
    MoveWords(
        PASS,
        short="p",
        does="passes on the upcard",
        did="passed on the upcard",
        usage="p",
        help="at the start of a hand: decline the upcard (take it with 'take discard')",
    ),
)


def rules_text(*names: str) -> str:
    """The rules texts ``NAME.md`` of this package, one after the other."""
    folder = resources.files(__package__)
    return "\n".join(folder.joinpath(f"{n}.md").read_text(encoding="utf-8") for n in names)


def classic_rule(options: ClassicOptions) -> MatchRule:
    """The match rule of classic and Oklahoma Gin under ``options``."""
    return ClassicRule.from_options(options)


def hollywood_rule(options: ClassicOptions) -> MatchRule:
    """Hollywood Gin's match rule under ``options``."""
    return HollywoodRule(
        options.target,
        game_bonus=options.game_bonus,
        box_bonus=options.box_bonus,
        shutout_doubles=options.shutout_doubles,
        next_dealer=options.next_dealer,
    )


def stock_note(view: View) -> str | None:
    """The line about the table: the upcard offer while it lasts, and the
    stock when it nears its end."""
    offer = view.extra.get("upcard_offer")
    if offer in ("non-dealer", "dealer"):
        return f"Upcard offer: the {offer} may take the upcard or pass"
    n = view.stock_size
    if n <= STOCK_END + 2:
        return (
            f"Stock {n}: a discard that leaves {STOCK_END} cards in the stock without a knock "
            "or gin ends the hand with no score"
        )
    return None


def _form(
    name: str,
    title: str,
    options_model: type[ClassicOptions],
    round_class: type[ClassicRound],
    rules: str,
    description: str,
    match_rule: Any,
) -> Any:
    spec = make_spec(
        name=name,
        title=title,
        options_model=options_model,
        round_class=round_class,
        rules_text=rules,
        description=description,
        moves=MOVES,
        table_summary=stock_note,
        action_codec=family_codec,
    )
    return replace(spec, match_rule=match_rule)


CLASSIC = _form(
    "classic-gin",
    "Classic Gin",
    ClassicOptions,
    ClassicRound,
    rules_text("classic"),
    "2 players; the Gin most people play: dealer by lot, upcard offer, knock with 10, "
    "undercut and gin 25, first to 100, game and box bonuses",
    classic_rule,
)
OKLAHOMA = _form(
    "oklahoma-gin",
    "Oklahoma Gin",
    OklahomaOptions,
    OklahomaRound,
    rules_text("oklahoma", "classic"),
    "2 players; classic Gin where the first upcard sets the knock limit; ace: gin only; "
    "spade: the hand's score doubled",
    classic_rule,
)
HOLLYWOOD = _form(
    "hollywood-gin",
    "Hollywood Gin",
    ClassicOptions,
    ClassicRound,
    rules_text("hollywood", "classic"),
    "2 players; classic Gin hands scored in three games at once; more games won wins",
    hollywood_rule,
)

#: The two-seat forms (the plugin registers the forms named in plugin.FORMS).
SPECS = [CLASSIC, OKLAHOMA, HOLLYWOOD]
