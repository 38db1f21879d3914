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
other case to PettingZoo's own ``step``.

On top of the stack :func:`standard` builds, the order-enforcing wrapper goes
straight to the unwrapped environment for the common case of all three layers
at once: ``observe`` after ``reset``, and ``step`` with a plain ``int`` that is
a legal action of the live seat to act (which is in the action space, and is
what the terminate-illegal wrapper would let through: the mask it checks is the
one ``observe`` gives that seat now). Every other call goes down the layers,
where the terminate-illegal wrapper observes the seat itself when it has not
kept an observation. (Each read of an attribute of a class with a
``__getattr__``, as every PettingZoo wrapper has, takes CPython's slow path:
the common case reads as few as it can.)
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeAlias

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .table import action_index

if TYPE_CHECKING:
    from .aec import raw_env

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


class _NotReset:
    """Where the order-enforcing wrapper reads the state before ``reset``:
    every read fails as PettingZoo's wrapper fails."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"{name} cannot be accessed before reset")


_NOT_RESET = _NotReset()


class _Guarded(_Direct):
    """:class:`_Direct`, refusing the state before ``reset`` (except
    ``_cumulative_rewards``, which PettingZoo's wrapper lets through): it is
    read from ``_live``, :data:`_NOT_RESET` until ``reset`` and the unwrapped
    environment from then on."""

    _live: Any

    def __init__(self, env: _ActionEnv, *args: Any) -> None:
        super().__init__(env, *args)
        self._live = _NOT_RESET


def _state_property(name: str, guarded: bool) -> property:
    # A C-level getter: no Python frame per read.
    get = attrgetter(f"_live.{name}" if guarded else f"_raw.{name}")
    return property(get, doc=f"The unwrapped environment's ``{name}``.")


for _name in _STATE:
    setattr(_Direct, _name, _state_property(_name, guarded=False))
    if not _name.startswith("_"):
        setattr(_Guarded, _name, _state_property(_name, guarded=True))


class TerminateIllegalWrapper(_Direct, wrappers.TerminateIllegalWrapper[str, Any, int]):
    """PettingZoo's ``TerminateIllegalWrapper`` (see the module)."""

    def observe(self, agent: str) -> Any:
        obs = self.env.observe(agent)
        raw = self._raw
        if agent == raw.agent_selection:  # kept: the mask the next step is checked against
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def step(self, action: Any) -> None:
        raw = self._raw
        obs = self._prev_obs
        agent = raw.agent_selection
        if (
            type(obs) is dict
            and not self._terminated
            and not (raw.terminations[agent] or raw.truncations[agent])
            and obs["action_mask"][action]
        ):
            # A live seat's move that the mask it observed allows: the kept
            # observation is dropped, as PettingZoo's step drops it.
            self._prev_obs = self._prev_info = None
            self.env.step(action)
        else:
            super().step(action)


class AssertOutOfBoundsWrapper(_Direct, wrappers.AssertOutOfBoundsWrapper[str, Any, int]):
    """PettingZoo's ``AssertOutOfBoundsWrapper`` (see the module)."""

    def step(self, action: Any) -> None:
        raw = self._raw
        space = raw.action_space(raw.agent_selection)
        if action is not None and type(action) is not int:
            # As the unwrapped environment reads it: a numpy integer is its int,
            # text and truth values are refused in one line (CodecError).
            action = action_index(action)
        if type(action) is int and isinstance(space, spaces.Discrete):
            assert space.start <= action < space.start + space.n, "action is not in action space"
            self.env.step(action)
        else:
            super().step(action)


class OrderEnforcingWrapper(_Guarded, wrappers.OrderEnforcingWrapper[str, Any, int]):
    """PettingZoo's ``OrderEnforcingWrapper`` (see the module). Outside the
    stack :func:`standard` builds, each call goes to the next layer; on top of
    it, the common ``observe`` and ``step`` of all three layers go straight to
    the unwrapped environment."""

    def __init__(self, env: _ActionEnv) -> None:
        super().__init__(env)
        self._standard = False  # on top of the stack standard() builds
        self._fast: raw_env | None = None  # the unwrapped env, once reset on top of that stack

    def _over_standard_stack(self) -> None:
        raw = self._raw
        sizes = {
            space.n if isinstance(space, spaces.Discrete) and space.start == 0 else -1
            for space in (raw.action_space(a) for a in raw.possible_agents)
        }
        # Every action space Discrete(n) from 0: a legal index is in the space.
        self._standard = len(sizes) == 1 and -1 not in sizes

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._live = self._raw
        super().reset(seed=seed, options=options)
        if self._standard:
            self._fast = self._raw

    def observe(self, agent: str) -> Any:
        raw = self._fast
        if raw is not None:
            return raw.observe(agent)
        return super().observe(agent)

    def step(self, action: Any) -> None:
        raw = self._fast
        if raw is not None and type(action) is int and raw._plays(action):
            self._has_updated = True
        else:
            super().step(action)


def standard(env: raw_env) -> _ActionEnv:
    """``env`` in the standard wrappers: an illegal action ends the episode
    with reward -1 for its seat, an action outside the space is refused, and
    the order of calls is enforced."""
    outer = OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(env, -1)))
    outer._over_standard_stack()
    return outer
