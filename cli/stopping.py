"""Ending a game on a signal: Ctrl-C (SIGINT), a closed terminal (SIGHUP) or
SIGTERM stop ``rummy play`` at once, even while a computer player thinks, but
never in the middle of applying and saving a move.

``with StopSignals() as stop:`` installs the handlers (and puts the old ones
back after). A signal raises ``KeyboardInterrupt`` (SIGINT) or :class:`HangUp`
in whatever runs, a bot's code included, except inside ``with
stop.critical():``, which finishes first and raises it on leaving. Only the
application and saving of a move belong inside: never a bot's thinking. A bot
told of the move there (its ``observe``, after the save) is interrupted at once
too (:func:`rummykit.core.bots.guard.in_bot_call`). The exceptions are marked as
the process's signals (:func:`rummykit.core.bots.guard.from_signal`): a bot that
raises ``KeyboardInterrupt`` itself is blamed, not taken for Ctrl-C.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from rummykit.core.bots.guard import from_signal, in_bot_call

NAMES = ("SIGHUP", "SIGTERM", "SIGINT")  # SIGHUP: not on Windows

#: What ``signal.signal`` sets and gives back: a function, SIG_DFL, SIG_IGN or None.
Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


class HangUp(BaseException):
    """The terminal went away (SIGHUP) or we were asked to stop (SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class StopSignals:
    def __init__(self) -> None:
        self._busy = False
        self._pending: int | None = None
        self._old: dict[int, Handler] = {}

    def __enter__(self) -> StopSignals:
        for name in NAMES:
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                self._old[sig] = signal.signal(sig, self._on_signal)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._old.items():
            signal.signal(sig, handler)
        self._old = {}

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self._busy and not in_bot_call():  # finish applying and saving the move first
            self._pending = signum
            return
        raise_for(signum)

    @contextmanager
    def critical(self) -> Iterator[None]:
        """Signals wait until the block (a move being applied and saved) is done."""
        self._busy = True
        try:
            yield
        finally:
            self._busy = False
        if self._pending is not None:
            signum, self._pending = self._pending, None
            raise_for(signum)


def raise_for(signum: int) -> None:
    if signum == signal.SIGINT:
        raise from_signal(KeyboardInterrupt())
    raise from_signal(HangUp(signum))


def exit_code(signum: int) -> int:
    """The shell's status for a process ended by ``signum``."""
    return 128 + signum
