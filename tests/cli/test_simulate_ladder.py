"""``rummy simulate VARIANT --ladder``: every pair of agents, rated, in-process
on tiny runs of Gin and CardVerse."""

from __future__ import annotations

import json

import pytest

from rummykit.core.play.ladder import MAX_LADDER_UNITS

FAST = ("--seat", "ai:easy", "--seat", "ref:novice", "--seat", "random")


def ladder(rummy_run, *args):
    r = rummy_run("simulate", "gin", "--ladder", *args)
    assert r.returncode == 0, r.stderr
    return r


def test_json_keys_and_figures(rummy_run):
    r = ladder(rummy_run, *FAST, "--matches", "2", "--seed", "3", "--json")
    data = json.loads(r.stdout)
    assert {
        "variant",
        "ladder",
        "players",
        "mode",
        "units_per_table",
        "seed",
        "agents",
        "fit",
        "pairwise",
        "tables",
        "rounds",
        "rounds_per_second",
        "match_rule",
    } <= set(data)
    assert data["variant"] == "gin" and data["ladder"] is True and data["players"] == 2
    assert data["units_per_table"] == 2 and data["seed"] == 3 and data["mode"] == "matches"
    assert len(data["tables"]) == 3  # three pairs
    agents = data["agents"]
    assert [a["rank"] for a in agents] == [1, 2, 3]
    assert {a["agent"] for a in agents} == {"ai:easy", "ref:novice", "random"}
    ratings = [a["rating"] for a in agents]
    assert ratings == sorted(ratings, reverse=True)
    for a in agents:
        assert a["ci95"][0] < a["rating"] < a["ci95"][1]
        assert a["played"] == 4  # two tables of two matches
    for t in data["tables"]:
        assert sum(t["wins"].values()) + t["draws"] == t["units"] == 2
        a, b = t["seats"]
        assert data["pairwise"][a][b] == t["wins"][a] / 2
        assert data["pairwise"][b][a] == t["wins"][b] / 2
    assert data["fit"]["model"] == "bradley-terry"


def test_a_table_is_the_plain_simulation_with_the_same_seed(rummy_run):
    """Each table is `rummy simulate` with its seats, --matches and --seed."""
    data = json.loads(ladder(rummy_run, *FAST, "--matches", "4", "--seed", "11", "--json").stdout)
    t = data["tables"][0]
    plain = rummy_run(
        "simulate",
        "gin",
        "--seat",
        t["seats"][0],
        "--seat",
        t["seats"][1],
        "--matches",
        "4",
        "--seed",
        "11",
        "--json",
    )
    entrants = json.loads(plain.stdout)["entrants"]
    assert [e["matches_won"] for e in entrants] == [t["wins"][s] for s in t["seats"]]


def test_same_seed_same_ladder_any_workers(rummy_run):
    one = json.loads(ladder(rummy_run, *FAST, "--matches", "4", "--seed", "5", "--json").stdout)
    two = json.loads(
        ladder(rummy_run, *FAST, "--matches", "4", "--seed", "5", "--workers", "2", "--json").stdout
    )
    for d in (one, two):
        d.pop("rounds_per_second")
    assert one == two


def test_text_report(rummy_run):
    r = ladder(rummy_run, *FAST, "--matches", "2", "--seed", "3")
    out = r.stdout
    assert out.startswith("gin ladder: 3 agents, 3 tables of 2 seats")
    assert "rating" in out and "95% CI" in out
    assert "win rate of the row against the column" in out
    assert "rounds per second" in out.splitlines()[-1]


def test_mixed_tables_at_three_seats(rummy_run):
    r = rummy_run(
        "simulate",
        "cardverse",
        "--ladder",
        "--players",
        "3",
        "--seat",
        "ai:easy",
        "--seat",
        "random",
        "--matches",
        "1",
        "--seed",
        "2",
        "-o",
        "target=20",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["players"] == 3
    assert [t["seats"] for t in data["tables"]] == [
        ["ai:easy", "random", "random"],
        ["random", "ai:easy", "ai:easy"],
    ]
    assert set(data["pairwise"]["ai:easy"]) == {"random"}


def test_default_field_is_every_player_but_random(rummy_run):
    from rummykit.cli.simulate import ladder_field
    from rummykit.core.plugins.manager import get_plugins

    reg = get_plugins().registry
    names = ladder_field(reg, reg.variant("gin"))
    assert "random" not in names
    assert {"ai:easy", "ai:normal", "ai:hard", "ai:search", "ref:simple"} <= set(names)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["gin", "--ladder", "--seat", "ai:easy"], "rummy: a ladder needs at least two agents, not 1"),
        (["gin", "--ladder", "--seat", "ai:easy", "--seat", "ai:nobody"], "rummy: no computer player"),
        (
            ["gin", "--ladder", "--seat", "ai:easy", "--seat", "ai:easy"],
            "rummy: --seat ai:easy is given twice",
        ),
        (
            [
                "gin",
                "--ladder",
                "--seat",
                "ai:easy",
                "--seat",
                "random",
                "--seat",
                "ref:novice",
                "--matches",
                str(MAX_LADDER_UNITS),
            ],
            f"rummy: a ladder of 3 tables x {MAX_LADDER_UNITS:,} is {3 * MAX_LADDER_UNITS:,} in all",
        ),
        (["gin", "--players", "2"], "rummy: --players is for --ladder"),
        (
            ["cardverse", "--ladder", "--players", "5", "--seat", "ai:easy", "--seat", "random"],
            "rummy: cardverse is for 2 to 4 players, not 5",
        ),
    ],
)
def test_bad_input_is_one_line(rummy_run, args, said):
    r = rummy_run("simulate", *args)
    assert r.returncode != 0
    (line,) = r.stderr.splitlines()
    assert line.startswith(said), line
    assert r.stdout == ""


def test_an_interrupted_ladder_keeps_the_tables_played():
    """Ctrl-C during the second table: the first table whole, the second's
    matches so far, no ratings (one agent has not played), marked partial."""
    from rummykit.cli.simulate import ladder_lines
    from rummykit.core.play.ladder import run_ladder
    from rummykit.core.play.simulate import SimConfig
    from rummykit.core.plugins.manager import get_plugins

    def stop(done, total):
        if done >= 3:
            raise KeyboardInterrupt

    config = SimConfig("gin", ("ai:easy", "ref:novice", "random", "ref:simple"), 2, seed=4)
    result = run_ladder(get_plugins().registry, config, 2, chunk_size=1, progress=stop)
    assert result.partial and result.planned == 6
    assert [t.result.tally.units for t in result.tables] == [2, 1]
    assert result.fit is None
    data = result.to_json()
    assert data["partial"] is True and data["fit"] is None
    assert "rating" not in data["agents"][0]
    lines = ladder_lines(result)
    assert lines[0].startswith("partial: interrupted after 2 of 6 tables")
    assert "no ratings: not every agent has played yet" in lines
