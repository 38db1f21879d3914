"""PettingZoo's standard wrappers, each reading the environment's state
straight from the unwrapped environment.

:func:`rummykit.env.env` wraps :class:`~rummykit.env.aec.raw_env` in
``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``. Each of PettingZoo's wrappers reaches an attribute
it does not define (``agent_selection``, ``terminations``, ``rewards`` ...)
through its ``__getattr__``, which forwards one layer at a time: about two
dozen such reads a step through three layers cost more than the wrappers'
checks. The classes here subclass those wrappers: the state is a set of
properties reading the unwrapped environment at once (before ``reset`` the
order-enforcing one still refuses them, as PettingZoo's does), and each
wrapper's ``step`` handles the common case (a legal action of a live seat, in
the action space, after ``reset``) itself with the same checks, handing every
other case to PettingZoo's own ``step``. On top of the stack :func:`standard`
builds, the order-enforcing wrapper does the common ``observe`` and ``step`` of
all three layers at once (the state each keeps included) and calls the
unwrapped environment directly.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

__all__ = ["standard"]

_ActionEnv: TypeAlias = AECEnv[str, Any, int]

#: The unwrapped environment's attributes that every step reads.
_STATE = (
    "agent_selection",
    "agents",
    "rewards",
    "_cumulative_rewards",
    "terminations",
    "truncations",
    "infos",
)


class _Direct:
    """The attributes of :data:`_STATE`, read from the unwrapped environment."""

    _raw: Any

    def __init__(self, env: _ActionEnv, *args: Any) -> None:
        super().__init__(env, *args)  # type: ignore[call-arg]
        self._raw = env.unwrapped


class _Guarded(_Direct):
    """:class:`_Direct`, refusing the state before ``reset`` (except
    ``_cumulative_rewards``, which PettingZoo's wrapper lets through)."""

    _has_reset: bool


def _state_property(name: str, guarded: bool) -> property:
    if guarded:

        def get(self: Any) -> Any:
            if not self._has_reset:
                raise AttributeError(f"{name} cannot be accessed before reset")
            return getattr(self._raw, name)

    else:

        def get(self: Any) -> Any:
            return getattr(self._raw, name)

    return property(get, doc=f"The unwrapped environment's ``{name}``.")


for _name in _STATE:
    setattr(_Direct, _name, _state_property(_name, guarded=False))
    if not _name.startswith("_"):
        setattr(_Guarded, _name, _state_property(_name, guarded=True))


class TerminateIllegalWrapper(_Direct, wrappers.TerminateIllegalWrapper[str, Any, int]):
    """PettingZoo's ``TerminateIllegalWrapper`` (see the module)."""

    def observe(self, agent: str) -> Any:
        return self._saw(agent, self.env.observe(agent))

    def _saw(self, agent: str, obs: Any) -> Any:
        """Keep ``obs``, ``agent``'s observation, when it is the seat to act (the
        mask the next step is checked against)."""
        raw = self._raw
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def _passes(self, action: Any) -> bool:
        """Whether ``action`` is the common case: a live seat's move that the mask
        it observed allows. Then the kept observation is dropped, as PettingZoo's
        ``step`` drops it, and the step may go straight on."""
        raw = self._raw
        obs = self._prev_obs
        agent = raw.agent_selection
        if (
            type(obs) is dict
            and not self._terminated
            and not (raw.terminations[agent] or raw.truncations[agent])
            and obs["action_mask"][action]
        ):
            self._prev_obs = self._prev_info = None
            return True
        return False

    def step(self, action: Any) -> None:
        if self._passes(action):
            self.env.step(action)
        else:
            super().step(action)


class AssertOutOfBoundsWrapper(_Direct, wrappers.AssertOutOfBoundsWrapper[str, Any, int]):
    """PettingZoo's ``AssertOutOfBoundsWrapper`` (see the module)."""

    def step(self, action: Any) -> None:
        raw = self._raw
        space = raw.action_space(raw.agent_selection)
        if type(action) is int and isinstance(space, spaces.Discrete):
            assert space.start <= action < space.start + space.n, "action is not in action space"
            self.env.step(action)
        else:
            super().step(action)


class OrderEnforcingWrapper(_Guarded, wrappers.OrderEnforcingWrapper[str, Any, int]):
    """PettingZoo's ``OrderEnforcingWrapper`` (see the module). Outside the
    stack :func:`standard` builds, each call goes to the next layer; on top of
    it, the common ``observe`` and ``step`` do the two inner layers' work here
    (the same checks, the same state kept) and go straight to the unwrapped
    environment."""

    def __init__(self, env: _ActionEnv) -> None:
        super().__init__(env)
        self._terminate: TerminateIllegalWrapper | None = None
        self._n = 0  # every agent's action space is Discrete(_n) (0: they differ)

    def _over_standard_stack(self, terminate: TerminateIllegalWrapper) -> None:
        raw = self._raw
        sizes = {
            space.n if isinstance(space, spaces.Discrete) and space.start == 0 else -1
            for space in (raw.action_space(a) for a in raw.possible_agents)
        }
        self._terminate = terminate
        self._n = sizes.pop() if len(sizes) == 1 and -1 not in sizes else 0

    def observe(self, agent: str) -> Any:
        if self._has_reset:
            terminate = self._terminate
            if terminate is None:
                return self.env.observe(agent)
            return terminate._saw(agent, self._raw.observe(agent))
        return super().observe(agent)

    def step(self, action: Any) -> None:
        raw = self._raw
        if self._has_reset and raw.agents:
            self._has_updated = True
            terminate = self._terminate
            # In the space (AssertOutOfBoundsWrapper's check) and allowed by the mask.
            if (
                terminate is not None
                and type(action) is int
                and 0 <= action < self._n
                and terminate._passes(action)
            ):
                raw.step(action)
            else:
                self.env.step(action)
        else:
            super().step(action)


def standard(env: _ActionEnv) -> _ActionEnv:
    """``env`` in the standard wrappers: an illegal action ends the episode
    with reward -1 for its seat, an action outside the space is refused, and
    the order of calls is enforced."""
    terminate = TerminateIllegalWrapper(env, -1)
    outer = OrderEnforcingWrapper(AssertOutOfBoundsWrapper(terminate))
    outer._over_standard_stack(terminate)
    return outer
