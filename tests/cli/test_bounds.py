"""Bounds through the real ``rummy``: every numeric option of every variant has
documented bounds and a one-line error in plain words past them, and a Gin
match between two bots that always take the discard ends (the turn limit).

The option errors run ``rummy`` in this process (the ``rummy_run`` fixture);
the games with a plugin written for the test run it as a program."""

from __future__ import annotations

import re

import pytest

from ..helpers.sites import fake_install, rummy
from ..marks import first_fast, slow

GIN10 = ["AS", "2S", "3S", "7C", "7D", "7H", "9D", "TD", "KC", "4H"]

# (variant, option, lowest, highest) for every numeric option shipped here.
NUMERIC = [
    ("gin", "knock_limit", 0, 100),
    ("gin", "gin_bonus", 0, 1000),
    ("gin", "undercut_bonus", 0, 1000),
    ("gin", "target", 1, 1_000_000),
    ("gin", "max_turns", 1, 10_000),
    ("cardverse", "target", 1, 1_000_000),
    ("cardverse", "max_turns", 1, 10_000),
    ("straight-gin", "gin_bonus", 0, 1000),
    ("straight-gin", "undercut_bonus", 0, 1000),
    ("straight-gin", "target", 1, 1_000_000),
    ("straight-gin", "max_turns", 1, 10_000),
    ("straight-gin", "best_of", 0, 99),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return tmp_path_factory.mktemp("bounds")


@pytest.fixture
def analyze(rummy_run):
    """``analyze(variant, *options)``: ``rummy analyze`` of a hand under ``-o`` options."""

    def run(variant, *options):
        cards = GIN10 if variant != "cardverse" else ["QH", "KH", "AH", "7C"]
        args = [a for o in options for a in ("-o", o)]
        return rummy_run("analyze", variant, *cards, *args, RUMMYKIT_DISABLE_PLUGINS="rl-example")

    return run


def one_line(result) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.mark.parametrize("variant", first_fast(["gin", "cardverse", "straight-gin"]))
def test_every_numeric_option_takes_both_its_bounds(analyze, variant):
    for end in (2, 3):  # all at their lowest, then all at their highest
        opts = [f"{key}={bound[end]}" for bound in NUMERIC if bound[0] == variant for key in [bound[1]]]
        r = analyze(variant, *opts)
        assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("variant, key, lo, hi", first_fast(NUMERIC))
def test_each_numeric_option_is_refused_past_its_bounds_in_one_plain_line(analyze, variant, key, lo, hi):
    reason = f"{key} must be a whole number between {lo} and {hi}"
    for bad in (lo - 1, hi + 1):
        line = one_line(analyze(variant, f"{key}={bad}"))
        assert line == f"rummy: bad value for option {key} for {variant}: '{bad}' ({reason})"


@pytest.mark.parametrize(
    "bad, shown",
    [
        ("1e20", "'1e20'"),
        ("100000000000000000000", "'100000000000000000000'"),
        ("ten", "'ten'"),
        ("2.5", "'2.5'"),
        ("9" * 5000, "'" + "9" * 38 + "… (5,000 characters)"),
        ("", "''"),
        ("²", "'²'"),
    ],
)
def test_any_bad_number_is_one_short_line(analyze, bad, shown):
    line = one_line(analyze("gin", f"max_turns={bad}"))
    assert line == (
        f"rummy: bad value for option max_turns for gin: {shown} "
        "(max_turns must be a whole number between 1 and 10000)"
    )


@pytest.mark.parametrize(
    "variant, key, words",
    [
        ("cardverse", "ace_high", "true or false"),
        ("cardverse", "discard_to_win", "true or false"),
        ("gin", "first_turn", "first or alternate"),
        ("straight-gin", "first_turn", "first or alternate"),
    ],
)
def test_choices_are_refused_in_plain_words(analyze, variant, key, words):
    line = one_line(analyze(variant, f"{key}=maybe"))
    assert line == f"rummy: bad value for option {key} for {variant}: 'maybe' ({key} takes {words})"


@slow
def test_max_turns_1e20_cannot_switch_the_safeguard_off_in_play(site):
    for variant in ("cardverse", "gin"):
        r = rummy(
            site,
            "play",
            variant,
            "--seat",
            "ai:easy",
            "--seat",
            "ai:easy",
            "-o",
            "max_turns=100000000000000000000",
        )
        line = one_line(r)
        assert line.endswith("(max_turns must be a whole number between 1 and 10000)")
        assert r.stdout == ""  # refused before any move
        r = rummy(site, "simulate", variant, "--seat", "ai:easy", "--seat", "ai:easy", "-o", "target=1000001")
        assert one_line(r).endswith("(target must be a whole number between 1 and 1000000)")


@pytest.mark.parametrize("variant", ["gin", "cardverse", "straight-gin"])
def test_rummy_rules_lists_the_bounds(rummy_run, variant):
    r = rummy_run("rules", variant)
    assert r.returncode == 0, r.stderr
    listing = r.stdout.split(f"Options (rummy play {variant} --option KEY=VALUE):")[1]
    rows = {line.split()[0]: line for line in listing.splitlines() if line.startswith("  ")}
    for v, key, lo, hi in NUMERIC:
        if v == variant:
            assert re.search(rf"default \d+\s+{lo} to {hi}\s", rows[key]), rows[key]
    if variant == "cardverse":
        assert "true or false" in rows["ace_high"]
    else:
        assert "first or alternate" in rows["first_turn"]


@slow
def test_the_new_variant_template_options_are_bounded(scaffold):
    site, _ = scaffold
    r = rummy(site, "rules", "quick")
    assert re.search(r"target\s+default 50\s+1 to 10000\s", r.stdout)
    assert re.search(r"hand_size\s+default 7\s+3 to 10\s", r.stdout)
    for bad, reason in (
        ("target=0", "target must be a whole number between 1 and 10000"),
        ("target=10001", "target must be a whole number between 1 and 10000"),
        ("hand_size=2", "hand_size must be a whole number between 3 and 10"),
        ("hand_size=11", "hand_size must be a whole number between 3 and 10"),
    ):
        r = rummy(site, "play", "quick", "--seat", "ai:easy", "--seat", "ai:easy", "-o", bad)
        assert one_line(r).endswith(f"({reason})")
    r = rummy(
        site,
        "play",
        "quick",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--seed",
        "3",
        "-o",
        "hand_size=10",
        "-o",
        "target=1",
    )
    assert r.returncode == 0 and "=== match over:" in r.stdout


# -- Gin's turn limit in a real match --------------------------------------------------

TAKER = """
    from rummykit import hookimpl
    from rummykit.core.cards.card import to_mask
    from rummykit.core.plugins.registry import AgentSpec
    from rummykit.core.cards.solver import get_solver

    GIN = get_solver()


    class Taker:
        '''Takes the discard whenever it may; goes gin or knocks when it may;
        otherwise discards the card that leaves the least deadwood.'''

        def act(self, view, legal):
            for kind in ("take discard", "gin", "knock"):
                for a in legal:
                    if a.kind == kind:
                        return a
            after = dict(GIN.discards(to_mask(view.hand)))
            plain = [a for a in legal if a.kind == "discard"]
            return min(plain, key=lambda a: (after[a.cards[0]], a.cards))

        def observe(self, event, view):
            pass


    @hookimpl
    def register_agents(register):
        register(AgentSpec(name="taker", variant="gin", factory=lambda seat, seed, options: Taker()))
"""


@slow
def test_two_bots_that_always_take_the_discard_finish_a_gin_match(tmp_path):
    # Taking the discard never shrinks the stock: without the turn limit the first
    # round that no one can knock in would never end. With it, such rounds are
    # 0-point draws after 200 turns and the match goes on to its end.
    site = tmp_path / "site"
    fake_install(site, "rummykit-taker", "1.0", {"taker": "rk_taker"}, {"rk_taker": TAKER})
    r = rummy(site, "play", "gin", "--seat", "taker", "--seat", "taker", "--seed", "6")
    assert r.returncode == 0, r.stderr[-2000:]
    out = r.stdout
    assert out.count("the round reaches the engine limit of 200 turns: it is a draw, no points") >= 2
    assert "=== match over:" in out
    assert "draw stock" not in out and "draws from the stock" not in out  # the pile, every turn


@pytest.mark.parametrize(
    "args, line",
    [
        (["play", "gin", "--seed", "abc"], "rummy: invalid value for '--seed': 'abc' is not a valid integer"),
        (
            ["replay", "g.json", "--move", "x"],
            ("rummy: invalid value for '--move': 'x' is not a valid integer"),
        ),
        (["play", "--bogus"], "rummy: no such option '--bogus'"),
        (["simulate"], "rummy: missing argument 'VARIANT'"),
    ],
)
def test_clicks_own_errors_are_one_line_too(rummy_run, args, line):
    r = rummy_run(*args)
    assert r.returncode == 2
    (said,) = r.stderr.splitlines()
    assert said.startswith(line + " (see rummy " + args[0]), said
    assert said.endswith(" --help)")


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "x" * 100_000],
        ["play", "x" * 100_000],
        ["simulate", "gin", "--seat", "y" * 100_000],
        ["analyze", "gin", "z" * 100_000],
        ["replay", "w" * 100_000],
        ["stats", "v" * 100_000],
        ["play", "gin", "--seed", "9" * 100_000],
    ],
)
def test_a_huge_argument_is_shown_short_in_its_error_line(rummy_run, args):
    r = rummy_run(*args)
    assert r.returncode == 2
    (said,) = r.stderr.splitlines()
    assert len(said) < 400, said[:200]
    assert "characters)" in said or len(said) < 200


@pytest.mark.parametrize("command", [["simulate", "gin", "--matches", "1"], ["play", "gin"]])
def test_an_option_given_twice_is_refused(rummy_run, command):
    r = rummy_run(*command, "-o", "knock_limit=0", "-o", "knock-limit=5")
    assert r.returncode == 2
    assert r.stderr.splitlines() == ["rummy: option 'knock_limit' is given twice: give it once"]


def test_a_seat_naming_no_player_is_refused_before_the_game_is_announced(rummy_run):
    r = rummy_run("play", "gin", "--seat", "ai:zz")
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.startswith("rummy: no computer player 'ai:zz' for gin")


@pytest.mark.parametrize(
    "args, option",
    [
        (["analyze", "cardverse", "JH", "QS", "--table", "8H 9H TH", "--table", "2C 3C 4C"], "--table"),
        (["gin", "score", "--knocker", "AS", "--knocker", "2S", "--defender", "3S"], "--knocker"),
    ],
)
def test_a_single_valued_option_given_twice_is_refused(rummy_run, args, option):
    r = rummy_run(*args)
    assert r.returncode == 2
    (said,) = r.stderr.splitlines()
    assert said.startswith(f"rummy: invalid value for '{option}': given 2 times: give it once"), said


def test_an_apostrophe_in_an_error_line_is_not_read_as_a_quote():
    from rummykit.cli.main import bounded

    line = "--address takes a Ray cluster's HOST:PORT or auto, not " + repr("a" * 80)
    assert bounded(line) == (
        "--address takes a Ray cluster's HOST:PORT or auto, not " + repr("a" * 40)[:-1] + "…' (80 characters)"
    )


@pytest.mark.parametrize("args", [[], ["gin"]])
def test_a_group_called_with_nothing_shows_its_help(rummy_run, args):
    r = rummy_run(*args)
    out = r.stdout + r.stderr
    assert out.startswith("Usage: rummy"), out[:200]
    assert "(see rummy" not in out and "rummy: usage" not in out


@pytest.mark.parametrize("variant", ["gin", "cardverse"])
def test_analyze_refuses_a_copys_record_notation_on_the_one_deck(rummy_run, variant):
    """``#60`` names a copy of a declared deck in records; the one 52-card deck has none."""
    r = rummy_run("analyze", variant, "7H", "8H", "9H", "#60,KS", "2C", "3C", "4C", "5C", "6C")
    assert r.returncode == 2
    assert one_line(r) == "rummy: bad card '#60': the deck has 52 cards"
