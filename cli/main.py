"""The ``rummy`` command.

Built-in commands live in their own modules and are imported only when used
(``rummy --help`` stays fast). Plugins add commands through the
``register_commands(cli)`` hook; a plugin command named like a built-in one, or
like another plugin's, is a conflict reported in one warning line (the built-in
is kept; between two plugins neither wins). Errors meant for people
(RummyError) are one line on stderr and exit status 2 (1 for a computer player
that failed), never a traceback. Output that cannot be written (a full disk, a
closed pipe) ends the command with exit status 1: one line on stderr, none for
a pipe closed by the reader (``rummy variants | head -1``). So does a standard
output closed from the start (``>&-``); a closed standard input is that line
only for a command that reads it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
from collections.abc import Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any, NamedTuple

import click

from rummykit.core.base.errors import AgentError, PluginError, RummyError
from rummykit.core.base.values import shortened
from rummykit.core.plugins.manager import Plugins
from rummykit.core.plugins.registry import conflict_line

from .common import Run, report_problems
from .lazy import LazyGroup

#: click's error for a group called with nothing (click 8.2 on; before, the help and status 0).
_NO_ARGS_HELP: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())
#: A write that failed for want of room or of a reader.
_WRITE_ERRORS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})


class Builtin(NamedTuple):
    """A built-in command: where it is (``"module:attribute"``, imported on first
    use) and its line in ``rummy --help`` (shown without importing it)."""

    target: str
    help: str


#: The built-in commands by name.
BUILTIN_COMMANDS = {
    "play": Builtin(
        "rummykit.cli.play:play", "Play a variant in the terminal (humans and computer players)."
    ),
    "resume": Builtin("rummykit.cli.play:resume", "List unfinished games, or continue one."),
    "replay": Builtin("rummykit.cli.replay:replay", "Step through a saved game with every hand visible."),
    "analyze": Builtin("rummykit.cli.analyze:analyze", "Analyse a hand: best melds, deadwood, best discard."),
    "variants": Builtin("rummykit.cli.info:variants", "List the installed variants."),
    "rules": Builtin("rummykit.cli.info:rules", "Show a variant's rules and options."),
    "plugins": Builtin(
        "rummykit.cli.info:plugins", "List loaded plugins, their versions and what each registered."
    ),
    "simulate": Builtin(
        "rummykit.cli.simulate:simulate", "Play computer players against each other and report statistics."
    ),
    "new-variant": Builtin(
        "rummykit.cli.scaffold:new_variant", "Write a new variant plugin package, ready to install."
    ),
    "stats": Builtin("rummykit.cli.stats:stats", "How your finished games went, per variant and opponent."),
    "serve": Builtin("rummykit.web.command:serve", "Play at a card table in the browser (the web extra)."),
}


def _module_exists(name: str) -> bool:
    try:
        return find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def plugin_commands(ctx: click.Context) -> Mapping[str, click.Command]:
    """The commands the plugins add to this run of ``rummy`` (kept in its
    :class:`~rummykit.cli.common.Run`): their ``register_commands`` hooks run
    on the first call, on a group of this run's own."""
    run = ctx.find_root().ensure_object(Run)
    if run.plugin_group is None:
        run.plugin_group = group = CommandGroup("rummy")
        p = run.plugins()
        try:
            p.register_commands(group, builtin=BUILTIN_COMMANDS)
        except Exception as e:  # a plugin's broken command must not break rummy
            p.registry.problems.append(f"a plugin failed in register_commands: {e}")
    return run.plugin_group.commands


class CommandGroup(click.Group):
    """A click group a plugin may add lazy command groups to (the group the
    ``register_commands`` hook is given)."""

    def add_lazy_group(self, name: str, loader: str, **attrs: Any) -> click.Group:
        """Add a command group filled by ``loader`` (``"module:function"``, called
        with the group) the first time it is used: how plugins add commands
        without importing their engines for every ``rummy`` command."""
        group = LazyGroup(name, loader, **attrs)
        self.add_command(group)
        return group


class RummyGroup(CommandGroup):
    """The built-in commands, imported on first use, plus the commands the
    plugins add (:func:`plugin_commands`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(BUILTIN_COMMANDS) | set(self.commands) | set(plugin_commands(ctx)))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        builtin = BUILTIN_COMMANDS.get(name)
        if builtin is not None:
            module, attr = builtin.target.split(":")
            try:
                mod = import_module(module)
            except ModuleNotFoundError:
                return None
            cmd: click.Command = getattr(mod, attr)
            self.add_command(cmd, name)
            return cmd
        added = plugin_commands(ctx)
        conflicts = ctx.find_root().ensure_object(Run).plugins().command_conflicts
        if name not in added and name in conflicts:
            raise PluginError(conflict_line("command", name, conflicts[name]))
        return added.get(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Short help without importing every built-in command module.
        added = plugin_commands(ctx)
        rows = []
        for name in self.list_commands(ctx):
            builtin = BUILTIN_COMMANDS.get(name)
            if builtin is not None:
                # find_spec locates the module without running it: the help
                # lists only commands that exist, and imports none of them.
                if name in self.commands or _module_exists(builtin.target.split(":")[0]):
                    rows.append((name, builtin.help))
            else:
                cmd = self.commands.get(name) or added.get(name)
                if cmd is not None:
                    rows.append((name, cmd.get_short_help_str(60)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=RummyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rummykit", prog_name="rummy")
def cli() -> None:
    """rummykit: rummy games in the terminal, every ruleset a plugin.

    Start with `rummy variants`, `rummy rules gin` and `rummy play gin`.
    """


class ClosedStream(RummyError):
    """A standard stream the command needs was closed when ``rummy`` started."""

    exit_code = 1


class _ClosedInput:
    """Standard input when it was closed: not a terminal, and reading it is a
    :class:`ClosedStream` (one line, exit status 1)."""

    def isatty(self) -> bool:
        return False

    def _closed(self, *args: object) -> str:
        raise ClosedStream("standard input is closed: there is nothing to read moves or answers from")

    readline = read = _closed

    @property
    def buffer(self) -> object:
        return self._closed()


def _check_streams() -> None:
    """Closed standard streams (``<&-``, ``>&-``): no output is one line on
    standard error and exit status 1 (every command writes something); no input
    is that only for a command that reads it. Their file descriptors are taken
    by ``os.devnull``, so that no file the command opens takes their place."""
    for fd in (0, 1):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                null = os.open(os.devnull, os.O_RDWR)
                if null != fd:
                    os.dup2(null, fd)
                    os.close(null)
            if fd == 1:
                with contextlib.suppress(OSError, AttributeError, ValueError):
                    sys.stderr.write("rummy: cannot write the output: standard output is closed\n")
                    sys.stderr.flush()
                sys.exit(1)
            sys.stdin = _ClosedInput()


def main(argv: list[str] | None = None) -> None:
    """Run ``rummy`` with ``argv`` (the command line's when None), as a new
    :class:`~rummykit.cli.common.Run`; exits with the command's status."""
    _check_streams()
    run = Run()
    error = None  # the error line printed, not repeated as a warning
    if os.environ.get("_RUMMY_COMPLETE", "").startswith("bash_"):
        from .completion import use_bash_script  # only when bash asks

        use_bash_script()
    try:
        cli.main(args=argv, prog_name="rummy", standalone_mode=False, obj=run)
    except click.exceptions.Abort:
        click.echo("", err=True)
        sys.exit(130)
    except _NO_ARGS_HELP as e:  # "rummy", "rummy gin": the help, as click shows it
        e.show()
        sys.exit(e.exit_code)
    except click.ClickException as e:
        # click's own errors (an unknown option, a value of the wrong type): one line too.
        error = e.format_message().rstrip(".")
        error = error[:1].lower() + error[1:]
        if isinstance(e, click.UsageError) and e.ctx is not None:
            error += f" (see {e.ctx.command_path} --help)"
        error = bounded(error)
        click.echo(f"rummy: {error}", err=True)
        sys.exit(e.exit_code)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        click.echo("\ninterrupted", err=True)
        sys.exit(130)
    except OSError as e:
        if not _output_failed(e):
            raise
        if not isinstance(e, BrokenPipeError):
            error = f"cannot write the output: {e.strerror or e}"
            with contextlib.suppress(OSError):
                click.echo(f"rummy: {error}", err=True)
        sys.exit(1)
    except Exception as e:
        if isinstance(e, RummyError):
            error = bounded(str(e))
            click.echo(f"rummy: {error}", err=True)
            if isinstance(e, AgentError):
                # A computer player that failed may have left a thread or a worker
                # process that cannot be joined (a bot that would not stop):
                # every move is already saved, so end now, without the exit
                # handlers that would wait on them or trip over their pipes.
                report_problems(run, skip=error)
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(e.exit_code)
            sys.exit(e.exit_code)
        culprit = _plugin_at_fault(e, run.plugins())
        if culprit is None:
            raise
        plugin, where = culprit
        error = bounded(
            f"plugin {plugin} failed: {type(e).__name__}: {e} ({where}); "
            f"RUMMYKIT_DISABLE_PLUGINS={plugin} switches it off"
        )
        click.echo(f"rummy: {error}", err=True)
        sys.exit(1)
    finally:
        report_problems(run, skip=error)


#: A quoted piece of an error line longer than this is shortened...
QUOTED_MAX = 60
#: ...to this many characters of it, then "…".
QUOTED_KEPT = 40
#: An error line is cut at this length.
LINE_MAX = 1000
#: A quoted piece: opened after a space, a bracket or the line's start, closed
#: before one (the apostrophe of "cluster's" opens nothing).
_QUOTED = re.compile(rf"(?<!\w)'[^'\n]{{{QUOTED_MAX + 1},}}'(?!\w)")


def bounded(line: str) -> str:
    """An error line of bounded length and safe to print: control characters
    (a plugin's or a bot's escape sequences) dropped, each quoted piece of it
    (what was typed, as ``repr`` writes it) longer than :data:`QUOTED_MAX`
    shortened, with its length; then the line cut at :data:`LINE_MAX`."""
    from rummykit.core.engine.names import clean_text  # an error's cost, not every start-up's

    line = clean_text(line)

    def cut(m: re.Match[str]) -> str:
        inner = m.group(0)[1:-1]
        return f"'{shortened(inner, QUOTED_KEPT + 1)}' ({len(inner)} characters)"

    return shortened(_QUOTED.sub(cut, line), LINE_MAX)


def _plugin_at_fault(e: BaseException, plugins: Plugins) -> tuple[str, str] | None:
    """The installed plugin of ``plugins`` (not rummykit itself) whose code
    raised ``e``, and where: its innermost frame in the traceback, or in the
    traceback of a worker process (a ``concurrent.futures`` remote traceback,
    as text)."""
    folders: dict[str, str] = {}  # a plugin's package or module -> the plugin's name
    for name, facts in plugins.info.items():
        top = str(facts.get("module", "")).split(".")[0]
        module = sys.modules.get(top)
        path = getattr(module, "__file__", None)
        if not top or top == "rummykit" or not path:
            continue
        base = os.path.dirname(path) if os.path.basename(path) == "__init__.py" else path
        folders[os.path.abspath(base)] = name

    def owner(filename: str) -> str | None:
        path = os.path.abspath(filename)
        for base, name in folders.items():
            if path == base or path.startswith(base + os.sep):
                return name
        return None

    found: tuple[str, str] | None = None
    tb = e.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        plugin = owner(code.co_filename)
        if plugin is not None:
            found = (plugin, f"{os.path.basename(code.co_filename)}, line {tb.tb_lineno}")
        tb = tb.tb_next
    if found is None and e.__cause__ is not None:  # raised in a worker process
        for m in re.finditer(r'File "([^"]+)", line (\d+)', str(e.__cause__)):
            plugin = owner(m.group(1))
            if plugin is not None:
                found = (plugin, f"{os.path.basename(m.group(1))}, line {m.group(2)}")
    return found


def _output_failed(e: OSError) -> bool:
    """Whether ``e`` is a write that could not be done (no file named: a file
    a command reads or writes is named in its errors), standard output's most
    likely; if so, standard output is pointed at ``os.devnull``, so that the
    interpreter's last flush at exit does not fail again."""
    if e.filename is not None or e.errno not in _WRITE_ERRORS:
        return False
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    return True


if __name__ == "__main__":  # pragma: no cover
    main()
