"""Small checks and displays of plain values, for error lines. Kept apart from
:mod:`rummykit.core.engine.options` (which imports pydantic) so that whatever must
import fast, such as the registry that `rummy --help` loads, can use them;
:mod:`rummykit.core.engine.options` offers ``shown_value`` and ``is_truth_value`` too."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: How long a value in an error line may be, by default.
SHOWN_MAX = 40


def shortened(text: str, limit: int = SHOWN_MAX) -> str:
    """``text`` cut to ``limit`` characters, the last of them "…", when longer:
    how every value and reason quoted in a message is kept short."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown_value(value: Any, limit: int = SHOWN_MAX) -> str:
    """``repr`` of a value, :func:`shortened` to ``limit`` characters and then
    its length (a 5,000-digit number stays one short line); control characters
    come out escaped."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's limit on digits turned into text
        if not isinstance(value, int):
            raise
        digits = int(abs(value).bit_length() * 0.30103) + 1
        return f"{'-' if value < 0 else ''}a number of about {digits:,} digits"
    if len(text) <= limit:
        return text
    size = len(value) if isinstance(value, str | bytes) else len(text)
    return f"{shortened(text, limit)} ({size:,} characters)"


def is_truth_value(value: Any) -> bool:
    """Whether ``value`` is ``True`` or ``False``, Python's or numpy's (an int
    to ``operator.index`` and to pydantic, but never meant as a number here)."""
    return isinstance(value, bool) or getattr(getattr(value, "dtype", None), "kind", "") == "b"


def is_whole_number(value: Any) -> bool:
    """Whether ``value`` is a Python int that is not a truth value."""
    return isinstance(value, int) and not isinstance(value, bool)


def counted(n: int, one: str, many: str = "") -> str:
    """``n`` and the word for that many: ``counted(1, "move")`` is "1 move",
    ``counted(2, "move")`` "2 moves", ``counted(3, "match", "matches")`` "3 matches"."""
    return f"{n} {one if abs(n) == 1 else many or one + 's'}"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean X?"`` with X the choice closest to ``word`` (difflib,
    ignoring case), or ``""`` when none is close: the end of an error line about
    a name that was mistyped."""
    import difflib

    by_fold = {c.casefold(): c for c in choices}
    close = difflib.get_close_matches(word.casefold(), list(by_fold), n=1)
    return f"; did you mean {by_fold[close[0]]}?" if close else ""
