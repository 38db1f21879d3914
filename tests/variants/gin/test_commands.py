"""``rummy gin score``: the JSON contract and one-line errors (exit 2)."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from rummykit.core.base.errors import CardError, OptionError
from rummykit.variants.gin import GinOptions, add_commands, score_hands

KNOCKER = "6H 7H 8H 2C 2D 2S JS QS KS 7C"
DEFENDER = "TC TD TH 3S 4S 5S 9H AC 8C 9D"


@pytest.fixture
def cli():
    @click.group()
    def top():
        pass

    add_commands(top)
    return top


def invoke(cli, *args):
    return CliRunner().invoke(cli, ["gin", "score", *args])


def test_json_contract(cli):
    out = invoke(cli, "--json", "--knocker", KNOCKER, "--defender", DEFENDER)
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == {
        "outcome": "knock",
        "winner": "knocker",
        "points": 11,
        "knocker": {
            "melds": [["2C", "2D", "2S"], ["6H", "7H", "8H"], ["JS", "QS", "KS"]],
            "deadwood": ["7C"],
            "deadwood_points": 7,
        },
        "defender": {
            "melds": [["3S", "4S", "5S"], ["TC", "TD", "TH"]],
            "layoffs": [{"card": "9H", "onto": ["6H", "7H", "8H"]}],
            "deadwood": ["AC", "8C", "9D"],
            "deadwood_points": 18,
        },
    }
    assert list(json.loads(out.output)) == ["outcome", "winner", "points", "knocker", "defender"]


def test_commas_and_other_card_forms(cli):
    out = invoke(
        cli,
        "--json",
        "--knocker",
        "6♥,7h,8H,2C,2D,2S,J♠,QS,KS,7C",
        "--defender",
        "10C TD TH 3S 4S 5S 9H AC 8C 9D",
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["points"] == 11


def test_undercut_and_gin(cli):
    out = invoke(cli, "--json", "--knocker", KNOCKER, "--defender", "TC TD TH 3S 4S 5S 9H AC AD 5C")
    d = json.loads(out.output)
    assert (d["outcome"], d["winner"], d["points"]) == ("undercut", "defender", 25)
    out = invoke(
        cli,
        "--json",
        "--knocker",
        "6H 7H 8H 9H 2C 2D 2S JS QS KS",
        "--defender",
        "TH 2H AC 3C 5D 7D 9C 4S 6S 8S",
    )
    d = json.loads(out.output)
    assert (d["outcome"], d["winner"], d["points"]) == ("gin", "knocker", 80)
    assert d["defender"]["layoffs"] == []


def test_options(cli):
    out = invoke(
        cli,
        "--json",
        "--knocker",
        KNOCKER,
        "--defender",
        "TC TD TH 3S 4S 5S 9H AC AD 5C",
        "--option",
        "undercut_bonus=10",
    )
    assert json.loads(out.output)["points"] == 10
    out = invoke(cli, "--json", "-o", "knock_limit=5", "--knocker", KNOCKER, "--defender", DEFENDER)
    assert out.exit_code == 2
    assert out.output.strip() == "rummy: the knocker cannot knock: deadwood 7 is over the knock limit 5"


def test_text_output(cli):
    out = invoke(cli, "--ascii", "--knocker", KNOCKER, "--defender", DEFENDER)
    assert out.exit_code == 0
    assert out.output.splitlines()[0] == "knock: the knocker scores 11"
    assert "9H onto 6H 7H 8H" in out.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["--knocker", KNOCKER.replace("7C", "ZZ"), "--defender", DEFENDER], "rummy: knocker: bad card 'ZZ'"),
        (
            ["--knocker", KNOCKER, "--defender", DEFENDER + " KD"],
            "rummy: defender: expected 10 cards, got 11",
        ),
        (
            ["--knocker", KNOCKER, "--defender", "7C 8H TC TD TH 3S 4S 5S AC 8C"],
            "rummy: the knocker and the defender both hold 7C, 8H",
        ),
        (
            ["--knocker", "AS 2S 3S 4S 7C 7D 7H 5H 4D 2C", "--defender", "TC TD TH 9H AC 8C 9D 6D JD QH"],
            "rummy: the knocker cannot knock: deadwood 11 is over the knock limit 10",
        ),
        (
            ["--knocker", KNOCKER, "--defender", DEFENDER, "-o", "knock_limit=-1"],
            "rummy: bad value for option knock_limit for gin",
        ),
        (
            ["--knocker", KNOCKER, "--defender", DEFENDER, "-o", "colour=red"],
            "rummy: unknown option 'colour' for gin",
        ),
        (
            ["--knocker", KNOCKER, "--defender", "AS AS 3S 4S 5S 6S 7S 8S 9S TS"],
            "rummy: defender: duplicate card AS",
        ),
    ],
)
def test_errors_are_one_line_exit_2(cli, args, message):
    out = invoke(cli, *args)
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), out.output


def test_score_hands_function():
    assert score_hands(KNOCKER, DEFENDER).points == 11
    assert score_hands(KNOCKER, DEFENDER, GinOptions(gin_bonus=0)).outcome == "knock"
    with pytest.raises(CardError, match="knocker: expected 10 cards, got 9"):
        score_hands("6H 7H 8H 2C 2D 2S JS QS KS", DEFENDER)


def test_option_errors_are_option_errors():
    from rummykit.core.engine.options import build_options

    with pytest.raises(OptionError):
        build_options(GinOptions, {"target": "0"}, "gin")


def test_through_the_rummy_command(rummy_run):
    out = rummy_run("gin", "score", "--json", "--knocker", KNOCKER, "--defender", DEFENDER)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["points"] == 11
    assert out.stdout.startswith(
        '{"outcome": "knock", "winner": "knocker", "points": 11, "knocker": {"melds": '
    )
    out = rummy_run("gin", "score", "--knocker", KNOCKER, "--defender", "7C 8H TC TD TH 3S 4S 5S AC 8C")
    assert out.returncode == 2
    assert out.stderr.strip() == "rummy: the knocker and the defender both hold 7C, 8H"
    assert out.stdout == ""
    out = rummy_run("gin", "--help")
    assert out.returncode == 0 and "score" in out.stdout
