"""``--move-timeout SECONDS``: how long a computer player may think over one move
(``rummy play`` and ``rummy simulate``; the clock is :mod:`rummykit.core.bots.guard`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import click

from rummykit.core.bots.guard import DEFAULT_MOVE_TIMEOUT, MAX_MOVE_TIMEOUT

OPTION = "move-timeout"

F = TypeVar("F", bound=Callable[..., Any])


def move_timeout_option(more_help: str) -> Callable[[F], F]:
    """The click option; ``more_help`` says what a bot past it does to the command."""
    return click.option(
        f"--{OPTION}",
        "move_timeout",
        metavar="SECONDS",
        default=None,
        help=f"Seconds a computer player may think over one move (default {DEFAULT_MOVE_TIMEOUT:g}; "
        f"more than 0, at most {MAX_MOVE_TIMEOUT:,.0f}). {more_help}",
    )


def move_timeout_seconds(text: str | None) -> float:
    """The option's value in seconds (the default when not given), or one line
    saying what is wrong."""
    from rummykit.core.base.errors import RummyError

    if text is None:
        return DEFAULT_MOVE_TIMEOUT
    t = text.strip()
    try:
        x = float(t) if t.isascii() and len(t) <= 30 else math.nan
    except ValueError:
        x = math.nan
    if not math.isfinite(x):
        raise RummyError(
            f"--{OPTION} takes a number of seconds (more than 0, at most "
            f"{MAX_MOVE_TIMEOUT:,.0f}), not {shown(text)}"
        )
    if not 0 < x <= MAX_MOVE_TIMEOUT:
        raise RummyError(
            f"--{OPTION} must be more than 0 and at most {MAX_MOVE_TIMEOUT:,.0f} seconds, not {t}"
        )
    return x


def shown(text: str) -> str:
    """What a person typed, quoted for an error line: escaped, and short."""
    return repr(text[:40] + ("..." if len(text) > 40 else ""))
