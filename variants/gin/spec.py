"""The Cardems Gin :class:`VariantSpec`, and the factory a house rule reuses.

A house-rule plugin (Oklahoma Gin, say) registers its own variant built on Gin::

    from rummykit.variants.gin import GinOptions, GinRound, make_spec

    class OklahomaRound(GinRound):
        def knock_limit(self):
            ...

    SPEC = make_spec(name="oklahoma", title="Oklahoma Gin",
                     options_model=OklahomaOptions, round_class=OklahomaRound,
                     rules_text=OKLAHOMA_RULES)

Everything in the spec is picklable (no lambdas), so specs can cross process
boundaries (``rummy simulate --workers``).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

from rummykit.core.base.errors import RummyError
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.round import View
from rummykit.core.engine.vocabulary import MoveWords
from rummykit.core.plugins.registry import RoundFactory as BaseRoundFactory
from rummykit.core.plugins.registry import VariantSpec

from .analysis import analyze, hand_summary
from .options import GinOptions
from .round import GIN, KNOCK, GinRound

__all__ = ["MOVES", "SPEC", "RoundFactory", "cardems_rules_text", "make_spec"]

#: The words of Gin's own moves (draw stock, take discard and discard are core's).
MOVES = (
    MoveWords(
        KNOCK, short="k", does="knocks, discarding {cards}", did="knocked, discarding {cards}", usage="k CARD"
    ),
    MoveWords(
        GIN,
        short="g",
        does="goes gin, discarding {cards}",
        did="went gin, discarding {cards}",
        usage="g CARD",
    ),
)


def cardems_rules_text(replace: Mapping[str, str] | None = None) -> str:
    """The rules of Cardems Gin as shown by ``rummy rules gin`` (rules.md).

    ``replace`` maps a section's heading (a ``## `` line without the ``## ``,
    such as ``"Knocking and gin"``) to the text a house rule puts there
    instead: the heading stays, the section's text is replaced, the other
    sections are as they were. A heading the rules do not have is a
    :class:`RummyError` naming those they have."""
    text = resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")
    if not replace:
        return text
    parts = re.split(r"^## (.*)\n", text, flags=re.MULTILINE)
    # [preamble, heading, body, heading, body, ...]
    headings = parts[1::2]
    unknown = [h for h in replace if h not in headings]
    if unknown:
        raise RummyError(f"no section {unknown[0]!r} in Gin's rules text (sections: {', '.join(headings)})")
    out = [parts[0]]
    for heading, body in zip(headings, parts[2::2], strict=True):
        if heading in replace:
            body = "\n" + replace[heading].strip("\n") + "\n\n"
        out.append(f"## {heading}\n{body}")
    return "".join(out).rstrip("\n") + "\n"


class RoundFactory(BaseRoundFactory[GinRound]):
    """``VariantSpec.new_round`` for a :class:`GinRound` (sub)class: deals
    with :meth:`GinRound.deal`, the views naming ``variant``."""

    def __call__(
        self,
        options: GinOptions,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        match: MatchContext | None = None,
    ) -> GinRound:
        return self.round_class.deal(options, n_seats, round_index, rng, variant=self.variant, match=match)


def make_spec(
    name: str = "gin",
    title: str = "Cardems Gin",
    options_model: type[GinOptions] = GinOptions,
    round_class: type[GinRound] = GinRound,
    *,
    rules_text: str | None = None,
    description: str = "2 players; draw, discard, knock with 10 or less deadwood or go gin; "
    "layoffs, undercuts, first to 100",
    min_players: int = 2,
    max_players: int = 2,
    aliases: dict[str, str] | None = None,
    moves: tuple[MoveWords, ...] = MOVES,
    table_summary: Callable[[View], str | None] | None = None,
    action_codec: Callable[[VariantSpec[Any], int], Any] | None = None,
) -> VariantSpec[Any]:
    """A :class:`VariantSpec` for Gin or a house rule built on it.

    ``options_model`` should subclass :class:`GinOptions` (the round, the analysis
    and the agents read ``knock_limit``, ``gin_bonus``, ``undercut_bonus``,
    ``target`` and ``first_turn``); ``round_class`` should subclass
    :class:`GinRound`. ``rules_text`` defaults to the Cardems rules. ``moves``
    (Gin's knock and gin, with their short forms ``k`` and ``g``) and
    ``aliases`` (more short forms) are the words people type and read.
    ``table_summary`` (a line about the table) and ``action_codec`` (the
    learning environment's action space) are as in VariantSpec. The
    arguments are those of CardVerse's ``make_spec``; Gin is for 2 players,
    so ``min_players`` and ``max_players`` may only be 2.
    """
    if not min_players == max_players == 2:
        raise ValueError("Gin rounds are for 2 seats")
    if rules_text is None:
        rules_text = cardems_rules_text()
    return VariantSpec(
        name=name,
        title=title,
        min_players=min_players,
        max_players=max_players,
        options_model=options_model,
        new_round=RoundFactory(round_class, name),
        rules_text=rules_text,
        description=description,
        ace_high=False,
        hand_summary=hand_summary,
        analyze=functools.partial(analyze, variant=name),
        aliases=dict(aliases or {}),
        moves=moves,
        table_summary=table_summary,
        action_codec=action_codec,
    )


def stock_note(view: View) -> str | None:
    """Cardems Gin's line about the table (``table_summary``) while the stock is
    nearly out (2 cards or fewer): once it is empty, a discard that is neither a
    knock nor gin ends the round as a draw worth 0 points."""
    n = view.stock_size
    if n > 2:
        return None
    when = "now" if n == 0 else "once it is empty"
    return f"Stock {n}: {when}, a discard without a knock or gin ends the round as a draw (0 points)"


#: The Cardems Gin variant as registered by the built-in plugin.
SPEC = make_spec(table_summary=stock_note)
