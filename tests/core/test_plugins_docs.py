"""docs/plugins.md documents every hook, with its signature and an example
(datasette's test_docs.py habit), and the rest of the plugin API."""

from __future__ import annotations

import inspect
import re
from dataclasses import fields
from pathlib import Path

import pytest

from rummykit import testing
from rummykit.core.plugins import hookspecs
from rummykit.core.plugins.manager import hook_names
from rummykit.core.plugins.registry import AgentSpec, VariantSpec

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")
HOOK_HEADING = re.compile(r"^### `(\w+)\((.*?)\)`$", re.M)


def documented_hooks() -> dict[str, str]:
    return {m.group(1): m.group(2) for m in HOOK_HEADING.finditer(DOCS)}


def reference_section(name: str) -> str:
    start = DOCS.index(f"### `{name}(")
    end = DOCS.find("\n### ", start + 1)
    nxt = DOCS.find("\n## ", start + 1)
    end = min(x for x in (end, nxt, len(DOCS)) if x != -1)
    return DOCS[start:end]


@pytest.mark.parametrize("name", hook_names())
def test_every_hook_is_in_the_reference_with_its_signature(name):
    documented = documented_hooks()
    assert name in documented, f"hook {name} is missing from docs/plugins.md's hook reference"
    spec = getattr(hookspecs, name)
    args = ", ".join(inspect.signature(spec).parameters)
    assert documented[name] == args, (
        f"docs/plugins.md gives {name}({documented[name]}), the hook is {name}({args})"
    )
    section = reference_section(name)
    assert "```python" in section and "@hookimpl" in section, f"{name}: no example in the reference"


def test_the_reference_documents_no_hook_that_does_not_exist():
    assert sorted(documented_hooks()) == hook_names()


@pytest.mark.parametrize("name", hook_names())
def test_every_hookspec_docstring_has_an_example(name):
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    assert "Example" in doc and "@hookimpl" in doc, f"hookspec {name} has no example in its docstring"


@pytest.mark.parametrize("cls", [VariantSpec, AgentSpec])
def test_every_spec_field_is_documented(cls):
    for f in fields(cls):
        if f.name == "plugin":  # filled in by the registry
            continue
        assert re.search(rf"^\|[^|]*`{f.name}[`(]", DOCS, re.M), (
            f"{cls.__name__}.{f.name} is not in docs/plugins.md"
        )


@pytest.mark.parametrize("name", [n for n in testing.__all__ if not n.isupper()])
def test_every_conformance_kit_function_is_documented(name):
    assert f"`{name}" in DOCS, f"rummykit.testing.{name} is not in docs/plugins.md"


def test_the_disable_variable_and_command_are_documented():
    assert "RUMMYKIT_DISABLE_PLUGINS=a,b" in DOCS
    assert "rummy plugins" in DOCS and "rummy new-variant" in DOCS
