"""``from rummykit import ...`` is a plugin author's one import: the facade's
three lists (``__all__``, ``_EXPORTS`` and the imports for type checkers) agree,
each name is the object of its module, and the examples, the files ``rummy
new-variant`` writes and the plugin code in the docs import nothing of
rummykit's core by its module path."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import rummykit

REPO = Path(__file__).resolve().parents[2]
FACADE = REPO / "rummykit_pkg" / "__init__.py"


def type_checking_imports() -> dict[str, str]:
    """``name: module`` of the imports under ``if TYPE_CHECKING:`` in the facade."""
    tree = ast.parse(FACADE.read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    return {a.name: n.module for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}


def test_the_three_lists_agree():
    exports = rummykit._EXPORTS
    assert set(rummykit.__all__) == {*exports, "hookimpl", "__version__"}
    assert type_checking_imports() == exports


def test_every_name_is_the_object_of_its_module():
    for name, module in rummykit._EXPORTS.items():
        assert getattr(rummykit, name) is getattr(importlib.import_module(module), name), name


def test_a_name_the_facade_lacks_is_an_attribute_error():
    with pytest.raises(AttributeError):
        rummykit.no_such_name  # noqa: B018


# -- the facade in use ----------------------------------------------------------------

CORE_IMPORT = re.compile(r"^\s*(from rummykit\.core[\w.]* import|import rummykit\.core)", re.M)
PLUGIN_CODE = sorted(
    [
        *(f for f in (REPO / "examples").rglob("*.py") if not any(p.endswith(".egg-info") for p in f.parts)),
        *(REPO / "cli" / "templates" / "new_variant").glob("*.tmpl"),
    ]
)


@pytest.mark.parametrize("path", PLUGIN_CODE, ids=lambda p: str(p.relative_to(REPO)))
def test_plugin_code_imports_from_the_facade(path):
    found = CORE_IMPORT.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(REPO)} imports rummykit.core: use from rummykit import ..."


def test_the_plugin_guide_s_code_imports_from_the_facade():
    text = (REPO / "docs" / "plugins.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", text, re.S | re.M)
    assert blocks
    found = [line for code in blocks for line in code.splitlines() if CORE_IMPORT.match(line)]
    assert not found, f"docs/plugins.md imports rummykit.core: {found}"
