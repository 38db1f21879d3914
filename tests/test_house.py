"""No module of rummykit (nor a benchmark) takes a private name of another
module: ``from X import _name``, ``from X import _module`` and ``X._name`` with
``X`` a rummykit module are refused, ``__dunder__`` names aside. A name
another module needs is public (no leading underscore) where it is defined.
The scan reads the sources with ``ast``; it imports nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: Where each part of the package is on disk (pyproject.toml's package-dir).
PARTS = {
    "rummykit": REPO / "rummykit_pkg",
    "rummykit.core": REPO / "core",
    "rummykit.cli": REPO / "cli",
    "rummykit.variants": REPO / "variants",
}
BENCHMARKS = REPO / "benchmarks"


def module_name(path: Path) -> str:
    """The dotted name of a file of the package (``benchmarks.x`` for a benchmark)."""
    if path.is_relative_to(BENCHMARKS):
        return "benchmarks." + path.relative_to(BENCHMARKS).with_suffix("").as_posix().replace("/", ".")
    part, root = next((p, r) for p, r in PARTS.items() if path.is_relative_to(r))
    rest = path.relative_to(root).with_suffix("").parts
    if rest[-1] == "__init__":
        rest = rest[:-1]
    return ".".join((part, *rest))


def sources() -> dict[str, Path]:
    files = [f for root in (*PARTS.values(), BENCHMARKS) for f in root.rglob("*.py")]
    return {module_name(f): f for f in sorted(files)}


SOURCES = sources()
MODULES = set(SOURCES)


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def absolute(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def ours(name: str) -> bool:
    return name.split(".")[0] in ("rummykit", "benchmarks")


def offences(module: str, path: Path) -> list[str]:
    """Each private name of another rummykit module that ``module`` takes."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    aliases: dict[str, str] = {}  # a local name bound to a rummykit module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = absolute(module, path, node)
            if not ours(source):
                continue
            for a in node.names:
                full = f"{source}.{a.name}"
                if full in MODULES:
                    aliases[a.asname or a.name] = full
                if private(a.name) and source != module:
                    found.append(f"{module}:{node.lineno}: from {source} import {a.name}")
            if any(private(p) for p in source.split(".")):
                found.append(f"{module}:{node.lineno}: from {source} import ...")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if ours(a.name):
                    if a.asname:
                        aliases[a.asname] = a.name
                    if any(private(p) for p in a.name.split(".")):
                        found.append(f"{module}:{node.lineno}: import {a.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            target = dotted(node.value, aliases)
            if target in MODULES and target != module:
                found.append(f"{module}:{node.lineno}: {target}.{node.attr}")
    return found


def dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """The dotted name an expression gives a rummykit module by (``alias``,
    ``alias.sub``, ``rummykit.a.b``), if it is one."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id, "rummykit" if node.id == "rummykit" else None)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, aliases)
        return f"{base}.{node.attr}" if base else None
    return None


def all_offences() -> list[str]:
    return [o for module, path in SOURCES.items() for o in offences(module, path)]


def test_no_module_takes_a_private_name_of_another():
    found = all_offences()
    assert not found, "private names of other modules taken:\n" + "\n".join(found)


def test_the_scan_knows_the_package():
    assert {
        "rummykit",
        "rummykit.core.engine.round",
        "rummykit.cli.main",
        "rummykit.variants.gin.round",
    } <= MODULES
    assert "rummykit.env" in MODULES and any(m.startswith("benchmarks.") for m in MODULES)


@pytest.mark.parametrize(
    "source",
    [
        "from rummykit.core.cards.card import _RANKS",
        "from .card import _RANKS",
        "from rummykit.core.cards import _private_module",
        "import rummykit.core.cards.card as card\ncard._RANKS",
        "from rummykit.core.cards import card\ncard._RANKS",
        "import rummykit.core.cards.card\nrummykit.core.cards.card._RANKS",
    ],
)
def test_the_scan_catches_each_kind(source, tmp_path):
    path = tmp_path / "m.py"
    path.write_text(source)
    assert offences("rummykit.core.cards.melds", path)


def test_the_scan_lets_public_names_dunders_and_a_module_s_own_names_through(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        "from rummykit.core.cards.card import parse_cards, __doc__\n"
        "import rummykit.core.cards.card as card\n"
        "card.parse_cards\n"
        "card.__name__\n"
        "self._x = 1\n"
        "from rummykit.core.cards.melds import _mine\n"
    )
    assert not offences("rummykit.core.cards.melds", path)
