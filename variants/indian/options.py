"""Indian Rummy's options (``rummy play indian -o format=pool -o pool=201``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class IndianOptions(BaseModel):
    """The options of ``indian``, each one validated."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["points", "pool", "deals"] = Field(
        "points",
        description="points: one deal, the winner collects the others' points; pool: a player "
        "reaching the pool limit is out, the last one left wins; deals: a fixed number of deals, "
        "lowest total wins",
    )
    pool: Literal[101, 201] = Field(101, description="pool format: a player reaching this total is out")
    deals: int = Field(2, ge=1, le=100, description="deals format: how many deals are played")
    max_turns: int = Field(
        600, ge=20, le=10_000, description="engine limit: a deal ends with no score after this many turns"
    )
