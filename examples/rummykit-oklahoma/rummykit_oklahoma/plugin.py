"""The rummykit plugin (entry point ``oklahoma`` in pyproject.toml): registers
the variant ``oklahoma`` and Gin's computer players for it."""

from rummykit import hookimpl
from rummykit.variants.gin import easy_agent_spec
from rummykit.variants.gin.bots import register_bots

from .oklahoma import NAME, SPEC


@hookimpl
def register_variants(register):
    register(SPEC)


@hookimpl
def register_agents(register):
    register(easy_agent_spec(NAME))
    register_bots(register, variant=NAME)  # ai:normal, ai:hard, ref:simple, ref:novice
