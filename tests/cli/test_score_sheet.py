"""The match rule's score sheet under the totals (cli/text.py sheet_lines):
columns that repeat the totals are left out, teams are named by number, an
empty cell is a dash, and a note names seats with {i}."""

from __future__ import annotations

from rummykit import Column
from rummykit.cli.text import card_fmt, sheet_lines

NAMES = ["Ann", "Bob"]


def test_the_one_total_column_adds_nothing():
    assert sheet_lines(NAMES, [10, 20], [Column("Total", (10, 20))], card_fmt()) == []


def test_other_columns_each_make_a_line_with_their_note():
    cols = [
        Column("Score", (10, 20)),
        Column("Game 1", (5, None), note="over: {0} won by 5"),
        Column("Team", (30, 7), teams=True),
    ]
    assert sheet_lines(NAMES, [10, 20], cols, card_fmt()) == [
        "Game 1: Ann 5, Bob - (over: Ann won by 5)",
        "Team: team 1 30, team 2 7",
    ]
