"""Calling computer players safely: the one place that runs a bot's code.

A computer player is plugin code. :class:`SafeAgent` makes it (``factory``),
asks it for moves (``act``) and tells it events (``observe``), and turns every
way it can fail into an :class:`~rummykit.core.base.errors.AgentError` whose one-line
message names the bot, the plugin that registered it, its seat and the match
seed:

* it raises (any exception, ``SystemExit`` included);
* ``act`` returns anything but one of the legal actions (``None``, a string,
  an action that is not legal now);
* it runs past the move timeout (:class:`MoveClock`).

Only the process's own signals pass through untouched, as the exceptions their
handlers raise (:func:`from_signal` marks them; a ``KeyboardInterrupt`` also
when no handler of rummy's is installed for ``SIGINT``): Ctrl-C ends the game
even while a bot thinks. Any other ``BaseException`` a bot raises
(``KeyboardInterrupt``, ``GeneratorExit``, ``asyncio.CancelledError``...) is
its failure. :func:`in_bot_call` says whether a bot's code is running now, so a
signal handler that waits for a move to be saved need not wait for a bot.

The move timeout costs almost nothing per move: while a :class:`MoveClock` runs,
an interval timer sends ``SIGALRM`` a few times a second, and the handler
raises in the bot's own code only when the same call has lasted longer than the
timeout. A call only bumps a counter and sets a flag. A bot that swallows that
exception and still does not return is given a grace period, then the process
prints the error and exits with status 1 (see :meth:`MoveClock.abandon`). The
clock works in the main thread of a POSIX process; elsewhere (another thread,
Windows) moves are not timed. Code that never returns to the interpreter (a
compiled loop that holds the GIL) cannot be interrupted this way.
"""

from __future__ import annotations

import functools
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, NamedTuple

from rummykit.core.base.errors import AgentError, contract_broken
from rummykit.core.base.values import shortened
from rummykit.core.bots.agents import BaseAgent, information_for, wants_information
from rummykit.core.engine.actions import Action
from rummykit.core.engine.names import clean_text
from rummykit.core.engine.round import Event, View

#: The default of ``--move-timeout`` (seconds), for ``rummy play`` and ``rummy simulate``.
DEFAULT_MOVE_TIMEOUT = 60.0
#: The most ``--move-timeout`` may be (seconds).
MAX_MOVE_TIMEOUT = 3600.0


def check_timeout(seconds: float) -> float:
    """``seconds`` if it is a usable move timeout (more than 0, at most an hour)."""
    number = isinstance(seconds, (int, float)) and math.isfinite(seconds)
    if not number or not 0 < seconds <= MAX_MOVE_TIMEOUT:
        raise ValueError(f"a move timeout must be more than 0 and at most {MAX_MOVE_TIMEOUT:g} seconds")
    return float(seconds)


def _seconds(t: float) -> str:
    return f"{t:g} s"


_SIGNALLED = "_rummykit_from_signal"


def from_signal(e: BaseException) -> BaseException:
    """``e``, marked as raised by this process's handler of a signal: a bot call
    lets it through (see the module). Raised into a bot's call, it is kept: a
    bot that swallows it has it raised again when its call returns, and one
    that goes on running past :data:`SIGNAL_GRACE` ends the process
    (:meth:`MoveClock.give_up`) with the signal's exit status."""
    setattr(e, _SIGNALLED, True)
    for clock in _RUNNING:
        if clock.busy is not None:
            clock.stopping = (clock.call, time.monotonic(), e)
    return e


#: How long a bot's call may go on after a signal was raised into it (seconds).
SIGNAL_GRACE = 0.4


def _signal_status(e: BaseException) -> int:
    """The exit status of the signal ``e`` was raised for (130 for Ctrl-C)."""
    signum = getattr(e, "signum", None)
    return 128 + (signum if isinstance(signum, int) else signal.SIGINT)


def interrupt(signum: int, frame: FrameType | None) -> None:
    """A ``SIGINT`` handler: ``KeyboardInterrupt``, marked as the user's."""
    raise from_signal(KeyboardInterrupt())


def _passes(e: BaseException) -> bool:
    """Whether ``e``, raised in a bot's call, is this process's signal, not the bot's failure."""
    if getattr(e, _SIGNALLED, False):
        return True
    return isinstance(e, KeyboardInterrupt) and signal.getsignal(signal.SIGINT) is signal.default_int_handler


#: The clocks inside ``with clock.running():`` now.
_RUNNING: list[MoveClock] = []


def in_bot_call() -> bool:
    """Whether a bot's code is running now (a call through a :class:`SafeAgent`
    whose clock runs)."""
    return any(c.busy is not None for c in _RUNNING)


class _TimedOut(BaseException):
    """Raised inside a bot's call by the clock (a BaseException: ``except
    Exception`` in the bot does not swallow it)."""


class MoveClock:
    """Times the bot calls made through :class:`SafeAgent` while it runs.

    ``with clock.running():`` arms it (an interval timer and a ``SIGALRM``
    handler; nested uses are free); outside, calls are not timed. ``timeout``
    is in seconds; the check runs every ``tick`` seconds, so a call is stopped
    between ``timeout`` and ``timeout + tick`` after it began.
    """

    def __init__(self, timeout: float = DEFAULT_MOVE_TIMEOUT) -> None:
        self.timeout = check_timeout(timeout)
        self.tick = max(0.02, min(0.5, self.timeout / 5))
        self.grace = max(1.0, 2 * self.tick)  # after the first interruption
        self.call = 0  # bumped at the start of every timed call
        self.busy: SafeAgent | None = None  # whose call is running
        self._seen = -1  # the call the last tick saw running
        self._since = 0.0  # when the last tick first saw it
        self._fired = 0.0  # when it was first interrupted (0: not yet)
        self._depth = 0
        self._armed = False
        self._old: Any = None
        #: Called with the error line when a bot will not stop (default: print and exit 1).
        self.abandon: Callable[[str], None] = _abandon
        #: Called with the error line and the exit status when a bot will not stop
        #: after a signal (default: print and exit).
        self.give_up: Callable[[str, int], None] = _abandon
        #: A signal raised into a bot's call: (the call, when, the exception).
        self.stopping: tuple[int, float, BaseException] | None = None

    @staticmethod
    def usable() -> bool:
        return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def running(self) -> MoveClock:
        """``with clock.running():`` times the bot calls inside."""
        return self

    def __enter__(self) -> MoveClock:
        self._depth += 1
        if self._depth == 1 and self.usable():
            self._seen = -1
            self._old = signal.signal(signal.SIGALRM, self._on_tick)
            signal.setitimer(signal.ITIMER_REAL, self.tick, self.tick)
            self._armed = True
        if self._depth == 1:
            _RUNNING.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self in _RUNNING:
            _RUNNING.remove(self)
        if self._depth == 0 and self._armed:
            # The timer first, then the handler: a late SIGALRM must not find the default.
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            signal.signal(signal.SIGALRM, self._old if self._old is not None else signal.SIG_DFL)
            self._armed = False
            self.busy = None

    def _on_tick(self, signum: int, frame: FrameType | None) -> None:
        agent = self.busy
        if agent is None:
            self._seen = -1
            return
        now = time.monotonic()
        stopping = self.stopping
        if stopping is not None and stopping[0] == self.call and now - stopping[1] >= SIGNAL_GRACE:
            self.busy = None  # it swallowed the signal's exception
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            self.give_up(
                f"{agent.who} would not stop {agent.doing} when interrupted", _signal_status(stopping[2])
            )
            return
        if self.call != self._seen:
            self._seen, self._since, self._fired = self.call, now, 0.0
            return
        if now - self._since < self.timeout:
            return
        if not self._fired:
            self._fired = now
        elif now - self._fired >= self.grace:  # it swallowed the interruption
            self.busy = None
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            self.abandon(
                f"{agent.who} took longer than {_seconds(self.timeout)} {agent.doing} and "
                f"would not stop (--move-timeout {self.timeout:g})"
            )
            return
        raise _TimedOut


def _abandon(line: str, status: int = 1) -> None:
    """A bot that will not stop: the error line, then exit at once with
    ``status`` (every complete move is already saved; nothing else is left to
    do safely)."""
    try:
        sys.stderr.write(f"rummy: {line}\n")
        sys.stderr.flush()
    finally:
        os._exit(status)


def _signalled(clock: MoveClock) -> BaseException | None:
    """The signal's exception raised into the call just ended, if any (it is forgotten)."""
    stopping = clock.stopping
    if stopping is None:
        return None
    clock.stopping = None
    return stopping[2] if stopping[0] == clock.call else None


class Who(NamedTuple):
    """Who a computer player is, for the error that names it: the agent's name,
    the plugin that registered it, its seat (from 0; shown from 1) and the match
    seed. ``hide_seed``: a game with a person seated, which must not show its
    seed before its end (the error says the seed is hidden); ``seed=None``
    leaves it out. ``where`` says more about the match (``rummy simulate``'s
    match number and run seed). (A named tuple: simulate makes two or more for
    every match it plays.)"""

    agent: str
    plugin: str
    seat: int
    seed: int | None = None
    where: str = ""
    hide_seed: bool = False

    def __str__(self) -> str:
        parts = [f"plugin {self.plugin or '?'}", f"seat {self.seat + 1}"]
        if self.where:
            parts.append(self.where)
        if self.hide_seed:
            parts.append("match seed hidden until the game is over")
        elif self.seed is not None:
            parts.append(f"match seed {self.seed}")
        return f"{self.agent} ({', '.join(parts)})"


_MOVE = "over a move"


def _one_line(text: str, limit: int = 200) -> str:
    """The bot's text on one line, with no escape sequence left to reach the terminal."""
    return shortened(" ".join(clean_text(text).split()), limit)


def _shown(value: object) -> str:
    if isinstance(value, Action):
        try:
            return f"the move {value.notation()!r}"
        except Exception:  # cards that are no cards: (999,), ("AS",)
            pass
    if value is None:
        return "None"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__
        text = f"<{type(value).__name__}>"
    return f"{_one_line(text, 60)} (a {type(value).__name__})"


class SafeAgent:
    """A computer player called safely (see the module). ``factory(seat, seed,
    options)`` makes the agent on first use; ``clock`` times its calls while
    the clock runs."""

    def __init__(
        self,
        who: Who,
        factory: Callable[[int, int, Any], Any],
        seed: int,
        options: Any,
        clock: MoveClock | None = None,
    ) -> None:
        self.who = who
        self._factory = factory
        self._seed = seed
        self._options = options
        self.clock = clock
        self.agent: Any = None
        self.doing = _MOVE  # what its running call does, for the clock's message
        self._act: Callable[..., Any] | None = None
        self._wants = False  # the bot asks for its seat's information state
        self._observes: bool | None = None

    # -- failures -----------------------------------------------------------------

    def error(self, what: str) -> AgentError:
        e = AgentError(f"{self.who} {what}")
        e.who = self.who
        return e

    def _failed(self, e: BaseException, doing: str) -> AgentError:
        if isinstance(e, _TimedOut):
            t = self.clock.timeout if self.clock is not None else DEFAULT_MOVE_TIMEOUT
            return self.error(f"took longer than {_seconds(t)} {doing} (--move-timeout {t:g})")
        return self.error(
            f"raised {_one_line(f'{type(e).__name__}: {e}' if str(e) else type(e).__name__)}"
            + (f" {doing}" if doing != _MOVE else "")
        )

    def _call(self, fn: Callable[..., Any], doing: str, *args: Any) -> Any:
        clock = self.clock
        if clock is None:
            try:
                return fn(*args)
            except BaseException as e:
                if _passes(e):
                    raise
                raise self._failed(e, doing) from None
        clock.call += 1
        self.doing = doing
        clock.busy = self
        try:
            result = fn(*args)
        except BaseException as e:
            clock.busy = None
            signalled = _signalled(clock)
            if _passes(e):
                raise
            if signalled is not None:  # it turned the signal into something else
                raise signalled from None
            raise self._failed(e, doing) from None
        finally:
            self.doing = _MOVE
        clock.busy = None
        if clock.stopping is not None:
            signalled = _signalled(clock)
            if signalled is not None:  # it swallowed the signal
                raise signalled
        return result

    # -- calls ----------------------------------------------------------------------

    def _made(self) -> Any:
        if self.agent is None:
            agent = self._call(self._factory, "when made", self.who.seat, self._seed, self._options)
            if agent is None or not callable(getattr(agent, "act", None)):
                raise self.error(f"was made as {_shown(agent)}, which has no act method")
            self.agent = agent
        return self.agent

    def act(self, view: View, game: Any = None) -> Action:
        """The bot's move: one of ``view.legal``, or an :class:`AgentError`.
        A bot that wants information (``wants_information = True``) is also
        given its seat's information state in ``game`` (a Match or a round:
        :func:`rummykit.core.bots.agents.information_for`) as ``info=``."""
        act = self._act
        if act is None:
            bot = self._made()
            act = self._act = bot.act
            self._wants = wants_information(bot)
        if self._wants:
            try:
                info = information_for(game, view.seat) if game is not None else None
            except Exception as e:  # the variant's information state failed: one line, naming it
                raise self._failed(e, "in the variant's Round.information, asked for its seat") from None
            act = functools.partial(act, info=info)
        legal = view.legal
        if not legal:
            raise contract_broken(
                view.variant, f"offers seat {view.seat + 1} no legal move while the round goes on"
            )
        clock = self.clock
        if clock is None:
            action = self._call(act, _MOVE, view, legal)
        else:  # _call, inlined: this is every move of every simulated game
            clock.call += 1
            clock.busy = self
            try:
                action = act(view, legal)
            except BaseException as e:
                clock.busy = None
                signalled = _signalled(clock)
                if _passes(e):
                    raise
                if signalled is not None:  # it turned the signal into something else
                    raise signalled from None
                raise self._failed(e, _MOVE) from None
            clock.busy = None
            if clock.stopping is not None:
                signalled = _signalled(clock)
                if signalled is not None:  # it swallowed the signal
                    raise signalled
        for a in legal:  # one of them: bots hand back the very object
            if a is action:
                return action
        if type(action) is Action:
            try:
                key = action.key()
            except Exception:  # cards that cannot be compared
                raise self.error(f"returned {_shown(action)}, not one of the legal moves") from None
            for a in legal:
                if a.key() == key:
                    return a
            raise self.error(f"returned {_shown(action)}, which is not legal now")
        raise self.error(f"returned {_shown(action)}, not one of the legal moves")

    @property
    def observes(self) -> bool:
        """Whether the bot overrides ``observe`` (the others are not told events)."""
        if self._observes is None:
            obs = getattr(type(self._made()), "observe", None)
            self._observes = obs is not None and obs is not BaseAgent.observe
        return self._observes

    def observe(self, event: Event, view: View) -> None:
        if self.observes:
            self._call(self.agent.observe, "in observe", event, view)

    def explain(self, view: View, action: Action) -> str:
        """The bot's reason for ``action`` (its ``explain``), or ``""``."""
        why = getattr(self._made(), "explain", None)
        if not callable(why):
            return ""
        text = self._call(why, "in explain", view, action)
        return _one_line(str(text)) if text else ""
