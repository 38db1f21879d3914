"""A command group whose commands are imported only when the group is used.

Every ``rummy`` command, ``rummy --help`` included, calls the plugins'
``register_commands`` hook. A plugin whose command module imports its whole
engine (pydantic models, solvers...) would make each of them slow; with
:class:`LazyGroup` it registers only a name and a one-line help::

    from rummykit.cli.lazy import LazyGroup

    @hookimpl
    def register_commands(cli):
        cli.add_command(LazyGroup("gin", "my_plugin.commands:add_gin_commands",
                                  help="Tools for Cardems Gin."))

``"module:function"`` names a function ``function(group)`` that adds the real
commands to the group; it runs the first time the group's commands are listed or
looked up (``rummy gin --help``, ``rummy gin score ...``), never for
``rummy --help``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import click


class LazyGroup(click.Group):
    """A :class:`click.Group` filled by ``loader`` (``"module:function"``) on first use."""

    def __init__(self, name: str, loader: str, **attrs: Any) -> None:
        super().__init__(name, **attrs)
        self.loader = loader
        self._loaded = False

    def load(self) -> None:
        """Import the loader and let it add the commands (once)."""
        if self._loaded:
            return
        self._loaded = True
        module, _, attr = self.loader.partition(":")
        getattr(import_module(module), attr)(self)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self.load()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self.load()
        return super().get_command(ctx, cmd_name)
