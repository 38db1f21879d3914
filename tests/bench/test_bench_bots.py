"""benchmarks/bench_bots.py: the decision-time benchmark's repeats and their spread."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_bots.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_bots", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_repeats_print_a_row_each_and_their_spread(bench, capsys):
    assert (
        bench.main(["bench_bots", "2", "3", "--variant", "gin", "--bot", "ai:normal", "--repeat", "2"]) == 0
    )
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line.startswith("gin ")]
    assert len(rows) == 2
    # The same seed: the same decisions, so the same count in every repeat.
    assert rows[0].split()[3] == rows[1].split()[3]
    assert any(line.strip().startswith("2 repeats: wall mean ") for line in out)


def test_spread_is_min_to_max_of_each_figure(bench):
    line = bench.spread([(1.0, 10.0, 2.0, 20.0), (3.0, 5.0, 1.0, 40.0)])
    assert (
        line
        == "2 repeats: wall mean 1.00-3.00, wall p99 5.00-10.00, cpu mean 1.00-2.00, cpu p99 20.00-40.00 ms"
    )


def test_repeat_below_one_is_refused(bench):
    with pytest.raises(SystemExit):
        bench.main(["bench_bots", "2", "3", "--repeat", "0"])


class _Recording:
    """A registered player that also keeps what its information states say of
    the match (asks for them, as a searching bot does)."""

    wants_information = True

    def __init__(self, inner, seen):
        self.inner, self.seen = inner, seen

    def act(self, view, legal, info=None):
        self.seen.append((info.scores, info.lowest_wins))
        return self.inner.act(view, legal)


def _recorder(variant, seen):
    from rummykit.core.plugins.manager import get_plugins

    easy = get_plugins().registry.agent(variant, "ai:easy").factory
    return lambda seat, seed, options: _Recording(easy(seat, seed, options), seen)


def test_contract_rounds_are_played_inside_a_match(bench):
    """A search in Contract Rummy values its play-outs by the match (lowest total
    after seven deals): the benchmark deals its rounds inside matches, so the
    information state a bot is handed carries the match's totals and rule."""
    seen: list = []
    results: list = []
    seats = ("probe", "ai:easy", "ai:easy")
    probe = {"probe": _recorder("contract", seen)}
    bench.measure("contract", seats, 0, 2, 5, results=results, factories=probe)
    assert len(results) == 2
    assert seen and all(lowest and len(scores) == 3 for scores, lowest in seen)
    # The second deal is the match's second: its totals carry the first's points.
    assert any(sum(scores) > 0 for scores, _ in seen)


def test_gin_rounds_are_dealt_alone(bench):
    seen: list = []
    bench.measure("gin", ("probe", "ai:easy"), 0, 1, 5, factories={"probe": _recorder("gin", seen)})
    assert seen and all(scores == () and not lowest for scores, lowest in seen)


def test_indian_and_contract_rows_have_no_time_target(bench, capsys):
    assert bench.main(["bench_bots", "2", "3", "--variant", "indian", "--bot", "ai:hard"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[:2] for line in out.splitlines() if line.startswith("indian ")] == [
        ["indian", "ai:hard"],
        ["indian", "ai:hard"],
    ]
    assert "no time target" in out and "target (mean" not in out
