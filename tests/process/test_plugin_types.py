"""A plugin author's type checker sees rummykit's types: installed as a regular
package (not editable) into a fresh virtual environment, rummykit ships ``py.typed``,
and mypy, pointed at that environment, checks a small plugin against ``View`` and
``VariantSpec``: the plugin as written passes, and a plugin with type errors fails
on exactly those lines.

Slow (a fresh virtual environment and a build): marked ``slow``, still part of
``make test``. mypy runs from the test environment (the test extras) with
``--python-executable``, so it reads the fresh environment's packages only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..helpers.venvs import clean_env, copy_sources, fresh_venv, mypy, run

pytestmark = pytest.mark.slow

PLUGIN = '''\
"""A small plugin, typed against the installed rummykit."""

from __future__ import annotations

from collections.abc import Callable

import rummykit
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import VariantSpec


def seat_counts(spec: VariantSpec) -> range:
    return range(spec.min_players, spec.max_players + 1)


def highest_card(view: View) -> int:
    return max(view.hand)


@rummykit.hookimpl
def register_variants(register: Callable[[VariantSpec], None]) -> None:
    """No variant of its own: the plugin only reads the others."""
'''

# Two mistakes mypy can find only from rummykit's annotations: (the line, mypy's error).
WRONG = (
    PLUGIN
    + """

def title(spec: VariantSpec) -> str:
    return spec.max_players


def cards(view: View) -> tuple[int, ...]:
    return view.cards
"""
)
ERRORS = [
    (
        "return spec.max_players",
        'error: Incompatible return value type (got "int", expected "str")  [return-value]',
    ),
    ("return view.cards", 'error: "View" has no attribute "cards"  [attr-defined]'),
]


def test_mypy_sees_the_types_of_an_installed_rummykit(tmp_path):
    env = clean_env(tmp_path)
    py, bin_, pip = fresh_venv(tmp_path, env)
    run([*pip, "--no-build-isolation", copy_sources(tmp_path / "src")], tmp_path, env)
    r = run([py, "-c", "import rummykit.core.engine.round as m; print(m.__file__)"], tmp_path, env)
    assert Path(r.stdout.strip()).is_relative_to(bin_.parent)
    r = run(
        [
            py,
            "-c",
            "import importlib.resources as r; print(r.files('rummykit').joinpath('py.typed').is_file())",
        ],
        tmp_path,
        env,
    )
    assert r.stdout.strip() == "True"

    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "good.py").write_text(PLUGIN)
    (plugins / "wrong.py").write_text(WRONG)

    good = mypy(py, plugins / "good.py", tmp_path / "cache")
    assert (good.returncode, good.stdout.strip()) == (0, "Success: no issues found in 1 source file"), (
        good.stdout + good.stderr
    )

    wrong = mypy(py, plugins / "wrong.py", tmp_path / "cache")
    assert wrong.returncode == 1, wrong.stdout + wrong.stderr
    found = [line for line in wrong.stdout.splitlines() if ": error:" in line]
    lines = [line.strip() for line in WRONG.splitlines()]
    assert found == [f"wrong.py:{lines.index(code) + 1}: {msg}" for code, msg in ERRORS], wrong.stdout
