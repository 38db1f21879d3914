"""``rummy`` run in the test's process: the real command
(:func:`rummykit.cli.main.main`, its error handling and warnings included)
through click's :class:`~click.testing.CliRunner`, with no Python start-up and
no plugin import per command. It is for tests of a command's output and exit
status. What only a process shows (a pseudo-terminal, signals, pipes, locks
held for a process's life, a plugin installed on ``PYTHONPATH``) runs the
program itself."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from click.testing import CliRunner

from rummykit.cli.main import main
from rummykit.core.plugins.manager import reset_plugins

#: What a ``rummy`` run by the tests does not inherit from the environment
#: (here, and in tests/helpers/ptygame.py's processes).
UNSET = ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES")


@contextmanager
def fresh_rummy() -> Iterator[None]:
    """The state a new ``rummy`` process starts from: no plugins loaded, so that
    they load from the environment of this call (``RUMMYKIT_DISABLE_PLUGINS``...);
    the plugins loaded before are put back after. What else a run keeps (the
    commands plugins add, whether their problems were shown) is its own: each
    :func:`~rummykit.cli.main.main` call starts a new
    :class:`~rummykit.cli.common.Run`."""
    saved = reset_plugins()
    try:
        yield
    finally:
        reset_plugins(saved)


def run_rummy(*args: str, stdin: str = "", **env: str | None) -> subprocess.CompletedProcess[str]:
    """``rummy *args`` with ``stdin`` as its input and ``env`` added to the
    environment (``None`` unsets a name): the exit status, stdout and stderr."""
    overrides: dict[str, str | None] = dict.fromkeys(UNSET)
    overrides.update(env)
    with fresh_rummy(), CliRunner().isolation(input=stdin, env=overrides) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as e:  # as the interpreter ends a process that raised it
            code = 0 if e.code is None else e.code
            if not isinstance(code, int):
                print(code, file=sys.stderr)
                code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        stdout, stderr = out.getvalue().decode(), err.getvalue().decode()
    return subprocess.CompletedProcess(["rummy", *args], code, stdout, stderr)
