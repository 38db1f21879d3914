"""Names and seats through the real ``rummy`` (in the test process): a name
another seat already has is refused, names that show nothing or look like
another are refused (typed or saved), missing seats are filled and said, one
vocabulary of seat words for ``--seat`` and the chooser, "did you mean" for a
mistyped computer player or option, and seats counted from 1 where a person
reads them."""

from __future__ import annotations

import json

import pytest

from rummykit.core.base.errors import RecordError
from rummykit.core.engine.names import BadName, check_name
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
