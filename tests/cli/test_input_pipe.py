"""Hostile and careless input through the real ``rummy`` (run in the test
process, ``here``) with piped standard input: names with escapes, duplicate
names, a person called Random, random lines at the move prompt, and save files
holding escapes. Every case: a one-line reason, never a traceback, and nothing
raw reaches the terminal. Input that is not UTF-8 or a line of a megabyte goes
through a pipe to the program: tests/process/test_input_pipe_bytes.py."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.play.records import MatchRecord, SeatRecord, load_record, save_record

from ..helpers.sites import fake_install, on_path
from ..inprocess import run_rummy
from ..marks import first_fast

ESC = b"\x1b"


def here(args, data: Path, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """``rummy *args`` run in this process (tests/inprocess.py), its output as bytes."""
    r = run_rummy(*args, stdin=stdin.decode(), RUMMYKIT_DATA_DIR=str(data), RUMMYKIT_DISABLE_PLUGINS=None)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.encode(), r.stderr.encode())


def err_lines(r) -> list[str]:
    lines = r.stderr.decode("utf-8", "replace").splitlines()
    return [ln for ln in lines if not ln.startswith("rummy: warning")]


@pytest.mark.parametrize(
    "seat",
    [
        "human:Ev\x1b]0;pwned\x07",  # would set the window title
        "human:Ev\x1b]52;c;cHduZWQ=\x07",  # would write the clipboard
        "human:Ann\nBob draws from the stock",  # would forge a log line
        "human:\u202eevil",  # would reverse what follows
        "human:Iso\u2066late",
        "ai:easy:Bot\x1b[2J",
        "human:" + "x" * 25,
    ],
)
def test_a_bad_name_is_one_line_exit_2_before_anything_starts(tmp_path, seat):
    r = here(
        ["play", "gin", "--seat", seat, "--seat", "random", "--save", str(tmp_path / "g.json")],
        tmp_path / "data",
        b"s\n",
    )
    assert r.returncode == 2
    (line,) = err_lines(r)
    assert line.startswith("rummy: seat 1: name ") and "Traceback" not in line
    assert ESC not in r.stdout + r.stderr and b"\xe2\x80\xae" not in r.stderr  # escaped, not raw
    assert r.stdout == b"" and not (tmp_path / "g.json").exists()


def test_names_with_brackets_and_braces_play_a_whole_match(tmp_path):
    r = here(
        ["play", "gin", "--seat", "ai:easy:[[oops", "--seat", "ai:easy:{0}[[1]]", "--seed", "3"],
        tmp_path / "data",
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert "Traceback" not in r.stderr.decode()
    assert "--- round 1 over ---" in out and "=== match over:" in out
    # The result text names both as they are, cards filled in around them.
    assert any(ln.startswith("[[oops ") or " [[oops " in ln for ln in out.splitlines() if "scores" in ln)
    assert "{0}[[1]]" in out.split("--- round 1 over ---")[1]


def test_duplicate_names_are_refused_ignoring_case(tmp_path):
    save = tmp_path / "c.json"
    r = here(
        [
            "play",
            "cardverse",
            "--seat",
            "human:Bob 3",
            "--seat",
            "human:Bob",
            "--seat",
            "human:bob",
            "--seat",
            "ai:easy",
            "--save",
            str(save),
        ],
        tmp_path / "data",
    )
    # a typed name another seat has is refused, not renumbered
    assert r.returncode == 2 and not save.exists()
    assert (
        r.stderr.decode()
        == "rummy: seat 3: the name 'bob' is taken by seat 2 ('Bob'); give each seat a name of its own\n"
    )


def test_a_person_may_be_called_random(tmp_path):
    save = tmp_path / "g.json"
    r = here(
        ["play", "gin", "--seat", "human:Random", "--seat", "random", "--seed", "3", "--save", str(save)],
        tmp_path / "data",
        b"s\n",
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert out.startswith("Cardems Gin: Random (human), Random bot (random)")
    assert "Random> " in out  # the person is asked for moves
    rec = load_record(save)
    assert [(s.kind, s.name) for s in rec.seats] == [("human", "Random"), ("random", "Random bot")]
    assert rec.actions[:1] == ["draw stock"]


def hostile_save(path: Path, **seat_fields) -> bytes:
    rec = MatchRecord(
        variant="gin",
        seats=[SeatRecord(kind="human", name="Ann"), SeatRecord(kind="random", name="Bob")],
        seed=1,
    )
    data = json.loads(rec.to_json())
    data["seats"][1].update(seat_fields)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


@pytest.mark.parametrize(
    "fields",
    first_fast(
        [{"name": "Ev\x1b]0;pwned\x07"}, {"name": "a\nb"}, {"name": "\u202eevil"}, {"kind": "random\x1b[2J"}]
    ),
)
def test_a_save_file_holding_escapes_is_refused_in_one_line_and_left_alone(tmp_path, fields):
    data = tmp_path / "data"
    games = data / "games"
    games.mkdir(parents=True)
    bad = games / "bad00000.json"
    raw = hostile_save(bad, **fields)
    save_record(
        MatchRecord(
            variant="gin",
            seats=[SeatRecord(kind="human", name="Cy"), SeatRecord(kind="random", name="Di")],
            seed=2,
        ),
        games / "good0000.json",
    )
    for args in (["play", "--resume", str(bad)], ["resume", str(bad)], ["replay", str(bad)]):
        r = here(args, data)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        (line,) = err_lines(r)
        assert str(bad) in line and "seats.1." in line
        assert ESC not in r.stdout + r.stderr and "\u202e" not in (r.stdout + r.stderr).decode()
        assert bad.read_bytes() == raw
    r = here(["resume"], data)  # the listing shows the good game and skips the bad one
    assert r.returncode == 0
    assert "Cy, Di" in r.stdout.decode() and ESC not in r.stdout + r.stderr
    assert bad.read_bytes() == raw


@pytest.mark.parametrize("field", ["id", "created", "updated"])
def test_a_save_file_cannot_put_escapes_in_the_listing_either(tmp_path, field):
    data = tmp_path / "data"
    games = data / "games"
    games.mkdir(parents=True)
    rec = MatchRecord(
        variant="gin",
        seats=[SeatRecord(kind="human", name="Cy"), SeatRecord(kind="random", name="Di")],
        seed=2,
    )
    doc = json.loads(rec.to_json())
    doc[field] = "x\x1b]0;pwned\x07"
    bad = games / "bad.json"
    bad.write_text(json.dumps(doc))
    raw = bad.read_bytes()
    r = here(["resume"], data)
    assert r.returncode == 0 and ESC not in r.stdout + r.stderr
    assert "skipped" in r.stderr.decode() and "Cy, Di" not in r.stdout.decode()
    r = here(["play", "--resume", str(bad)], data, b"quit\n")
    assert r.returncode == 2 and ESC not in r.stdout + r.stderr
    (line,) = err_lines(r)
    assert field in line
    assert bad.read_bytes() == raw


LINES = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(
        [
            "s",
            "p",
            "d",
            "d 7h",
            "k",
            "g",
            "m",
            "a",
            "a qs 2",
            "to",
            "\u00b2",
            "\u0663",
            "help",
            "hint",
            "undo",
            "score",
            "log",
            "rules",
            "m 9h th jh",
            "a 2c to 99999999999",
        ]
    ),
    st.builds(
        lambda a, b: f"{a} {b}",
        st.sampled_from(["d", "k", "g", "m", "a", "add", "meld"]),
        st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
    ),
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant,seats", [("gin", ["human", "ai:easy"]), ("cardverse", ["human", "ai:easy", "ai:easy"])]
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(LINES, max_size=25))
def test_random_lines_never_crash_the_pipe_ui(variant, seats, lines):
    text = "\n".join(ln.replace("\n", " ").replace("\r", " ") for ln in lines) + "\n"
    with tempfile.TemporaryDirectory() as tmp:
        args = ["play", variant, "--seed", "5", "--save", str(Path(tmp) / "g.json")]
        for s in seats:
            args += ["--seat", s]
        r = here(args, Path(tmp) / "data", text.encode())
        assert r.returncode == 0, r.stderr.decode()
        assert r.stderr == b"" and b"Traceback" not in r.stdout
        assert ESC not in r.stdout
        load_record(Path(tmp) / "g.json")  # saved, and readable


LOUD = """
    from dataclasses import replace

    from rummykit import hookimpl
    from rummykit.variants.gin import easy_agent_spec, make_spec
    from rummykit.variants.gin.round import GinRound

    EVIL = " \\x1b]0;pwned\\x07\\x1b]52;c;cHduZWQ=\\x07\\nBob draws from the stock (A\\u2660) \\u202e"

    class LoudRound(GinRound):
        def loud(self, result):
            return replace(result, outcome="knock\\x1b[2J", text=tuple(t + EVIL for t in result.text))

        def make_result(self, *a, **k):
            return self.loud(super().make_result(*a, **k))

        def draw_result(self, *a, **k):
            return self.loud(super().draw_result(*a, **k))

    @hookimpl
    def register_variants(register):
        register(make_spec(name="loudgin", title="Loud Gin", round_class=LoudRound))

    @hookimpl
    def register_agents(register):
        register(easy_agent_spec("loudgin"))
"""


def test_a_plugin_variants_result_text_reaches_the_terminal_as_one_plain_line(tmp_path):
    site = tmp_path / "site"
    fake_install(site, "rummykit-loud", "0.1", {"loud": "rk_loud"}, {"rk_loud": LOUD})
    with on_path(site):
        r = here(
            ["play", "loudgin", "--seat", "ai:easy", "--seat", "ai:easy", "--seed", "3", "-o", "target=1"],
            tmp_path / "data",
        )
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert "--- round 1 over ---" in out
    assert ESC not in r.stdout and "\u202e" not in out and "\x07" not in out
    assert not any(ln.startswith("Bob draws") for ln in out.splitlines())  # no forged line
    # on the line it ends:
    assert any("cHduZWQ= Bob draws from the stock (A♠)" in ln for ln in out.splitlines())
