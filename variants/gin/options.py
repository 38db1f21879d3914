"""Cardems Gin options (docs/rules.md §1 "Options"): the Cardems values are the defaults.

A house-rule plugin extends them by subclassing::

    class OklahomaOptions(GinOptions):
        spade_doubles: bool = Field(True, description="a spade upcard doubles the score")

``extra="forbid"`` makes an unknown option an error; every number has bounds
(``ge``/``le``, listed by ``rummy rules``); the command line goes through
:func:`rummykit.core.engine.options.build_options`, which turns any problem into one
clear :class:`~rummykit.core.base.errors.OptionError` line.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["GinOptions"]


class GinOptions(BaseModel):
    """The options of Cardems Gin, validated when built."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    knock_limit: int = Field(
        10,
        ge=0,
        le=100,
        description="most deadwood a player may knock with (0: only gin ends a round)",
    )
    gin_bonus: int = Field(25, ge=0, le=1000, description="bonus for going gin")
    undercut_bonus: int = Field(25, ge=0, le=1000, description="bonus to the defender for an undercut")
    target: int = Field(100, ge=1, le=1_000_000, description="a match ends when a total reaches this")
    first_turn: Literal["first", "alternate"] = Field(
        "first",
        description='who starts a round: "first" (the first seat, every round) '
        'or "alternate" (seats take turns)',
    )
    max_turns: int = Field(
        200,
        ge=1,
        le=10_000,
        description="engine limit, not a Cardems rule: a round that reaches this many turns "
        "(one draw and one discard each) without a knock or gin is a draw",
    )

    @field_validator("first_turn", mode="before")
    @classmethod
    def _first_seat(cls, value: object) -> object:
        """``seat0`` (the first seat, counted from 0 as the code counts) is read as ``first``."""
        return "first" if value == "seat0" else value
