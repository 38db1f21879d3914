"""The third-party example examples/rummykit-cardverse-house, as a user meets it:
CardVerse with the discard pile turned into a new stock once and 51 points to
open, built on CardVerse's ``make_spec`` and the public override points of
``CardVerseRound``. `make test` installs it; these tests use it through its
entry point and the real ``rummy`` command, run in the test process (its game in
a pseudo-terminal: tests/process/test_example_games.py)."""

from __future__ import annotations

import json
from importlib import metadata

import pytest

from rummykit.core.cards.card import pretty
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.play.records import load_record
from rummykit.core.plugins.manager import get_plugins
from rummykit.testing import check_variant

from ..helpers.examples import seed_to_open
from ..inprocess import run_rummy

NAME = "cardverse-house"


@pytest.fixture(scope="module", autouse=True)
def installed():
    try:
        dist = metadata.distribution("rummykit-cardverse-house")
    except metadata.PackageNotFoundError:
        pytest.fail(
            "the example is not installed: pip install -e examples/rummykit-cardverse-house "
            "(make test does this)"
        )
    eps = [(ep.name, ep.value) for ep in dist.entry_points if ep.group == "rummykit"]
    assert eps == [(NAME, "rummykit_cardverse_house.plugin")]


def rummy(*args, stdin="", tmp=None):
    env = {} if tmp is None else {"RUMMYKIT_DATA_DIR": str(tmp)}
    return run_rummy(*args, stdin=stdin, RUMMYKIT_DISABLE_PLUGINS=None, **env)


def spec():
    return get_plugins().registry.variant(NAME)


def replayed(path):
    """The saved game re-played move by move: the match, and for every round
    the round object (restocks and hands as they were at its end)."""
    record = load_record(path)
    s = spec()
    match = Match(s, build_options(s.options_model, record.options, NAME), len(record.seats), record.seed)
    rounds = []
    for text in record.actions:
        rnd = match.round
        match.apply({a.notation(): a for a in match.legal_actions()}[text])
        if rnd.result is not None:
            rounds.append(rnd)
    return match, rounds


def round_end_lines(out: str) -> list[list[str]]:
    """The lines `rummy play` prints after each "--- round N over ---" (the
    hands shown and the result)."""
    blocks = out.split("--- round ")[1:]
    return [b.split("\n")[1:5] for b in blocks]


def test_the_variant_is_registered_with_its_rules(rummy_run):
    r = rummy_run("rules", NAME)
    assert r.returncode == 0, r.stderr
    assert "The discard pile becomes the stock, once" in r.stdout and "51 to open" in r.stdout
    assert "reshuffle" in r.stdout and "open_points" in r.stdout


def test_a_reshuffled_round_replays_exactly(rummy_run, tmp_path):
    save = tmp_path / "game.json"
    r = rummy(
        "play",
        NAME,
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--seed",
        "4",
        "-o",
        "target=1",
        "--save",
        str(save),
        tmp=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    match, rounds = replayed(save)
    assert match.over and rounds[0].restocks, "the round under test reshuffles the discard pile"
    # The hidden cards after the reshuffle come back the same: every hand at
    # the end of the round, as `rummy play` showed them, is the replay's.
    _, rounds_again = replayed(save)
    assert [r.zones() for r in rounds] == [r.zones() for r in rounds_again]
    assert [r.result for r in rounds] == [r.result for r in rounds_again]
    from rummykit.cli.text import card_fmt, result_lines

    names = [s.name for s in load_record(save).seats]
    shown = round_end_lines(r.stdout)
    assert shown and shown[0] == result_lines(rounds[0].result, names, card_fmt())[:4]
    # rummy replay re-plays it too, and shows the table's line about the reshuffle.
    rep = rummy_run("replay", str(save), RUMMYKIT_DATA_DIR=str(tmp_path))
    assert rep.returncode == 0, rep.stderr
    assert "stock rebuilt from the discard pile (once a round)" in rep.stdout
    assert "becomes the stock" in rep.stdout
    for line in shown[0][2:4]:
        assert line.split(";")[0] in rep.stdout


def test_play_in_a_pipe_knows_open_when_it_is_not_legal(tmp_path):
    seed, opening = seed_to_open(20)
    typed = " ".join(pretty(c, True).lower() for c in opening.cards)
    lines = ["help", f"o {typed}", "s", f"m {typed}", "help", f"o {typed}", "log", "quit"]
    r = rummy(
        "play",
        NAME,
        "--seat",
        "human:Ann",
        "--seat",
        "ai:easy",
        "--seed",
        str(seed),
        "-o",
        "open_points=20",
        "--ascii",
        stdin="\n".join(lines) + "\n",
        tmp=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout
    # Help lists the variant's move while it is not legal, with its help line.
    assert (
        "not now: open  [o CARDS]: lay your first melds all at once, worth the points to open or more" in out
    )
    # Typed when not legal: the variant's reason, not "unknown move".
    assert "illegal: draw first" in out
    assert "unknown move" not in out
    assert "illegal: open first: your first melds must be worth 20 points or more" in out
    # The log phrase, in the session's notation (--ascii).
    cards = " ".join(pretty(c, True) for c in opening.cards)
    assert f"Ann opens with {cards}" in out
    assert f"\n  Ann opens with {cards}\n" in out  # the log
    # The table line, its card in ASCII.
    assert "nobody has opened (20 to open)" in out
    assert "opened: Ann" in out
    top = out.split("discard ")[1].split()[0]
    assert f"the pile under {top} becomes the stock" in out and "♥" not in out and "♠" not in out


def test_simulate_counts_every_declared_tally():
    r = rummy(
        "simulate", NAME, "--seat", "ai:easy", "--seat", "random", "--rounds", "12", "--seed", "2", "--json"
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    for e in data["entrants"]:
        assert {"out_by_meld", "out_by_discard", "stock_end", "reshuffles", "openings"} <= set(e["counts"])
    assert sum(e["counts"]["reshuffles"] for e in data["entrants"]) > 0


@pytest.mark.slow  # the kit's seeded games (or a search): minutes on a busy machine
def test_conformance_kit():
    check_variant(NAME, seeds=range(3))
