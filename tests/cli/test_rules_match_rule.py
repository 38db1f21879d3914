"""``rummy rules VARIANT`` says how a match ends: the variant's match rule under
its default options, piped and rendered; the game's ``rules`` its own match's."""

from __future__ import annotations

import pytest
from rummykit_rummy500 import Rummy500Options
from rummykit_rummy500 import match_rule as rummy500_rule

from rummykit.cli import rulesdoc
from rummykit.core.plugins.manager import Plugins


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ("gin", "first to 100"),
        ("cardverse", "first to 100"),
        ("rummy500", "first to 500"),
        # a plugin's own rule (examples/rummykit-knockrummy), in its own words
        ("knockrummy", "a player reaching 100 penalty points is out; the last one left wins"),
    ],
)
def test_rules_piped_show_the_match_rule(rummy_run, variant: str, words: str) -> None:
    r = rummy_run("rules", variant)
    assert r.returncode == 0, r.stderr
    assert f"Match: {words} (with the default options)" in r.stdout.splitlines()


def _spec(name: str):
    return Plugins().registry.variant(name)


@pytest.mark.parametrize(("variant", "words"), [("gin", "first to 100"), ("rummy500", "first to 500")])
def test_rules_rendered_show_the_match_rule(variant: str, words: str) -> None:
    from rich.console import Console

    console = Console(width=200, force_terminal=False, color_system=None)
    with console.capture() as captured:
        console.print(rulesdoc.renderable(_spec(variant), []))
    assert f"Match: {words} (with the default options)" in captured.get()


def test_a_games_own_rule_is_shown_as_it_is() -> None:
    """rummy500's own rule: after N deals when its ``deals`` option is set."""
    rule = rummy500_rule(Rummy500Options(deals=3))
    lines = rulesdoc.plain_lines(_spec("rummy500"), [], rule=rule)
    assert "Match: after 3 deals, highest total wins" in lines
    doc = rulesdoc.markdown(_spec("rummy500"), [], rule=rule)
    assert "**Match:** after 3 deals, highest total wins" in doc
