"""What the tests of terminal output share (tests/cli/test_terminal_output.py, run
in the test process, and tests/process/test_terminal.py, in a pseudo-terminal):
a variant's option names, and the tables of ``rummy simulate``'s report."""

from __future__ import annotations

import re

from rummykit.core.engine.options import describe_options
from rummykit.core.plugins.manager import get_plugins


def option_names(variant: str) -> list[str]:
    spec = get_plugins().registry.variant(variant)
    return [name for name, _, _, _ in describe_options(spec.options_model)]


def report(screen: str, variant: str) -> list[str]:
    """The lines of the report (after the progress bar's last redraw)."""
    lines = [line.rstrip() for line in re.split(r"[\r\n]+", screen)]
    start = max(i for i, line in enumerate(lines) if line.startswith(f"{variant}: "))
    return lines[start:]


def headers(lines: list[str]) -> list[str]:
    """Every column header of every table, in order (the entrant column once)."""
    out = ["entrant"]
    for line in lines:
        if line.startswith("entrant  "):
            out += re.split(r"\s{2,}", line.strip())[1:]
    return out


GIN_COLUMNS = [
    "entrant",
    "matches won",
    "win rate",
    "95% CI",
    "points/round",
    "total/match",
    "rounds won",
    "knocks",
    "gins",
    "undercuts",
    "draws",
]
CARDVERSE_COUNTS = ["out by meld", "out by discard", "stock end"]
