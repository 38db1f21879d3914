"""The tests that need a real process: a pseudo-terminal, signals, a process's
memory, installs into fresh virtual environments, the compiled build, Ray.
Every test here is marked ``process`` (``pytest -m process`` runs them alone,
``-m "not process"`` the others); the other folders run ``rummy`` in the test
process (the ``rummy_run`` fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.process)
