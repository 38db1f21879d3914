"""Straight Gin: Cardems Gin where only gin ends a hand.

Built only from the public API of the built-in Gin plugin
(``rummykit.variants.gin``: ``GinOptions``, ``GinRound``, ``make_spec``,
``hand_summary``, ``cardems_rules_text``) and rummykit's facade; nothing of Gin
is copied. The house rule is one override of ``GinRound``:

* ``knock_limit()`` returns 0, which Gin reads as "only gin may end the round":
  no knock is offered, ``why_illegal`` says why, the views carry the limit
  (``extra["knock_limit"]``) and Gin's bots read it there.

The published option of playing a number of hands rather than for points
(best of seven, say) is a match rule: :class:`BestOf`, a ``MatchRule``
subclass, chosen with ``-o best_of=7``.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import Field

from rummykit import Column, HandSummary, MatchRule, View
from rummykit.variants.gin import GinOptions, GinRound, cardems_rules_text, hand_summary, make_spec

__all__ = ["NAME", "RULES", "SPEC", "BestOf", "StraightGinOptions", "StraightGinRound", "straight_summary"]

NAME = "straight-gin"


class StraightGinOptions(GinOptions):
    """Gin's options; there is no knocking, so ``knock_limit`` is 0 and stays 0."""

    knock_limit: int = Field(0, ge=0, le=0, description="no knocking: only gin ends a hand")
    best_of: int = Field(
        0, ge=0, le=99, description="N hands at most: the first to win more than half wins (0: to target)"
    )


class StraightGinRound(GinRound):
    """A Gin round where only gin ends the hand."""

    def knock_limit(self) -> int:
        return 0  # Gin's "only gin": no knock is offered


class BestOf(MatchRule):
    """Best of ``limit`` hands: the first player to win more than half of them
    wins the match (a hand that ends with no score counts for nobody)."""

    def __init__(self, hands: int) -> None:
        super().__init__("best_of", hands)

    def is_over(self) -> bool:
        return max(self.hands_won) > self.limit // 2

    def winners(self) -> tuple[int, ...]:
        most = max(self.hands_won)
        leaders = [s for s in range(self.n_seats) if self.hands_won[s] == most]
        return (leaders[0],) if len(leaders) == 1 else ()

    def ranking(self) -> tuple[int, ...]:
        return tuple(sorted(range(self.n_seats), key=lambda s: (-self.hands_won[s], -self.totals[s], s)))

    def columns(self) -> tuple[Column, ...]:
        return (Column("Total", tuple(self.totals)), Column("Hands won", tuple(self.hands_won)))

    def describe(self) -> str:
        return f"best of {self.limit} hands: the first to win {self.limit // 2 + 1} wins"

    def short(self) -> str:
        return f"best of {self.limit}"


def match_rule(options: StraightGinOptions) -> MatchRule:
    """Best of ``best_of`` hands when set, else first to ``target``."""
    return BestOf(options.best_of) if options.best_of else MatchRule.first_to(options.target)


def straight_summary(view: View, options: StraightGinOptions | None = None) -> HandSummary:
    """Gin's hand display, saying that only gin ends the hand."""
    summary = hand_summary(view, options)
    return replace(summary, label=f"{summary.label}; gin only")


RULES = cardems_rules_text(
    replace={
        "Knocking and gin": (
            "Straight Gin: there is no knocking. The only way to end a hand is **gin**\n"
            "(`gin 7H`): a discard after which every card of your hand is in a meld. You\n"
            "score your opponent's deadwood plus the gin bonus (`gin_bonus`, 25); there\n"
            "are no layoffs, and so no undercuts.\n"
        ),
        "Scoring a round": (
            "| outcome | who scores | points |\n"
            "|---|---|---|\n"
            "| gin | the player who goes gin | the opponent's deadwood + 25 |\n"
            "| draw (stock exhausted, or the turn limit) | nobody | 0 |\n"
        ),
        "Layoffs": "None in Straight Gin: a hand ends only by gin, and nothing is laid off after gin.\n",
        "The match": (
            "Hands continue until a player's total reaches 100 (`target`) or more at the\n"
            "end of a hand; that player wins. With `best_of` N (7 is common), the match is\n"
            "instead the first to win more than half of N hands; a hand that ends with no\n"
            "score counts for nobody.\n"
        ),
    }
)

SPEC = replace(
    make_spec(
        name=NAME,
        title="Straight Gin",
        options_model=StraightGinOptions,
        round_class=StraightGinRound,
        rules_text=RULES,
        description="Gin with no knocking: only gin ends a hand; first to 100 or best of N hands",
    ),
    hand_summary=straight_summary,
    match_rule=match_rule,
)
