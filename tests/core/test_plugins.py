"""Plugin hygiene, with throwaway plugins registered directly with the manager
(``Plugins(extra=[(name, obj)], entry_points=False)``), and entry points faked
with ``importlib.metadata.EntryPoint`` objects for the import-failure cases."""

from __future__ import annotations

import textwrap
from dataclasses import replace
from importlib import metadata

import click
import pytest
from click.testing import CliRunner

from rummykit import hookimpl
from rummykit.core.base.errors import PluginError, UnknownAgent, UnknownVariant
from rummykit.core.bots.agents import RandomAgent
from rummykit.core.plugins import manager as core_plugins
from rummykit.core.plugins.manager import DISABLE_ENV, Plugins, hook_names
from rummykit.core.plugins.registry import AgentSpec

from .toy_variant import TOY


def toy(name):
    return replace(TOY, name=name, title=f"Toy {name}")


class VariantPlugin:
    """A throwaway plugin registering one variant and one agent."""

    def __init__(self, name):
        self.name = name

    @hookimpl
    def register_variants(self, register):
        register(toy(self.name))

    @hookimpl
    def register_agents(self, register):
        register(AgentSpec("ai:dummy", lambda seat, seed, o: RandomAgent(seed), variant=self.name))


def load(*extra, monkeypatch=None):
    return Plugins(extra=list(extra), entry_points=False)


@pytest.fixture(autouse=True)
def no_disable(monkeypatch):
    monkeypatch.delenv(DISABLE_ENV, raising=False)


def test_a_throwaway_plugin_registers_a_variant_and_an_agent():
    p = load(("undo-x", VariantPlugin("tiny")))
    assert p.registry.variant("tiny").plugin == "undo-x"
    assert [a.name for a in p.registry.agents_for("tiny")] == ["ai:dummy"]
    entry = p.registry.plugins["undo-x"]
    assert entry["variants"] == ["tiny"] and entry["agents"] == ["ai:dummy (tiny)"]
    assert entry["status"] == "loaded"
    assert p.registry.problems == []


def test_plugins_are_independent_managers():
    assert "tiny" not in load().registry.variants


# -- disabling ----------------------------------------------------------------------


def test_disable_env_blocks_plugins_by_name(monkeypatch):
    monkeypatch.setenv(DISABLE_ENV, "a, b")
    p = load(("a", VariantPlugin("va")), ("b", VariantPlugin("vb")), ("c", VariantPlugin("vc")))
    assert sorted(p.registry.variants) == ["vc"]
    assert p.registry.plugins["a"]["status"] == f"disabled by {DISABLE_ENV}"
    assert p.registry.problems == []


def test_disable_env_naming_no_plugin_is_reported(monkeypatch):
    monkeypatch.setenv(DISABLE_ENV, "c,nosuch")
    p = load(("c", VariantPlugin("vc")))
    assert p.registry.variants == {}
    assert p.registry.problems == [f"{DISABLE_ENV} names 'nosuch', which is not an installed plugin"]


# -- failures are one line naming the plugin ------------------------------------------


class RaisesInRegisterVariants:
    @hookimpl
    def register_variants(self, register):
        raise RuntimeError("database\nis on fire")


class RaisesInRegisterAgents:
    @hookimpl
    def register_agents(self, register):
        raise KeyError("agents")


class RegistersJunk:
    @hookimpl
    def register_variants(self, register):
        register("gin please")


def test_a_plugin_raising_in_a_hook_is_one_line_and_the_others_work():
    p = load(
        ("good", VariantPlugin("tiny")),
        ("boom", RaisesInRegisterVariants()),
        ("late", VariantPlugin("late")),
        ("agents-boom", RaisesInRegisterAgents()),
    )
    assert sorted(p.registry.variants) == ["late", "tiny"]
    assert p.registry.problems == [
        "plugin boom failed in register_variants: RuntimeError: database is on fire",
        "plugin agents-boom failed in register_agents: KeyError: 'agents'",
    ]
    assert [a.name for a in p.registry.agents_for("late")] == ["ai:dummy"]


class ReturnsItsSpec:
    @hookimpl
    def register_variants(self, register):
        return toy("returned")  # instead of register(...)


class MakesBadSpecs:
    def __init__(self, **bad):
        self.bad = bad

    @hookimpl
    def register_variants(self, register):
        register(replace(TOY, **self.bad))


def test_a_spec_returned_instead_of_registered_is_reported():
    p = load(("ret", ReturnsItsSpec()))
    assert "returned" not in p.registry.variants
    assert p.registry.problems == [
        "plugin ret failed in register_variants: it returned a VariantSpec, which is ignored: "
        "call register(spec) for each, and return nothing"
    ]


@pytest.mark.parametrize(
    "bad, says",
    [
        ({"name": "Toy Bad"}, "bad variant name 'Toy Bad'"),
        (
            {"name": "toybad", "min_players": 3, "max_players": 2},
            "bad player counts (min_players 3, max_players 2",
        ),
        ({"name": "toybad", "options_model": dict}, "options_model must be a pydantic model class"),
    ],
)
def test_a_bad_spec_made_in_a_hook_names_the_plugin(bad, says):
    p = load(("makesbad", MakesBadSpecs(**bad)))
    (line,) = p.registry.problems
    assert line.startswith("plugin makesbad failed in register_variants: ") and says in line, line


def test_an_option_with_no_default_is_refused_when_the_spec_is_made():
    from pydantic import BaseModel

    class NoDefault(BaseModel):
        bonus: int

    with pytest.raises(PluginError, match="variant toybad: every option needs a default; bonus has none"):
        replace(TOY, name="toybad", options_model=NoDefault)


@pytest.mark.parametrize(
    "name", ["", "human", "Human:bob", "my bad:name", "ai:", ":x", "a" * 65, "ai:easy\n"]
)
def test_a_computer_player_name_must_be_one_seat_takes(name):
    with pytest.raises(PluginError, match="bad computer player name"):
        AgentSpec(name, lambda seat, seed, o: RandomAgent(seed), variant="tiny")


@pytest.mark.parametrize("budget", [0, -3, 2.5, True, "32"])
def test_a_roll_out_budget_must_be_a_whole_number_of_play_outs(budget):
    with pytest.raises(PluginError, match=r"ai:fast: rollout_iterations is None or a whole number"):
        AgentSpec("ai:fast", lambda seat, seed, o: RandomAgent(seed), rollout=True, rollout_iterations=budget)
    AgentSpec("ai:fast", lambda seat, seed, o: RandomAgent(seed), rollout=True, rollout_iterations=32)


class RegistersABadName:
    @hookimpl
    def register_agents(self, register):
        register(AgentSpec("human", lambda seat, seed, o: RandomAgent(seed), variant="tiny", strength=99))


def test_a_bad_computer_player_name_is_a_problem_line_naming_the_plugin():
    p = load(("tiny", VariantPlugin("tiny")), ("badname", RegistersABadName()))
    (line,) = p.registry.problems
    assert line.startswith("plugin badname failed in register_agents: bad computer player name 'human'")
    assert [a.name for a in p.registry.agents_for("tiny")] == ["ai:dummy"]
    for ok in ("ai:hard", "ref:simple", "random", "rl:linear", "my.bot-2:v1_0"):
        AgentSpec(ok, lambda seat, seed, o: RandomAgent(seed))


def test_registering_something_else_is_reported():
    p = load(("junk", RegistersJunk()))
    assert p.registry.problems == ["plugin junk registered 'gin please', not a VariantSpec"]


def test_observer_hooks_are_isolated_and_take_a_subset_of_arguments():
    heard = []

    class Logger:
        @hookimpl
        def round_ended(self, result):  # pluggy allows fewer arguments than the spec
            heard.append(result)

    class Broken:
        @hookimpl
        def round_ended(self, match, result):
            raise ValueError("bad stats")

    p = load(("broken", Broken()), ("logger", Logger()))
    p.call("round_ended", match=None, result="R1")
    p.call("round_ended", match=None, result="R2")
    assert heard == ["R1", "R2"]
    # reported once, not once per round
    assert p.registry.problems == ["plugin broken failed in round_ended: ValueError: bad stats"]


def test_register_commands_isolated_and_recorded():
    class Adds:
        @hookimpl
        def register_commands(self, cli):
            @cli.command()
            def hello():
                "Say hello."
                click.echo("hello from a plugin")

    class Breaks:
        @hookimpl
        def register_commands(self, cli):
            raise ImportError("no module named shiny")

    p = load(("breaks", Breaks()), ("adds", Adds()))

    @click.group()
    def cli():
        pass

    p.call("register_commands", cli=cli)
    assert CliRunner().invoke(cli, ["hello"]).output == "hello from a plugin\n"
    assert p.registry.plugins["adds"]["commands"] == ["hello"]
    assert p.registry.problems == [
        "plugin breaks failed in register_commands: ImportError: no module named shiny"
    ]


def test_calling_knows_only_real_hooks():
    p = load(("typo", MisspelledHook()))
    with pytest.raises(AttributeError, match="no hook named 'register_variant'"):
        p.call("register_variant")


# -- two plugins, one name -------------------------------------------------------------


def test_two_plugins_registering_one_variant_is_an_error_naming_both():
    p = load(
        ("first-plugin", VariantPlugin("tiny")),
        ("second-plugin", VariantPlugin("tiny")),
        ("other", VariantPlugin("other")),
    )
    want = "variant 'tiny' is registered by two plugins: first-plugin and second-plugin"
    assert len(p.registry.problems) == 2  # the variant, and the agent of that variant
    assert p.registry.problems[0].startswith(want)
    assert "RUMMYKIT_DISABLE_PLUGINS=second-plugin" in p.registry.problems[0]
    assert p.registry.problems[1].startswith(
        "agent 'ai:dummy' for tiny is registered by two plugins: first-plugin and second-plugin"
    )
    # Neither wins: the name is an error until one plugin is disabled.
    with pytest.raises(PluginError, match=want):
        p.registry.variant("tiny")
    assert "tiny" not in p.registry.variants
    assert p.registry.variant("other").plugin == "other"


def test_disabling_one_of_two_resolves_the_conflict(monkeypatch):
    monkeypatch.setenv(DISABLE_ENV, "second-plugin")
    p = load(("first-plugin", VariantPlugin("tiny")), ("second-plugin", VariantPlugin("tiny")))
    assert p.registry.problems == []
    assert p.registry.variant("tiny").plugin == "first-plugin"


def test_three_plugins_one_name():
    p = load(("a", VariantPlugin("tiny")), ("b", VariantPlugin("tiny")), ("c", VariantPlugin("tiny")))
    with pytest.raises(PluginError, match="registered by three plugins: a, b and c"):
        p.registry.variant("tiny")


def test_an_unknown_variant_is_still_a_plain_error():
    with pytest.raises(UnknownVariant, match="unknown variant 'nope'"):
        load().registry.variant("nope")


# -- misspelled hooks are caught at load --------------------------------------------------


class MisspelledHook:
    @hookimpl
    def register_variant(self, register):  # missing the final s
        register(toy("never"))


class MisspelledArgument:
    @hookimpl
    def register_variants(self, registr):
        registr(toy("never"))


def test_a_misspelled_hook_name_is_caught_at_load():
    p = load(("typo", MisspelledHook()), ("good", VariantPlugin("tiny")))
    assert p.registry.problems == [
        "plugin typo implements unknown hook 'register_variant'; did you mean register_variants?"
    ]
    assert not p.pm.has_plugin("typo")
    assert sorted(p.registry.variants) == ["tiny"]


def test_a_misspelled_hook_argument_is_caught_at_load():
    p = load(("typo", MisspelledArgument()), ("good", VariantPlugin("tiny")))
    (line,) = p.registry.problems
    assert line.startswith("plugin typo has a bad hook implementation: PluginValidationError")
    assert "registr" in line and "\n" not in line
    assert sorted(p.registry.variants) == ["tiny"]


def test_an_optional_hook_for_another_project_is_not_an_error():
    class Optional:
        @hookimpl(optionalhook=True)
        def some_future_hook(self):
            pass

    assert load(("opt", Optional())).registry.problems == []


def test_hook_names_are_the_hookspecs():
    assert hook_names() == [
        "match_ended",
        "register_agents",
        "register_commands",
        "register_variants",
        "round_ended",
    ]


# -- entry points --------------------------------------------------------------------------


@pytest.fixture
def fake_entry_points(tmp_path, monkeypatch):
    """Replace the installed entry points of the group by modules written to
    tmp_path: ``fake({"name": "module source"})``."""

    def fake(sources: dict[str, str]):
        eps = []
        for name, source in sources.items():
            module = f"rk_fake_{name.replace('-', '_')}"
            (tmp_path / f"{module}.py").write_text(textwrap.dedent(source))
            eps.append(metadata.EntryPoint(name=name, value=module, group="rummykit"))
        monkeypatch.syspath_prepend(str(tmp_path))

        def entry_points(group=None, **kw):
            return [ep for ep in eps if group in (None, ep.group)]

        monkeypatch.setattr(core_plugins.metadata, "entry_points", entry_points)

    return fake


GOOD = """
    from dataclasses import replace
    from rummykit import hookimpl
    from rummykit.variants.gin import make_spec

    @hookimpl
    def register_variants(register):
        register(make_spec(name="tinygin", title="Tiny Gin"))
"""


def test_a_plugin_that_fails_to_import_is_one_line_and_the_others_load(fake_entry_points):
    fake_entry_points(
        {
            "good": GOOD,
            "broken": "import rummykit_no_such_module\n",
            "exits": "raise SystemExit(3)\n",
            "syntax": "def oops(:\n",
        }
    )
    p = Plugins()
    assert sorted(p.registry.variants) == ["tinygin"]
    assert p.registry.problems == [
        "plugin broken failed to load: ModuleNotFoundError: No module named 'rummykit_no_such_module'",
        "plugin exits failed to load: SystemExit: 3",
        p.registry.problems[2],
    ]
    assert p.registry.problems[2].startswith("plugin syntax failed to load: SyntaxError:")
    assert p.registry.plugins["broken"]["status"] == "failed to load"
    assert p.registry.plugins["good"]["module"] == "rk_fake_good"


def test_entry_point_plugins_can_be_disabled(fake_entry_points, monkeypatch):
    fake_entry_points({"good": GOOD, "broken": "import rummykit_no_such_module\n"})
    monkeypatch.setenv(DISABLE_ENV, "broken,good")
    p = Plugins()
    assert p.registry.problems == [] and p.registry.variants == {}
    assert {n: e["status"] for n, e in p.registry.plugins.items()} == {
        "good": f"disabled by {DISABLE_ENV}",
        "broken": f"disabled by {DISABLE_ENV}",
    }


def test_the_installed_plugins_load_cleanly():
    p = Plugins()
    assert p.registry.problems == []
    for name in ("core", "gin", "cardverse"):
        assert p.registry.plugins[name]["status"] == "loaded"
        assert p.registry.plugins[name]["distribution"] == "rummykit"
        assert p.registry.plugins[name]["version"]
    assert {"gin", "cardverse"} <= set(p.registry.variants)


# -- conflicts hurt no bystander, whatever the order ------------------------------------------


class ClashingEasy:
    """A third-party plugin: its own ai:easy for Gin (a conflict with Gin's) and
    another bot for Gin (no conflict)."""

    @hookimpl
    def register_agents(self, register):
        register(AgentSpec("ai:easy", lambda seat, seed, o: RandomAgent(seed), variant="gin", strength=5))
        register(AgentSpec("ai:other", lambda seat, seed, o: RandomAgent(seed), variant="gin", strength=5))


def gin_and(*extra):
    from rummykit.variants.gin import plugin as gin_plugin

    return load(("gin", gin_plugin), *extra)


@pytest.mark.parametrize("first", [True, False])
def test_a_clashing_ai_easy_leaves_gins_other_bots_in_place(first):
    from rummykit.variants.gin import plugin as gin_plugin

    plugins = [("gin", gin_plugin), ("clash", ClashingEasy())]
    p = load(*(plugins if first else plugins[::-1]))
    names = [a.name for a in p.registry.agents_for("gin")]
    assert names == [
        "ai:hard",
        "ai:search",
        "ai:normal",
        "ref:simple",
        "ref:novice",
        "ai:other",
    ]  # (gin's own ai:search)
    assert p.registry.problems == [
        "agent 'ai:easy' for gin is registered by two plugins: clash and gin "
        "(disable all but one, e.g. RUMMYKIT_DISABLE_PLUGINS=clash)"
    ]
    with pytest.raises(PluginError, match="agent 'ai:easy' for gin is registered by two plugins"):
        p.registry.agent("gin", "ai:easy")
    assert p.registry.agent("gin", "ai:hard").plugin == "gin"
    assert p.registry.strongest_agent("gin").name == "ai:hard"


def test_a_conflict_does_not_depend_on_the_order_plugins_load_in():
    outcomes = set()
    for order in ([0, 1, 2], [2, 1, 0], [1, 0, 2]):
        plugins = [("a", VariantPlugin("tiny")), ("b", VariantPlugin("tiny")), ("c", VariantPlugin("other"))]
        p = load(*[plugins[i] for i in order])
        outcomes.add((tuple(p.registry.problems), tuple(sorted(p.registry.variants))))
    assert len(outcomes) == 1
    ((problems, variants),) = outcomes
    assert variants == ("other",)
    assert problems[0].startswith("variant 'tiny' is registered by two plugins: a and b")


def test_a_conflict_does_not_stop_the_rest_of_the_hook():
    class Copycat:
        @hookimpl
        def register_variants(self, register):
            register(toy("tiny"))  # a conflict
            register(toy("mine"))  # still registered

    p = load(("first", VariantPlugin("tiny")), ("copycat", Copycat()))
    assert sorted(p.registry.variants) == ["mine"]
    assert p.registry.variant("mine").plugin == "copycat"
    assert p.registry.conflicts == {"tiny": ["copycat", "first"]}


# -- hooks run through pluggy: ordering and wrappers -----------------------------------------


def _logging_plugins(log):
    class Plain:
        @hookimpl
        def register_variants(self, register):
            log.append("plain")

    class First:
        @hookimpl(tryfirst=True)
        def register_variants(self, register):
            log.append("first")

    class Last:
        @hookimpl(trylast=True)
        def register_variants(self, register):
            log.append("last")

    class Later:
        @hookimpl
        def register_variants(self, register):
            log.append("later")

    return [("first", First()), ("plain", Plain()), ("last", Last()), ("later", Later())]


def test_tryfirst_and_trylast_order_the_calls_as_pluggy_does():
    import pluggy

    from rummykit.core.plugins import hookspecs

    ours = []
    load(*_logging_plugins(ours))
    theirs = []
    pm = pluggy.PluginManager(hookspecs.PROJECT)  # pluggy itself, for the documented order
    pm.add_hookspecs(hookspecs)
    for name, plugin in _logging_plugins(theirs):
        pm.register(plugin, name=name)
    pm.hook.register_variants(register=lambda spec: None)
    # tryfirst first, trylast last, the others last registered first
    assert ours == theirs == ["first", "later", "plain", "last"]


def test_a_wrapper_runs_around_the_other_implementations_and_its_result_counts():
    log = []

    class Wrapper:
        @hookimpl(wrapper=True)
        def round_ended(self, match, result):
            log.append("before")
            results = yield
            log.append(("after", list(results)))
            return [*results, "from the wrapper"]

    class OldWrapper:
        @hookimpl(hookwrapper=True)
        def round_ended(self, result):
            log.append("old before")
            outcome = yield
            log.append(("old after", outcome.get_result()))

    class Observer:
        @hookimpl
        def round_ended(self, result):
            log.append("observer")
            return "seen " + result

    p = load(("observer", Observer()), ("wrapper", Wrapper()), ("old", OldWrapper()))
    assert p.call("round_ended", match=None, result="R1") == ["seen R1", "from the wrapper"]
    assert log == [
        "old before",
        "before",
        "observer",
        ("after", ["seen R1"]),
        ("old after", ["seen R1", "from the wrapper"]),
    ]
    assert p.registry.problems == []


def test_a_registration_wrapper_sees_the_others_register():
    seen = []

    class Wrapper:
        @hookimpl(wrapper=True)
        def register_variants(self, register):
            register(toy("wrapped"))  # registered under the wrapper's plugin
            yield
            seen.append("after")

    p = load(("tiny", VariantPlugin("tiny")), ("wrap", Wrapper()))
    assert seen == ["after"]
    assert p.registry.variant("wrapped").plugin == "wrap"
    assert p.registry.variant("tiny").plugin == "tiny"


def test_a_wrapper_that_fails_is_one_line_and_the_result_passes_through():
    class Raises:
        @hookimpl(wrapper=True)
        def round_ended(self, result):
            raise ValueError("before its yield")
            yield

    class RaisesAfter:
        @hookimpl(wrapper=True)
        def round_ended(self, result):
            yield
            raise ValueError("after its yield")

    class NoYield:
        @hookimpl(hookwrapper=True)
        def round_ended(self, result):
            return
            yield

    class Observer:
        @hookimpl
        def round_ended(self, result):
            return result

    p = load(("observer", Observer()), ("raises", Raises()), ("after", RaisesAfter()), ("noyield", NoYield()))
    assert p.call("round_ended", match=None, result="R") == ["R"]
    assert sorted(p.registry.problems) == [
        "plugin after failed in round_ended (after its yield): ValueError: after its yield",
        "plugin noyield failed in round_ended: the hook wrapper did not yield",
        "plugin raises failed in round_ended: ValueError: before its yield",
    ]


# -- one warning line each ----------------------------------------------------------------------


def test_a_hook_named_function_without_hookimpl_is_a_warning():
    class Forgot:
        def register_variants(self, register):  # no @hookimpl: never called
            register(toy("never"))

        @hookimpl
        def register_agents(self, register):
            pass

    p = load(("forgot", Forgot()))
    assert p.registry.problems == [
        "plugin forgot: register_variants is not marked @hookimpl, so it is never called "
        "(decorate it with @rummykit.hookimpl)"
    ]
    assert "never" not in p.registry.variants


def test_an_agent_for_a_variant_no_plugin_registers_is_a_warning():
    class Stray:
        @hookimpl
        def register_agents(self, register):
            for name in ("ai:b", "ai:a"):
                register(AgentSpec(name, lambda seat, seed, o: RandomAgent(seed), variant="nosuch"))

    p = load(("tiny", VariantPlugin("tiny")), ("stray", Stray()))
    assert p.registry.problems == [
        "plugin stray registers agents 'ai:a', 'ai:b' for variant 'nosuch', which no plugin registers"
    ]


def test_a_strength_outside_the_range_is_a_warning_and_clamped():
    from rummykit.core.bots.builtin import register_agents as core_agents  # random, ai:search

    class Boastful:
        @hookimpl
        def register_agents(self, register):
            register(AgentSpec("ai:god", lambda seat, seed, o: RandomAgent(seed), strength=1000))
            register(
                AgentSpec("ai:giant", lambda seat, seed, o: RandomAgent(seed), variant="tiny", strength=500)
            )
            register(
                AgentSpec("ai:low", lambda seat, seed, o: RandomAgent(seed), variant="tiny", strength=-3)
            )

    class Core:
        register_agents = staticmethod(core_agents)

    p = load(("core", Core()), ("gin", __import__("rummykit.variants.gin.plugin", fromlist=["x"])))
    p2 = load(
        ("core", Core()),
        ("gin", __import__("rummykit.variants.gin.plugin", fromlist=["x"])),
        ("tiny", VariantPlugin("tiny")),
        ("boast", Boastful()),
    )
    assert p2.registry.problems == [
        "agent 'ai:god' of plugin boast: strength 1000 is outside a generic agent's range 0-25; taken as 25",
        "agent 'ai:giant' of plugin boast: strength 500 is outside an agent's range 0-100; taken as 100",
        "agent 'ai:low' of plugin boast: strength -3 is outside an agent's range 0-100; taken as 0",
    ]
    # A generic agent claiming 1000 is not the default opponent where a variant has a stronger bot.
    assert p2.registry.strongest_agent("gin").name == p.registry.strongest_agent("gin").name == "ai:hard"
    assert p2.registry.agent("gin", "ai:god").strength == 25
    assert p2.registry.strongest_agent("tiny").name == "ai:giant"


def test_a_plugin_command_overwriting_another_is_a_conflict_naming_both():
    class One:
        @hookimpl
        def register_commands(self, cli):
            @cli.command(name="same")
            def one():
                click.echo("one")

    class Two:
        @hookimpl
        def register_commands(self, cli):
            @cli.command(name="same")
            def two():
                click.echo("two")

    p = load(("one", One()), ("two", Two()))

    @click.group()
    def cli():
        pass

    p.register_commands(cli)
    assert "same" not in cli.commands
    assert p.command_conflicts == {"same": ["one", "two"]}
    assert p.registry.problems == [
        "command 'same' is registered by two plugins: one and two "
        "(disable all but one, e.g. RUMMYKIT_DISABLE_PLUGINS=two)"
    ]


def test_a_wrapper_pluggy_refuses_is_one_line_at_load():
    class NotAGenerator:
        @hookimpl(wrapper=True)
        def register_variants(self, register):
            return None

    p = load(("nogen", NotAGenerator()), ("tiny", VariantPlugin("tiny")))
    (line,) = p.registry.problems
    assert line.startswith("plugin nogen has a bad hook implementation: PluginValidationError")
    assert "generator" in line and "\n" not in line
    assert sorted(p.registry.variants) == ["tiny"]


def test_a_spec_with_no_options_model_or_dealer_is_refused_when_made():
    from dataclasses import replace

    from rummykit.variants.gin.spec import SPEC

    with pytest.raises(PluginError, match="options_model must be a pydantic model class"):
        replace(SPEC, name="nodict", options_model=dict)
    with pytest.raises(PluginError, match="new_round must be callable"):
        replace(SPEC, name="nonew", new_round=None)


@pytest.mark.parametrize("name", ["Gin", "gin rummy", "2gin", "gin-", "g" * 41, "gïn", ""])
def test_a_variant_name_follows_the_rule_new_variant_follows(name):
    from dataclasses import replace

    from rummykit.variants.gin.spec import SPEC

    with pytest.raises(PluginError, match="bad variant name"):
        replace(SPEC, name=name)


def test_a_long_bad_variant_name_is_shown_short():
    from dataclasses import replace

    from rummykit.variants.gin.spec import SPEC

    with pytest.raises(PluginError, match=r"\(300 characters\)") as e:
        replace(SPEC, name="X" * 300)
    assert len(str(e.value)) < 250


def test_pluggys_hook_implementations_are_left_as_the_plugin_wrote_them():
    plugin = VariantPlugin("tiny")
    p = load(("tiny", plugin))
    (impl,) = p.pm.hook.register_variants.get_hookimpls()
    assert impl.function == plugin.register_variants
    assert impl.plugin is plugin and impl.plugin_name == "tiny"


def test_a_generic_player_not_offered_for_a_variant_may_say_why():
    class Picky:
        @hookimpl
        def register_agents(self, register):
            register(
                AgentSpec(
                    "ai:picky",
                    lambda seat, seed, o: RandomAgent(seed),
                    per_variant=lambda spec, registry: f"{spec.name} has too few cards",
                )
            )

    p = load(("tiny", VariantPlugin("tiny")), ("picky", Picky()))
    assert [a.name for a in p.registry.agents_for("tiny")] == ["ai:dummy"]
    with pytest.raises(
        UnknownAgent,
        match=r"^no computer player 'ai:picky' for tiny \(available: ai:dummy\); "
        r"ai:picky cannot play it: tiny has too few cards$",
    ):
        p.registry.agent("tiny", "ai:picky")
    assert p.registry.problems == []
