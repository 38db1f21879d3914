"""The hooks a rummykit plugin may implement (pluggy project name ``"rummykit"``).

A plugin is a module (or object) with functions marked ``@rummykit.hookimpl``,
declared in its package's ``pyproject.toml``::

    [project.entry-points.rummykit]
    myvariant = "my_package.plugin"

Every hook is documented here with an example; docs/plugins.md is the tutorial.
Hooks are called through pluggy: ``@hookimpl(tryfirst=True)``, ``trylast=True``
and wrappers (``wrapper=True``, ``hookwrapper=True``) work as pluggy documents,
and an implementation that raises is reported in one line naming its plugin
while the others run (see :mod:`rummykit.core.plugins.manager`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import click

    from rummykit.core.engine.round import RoundResult
    from rummykit.core.play.match import Match
    from rummykit.core.plugins.specs import AgentSpec, VariantSpec

PROJECT = "rummykit"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_variants(register: Callable[[VariantSpec[Any]], None]) -> None:
    """Register rule sets. Call ``register(VariantSpec(...))`` once per variant.

    Example::

        from rummykit import hookimpl
        from rummykit.core.plugins.registry import VariantSpec

        @hookimpl
        def register_variants(register):
            register(VariantSpec(
                name="tiny", title="Tiny Rummy", min_players=2, max_players=2,
                options_model=TinyOptions, new_round=TinyRound,
                rules_text="Draw, discard, first to meld everything wins.",
            ))

    A name another plugin registers too is a conflict: recorded naming both,
    neither wins, and the rest of the hook goes on.
    """


@hookspec
def register_agents(register: Callable[[AgentSpec[Any]], None]) -> None:
    """Register computer players. Call ``register(AgentSpec(...))`` per agent.

    ``variant=None`` offers the agent for every variant (like ``random``).
    ``strength`` (0 to 100; 0 to 25 for a generic agent) orders bots: the
    strongest one that understands the rules played (``understands``) is the
    default opponent and gives the terminal game's hints. A name another
    plugin registers for the same variant is a conflict: recorded naming both,
    neither wins, and the rest of the hook goes on.

    Example::

        @hookimpl
        def register_agents(register):
            register(AgentSpec(name="ai:easy", variant="tiny", strength=10,
                               factory=lambda seat, seed, options: TinyEasy()))
    """


@hookspec
def register_commands(cli: click.Group) -> None:
    """Add commands to ``cli``, a click group of the run's own whose commands
    ``rummy`` offers beside its built-in ones (it has ``add_lazy_group(name,
    "module:function")`` for a group imported only when used).

    Example::

        @hookimpl
        def register_commands(cli):
            @cli.group(name="tiny")
            def tiny():
                "Tools for Tiny Rummy."

            @tiny.command()
            def odds():
                click.echo("about even")
    """


@hookspec
def round_ended(match: Match, result: RoundResult) -> None:
    """Observer: a round of ``match`` (a :class:`rummykit.core.play.match.Match`)
    has just ended with ``result`` (a :class:`rummykit.core.engine.round.RoundResult`).

    Example (a logger)::

        @hookimpl
        def round_ended(match, result):
            print(match.variant.name, result.outcome, result.points)
    """


@hookspec
def match_ended(match: Match) -> None:
    """Observer: ``match`` is over; ``match.winner`` and ``match.totals`` are final.

    Example (a stats plugin)::

        @hookimpl
        def match_ended(match):
            STATS[match.variant.name] += 1
    """
