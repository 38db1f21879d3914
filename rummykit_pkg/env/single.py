"""One seat as a Gymnasium environment, every other seat a rummykit bot.

``single_agent(variant, opponents=["ai:hard"], seat=0, ...)``: the learner
plays ``seat``; the bots named in ``opponents`` (one per other seat, in seat
order; one name serves every other seat) play the rest, each made as
``rummy simulate`` makes it (its seed from the episode's seed and its seat,
:func:`rummykit.core.bots.agents.agent_seed`), told every event it may see, and
given its information state if it searches; every move, the learner's and
the bots', is played by the game loop (:class:`rummykit.core.engine.loop.Loop`),
which hands the learner's move back to ``step``. ``reset`` and ``step`` return what
Gymnasium's do; the observation is the seat's ``{"observation",
"action_mask"}`` (:mod:`.encode`), the reward is the learner's: its points
for the round, or its team's (``episode="round"``; negated when the lowest
total wins the match) or +1/-1/0 for the match
(``episode="match"``), 0 until the episode ends. An action that is not legal
ends the episode with reward ``illegal_reward`` (``info["illegal"]``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from pydantic import BaseModel

from rummykit.core.base.errors import RummyError
from rummykit.core.bots.agents import agent_seed, observers, tell_observers
from rummykit.core.bots.guard import SafeAgent, Who
from rummykit.core.engine.actions import Action
from rummykit.core.engine.loop import Loop, blame_variant
from rummykit.core.engine.options import is_truth_value, shown_value
from rummykit.core.engine.round import Event, RoundResult, View
from rummykit.core.plugins.registry import Registry, VariantSpec

from .codec import CodecError
from .table import Table, action_index, count_of, resolve, round_info, seed_of

__all__ = ["SingleAgentEnv", "single_agent"]

Obs = dict[str, Any]  # {"observation": float32 array, "action_mask": int8 array}


class SingleAgentEnv(gym.Env[Obs, np.int64]):
    """A Gymnasium environment in which the learner plays ``seat`` of
    ``variant`` against rummykit bots (see the module); :data:`single_agent`
    is this class."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012 - Gymnasium reads it from the class

    def __init__(
        self,
        variant: str | VariantSpec[Any] = "gin",
        opponents: Sequence[str] = ("ai:hard",),
        seat: int = 0,
        seats: int | None = None,
        options: Mapping[str, Any] | BaseModel | None = None,
        render_mode: str | None = None,
        episode: str = "round",
        illegal_reward: float = -1.0,
        registry: Registry | None = None,
    ) -> None:
        if isinstance(opponents, str):
            opponents = [opponents]
        if not opponents:
            raise RummyError("name at least one opponent")
        spec, opts = resolve(variant, options, registry)
        n = seats if seats is not None else len(opponents) + 1
        seat = count_of(seat, "seat")
        n = count_of(n, "seats")
        if n < 2:
            raise RummyError(f"seats must be 2 or more (the learner and an opponent), not {n}")
        if len(opponents) == 1:
            opponents = list(opponents) * (n - 1)
        if len(opponents) != n - 1:
            raise RummyError(f"{n} seats need {n - 1} opponents (or one for all), not {len(opponents)}")
        if not 0 <= seat < n:
            raise RummyError(f"seat must be 0 to {n - 1}, not {shown_value(seat)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        if registry is None:
            from rummykit.core.plugins.manager import get_plugins

            registry = get_plugins().registry
        self.table = Table(spec, opts, n, episode)
        self.learner = seat
        self.illegal_reward = _reward(illegal_reward)
        self.render_mode = render_mode
        others = iter(opponents)
        self.opponent_specs = [
            None if s == seat else registry.agent(spec.name, next(others)) for s in range(n)
        ]
        enc = self.table.encoder
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=enc.low, high=enc.high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(enc.n_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(enc.n_actions)
        self.agents: list[SafeAgent | None] = [None] * n
        self._watchers: list[int] = []
        # Every move, the learner's and the bots', goes through the game loop.
        self._loop: Loop[tuple[Event, RoundResult | None]] = Loop(
            self.table, self._bot_move, refused=blame_variant(spec.name), on_event=self._moved
        )
        self._gained = 0.0  # the learner's reward for the moves of this call
        self._info: dict[str, Any] = {}  # the info of this call

    def view(self) -> View:
        """What the learner's seat sees now."""
        return self.table.view(self.learner)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        if seed is not None:
            seed = seed_of(seed)
            super().reset(seed=seed % 2**64)  # Gymnasium's own generator (unused here): 64 bits
        else:
            super().reset()
        table = self.table
        skipped = 0
        while True:
            deal = table.reset(seed if skipped == 0 else None)
            opts = table.options
            where = f"an episode of seed {shown_value(deal)}"
            self.agents = [
                None
                if spec is None
                else SafeAgent(
                    Who(spec.name, spec.plugin, pos, deal, where), spec.factory, agent_seed(deal, pos), opts
                )
                for pos, spec in enumerate(self.opponent_specs)
            ]
            self._watchers = observers(self.agents)
            # Not the deal's seed in the info: it would let a learner deal the hidden
            # cards again (the experimenter finds it in self.table.seed).
            info: dict[str, Any] = {}
            self._play_others(info)
            # An episode the others end before the learner's first move (a knock
            # on the first turn) has no decision in it: the next deal is played.
            if not table.over:
                break
            skipped += 1
            if skipped >= MAX_SKIPPED:
                raise RummyError(
                    f"the other seats ended {skipped} deals in a row before seat {self.learner} "
                    "could move: this seat never plays with these opponents and options"
                )
        if skipped:
            info["skipped"] = skipped
        if self.render_mode == "human":
            self.render()
        return table.observe(self.learner), info

    def _reward(self, points: Sequence[int] | None) -> float:
        table = self.table
        if table.over and table.episode == "match":
            return table.match_rewards()[self.learner]
        if points is not None and table.episode == "round":
            return table.round_rewards(points)[self.learner]
        return 0.0

    def _play_others(self, info: dict[str, Any]) -> float:
        """Let the bots move, through the game loop, until the learner is to
        act or the episode is over; the learner's reward for what happened (a
        round they end goes in ``info["round"]``)."""
        self._gained = 0.0
        self._info = info
        self._loop.run()
        return self._gained

    def _bot_move(self, seat: int) -> Action | None:
        """The loop's decider: the bot's move at its seat; the learner's seat
        hands the move back to :meth:`step`."""
        if seat == self.learner:
            return None
        agent = self.agents[seat]
        assert agent is not None
        table = self.table
        return agent.act(table.view(seat), table.game)

    def _moved(self, outcome: tuple[Event, RoundResult | None]) -> None:
        """After each move (the learner's or a bot's): the learner's reward
        counted, the round it ended in the info, the observing bots told."""
        event, result = outcome
        self._gained += self._reward(result.points if result is not None else None)
        if result is not None:
            self._info["round"] = round_info(result)
        if self._watchers:
            tell_observers(self.agents, self._watchers, event, self.table.view)

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        if table.over:
            raise RummyError("the episode is over: reset the environment")
        info: dict[str, Any] = {}
        legal = table.legal_by_index()
        try:
            index = action_index(action)
        except CodecError:
            index = -1
        if table.continues(index):
            table.choose(index)  # a part of a move in parts: the learner chooses the next
            return table.observe(self.learner), 0.0, False, False, info
        if index not in legal:
            table.over = True
            info["illegal"] = True
            return table.observe(self.learner), self.illegal_reward, True, False, info
        self._gained = 0.0
        self._info = info
        self._loop.move(legal[index])
        reward = self._gained
        reward += self._play_others(info)
        if self.render_mode == "human":
            self.render()
        return table.observe(self.learner), reward, table.over and not table.truncated, table.truncated, info

    def render(self) -> str | None:
        return self.table.render(self.render_mode)


#: Deals in a row that ``reset`` passes over when the learner never acts in
#: them, at most (a variant whose other seats always end the round first).
MAX_SKIPPED = 100


def _reward(value: Any) -> float:
    """``illegal_reward``: a finite number (a truth value or text is refused)."""
    if is_truth_value(value) or isinstance(value, str | bytes) or not hasattr(value, "__float__"):
        raise RummyError(f"illegal_reward is a number, not {shown_value(value)}")
    number = float(value)
    if not math.isfinite(number):
        raise RummyError(f"illegal_reward must be finite, not {number}")
    return number


#: ``single_agent(variant, opponents=["ai:hard"], seat=0, seats=None, options=None,
#: render_mode=None, episode="round", illegal_reward=-1.0, registry=None)``: a
#: Gymnasium environment in which the learner plays ``seat`` of ``variant``
#: against rummykit bots (see the module).
single_agent = SingleAgentEnv
