"""SIGTERM and SIGHUP under :class:`RunStops` stop a run as Ctrl-C does, in this
process: the figures so far, those of a whole run of that many units; a signal
outside the playing (the figures being printed) is only noted; a merge is
never cut in half by a signal."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from rummykit.core.play.ladder import run_ladder
from rummykit.core.play.simulate import RunStops, SimConfig, simulate
from rummykit.core.play.units import Merger, Tally
from rummykit.core.plugins.manager import get_plugins

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="needs POSIX signals")


@pytest.fixture(autouse=True)
def _defaults():
    """These signals at their defaults, as in ``rummy``; put back after."""
    sigs = (signal.SIGTERM, signal.SIGHUP)
    old = {s: signal.signal(s, signal.SIG_DFL) for s in sigs}
    yield
    for s, h in old.items():
        signal.signal(s, h)


def _figures(result):
    data = result.to_json()
    data.pop("rounds_per_second")
    data.pop("partial", None)
    return data


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_the_run_returns_the_figures_so_far(sig):
    reg = get_plugins().registry
    config = SimConfig("gin", ("random", "ai:easy"), 40, seed=9)

    def progress(done, tally):
        if done >= 4:
            os.kill(os.getpid(), sig)

    with RunStops() as stops:
        assert signal.getsignal(sig) != signal.SIG_DFL
        result = simulate(reg, config, progress=progress, chunk_size=2)
    assert signal.getsignal(sig) == signal.SIG_DFL  # put back
    assert stops.signum == sig
    assert result.partial and 4 <= result.tally.units < 40
    whole = simulate(reg, SimConfig("gin", config.seats, result.tally.units, seed=9), chunk_size=2)
    assert _figures(result) == _figures(whole)


def test_a_signal_before_the_run_stops_it_as_it_starts_and_one_after_is_noted():
    reg = get_plugins().registry
    with RunStops() as stops:
        os.kill(os.getpid(), signal.SIGTERM)  # not playing: noted only
        assert stops.signum == signal.SIGTERM
        result = simulate(reg, SimConfig("gin", ("random", "random"), 5, seed=1))
        assert result.partial and result.tally.units == 0
    with RunStops() as stops:
        result = simulate(reg, SimConfig("gin", ("random", "random"), 2, seed=1))
        os.kill(os.getpid(), signal.SIGHUP)  # the figures being printed: noted only
    assert not result.partial and result.tally.units == 2
    assert stops.signum == signal.SIGHUP


def test_a_stopped_ladder_keeps_its_tables():
    """SIGTERM during the second table: the first whole, the second cut short."""
    config = SimConfig("gin", ("ai:easy", "random", "ref:simple"), 2, seed=4)

    def progress(done, total):
        if done >= 3:
            os.kill(os.getpid(), signal.SIGTERM)

    with RunStops() as stops:
        result = run_ladder(get_plugins().registry, config, 2, chunk_size=1, progress=progress)
    assert stops.signum == signal.SIGTERM
    assert result.partial and [t.result.tally.units for t in result.tables] == [2, 1]


class _Halting(Tally):
    """Sends SIGTERM to this process in the middle of a merge."""

    def merge(self, other: Tally) -> None:
        self.units += other.units
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):  # Python runs a handler between these, unless held off
            pass
        self.rounds += other.rounds


class _Stop(BaseException):
    pass


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="main thread")
def test_a_merge_is_never_cut_in_half_by_a_signal():
    def handler(signum, frame):
        raise _Stop

    signal.signal(signal.SIGTERM, handler)
    total = _Halting(2)
    with pytest.raises(_Stop):
        Merger(total, None)(Tally(2, units=3, rounds=17))
    assert (total.units, total.rounds) == (3, 17)  # whole, then the handler ran
    assert signal.getsignal(signal.SIGTERM) is handler
