"""Every example in examples/ uses only rummykit's public API: no name of
rummykit that starts with ``_`` (a private module, function, attribute or
method) is imported, reached or overridden. The scan reads the source with
``ast``; ``__dunder__`` names are Python's, not rummykit's, and are allowed."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (REPO / "examples").iterdir() if (p / "pyproject.toml").is_file())
SOURCES = sorted(
    f for ex in EXAMPLES for f in ex.rglob("*.py") if not any(part.endswith(".egg-info") for part in f.parts)
)


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Where ``source`` names something private: ``from rummykit... import _x``,
    a module path of rummykit with a ``_`` part, ``obj._x`` and ``def _x``
    (a method overriding one of rummykit's own private methods, or a private
    helper of the example's, which a reader could mistake for one)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "rummykit":
            parts = node.module.split(".") if node.module else []
            found += [f"line {node.lineno}: from {node.module}" for p in parts if private(p)]
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if private(a.name)]
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "rummykit" and any(private(p) for p in a.name.split(".")):
                    found.append(f"line {node.lineno}: import {a.name}")
        elif isinstance(node, ast.Attribute) and private(node.attr):
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and private(node.name):
            found.append(f"line {node.lineno}: def {node.name}")
    return found


def test_there_are_examples_to_scan():
    names = {p.name for p in EXAMPLES}
    assert {"rummykit-straight-gin", "rummykit-knockrummy", "rummykit-cardverse-house"} <= names
    assert all(any(f.is_relative_to(ex) for f in SOURCES) for ex in EXAMPLES)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REPO / "examples")))
def test_an_example_names_nothing_private_of_rummykit(path):
    found = private_uses(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(REPO)} uses private names: " + "; ".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "from rummykit.variants.cardverse_rummy.round import _canonical",
        "from rummykit.core._x import y",
        "import rummykit.core._x",
        "class R:\n    def _apply(self, action):\n        pass",
        "def f(rnd):\n    return rnd._legal",
    ],
)
def test_the_scan_catches_each_kind_of_private_use(source):
    assert private_uses(source)


def test_the_scan_lets_public_code_and_dunders_through():
    assert not private_uses(
        "from rummykit.variants.cardverse_rummy import CardVerseRound\n"
        "class R(CardVerseRound):\n"
        "    def __init__(self, *a):\n"
        "        super().__init__(*a)\n"
        "    def empty_stock(self, seat):\n"
        "        return self.restock_from_pile() > 0\n"
    )
