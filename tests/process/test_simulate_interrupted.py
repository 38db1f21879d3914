"""``rummy simulate`` interrupted by Ctrl-C: a signal to the program's process
group, its worker processes included."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from ..marks import slow


@slow
def test_ctrl_c_prints_the_figures_so_far_marked_partial(tmp_path):
    """Ctrl-C (to the whole process group, as a terminal sends it) stops the
    worker processes and prints the figures so far: those of a whole run of that
    many rounds, marked partial, exit status 130."""
    rummy = str(Path(sys.executable).with_name("rummy"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("RUMMYKIT_")}
    args = ["simulate", "gin", "--rounds", "1000000", "--seed", "6", "--chunk-size", "5", "--workers", "2"]
    for form in ("--json", "text"):
        p = subprocess.Popen(
            [rummy, *args, *([form] if form == "--json" else [])],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            time.sleep(4)  # some chunks merged
            os.killpg(p.pid, signal.SIGINT)
            out, err = p.communicate(timeout=60)
        finally:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        assert p.returncode == 130, err
        assert err == ""
        if form == "text":
            assert re.match(
                r"partial: interrupted after [\d,]+ of 1,000,000 rounds \(the figures of the "
                r"first [\d,]+\)\ngin: [\d,]+ rounds, seed 6",
                out,
            ), out
            continue
        data = json.loads(out)
        assert data.pop("partial") is True
        data.pop("rounds_per_second")
        assert 0 < data["rounds"] < 1_000_000
        whole = subprocess.run(
            [rummy, *args[:3], str(data["rounds"]), *args[4:], "--json"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert whole.returncode == 0, whole.stderr
        expected = json.loads(whole.stdout)
        expected.pop("rounds_per_second")
        assert data == expected


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


@slow
def test_no_worker_outlives_a_run_killed_outright():
    """SIGKILL leaves the run no handler to stop its workers: the kernel ends
    them with it (Linux), so none sleeps on, holding the output pipe open."""
    if not sys.platform.startswith("linux"):
        return
    rummy = str(Path(sys.executable).with_name("rummy"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("RUMMYKIT_")}
    args = ["simulate", "gin", "--rounds", "1000000", "--seed", "6", "--chunk-size", "5", "--workers", "2"]
    p = subprocess.Popen([rummy, *args, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 30
        while len(workers := _children(p.pid)) < 2:
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.1)
        os.kill(p.pid, signal.SIGKILL)
        p.wait(timeout=10)
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{w}").exists() and "Z" not in _state(w) for w in workers):
            assert time.monotonic() < deadline, "a worker outlived the run"
            time.sleep(0.1)
        p.communicate(timeout=10)  # the pipe closed: nobody holds it
    finally:
        for w in _children(p.pid):
            os.kill(w, signal.SIGKILL)
        if p.poll() is None:
            p.kill()
            p.wait()


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
