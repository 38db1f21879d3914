"""The rummykit plugin (entry point ``oklahoma`` in pyproject.toml): registers
the variant ``oklahoma`` and Gin's computer players for it.

Every ``rummy`` command imports this module (``rummy --help`` too), so the Gin
engine is imported inside the hooks, which run only when a command needs them.
"""

from rummykit import hookimpl


@hookimpl
def register_variants(register):
    from .oklahoma import SPEC

    register(SPEC)


@hookimpl
def register_agents(register):
    from rummykit.variants.gin import easy_agent_spec
    from rummykit.variants.gin.bots import register_bots

    from .oklahoma import NAME

    register(easy_agent_spec(NAME))
    register_bots(register, variant=NAME)  # ai:normal, ai:hard, ref:simple, ref:novice
