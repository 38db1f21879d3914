"""Bots that know the rules: an agent says which variants (and options) it
understands, a view carries the variant's name and options, and only an agent
that understands the rules played is the default opponent or gives hints."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ConfigDict, Field

from rummykit import hookimpl
from rummykit.core.bots import builtin as builtin_agents
from rummykit.core.bots.agents import RandomAgent
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import DISABLE_ENV, Plugins
from rummykit.core.plugins.registry import AgentSpec, Understands
from rummykit.variants.cardverse_rummy import plugin as cardverse_plugin
from rummykit.variants.gin import plugin as gin_plugin

from .toy_variant import TOY, ToyOptions


@pytest.fixture(autouse=True)
def no_disable(monkeypatch):
    monkeypatch.delenv(DISABLE_ENV, raising=False)


class HouseOptions(ToyOptions):
    model_config = ConfigDict(extra="forbid")
    open_points: int = Field(0, ge=0, le=100, description="points to open (0: none)")


def cardverse_house():
    """A CardVerse house rule with an option CardVerse's bots do not know."""
    from rummykit.variants.cardverse_rummy.options import CardVerseOptions
    from rummykit.variants.cardverse_rummy.spec import SPEC

    class Options(CardVerseOptions):
        open_points: int = Field(51, ge=0, le=100, description="points to open")

    return replace(SPEC, name="cv-house", title="CardVerse, 51 to open", options_model=Options)


class House:
    """Registers the house rule and CardVerse's bots for it, as a house-rule plugin would."""

    def __init__(self, understands=None):
        self.understands = understands

    @hookimpl
    def register_variants(self, register):
        register(cardverse_house())

    @hookimpl
    def register_agents(self, register):
        from rummykit.variants.cardverse_rummy.bots import register_bots

        if self.understands is None:
            register_bots(register, variant="cv-house")
        else:
            register_bots(register, variant="cv-house", understands=self.understands)


class Core:
    register_agents = staticmethod(builtin_agents.register_agents)


def test_a_builtin_bot_for_a_house_rule_it_does_not_know_is_never_the_default():
    p = Plugins(
        extra=[("core", Core()), ("cardverse", cardverse_plugin), ("house", House())], entry_points=False
    )
    reg = p.registry
    assert reg.problems == []
    offered = [a.name for a in reg.agents_for("cv-house")]
    assert "ai:hard" in offered and "ai:normal" in offered  # still offered, by name
    assert reg.strongest_agent("cardverse").name == "ai:hard"
    # A generic player understands any rules: core's search plays the house rule itself.
    assert reg.strongest_agent("cv-house").name == "ai:search"


def test_the_plugin_may_say_its_bots_understand_the_house_rule():
    ok = Understands(frozenset({"cv-house"}))
    p = Plugins(
        extra=[("core", Core()), ("cardverse", cardverse_plugin), ("house", House(ok))], entry_points=False
    )
    assert p.registry.strongest_agent("cv-house").name == "ai:hard"


def test_gins_bots_understand_gin_with_any_of_its_options():
    p = Plugins(extra=[("core", Core()), ("gin", gin_plugin)], entry_points=False)
    reg = p.registry
    gin = reg.variant("gin")
    for options in (gin.options_model(), gin.options_model(knock_limit=0, target=5)):
        assert reg.strongest_agent("gin", options).name == "ai:hard"


def test_a_variants_own_agent_understands_its_default_options_and_any_target():
    class Tiny:
        @hookimpl
        def register_variants(self, register):
            register(replace(TOY, name="house", options_model=HouseOptions))

        @hookimpl
        def register_agents(self, register):
            register(AgentSpec("ai:mine", lambda s, seed, o: RandomAgent(seed), variant="house", strength=40))

    reg = Plugins(extra=[("core", Core()), ("tiny", Tiny())], entry_points=False).registry
    assert reg.agent("house", "ai:mine").strength > reg.agent("house", "ai:search").strength
    assert reg.strongest_agent("house").name == "ai:mine"
    assert reg.strongest_agent("house", HouseOptions(target=90)).name == "ai:mine"
    other = reg.strongest_agent("house", HouseOptions(open_points=51))
    assert other is not None and other.name == "ai:search"
    assert reg.understood(reg.agent("house", "random"), "house", HouseOptions(open_points=51))


def test_no_understanding_agent_means_no_default():
    class Tiny:
        @hookimpl
        def register_variants(self, register):
            register(replace(TOY, name="house", options_model=HouseOptions))

        @hookimpl
        def register_agents(self, register):
            register(AgentSpec("ai:mine", lambda s, seed, o: RandomAgent(seed), variant="house", strength=10))

    reg = Plugins(extra=[("tiny", Tiny())], entry_points=False).registry
    assert reg.strongest_agent("house", HouseOptions(open_points=51)) is None


def test_an_understands_that_raises_answers_no_in_one_line():
    def broken(variant, options):
        raise RuntimeError("cannot tell")

    class Tiny:
        @hookimpl
        def register_variants(self, register):
            register(replace(TOY, name="house", options_model=HouseOptions))

        @hookimpl
        def register_agents(self, register):
            register(
                AgentSpec(
                    "ai:mine",
                    lambda s, seed, o: RandomAgent(seed),
                    variant="house",
                    strength=10,
                    understands=broken,
                )
            )

    reg = Plugins(extra=[("tiny", Tiny())], entry_points=False).registry
    assert reg.strongest_agent("house") is None
    assert reg.problems == [
        "agent 'ai:mine' of plugin tiny: its understands failed: RuntimeError: cannot tell"
    ]


def test_understands_names_variants_and_options():
    u = Understands(frozenset({"house"}), frozenset({"stock_cards"}))
    assert u("house", HouseOptions(stock_cards=3, target=7))
    assert not u("house", HouseOptions(open_points=2))
    assert not u("toy", HouseOptions())
    assert Understands.ANY("anything", HouseOptions(open_points=2))


def test_a_view_carries_the_variants_name_and_options():
    m = Match(TOY, ToyOptions(target=7, stock_cards=5), 2, seed=1)
    v = m.view(0)
    assert v.variant == "toy"
    assert dict(v.options) == {"target": 7, "stock_cards": 5}
    with pytest.raises(TypeError):
        v.options["target"] = 1  # read-only
