"""The variants the environment tests run on: Gin, CardVerse with 2-4 seats,
Straight Gin (examples/rummykit-straight-gin, installed by make) and the variant of
``rummy new-variant`` (written into a temporary folder and imported from there)."""

from __future__ import annotations

import importlib
import sys

import pytest

from rummykit.cli.scaffold import write_package
from tests.helpers.env_cases import installed_registry


@pytest.fixture(scope="session")
def registry(tmp_path_factory):
    """The installed plugins' registry, plus the scaffold's variant ``envtoy``
    and its ai:easy."""
    root, _ = write_package("envtoy", tmp_path_factory.mktemp("scaffold"))
    sys.path.insert(0, str(root))
    try:
        variant = importlib.import_module("rummykit_envtoy.variant")
        agents = importlib.import_module("rummykit_envtoy.agents")
    finally:
        sys.path.remove(str(root))
    reg = installed_registry()
    reg.add_variant(variant.SPEC, "envtoy")
    reg.add_agent(agents.EASY, "envtoy")
    assert "straight-gin" in reg.variants, "make installs examples/rummykit-straight-gin"
    return reg
