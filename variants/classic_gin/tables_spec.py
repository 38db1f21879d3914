"""The :class:`VariantSpec` objects of Gin for three (``gin-3``) and
partnership Gin (``gin-partners``), their options and match rules
(docs/rules.md §4). Everything here is picklable (module-level functions and
classes), so the specs cross process boundaries (``rummy simulate --workers``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import Field

from rummykit import HandSummary, MatchRule, VariantSpec, View
from rummykit.variants.gin import analyze, hand_summary

from .codec import family_codec
from .options import ClassicOptions
from .spec import MOVES, rules_text, stock_note
from .tables import Gin3Round, PartnersRound
from .tables_match import Gin3Rule, PartnersRule

__all__ = [
    "GIN3",
    "PARTNERS",
    "TABLE_SPECS",
    "Gin3Options",
    "PartnersOptions",
    "gin3_rule",
    "partners_rule",
    "register_tables",
]


class Gin3Options(ClassicOptions):
    """Gin for three: classic Gin's options; the loser always deals."""

    target: int = Field(
        100, ge=1, le=1_000_000, description="a match ends when a player's total reaches this"
    )
    next_dealer: Literal["loser"] = Field(
        "loser",
        description="fixed in Gin for three: the loser of a hand deals the next and sits it out",
    )
    shutout_doubles: bool = Field(
        True,
        description="when neither other player won a hand, the winner's game and box bonuses are doubled",
    )


class PartnersOptions(ClassicOptions):
    """Partnership Gin: classic Gin's options, team target 125; the deal
    passes to the left."""

    target: int = Field(125, ge=1, le=1_000_000, description="a match ends when a team total reaches this")
    next_dealer: Literal["left"] = Field(  # type: ignore[assignment]
        "left",
        description="fixed in partnership Gin: the deal passes to the left",
    )
    game_bonus: int = Field(100, ge=0, le=10_000, description="end of match: bonus to the winning team")
    box_bonus: int = Field(
        25, ge=0, le=1000, description="end of match: bonus to each team for each hand it scored"
    )
    shutout_doubles: bool = Field(
        True,
        description="when the other team scored no hand, the winning team's game and box bonuses are doubled",
    )


def form_text(name: str, replace: Mapping[str, str]) -> str:
    """The form's own text (``NAME.md``), then classic Gin's with the
    sections named in ``replace`` (by heading) told as the form plays them."""
    classic = rules_text("classic")
    parts = re.split(r"^## (.*)\n", classic, flags=re.MULTILINE)
    out = [parts[0]]
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        if heading in replace:
            body = "\n" + replace[heading].strip("\n") + "\n\n"
        out.append(f"## {heading}\n{body}")
    return rules_text(name) + "\n" + "".join(out).rstrip("\n") + "\n"


GIN3_TEXT = form_text(
    "gin3",
    {
        "The dealer": "As above: the dealer sits out and the loser deals (`next_dealer` is `loser` only).",
        "The match": "As above: each player's own total to 100 (`target`), then the bonuses.",
    },
)
PARTNERS_TEXT = form_text(
    "partners",
    {
        "The dealer": "As above: the deal passes to the left (`next_dealer` is `left` only).",
        "The match": "As above: team totals to 125 (`target`), then the team bonuses.",
    },
)


def gin3_rule(options: Gin3Options) -> MatchRule:
    """Gin for three's match rule under ``options``."""
    return Gin3Rule.from_options(options)


def partners_rule(options: PartnersOptions) -> MatchRule:
    """Partnership Gin's match rule under ``options``."""
    return PartnersRule.from_options(options)


def table_hand_summary(view: View, options: Any = None) -> HandSummary:
    """Gin's hand display; for a seat sitting the hand out, no cards."""
    if not view.hand:
        return HandSummary(melds=(), loose=(), label="no cards: sitting this hand out")
    return hand_summary(view, options)


def gin3_note(view: View) -> str | None:
    """The line about the table: who sits out, the upcard offer while it
    lasts (its first word to the player on the dealer's left), the stock near
    its end."""
    offer = view.extra.get("upcard_offer")
    if offer in ("non-dealer", "dealer"):
        who = "first" if offer == "non-dealer" else "second"
        return f"Upcard offer: the {who} player may take the upcard or pass"
    line = stock_note(view)
    if line is None and view.extra.get("sitting_out") == view.seat:
        return "You dealt: you sit this hand out"
    return line


def partners_note(view: View) -> str | None:
    """The line about the table: the other game's state, then the form's."""
    other = view.extra.get("other_game")
    mine = stock_note(view)
    if not isinstance(other, Mapping):
        return mine
    if other.get("over"):
        state = f"over ({other.get('outcome')}, {other.get('points')} points)"
    else:
        state = f"stock {other.get('stock_size')}"
    line = f"Other game: {state}"
    return f"{mine}; {line}" if mine else line


def _spec(
    name: str,
    title: str,
    players: int,
    options_model: type[ClassicOptions],
    new_round: Callable[..., Any],
    rules: str,
    description: str,
    match_rule: Callable[[Any], MatchRule],
    table_summary: Callable[[View], str | None],
) -> VariantSpec[Any]:
    return VariantSpec(
        name=name,
        title=title,
        min_players=players,
        max_players=players,
        options_model=options_model,
        new_round=new_round,
        rules_text=rules,
        description=description,
        match_rule=match_rule,
        hand_summary=table_hand_summary,
        analyze=functools.partial(analyze, variant=name),
        moves=MOVES,
        table_summary=table_summary,
        action_codec=family_codec,
    )


GIN3 = _spec(
    "gin-3",
    "Gin for three",
    3,
    Gin3Options,
    Gin3Round.deal,
    GIN3_TEXT,
    "3 players; classic Gin two at a time: the dealer sits out, the loser deals; first to 100, then bonuses",
    gin3_rule,
    gin3_note,
)
PARTNERS = _spec(
    "gin-partners",
    "Partnership Gin",
    4,
    PartnersOptions,
    PartnersRound.deal,
    PARTNERS_TEXT,
    "4 players in two teams; two games of classic Gin at once each hand, "
    "sums or differences to the teams; first team to 125",
    partners_rule,
    partners_note,
)

#: The two forms, in the order the plugin registers them.
TABLE_SPECS = [GIN3, PARTNERS]


def register_tables(register: Callable[[VariantSpec[Any]], None]) -> None:
    """Register ``gin-3`` and ``gin-partners``."""
    for spec in TABLE_SPECS:
        register(spec)
