"""The options of Contract Rummy (``rummy play contract -o KEY=VALUE``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ContractOptions(BaseModel):
    """Contract Rummy's options, each with its bounds (docs/rules.md §5)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    deals: int = Field(
        7, ge=1, le=7, description="deals in a match, from the first contract on (the rules: all 7)"
    )
    buys: int = Field(3, ge=0, le=10, description="buys a player may make in one deal (the rules: 3)")
    max_turns: int = Field(
        400,
        ge=50,
        le=5000,
        description="an engine limit: a deal still going after this many turns ends as if "
        "the stock were spent",
    )
