"""The rummykit plugin (entry point ``straight-gin`` in pyproject.toml):
registers the variant ``straight-gin`` and Gin's computer players for it.

Every ``rummy`` command imports this module (``rummy --help`` too), so the Gin
engine is imported inside the hooks, which run only when a command needs them.
"""

from rummykit import hookimpl


@hookimpl
def register_variants(register):
    from .straight import SPEC

    register(SPEC)


@hookimpl
def register_agents(register):
    from rummykit import Understands
    from rummykit.variants.gin import easy_agent_spec
    from rummykit.variants.gin.bots import register_bots

    from .straight import NAME

    # Gin's players read this round's knock limit (0: gin only) from the view,
    # so they understand Straight Gin with any of its options.
    understands = Understands(frozenset({NAME}))
    register(easy_agent_spec(NAME, understands=understands))
    register_bots(register, variant=NAME, understands=understands)  # ai:normal, ai:hard, ref:*
