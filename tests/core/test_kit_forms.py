"""``rummykit.testing.play_match`` takes its players in the forms
``check_variant`` takes (a computer player's name, an ``AgentSpec``), besides
agents already made, and plays the same game with each form of the same
players; and docs/plugins.md names what a plugin author uses: every name of
the facade, every field of ``View`` (``discard_top`` too), what a ``Match``
holds."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

import rummykit
from rummykit import Match, RandomAgent, RummyError, View, agent_seed, build_options, get_plugins
from rummykit.testing import check_variant, play_match


@pytest.fixture(scope="module")
def gin():
    registry = get_plugins().registry
    spec = registry.variant("gin")
    return spec, build_options(spec.options_model, {"target": 10}, "gin"), registry


def played(gin, agents, **kwargs):
    spec, options, _ = gin
    match = play_match(spec, options, 2, 5, agents, max_rounds=2, **kwargs)
    return [a.key() for a in match.actions]


def test_names_specs_and_made_agents_play_the_same_game(gin):
    _, options, registry = gin
    easy = registry.agent("gin", "ai:easy")
    made = [RandomAgent(agent_seed(5, 0)), easy.factory(1, agent_seed(5, 1), options)]
    by_name = played(gin, ["random", "ai:easy"])
    assert by_name == played(gin, ["random", easy])
    assert by_name == played(gin, made)
    assert by_name == played(gin, ["random", "ai:easy"], registry=registry)
    assert played(gin, None) == played(gin, ["random", "random"])


def test_check_variant_takes_the_same_forms(gin):
    _, _, registry = gin
    easy = registry.agent("gin", "ai:easy")
    for agents in (["ai:easy"], [easy]):
        coverage = check_variant("gin", seeds=range(2), agents=agents, report=False)
        assert coverage.players == ["random", "ai:easy"]


def test_an_unknown_name_is_one_line(gin):
    with pytest.raises(RummyError) as err:
        played(gin, ["random", "ai:nobody"])
    assert "ai:nobody" in str(err.value) and "\n" not in str(err.value)


# -- what plugin authors read ------------------------------------------------------

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "plugins.md").read_text(encoding="utf-8")


def named(name: str) -> bool:
    return re.search(rf"`[^`]*\b{re.escape(name)}\b[^`]*`", DOCS) is not None


def test_every_name_of_the_facade_is_in_the_plugin_guide():
    assert [n for n in rummykit.__all__ if not named(n)] == []


def test_every_view_field_and_property_is_in_the_plugin_guide():
    """The scaffold's ai:easy reads view.discard_top: a plugin author finds it."""
    properties = [n for n, v in vars(View).items() if isinstance(v, property)]
    assert "discard_top" in properties
    listed = DOCS[DOCS.index("`View` fields:") :].split("`RoundResult`:")[0]
    assert [n for n in [f.name for f in fields(View)] + properties if f"`{n}`" not in listed] == []


def test_what_a_match_holds_is_in_the_plugin_guide(gin):
    spec, options, _ = gin
    public = vars(Match(spec, options, 2, 1))
    said = DOCS[DOCS.index("A `Match` (`rummykit.Match`") :].split("\n\n")[0]
    for name in ("variant", "results", "totals", "winner", "actions", "round", "over", "stalled", "seed"):
        assert name in public and f"`{name}`" in said, name
