"""Fixtures shared by every test folder."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import pytest

from .inprocess import run_rummy


@pytest.fixture
def rummy_run(tmp_path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``rummy_run(*args, stdin="", **env)``: ``rummy *args`` run in this process
    (tests/inprocess.py), its data under ``tmp_path / "data"`` unless
    ``RUMMYKIT_DATA_DIR`` is given."""

    def run(*args: str, stdin: str = "", **env: str | None) -> subprocess.CompletedProcess[str]:
        env.setdefault("RUMMYKIT_DATA_DIR", str(tmp_path / "data"))
        return run_rummy(*args, stdin=stdin, **env)

    return run
