"""A plugin author's type checker and a checkout of rummykit installed editable
(docs/plugins.md, "Type checking your plugin"): installed in setuptools' strict
editable mode, mypy sees rummykit's types; after a plain ``pip install -e`` it
cannot find rummykit at all (the checkout's folders are mapped to ``rummykit``
at import time only), which is why the docs and the scaffold's README name the
strict mode. The normal install: tests/process/test_plugin_types.py.

Slow (a fresh virtual environment): marked ``slow``. rummykit is installed
without its dependencies: what is checked is whether mypy finds it.
"""

from __future__ import annotations

import pytest

from ..helpers.venvs import clean_env, copy_sources, fresh_venv, mypy, run

pytestmark = pytest.mark.slow

PLUGIN = """\
from rummykit import View


def sizes(view: View) -> str:
    return view.hand_sizes
"""


def test_mypy_sees_a_checkout_installed_editable_in_strict_mode_only(tmp_path):
    env = clean_env(tmp_path)
    py, _, pip = fresh_venv(tmp_path, env)
    src = copy_sources(tmp_path / "src")
    plugin = tmp_path / "plugin" / "plug.py"
    plugin.parent.mkdir()
    plugin.write_text(PLUGIN)

    run([*pip, "--no-build-isolation", "--no-deps", "-e", src], tmp_path, env)
    plain = mypy(py, plugin, tmp_path / "cache1")
    assert plain.returncode == 1
    assert 'error: Cannot find implementation or library stub for module named "rummykit"' in plain.stdout

    strict = ["--config-settings", "editable_mode=strict"]
    run([*pip, "--no-build-isolation", "--no-deps", *strict, "-e", src], tmp_path, env)
    seen = mypy(py, plugin, tmp_path / "cache2")
    assert seen.returncode == 1, seen.stdout + seen.stderr
    errors = [line for line in seen.stdout.splitlines() if ": error:" in line]
    assert errors == [
        'plug.py:5: error: Incompatible return value type (got "tuple[int, ...]", expected "str")'
        "  [return-value]"
    ], seen.stdout
