"""What the commands share: the loaded plugins, option and seat parsing, card text."""

from __future__ import annotations

import sys

import click

_reported = False


def plugins():
    from rummykit.core.plugins import get_plugins

    return get_plugins()


def registry():
    return plugins().registry


def report_problems(skip: str | None = None) -> None:
    """Plugin problems, one line each on stderr, once per process (but not
    ``skip``, a line already printed as the error)."""
    global _reported
    from rummykit.core import plugins as core_plugins

    if _reported or core_plugins._default is None:
        return
    _reported = True
    for line in core_plugins._default.registry.problems:
        if line != skip:
            click.echo(f"rummy: warning: {line}", err=True)


def options_for(spec, pairs):
    from rummykit.core.options import build_options, parse_pairs

    return build_options(spec.options_model, parse_pairs(pairs), spec.name)


option_option = click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
    help="A variant option (repeatable), e.g. knock_limit=5.",
)


def stdin_is_tty() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def render_template(line: str, fmt) -> str:
    """Cards written as [[n]] in variant text, shown with ``fmt`` (the text's
    control characters removed: see :func:`rummykit.core.names.render_cards`)."""
    from rummykit.core.names import render_cards

    return render_cards(line, fmt)
