"""The agent interface: every player, human or computer, is an agent.

An agent is given its seat's :class:`View` and the legal actions, and returns one
of them. It never sees the round itself. An agent that overrides
:meth:`BaseAgent.observe` is told every action as its seat sees it, right after
it happens, with its seat's view then: the same calls in ``rummy simulate``
and in ``rummy play`` (:func:`observers`, :func:`tell_observers`).
An agent that searches (``wants_information = True``) is also given its seat's
information state (``act(view, legal, info=...)``, see :func:`act_kwargs`), from
which it can draw states the seat cannot tell from the real one.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rummykit.core.base.errors import RummyError, contract_broken
from rummykit.core.engine.actions import Action
from rummykit.core.engine.round import Event, View

if TYPE_CHECKING:
    from rummykit.core.engine.resample import InfoState


@runtime_checkable
class Agent(Protocol):
    def act(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (the same actions as ``view.legal``)."""
        ...


class BaseAgent:
    """Convenience base: ``observe`` does nothing unless overridden."""

    #: Whether :meth:`act` reads ``view.history``. A roll-out player that says
    #: ``False`` is handed views without it in core's search (cheaper to make,
    #: about a tenth of a CardVerse play-out); it must then decide the same
    #: with ``history=()`` as with the history (tests/core/test_reads_history.py
    #: checks every built-in player that says so).
    reads_history: bool = True

    def act(self, view: View, legal: Sequence[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError

    def observe(self, event: Event, view: View) -> None:
        """Called after every action with the event as this seat sees it."""

    def _set_params(self, params: Mapping[str, object]) -> None:
        """Override a bot's tuning attributes (class constants such as ``KEEP``)
        from the keyword arguments it was made with: ``MyBot(seed, KEEP=4.0)``.
        A name the agent does not have is a ``TypeError``."""
        for key, value in params.items():
            if not hasattr(self, key):
                raise TypeError(f"unknown parameter {key}")
            setattr(self, key, value)


def observers(agents: Sequence[Any]) -> list[int]:
    """The seats whose agent overrides :meth:`BaseAgent.observe` (a person's seat,
    ``None``, is not one): the ones :func:`tell_observers` tells."""
    out = []
    for pos, agent in enumerate(agents):
        if agent is None:
            continue
        flag = getattr(agent, "observes", None)  # a SafeAgent knows of the bot it wraps
        if isinstance(flag, bool):
            watches = flag
        else:
            obs = getattr(type(agent), "observe", None)
            watches = obs is not None and obs is not BaseAgent.observe
        if watches:
            out.append(pos)
    return out


def tell_observers(
    agents: Sequence[Any], seats: Sequence[int], event: Event, view: Callable[[int], View]
) -> None:
    """After an action: each agent of ``seats`` observes ``event`` as its seat
    sees it, with its seat's view now (``view(seat)``)."""
    for pos in seats:
        agents[pos].observe(event.seen_by(pos), view(pos))


class RandomAgent(BaseAgent):
    """Uniformly random among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


_SEED_KEY_PERSON = b"rummykit-seedkey"
_AGENT_SEED_PERSON = b"rummykit-agent"


def _int_bytes(n: int) -> bytes:
    """``n`` as signed big-endian bytes, the fewest that hold it."""
    return n.to_bytes(n.bit_length() // 8 + 1, "big", signed=True)


def agent_seed(match_seed: int, seat: int) -> int:
    """A bot's own seed: a keyed hash (BLAKE2b, keyed by the match seed, over
    the seat), 64 bits. The same match seed and seat give the same seed, so a
    game replays move for move; but the bot's seed tells nothing about the
    match seed, so nothing about the deal or the other seats' seeds."""
    key = _int_bytes(match_seed)
    if len(key) > hashlib.blake2b.MAX_KEY_SIZE:  # a seed of more than 511 bits
        key = hashlib.blake2b(key, person=_SEED_KEY_PERSON).digest()
    h = hashlib.blake2b(_int_bytes(seat), digest_size=8, key=key, person=_AGENT_SEED_PERSON)
    return int.from_bytes(h.digest(), "big")


# -- what a searching agent is given besides its view ------------------------------


def wants_information(agent: object) -> bool:
    """Whether ``agent`` asks for its seat's information state: a class
    attribute ``wants_information = True``. Such an agent is called
    ``act(view, legal, info=...)``."""
    return bool(getattr(agent, "wants_information", False))


def information_for(game: Any, seat: int) -> InfoState | None:
    """What ``seat`` knows of the round in play of ``game`` (a
    :class:`~rummykit.core.play.match.Match` or a bare round):
    ``Round.information(seat)`` with the match's totals and target filled in (a
    bare round: no totals, no target). ``None`` when the variant's rounds
    cannot give it (``NotImplementedError`` before the round's first move: its
    deal does not fit core's re-dealing and it does not override
    ``information``). Rounds that gave it at their first move and fail later
    break the engine contract: a :class:`VariantError` (a search must not fall
    back to its prior without a word). Of the match's facts, only the fields
    the information state has are filled in."""
    rnd = getattr(game, "round", game)
    try:
        info = rnd.information(seat)
    except NotImplementedError as e:
        if getattr(rnd, "history", None):
            what = f"could not give seat {seat + 1} its information state in play ({e})"
            raise contract_broken(getattr(rnd, "variant", "") or type(rnd).__name__, what) from None
        return None
    except RummyError:
        return None
    totals = getattr(game, "totals", None)
    if totals is not None and is_dataclass(info) and not isinstance(info, type):
        rule = getattr(game, "rule", None)
        facts = {
            "scores": tuple(totals),
            "target": getattr(game, "target", None),
            "lowest_wins": bool(getattr(rule, "lowest_wins", False)),
        }
        has = {f.name for f in fields(info)}
        info = replace(info, **{k: v for k, v in facts.items() if k in has})
    return info


def act_kwargs(agent: object, game: Any, seat: int) -> dict[str, Any]:
    """The keyword arguments of ``agent.act`` for ``seat`` of ``game`` beyond
    the view and the legal actions: ``{"info": ...}`` for an agent that wants
    information (:func:`wants_information`), else none. Every place that calls
    an agent calls ``agent.act(view, legal, **act_kwargs(agent, game, seat))``."""
    if not wants_information(agent):
        return {}
    return {"info": information_for(game, seat)}
