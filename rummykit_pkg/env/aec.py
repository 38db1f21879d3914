"""Every variant as a PettingZoo AEC environment.

``env(variant, seats=N, options=..., render_mode=None)`` is :class:`raw_env`
in PettingZoo's standard wrappers (an illegal action ends the episode with
reward -1 for the seat that made it; actions out of the space are refused;
the order of calls is enforced). Agents are ``"player_0"`` ..
``"player_{N-1}"``, seat by seat; ``agent_selection`` is the seat to act.

Rewards (``docs/env.md`` "Episodes and rewards"): with ``episode="round"``
(the default) an episode is one round and, when it ends, each seat's reward
is its points for the round (``RoundResult.points``; with teams, its team's
points), negated when the variant's match rule has the lowest total win
(more is better under every rule); with ``episode="match"`` an episode is a
whole match, and at its end each winner (a seat, or every seat of a team)
gets +1 and every other seat -1 (all 0 when nobody won). Every other step
rewards 0. A seat the match rule does not seat in a round is never
``agent_selection`` in it. An episode ended
by an engine safeguard (a round of 100,000 actions, a match of 1,000 rounds or
of 100 rounds in a row in which no total rose) is truncated, not terminated,
and rewards 0 at its end in a match. When a round ends, every agent's info
holds ``"round"`` (its outcome, winner and points) until that agent's next move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pydantic import BaseModel

from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import shown_value
from rummykit.core.engine.actions import Action
from rummykit.core.engine.round import RoundResult, View
from rummykit.core.plugins.registry import Registry, VariantSpec

from .table import Table, resolve, round_info
from .wrappers import standard

__all__ = ["env", "raw_env"]


class raw_env(AECEnv[str, dict[str, npt.NDArray[Any]], int]):
    """The environment without wrappers (see the module).

    ``variant``: a variant's name (any installed plugin's) or its spec;
    ``seats``: the seat count (default: the variant's fewest); ``options``: the
    variant's options (a mapping, validated like ``rummy play -o``);
    ``episode``: ``"round"`` or ``"match"``; ``registry``: where to look the
    variant up (default: the installed plugins)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "rummykit_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | VariantSpec[Any] = "gin",
        seats: int | None = None,
        options: Mapping[str, Any] | BaseModel | None = None,
        render_mode: str | None = None,
        episode: str = "round",
        registry: Registry | None = None,
    ) -> None:
        super().__init__()
        spec, opts = resolve(variant, options, registry)
        n = spec.min_players if seats is None else seats
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.table = Table(spec, opts, n, episode)
        self.spec = spec
        self.codec = self.table.codec
        self.encoder = self.table.encoder
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        enc = self.encoder
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=enc.low, high=enc.high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(enc.n_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(enc.n_actions) for a in self.possible_agents}
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._zeroed: dict[str, float] | None = self.rewards  # the rewards while known to be all 0
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        try:
            return self.observation_spaces[agent]
        except (KeyError, TypeError):
            raise self._no_agent(agent) from None

    def action_space(self, agent: str) -> spaces.Space[Any]:
        try:
            return self.action_spaces[agent]
        except (KeyError, TypeError):
            raise self._no_agent(agent) from None

    def seat(self, agent: str) -> int:
        """The seat of ``agent`` (``"player_2"`` is seat 2)."""
        try:
            return self._index[agent]
        except (KeyError, TypeError):  # TypeError: a value that cannot be a key
            raise self._no_agent(agent) from None

    def _no_agent(self, agent: Any) -> RummyError:
        return RummyError(f"no agent {shown_value(agent)}: the agents are {', '.join(self.possible_agents)}")

    def view(self, agent: str) -> View:
        """What ``agent``'s seat sees now: the rummykit :class:`View` its
        observation encodes (what a rummykit bot is given)."""
        return self.table.view(self.seat(agent))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # ``options`` are ignored, as PettingZoo's api_test expects of an environment
        # without per-episode options: the variant's are given when it is made.
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._zeroed = self.rewards
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        seat = self.table.to_act()
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        try:
            seat = self._index[agent]
        except (KeyError, TypeError):
            raise self._no_agent(agent) from None
        return self.table.observe(seat)

    def step(self, action: Any) -> None:
        if not self.agents:
            raise RummyError("the episode is over: reset the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        if not table.parts:
            self._play(agent, table.action(action))
            return
        chosen = table.choose(action)
        if chosen is not None:
            self._play(agent, chosen)
            return
        # A part of a move in parts: the same agent chooses the next part.
        if self.infos[agent]:
            self.infos[agent] = {}
        self._cumulative_rewards[agent] = 0.0
        if self._zeroed is not self.rewards:
            self._reward(None)
        if self.render_mode == "human":
            self.render()

    def _plays(self, action: int) -> bool:
        """Play ``action`` if it is a legal action of the live seat to act (the
        standard wrappers' common case); ``False``, with nothing done, if not."""
        if not self.agents:
            return False
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return False
        legal = self.table.legal_at(action)
        if legal is None:
            return False
        self._play(agent, legal)
        return True

    def _play(self, agent: str, action: Action) -> None:
        """``agent``'s legal ``action``: the round moves on and the rewards, the
        episode's end and the seat to act follow."""
        table = self.table
        if self.infos[agent]:  # the round it was told of ended before this move
            self.infos[agent] = {}
        _, result = table.apply(action)
        self._cumulative_rewards[agent] = 0.0
        if result is not None or table.over or self._zeroed is not self.rewards:
            # Most steps leave every reward 0: the rewards need setting only here.
            self._reward(result)
        if table.over:
            done = self.truncations if table.truncated else self.terminations
            for a in self.agents:
                done[a] = True
        else:
            seat = table.to_act()
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def _reward(self, result: RoundResult | None) -> None:
        """This step's rewards (and the round's info when ``result`` ended one),
        added to the cumulative ones."""
        table = self.table
        for a in self.agents:
            self.rewards[a] = 0.0
        if result is not None:
            info = round_info(result)
            for a in self.agents:
                self.infos[a] = {"round": info}
            if table.episode == "round":
                rewards = table.round_rewards(result.points)
                for a in self.agents:
                    self.rewards[a] = rewards[self._index[a]]
        if table.over and table.episode == "match":
            for a, r in zip(self.agents, table.match_rewards(), strict=True):
                self.rewards[a] = r
        self._accumulate_rewards()
        self._zeroed = self.rewards if not any(self.rewards.values()) else None

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass


def env(
    variant: str | VariantSpec[Any] = "gin",
    seats: int | None = None,
    options: Mapping[str, Any] | BaseModel | None = None,
    render_mode: str | None = None,
    episode: str = "round",
    registry: Registry | None = None,
) -> AECEnv[str, dict[str, npt.NDArray[Any]], int]:
    """:class:`raw_env` in PettingZoo's standard wrappers (see the module)."""
    return standard(
        raw_env(
            variant, seats=seats, options=options, render_mode=render_mode, episode=episode, registry=registry
        )
    )
