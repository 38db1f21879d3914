"""Running the real ``rummy`` as a program with a site of test bots on its path
(tests/helpers/badbots.py, tests/helpers/hostilebots.py): for the process tests
whose bots hang, never return or meet signals."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

RUMMY = str(Path(sys.executable).with_name("rummy"))
WAIT = 60  # the most any run may take: a hang fails the test, never blocks it


def env_for(site: Path, tmp_path: Path, strip: tuple[str, ...] = (), **extra: str) -> dict[str, str]:
    """This process's environment less rummykit's variables (and those starting
    with ``strip``), with ``site`` on the path, a data folder of the test's own and
    no colour; then ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RUMMYKIT_", *strip))}
    env.update(PYTHONPATH=str(site), RUMMYKIT_DATA_DIR=str(tmp_path / "data"), NO_COLOR="1")
    env.update(extra)
    return env


def run(
    site: Path, tmp_path: Path, args: tuple[str, ...], stdin: str, strip: tuple[str, ...], env: dict[str, str]
) -> subprocess.CompletedProcess:
    """``rummy ARGS`` run to its end (at most :data:`WAIT` seconds) with ``stdin``."""
    return subprocess.run(
        [RUMMY, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env_for(site, tmp_path, strip, **env),
        timeout=WAIT,
    )


def one_line(r: subprocess.CompletedProcess) -> str:
    """The run's only line on standard error, with no traceback."""
    assert "Traceback" not in r.stderr, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]
