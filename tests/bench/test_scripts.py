"""Every benchmark script refuses a bad argument with argparse's usage line
and one error line, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("*.py") if p.name.startswith("bench_") or p.name == "run.py")


def test_the_scripts_are_found():
    assert {"bench_solver.py", "bench_wild.py", "bench_bots.py", "run.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_bad_argument_is_one_line_not_a_traceback(script):
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "not-a-number", "--no-such-option"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=BENCHMARKS.parent,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and errors[0].startswith(f"{script}: error:"), done.stderr
