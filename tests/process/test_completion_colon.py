"""bash itself, at a terminal, pressing Tab after a value with a colon or an
equals sign in it (bash's word breaks): the line ends as the whole value, with
no part of it repeated or lost. What ``rummy`` answers bash:
tests/cli/test_completion_colon.py."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pexpect
import pytest

from ..helpers.ptygame import env_for

RUMMY_DIR = str(Path(sys.executable).parent)

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")


@pytest.mark.parametrize(
    "typed, line",
    [
        ("rummy play gin --seat ai:h", "rummy play gin --seat ai:hard"),
        ("rummy play gin --seat=ai:nor", "rummy play gin --seat=ai:normal"),
        ("rummy simulate gin --seat ai:ea", "rummy simulate gin --seat ai:easy"),
        ("rummy play gin -o first_turn=al", "rummy play gin -o first_turn=alternate"),
    ],
)
def test_tab_completes_the_value_after_the_colon(tmp_path, typed, line):
    env = env_for(tmp_path / "data", PATH=f"{RUMMY_DIR}{os.pathsep}{os.environ.get('PATH', '')}", PS1="$ ")
    bash = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], env=env, dimensions=(24, 200), timeout=60)
    try:
        bash.expect_exact("$ ")
        bash.sendline('eval "$(_RUMMY_COMPLETE=bash_source rummy)"; echo SOURCED')
        bash.expect_exact("SOURCED")
        bash.expect_exact("$ ")
        # Tab, then the line (as completed) printed by echo: Ctrl-A, "echo ", Enter.
        bash.send(typed + "\t")
        bash.send("\x01echo [\x05]\r")
        bash.expect(rb"\[(rummy [^]\x1b]*)\]\r\n")
        assert bash.match.group(1).decode().rstrip() == line
    finally:
        bash.close(force=True)
