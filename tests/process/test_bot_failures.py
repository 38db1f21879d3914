"""Computer players that fail, through the real ``rummy``.

A plugin of misbehaving bots (tests/helpers/badbots.py) is installed into a folder
on PYTHONPATH. A bot that raises, returns anything but a legal move or thinks
past ``--move-timeout`` ends ``rummy simulate`` and ``rummy play`` with one line
naming it, the plugin that registered it, its seat and the match seed, exit
status 1; the person is never blamed; a hint bot that fails only loses the
hint; and a bot that mutates what it is given changes nothing.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from rummykit.core.play.records import MatchRecord, SeatRecord, load_record, replay
from rummykit.core.plugins.manager import get_plugins

from ..helpers import badbots, botsites
from ..marks import first_fast, slow


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return badbots.install(tmp_path_factory.mktemp("site"))


RUMMY, WAIT = botsites.RUMMY, botsites.WAIT
STRIP = ("BADBOTS_",)


def env_for(site: Path, tmp_path: Path, **extra: str) -> dict[str, str]:
    return botsites.env_for(site, tmp_path, STRIP, **extra)


def rummy(site: Path, tmp_path: Path, *args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    return botsites.run(site, tmp_path, args, stdin, STRIP, env)


def one_line(r: subprocess.CompletedProcess) -> str:
    """The run's only line on stderr; no traceback, and no blame for a person."""
    line = botsites.one_line(r)
    assert "you must" not in r.stdout + r.stderr and "you have already" not in r.stdout + r.stderr
    return line


FAILURES = {
    "raiser": r"raised ValueError: boom second line",
    "nothing": r"returned None, not one of the legal moves",
    "words": r"returned 'draw stock' \(a str\), not one of the legal moves",
    "illegal": r"returned the move '(discard [2-9TJQKA][CDHS]|draw stock)', which is not legal now",
}


# -- rummy simulate ------------------------------------------------------------------------


@pytest.mark.parametrize("bot", first_fast(sorted(FAILURES)))
def test_simulate_ends_with_one_line_naming_the_bot(site, tmp_path, bot):
    r = rummy(
        site, tmp_path, "simulate", "gin", "--seat", "random", "--seat", bot, "--matches", "6", "--seed", "5"
    )
    assert r.returncode == 1
    assert r.stdout == ""
    line = one_line(r)
    # Match 1: the bot is the second entrant, at table position 2.
    assert re.fullmatch(
        rf"rummy: {bot} \(plugin badbots, seat 2, match 1 of --seed 5, match seed \d+\) " + FAILURES[bot],
        line,
    ), line


def test_a_failing_roll_out_policy_is_named_not_the_search(site, tmp_path):
    # Another plugin's roll-out player does not take the part from the variant's own.
    r = rummy(site, tmp_path, "rules", "straight-gin")
    assert "ai:search" in r.stdout and "with ref:simple moving every seat" in r.stdout
    r = rummy(
        site, tmp_path, "simulate", "rollgin", "--seat", "random", "--seat", "ai:search",
        "--matches", "2", "--seed", "5",
    )  # fmt: skip
    assert r.returncode == 1
    line = one_line(r)
    assert re.fullmatch(
        r"rummy: ai:search \(plugin core, seat 2, match 1 of --seed 5, match seed \d+\) raised "
        r"RolloutError: its roll-out policy rollbreaker \(plugin badbots\) raised KeyError: "
        r"'no hint today' choosing the prior",
        line,
    ), line


@pytest.mark.parametrize("bot", first_fast(["raiser", "illegal"]))
def test_simulate_a_failure_in_a_worker_process_comes_back_and_ends_the_run(site, tmp_path, bot):
    # After 150 good moves: past the match the parent plays before forking.
    r = rummy(
        site,
        tmp_path,
        "simulate",
        "gin",
        "--seat",
        bot,
        "--seat",
        "random",
        "--rounds",
        "400",
        "--seed",
        "5",
        "--workers",
        "2",
        BADBOTS_AFTER="150",
    )
    assert r.returncode == 1
    assert r.stdout == ""
    line = one_line(r)
    assert re.fullmatch(
        rf"rummy: {bot} \(plugin badbots, seat [12], round (\d+) of --seed 5, "
        rf"match seed \d+\) " + FAILURES[bot],
        line,
    ), line
    assert int(re.search(r"round (\d+)", line).group(1)) > 1


@pytest.mark.parametrize("workers", first_fast(["1", "2"]))
@pytest.mark.parametrize(
    "bot, says",
    [
        ("sleeper", r"took longer than 0\.5 s over a move \(--move-timeout 0\.5\)"),
        ("stubborn", r"took longer than 0\.5 s over a move and would not stop \(--move-timeout 0\.5\)"),
    ],
)
def test_simulate_a_bot_that_never_returns_ends_the_run(site, tmp_path, workers, bot, says):
    t0 = time.monotonic()
    r = rummy(
        site,
        tmp_path,
        "simulate",
        "gin",
        "--seat",
        "random",
        "--seat",
        bot,
        "--rounds",
        "400",
        "--seed",
        "5",
        "--workers",
        workers,
        "--move-timeout",
        "0.5",
        BADBOTS_AFTER="150",
    )
    assert time.monotonic() - t0 < 30
    assert r.returncode == 1
    line = one_line(r)
    assert re.fullmatch(
        rf"rummy: {bot} \(plugin badbots, seat [12], round \d+ of --seed 5, match seed \d+\) " + says, line
    ), line


def _sim(site, tmp_path, *args: str) -> dict:
    r = rummy(site, tmp_path, "simulate", *args, "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    data.pop("rounds_per_second")
    for e in data["entrants"]:
        e.pop("agent")
    return data


@pytest.mark.parametrize(
    "variant, others, args",
    first_fast(
        [
            ("gin", 1, ("--rounds", "60", "--seed", "4")),
            ("gin", 1, ("--matches", "6", "--seed", "4", "--workers", "2")),
            ("cardverse", 1, ("--rounds", "40", "--seed", "4")),
            ("cardverse", 2, ("--matches", "4", "--seed", "4")),
        ]
    ),
)
def test_a_bot_that_mutates_what_it_is_given_changes_nothing(site, tmp_path, variant, others, args):
    """``mutator`` tries to change its view, the legal moves, the events and the
    results (counts included) before every move and at every event; every try
    must raise (a change that works fails the run), and the figures are those of
    ``random``, which plays the same moves."""
    seats = ["--seat", "ai:easy"] * others
    mutated = _sim(site, tmp_path, variant, "--seat", "mutator", *seats, *args)
    plain = _sim(site, tmp_path, variant, "--seat", "random", *seats, *args)
    assert mutated == plain
    units = int(args[1])
    if args[0] == "--rounds":
        assert sum(e["counts"]["rounds_won"] for e in plain["entrants"]) + plain["draws"] == units
    else:
        assert sum(e["matches_won"] for e in plain["entrants"]) + plain["draws"] == units
        assert sum(e["counts"]["rounds_won"] for e in plain["entrants"]) <= plain["rounds"]


@slow
def test_a_bot_that_mutates_what_it_is_given_changes_nothing_in_play(site, tmp_path):
    args = ("--seat", "ai:easy", "--seed", "5", "-o", "target=60")
    mutated = rummy(site, tmp_path, "play", "gin", "--seat", "mutator", *args)
    plain = rummy(site, tmp_path, "play", "gin", "--seat", "random", *args)
    assert mutated.returncode == plain.returncode == 0, mutated.stderr
    assert "=== match over:" in plain.stdout
    as_random = mutated.stdout.replace("Mutator bot", "Random bot").replace("(mutator)", "(random)")
    assert as_random == plain.stdout


def test_simulate_bounds_are_one_line_and_in_the_help(rummy_run):
    r = rummy_run("simulate", "gin", "--workers", "400")
    assert r.returncode == 2 and r.stdout == ""
    cores = os.cpu_count() or 1
    most = min(64, 4 * cores)
    assert r.stderr == (
        f"rummy: --workers must be from 0 to {most} (at most 4 per CPU core, 64 in all), not 400\n"
    )
    help_text = " ".join(rummy_run("simulate", "--help").stdout.split())
    for bound in (
        "--matches N Play N matches (default 100; 1 to 1,000,000)",
        "1 to 10,000,000",
        "0 to 2^64-1",
        "at most 4 per CPU core and 64 in all",
        "--move-timeout SECONDS Seconds a computer player may think over one move (default 60; "
        "more than 0, at most 3,600)",
    ):
        assert bound in help_text


# -- rummy play through a pipe -------------------------------------------------------------


@pytest.mark.parametrize("bot", first_fast(sorted(FAILURES)))
def test_play_bots_only_ends_with_one_line_naming_the_bot_and_the_seed(site, tmp_path, bot):
    r = rummy(site, tmp_path, "play", "gin", "--seat", bot, "--seat", "random", "--seed", "7")
    assert r.returncode == 1
    line = one_line(r)
    assert re.fullmatch(rf"rummy: {bot} \(plugin badbots, seat 1, match seed 7\) " + FAILURES[bot], line), (
        line
    )


def _first_two_moves(seed: int) -> list[str]:
    """Seat 1's first turn: draw from the stock, discard the first card of the hand."""
    rec = MatchRecord(
        variant="gin",
        options={},
        seed=seed,
        actions=["draw stock"],
        seats=[SeatRecord(kind="human", name="Ann"), SeatRecord(kind="random", name="R")],
    )
    hand = replay(rec, get_plugins().registry).view(0).hand
    from rummykit.core.cards.card import code

    return ["draw stock", f"discard {code(hand[0])}"]


@pytest.mark.parametrize("bot", first_fast(sorted(FAILURES)))
def test_play_with_a_person_never_blames_the_person_and_keeps_the_game(site, tmp_path, bot):
    save = tmp_path / "g.json"
    moves = _first_two_moves(7)
    r = rummy(
        site,
        tmp_path,
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        bot,
        "--seed",
        "7",
        "--save",
        str(save),
        stdin="\n".join(moves) + "\n",
    )
    assert r.returncode == 1
    line = one_line(r)
    # The seed of a game with a person is not shown before its end.
    assert re.fullmatch(
        rf"rummy: {bot} \(plugin badbots, seat 2, match seed hidden until the game is over\) "
        + FAILURES[bot],
        line,
    ), line
    assert load_record(save).actions == moves


def test_play_a_bot_past_the_move_timeout_ends_the_game_saved(site, tmp_path):
    save = tmp_path / "g.json"
    moves = _first_two_moves(7)
    t0 = time.monotonic()
    r = rummy(
        site,
        tmp_path,
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        "sleeper",
        "--seed",
        "7",
        "--save",
        str(save),
        "--move-timeout",
        "0.5",
        stdin="\n".join(moves) + "\n",
    )
    assert time.monotonic() - t0 < 30
    assert r.returncode == 1
    assert one_line(r) == (
        "rummy: sleeper (plugin badbots, seat 2, match seed hidden until the game "
        "is over) took longer than 0.5 s over a move (--move-timeout 0.5)"
    )
    assert load_record(save).actions == moves
    r = rummy(
        site,
        tmp_path,
        "play",
        "gin",
        "--seat",
        "stubborn",
        "--seat",
        "random",
        "--seed",
        "7",
        "--move-timeout",
        "0.5",
    )
    assert r.returncode == 1
    assert one_line(r) == (
        "rummy: stubborn (plugin badbots, seat 1, match seed 7) took longer than 0.5 s "
        "over a move and would not stop (--move-timeout 0.5)"
    )


@slow
def test_resume_takes_the_move_timeout_too(site, tmp_path):
    save = tmp_path / "g.json"
    moves = _first_two_moves(7)
    # The game is made with the sleeper seated, and left before it is to move.
    r = rummy(
        site,
        tmp_path,
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        "sleeper",
        "--seed",
        "7",
        "--save",
        str(save),
        stdin="quit\n",
    )
    assert r.returncode == 0, r.stderr
    t0 = time.monotonic()
    r = rummy(site, tmp_path, "resume", str(save), "--move-timeout", "0.5", stdin="\n".join(moves) + "\n")
    assert time.monotonic() - t0 < 30
    assert r.returncode == 1
    assert one_line(r) == (
        "rummy: sleeper (plugin badbots, seat 2, match seed hidden until the game "
        "is over) took longer than 0.5 s over a move (--move-timeout 0.5)"
    )
    assert load_record(save).actions == moves
    r = rummy(site, tmp_path, "resume", str(save), "--move-timeout", "0")
    assert r.returncode == 2 and r.stderr.startswith("rummy: --move-timeout must be more than 0")


@pytest.mark.parametrize(
    "value, message",
    first_fast(
        [
            ("0", "rummy: --move-timeout must be more than 0 and at most 3,600 seconds, not 0"),
            ("7200", "rummy: --move-timeout must be more than 0 and at most 3,600 seconds, not 7200"),
            (
                "inf",
                "rummy: --move-timeout takes a number of seconds (more than 0, at most 3,600), not 'inf'",
            ),
        ]
    ),
)
def test_play_move_timeout_bounds(rummy_run, value, message):
    r = rummy_run("play", "gin", "--seat", "random", "--seat", "random", "--move-timeout", value)
    assert r.returncode == 2 and r.stderr == message + "\n" and r.stdout == ""
    assert "--move-timeout SECONDS" in rummy_run("play", "--help").stdout


def test_a_hint_bot_that_fails_costs_only_the_hint(site, tmp_path):
    save = tmp_path / "g.json"
    r = rummy(
        site,
        tmp_path,
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        "random",
        "--seed",
        "7",
        "--save",
        str(save),
        stdin="hint\ns\n",
    )
    assert r.returncode == 0, r.stderr
    assert (
        "hint unavailable: hintbreaker (plugin badbots, seat 1) raised KeyError: 'no hint today'" in r.stdout
    )
    assert load_record(save).actions == ["draw stock"]  # the game went on
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "sig, code, said",
    [
        (signal.SIGTERM, 128 + signal.SIGTERM, "terminated"),
        (signal.SIGHUP, 128 + signal.SIGHUP, "hung up"),
        (signal.SIGINT, 130, "interrupted"),
    ],
)
def test_pipe_signals_end_the_game_at_once_while_a_bot_thinks(site, tmp_path, sig, code, said):
    save, mark = tmp_path / "g.json", tmp_path / "thinking"
    p = subprocess.Popen(
        [RUMMY, "play", "gin", "--seat", "sleeper", "--seat", "random", "--seed", "3", "--save", str(save)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env_for(site, tmp_path, BADBOTS_AFTER="6", BADBOTS_MARK=str(mark)),
    )
    try:
        deadline = time.monotonic() + WAIT
        while not mark.exists():  # the sleeper's seventh move: it thinks forever
            ended = p.poll() is not None
            assert not ended and time.monotonic() < deadline, p.stderr.read() if ended else ""
            time.sleep(0.05)
        p.send_signal(sig)
        out, err = p.communicate(timeout=5)
    finally:
        p.kill()
    assert p.returncode == code
    assert f"{said}; game saved to {save}" in out
    assert "Traceback" not in err
    # Both seats made 3 turns of 2 moves, every one saved; the file replays.
    rec = load_record(save)
    assert len(rec.actions) == 12
    replay(rec, get_plugins().registry)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_what_a_bot_prints_does_not_spoil_simulates_json(site, tmp_path, workers):
    args = ["simulate", "gin", "--seat", "chatty", "--seat", "random", "--matches", "2", "--seed", "5"]
    r = rummy(site, tmp_path, *args, "--json", "--workers", workers)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["matches"] == 2  # standard output is the report alone
    assert "thinking..." in r.stderr


def test_what_a_bot_prints_goes_to_standard_error_in_play_too(site, tmp_path):
    args = ["play", "gin", "--seat", "chatty", "--seat", "random", "--seed", "5"]
    r = rummy(site, tmp_path, *args, "-o", "target=10")
    assert r.returncode == 0, r.stderr
    assert "thinking..." not in r.stdout and "=== match over:" in r.stdout
    assert "thinking..." in r.stderr
