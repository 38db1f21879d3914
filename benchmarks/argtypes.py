"""Argument types the benchmark scripts share."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

N = TypeVar("N", int, float)


def between(lo: N, hi: N, kind: Callable[[str], N]) -> Callable[[str], N]:
    """An argparse type: ``kind`` of the text, from ``lo`` to ``hi``; anything
    else is argparse's one-line usage error."""

    what = {int: "whole number", float: "number"}.get(kind, getattr(kind, "__name__", "value"))  # type: ignore[call-overload]

    def parse(text: str) -> N:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a {what}: {text!r}") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is not from {lo} to {hi}")
        return value

    return parse
