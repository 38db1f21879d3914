"""The Knock Rummy example, examples/rummykit-knockrummy, as a user meets it.

`make test` installs it (every examples/*/ with a pyproject) before the tests;
these use it through its entry point and the real ``rummy`` command, run in
the test process: a match of four bots through a pipe that eliminates seats
until one is left, its record replayed to the same match state.
"""

from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

import pytest

from rummykit.core.play.records import load_record, replay
from rummykit.core.plugins.manager import get_plugins

from ..helpers.docs_excerpts import missing_lines

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", autouse=True)
def installed():
    try:
        dist = metadata.distribution("rummykit-knockrummy")
    except metadata.PackageNotFoundError:
        pytest.fail(
            "the example is not installed: pip install -e examples/rummykit-knockrummy (make test does this)"
        )
    eps = [(ep.name, ep.value) for ep in dist.entry_points if ep.group == "rummykit"]
    assert eps == [("knockrummy", "rummykit_knockrummy.plugin")]


def test_listed_with_its_rules_options_and_players(rummy_run):
    r = rummy_run("variants")
    assert r.returncode == 0 and any(
        line.split()[:4] == ["knockrummy", "Knock", "Rummy", "2-5"] for line in r.stdout.splitlines()
    )
    out = " ".join(rummy_run("rules", "knockrummy").stdout.split())
    assert "The knocker loses ties" in out and "is out of the match" in out
    for option in ("target", "knock_penalty", "rummy_bonus", "max_turns"):
        assert option in out
    assert "ai:easy" in out and "ai:normal" in out and "ai:search" in out
    data = json.loads(rummy_run("plugins", "--json").stdout)
    entry = next(p for p in data["plugins"] if p["name"] == "knockrummy")
    assert entry["distribution"] == "rummykit-knockrummy" and entry["variants"] == ["knockrummy"]


def test_four_bots_play_through_a_pipe_until_one_is_left_and_the_record_replays(rummy_run, tmp_path):
    save = tmp_path / "g.json"
    seats = ("--seat", "ai:normal", "--seat", "ai:easy", "--seat", "ai:normal", "--seat", "ai:easy")
    r = rummy_run("play", "knockrummy", *seats, "--seed", "7", "--save", str(save), NO_COLOR="1")
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    assert first.endswith("a player reaching 100 penalty points is out; the last one left wins; seed 7")
    assert re.search(r"knocks discarding .* with \d+", r.stdout)
    record = load_record(save)
    assert record.finished and record.match.rule == "elimination" and record.match.limit == 100
    m = replay(record, get_plugins().registry)
    assert m.over and not m.stalled and m.state() == record.state
    out = m.rule.out
    assert len(out) == 3 and all(m.totals[s] >= 100 for s in out)
    (winner,) = m.winners
    assert m.totals[winner] < 100 and m.ranking()[0] == winner
    assert record.state["went_out"] and sum(len(h) for h in record.state["went_out"]) == 3
    # A seat out of the match is dealt no more cards: the hands after it went out skip it.
    dealt = [{h.seat for h in res.hands} for res in m.results]
    for s in out:
        totals = [sum(res.points[s] for res in m.results[: i + 1]) for i in range(len(m.results))]
        gone = next(i for i, t in enumerate(totals) if t >= 100)
        assert all(s not in seats_dealt for seats_dealt in dealt[gone + 1 :])
    names = ["Normal bot 1", "Easy bot 2", "Normal bot 3", "Easy bot 4"]
    last = r.stdout.split("--- round")[-1]  # the last hand shows the hands of the two left only
    assert sum(last.count(f"\n{n}: ") for n in names) == 2
    assert f"=== match over: {names[winner]} wins ===" in r.stdout
    shown = rummy_run("replay", str(save), NO_COLOR="1")
    assert shown.returncode == 0, shown.stderr
    assert f"Match over: {names[winner]} wins (" in shown.stdout
    assert f"Ranking: 1. {names[winner]}, " in shown.stdout


def test_a_person_knocks_through_the_pipe(rummy_run, tmp_path):
    r = rummy_run(
        "play", "knockrummy", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "3",
        "--save", str(tmp_path / "g.json"), stdin="s\nhelp\nnonsense\nquit\n", NO_COLOR="1",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert re.search(r"^Your hand: .*deadwood \d+", out, re.M)  # the hand melded at its best
    assert "k CARD" in out and "the lowest deadwood wins" in out  # help, after the draw
    assert "illegal: unknown move 'nonsense'" in out
    assert "Traceback" not in r.stdout + r.stderr


def test_the_match_rules_chapter_shows_the_examples_real_code():
    sources = sorted((REPO / "examples" / "rummykit-knockrummy").rglob("*.py"))
    assert missing_lines("## Match rules", "\n### `MatchContext`", sources) == []
    assert missing_lines("### State, records and replay", "\n### A plugin built on", sources) == []
