"""Names and seats through the real ``rummy`` (in the test process): a name
another seat already has is refused, names that show nothing or look like
another are refused (typed or saved), missing seats are filled and said, one
vocabulary of seat words for ``--seat`` and the chooser, "did you mean" for a
mistyped computer player or option, and seats counted from 1 where a person
reads them."""

from __future__ import annotations

import json
import re

import pytest

from rummykit.cli.choose import plain_words, read_seat, seat_agents
from rummykit.cli.common import registry
from rummykit.core.base.errors import RecordError
from rummykit.core.engine.names import BadName, bot_name, check_name
from rummykit.core.play.records import MatchRecord, SeatRecord, load_record, save_record
from rummykit.core.play.session import parse_seats

# Characters that show nothing (or pass for a space) and are not one.
INVISIBLE = [
    "\u200b",  # zero width space
    "\u200d",  # zero width joiner
    "\u00ad",  # soft hyphen
    "\u3164",  # Hangul filler
    "\u115f",  # Hangul choseong filler
    "\uffa0",  # halfwidth Hangul filler
    "\ufeff",  # byte order mark
    "\u2060",  # word joiner
    "\u2061",  # function application
    "\u2062",  # invisible times
    "\U000e0041",  # tag latin capital A
    "\u2800",  # braille blank
    "\u034f",  # combining grapheme joiner
]


@pytest.mark.parametrize("ch", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_with_a_character_that_shows_nothing_is_refused(ch):
    for name in (f"Bo{ch}b", ch, f"{ch}Bob", f"Bob{ch}"):
        with pytest.raises(BadName, match=f"shows nothing \\(U\\+{ord(ch):04X}\\)") as e:
            check_name(name)
        assert "\n" not in str(e.value)


def test_a_typed_name_another_seat_has_is_refused_on_the_command_line(rummy_run, tmp_path):
    for first, second in [("Dana", "dana"), ("Dana", "DANA"), ("Dana", "\uff24ana"), ("Zoë", "zoe\u0308")]:
        r = rummy_run(
            "play", "gin", "--seat", f"human:{first}", "--seat", f"human:{second}",
            stdin="quit\n", RUMMYKIT_DATA_DIR=str(tmp_path),
        )  # fmt: skip
        assert r.returncode == 2, r
        (line,) = r.stderr.splitlines()
        assert line.startswith("rummy: seat 2: the name ") and "is taken by seat 1" in line
    # a bot's typed name too; default names are still numbered apart
    with pytest.raises(BadName, match="seat 2: the name 'ann' is taken by seat 1"):
        parse_seats(["ai:easy:Ann", "human:ann"])
    assert [s.name for s in parse_seats(["ai:easy", "ai:easy"])] == ["Easy bot 1", "Easy bot 2"]
    # a typed name is kept as typed: the default name gives way
    assert [s.name for s in parse_seats(["human:Easy bot", "ai:easy"])] == ["Easy bot", "Easy bot 2"]


@pytest.mark.parametrize(
    ("field", "value", "expect"),
    [
        ("name", "ann", "is the name of seats.0"),
        ("name", "ANN", "is the name of seats.0"),
        ("name", "A\u200bnn", "shows nothing (U+200B)"),
        ("name", "\u3164", "shows nothing (U+3164)"),
        ("name", "Bo\U000e0062b", "shows nothing (U+E0062)"),
        ("name", "\u2800", "shows nothing (U+2800)"),
    ],
)
def test_a_hand_edited_save_with_a_taken_or_invisible_name_is_refused(
    rummy_run, tmp_path, field, value, expect
):
    seats = [SeatRecord(kind="human", name="Ann"), SeatRecord(kind="random", name="Bob")]
    rec = MatchRecord(variant="gin", seats=seats, seed=1)
    path = tmp_path / "g.json"
    save_record(rec, path)
    data = json.loads(path.read_text())
    data["seats"][1][field] = value
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(RecordError, match=str(path)):
        load_record(path)
    for command in (["play", "--resume", str(path)], ["replay", str(path)]):
        r = rummy_run(*command, stdin="quit\n", RUMMYKIT_DATA_DIR=str(tmp_path / "data"))
        assert r.returncode == 2, r
        (line,) = r.stderr.splitlines()
        assert line.startswith("rummy: ") and str(path) in line and "seats.1" in line and expect in line
    assert path.read_bytes() == before


def _seats_of(data_dir):
    # A game nobody moved in is not kept in the data folder: the tests save it by name.
    return [(s.kind, s.name) for s in load_record(data_dir / "game.json").seats]


def test_a_person_alone_gets_the_default_computer_player_and_is_told(rummy_run, tmp_path):
    r = rummy_run("play", "gin", "--seat", "human:Zed", "--save", str(tmp_path / "game.json"), stdin="quit\n")
    assert r.returncode == 0, r.stderr
    strongest = registry().strongest_agent("gin")
    assert strongest is not None
    assert f"Seat 2 is {strongest.name} (a seat not given is the strongest computer player)." in r.stdout
    assert _seats_of(tmp_path) == [("human", "Zed"), (strongest.name, bot_name(strongest.name))]


@pytest.mark.parametrize(
    ("word", "kind"),
    [("bot", None), ("Random", "random"), ("easy", "ai:easy"), ("AI:Easy", "ai:easy"), ("CPU", None)],
)
def test_one_vocabulary_of_seat_words_for_the_command_line_and_the_chooser(rummy_run, tmp_path, word, kind):
    kind = kind or registry().strongest_agent("gin").name
    r = rummy_run("play", "gin", "--seat", word, "--save", str(tmp_path / "game.json"), stdin="quit\n")
    assert r.returncode == 0, r.stderr
    assert f"You take seat 1 against {kind} (a seat not given is you)." in r.stdout
    assert [k for k, _ in _seats_of(tmp_path)] == ["human", kind]
    # one parser: the chooser reads the word the same way
    agents = seat_agents(registry(), "gin", registry().strongest_agent("gin").name)
    assert read_seat(word, agents, 1) == kind
    assert read_seat("ai:easy:Max", agents, 1) == "ai:easy:Max"
    assert read_seat("ai:easy:", agents, 1) == "ai:easy"
    assert read_seat("Zed", agents, 1) == "human:Zed"


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (["--seat", "ai:hardd"], "no computer player 'ai:hardd' for gin; did you mean ai:hard? (available: "),
        (["--seat", "ai:hardd:Bob"], "no computer player 'ai:hardd' for gin; did you mean ai:hard?"),
        (["--seat", "ref:simpel"], "did you mean ref:simple?"),
        (
            ["--seat", "human", "--seat", "randon"],
            "seat 2: unknown computer player 'randon'; did you mean random? (available: ",
        ),
        (["--seat", "random", "--seat", "random", "-o", "knock_limt=5"], "did you mean knock_limit?"),
        (["--seat", "random", "--seat", "random", "-o", "first_turn=Alternat"], "'Alternat' "),
        (["--seat", "random", "--seat", "random", "-o", "first_turn=altrnate"], "did you mean alternate?"),
    ],
)
def test_a_mistyped_computer_player_or_option_gets_the_closest_name(rummy_run, tmp_path, args, expect):
    r = rummy_run("play", "gin", *args, stdin="quit\n", RUMMYKIT_DATA_DIR=str(tmp_path))
    assert r.returncode == 2, r
    (line,) = r.stderr.splitlines()
    assert line.startswith("rummy: ") and expect in line
    assert "for a person called randon, type human:randon" in line or "randon" not in args


def test_a_mistyped_option_of_cardverse_and_a_variant_get_the_closest_name(rummy_run, tmp_path):
    r = rummy_run("play", "cardverse", "--seat", "random", "--seat", "random", "-o", "acehigh=true")
    assert r.returncode == 2
    assert "unknown option 'acehigh' for cardverse; did you mean ace_high? (options: " in r.stderr
    r = rummy_run("play", "cardverse", "--seat", "random", "--seat", "random", "-o", "ace_high=ture")
    assert r.returncode == 2 and "did you mean true?" in r.stderr
    r = rummy_run("play", "Gim", "--seat", "random", "--seat", "random")
    assert r.returncode == 2 and r.stderr.startswith("rummy: unknown variant 'Gim'; did you mean gin? ")


def test_an_unknown_stepper_command_is_quoted_as_typed():
    from rummykit.cli.replay import _step_answer

    frames: list = [object(), object()]
    assert _step_answer("Xyz", 0, frames, 1)[1].startswith("unknown command 'Xyz': ")
    assert _step_answer("E", 0, frames, 1) == (1, "")  # commands in any case


@pytest.mark.parametrize("variant", ["gin", "cardverse"])
def test_the_rules_count_seats_from_1_and_give_strength_a_scale(rummy_run, variant):
    r = rummy_run("rules", variant)
    assert r.returncode == 0, r.stderr
    assert not re.search(r"\b[Ss]eat ?0\b", r.stdout)
    assert re.search(r"\b[Ss]eat 1\b", r.stdout)
    rows = [ln for ln in r.stdout.splitlines() if re.match(r"  (ai:hard|ai:easy|random) ", ln)]
    assert len(rows) == 3 and all(re.search(r" strength \d+/100 ", ln) for ln in rows)


def test_first_turn_names_the_first_seat_in_words_and_reads_seat0(rummy_run, tmp_path):
    r = rummy_run("rules", "gin")
    assert "default first" in r.stdout and "first or alternate" in r.stdout
    for value in ("first", "seat0"):
        r = rummy_run(
            "play", "gin", "--seat", "random", "--seat", "random", "-o", f"first_turn={value}", "--seed", "1",
            RUMMYKIT_DATA_DIR=str(tmp_path),
        )  # fmt: skip
        assert r.returncode == 0, r.stderr


def test_the_chooser_words_for_computer_players_are_plain():
    agents = seat_agents(registry(), "gin", registry().strongest_agent("gin").name)
    words = plain_words(agents)
    assert words["hard"] == "ai:hard" and words["simple"] == "ref:simple" and words["random"] == "random"
    assert read_seat("simple", agents, 1) == "ref:simple"
    assert read_seat("Novice", agents, 1) == "ref:novice"
    assert "bot" not in words and "human" not in words
    assert read_seat("smart", ["ai:Smart", "random"], 1) == "ai:Smart"  # a player's name in any case
    assert read_seat("AI:SMART:Bo", ["ai:Smart", "random"], 1) == "ai:Smart:Bo"
    # a level two players share is no plain word
    assert plain_words(["ai:easy", "x:easy", "random"]) == {"random": "random"}


@pytest.mark.parametrize(
    ("variant", "seats", "name"),
    [
        ("contract", ["ai:easy", "ai:easy", "ref:novice"], "ref:novice"),  # Gin's player, not Contract's
        ("indian", ["ref:simple"], "ref:simple"),
        ("indian", ["x:y"], "x:y"),
    ],
)
def test_a_bot_name_the_variant_does_not_offer_is_refused_not_seated_as_a_person(
    rummy_run, tmp_path, variant, seats, name
):
    args = [w for s in seats for w in ("--seat", s)]
    r = rummy_run("play", variant, *args, stdin="", RUMMYKIT_DATA_DIR=str(tmp_path))
    assert r.returncode == 2 and "(human)" not in r.stdout
    assert (
        r.stderr
        == f"rummy: no computer player {name!r} for {variant} (available: "
        + ", ".join(a.name for a in registry().agents_for(variant))
        + ")\n"
    )
    agents = seat_agents(registry(), variant, registry().strongest_agent(variant).name)
    assert read_seat(f"human:{name}", agents, 0) == f"human:{name}"  # a person so named, said so


@pytest.mark.parametrize("name", ["ai:hard", "random", "ai:easy"])
def test_a_person_named_as_a_computer_player_is_refused(rummy_run, tmp_path, name):
    """The statistics name a computer player by its name: a person of the same
    name would be the same opponent there (a person may be called Random:
    tests/cli/test_input_pipe.py)."""
    r = rummy_run(
        "play", "gin", "--seat", f"human:{name}", "--seat", "ai:easy", RUMMYKIT_DATA_DIR=str(tmp_path)
    )
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"rummy: seat 1: {name!r} is a computer player's name; give the person another\n"
    assert not (tmp_path / "games").exists()
    ok = rummy_run(
        "play", "gin", "--seat", "human:Randy", "--seat", "ai:easy", RUMMYKIT_DATA_DIR=str(tmp_path)
    )
    assert ok.returncode == 0, ok.stderr
