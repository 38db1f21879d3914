"""Oklahoma Gin: Cardems Gin where the first upcard sets the round's terms.

Built only from the public API of the built-in Gin plugin
(``rummykit.variants.gin``: ``GinOptions``, ``GinRound``, ``make_spec``,
``hand_summary``, ``cardems_rules_text``); nothing of Gin is copied. The three
house rules are two small overrides of ``GinRound``:

* ``knock_limit()``: the first upcard's value (J Q K 10), capped by the
  ``knock_limit`` option; an ace upcard gives 0, which Gin reads as "only gin
  may end the round";
* ``score_multiplier()``: 2 when the first upcard is a spade (Gin scales the
  whole settlement, bonuses included, and says "×2" in the result).

Gin's round computes the legal actions, the settlement, the views (its
``extra["knock_limit"]`` is this round's limit, which Gin's bots read) from
those two methods, so everything else follows.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import Field

from rummykit import HandSummary, View, points, pretty, rank_of, suit_of
from rummykit.variants.gin import GinOptions, GinRound, cardems_rules_text, hand_summary, make_spec

__all__ = ["RULES", "SPEC", "OklahomaOptions", "OklahomaRound", "oklahoma_summary", "terms"]

NAME = "oklahoma"
ACE = 0
SPADES = 3


class OklahomaOptions(GinOptions):
    """Gin's options; ``knock_limit`` becomes a cap on the upcard's value."""

    knock_limit: int = Field(
        10,
        ge=0,
        le=10,
        description="cap on the knock limit the upcard sets (10: no cap, the classic rule)",
    )
    ace_gin_only: bool = Field(True, description="an ace upcard means only gin may end the round")
    spade_doubles: bool = Field(True, description="a spade upcard doubles the round's score")


def terms(upcard: int, options: OklahomaOptions) -> tuple[int, int]:
    """``(knock limit, score multiplier)`` that ``upcard`` sets under ``options``."""
    gin_only = rank_of(upcard) == ACE and options.ace_gin_only
    limit = 0 if gin_only else min(points(upcard), options.knock_limit)
    multiplier = 2 if options.spade_doubles and suit_of(upcard) == SPADES else 1
    return limit, multiplier


class OklahomaRound(GinRound):
    """A Gin round whose knock limit and score factor come from the first upcard."""

    def knock_limit(self) -> int:
        if self.first_upcard is None:  # a test deal with no discard pile
            return super().knock_limit()
        return terms(self.first_upcard, self.options)[0]

    def score_multiplier(self) -> int:
        if self.first_upcard is None:
            return super().score_multiplier()
        return terms(self.first_upcard, self.options)[1]


def oklahoma_summary(view: View, options=None) -> HandSummary:
    """Gin's hand display, plus this round's terms (``knock ≤ 7``, ``gin only``,
    ``score ×2``), which the upcard set and every player may see."""
    summary = hand_summary(view, options)
    upcard = view.extra.get("first_upcard")
    if upcard is None:
        return summary
    limit = view.extra.get("knock_limit", 0)
    said = [f"upcard {pretty(upcard, ascii=True)}", f"knock ≤ {limit}" if limit else "gin only"]
    if getattr(options, "spade_doubles", True) and suit_of(upcard) == SPADES:
        said.append("score ×2")
    return replace(summary, label=f"{summary.label}; {', '.join(said)}")


RULES = """\
Oklahoma Gin: Cardems Gin (below) with three house rules about the first upcard,
the card that starts the discard pile of a round:

1. The knock limit of the round is the value of that card (2-10 face value,
   J Q K 10): knock only with at most that much deadwood after the discard.
2. If it is an ace, only gin may end the round (no knocking).
3. If it is a spade, the round's score is doubled (bonuses included).

Option knock_limit caps the upcard's value (10: no cap); ace_gin_only=false and
spade_doubles=false switch rules 2 and 3 off. `rummy analyze oklahoma` cannot
know the upcard: give it with -o knock_limit=N.

""" + cardems_rules_text()

SPEC = replace(
    make_spec(
        name=NAME,
        title="Oklahoma Gin",
        options_model=OklahomaOptions,
        round_class=OklahomaRound,
        rules_text=RULES,
        description="Gin where the first upcard sets the knock limit; an ace upcard: gin "
        "only; a spade upcard: double score",
    ),
    hand_summary=oklahoma_summary,
)
