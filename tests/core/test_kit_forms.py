"""``rummykit.testing.play_match`` takes its players in the forms
``check_variant`` takes (a computer player's name, an ``AgentSpec``), besides
agents already made, and plays the same game with each form of the same
players."""

from __future__ import annotations

import pytest

from rummykit import RandomAgent, RummyError, agent_seed, build_options, get_plugins
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
    spec, options, registry = gin
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
