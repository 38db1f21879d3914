"""The tests that need a real process: a pseudo-terminal, signals, a process's
memory, installs into fresh virtual environments, the compiled build, Ray.
Every test here is marked ``process`` (``pytest -m process`` runs them alone,
``-m "not process"`` the others); the other folders run ``rummy`` in the test
process (the ``rummy_run`` fixture).

The modules of the longest tests (fresh environments, the compiled build, Ray,
whole test suites, a long match: up to minutes each) run first, so that
pytest-xdist's workers share them rather than one of them ending the run alone."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent
LONGEST = {
    "test_compiled.py",
    "test_no_compiler.py",
    "test_plugin_types.py",
    "test_scaffold_venv.py",
    "test_simulate_ray.py",
    "test_scaffold_suite.py",
    "test_example_programs.py",
    "test_long_match.py",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.process)
    items.sort(key=lambda item: not (item.path.parent == HERE and item.path.name in LONGEST))
