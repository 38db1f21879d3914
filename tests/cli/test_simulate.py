"""``rummy simulate`` and its engine (rummykit.core.play.simulate), on a toy variant
registered by the test and, where installed, on Gin and CardVerse."""

from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from rummykit.cli.main import cli
from rummykit.core.bots.agents import BaseAgent
from rummykit.core.play.simulate import SimConfig, positions, simulate, unit_seed, wilson
from rummykit.core.plugins import manager as core_plugins
from rummykit.core.plugins.hookspecs import hookimpl
from rummykit.core.plugins.registry import AgentSpec
from tests.core.toy_variant import TOY

SEATS_SEEN: list[tuple[int, int]] = []  # (entrant tag, seat) as agents are made


class FirstLegal(BaseAgent):
    """Deterministic: always the first legal action."""

    def act(self, view, legal):
        return legal[0]


class LastLegal(BaseAgent):
    def act(self, view, legal):
        return legal[-1]


def _recording(tag, cls):
    def factory(seat, seed, options):
        SEATS_SEEN.append((tag, seat))
        return cls()

    return factory


class ToyPlugin:
    @hookimpl
    def register_variants(self, register):
        register(TOY)

    @hookimpl
    def register_agents(self, register):
        register(AgentSpec("first", _recording("first", FirstLegal), variant="toy", strength=1))
        register(AgentSpec("last", _recording("last", LastLegal), variant="toy", strength=2))


@pytest.fixture
def plugins():
    p = core_plugins.Plugins(extra=[("toy-test", ToyPlugin())])
    before = core_plugins.reset_plugins(p)
    SEATS_SEEN.clear()
    yield p
    core_plugins.reset_plugins(before)


@pytest.fixture
def fresh_plugins():
    """The installed plugins loaded anew for the test, the ones before put back after."""
    before = core_plugins.reset_plugins()
    yield
    core_plugins.reset_plugins(before)


def run(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False, standalone_mode=False)
    return result


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    from rummykit.cli.main import main

    with pytest.raises(SystemExit) as e:
        main(list(args))
        raise SystemExit(0)
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


def sim_json(capsys, *args: str) -> dict:
    code, out, err = run_main(capsys, "simulate", *args, "--json")
    assert code == 0, err
    return json.loads(out)


KEYS = {
    "variant",
    "matches",
    "rounds",
    "seed",
    "entrants",
    "draws",
    "rounds_per_second",
    "match_rule",
    "stalled",
}
ENTRANT_KEYS = {"agent", "matches_won", "win_rate", "ci95", "points_per_round", "total_per_match", "counts"}


def test_json_keys_and_figures_add_up(plugins, capsys):
    data = sim_json(capsys, "toy", "--seat", "random", "--seat", "first", "--matches", "12", "--seed", "5")
    assert set(data) == KEYS
    assert data["variant"] == "toy" and data["matches"] == 12 and data["seed"] == 5
    assert data["match_rule"] == "first to 20" and data["stalled"] == 0
    # Someone reaches 20 in every match: the mean final totals add up to 20 or more.
    assert sum(e["total_per_match"] for e in data["entrants"]) >= 20
    assert [e["agent"] for e in data["entrants"]] == ["random", "first"]
    for e in data["entrants"]:
        assert set(e) == ENTRANT_KEYS
        lo, hi = e["ci95"]
        assert 0 <= lo <= e["win_rate"] <= hi <= 1
        assert e["win_rate"] == round(e["matches_won"] / 12, 4)
    assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == 12
    assert data["rounds"] >= 12
    # Every round has one winner in the toy: rounds won add up to the rounds.
    assert sum(e["counts"]["rounds_won"] for e in data["entrants"]) == data["rounds"]


def test_rounds_mode(plugins, capsys):
    data = sim_json(capsys, "toy", "--seat", "first", "--seat", "random", "--rounds", "30", "--seed", "2")
    assert data["matches"] == 0 and data["rounds"] == 30
    won = [e["counts"]["rounds_won"] for e in data["entrants"]]
    assert sum(won) + data["draws"] == 30
    for e, w in zip(data["entrants"], won, strict=True):
        assert e["matches_won"] == 0
        assert e["win_rate"] == round(w / 30, 4)


def test_same_seed_same_figures_for_any_workers(plugins, capsys):
    args = ("toy", "--seat", "random", "--seat", "last", "--seat", "first", "--matches", "21", "--seed", "9")
    one = sim_json(capsys, *args, "--workers", "1")
    two = sim_json(capsys, *args, "--workers", "2")
    one.pop("rounds_per_second"), two.pop("rounds_per_second")
    assert one == two
    args = ("toy", "--seat", "random", "--seat", "first", "--rounds", "60", "--seed", "3")
    r1 = sim_json(capsys, *args, "--workers", "1")
    r2 = sim_json(capsys, *args, "--workers", "2")
    r1.pop("rounds_per_second"), r2.pop("rounds_per_second")
    assert r1 == r2
    other = sim_json(capsys, "toy", "--seat", "random", "--seat", "first", "--rounds", "60", "--seed", "4")
    other.pop("rounds_per_second")
    assert other != r1


def test_seats_swap_every_match_and_every_round(plugins):
    reg = plugins.registry
    simulate(reg, SimConfig("toy", ("first", "last"), 6, "matches", 1))
    assert [s for tag, s in SEATS_SEEN if tag == "first"] == [0, 1, 0, 1, 0, 1]
    assert [s for tag, s in SEATS_SEEN if tag == "last"] == [1, 0, 1, 0, 1, 0]
    SEATS_SEEN.clear()
    simulate(reg, SimConfig("toy", ("last", "first"), 4, "rounds", 1))
    assert [s for tag, s in SEATS_SEEN if tag == "last"] == [0, 1, 0, 1]


def test_three_seats_rotate():
    assert [positions(i, 3) for i in range(3)] == [[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    # Entrant e sits at (e + i) % n: every entrant takes every position once per block.
    for i in range(3):
        seat_of = positions(i, 3)
        assert sorted(seat_of) == [0, 1, 2]
        for e in range(3):
            assert seat_of[(e + i) % 3] == e


def test_duplicate_deals_make_identical_bots_even(plugins):
    """The two matches of a block deal the same cards with the seats swapped, so two
    copies of one deterministic bot win exactly as often as each other."""
    res = simulate(plugins.registry, SimConfig("toy", ("first", "first"), 40, "matches", 7))
    t = res.tally
    assert t.wins[0] == t.wins[1] and t.points[0] == t.points[1]
    assert unit_seed(7, 0, 2) == unit_seed(7, 1, 2) != unit_seed(7, 2, 2)


def test_wilson_interval():
    lo, hi = wilson(71, 100)
    assert lo == pytest.approx(0.6146, abs=1e-4) and hi == pytest.approx(0.7899, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_text_report(plugins, capsys):
    code, out, err = run_main(
        capsys, "simulate", "toy", "--seat", "random", "--seat", "first", "--matches", "4", "--seed", "1"
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("toy: 4 matches") and "seed 1" in lines[0]
    assert lines[1].split()[:3] == ["entrant", "matches", "won"]
    assert lines[2].startswith("random") and lines[3].startswith("first")
    assert "95% CI" in lines[1] and "rounds per second" in lines[-1]


def test_an_agent_entered_twice_is_told_apart_by_its_seat_number(plugins, capsys):
    args = ["--seat", "random", "--seat", "first", "--seat", "random", "--matches", "3", "--seed", "1"]
    code, out, err = run_main(capsys, "simulate", "toy", *args)
    assert code == 0, err
    rows = [line.split()[0:2] for line in out.splitlines()[2:5]]
    assert rows == [["random", "(1)"], ["first", rows[1][1]], ["random", "(3)"]]
    code, out, err = run_main(capsys, "simulate", "toy", *args, "--json")
    assert [e["agent"] for e in json.loads(out)["entrants"]] == ["random", "first", "random"]


def test_one_of_a_unit_is_said_in_the_singular(plugins, capsys):
    code, out, err = run_main(
        capsys, "simulate", "toy", "--seat", "random", "--seat", "first", "--rounds", "1", "--seed", "1"
    )
    assert code == 0, err
    assert out.startswith("toy: 1 round, seed 1")
    code, out, err = run_main(
        capsys, "simulate", "toy", "--seat", "random", "--seat", "first", "--matches", "1", "--seed", "1"
    )
    assert code == 0, err
    assert out.startswith("toy: 1 match (")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--seat", "human", "--seat", "first"], "computer players only"),
        (["--seat", "human:Ann", "--seat", "first"], "computer players only"),
        (["--seat", "nobody", "--seat", "first"], "no computer player 'nobody'"),
        (["--seat", "first", "--seat", "first", "-o", "colour=red"], "unknown option 'colour'"),
        (["--seat", "first", "--seat", "first", "-o", "target=0"], "bad value for option target"),
        (
            ["--seat", "first", "--seat", "first", "--matches", "0"],
            "--matches must be from 1 to 1,000,000, not 0",
        ),
        (
            ["--seat", "first", "--seat", "first", "--matches", "1_000_001"],
            "--matches must be from 1 to 1,000,000, not 1,000,001",
        ),
        (
            ["--seat", "first", "--seat", "first", "--rounds", "10000001"],
            "--rounds must be from 1 to 10,000,000, not 10,000,001",
        ),
        (["--seat", "first", "--seat", "first", "--rounds", "ten"], "--rounds takes a whole number"),
        (["--seat", "first", "--seat", "first", "--rounds", "1" * 5000], "--rounds takes a whole number"),
        (["--seat", "first", "--seat", "first", "--rounds", "5", "--matches", "5"], "not both"),
        (["--seat", "first", "--seat", "first", "--workers", "-1"], "--workers must be from 0 to"),
        (["--seat", "first", "--seat", "first", "--workers", "400"], "per CPU core, 64 in all), not 400"),
        (["--seat", "first", "--seat", "first", "--seed", "-1"], "--seed must be from 0 to"),
        (["--seat", "first", "--seat", "first", "--seed", str(2**64)], "--seed must be from 0 to"),
        (
            ["--seat", "first", "--seat", "first", "--move-timeout", "0"],
            "--move-timeout must be more than 0 and at most 3,600 seconds, not 0",
        ),
        (["--seat", "first", "--seat", "first", "--move-timeout", "3601"], "at most 3,600 seconds, not 3601"),
        (["--seat", "first", "--seat", "first", "--move-timeout", "-5"], "must be more than 0"),
        (
            ["--seat", "first", "--seat", "first", "--move-timeout", "nan"],
            "--move-timeout takes a number of seconds",
        ),
        (
            ["--seat", "first", "--seat", "first", "--move-timeout", "soon"],
            "--move-timeout takes a number of seconds",
        ),
        (["--seat", "first"], "toy is for 2 to 3 players, not 1"),
        (["--seat", "first"] * 4, "toy is for 2 to 3 players, not 4"),
    ],
)
def test_errors_are_one_line_exit_2(plugins, capsys, args, message):
    code, out, err = run_main(capsys, "simulate", "toy", *args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert out == ""


def test_unknown_variant(plugins, capsys):
    code, _, err = run_main(capsys, "simulate", "nosuch", "--seat", "random", "--seat", "random")
    assert code == 2 and "unknown variant 'nosuch'" in err


def test_a_seed_left_to_simulate_is_a_random_64_bit_one_that_repeats_the_run(plugins, capsys):
    """Out of reach of a bot that tries match seeds (docs/plugins.md), and said in
    the report so that ``--seed`` gives the same figures again."""
    args = ("toy", "--seat", "random", "--seat", "random", "--matches", "3")
    runs = [sim_json(capsys, *args) for _ in range(3)]
    seeds = [r["seed"] for r in runs]
    assert len(set(seeds)) == 3 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**40  # three draws all below 2**40: about one chance in 2**72
    again = sim_json(capsys, *args, "--seed", str(seeds[0]))
    strip = lambda r: {k: v for k, v in r.items() if k != "rounds_per_second"}  # noqa: E731
    assert strip(again) == strip(runs[0])


def test_default_seats(plugins, capsys):
    # No ai:easy in the toy: random in both seats.
    data = sim_json(capsys, "toy", "--matches", "2", "--seed", "1")
    assert [e["agent"] for e in data["entrants"]] == ["random", "random"]


# -- the real variants (installed with the project) -----------------------------------


def _has(variant: str) -> bool:
    return variant in core_plugins.get_plugins().registry.variants


@pytest.mark.skipif(not _has("gin"), reason="gin not installed")
def test_gin_counts_and_draws_add_up(capsys, fresh_plugins):
    data = sim_json(capsys, "gin", "--seat", "random", "--seat", "ai:easy", "--rounds", "40", "--seed", "3")
    keys = {"rounds_won", "knocks", "gins", "undercuts", "draws"}
    won = 0
    for e in data["entrants"]:
        assert keys <= set(e["counts"])
        c = e["counts"]
        assert c["rounds_won"] == c["knocks"] + c["gins"] + c["undercuts"]
        won += c["rounds_won"]
    # A drawn round is credited to both seats.
    assert data["entrants"][0]["counts"]["draws"] == data["entrants"][1]["counts"]["draws"] == data["draws"]
    assert won + data["draws"] == 40


@pytest.mark.skipif(not _has("cardverse"), reason="cardverse not installed")
def test_cardverse_four_seats_workers(capsys, fresh_plugins):
    args = ("cardverse", *["--seat", "ai:easy"] * 3, "--seat", "random", "--matches", "4", "--seed", "11")
    one = sim_json(capsys, *args, "--workers", "1")
    two = sim_json(capsys, *args, "--workers", "2")
    one.pop("rounds_per_second"), two.pop("rounds_per_second")
    assert one == two
    assert len(one["entrants"]) == 4
    assert sum(e["matches_won"] for e in one["entrants"]) + one["draws"] == 4
    for e in one["entrants"]:
        c = e["counts"]
        assert c["rounds_won"] == c.get("out_by_meld", 0) + c.get("out_by_discard", 0) + c.get("stock_end", 0)


def test_stopping_the_workers_leaves_no_pool_thread_running():
    """Ctrl-C stops the workers at once: the pool's own thread is gone too when
    the command goes on to exit (left running, it raced Python's exit handler for
    pools, which then printed a traceback)."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    from rummykit.core.play.simulate import _stop

    method = "fork" if "fork" in mp.get_all_start_methods() else None
    pool = ProcessPoolExecutor(2, mp_context=mp.get_context(method))
    for _ in range(4):
        pool.submit(time.sleep, 30)
    time.sleep(0.5)  # the workers busy
    manager = pool._executor_manager_thread
    started = time.perf_counter()
    _stop(pool)
    assert manager is not None and not manager.is_alive()
    assert time.perf_counter() - started < 10  # not after the tasks: at once
