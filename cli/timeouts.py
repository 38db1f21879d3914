"""``--move-timeout SECONDS``: how long a computer player may think over one move
(``rummy play`` and ``rummy simulate``; the clock is :mod:`rummykit.core.bots.guard`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import click

from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import shown_value
from rummykit.core.bots.guard import DEFAULT_MOVE_TIMEOUT, MAX_MOVE_TIMEOUT

OPTION = "move-timeout"

F = TypeVar("F", bound=Callable[..., Any])


class Seconds(click.ParamType):
    """A number of seconds, more than 0 and at most :data:`MAX_MOVE_TIMEOUT`;
    anything else is one line saying what is wrong (a
    :class:`~rummykit.core.base.errors.RummyError`, as in :mod:`rummykit.cli.options`)."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        text = str(value)
        t = text.strip()
        try:
            x = float(t) if t.isascii() and len(t) <= 30 else math.nan
        except ValueError:
            x = math.nan
        if not math.isfinite(x):
            raise RummyError(
                f"--{OPTION} takes a number of seconds (more than 0, at most "
                f"{MAX_MOVE_TIMEOUT:,.0f}), not {shown_value(text)}"
            )
        if not 0 < x <= MAX_MOVE_TIMEOUT:
            raise RummyError(
                f"--{OPTION} must be more than 0 and at most {MAX_MOVE_TIMEOUT:,.0f} seconds, not {t}"
            )
        return x


def move_timeout_option(more_help: str) -> Callable[[F], F]:
    """The click option (its value in seconds, :data:`DEFAULT_MOVE_TIMEOUT` when
    not given); ``more_help`` says what a bot past it does to the command."""
    return click.option(
        f"--{OPTION}",
        "move_timeout",
        type=Seconds(),
        metavar="SECONDS",
        default=DEFAULT_MOVE_TIMEOUT,
        help=f"Seconds a computer player may think over one move (default {DEFAULT_MOVE_TIMEOUT:g}; "
        f"more than 0, at most {MAX_MOVE_TIMEOUT:,.0f}). {more_help}",
    )
