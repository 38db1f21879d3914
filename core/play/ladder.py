"""A ladder: every pair of a field of computer players, rated together.

:func:`ladder_tables` lists the tables a ladder plays: with two seats a table
per pair of agents; with ``n`` ≥ 3 seats two mixed tables per pair, each agent
once alone against ``n - 1`` copies of the other. :func:`run_ladder` plays
each table as one run of :func:`rummykit.core.play.simulate.simulate` with the
ladder's seed (so a table's figures are exactly those of ``rummy simulate``
with the same seats, ``--matches`` and ``--seed``: the seats rotate and the
deals are duplicated as there, and every table deals the same cards), on one
backend kept for the whole ladder.

:func:`fit_ratings` rates the agents by the **Bradley-Terry model**, in its
form for tables of more than two (Luce's choice model): agent ``i`` has a
strength ``pi_i > 0``, and a decided match at a table wins for an agent with
probability (its copies there) x ``pi_i`` / (sum of the strengths of the seats).
With two seats that is Bradley-Terry exactly: ``P(i beats j) = pi_i / (pi_i +
pi_j)``. The maximum-likelihood strengths are found by Hunter's MM iterations
(Zermelo's for pairs) and the 95% intervals come from the observed Fisher
information of ``theta = log pi`` (equal to the expected one in this model),
under the constraint that the ``theta`` sum to zero: each interval is of an
agent's rating relative to the field's mean. Ratings are shown on the Elo scale:
``1500 + 400 log10 pi``, so the field's mean is 1500, and 400 points between two
agents are odds of 10 to 1.

Matches nobody won (draws, stalled matches) count for no one. The MLE exists
only if the agents cannot be split in two groups one of which never won a
match against the other; when that fails (an agent that never won, or never
lost), the fit adds ``prior`` virtual wins per seat at each table (the results
of equal players) and says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rummykit.core.base.errors import RummyError
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import match_rule
from rummykit.core.play.simulate import Backend, LocalBackend, SimConfig, SimResult, simulate

if TYPE_CHECKING:
    from rummykit.core.play.units import Player, Tally
    from rummykit.core.plugins.registry import Registry

#: The most agents in a ladder, and the most matches (or rounds) it plays in all.
MAX_LADDER_AGENTS = 16
MAX_LADDER_UNITS = 200_000
#: The virtual wins per seat at each table when the MLE does not exist.
FALLBACK_PRIOR = 0.5
#: 400 / ln 10: Elo points per unit of log-strength.
ELO = 400 / math.log(10)
ELO_MEAN = 1500.0
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Fit:
    """The ratings of ``k`` agents: ``theta`` (log-strengths, summing to zero),
    their standard errors ``se``, the MM ``iterations`` and the ``prior`` used
    (0: the exact MLE)."""

    theta: tuple[float, ...]
    se: tuple[float, ...]
    iterations: int
    prior: float

    def rating(self, i: int) -> float:
        return ELO_MEAN + ELO * self.theta[i]

    def interval(self, i: int) -> tuple[float, float]:
        half = Z95 * ELO * self.se[i]
        return (self.rating(i) - half, self.rating(i) + half)


#: One table's result for the fit: the copies of each agent at it and the
#: matches each agent won there (both of length ``k``).
TableResult = tuple[Sequence[int], Sequence[float]]


def mle_exists(k: int, tables: Sequence[TableResult]) -> bool:
    """Whether every agent can be reached from every other by a chain of "won a
    match at a table where the next one sat" (the win graph is strongly
    connected): the condition for the maximum-likelihood strengths to exist."""
    beat: list[set[int]] = [set() for _ in range(k)]  # beat[i]: agents i won against
    for copies, wins in tables:
        for i in range(k):
            if wins[i] > 0:
                beat[i].update(j for j in range(k) if j != i and copies[j] > 0)

    def reach(edges: list[set[int]]) -> set[int]:
        seen, todo = {0}, [0]
        while todo:
            for j in edges[todo.pop()]:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        return seen

    lost_to: list[set[int]] = [set() for _ in range(k)]
    for i in range(k):
        for j in beat[i]:
            lost_to[j].add(i)
    return len(reach(beat)) == k and len(reach(lost_to)) == k


def fit_ratings(
    k: int, tables: Sequence[TableResult], prior: float = 0.0, tol: float = 1e-10, max_iter: int = 100_000
) -> Fit:
    """The Bradley-Terry (Luce) fit of ``k`` agents to ``tables`` (see the module).
    ``prior`` virtual wins per seat at each table; with ``prior=0`` the MLE must
    exist (:func:`mle_exists`), else :class:`RummyError`."""
    if k < 2:
        raise RummyError("a rating needs at least two agents")
    rows: list[tuple[list[int], list[float], float]] = []
    for copies, wins in tables:
        w = [float(wins[i]) + prior * copies[i] for i in range(k)]
        n = sum(w)
        if n > 0:
            rows.append((list(copies), w, n))
    if prior <= 0 and not mle_exists(k, [(c, w) for c, w, _ in rows]):
        raise RummyError(
            "no maximum-likelihood rating: some agents never won (or never lost) against the others"
        )
    won = [sum(w[i] for _, w, _ in rows) for i in range(k)]
    pi = [1.0] * k
    it = 0
    for it in range(1, max_iter + 1):  # noqa: B007 - the count is reported
        denom = [0.0] * k
        for copies, _, n in rows:
            s = sum(c * p for c, p in zip(copies, pi, strict=True))
            for i in range(k):
                if copies[i]:
                    denom[i] += n * copies[i] / s
        new = [won[i] / denom[i] if denom[i] > 0 else pi[i] for i in range(k)]
        mean = sum(math.log(p) for p in new) / k
        new = [p / math.exp(mean) for p in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, pi, strict=True))
        pi = new
        if change < tol:
            break
    theta = [math.log(p) for p in pi]
    # Information of theta: sum over tables of n (diag(q) - q q^T), q the seats' shares.
    info = [[0.0] * k for _ in range(k)]
    for copies, _, n in rows:
        s = sum(c * p for c, p in zip(copies, pi, strict=True))
        q = [copies[i] * pi[i] / s for i in range(k)]
        for i in range(k):
            if not q[i]:
                continue
            info[i][i] += n * q[i]
            for j in range(k):
                info[i][j] -= n * q[i] * q[j]
    cov = _pinv_centred(info)
    se = tuple(math.sqrt(max(0.0, cov[i][i])) for i in range(k))
    return Fit(tuple(theta), se, it, prior)


def _pinv_centred(m: list[list[float]]) -> list[list[float]]:
    """The pseudo-inverse of a symmetric positive semi-definite ``m`` whose null
    space is the constant vector: ``(m + J/k)^-1 - J/k`` (``J`` all ones)."""
    k = len(m)
    a = [[m[i][j] + 1 / k for j in range(k)] + [1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    for col in range(k):  # Gauss-Jordan with partial pivoting
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < 1e-300:
            raise RummyError("the ratings' information matrix is singular")
        a[col], a[piv] = a[piv], a[col]
        d = a[col][col]
        a[col] = [x / d for x in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [[a[i][k + j] - 1 / k for j in range(k)] for i in range(k)]


def ladder_tables(k: int, players: int) -> list[tuple[int, ...]]:
    """The tables of a ladder of ``k`` agents (0 to ``k - 1``) at ``players``
    seats: each pair ``(i, j)``, ``i < j``; at 3 or more seats ``i`` alone
    against ``players - 1`` of ``j``, then ``j`` alone against ``i``."""
    out: list[tuple[int, ...]] = []
    for i in range(k):
        for j in range(i + 1, k):
            if players == 2:
                out.append((i, j))
            else:
                out.append((i, *[j] * (players - 1)))
                out.append((j, *[i] * (players - 1)))
    return out


@dataclass
class LadderTable:
    """One table played: its agents (indices into the field, one per seat) and
    its run's result."""

    seats: tuple[int, ...]
    result: SimResult

    def wins(self, k: int) -> list[int]:
        """Units won by each agent of the field here (its seats' wins summed)."""
        out = [0] * k
        for e, a in enumerate(self.seats):
            out[a] += self.result.tally.wins[e]
        return out

    def copies(self, k: int) -> list[int]:
        return [self.seats.count(a) for a in range(k)]


@dataclass
class LadderResult:
    """A ladder played: the field (``agents``), the seats a table has
    (``players``), the config every table shares but for its seats, the tables
    played (fewer than all when ``partial``), the fit, and the playing time."""

    agents: tuple[str, ...]
    players: int
    config: SimConfig
    tables: list[LadderTable]
    planned: int
    fit: Fit | None
    seconds: float
    partial: bool = False
    where: str = ""
    rule: str = ""
    notes: list[str] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return sum(t.result.tally.rounds for t in self.tables)

    def pairwise(self) -> list[list[float | None]]:
        """``[a][b]``: the share of the matches (or rounds) agent ``a`` won at
        the table where it sat alone against agent ``b`` (the pair's table with
        two seats); ``None`` on the diagonal and for a table not played."""
        k = len(self.agents)
        out: list[list[float | None]] = [[None] * k for _ in range(k)]
        for t in self.tables:
            a, b = t.seats[0], t.seats[1]
            units = t.result.tally.units
            if not units:
                continue
            wins = t.wins(k)
            out[a][b] = wins[a] / units
            if self.players == 2:
                out[b][a] = wins[b] / units
        return out

    def standings(self) -> list[dict[str, Any]]:
        """The agents, best rating first: rank, agent, rating, 95% interval,
        units won and units played (at every table it sat at)."""
        k = len(self.agents)
        won = [0] * k
        played = [0] * k
        for t in self.tables:
            w = t.wins(k)
            for a in set(t.seats):
                won[a] += w[a]
                played[a] += t.result.tally.units
        order = sorted(range(k), key=lambda i: -(self.fit.theta[i] if self.fit else 0.0))
        out = []
        for rank, i in enumerate(order, 1):
            entry: dict[str, Any] = {
                "rank": rank,
                "agent": self.agents[i],
                "won": won[i],
                "played": played[i],
            }
            if self.fit is not None:
                lo, hi = self.fit.interval(i)
                entry["rating"] = round(self.fit.rating(i), 1)
                entry["ci95"] = [round(lo, 1), round(hi, 1)]
            out.append(entry)
        return out

    def to_json(self) -> dict[str, Any]:
        """The object ``rummy simulate --ladder --json`` prints (docs/simulate.md)."""
        c = self.config
        k = len(self.agents)
        pair = self.pairwise()
        data: dict[str, Any] = {
            "variant": c.variant,
            "ladder": True,
            "players": self.players,
            "mode": c.mode,
            "units_per_table": c.units,
            "seed": c.seed,
            "agents": self.standings(),
            "fit": None
            if self.fit is None
            else {
                "model": "bradley-terry",
                "scale": "elo",
                "prior": self.fit.prior,
                "iterations": self.fit.iterations,
            },
            "pairwise": {
                self.agents[a]: {
                    self.agents[b]: round(x, 4) for b in range(k) if (x := pair[a][b]) is not None
                }
                for a in range(k)
            },
            "tables": [
                {
                    "seats": [self.agents[a] for a in t.seats],
                    "units": t.result.tally.units,
                    "wins": {self.agents[a]: w for a, w in enumerate(t.wins(k)) if a in t.seats},
                    "draws": t.result.tally.draws,
                    "rounds": t.result.tally.rounds,
                }
                for t in self.tables
            ],
            "rounds": self.rounds,
            "rounds_per_second": round(self.rounds / self.seconds, 1) if self.seconds > 0 else 0.0,
        }
        if c.mode == "matches":
            data["match_rule"] = self.rule
        if self.notes:
            data["notes"] = list(self.notes)
        if self.partial:
            data["partial"] = True
        return data


class _Kept:
    """A backend kept for every table of a ladder: started for each (a Ray
    already joined is not joined again), closed once by the ladder."""

    def __init__(self, inner: Backend) -> None:
        self.inner = inner
        self.name = inner.name

    @property
    def workers(self) -> int:
        return self.inner.workers

    @workers.setter
    def workers(self, value: int) -> None:
        self.inner.workers = value

    @property
    def where(self) -> str:
        return self.inner.where

    def start(self, registry: Registry, config: SimConfig) -> None:
        self.inner.start(registry, config)

    def play(
        self, player: Player, total: Tally, progress: Callable[[int, Tally], None] | None, chunk: int | None
    ) -> None:
        self.inner.play(player, total, progress, chunk)

    def close(self) -> None:
        pass


def check_ladder(agents: Sequence[str], players: int, units: int) -> list[tuple[int, ...]]:
    """The tables of the ladder, or one line saying why it cannot be played."""
    k = len(agents)
    if k < 2:
        raise RummyError(f"a ladder needs at least two agents, not {k}: give --seat AGENT at least twice")
    seen: set[str] = set()
    for a in agents:
        if a in seen:
            raise RummyError(f"--seat {a} is given twice: a ladder's agents are each given once")
        seen.add(a)
    if k > MAX_LADDER_AGENTS:
        raise RummyError(f"a ladder takes at most {MAX_LADDER_AGENTS} agents, not {k}")
    tables = ladder_tables(k, players)
    total = len(tables) * units
    if total > MAX_LADDER_UNITS:
        raise RummyError(
            f"a ladder of {len(tables):,} tables x {units:,} is {total:,} in all: at most "
            f"{MAX_LADDER_UNITS:,} (fewer --matches or fewer agents)"
        )
    return tables


def run_ladder(
    registry: Registry,
    config: SimConfig,
    players: int,
    *,
    backend: Backend | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> LadderResult:
    """Play the ladder of the agents ``config.seats`` at tables of ``players``
    seats, ``config.units`` matches (or rounds) a table, each table a run with
    ``config``'s seed, options and move timeout. ``progress(done, total)``
    counts units over the whole ladder. Ctrl-C stops after the table being
    played (its units so far are kept) and returns the ladder so far, partial."""
    import time

    agents = config.seats
    tables = check_ladder(agents, players, config.units)
    spec = registry.variant(config.variant)
    if not spec.min_players <= players <= spec.max_players:
        want = (
            str(spec.min_players)
            if spec.min_players == spec.max_players
            else f"{spec.min_players} to {spec.max_players}"
        )
        raise RummyError(f"{spec.name} is for {want} players, not {players} (--players)")
    options = build_options(spec.options_model, config.options, spec.name)
    if match_rule(spec, options).teams:
        raise RummyError(f"{spec.name} at {players} seats is played in teams: a ladder rates single players")
    kept = _Kept(backend if backend is not None else LocalBackend(1))
    played: list[LadderTable] = []
    partial = False
    seconds = 0.0
    rule = ""
    done_before = 0
    total_units = len(tables) * config.units
    try:
        for seats in tables:
            table_config = replace(config, seats=tuple(agents[a] for a in seats))
            tick = None
            if progress is not None:
                base = done_before

                def tick(done: int, _t: Tally, base: int = base) -> None:
                    progress(base + done, total_units)

            t0 = time.perf_counter()
            result = simulate(registry, table_config, progress=tick, backend=kept, chunk_size=chunk_size)
            seconds += time.perf_counter() - t0 - result.startup_seconds
            rule = result.rule
            if result.tally.units:
                played.append(LadderTable(seats, result))
            done_before += config.units
            if result.partial:
                partial = True
                break
    finally:
        kept.inner.close()
    k = len(agents)
    fit: Fit | None = None
    notes: list[str] = []
    rows = [(t.copies(k), t.wins(k)) for t in played]
    if {a for t in played for a in t.seats} == set(range(k)):
        if mle_exists(k, rows):
            fit = fit_ratings(k, rows)
        else:
            fit = fit_ratings(k, rows, prior=FALLBACK_PRIOR)
            notes.append(
                f"some agents never won (or never lost) against the others: the ratings add "
                f"{FALLBACK_PRIOR} virtual wins per seat at each table"
            )
    where = kept.where
    return LadderResult(
        agents, players, config, played, len(tables), fit, seconds, partial, where, rule, notes
    )
