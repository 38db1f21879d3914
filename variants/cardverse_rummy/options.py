"""CardVerse Rummy options (docs/rules.md §2 "Options"), validated at the edge: every
number has bounds (``ge``/``le``, listed by ``rummy rules``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class CardVerseOptions(BaseModel):
    """The options of a CardVerse match. Unknown keys and bad values are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    target: int = Field(
        100, ge=1, le=1_000_000, description="the match ends when a total reaches this many points"
    )
    discard_to_win: bool = Field(
        False,
        description="the last card must be discarded: a meld or addition that would "
        "empty the hand is illegal",
    )
    ace_high: bool = Field(
        False,
        description="an ace left in hand counts 11 points instead of 1 (the ace is "
        "always high in runs either way)",
    )
    max_turns: int = Field(
        400,
        ge=1,
        le=10_000,
        description="engine limit, not a CardVerse rule: after this many turns the "
        "round ends as if the stock were empty",
    )

    @property
    def ace_points(self) -> int:
        return 11 if self.ace_high else 1
