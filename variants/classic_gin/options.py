"""Options of the classic Gin family (docs/rules.md §4), validated with bounds.

:class:`ClassicOptions` are Gin's options (``knock_limit``, ``gin_bonus``,
``undercut_bonus``, ``target``, ``max_turns``) with the classic defaults, plus
who deals the next hand and the end-of-match bonuses. :class:`OklahomaOptions`
add the two upcard rules of Oklahoma Gin.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rummykit.variants.gin import GinOptions

__all__ = ["ClassicOptions", "OklahomaOptions"]


class ClassicOptions(GinOptions):
    """Classic Gin: the dealer by lot, then by ``next_dealer``; bonuses at the end."""

    target: int = Field(
        100,
        ge=1,
        le=1_000_000,
        description="a match (in Hollywood Gin, each of its three games) ends when a total reaches this",
    )
    first_turn: Literal["first"] = Field(
        "first",
        description="fixed in the classic forms: the non-dealer plays first",
    )
    next_dealer: Literal["loser", "winner", "alternate"] = Field(
        "loser",
        description='who deals the next hand: "loser" (of the hand), "winner" or "alternate"; '
        "after a hand with no score the same dealer deals again",
    )
    game_bonus: int = Field(100, ge=0, le=10_000, description="end of match: bonus to the winner")
    box_bonus: int = Field(
        25, ge=0, le=1000, description="end of match: bonus to every player for each hand they won"
    )
    shutout_doubles: bool = Field(
        True,
        description="when the loser won no hand, the winner's game and box bonuses are doubled",
    )


class OklahomaOptions(ClassicOptions):
    """Oklahoma Gin: the first upcard sets each hand's knock limit and factor."""

    knock_limit: int = Field(
        10,
        ge=0,
        le=10,
        description="cap on the knock limit the upcard sets (10: no cap, the usual rule)",
    )
    ace_gin_only: bool = Field(True, description="an ace upcard means only gin may end the hand")
    spade_doubles: bool = Field(True, description="a spade upcard doubles every score of the hand")
