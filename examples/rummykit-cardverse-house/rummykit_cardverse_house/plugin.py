"""The rummykit plugin (entry point ``cardverse-house`` in pyproject.toml):
registers the variant ``cardverse-house`` and its ``ai:easy``.

Every ``rummy`` command imports this module (``rummy --help`` too), so the
CardVerse engine is imported inside the hooks, which run only when a command
needs them.
"""

from rummykit import hookimpl


@hookimpl
def register_variants(register):
    from .house import SPEC

    register(SPEC)


@hookimpl
def register_agents(register):
    from .house import house_easy_spec

    register(house_easy_spec())
