"""Player names (core/engine/names.py): what is refused, how seats get distinct names,
and how names go into a variant's result text without being read as cards."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.base.errors import RecordError, RummyError
from rummykit.core.cards.card import code, pretty
from rummykit.core.engine.names import (
    MAX_NAME,
    BadName,
    bad_char,
    check_name,
    fold,
    render_text,
    unique_names,
)
from rummykit.core.engine.round import RoundResult, card_ref
from rummykit.core.play.records import MatchRecord, SeatRecord, load_record
from rummykit.core.play.session import parse_seat, parse_seats

HOSTILE = [
    "Ev\x1b]0;pwned\x07",  # sets the window title
    "Ev\x1b]52;c;cHduZWQ=\x07",  # writes the clipboard
    "Ann\nBob draws from the stock (A♠)",  # forges a log line
    "Ann\r",
    "tab\there",
    "del\x7f",
    "c1\x9b31m",
    "\u202eevil",
    "iso\u2066late\u2069",
    "mark\u200f",
    "line\u2028sep",
    "nul\x00",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_control_line_break_and_bidi_characters_are_refused_in_one_line(name):
    with pytest.raises(BadName) as e:
        check_name(name)
    msg = str(e.value)
    assert "\n" not in msg and not any(bad_char(ch) for ch in msg)
    assert isinstance(e.value, RummyError)  # the CLI prints it in one line, exit 2


def test_length_spaces_and_empty():
    assert check_name("  Ann   Marie ") == "Ann Marie"
    assert check_name("x" * MAX_NAME) == "x" * MAX_NAME
    with pytest.raises(BadName, match="at most 24"):
        check_name("x" * (MAX_NAME + 1))
    for empty in ("", "   ", "\u200b"):
        with pytest.raises(BadName):
            check_name(empty)
    assert check_name("Zoë 🂡") == "Zoë 🂡"  # letters and symbols of any script are fine
    assert check_name("[bold red]x") == "[bold red]x"  # rich markup is only text
    assert check_name("Random") == "Random"


def test_duplicate_names_become_distinct_ignoring_case():
    assert unique_names(["Bob 3", "Bob", "Bob"]) == ["Bob 3", "Bob 2", "Bob 4"]
    assert unique_names(["Bob", "bob", "BOB"]) == ["Bob 1", "bob 2", "BOB 3"]
    assert unique_names(["Easy bot", "Easy bot", "Ann"]) == ["Easy bot 1", "Easy bot 2", "Ann"]
    long = "x" * MAX_NAME
    out = unique_names([long, long])
    assert out == ["x" * 22 + " 1", "x" * 22 + " 2"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["Bob", "bob", "Bob 2", "BOB 3", "Bob 1", "x" * 24, "x" * 22 + " 2", "\uff22ob", "Ann"]
        ),
        min_size=1,
        max_size=6,
    )
)
def test_unique_names_are_unique_ignoring_case_valid_and_keep_unique_ones(names):
    out = unique_names(names)
    assert len({fold(n) for n in out}) == len(out)
    assert all(check_name(n) == n for n in out)
    keys = [fold(n) for n in names]
    for n, k, o in zip(names, keys, out, strict=True):
        if keys.count(k) == 1:
            assert o == n


def test_seat_parsing_uses_the_name_rules():
    assert parse_seat("human:Random", 1) == SeatRecord(kind="human", name="Random")
    assert parse_seat("human", 2).name == "Player 3"
    assert parse_seat("ai:easy", 1).name == "Easy bot"
    # after the level, whatever the prefix of a plugin's player
    assert [parse_seat(k, 1).name for k in ("ref:simple", "rl:last", "random")] == [
        "Simple bot",
        "Last bot",
        "Random bot",
    ]
    assert parse_seat("ai:easy:[[oops", 1) == SeatRecord(kind="ai:easy", name="[[oops")
    with pytest.raises(BadName, match=r"^seat 2: name 'Ev\\x1b\]0;pwned\\x07' has an escape"):
        parse_seat("human:Ev\x1b]0;pwned\x07", 1)
    with pytest.raises(BadName, match=r"^seat 3: the name 'Bob' is taken by seat 2 \('Bob'\)"):
        parse_seats(["human:Bob 3", "human:Bob", "human:Bob"])
    seats = parse_seats(["human:Easy bot 2", "ai:easy", "ai:easy"])  # default names are numbered apart
    assert [s.name for s in seats] == ["Easy bot 2", "Easy bot 3", "Easy bot 4"]


def test_a_save_file_cannot_smuggle_escapes_in(tmp_path):
    good = MatchRecord(
        variant="gin",
        seats=[SeatRecord(kind="human", name="Ann"), SeatRecord(kind="random", name="Bob")],
        seed=1,
    )
    for field, value in [
        ("name", "Ev\x1b]0;pwned\x07"),
        ("name", "a\nb"),
        ("name", "x" * 25),
        ("kind", "random\x1b[2J"),
    ]:
        data = json.loads(good.to_json())
        data["seats"][1][field] = value
        p = tmp_path / "s.json"
        p.write_text(json.dumps(data))
        with pytest.raises(RecordError) as e:
            load_record(p)
        assert "seats.1." + field in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(ValueError):
        SeatRecord(kind="human", name="Ann").name = "a\x1bb"  # assignment is checked too


def test_names_go_into_result_text_after_the_cards():
    ace = 0
    result = RoundResult(
        points=(1, 0), outcome="x", winner=0, text=("{0} beats {1} with " + card_ref(ace), "{{literal}} {1}")
    )
    names = ["[[oops", "{0}[[1]]"]
    lines = result.lines(names, pretty)
    assert lines == [f"[[oops beats {{0}}[[1]] with {pretty(ace)}", "{literal} {0}[[1]]"]
    assert result.lines(["A", "B"], code) == ["A beats B with AC", "{literal} B"]


def test_a_variant_text_cannot_print_control_characters_and_bad_templates_do_not_raise():
    assert render_text("{0}\x1b]0;x\x07 took [[51]]\nnext", ["Ann"], code) == "Ann]0;x took KS next"
    assert render_text("{0} and {5} {", ["Ann"], code) == "{0} and {5} {"  # does not parse: as written
    assert render_text("{0} and {5}", ["Ann"], code) == "Ann and {5}"
    assert render_text("[[99]] [[x]] [[", [], code) == "[[99]] [[x]] [["
