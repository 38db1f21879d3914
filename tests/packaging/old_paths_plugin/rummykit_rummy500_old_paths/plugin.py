"""The rummykit plugin (entry point ``rummy500`` in pyproject.toml): registers
the variant ``rummy500`` and its computer player ``ai:easy`` (core adds
``random`` and the generic ``ai:search``, which rolls out with ``ai:easy``).

Every ``rummy`` command imports this module, so the engine is imported inside
the hooks, which run only when a command needs them.
"""

from rummykit import hookimpl


@hookimpl
def register_variants(register):
    from .rummy500 import SPEC

    register(SPEC)


@hookimpl
def register_agents(register):
    from .agents import EASY

    register(EASY)
