"""The Cardems Gin plugin: the variant ``gin``, its ``ai:easy`` player and the
``rummy gin score`` command.

Declared as the entry point ``gin`` of the group ``rummykit`` in pyproject.toml,
so it loads exactly like a third-party plugin.
"""

from __future__ import annotations

from rummykit.core.hookspecs import hookimpl

from .agents import easy_agent_spec
from .commands import add_commands
from .spec import SPEC


@hookimpl
def register_variants(register):
    register(SPEC)


@hookimpl
def register_agents(register):
    register(easy_agent_spec("gin"))
    from .bots import register_bots; register_bots(register)  # noqa: E702 (issue #5: ai:normal, ai:hard, ref:*)


@hookimpl
def register_commands(cli):
    add_commands(cli, name="gin", title="Cardems Gin")
