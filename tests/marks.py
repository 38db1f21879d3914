"""Marks shared by the tests.

``make check`` runs the tests not marked slow (``pytest -m "not slow"``), keeping
at least one quick test of each area; ``make test`` runs them all. Slow: a test
that builds a virtual environment or plays many games, and one that repeats the
case of a quicker test (another value of the same parameter, or a case of
tests/core run again through the ``rummy`` program)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from _pytest.mark.structures import ParameterSet

slow = pytest.mark.slow


def first_fast(values: Iterable[Any], keep: int = 1) -> list[Any]:
    """Values for ``pytest.mark.parametrize`` of which the first ``keep`` run in
    ``make check`` and the others are marked slow. A value is one argument, a
    tuple of them (several argument names) or a ``pytest.param``."""
    out: list[Any] = []
    for i, v in enumerate(values):
        if i < keep:
            out.append(v)
        elif isinstance(v, ParameterSet):
            out.append(pytest.param(*v.values, marks=[*v.marks, slow], id=v.id))
        else:
            out.append(pytest.param(*(v if isinstance(v, tuple) else (v,)), marks=slow))
    return out
