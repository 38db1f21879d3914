"""What importing does, seen from a fresh interpreter (``python -c``): no module
imported before the code under test runs."""

from __future__ import annotations

import subprocess
import sys


def test_importing_a_variant_package_does_not_import_its_engine():
    code = (
        "import sys, rummykit.variants.gin, rummykit.variants.cardverse_rummy;"
        "print('pydantic' in sys.modules, 'rummykit.variants.gin.round' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_tables_not_built_at_import():
    code = (
        "import rummykit.core.cards.solver as s\n"
        "assert not s._TABLES, s._TABLES\n"
        "s.get_solver().deadwood(7)\n"
        "assert list(s._TABLES) == [(False, 1)]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
