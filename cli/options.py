"""Options and option types the commands share: ``--option KEY=VALUE`` (and
the options model it makes) and whole numbers within bounds.

A value past its bounds is one line of its own, as every error meant for a
person is (a :class:`~rummykit.core.base.errors.RummyError`: ``rummy: --matches
must be from 1 to 1,000,000, not 0``, exit status 2), not click's "invalid value
for" line. :class:`WholeNumber` says so too of what is no whole number;
:class:`IntWithin` leaves that to click's line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import shown_value
from rummykit.core.engine.options import build_options, parse_pairs

from . import completion

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rummykit.core.plugins.registry import VariantSpec

option_option = click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A variant option (repeatable), e.g. knock_limit=5.",
    shell_complete=completion.options,
)


def options_for(spec: VariantSpec[Any], pairs: Sequence[str]) -> BaseModel:
    """The options model of ``spec`` made from ``--option`` pairs (a bad one:
    one line naming it)."""
    return build_options(spec.options_model, parse_pairs(pairs), spec.name)


def option_name(param: click.Parameter | None) -> str:
    """How an error line names ``param``: its longest option (``--chunk-size``)."""
    if param is None or not param.opts:
        return "the value"
    return max(param.opts, key=len)


class WholeNumber(click.ParamType):
    """A whole number from ``minimum`` to ``maximum`` (``_`` may group digits);
    ``maximum`` may be a function, asked when a value is given. ``why`` is
    added to the bounds in the error line (`` (at most 4 per CPU core)``)."""

    name = "whole number"

    def __init__(self, minimum: int, maximum: int | Callable[[], int], why: str = "") -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.why = why

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value)
        lo = self.minimum
        hi = self.maximum() if callable(self.maximum) else self.maximum
        what = option_name(param)
        t = text.strip().replace("_", "")
        if not (t.isascii() and t.lstrip("+-").isdigit()) or len(t) > 30:
            raise RummyError(
                f"{what} takes a whole number from {lo:,} to {hi:,}{self.why}, not {shown_value(text)}"
            )
        n = int(t)
        if not lo <= n <= hi:
            raise RummyError(f"{what} must be from {lo:,} to {hi:,}{self.why}, not {n:,}")
        return n


class IntWithin(click.ParamType):
    """An integer as click reads one (click's own error for what is none), from
    ``minimum`` to ``maximum``; past them, the one line ``refusal``."""

    name = "integer"

    def __init__(self, minimum: int, maximum: int, refusal: str) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.refusal = refusal

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        n: int = click.INT.convert(value, param, ctx)
        if not self.minimum <= n <= self.maximum:
            raise RummyError(self.refusal)
        return n
