"""The plugin: registers ``rl:linear`` for Gin.

Every ``rummy`` command imports this module, so numpy and ``rummykit.env`` are
imported only when the player is made (``rummy play``, ``rummy simulate``).
"""

from __future__ import annotations

from typing import Any

from rummykit import AgentSpec, hookimpl


def make(seat: int, seed: int, options: Any) -> Any:
    from rummykit.env import PolicyAgent

    from .policy import act

    return PolicyAgent(act, options=options)


@hookimpl
def register_agents(register: Any) -> None:
    register(
        AgentSpec(
            name="rl:linear",
            variant="gin",
            strength=1,
            factory=make,
            description="a linear policy trained by examples/rl/train.py (rummykit.env.PolicyAgent)",
        )
    )
