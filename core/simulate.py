"""Bots against bots, by the thousand: the variant-agnostic engine of ``rummy simulate``.

What is played
--------------
``units`` matches (or, with ``mode="rounds"``, single rounds) between the
*entrants* (one agent name per seat, in the order given). Unit ``i``:

* **Seats rotate.** Entrant ``e`` sits at table position ``(e + i) % n``. With
  two seats that swaps the seats every unit (every match, or every round with
  ``mode="rounds"``), so neither bot gains from moving first; with 3-4 seats every
  entrant takes every position once in each block of ``n`` units.
* **Duplicate deals.** The deal seed of unit ``i`` is derived from the run seed
  and the *block* ``i // n``: the ``n`` units of a block deal the same cards
  (round after round, since a match's generator only shuffles) with the entrants
  rotated, so each entrant plays each hand. That removes most of the luck of the
  deal from the comparison. Bots get their own seeds from the deal seed and their
  table position (:func:`rummykit.core.agents.agent_seed`) mixed with ``i``.

Everything is a pure function of ``(seed, i)``, so results are identical for any
number of worker processes: workers play chunks of consecutive units and return
small tallies (sums), which are merged in order. Nothing per unit is kept, so
memory stays flat however many units are played.

Tallies per entrant: units won (matches, or rounds with ``mode="rounds"``),
points scored, and counts. A round's ``RoundResult.counts`` are credited to its
winner (to every seat when it has no winner, such as a Gin draw); a
``rounds_won`` count is added for every variant.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import RummyError

__all__ = [
    "SimConfig",
    "Tally",
    "SimResult",
    "simulate",
    "wilson",
    "unit_seed",
    "positions",
    "MAX_ROUNDS_PER_MATCH",
]

#: A match still running after this many rounds is stopped and counted as a draw
#: (a safeguard for bots that never score, e.g. two ``random`` seats in a long game).
MAX_ROUNDS_PER_MATCH = 1000
#: A round still running after this many actions is an error in the variant or a bot.
MAX_ACTIONS_PER_ROUND = 100_000

_MASK64 = (1 << 64) - 1


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _mix(*parts: int) -> int:
    x = 0x5EED
    for p in parts:
        x = _splitmix(x ^ (p & _MASK64))
    return x


def unit_seed(seed: int, index: int, n_entrants: int) -> int:
    """The deal seed of unit ``index``: the same for the ``n_entrants`` units of a
    block (duplicate deals), a different one for every block."""
    return _mix(seed, index // max(1, n_entrants)) >> 1


def positions(index: int, n: int) -> list[int]:
    """``positions(i, n)[p]`` is the entrant sitting at table position ``p`` in unit ``i``
    (entrant ``e`` sits at ``(e + i) % n``)."""
    return [(p - index) % n for p in range(n)]


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True)
class SimConfig:
    """What to play. ``options`` are the variant options as a plain dict (validated
    by the caller; rebuilt in each worker)."""

    variant: str
    seats: tuple[str, ...]
    units: int
    mode: str = "matches"  # or "rounds"
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.mode not in ("matches", "rounds"):
            raise ValueError(f"mode must be 'matches' or 'rounds', not {self.mode!r}")


@dataclass
class Tally:
    """Sums over some units (mergeable, order-independent)."""

    n: int
    units: int = 0
    rounds: int = 0
    draws: int = 0
    wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    counts: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.n
            self.points = [0] * self.n
            self.counts = [{} for _ in range(self.n)]

    def merge(self, other: Tally) -> None:
        self.units += other.units
        self.rounds += other.rounds
        self.draws += other.draws
        for e in range(self.n):
            self.wins[e] += other.wins[e]
            self.points[e] += other.points[e]
            mine = self.counts[e]
            for k, v in other.counts[e].items():
                mine[k] = mine.get(k, 0) + v


@dataclass
class SimResult:
    config: SimConfig
    tally: Tally
    seconds: float
    workers: int

    @property
    def rounds_per_second(self) -> float:
        return self.tally.rounds / self.seconds if self.seconds > 0 else 0.0

    def count_keys(self) -> list[str]:
        """Every count key seen, ``rounds_won`` first, then in order of first appearance."""
        keys = ["rounds_won"]
        for c in self.tally.counts:
            for k in c:
                if k not in keys:
                    keys.append(k)
        return keys

    def entrants(self) -> list[dict[str, Any]]:
        t = self.tally
        keys = self.count_keys()
        out = []
        for e, name in enumerate(self.config.seats):
            lo, hi = wilson(t.wins[e], t.units)
            out.append(
                {
                    "agent": name,
                    "matches_won": t.wins[e] if self.config.mode == "matches" else 0,
                    "win_rate": round(t.wins[e] / t.units, 4) if t.units else 0.0,
                    "ci95": [round(lo, 4), round(hi, 4)],
                    "points_per_round": round(t.points[e] / t.rounds, 3) if t.rounds else 0.0,
                    "counts": {k: t.counts[e].get(k, 0) for k in keys},
                }
            )
        return out

    def to_json(self) -> dict[str, Any]:
        """The object ``rummy simulate --json`` prints (issue #5)."""
        c = self.config
        return {
            "variant": c.variant,
            "matches": c.units if c.mode == "matches" else 0,
            "rounds": self.tally.rounds,
            "seed": c.seed,
            "entrants": self.entrants(),
            "draws": self.tally.draws,
            "rounds_per_second": round(self.rounds_per_second, 1),
        }


# -- playing -----------------------------------------------------------------------


class _Player:
    """What a worker needs to play units: the variant, options and agent factories."""

    def __init__(self, registry, config: SimConfig) -> None:
        from .options import build_options

        self.config = config
        self.spec = registry.variant(config.variant)
        self.options = build_options(self.spec.options_model, config.options, self.spec.name)
        self.factories = [registry.agent(self.spec.name, s).factory for s in config.seats]
        self.n = len(config.seats)

    def _agents(self, index: int, deal_seed: int, seat_of: list[int]) -> list[Any]:
        from .agents import agent_seed

        agents: list[Any] = [None] * self.n
        for pos, e in enumerate(seat_of):
            seed = agent_seed(deal_seed ^ (index * 0x9E3779B1 & 0xFFFFFFFF), pos)
            agents[pos] = self.factories[e](pos, seed, self.options)
        return agents

    def play(self, start: int, stop: int) -> Tally:
        t = Tally(self.n)
        for i in range(start, stop):
            if self.config.mode == "rounds":
                self._play_round(i, t)
            else:
                self._play_match(i, t)
            t.units += 1
        return t

    def _credit(self, t: Tally, result, seat_of: list[int]) -> None:
        t.rounds += 1
        for pos, p in enumerate(result.points):
            t.points[seat_of[pos]] += p
        if result.winner is None:
            credited = seat_of
        else:
            credited = [seat_of[result.winner]]
            c = t.counts[seat_of[result.winner]]
            c["rounds_won"] = c.get("rounds_won", 0) + 1
        for e in credited:
            c = t.counts[e]
            for k, v in result.counts.items():
                c[k] = c.get(k, 0) + v

    def _play_round(self, i: int, t: Tally) -> None:
        import random

        from .resample import deal_round

        seed = unit_seed(self.config.seed, i, self.n)
        seat_of = positions(i, self.n)
        agents = self._agents(i, seed, seat_of)
        rnd = deal_round(self.spec, self.options, self.n, 0, random.Random(seed))
        _play_out(rnd, agents, rnd.view)
        result = rnd.result
        self._credit(t, result, seat_of)
        if result.winner is None:
            t.draws += 1
        else:
            t.wins[seat_of[result.winner]] += 1

    def _play_match(self, i: int, t: Tally) -> None:
        from .match import Match

        seed = unit_seed(self.config.seed, i, self.n)
        seat_of = positions(i, self.n)
        agents = self._agents(i, seed, seat_of)
        match = Match(self.spec, self.options, self.n, seed)
        credit = self._credit
        match.on_round_end = lambda m, result: credit(t, result, seat_of)
        while not match.over:
            if match.round_index >= MAX_ROUNDS_PER_MATCH:
                break
            _play_out(match, agents, match.view)
        if match.over and match.winner is not None:
            t.wins[seat_of[match.winner]] += 1
        else:
            t.draws += 1


def _observers(agents: Sequence[Any]) -> list[int]:
    from .agents import BaseAgent

    out = []
    for pos, a in enumerate(agents):
        obs = getattr(type(a), "observe", None)
        if obs is not None and obs is not BaseAgent.observe:
            out.append(pos)
    return out


def _play_out(game, agents: Sequence[Any], view: Callable) -> None:
    """Play ``game`` (a Round, or a Match's current round) to the end of the round.

    Agents that override ``observe`` are told every event as their seat sees it.
    """
    from .agents import act_kwargs

    watchers = _observers(agents)
    rnd = getattr(game, "round", game)
    start_round = rnd
    for _ in range(MAX_ACTIONS_PER_ROUND):
        seat = game.to_act()
        if seat is None or getattr(game, "round", game) is not start_round:
            return
        v = view(seat)
        action = agents[seat].act(v, v.legal, **act_kwargs(agents[seat], game, seat))
        event = game.apply(action)
        if watchers:
            for pos in watchers:
                agents[pos].observe(event.seen_by(pos), view(pos))
    raise RummyError(f"a round did not end within {MAX_ACTIONS_PER_ROUND} actions")


# -- workers -----------------------------------------------------------------------

_WORKER: _Player | None = None
_PRESET: tuple[Any, SimConfig] | None = None  # inherited by forked workers


def _init_worker(config: SimConfig) -> None:
    global _WORKER
    if _PRESET is not None and _PRESET[1] == config:
        registry = _PRESET[0]
    else:  # spawned worker: load the plugins afresh
        from .plugins import get_plugins

        registry = get_plugins().registry
    _WORKER = _Player(registry, config)


def _run_chunk(bounds: tuple[int, int]) -> Tally:
    assert _WORKER is not None
    return _WORKER.play(*bounds)


def _chunks(units: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, units, size):
        yield (start, min(units, start + size))


def _chunk_size(config: SimConfig, workers: int) -> int:
    # Matches are long (5-10 rounds): small chunks keep the workers busy to the
    # end. Rounds are short: each chunk costs the parent about a millisecond of
    # CPU (taken from the workers on a busy machine), and the last chunk leaves
    # a worker idle; ~16 chunks per worker balances the two.
    if config.mode == "matches":
        return max(1, min(16, config.units // (workers * 8) or 1))
    return max(1, min(200, config.units // (workers * 16) or 1))


def simulate(
    registry,
    config: SimConfig,
    workers: int = 1,
    progress: Callable[[int, Tally], None] | None = None,
) -> SimResult:
    """Play ``config`` and return the merged tallies.

    ``progress(done_units, running_tally)`` is called after each chunk.
    ``workers > 1`` plays in that many processes (fork where available).
    """
    global _PRESET
    if config.units < 1:
        raise RummyError("the number of matches or rounds must be at least 1")
    player = _Player(registry, config)  # unknown variant, agent or option: error now
    spec = player.spec
    if not spec.min_players <= player.n <= spec.max_players:
        want = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players} to {spec.max_players}"
        )
        raise RummyError(f"{spec.name} is for {want} players, not {player.n} (one --seat per player)")
    workers = max(1, min(workers, config.units))
    total = Tally(player.n)
    t0 = time.perf_counter()
    if workers == 1:
        size = _chunk_size(config, 1)
        for bounds in _chunks(config.units, size):
            total.merge(player.play(*bounds))
            if progress:
                progress(total.units, total)
    else:
        import multiprocessing as mp

        method = "fork" if "fork" in mp.get_all_start_methods() else None
        ctx = mp.get_context(method)
        if method == "fork":
            # Play unit 0 here first (its tally is thrown away; the workers play
            # it again): forked workers then inherit whatever the variant builds
            # on first use (the meld solver's tables, caches) instead of each
            # building it again. Inside the timing, as with one worker.
            player.play(0, 1)
        _PRESET = (registry, config)
        try:
            with ctx.Pool(workers, initializer=_init_worker, initargs=(config,)) as pool:
                size = _chunk_size(config, workers)
                for tally in pool.imap(_run_chunk, _chunks(config.units, size)):
                    total.merge(tally)
                    if progress:
                        progress(total.units, total)
        finally:
            _PRESET = None
    seconds = time.perf_counter() - t0
    return SimResult(config, total, seconds, workers)


def default_workers() -> int:
    return os.cpu_count() or 1
