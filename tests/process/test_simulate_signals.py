"""``rummy simulate`` and the signals of a run in the background: SIGTERM and
SIGHUP stop it as Ctrl-C does (the figures so far, marked partial), SIGUSR1
prints one progress line on standard error and the run goes on. Real processes
of the real ``rummy``, started as a shell starts ``cmd &``: SIGINT ignored."""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..marks import first_fast

RUMMY = str(Path(sys.executable).with_name("rummy"))
WAIT = 60  # the most any wait may take: a hang fails the test, never blocks it

pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "SIGUSR1"), reason="needs POSIX signals"),
    pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc"),
]

#: A progress line: units done of planned, seconds, the first entrant's win rate.
PROGRESS = re.compile(
    r"rummy simulate gin: ([\d,]+) of ([\d,]+) (matches|rounds), \d+\.\d s"
    r"(?:; (.+) won (\d+\.\d)% \(95% CI (\d+\.\d)%-(\d+\.\d)%\))?\n"
)


def _background() -> None:
    """As a shell starts ``cmd &`` (no job control): SIGINT ignored; SIGHUP at
    its default, as under a terminal (a test run under nohup ignores it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


@contextlib.contextmanager
def started(*args: str) -> Iterator[subprocess.Popen[str]]:
    """``rummy simulate gin *args`` in the background; it and its worker
    processes killed if still there after."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RUMMYKIT_")}
    p = subprocess.Popen(
        [RUMMY, "simulate", "gin", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group: killed whole after
        preexec_fn=_background,
    )
    try:
        yield p
    finally:
        if p.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(p.pid, signal.SIGKILL)
        p.communicate(timeout=WAIT)


def caught(pid: int) -> int:
    """The signals ``pid`` has a handler for (a bit per signal)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^SigCgt:\s*([0-9a-f]+)$", status, re.M).group(1), 16)  # type: ignore[union-attr]


class Stderr:
    """``p``'s standard error, a line at a time, each wait bounded."""

    def __init__(self, p: subprocess.Popen[str]) -> None:
        assert p.stderr is not None
        self.fd = p.stderr.fileno()
        self.left = b""  # read, not yet a whole line

    def line(self) -> str:
        end = time.monotonic() + WAIT
        while b"\n" not in self.left:
            wait = end - time.monotonic()
            assert wait > 0, f"no line on standard error: {self.left!r}"
            if select.select([self.fd], [], [], wait)[0]:
                data = os.read(self.fd, 4096)
                if not data:  # it ended
                    return self.left.decode()
                self.left += data
        line, self.left = self.left.split(b"\n", 1)
        return line.decode() + "\n"

    def rest(self, err: str) -> str:
        """All it wrote past the lines read (``err``: what ``communicate`` read)."""
        return self.left.decode() + err


def wait_until_playing(p: subprocess.Popen[str], stderr: Stderr) -> tuple[int, re.Match[str]]:
    """Wait until ``p`` takes SIGTERM and SIGUSR1 (rummy set its handlers), then
    ask for its progress (SIGUSR1) until a unit is played: the units done then,
    and that progress line."""
    bits = (1 << (signal.SIGTERM - 1)) | (1 << (signal.SIGUSR1 - 1))
    end = time.monotonic() + WAIT
    while caught(p.pid) & bits != bits:
        assert time.monotonic() < end and p.poll() is None, "rummy never set its handlers"
        time.sleep(0.02)
    while True:
        p.send_signal(signal.SIGUSR1)
        line = stderr.line()
        m = PROGRESS.fullmatch(line)
        assert m, line
        done = int(m.group(1).replace(",", ""))
        if done:
            return done, m
        assert time.monotonic() < end, "no unit played"
        time.sleep(0.05)


@pytest.mark.parametrize("sig, form", first_fast([(signal.SIGTERM, "--json"), (signal.SIGHUP, "text")]))
def test_sigterm_and_sighup_stop_a_background_run_with_the_figures_so_far(sig, form):
    """``kill -INT`` does nothing to a background run (the shell had it ignore
    SIGINT); ``kill`` (SIGTERM) and a closed terminal (SIGHUP) stop it as Ctrl-C
    does: the figures of the matches played, marked partial, one JSON object
    with --json, exit status 128 + the signal."""
    args = ["--matches", "100000", "--seed", "3", "--workers", "1"]
    with started(*args, *([form] if form == "--json" else [])) as p:
        stderr = Stderr(p)
        seen, _line = wait_until_playing(p, stderr)
        p.send_signal(signal.SIGINT)
        time.sleep(0.2)
        assert p.poll() is None  # ignored
        p.send_signal(sig)
        out, err = p.communicate(timeout=WAIT)
    assert p.returncode == 128 + sig, err
    assert stderr.rest(err) == ""
    if form == "--json":
        data = json.loads(out)
        assert data["partial"] is True
        assert seen <= data["matches"] < 100_000
        assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == data["matches"]
    else:
        m = re.match(
            r"partial: interrupted after ([\d,]+) of 100,000 matches \(the figures of the first \1\)\n"
            r"gin: \1 matches \(",
            out,
        )
        assert m, out
        assert int(m.group(1).replace(",", "")) >= seen
        assert out.endswith(" s, 1 worker)\n")


def test_sigusr1_prints_one_progress_line_and_the_run_goes_on():
    """SIGUSR1: one line on standard error (units done of planned, time, the first
    entrant's win rate and its 95% interval); the run ends as if not asked, its
    standard output one JSON object of every match."""
    with started("--matches", "300", "--seed", "4", "--workers", "1", "--json") as p:
        stderr = Stderr(p)
        done, m = wait_until_playing(p, stderr)  # a line for each SIGUSR1, the last after a chunk
        assert m.group(2) == "300" and m.group(3) == "matches" and done < 300
        assert m.group(4) == "ai:easy (1)"  # the first seat, the same agent in the second
        share, lo, hi = (float(m.group(k)) for k in (5, 6, 7))
        assert lo <= share <= hi
        out, err = p.communicate(timeout=WAIT)
    assert p.returncode == 0, err
    assert stderr.rest(err) == ""  # one line each, no more
    data = json.loads(out)
    assert "partial" not in data and data["matches"] == 300


@pytest.mark.skipif(not hasattr(os, "fork"), reason="worker processes are forked")
def test_sigterm_stops_a_run_on_two_workers_with_the_figures_so_far():
    """With worker processes: the chunks merged are kept, the workers stopped
    (no traceback from them), none left behind."""
    args = ["--matches", "100000", "--seed", "3", "--workers", "2", "--chunk-size", "2"]
    with started(*args) as p:
        stderr = Stderr(p)
        seen, _line = wait_until_playing(p, stderr)
        workers = [int(w) for w in Path(f"/proc/{p.pid}/task/{p.pid}/children").read_text().split()]
        assert len(workers) == 2
        os.killpg(p.pid, signal.SIGUSR1)  # to the whole group: the workers ignore it
        assert PROGRESS.fullmatch(stderr.line())
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=WAIT)
    assert p.returncode == 128 + signal.SIGTERM, err
    assert stderr.rest(err) == ""
    m = re.match(r"partial: interrupted after ([\d,]+) of 100,000 matches", out)
    assert m, out
    assert int(m.group(1).replace(",", "")) >= seen
    assert out.endswith(" s, 2 workers)\n")
    end = time.monotonic() + 10
    while any(Path(f"/proc/{w}").exists() for w in workers):
        assert time.monotonic() < end, "a worker outlived the run"
        time.sleep(0.05)
