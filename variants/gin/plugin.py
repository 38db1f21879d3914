"""The Cardems Gin plugin: the variant ``gin``, its computer players (``ai:easy``, the
levels of :mod:`.bots` and its own ``ai:search``) and the ``rummy gin score`` command.

Declared as the entry point ``gin`` of the group ``rummykit`` in pyproject.toml,
so it loads exactly like a third-party plugin.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rummykit.core.plugins.hookspecs import hookimpl

if TYPE_CHECKING:
    import click

    from rummykit.core.plugins.registry import AgentSpec, VariantSpec

    from .options import GinOptions


# Every ``rummy`` command imports this module (``rummy --help`` too), so it stays
# light: the engine, options and bots are imported inside the hooks, which run
# only when a command needs the variants, and the ``gin`` command group is a
# LazyGroup whose commands are imported only when it is used.


@hookimpl
def register_variants(register: Callable[[VariantSpec[Any]], None]) -> None:
    from .spec import SPEC

    register(SPEC)


@hookimpl
def register_agents(register: Callable[[AgentSpec[Any]], None]) -> None:
    from .agents import easy_agent_spec
    from .bots import register_bots
    from .bots.search import search_spec

    register(easy_agent_spec("gin"))
    register_bots(register)  # ai:normal, ai:hard, ref:*
    register(search_spec("gin"))  # Gin's own ai:search (core's elsewhere)


@hookimpl
def register_commands(cli: click.Group) -> None:
    loader = "rummykit.variants.gin.commands:fill_gin_group"
    add_lazy = getattr(cli, "add_lazy_group", None)
    if add_lazy is not None:  # the rummy group: the commands are imported on first use
        add_lazy("gin", loader, help="Tools for Cardems Gin.")
        return
    import click

    from .commands import fill_gin_group

    group = click.Group("gin", help="Tools for Cardems Gin.")
    fill_gin_group(group)
    cli.add_command(group)


def __getattr__(name: str) -> VariantSpec[GinOptions]:
    if name == "SPEC":  # the spec as a module attribute, made on first access
        from .spec import SPEC

        return SPEC
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
