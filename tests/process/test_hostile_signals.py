"""Hostile computer players (tests/helpers/hostilebots.py) and the process's
signals, through the real ``rummy``: every call into a bot is timed and lets
Ctrl-C, SIGTERM and SIGHUP through within a second; whatever a bot raises or
returns is its one line (exit status 1); ``rummy simulate``'s workers end with
it, and it prints the figures so far; SIGTERM in the terminal game leaves the terminal as Ctrl-C does.

Every wait is bounded, and every process a test starts is gone when it ends."""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from rummykit.core.play.records import load_record

from ..helpers import botsites, hostilebots
from ..helpers.ptygame import ALT_ON, Game, plain
from ..marks import first_fast

ALT_OFF = b"\x1b[?1049l"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return hostilebots.install(tmp_path_factory.mktemp("site"))


RUMMY, WAIT = botsites.RUMMY, botsites.WAIT
STRIP = ("HOSTILE_",)


def env_for(site: Path, tmp_path: Path, **extra: str) -> dict[str, str]:
    return botsites.env_for(site, tmp_path, STRIP, **extra)


def rummy(site: Path, tmp_path: Path, *args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    return botsites.run(site, tmp_path, args, stdin, STRIP, env)


one_line = botsites.one_line


def wait_for(path: Path, proc: subprocess.Popen | None = None, timeout: float = WAIT) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < end, f"{path} never appeared"
        assert proc is None or proc.poll() is None, proc.communicate()
        time.sleep(0.05)


#: Runs a program (argv[1:]) with SIGHUP at its default, as a terminal's programs
#: start: a test run started under nohup hands its children an ignored SIGHUP,
#: which rummy keeps, as it should (core/play/simulate.py).
SIGHUP_DEFAULT = (
    "import os, signal, sys; "
    "hasattr(signal, 'SIGHUP') and signal.signal(signal.SIGHUP, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


@contextlib.contextmanager
def started(site: Path, tmp_path: Path, *args: str, **env: str):
    """``rummy *args`` started with its input a pipe and SIGHUP at its default;
    killed if still running after."""
    proc = subprocess.Popen(
        [sys.executable, "-c", SIGHUP_DEFAULT, RUMMY, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env_for(site, tmp_path, **env),
    )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=WAIT)


# -- a bot's move or exception is its fault ------------------------------------------------

COMMANDS = {
    "play": ["play", "gin", "--seed", "7"],
    "simulate": ["simulate", "gin", "--matches", "1", "--seed", "7"],
}


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("bot", first_fast(["card-999", "card-as", "card-neg"]))
def test_a_bot_moving_a_card_that_is_no_card_is_its_fault(site, tmp_path, bot, command):
    r = rummy(site, tmp_path, *COMMANDS[command], "--seat", bot, "--seat", "random")
    assert r.returncode == 1, r.stderr  # not 2: nobody mistyped anything
    line = one_line(r)
    assert "not a card" not in line
    assert re.match(rf"rummy: {bot} \(plugin hostile, seat [12], .*\) returned .*discard", line), line


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize(
    "bot, raised",
    first_fast(
        [
            ("raise-kbi", "KeyboardInterrupt"),
            ("raise-cancelled", "CancelledError"),
            ("raise-genexit", "GeneratorExit"),
            ("raise-custom", "Custom"),
        ]
    ),
)
def test_a_bot_raising_a_base_exception_is_one_line_naming_it(site, tmp_path, bot, raised, command):
    r = rummy(site, tmp_path, *COMMANDS[command], "--seat", bot, "--seat", "random")
    assert r.returncode == 1, r.stderr  # not 130: the user pressed nothing
    line = one_line(r)
    assert re.fullmatch(
        rf"rummy: {bot} \(plugin hostile, seat [12], .*\) raised {raised}: from the bot", line
    ), line
    assert "interrupted" not in r.stdout


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_bots_exception_text_reaches_the_terminal_clean(site, tmp_path, command):
    r = rummy(site, tmp_path, *COMMANDS[command], "--seat", "raise-escape", "--seat", "random")
    assert r.returncode == 1
    line = one_line(r)
    assert "\x1b" not in line and "\x07" not in line
    assert line.endswith("raised ValueError: [2J]0;titlered[31m text"), line


# -- an observe or a constructor that never returns -------------------------------------------


@pytest.mark.parametrize("bot, doing", first_fast([("deaf", "in observe"), ("slowborn", "when made")]))
def test_a_bot_call_that_never_returns_is_timed(site, tmp_path, bot, doing):
    t0 = time.monotonic()
    r = rummy(site, tmp_path, "play", "gin", "--seat", bot, "--seat", "random", "--seed", "7",
              "--move-timeout", "0.5")  # fmt: skip
    assert time.monotonic() - t0 < 30
    assert r.returncode == 1, r.stderr
    assert re.fullmatch(
        rf"rummy: {bot} \(plugin hostile, seat 1, match seed 7\) took longer than 0\.5 s {doing} "
        r"\(--move-timeout 0\.5\)",
        one_line(r),
    )


@pytest.mark.parametrize(
    "sig, code", first_fast([(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
)
@pytest.mark.parametrize("bot", ["deaf", "slowborn"])
def test_signals_end_a_game_whose_bot_never_returns_within_a_second(site, tmp_path, sig, code, bot):
    mark = tmp_path / "mark"
    args = ("play", "gin", "--seat", bot, "--seat", "random", "--seed", "7", "--move-timeout", "60")
    with started(site, tmp_path, *args, HOSTILE_MARK=str(mark)) as proc:
        wait_for(mark, proc)
        time.sleep(0.3)
        t0 = time.monotonic()
        proc.send_signal(sig)
        _out, err = proc.communicate(timeout=WAIT)
        assert time.monotonic() - t0 < 1.5
    assert proc.returncode == code, err
    assert "Traceback" not in err.decode()
    assert bot.encode() not in err  # the user's signal, not the bot's failure


@pytest.mark.parametrize("sig, code", first_fast([(signal.SIGINT, 130), (signal.SIGTERM, 143)]))
def test_a_bot_that_swallows_the_signal_does_not_keep_the_game_going(site, tmp_path, sig, code):
    # It returns: the signal is raised again; it never returns: the process ends.
    for bot, says in (("swallower", b""), ("deafer", b" would not stop in observe when interrupted\n")):
        mark = tmp_path / f"mark-{bot}"
        args = ("play", "gin", "--seat", bot, "--seat", "random", "--seed", "7")
        with started(site, tmp_path, *args, HOSTILE_MARK=str(mark)) as proc:
            wait_for(mark, proc)
            time.sleep(0.3)
            t0 = time.monotonic()
            proc.send_signal(sig)
            _out, err = proc.communicate(timeout=WAIT)
            assert time.monotonic() - t0 < 1.5
        assert proc.returncode == code, err
        assert b"Traceback" not in err
        if says:
            assert err == b"rummy: " + bot.encode() + b" (plugin hostile, seat 1, match seed 7)" + says
        else:
            assert bot.encode() not in err


@pytest.mark.parametrize("bot", first_fast(["deaf", "deafer"]))
@pytest.mark.parametrize("sig, code", first_fast([(signal.SIGINT, 130), (signal.SIGTERM, 143)]))
def test_signals_reach_the_terminal_game_while_a_bot_observes_for_ever(tmp_path, sig, code, bot):
    mark = tmp_path / "mark"
    save = tmp_path / "g.json"
    game = Game(
        ["play", "gin", "--seat", bot, "--seat", "human:Ann", "--seed", "7", "--save", str(save)],
        tmp_path / "data",
        PYTHONPATH=str(hostilebots.install(tmp_path / "site")),
        HOSTILE_MARK=str(mark),
    )
    try:
        end = time.monotonic() + WAIT
        while not mark.exists():  # the bot moved, and is told of it
            assert time.monotonic() < end and game.child.isalive()
            time.sleep(0.05)
        time.sleep(0.3)
        t0 = time.monotonic()
        game.child.kill(sig)
        status = game.wait_exit(timeout=10)
        assert time.monotonic() - t0 < 1.5
    finally:
        game.close()
    assert status == code
    assert game.raw.rfind(ALT_OFF) > game.raw.rfind(ALT_ON)
    said = " ".join(plain(game.raw).split())
    if bot == "deaf":  # interrupted: said as Ctrl-C always is
        assert "game saved after 1 move" in said
        assert "deaf" not in said
    else:  # it swallows the interruption: the process ends at once, every move saved
        assert (
            "rummy: deafer (plugin hostile, seat 1, match seed hidden until the game is over) would not "
            in said
        )
    assert load_record(save).actions  # its move


def test_the_terminal_game_times_a_bot_observing_for_ever(tmp_path):
    save = tmp_path / "g.json"
    game = Game(
        ["play", "gin", "--seat", "deaf", "--seat", "human:Ann", "--seed", "7", "--save", str(save),
         "--move-timeout", "0.5"],
        tmp_path / "data",
        PYTHONPATH=str(hostilebots.install(tmp_path / "site")),
    )  # fmt: skip
    try:
        status = game.wait_exit(timeout=30)
    finally:
        game.close()
    assert status == 1
    said = " ".join(plain(game.raw).split())
    assert (
        "rummy: deaf (plugin hostile, seat 1, match seed hidden until the game is over) took longer "
        "than 0.5 s in observe (--move-timeout 0.5)"
    ) in said
    assert "Traceback" not in said


def test_sigterm_in_the_terminal_game_leaves_the_alternate_screen_and_says_it_is_saved(tmp_path):
    save = tmp_path / "g.json"
    game = Game(["play", "gin", "--seat", "human:Ann", "--seat", "random", "--save", str(save)], tmp_path)
    try:
        game.prompt("Ann")
        game.child.kill(signal.SIGTERM)
        status = game.wait_exit(timeout=10)
    finally:
        game.close()
    assert status == 143
    assert game.raw.rfind(ALT_OFF) > game.raw.rfind(ALT_ON)
    said = " ".join(plain(game.raw).split())
    assert f"Terminated; game saved after 0 moves. Continue with: rummy resume {save}" in said


# -- rummy simulate's workers end with it ----------------------------------------------------


def children(pid: int) -> list[int]:
    with contextlib.suppress(OSError):
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig", first_fast([signal.SIGTERM, signal.SIGHUP]))
def test_simulate_workers_end_with_it_on_a_signal(site, tmp_path, sig):
    args = ("simulate", "gin", "--seat", "random", "--seat", "random", "--matches", "100000",
            "--workers", "2", "--seed", "1")  # fmt: skip
    workers: list[int] = []
    with started(site, tmp_path, *args) as proc:
        try:
            end = time.monotonic() + WAIT
            while len(workers) < 2:
                assert time.monotonic() < end and proc.poll() is None
                time.sleep(0.1)
                workers = children(proc.pid)
            proc.send_signal(sig)
            # Standard output reaches its end only once no process holds it open.
            out, err = proc.communicate(timeout=20)
            assert proc.returncode == 128 + sig, err
            assert out.startswith(b"partial: interrupted after "), out
            assert b"Traceback" not in err
            end = time.monotonic() + 10
            while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < end:
                time.sleep(0.05)
            assert not any(Path(f"/proc/{w}").exists() for w in workers)
        finally:
            for w in workers:
                with contextlib.suppress(OSError):
                    os.kill(w, signal.SIGKILL)


#: A run whose worker processes are each deep in a chunk that lasts minutes
#: (1,000 rounds of a bot that sleeps before each move); unit 0, played first by
#: rummy itself, takes about a second (a round ends as a draw after 10 turns).
SLOW_CHUNKS = ("simulate", "gin", "--seat", "sluggish", "--seat", "random", "--rounds", "100000",
               "--chunk-size", "1000", "--workers", "2", "-o", "max_turns=10", "--seed", "1")  # fmt: skip

#: Runs a program (argv[1:]) with SIGINT and SIGHUP at their defaults, as a
#: terminal's programs start (a test run in the background may ignore both).
DEFAULTS = (
    "import os, signal, sys; "
    "signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "hasattr(signal, 'SIGHUP') and signal.signal(signal.SIGHUP, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def wait_for_workers(pid: int, alive: Callable[[], bool]) -> list[int]:
    """The two worker processes of ``pid``, once both are there."""
    end = time.monotonic() + WAIT
    while len(children(pid)) < 2:
        assert time.monotonic() < end and alive()
        time.sleep(0.05)
    return children(pid)


def end_all(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig", first_fast([signal.SIGINT, signal.SIGTERM]))
def test_simulate_workers_stop_within_a_second_of_a_signal(site, tmp_path, sig):
    """Deep in slow chunks, Ctrl-C and SIGTERM print the figures so far, marked
    partial, at once."""
    proc = subprocess.Popen(
        [sys.executable, "-c", DEFAULTS, RUMMY, *SLOW_CHUNKS],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env_for(site, tmp_path),
    )
    workers: list[int] = []
    try:
        workers = wait_for_workers(proc.pid, lambda: proc.poll() is None)
        time.sleep(0.5)  # the workers are in their first chunk
        sent = time.monotonic()
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
        assert time.monotonic() - sent < 5, out
        assert "Traceback" not in err
        assert proc.returncode == 128 + sig, err
        assert out.startswith("partial: interrupted after 0 of 100,000 rounds"), out
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        end_all(workers)


#: tgkill(2), to send a signal to one thread of another process (Linux).
TGKILL = {"x86_64": 234, "aarch64": 131}.get(os.uname().machine) if sys.platform == "linux" else None


@pytest.mark.skipif(TGKILL is None, reason="needs Linux's tgkill on x86_64 or aarch64")
def test_simulate_stops_at_once_when_ctrl_c_is_taken_by_another_thread(site, tmp_path):
    """A signal taken by a thread other than the main one (at a terminal, the
    progress bar's) wakes nothing: the main thread runs the handler when its
    wait ends, and that wait is never longer than a moment (not the chunk's end)."""
    child = pexpect.spawn(
        sys.executable, ["-c", DEFAULTS, RUMMY, *SLOW_CHUNKS], env=env_for(site, tmp_path, TERM="xterm"),
        dimensions=(40, 120), timeout=WAIT,
    )  # fmt: skip
    workers: list[int] = []
    try:
        workers = wait_for_workers(child.pid, child.isalive)
        child.expect_exact("0/100000")  # the progress bar is drawn: its thread runs
        time.sleep(0.5)  # rummy waits on the workers' first chunks
        bit = 1 << (signal.SIGINT - 1)
        others = []
        for task in Path(f"/proc/{child.pid}/task").iterdir():
            status = dict(line.split(":", 1) for line in (task / "status").read_text().splitlines())
            if int(task.name) != child.pid and not int(status["SigBlk"], 16) & bit:
                others.append(int(task.name))
        assert others, "no thread but the main one takes SIGINT"
        libc = ctypes.CDLL(None, use_errno=True)
        sent = time.monotonic()
        assert libc.syscall(TGKILL, child.pid, others[0], signal.SIGINT) == 0, ctypes.get_errno()
        child.expect_exact("partial: interrupted after 0 of 100,000 rounds", timeout=10)
        assert time.monotonic() - sent < 5
        child.expect(pexpect.EOF, timeout=10)
        child.close()
        assert child.exitstatus == 130
    finally:
        child.close(force=True)
        end_all(workers)


# -- closed standard streams ------------------------------------------------------------------


def closed(site: Path, tmp_path: Path, redirect: str, *args: str) -> subprocess.CompletedProcess:
    """``rummy *args`` started with a standard stream closed (``redirect``: ``<&-``
    or ``>&-``); its standard error."""
    return subprocess.run(
        ["sh", "-c", f'exec "$0" "$@" {redirect}', RUMMY, *args],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env_for(site, tmp_path),
        timeout=WAIT,
    )


def test_a_game_with_a_person_and_its_input_closed_is_one_line(site, tmp_path):
    r = closed(site, tmp_path, "<&- >/dev/null", "play", "gin", "--seat", "human:Ann", "--seat", "random")
    assert r.returncode == 1
    assert r.stderr == "rummy: standard input is closed: there is nothing to read moves or answers from\n"
    # A command that reads nothing does not care.
    r = closed(site, tmp_path, "<&- >/dev/null", "play", "gin", "--seat", "random", "--seat", "random")
    assert r.returncode == 0 and r.stderr == ""


CLOSED_OUTPUT = {
    "play": ("play", "gin", "--seat", "random", "--seat", "random", "--seed", "1"),
    "simulate": ("simulate", "gin", "--seat", "random", "--seat", "random", "--matches", "2", "--json"),
    "analyze": ("analyze", "gin", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"),
    "stats": ("stats", "--json"),
    "variants": ("variants",),
}


@pytest.mark.parametrize("command", first_fast(CLOSED_OUTPUT))
def test_a_command_whose_output_is_closed_is_one_line(site, tmp_path, command):
    r = closed(site, tmp_path, ">&-", *CLOSED_OUTPUT[command])
    assert r.returncode == 1
    assert r.stderr == "rummy: cannot write the output: standard output is closed\n"


# -- a full disk, options given twice ---------------------------------------------------------------


def test_a_save_the_machine_cannot_write_is_exit_status_1_the_game_kept(site, tmp_path):
    save = tmp_path / "g.json"
    limit = 3000  # bytes: the first saves fit, a later one does not (EFBIG, as a full disk's ENOSPC)

    def small_files() -> None:
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    r = subprocess.run(
        [RUMMY, "play", "gin", "--seat", "random", "--seat", "random", "--seed", "7", "--save", str(save)],
        capture_output=True,
        text=True,
        # No byte-code written under that limit: it would be cut short.
        env=env_for(site, tmp_path, PYTHONDONTWRITEBYTECODE="1"),
        timeout=WAIT,
        preexec_fn=small_files,
    )
    assert r.returncode == 1, r.stderr
    assert re.fullmatch(rf"rummy: cannot save to {re.escape(str(save))}: File too large", one_line(r))
    kept = load_record(save)  # as of its last move: complete, not cut short
    assert kept.actions and not kept.finished
