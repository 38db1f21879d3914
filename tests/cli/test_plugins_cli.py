"""Plugin hygiene through the real ``rummy`` command.

Throwaway plugin packages are "installed" without pip (tests/helpers/sites.py):
each test writes the plugin's module and a ``<dist>-<version>.dist-info`` folder
(METADATA and entry_points.txt, which is all ``importlib.metadata`` reads) into a
temporary folder, and runs ``rummy`` in the test process with that folder on
``sys.path``. ``rummy`` finds the entry points exactly as it would find a
pip-installed distribution's, and the project's virtual environment is never changed.
"""

from __future__ import annotations

import json

import pytest

from ..helpers.sites import fake_install, rummy
from ..marks import slow

TINY = """
    import click
    from rummykit import hookimpl
    from rummykit.variants.gin import easy_agent_spec, make_spec

    @hookimpl
    def register_variants(register):
        register(make_spec(name="tinygin", title="Tiny Gin", rules_text="Gin, but tiny."))

    @hookimpl
    def register_agents(register):
        register(easy_agent_spec("tinygin"))

    @hookimpl
    def register_commands(cli):
        @cli.command()
        def tiny():
            "Say something tiny."
            click.echo("tiny!")
"""


@pytest.fixture
def site(tmp_path):
    site = tmp_path / "site"
    fake_install(site, "rummykit-tiny", "1.2.3", {"tiny": "rk_tiny"}, {"rk_tiny": TINY})
    return site


def test_an_installed_plugin_is_listed_with_its_version_and_what_it_registered(site):
    r = rummy(site, "plugins")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("tiny "))
    assert line.split()[:3] == ["tiny", "1.2.3", "rummykit-tiny"]
    assert "variants: tinygin; agents: ai:easy (tinygin); commands: tiny" in line
    assert any(ln.startswith("gin ") for ln in r.stdout.splitlines())  # the built-ins are plugins too

    data = json.loads(rummy(site, "plugins", "--json").stdout)
    tiny = next(p for p in data["plugins"] if p["name"] == "tiny")
    assert tiny == {
        "name": "tiny",
        "version": "1.2.3",
        "distribution": "rummykit-tiny",
        "module": "rk_tiny",
        "status": "loaded",
        "variants": ["tinygin"],
        "agents": ["ai:easy (tinygin)"],
        "commands": ["tiny"],
    }
    assert data["problems"] == []


def test_an_installed_plugin_plays(site):
    r = rummy(site, "variants")
    assert "tinygin" in r.stdout and "Tiny Gin" in r.stdout
    assert rummy(site, "tiny").stdout == "tiny!\n"
    r = rummy(
        site, "play", "tinygin", "--seat", "ai:easy", "--seat", "random", "--seed", "3", "-o", "target=10"
    )
    assert r.returncode == 0, r.stderr
    assert "=== match over:" in r.stdout


def test_disable_env_blocks_a_plugin_by_name(site):
    r = rummy(site, "variants", disable="tiny")
    assert r.returncode == 0 and "tinygin" not in r.stdout and "gin" in r.stdout
    r = rummy(site, "plugins", disable="tiny,gin")
    for name in ("tiny", "gin"):
        row = next(ln for ln in r.stdout.splitlines() if ln.startswith(name + " "))
        assert "disabled by RUMMYKIT_DISABLE_PLUGINS" in row
    r = rummy(site, "variants", disable="gin")
    names = [ln.split()[0] for ln in r.stdout.splitlines()[1:]]
    assert "gin" not in names and {"cardverse", "tinygin"} <= set(names)
    r = rummy(site, "play", "gin", disable="gin")
    assert r.returncode == 2
    assert r.stderr.startswith("rummy: unknown variant 'gin'")


@slow  # the case of a test in tests/core/test_plugins.py, through the program
def test_a_plugin_that_fails_to_import_is_one_line_and_everything_else_works(tmp_path, site):
    fake_install(
        site,
        "rummykit-broken",
        "0.1",
        {"broken": "rk_broken"},
        {"rk_broken": "import rummykit_not_installed_anywhere\n"},
    )
    r = rummy(site, "variants")
    assert r.returncode == 0
    assert r.stderr.splitlines() == [
        "rummy: warning: plugin broken failed to load: ModuleNotFoundError: "
        "No module named 'rummykit_not_installed_anywhere'"
    ]
    assert "tinygin" in r.stdout and "cardverse" in r.stdout
    r = rummy(site, "plugins")
    assert "FAILED TO LOAD" in next(ln for ln in r.stdout.splitlines() if ln.startswith("broken "))
    assert "Problems:" in r.stdout and r.stderr == ""
    assert rummy(site, "variants", disable="broken").stderr == ""


@slow  # the case of a test in tests/core/test_plugins.py, through the program
def test_a_plugin_raising_in_a_hook_is_one_line_and_everything_else_works(site):
    fake_install(
        site,
        "rummykit-raises",
        "0.1",
        {"raises": "rk_raises"},
        {
            "rk_raises": """
        from rummykit import hookimpl

        @hookimpl
        def register_variants(register):
            raise RuntimeError("cannot find my rules")

        @hookimpl
        def register_commands(cli):
            raise RuntimeError("no commands today")

        @hookimpl
        def round_ended(match, result):
            raise ZeroDivisionError("stats")
    """
        },
    )
    r = rummy(
        site, "play", "tinygin", "--seat", "random", "--seat", "random", "--seed", "1", "-o", "target=1"
    )
    assert r.returncode == 0
    assert "=== match over:" in r.stdout
    assert sorted(r.stderr.splitlines()) == [
        "rummy: warning: plugin raises failed in register_variants: RuntimeError: cannot find my rules",
        "rummy: warning: plugin raises failed in round_ended: ZeroDivisionError: stats",
    ]
    r = rummy(site, "--help")
    assert "tiny" in r.stdout  # the other plugin's command is still there
    assert "plugin raises failed in register_commands: RuntimeError: no commands today" in r.stderr


@slow  # the case of a test in tests/core/test_plugins.py, through the program
def test_two_plugins_registering_one_variant_name_is_an_error_naming_both(site):
    fake_install(
        site,
        "rummykit-copycat",
        "0.1",
        {"copycat": "rk_copycat"},
        {
            "rk_copycat": """
        from rummykit import hookimpl
        from rummykit.variants.gin import make_spec

        @hookimpl
        def register_variants(register):
            register(make_spec(name="tinygin", title="Another Tiny Gin"))
    """
        },
    )
    r = rummy(site, "variants")
    assert "tinygin" not in r.stdout
    (line,) = r.stderr.splitlines()
    assert "variant 'tinygin' is registered by two plugins:" in line
    assert "tiny" in line and "copycat" in line
    r = rummy(site, "play", "tinygin", "--seat", "random", "--seat", "random")
    assert r.returncode == 2
    assert "rummy: variant 'tinygin' is registered by two plugins:" in r.stderr
    r = rummy(site, "variants", disable="copycat")
    assert "Tiny Gin" in r.stdout and r.stderr == ""


@slow  # the case of a test in tests/core/test_plugins.py, through the program
def test_a_misspelled_hook_is_caught_at_load(site):
    fake_install(
        site,
        "rummykit-typo",
        "0.1",
        {"typo": "rk_typo"},
        {
            "rk_typo": """
        from rummykit import hookimpl

        @hookimpl
        def register_variant(register):
            pass
    """
        },
    )
    r = rummy(site, "variants")
    assert r.returncode == 0 and "tinygin" in r.stdout
    assert r.stderr.splitlines() == [
        "rummy: warning: plugin typo implements unknown hook 'register_variant'; "
        "did you mean register_variants?"
    ]


def test_two_distributions_declaring_one_plugin_name_is_reported(site):
    fake_install(
        site,
        "rummykit-impostor",
        "9.9",
        {"gin": "rk_impostor"},
        {
            "rk_impostor": """
        from rummykit import hookimpl
        from rummykit.variants.gin import make_spec

        @hookimpl
        def register_variants(register):
            register(make_spec(name="impostor", title="Not Gin"))
    """
        },
    )
    r = rummy(site, "variants")
    assert r.returncode == 0
    names = [line.split()[0] for line in r.stdout.splitlines()[1:]]
    assert "gin" not in names and "impostor" not in names  # neither wins
    assert "cardverse" in names and "tinygin" in names
    (line,) = r.stderr.splitlines()
    assert "plugin name 'gin' is declared by 2 distributions:" in line
    assert "rummykit-impostor" in line and " rummykit" in line
    assert "neither is loaded" in line
    r = rummy(site, "plugins")
    assert "name conflict" in next(ln for ln in r.stdout.splitlines() if ln.startswith("gin "))


def test_a_plugin_command_named_like_a_built_in_is_a_conflict_and_the_built_in_is_kept(site):
    fake_install(
        site,
        "rummykit-squatter",
        "0.1",
        {"squatter": "rk_squatter"},
        {
            "rk_squatter": """
        import click
        from rummykit import hookimpl

        @hookimpl
        def register_commands(cli):
            @cli.command()
            def play():
                "Squatted play."
                click.echo("squatted!")

            @cli.command()
            def extra():
                "An extra command."
                click.echo("extra!")
    """
        },
    )
    r = rummy(site, "--help")
    assert r.returncode == 0
    play_line = next(ln for ln in r.stdout.splitlines() if ln.strip().startswith("play "))
    assert "Play a variant in the terminal" in play_line and "Squatted" not in r.stdout
    assert "extra" in r.stdout  # the plugin's other command is fine
    (line,) = r.stderr.splitlines()
    assert line == (
        "rummy: warning: command 'play' of plugin squatter has the name of a built-in "
        "command; the built-in 'play' is kept (rename the plugin's command)"
    )
    r = rummy(site, "play", "gin", "--seat", "random", "--seat", "random", "--seed", "1", "-o", "target=1")
    assert r.returncode == 0 and "=== match over:" in r.stdout and "squatted!" not in r.stdout
    r = rummy(site, "plugins")
    assert "commands: extra, play (conflict)" in next(
        ln for ln in r.stdout.splitlines() if ln.startswith("squatter ")
    )
    assert "command 'play' of plugin squatter" in r.stdout  # listed under Problems
    assert rummy(site, "extra").stdout == "extra!\n"


@slow
def test_two_plugins_adding_one_command_name_is_a_conflict_neither_wins(site):
    fake_install(
        site,
        "rummykit-copycat",
        "0.1",
        {"copycat": "rk_copycat"},
        {
            "rk_copycat": """
        import click
        from rummykit import hookimpl

        @hookimpl
        def register_commands(cli):
            @cli.command()
            def tiny():
                "A copy of tiny."
                click.echo("copy!")
    """
        },
    )
    r = rummy(site, "--help")
    assert r.returncode == 0
    assert not any(ln.strip().startswith("tiny ") for ln in r.stdout.splitlines())
    (line,) = r.stderr.splitlines()
    assert line.startswith("rummy: warning: command 'tiny' is registered by two plugins: ")
    assert "tiny and copycat" in line or "copycat and tiny" in line
    r = rummy(site, "tiny")
    assert r.returncode == 2 and r.stdout == ""
    (line,) = r.stderr.splitlines()  # the error, not repeated as a warning
    assert line.startswith("rummy: command 'tiny' is registered by two plugins: ")
    assert "RUMMYKIT_DISABLE_PLUGINS=" in line
    r = rummy(site, "tiny", disable="copycat")
    assert r.returncode == 0 and r.stdout == "tiny!\n" and r.stderr == ""


CLASH = """
    from rummykit import hookimpl
    from rummykit.core.bots.agents import RandomAgent
    from rummykit.core.plugins.registry import AgentSpec

    def factory(seat, seed, options):
        return RandomAgent(seed)

    @hookimpl
    def register_agents(register):
        register(AgentSpec("ai:easy", factory, variant="gin", strength=5))  # Gin has one
        register(AgentSpec("ai:lazy", factory, variant="gin", strength=5))
"""


@slow  # the case of a test in tests/core/test_plugins.py, through the program
def test_a_clashing_ai_easy_leaves_gins_other_bots_and_is_listed(site):
    fake_install(site, "rummykit-clash", "0.1", {"clash": "rk_clash"}, {"rk_clash": CLASH})
    r = rummy(site, "rules", "gin")
    assert r.returncode == 0
    players = next(ln for ln in r.stdout.splitlines() if ln.startswith("Computer players: "))
    assert players.split(": ")[1].split(", ") == [
        "ai:hard",
        "ai:search",
        "ai:normal",
        "ref:simple",
        "ref:novice",
        "ai:lazy",
        "spar:heuristic",  # benchmarks/sparring, installed for the tests
        "spar:tempo",
        "random",
    ]
    assert r.stderr.splitlines() == [
        "rummy: warning: agent 'ai:easy' for gin is registered by two plugins: clash and gin "
        "(disable all but one, e.g. RUMMYKIT_DISABLE_PLUGINS=clash)"
    ]
    r = rummy(
        site, "play", "gin", "--seat", "ai:hard", "--seat", "ref:novice", "--seed", "2", "-o", "target=5"
    )
    assert r.returncode == 0 and "=== match over:" in r.stdout
    r = rummy(site, "play", "gin", "--seat", "ai:easy", "--seat", "random")
    assert r.returncode == 2
    assert r.stderr.splitlines()[0].startswith("rummy: agent 'ai:easy' for gin is registered by two plugins")
    r = rummy(site, "plugins")
    assert "ai:easy (gin) (conflict)" in next(ln for ln in r.stdout.splitlines() if ln.startswith("clash "))
    assert "ai:easy (gin) (conflict)" in next(ln for ln in r.stdout.splitlines() if ln.startswith("gin "))
    assert "agent 'ai:easy' for gin is registered by two plugins" in r.stdout.split("Problems:")[1]
    data = json.loads(rummy(site, "plugins", "--json").stdout)
    assert data["conflicts"] == [
        {"kind": "agent", "name": "ai:easy", "variant": "gin", "plugins": ["clash", "gin"]}
    ]
    assert rummy(site, "rules", "gin", disable="clash").stderr == ""


def test_warnings_are_one_line_each_once(site):
    fake_install(
        site,
        "rummykit-sloppy",
        "0.1",
        {"sloppy": "rk_sloppy"},
        {
            "rk_sloppy": """
        from rummykit import hookimpl
        from rummykit.core.bots.agents import RandomAgent
        from rummykit.core.plugins.registry import AgentSpec

        def factory(seat, seed, options):
            return RandomAgent(seed)

        def register_variants(register):  # not marked: never called
            pass

        @hookimpl
        def register_agents(register):
            register(AgentSpec("ai:ghost", factory, variant="nosuch"))
            register(AgentSpec("ai:boast", factory, strength=1000))
    """
        },
    )
    r = rummy(site, "play", "gin", "--seat", "random", "--seat", "random", "--seed", "1", "-o", "target=1")
    assert r.returncode == 0 and "=== match over:" in r.stdout
    assert r.stderr.splitlines() == [
        "rummy: warning: plugin sloppy: register_variants is not marked @hookimpl, so it is never "
        "called (decorate it with @rummykit.hookimpl)",
        "rummy: warning: agent 'ai:boast' of plugin sloppy: strength 1000 is outside a generic "
        "agent's range 0-25; taken as 25",
        "rummy: warning: plugin sloppy registers agent 'ai:ghost' for variant 'nosuch', which no "
        "plugin registers",
    ]


HOUSE = """
    from rummykit import hookimpl
    from rummykit.variants.gin import make_spec

    @hookimpl
    def register_variants(register):
        register(make_spec(name="ginhouse", title="Gin, a house rule"))

    @hookimpl
    def register_agents(register):
        from rummykit.variants.gin import easy_agent_spec
        from rummykit.variants.gin.bots import register_bots

        register(easy_agent_spec("ginhouse"))
        register_bots(register, variant="ginhouse")  # Gin's bots: they know Gin, not this
"""


def test_gins_bots_offered_for_a_house_rule_are_not_its_default_opponent(site):
    fake_install(site, "rummykit-house", "0.1", {"house": "rk_house"}, {"rk_house": HOUSE})
    r = rummy(site, "play", "gin", stdin="quit\n", tmp=site / "d1")
    assert r.stdout.splitlines()[0] == "Cardems Gin: Player 1 (human), Hard bot (ai:hard); first to 100"
    r = rummy(site, "play", "ginhouse", stdin="quit\n", tmp=site / "d2")
    first = r.stdout.splitlines()[0]
    assert first.startswith("Gin, a house rule: Player 1 (human), ") and "(ai:search)" in first, r.stderr
    r = rummy(site, "rules", "ginhouse")
    assert "ai:hard" in r.stdout  # still offered by name


BROKEN_ROUND = """
    from rummykit import hookimpl
    from rummykit.variants.gin import GinRound, easy_agent_spec, make_spec


    class Broken(GinRound):
        def view(self, seat):
            if len(self.history) >= 3:
                raise RuntimeError("view exploded")
            return super().view(seat)


    @hookimpl
    def register_variants(register):
        register(make_spec(name="brokengin", title="Broken Gin", round_class=Broken, rules_text="Gin."))

    @hookimpl
    def register_agents(register):
        register(easy_agent_spec("brokengin"))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["play", "brokengin", "--seat", "random", "--seat", "random", "--seed", "1"],
        ["simulate", "brokengin", "--seat", "random", "--seat", "random", "--matches", "2"],
        ["simulate", "brokengin", "--seat", "random", "--seat", "random", "--matches", "2", "--workers", "2"],
    ],
)
def test_a_plugins_variant_that_raises_is_one_line_naming_the_plugin(site, args):
    fake_install(
        site, "rummykit-broken", "0.1.0", {"broken": "broken_plugin"}, {"broken_plugin": BROKEN_ROUND}
    )
    r = rummy(site, *args)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr
    (line,) = r.stderr.splitlines()
    assert line.startswith(
        "rummy: plugin broken failed: RuntimeError: view exploded (broken_plugin.py, line "
    ), line
    assert line.endswith("RUMMYKIT_DISABLE_PLUGINS=broken switches it off")


BROKEN_CONTRACTS = """
    import dataclasses

    from rummykit import hookimpl
    from rummykit.variants.gin import GinRound, easy_agent_spec, make_spec


    class Fickle(GinRound):
        calls = 0

        def legal_actions(self):
            Fickle.calls += 1
            legal = super().legal_actions()
            return legal if Fickle.calls % 2 else legal[1:] + legal[:0]


    class Stuck(GinRound):
        def legal_actions(self):
            return () if len(self.history) >= 3 else super().legal_actions()


    class Blind(GinRound):  # a view() that forgot its return
        def view(self, seat):
            super().view(seat)


    class Silent(GinRound):  # a perform() that forgot its return, on the third move
        def perform(self, action):
            event = super().perform(action)
            return None if len(self.history) == 2 else event


    class Undealt(GinRound):
        pass


    @hookimpl
    def register_variants(register):
        register(make_spec(name="fickle", title="Fickle Gin", round_class=Fickle, rules_text="Gin."))
        register(make_spec(name="stuck", title="Stuck Gin", round_class=Stuck, rules_text="Gin."))
        register(make_spec(name="blind", title="Blind Gin", round_class=Blind, rules_text="Gin."))
        register(make_spec(name="silent", title="Silent Gin", round_class=Silent, rules_text="Gin."))
        spec = make_spec(name="undealt", title="Undealt Gin", round_class=Undealt, rules_text="Gin.")
        factory = type(spec.new_round)

        class Nothing(factory):  # a new_round that forgot its return
            def __call__(self, options, n_seats, round_index, rng):
                factory.__call__(self, options, n_seats, round_index, rng)

        register(dataclasses.replace(spec, new_round=Nothing(Undealt, "undealt")))
"""


@pytest.mark.parametrize(
    "variant, fault",
    [
        ("fickle", "refused "),
        ("stuck", "offers seat "),
        ("blind", "returned NoneType from view(0), not a View"),
        ("silent", "returned NoneType from perform("),
        ("undealt", "dealt NoneType from its new_round, not a Round"),
    ],
)
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_variant_breaking_the_contract_in_play_is_named_not_the_bot_or_the_user(
    site, variant, fault, command
):
    fake_install(
        site,
        "rummykit-contracts",
        "0.1.0",
        {"contracts": "contracts_plugin"},
        {"contracts_plugin": BROKEN_CONTRACTS},
    )
    args = ["--seat", "random", "--seat", "random", "--seed", "1"]
    r = rummy(site, command, variant, *args, *(["--matches", "1"] if command == "simulate" else []))
    assert r.returncode == 1, r.stderr
    (line,) = r.stderr.splitlines()
    assert line.startswith(f"rummy: variant {variant} {fault}"), line
    assert line.endswith(
        "which breaks the engine contract (rummykit.testing.check_variant finds such faults)"
    )


CUT_DECK = """
    from rummykit import hookimpl
    from rummykit.variants.gin import GinRound, make_spec


    class Cut(GinRound):  # a cut before the shuffle: chance core cannot re-deal
        def __init__(self, options, round_index, rng, *args, **kwargs):
            rng.random()
            super().__init__(options, round_index, rng, *args, **kwargs)


    @hookimpl
    def register_variants(register):
        register(make_spec(name="cutgin", title="Cut Gin", round_class=Cut, rules_text="Gin."))
"""


def test_a_variant_ai_search_cannot_play_says_why_in_its_rules_and_when_asked_for(site):
    fake_install(site, "rummykit-cut", "0.1.0", {"cut": "cut_plugin"}, {"cut_plugin": CUT_DECK})
    r = rummy(site, "rules", "cutgin")
    assert r.returncode == 0, r.stderr
    players = next(ln for ln in r.stdout.splitlines() if ln.startswith("Computer players: "))
    assert "ai:search" not in players
    assert "ai:search cannot play cutgin: cutgin: its deal uses random() besides one shuffle" in r.stdout
    r = rummy(site, "simulate", "cutgin", "--seat", "ai:search", "--seat", "random", "--matches", "1")
    assert r.returncode == 2
    (line,) = r.stderr.splitlines()
    assert line.startswith("rummy: no computer player 'ai:search' for cutgin (available: ")
    assert "; ai:search cannot play it: cutgin: its deal uses random()" in line
