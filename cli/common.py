"""What the commands share: the run of ``rummy`` (:class:`Run`: its plugins,
loaded on first use), whether standard input and output are terminals, and the
rules of a line typed at any prompt.

Every line read from a person, at a terminal or through a pipe, is bounded: a
line longer than :data:`MAX_LINE` characters, or one that is not UTF-8 text, is
a :class:`LineError` whose message is the one-line reason to show (the prompt is
then asked again). The words that leave any prompt are :data:`QUIT_WORDS`.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING

import click

from rummykit.core.plugins.manager import Plugins, get_plugins

if TYPE_CHECKING:
    from rummykit.core.plugins.registry import Registry


class Run:
    """What one run of ``rummy`` keeps, as click's context object (``ctx.obj``
    of the ``rummy`` group's context): the plugins, loaded on first use (the
    process's, :func:`rummykit.core.plugins.manager.get_plugins`), the group
    holding the commands they added (filled by :func:`rummykit.cli.main.plugin_commands`),
    and whether their problems have been shown."""

    def __init__(self) -> None:
        self.loaded: Plugins | None = None
        self.plugin_group: click.Group | None = None
        self.problems_shown = False

    def plugins(self) -> Plugins:
        if self.loaded is None:
            self.loaded = get_plugins()
        return self.loaded


def current_run() -> Run:
    """The :class:`Run` of the command being run (a new one outside any)."""
    ctx = click.get_current_context(silent=True)
    return Run() if ctx is None else ctx.find_root().ensure_object(Run)


def plugins() -> Plugins:
    return current_run().plugins()


def registry() -> Registry:
    return plugins().registry


def report_problems(run: Run, skip: str | None = None) -> None:
    """The problems of ``run``'s plugins (if it loaded them), one line each on
    stderr, once (but not ``skip``, a line already printed as the error)."""
    if run.problems_shown or run.loaded is None:
        return
    from rummykit.core.engine.names import clean_text  # a plugin's text: no escape sequences

    run.problems_shown = True
    for line in run.loaded.registry.problems:
        text = clean_text(line)
        if skip not in (line, text):
            click.echo(f"rummy: warning: {text}", err=True)


def given_once(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> str | None:
    """The value of an option declared ``multiple=True`` only to catch it given
    twice (click keeps the last one without a word): that is refused."""
    if len(value) > 1:
        raise click.BadParameter(f"given {len(value)} times: give it once", ctx=ctx, param=param)
    return value[0] if value else None


def stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def stdout_is_tty() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


MAX_LINE = 500  # characters in one typed line
QUIT_WORDS = ("quit", "exit", "q")
NOT_UTF8 = "that line is not UTF-8 text"


class LineError(ValueError):
    """A line that cannot be taken as typed: too long, or not UTF-8 text."""


def line_problem(line: str) -> str | None:
    """Why ``line`` cannot be read (one line), or None."""
    if len(line) > MAX_LINE:
        return f"that line is {len(line):,} characters long; at most {MAX_LINE} are read"
    if any("\ud800" <= ch <= "\udfff" for ch in line):
        return NOT_UTF8
    return None


def ask_line(prompt: str) -> str:
    """:func:`input` with the line rules above: a bad line gets its reason (one
    line) and the prompt again. EOFError at the end of the input."""
    while True:
        problem: str | None
        try:
            line = input(prompt)
        except UnicodeDecodeError:
            problem = NOT_UTF8
        else:
            problem = line_problem(line)
            if problem is None:
                return line
        click.echo(f"  {problem}")


def number(text: str, most: int = 9) -> int | None:
    """``text`` as a whole number of at most ``most`` digits (decimal digits of any
    script: "12", "١٢"), or None: "²" or "1e3" is no number."""
    text = text.strip()
    if not text or len(text) > most or not text.isdecimal():
        return None
    return int(text)


def read_stream_line(stream: IO[str]) -> str | None:
    """One line from a pipe or a file, without its line end; None at the end of
    the input. A line past :data:`MAX_LINE` is skipped to its end (never held
    whole in memory) and raises :class:`LineError`, as does one not in UTF-8."""
    raw = getattr(stream, "buffer", None)
    if raw is None:  # a text stream with no bytes underneath
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return None
        cut = len(line) > MAX_LINE and not line.endswith("\n")
        while cut and not line.endswith("\n"):
            line = stream.readline(65536)
            if not line:
                break
        if cut:
            raise LineError(f"that line is longer than {MAX_LINE} characters; at most {MAX_LINE} are read")
        text = line
    else:
        limit = 4 * MAX_LINE + 2  # UTF-8 takes at most 4 bytes a character, and CR LF
        data = raw.readline(limit)
        if not data:
            return None
        if len(data) == limit and not data.endswith(b"\n"):
            rest = data
            while rest and not rest.endswith(b"\n"):
                rest = raw.readline(65536)
            raise LineError(f"that line is longer than {MAX_LINE} characters; at most {MAX_LINE} are read")
        text = data.decode("utf-8", "surrogateescape")
    text = text.rstrip("\n").rstrip("\r")
    problem = line_problem(text)
    if problem:
        raise LineError(problem)
    return text


def rummy_command() -> str:
    """``rummy`` as a person can type it here: ``rummy`` when the shell finds this
    program by that name, else the path of this program (``.venv/bin/rummy``
    after ``make play``, relative to the current folder when under it)."""
    script = Path(sys.argv[0]) if sys.argv and Path(sys.argv[0]).name == "rummy" else None
    if script is None or not script.exists():
        script = Path(sys.executable).parent / "rummy"
    found = shutil.which("rummy")
    try:
        if found is not None and os.path.samefile(found, script):
            return "rummy"
        if not script.exists():
            return "rummy"
        here = Path.cwd()
        full = script.absolute()
        return str(full.relative_to(here)) if full.is_relative_to(here) else str(full)
    except OSError:
        return "rummy"


def continue_advice(path: Path) -> str:
    """How to go on with the game saved at ``path``, for every front end (the
    terminal game's farewell, the piped game's last line, a refused ``--save``):
    ID`` for a game in the user data folder (ID: its file's name, which ``rummy
    resume`` finds), else ``rummy resume PATH``, with ``rummy`` as
    :func:`rummy_command` spells it."""
    from rummykit.core.play.session import default_save_dir

    try:
        in_default = path.resolve().parent == default_save_dir().resolve()
    except OSError:  # pragma: no cover
        in_default = False
    # quoted for a shell when it must be (a space, a $, a quote in a path): the
    # line is there to be pasted
    return f"{shlex.quote(rummy_command())} resume {shlex.quote(path.stem if in_default else str(path))}"
