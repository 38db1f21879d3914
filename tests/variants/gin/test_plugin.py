"""The plugin: registration, options, the match, and the API a house rule builds on."""

from __future__ import annotations

import random

import click
import pytest
from pydantic import Field

from rummykit.core.base.errors import OptionError, RummyError
from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.options import build_options, parse_pairs
from rummykit.core.play.match import Match
from rummykit.core.plugins.manager import Plugins
from rummykit.core.plugins.registry import VariantSpec
from rummykit.variants.gin import SPEC, EasyGinAgent, GinOptions, GinRound, easy_agent_spec, make_spec
from rummykit.variants.gin import plugin as gin_plugin

from .helpers import act, card, deal

# -- registration ----------------------------------------------------------------


def test_the_entry_point_registers_gin():
    reg = Plugins().registry
    spec = reg.variant("gin")
    assert spec.plugin == "gin" and spec.title == "Cardems Gin"
    assert (spec.min_players, spec.max_players) == (2, 2)
    assert spec.options_model is GinOptions and spec.ace_high is False
    assert "Q-K-A" in spec.rules_text and "undercut" in spec.rules_text
    assert "highest" in spec.rules_text  # the knocker's tie-break decision
    assert not any("gin" in p for p in reg.problems)


def test_register_commands_adds_the_gin_group():
    @click.group()
    def cli():
        pass

    gin_plugin.register_commands(cli=cli)
    assert "score" in cli.commands["gin"].commands


def test_rules_text_has_every_decision():
    text = SPEC.rules_text
    for phrase in (
        "seat 1 (the first) takes the first turn",
        "alternate",
        "a plain knock is never offered",
        "never after gin",
        "together",
        "draw worth 0",
        "100",
        "upcard offer",
    ):
        assert phrase.lower() in text.lower(), phrase


# -- options -----------------------------------------------------------------------


def test_defaults_are_cardems():
    o = GinOptions()
    assert (o.knock_limit, o.gin_bonus, o.undercut_bonus, o.target, o.first_turn, o.max_turns) == (
        10,
        25,
        25,
        100,
        "first",
        200,
    )
    assert all(f.description for f in GinOptions.model_fields.values())


@pytest.mark.parametrize(
    "pair, words",
    [
        ("colour=red", ["unknown option 'colour'", "knock_limit"]),
        ("knock_limit=-1", ["knock_limit", "'-1'", "knock_limit must be a whole number between 0 and 100"]),
        ("knock_limit=ten", ["knock_limit", "'ten'", "between 0 and 100"]),
        ("target=0", ["target", "'0'", "target must be a whole number between 1 and 1000000"]),
        ("first_turn=foo", ["first_turn", "'foo'", "first_turn takes first or alternate"]),
        ("gin_bonus=-5", ["gin_bonus must be a whole number between 0 and 1000"]),
        ("max_turns=1e20", ["max_turns must be a whole number between 1 and 10000"]),
    ],
)
def test_bad_options_are_clear_errors(pair, words):
    with pytest.raises(OptionError) as e:
        build_options(GinOptions, parse_pairs([pair]), "gin")
    assert isinstance(e.value, RummyError)
    msg = str(e.value)
    assert "\n" not in msg and "Input should" not in msg
    for w in words:
        assert w in msg


def test_options_from_text():
    o = build_options(GinOptions, parse_pairs(["knock-limit=5", "first_turn=alternate", "target=50"]), "gin")
    assert (o.knock_limit, o.first_turn, o.target) == (5, "alternate", 50)


def test_unknown_keyword_in_python_is_rejected_too():
    with pytest.raises(Exception, match="extra"):
        GinOptions(oklahoma=True)


# -- the match ---------------------------------------------------------------------


def play(options, seed, agents=None):
    m = Match(SPEC, options, 2, seed)
    bots = agents or [EasyGinAgent(agent_seed(seed, s)) for s in range(2)]
    totals_before_last = None
    while not m.over:
        n = len(m.results)
        if n:
            totals_before_last = list(m.totals)
        s = m.to_act()
        m.apply(bots[s].act(m.view(s), tuple(m.legal_actions())))
    return m, totals_before_last


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_match_ends_when_a_total_reaches_100(seed):
    m, before = play(GinOptions(), seed)
    assert max(m.totals) >= 100
    assert before is None or max(before) < 100
    assert m.winner == m.totals.index(max(m.totals))
    assert m.totals == [sum(r.points[s] for r in m.results) for s in range(2)]


def test_target_option_shortens_the_match():
    m, before = play(GinOptions(target=20), 4)
    assert max(m.totals) >= 20 and (before is None or max(before) < 20)


def test_first_turn_alternates_between_rounds_of_a_match():
    m = Match(SPEC, GinOptions(first_turn="alternate", target=1000), 2, 9)
    firsts = []
    bots = [EasyGinAgent(1), EasyGinAgent(2)]
    while len(m.results) < 4:
        if not m.round.history:
            firsts.append(m.to_act())
        s = m.to_act()
        m.apply(bots[s].act(m.view(s), tuple(m.legal_actions())))
    assert firsts[:4] == [0, 1, 0, 1]
    m = Match(SPEC, GinOptions(target=1000), 2, 9)
    firsts = []
    while len(m.results) < 3:
        if not m.round.history:
            firsts.append(m.to_act())
        s = m.to_act()
        m.apply(bots[s].act(m.view(s), tuple(m.legal_actions())))
    assert firsts[:3] == [0, 0, 0]


def test_spec_refuses_other_seat_counts():
    with pytest.raises(RummyError, match="2 players"):
        Match(SPEC, GinOptions(), 3, 1)
    with pytest.raises(RummyError, match="2 players"):
        SPEC.new_round(GinOptions(), 3, 0, random.Random(1))


# -- building a house rule on the public API (Oklahoma Gin) ------------------------


class OklahomaOptions(GinOptions):
    spade_doubles: bool = Field(True, description="a spade first upcard doubles the round's score")


class OklahomaRound(GinRound):
    def knock_limit(self) -> int:
        rank = self.first_upcard % 13
        if rank == 0:
            return 0  # an ace: gin only
        return 10 if rank >= 9 else rank + 1

    def score_multiplier(self) -> int:
        spade = self.first_upcard // 13 == 3
        return 2 if spade and self.options.spade_doubles else 1


OKLAHOMA = make_spec(
    name="oklahoma",
    title="Oklahoma Gin",
    options_model=OklahomaOptions,
    round_class=OklahomaRound,
    rules_text="Gin; the upcard sets the knock limit.",
)


def test_a_house_rule_is_a_subclass_and_a_spec():
    assert isinstance(OKLAHOMA, VariantSpec)
    rnd = OKLAHOMA.new_round(OklahomaOptions(), 2, 0, random.Random(3))
    assert isinstance(rnd, OklahomaRound) and rnd.view(0).variant == "oklahoma"
    assert rnd.view(0).extra["knock_limit"] == rnd.knock_limit()
    assert (
        OKLAHOMA.analyze([card(c) for c in "AS 2S 3S 7C 7D 7H 9D TD KC 4H".split()], OklahomaOptions()).data[
            "variant"
        ]
        == "oklahoma"
    )
    assert easy_agent_spec("oklahoma").variant == "oklahoma"


def test_house_rule_knock_limit_from_the_upcard_and_doubling():
    # Upcard 7S: knock limit 7, and a spade doubles: 11 -> 22.
    rnd = deal(
        "6H 7H 8H 2C 2D 2S JS QS KS 7C",
        "TC TD TH 3S 4S 5S 9H AC 8C 9D",
        "7S",
        "KD",
        options=OklahomaOptions(),
        cls=OklahomaRound,
    )
    rnd.apply(act("draw stock"))
    legal = {a.notation() for a in rnd.legal_actions()}
    assert "knock KD" in legal  # 7 <= 7
    assert "knock 7C" not in legal  # 10 > 7
    assert "knock needs deadwood ≤ 7" in rnd.why_illegal(act("knock 7C"))
    rnd.apply(act("knock KD"))
    assert rnd.result.points == (22, 0)
    assert "×2" in rnd.result.lines(["A", "B"])[0]
    # An ace upcard: only gin.
    rnd = deal(
        "6H 7H 8H 2C 2D 2S JS QS KS 7C",
        "TC TD TH 3S 4S 5S 9H AC 8C 9D",
        "AD",
        "KD",
        options=OklahomaOptions(),
        cls=OklahomaRound,
    )
    rnd.apply(act("draw stock"))
    assert not any(a.kind == "knock" for a in rnd.legal_actions())


def test_a_house_rule_plays_whole_matches():
    m = Match(OKLAHOMA, OklahomaOptions(target=50), 2, 11)
    bots = [EasyGinAgent(1), EasyGinAgent(2)]
    while not m.over:
        s = m.to_act()
        m.apply(bots[s].act(m.view(s), tuple(m.legal_actions())))
    assert max(m.totals) >= 50
