"""The sparring bots' registration (entry point ``sparring`` of the group
``rummykit``). Light: every ``rummy`` command imports it (``rummy --help``
too), so the bots and the engine are imported inside the hook (:mod:`.agents`)."""

from __future__ import annotations

from typing import Any

from rummykit import hookimpl


@hookimpl
def register_agents(register: Any) -> None:
    from .agents import AGENTS

    for spec in AGENTS:
        register(spec)
