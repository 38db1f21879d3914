"""Saved games (CardVerse, Gin) stopped at the moments of a round near the
empty stock (tests/cli/test_moments.py and its pseudo-terminal half,
tests/process/test_tui_moments2.py): played by ai:easy, seat 0 the person
Alice, seat 1 the bot (named Easy)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.options import build_options
from rummykit.core.engine.round import View
from rummykit.core.play.match import Match
from rummykit.core.play.records import MatchRecord, SeatRecord, save_record

from .ptygame import registry


def cardverse_stopped_where(
    path: Path,
    stop: Callable[[View], bool],
    seeds: range = range(1, 400),
    variant: str = "cardverse",
    agent: str = "ai:easy",
) -> int:
    """Save a two-seat game of ``variant`` (CardVerse) at ``path``, played by
    ``agent`` (ai:easy), stopped at the first point where seat 0 is to act and ``stop(its
    view)`` holds (in the first round); returns its seed."""
    reg = registry()
    spec = reg.variant(variant)
    opts = build_options(spec.options_model, {}, variant)
    easy = reg.agent(variant, agent)
    for seed in seeds:
        m = Match(spec, opts, 2, seed)
        bots = [easy.factory(s, agent_seed(seed, s), opts) for s in range(2)]
        done: list[str] = []
        while not m.results:
            seat = m.to_act()
            assert seat is not None
            v = m.view(seat)
            if seat == 0 and stop(v):
                seats = [SeatRecord(kind="human", name="Alice"), SeatRecord(kind=agent, name="Easy")]
                save_record(
                    MatchRecord(variant=variant, options={}, seats=seats, seed=seed, actions=done), path
                )
                return seed
            a = bots[seat].act(v, v.legal)
            done.append(a.notation())
            m.apply(a)
    raise AssertionError("no seed reaches that point")


def at_empty_stock(v: View) -> bool:
    """Seat 0 is to draw, the stock empty."""
    return v.stock_size == 0 and any(a.kind == "take discard" for a in v.legal)


def at_last_stock_card(v: View) -> bool:
    """Seat 0 is to draw, one card left in the stock."""
    return v.stock_size == 1 and any(a.kind == "draw stock" for a in v.legal)


def gin_stock_at(n: int) -> Callable[[View], bool]:
    """Seat 0 is to discard, ``n`` cards left in the stock."""
    return lambda v: v.stock_size == n and any(a.kind == "discard" for a in v.legal)
