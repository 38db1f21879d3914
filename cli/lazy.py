"""A command group whose commands are imported only when the group is used.

Every ``rummy`` command, ``rummy --help`` included, calls the plugins'
``register_commands`` hook. A plugin whose command module imports its whole
engine (pydantic models, solvers...) would make each of them slow; with
:class:`LazyGroup` it registers only a name and a one-line help::

    @hookimpl
    def register_commands(cli):
        cli.add_lazy_group("gin", "my_plugin.commands:add_gin_commands",
                           help="Tools for Cardems Gin.")

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
        self.loader = loader
        self._loaded = False
        super().__init__(name, **attrs)

    def load(self) -> None:
        """Import the loader and let it add the commands (once)."""
        if self._loaded:
            return
        self._loaded = True
        module, _, attr = self.loader.partition(":")
        getattr(import_module(module), attr)(self)

    # click keeps the subcommands in ``self.commands``; reading it (click itself,
    # ``rummy plugins``, tests) fills the group first.
    @property  # type: ignore[override]
    def commands(self) -> dict[str, click.Command]:
        self.load()
        return self._commands

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self._commands = value
