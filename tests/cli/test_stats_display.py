"""``rummy stats``'s table as a terminal shows it: columns aligned and within 80
columns by display width (a wide character takes two), and names without the
characters that show nothing. The real ``rummy``, in the test process, real
SQLite files."""

from __future__ import annotations

import unicodedata

from rummykit.core.engine.names import clean_text

from ..helpers.statsdb import db_with


def game(n: int, person: str, opponent: str = "ai:easy", result: str = "won") -> tuple:
    return (f"g{n}", 0, person, "gin", opponent, result, 100, 20, f"2026-12-{n + 1:02d}T00:00:00Z")


def columns_shown(text: str) -> int:
    """The columns ``text`` takes on a terminal (East Asian wide and full-width
    characters two, others one: these tests' names have no combining marks)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def test_wide_names_line_up_by_display_width(rummy_run, tmp_path):
    data = tmp_path / "data"
    full_width = "\uff21\uff22\uff23"  # ABC, two columns each
    db_with(data, [game(0, "Ann"), game(1, "漢字"), game(2, "😀 Zoë"), game(3, full_width, result="lost")])
    r = rummy_run("stats")
    assert r.returncode == 0, r.stderr
    header, *rows, _footnote = r.stdout.splitlines()
    assert len(rows) == 4
    # The Streak column is the last, to the right: a row ends where the heading does.
    assert {columns_shown(line) for line in [header, *rows]} == {columns_shown(header)}
    # The variant starts under its heading in every row.
    start = columns_shown(header[: header.index("Variant")])
    assert all(columns_shown(row[: row.index("gin")]) == start for row in rows), rows


def test_a_long_wide_name_is_cut_to_80_columns_of_the_terminal(rummy_run, tmp_path):
    data = tmp_path / "data"
    long_name = "漢字仮名交じり文の名前"  # 11 wide characters: 22 columns
    opponents = "ai:easy, " + "長い名前の相手さん"  # a person's name, wide too
    db_with(data, [game(0, long_name, opponents), game(1, "Ann", "ai:hard")])
    r = rummy_run("stats")
    assert r.returncode == 0, r.stderr
    header, *rows, _footnote = r.stdout.splitlines()
    assert all(columns_shown(line) <= 80 for line in r.stdout.splitlines()), r.stdout
    assert {columns_shown(line) for line in [header, *rows]} == {columns_shown(header)}
    (wide,) = [row for row in rows if row.startswith("漢字")]
    assert "~" in wide  # cut, never past the edge: a wide character is whole or left out
    assert all(
        columns_shown(row[: row.index("gin")]) == columns_shown(header[: header.index("Variant")])
        for row in rows
    )


def test_characters_that_show_nothing_are_shown_as_their_codes(rummy_run, tmp_path):
    """A name in the table never hides a character or reads as another name:
    what shows nothing, or is a control, is written as its code."""
    data = tmp_path / "data"
    person = "A\u200bn"
    games = [game(0, person, "ai:easy, B\ufeffob"), game(1, "Ann"), game(2, "")]
    db_with(data, games, [("g0", 0, 1, 25, 0)])
    r = rummy_run("stats")
    assert r.returncode == 0, r.stderr
    hidden = [ch for ch in r.stdout if unicodedata.category(ch) in ("Cf", "Cc") and ch != "\n"]
    assert not hidden, ascii(r.stdout)
    rows = r.stdout.splitlines()[1:-1]
    firsts = [row.split("  ")[0].strip() for row in rows]
    assert sorted(firsts) == ["''", "A\\u200bn", "Ann"]
    assert "ai:easy, B\\ufe" in rows[firsts.index("A\\u200bn")]  # cut to its column
    r = rummy_run("stats", "--json")  # JSON keeps the text as recorded, escaped
    assert '"person": "A\\u200bn"' in r.stdout


def test_clean_text_drops_what_shows_nothing_and_keeps_ordinary_text():
    """The cleaning every printed untrusted text goes through (the table's
    variant, the error lines): format characters that show nothing go, the
    joiners and marks that ordinary text needs stay."""
    ordinary = [
        "Ann, ai:easy",
        "Zoë 漢字 \uff21\uff22\uff23 😀",
        "👨\u200d👩\u200d👧 family",  # an emoji sequence: zero-width joiners
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a zero-width non-joiner
        "क्\u200dष",  # Devanagari: a joiner
        "\u0600\u0661\u0662",  # an Arabic number sign, which shows
        "e\u0301",  # a combining accent
    ]
    for text in ordinary:
        assert clean_text(text) == text, ascii(text)
    assert clean_text("A\u200bn\u2060n\ufeff\u00ad\U000e0041\U000e007f") == "Ann"
    assert clean_text("a\u202eb\u2066c\u200fd") == "abcd"  # bidirectional controls, as before
    assert clean_text("a\tb\nc\x1b[2J") == "a b c[2J"  # breaks and tabs become spaces, escapes go
