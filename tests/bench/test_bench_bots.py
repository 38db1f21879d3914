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
