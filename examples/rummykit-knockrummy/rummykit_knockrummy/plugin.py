"""The rummykit plugin (entry point ``knockrummy`` in pyproject.toml): registers
the variant ``knockrummy`` and its computer players ``ai:easy`` and
``ai:normal`` (core adds ``random`` and the generic ``ai:search``, which rolls
out with ``ai:easy``).

Every ``rummy`` command imports this module, so the engine is imported inside
the hooks, which run only when a command needs them.
"""

from rummykit import hookimpl


@hookimpl
def register_variants(register):
    from .knockrummy import SPEC

    register(SPEC)


@hookimpl
def register_agents(register):
    from .agents import EASY, NORMAL

    register(EASY)
    register(NORMAL)
