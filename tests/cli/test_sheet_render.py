"""The score sheet and the seats with no part in a round, as the terminal
renders them, without a terminal; how ``rummy simulate`` seats teams and
merges their wins; and how the statistics keep games played in teams."""

from __future__ import annotations

import io
import random
from dataclasses import replace

from rich.console import Console

from rummykit.cli.render import Look, TableInfo, match_end_view, score_table, table_view
from rummykit.cli.text import (
    Sheet,
    ranking_text,
    scoreboard,
    seat_state,
    seats_playing,
    sheet_line,
    sitting_out_line,
    team_label,
    view_lines,
    winners_text,
)
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.round import View
from rummykit.core.play.match import Column, Match
from rummykit.core.play.units import Tally, positions, team_shifts
from rummykit.core.plugins.registry import Registry
from tests.core.toy_variant import ToyOptions

from ..helpers import seated, sheets

NAMES = ["Ann", "Bob", "Cy", "Di"]


def render(renderable, width=80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    return console.file.getvalue()


def played(spec, n, seed=1, target=40):
    match = Match(spec, ToyOptions(target=target), n, seed)
    rng = random.Random(seed)
    while not match.over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_one_total_per_seat_renders_as_it_always_has():
    plain = Sheet((Column("Total", (120, 15)),))
    assert plain.plain and not Sheet((Column("Total", (1, 2)),), ((0,), (1,))).plain
    for look in (Look(), Look(ascii=True)):
        before = render(score_table(NAMES[:2], [120, 15], "to 100", look, round_points=[25, 0]))
        assert render(score_table(NAMES[:2], [120, 15], "to 100", look, (25, 0), plain)) == before
    assert scoreboard(NAMES[:2], [120, -15], 500, plain) == "Score: Ann 120, Bob -15 (target 500)"
    assert scoreboard(NAMES[:2], [120, -15], "first to 500") == "Score: Ann 120, Bob -15 (first to 500)"


def test_several_columns_and_empty_cells():
    sheet = Sheet(tuple(Column(f"Game {g}", (10 * g, None)) for g in (1, 2, 3)))
    assert scoreboard(NAMES[:2], [60, 0], "3 games", sheet) == (
        "Score: Game 1: Ann 10, Bob -; Game 2: Ann 20, Bob -; Game 3: Ann 30, Bob - (3 games)"
    )
    out = render(score_table(NAMES[:2], [60, 0], "3 games", Look(), sheet=sheet))
    header = next(line for line in out.splitlines() if "Player" in line)
    assert [h.strip() for h in header.strip("│ ").split("│")] == ["Player", "Game 1", "Game 2", "Game 3"]
    assert "Total" not in out and out.splitlines()[-1].strip() == "3 games"  # the goal under the table


def test_a_first_column_titled_score_is_not_said_twice():
    sheet = Sheet((Column("Score", (30, 12)), Column("Hands", (2, 1))))
    assert scoreboard(NAMES[:2], [30, 12], "first to 100", sheet) == (
        "Score: Ann 30, Bob 12; Hands: Ann 2, Bob 1 (first to 100)"
    )


def test_the_table_shows_the_rule_s_columns_beyond_the_totals():
    teams = Sheet((Column("Total", (5, 7, 9, 1)), Column("Team", (14, 8), teams=True)), ((0, 2), (1, 3)))
    assert sheet_line(NAMES, teams) == "Team: Ann and Cy 14, Bob and Di 8"
    games = Sheet(tuple(Column(f"Game {g}", (g, 0)) for g in (1, 2)))
    assert sheet_line(NAMES[:2], games) == "Game 1: Ann 1, Bob 0; Game 2: Ann 2, Bob 0"
    assert sheet_line(NAMES[:2], Sheet((Column("Total", (1, 2)),))) is None
    view = View(
        variant="x",
        seat=0,
        n_seats=4,
        to_act=0,
        hand=(1, 2),
        hand_sizes=(2, 2, 2, 2),
        stock_size=9,
        discard_pile=(5,),
        scores=(5, 7, 9, 1),
    )
    info = TableInfo("Toy", NAMES, view, sheet_line=sheet_line(NAMES, teams))
    for width in (100, 60):
        shown = render(table_view(info, Look(), width), width)
        assert "Team: Ann and Cy 14," in shown


def test_team_rows_follow_the_players_rows():
    sheet = Sheet((Column("Total", (5, 7, 9, 1)), Column("Team", (14, 8), teams=True)), ((0, 2), (1, 3)))
    out = render(
        score_table(NAMES, [5, 7, 9, 1], "to 125", Look(ascii=True), round_points=[5, 0, 0, 1], sheet=sheet)
    )
    rows = [line for line in out.splitlines() if line.startswith("| ") and "Player" not in line]
    assert [r.split("|")[1].strip() for r in rows] == [*NAMES, "Ann and Cy", "Bob and Di"]
    assert [c.strip() for c in rows[4].split("|")[2:-1]] == ["+5", "", "14"]
    assert [c.strip() for c in rows[1].split("|")[2:-1]] == ["0", "7", ""]
    assert "Total (to 125)" in out
    assert scoreboard(NAMES, [5, 7, 9, 1], "first to 125", sheet) == (
        "Score: Total: Ann 5, Bob 7, Cy 9, Di 1; Team: Ann and Cy 14, Bob and Di 8 (first to 125)"
    )


def test_winners_and_ranking_in_words():
    assert winners_text(NAMES, (2,)) == "Cy wins"
    assert winners_text(NAMES, (0, 2)) == "Ann and Cy win"
    assert winners_text(NAMES, ()) == "nobody wins"
    assert team_label(NAMES, (0, 1, 3)) == "Ann, Bob and Di"
    assert ranking_text(NAMES, (1, 3, 0, 2), ((0, 2), (1, 3))) == "1. Bob and Di, 2. Ann and Cy"
    assert ranking_text(NAMES, (3, 0, 2, 1)) == "1. Di, 2. Ann, 3. Cy, 4. Bob"


def test_a_team_match_ends_with_the_team_the_ranking_and_the_sheet():
    match = played(seated.PAIRS, 4, seed=2)
    out = render(match_end_view(NAMES, match, Look(), 100), 100)
    won = " and ".join(NAMES[s] for s in match.winners)
    assert out.startswith(f"Match over: {won} win (first to 40 (team totals))")
    assert out.splitlines()[1].startswith(f"Ranking: 1. {won}, 2. ")
    assert out.count("Team") == 1 and " and " in out.split("Team")[1]


def test_a_plain_match_ends_as_it_always_has():
    from rummykit.cli.render import match_view

    match = played(seated.spec_with(None, name="plain"), 2, seed=3)
    before = render(
        match_view(NAMES[:2], match.results, match.totals, match.winner, Look(), 80, match.ending())
    )
    assert render(match_end_view(NAMES[:2], match, Look(), 80)) == before
    assert "Ranking" not in before


def test_a_rule_with_its_own_columns_gives_them_at_the_end():
    match = played(sheets.THREE, 2, seed=3, target=20)
    out = render(match_end_view(NAMES[:2], match, Look(), 80))
    assert "Ranking: 1. " + NAMES[match.winner] in out
    assert all(f"Game {g}" in out for g in (1, 2, 3))


def test_seats_out_of_the_round_are_shown_so_and_without_cards():
    ctx = MatchContext(3, 4, 1, (2, 0), (), (0, 5, 9, 30), (3,))
    assert [seat_state(ctx, s) for s in range(4)] == [None, "sits out", None, "out"]
    assert seat_state(None, 1) is None and seat_state(MatchContext.every_seat(2), 1) is None
    assert sitting_out_line(NAMES, ctx) == "Bob sits out this round; Di is out of the match"
    assert sitting_out_line(NAMES, MatchContext.every_seat(4)) is None
    view = View(
        variant="x",
        seat=0,
        n_seats=4,
        to_act=2,
        hand=(1, 2, 3),
        hand_sizes=(3, 0, 3, 0),
        stock_size=9,
        discard_pile=(5,),
        scores=(0, 5, 9, 30),
        match=ctx,
    )
    line = view_lines(view, NAMES, str)[0]
    assert "Bob: sits out (5 pts), Cy: 3 cards (9 pts), Di: out (30 pts)" in line
    table = render(table_view(TableInfo("Toy", NAMES, view), Look(), 80))
    bob = next(row for row in table.splitlines() if "Bob" in row)
    assert "sits out" in bob and "card" not in bob
    assert "out" in next(row for row in table.splitlines() if "Di" in row)
    assert seats_playing(view) == 2 and seats_playing(replace(view, match=None)) == 4


def test_a_partner_is_named_so_on_the_table():
    ctx = MatchContext(0, 4, None, (0, 1, 2, 3), ((0, 2), (1, 3)), (0, 0, 0, 0))
    view = View(
        variant="x",
        seat=1,
        n_seats=4,
        to_act=1,
        hand=(1, 2, 3),
        hand_sizes=(3, 3, 3, 3),
        stock_size=9,
        discard_pile=(5,),
        scores=(0, 0, 0, 0),
        match=ctx,
    )
    assert (
        "Ann: 3 cards (0 pts), Bob: 3 cards (0 pts), Cy: 3 cards (0 pts), Di (partner): 3 cards"
        in (view_lines(view, NAMES, str)[0])
    )
    table = render(table_view(TableInfo("Toy", NAMES, view), Look(), 80))
    assert "Di (partner)" in table and "Bob (you)" in table and "Ann (partner)" not in table


# -- rummy simulate: teams seated and tallied ----------------------------------------------


def test_rotations_keep_partners_together():
    assert team_shifts(4) == (0, 1, 2, 3)
    assert team_shifts(4, ((0, 2), (1, 3))) == (0, 1, 2, 3)
    assert team_shifts(4, ((0, 1), (2, 3))) == (0, 2)
    for teams in (((0, 2), (1, 3)), ((0, 1), (2, 3))):
        shifts = team_shifts(4, teams)
        for i in range(8):
            seat_of = positions(i, 4, shifts)
            where = {e: p for p, e in enumerate(seat_of)}
            for team in teams:  # the entrants of a team sit at a team's seats
                assert {where[e] for e in team} in [set(t) for t in teams]
    assert [positions(i, 3) for i in range(4)] == [positions(i, 3, team_shifts(3)) for i in range(4)]


def test_team_wins_merge_like_every_other_sum():
    a, b = Tally(4, n_teams=2), Tally(4, n_teams=2)
    a.team_wins, b.team_wins = [2, 1], [0, 3]
    a.merge(b)
    assert a.team_wins == [2, 4] and Tally(2).team_wins == []


# -- rummy stats: teams, and a database from before them ------------------------------------


def test_a_database_from_before_teams_reads_and_takes_team_games(tmp_path):
    import sqlite3

    from rummykit.core.play import stats

    path = tmp_path / "s.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    stats.MIGRATIONS[0](db)  # version 1: no partners table
    db.execute("PRAGMA user_version = 1")
    db.execute(
        "INSERT INTO games VALUES ('g0', 0, 'Ann', 'pairs', 'ai:easy', 'won', 30, 10, '2026-01-01T00:00:00Z')"
    )
    db.close()
    (old,) = stats.summary(path=path)  # read-only: not migrated
    assert (old.opponent, old.partner, old.won) == ("ai:easy", "", 1) and "partner" not in old.to_json()
    seats = [("human", "Ann"), ("ai:easy", "E1"), ("human", "Cy"), ("ai:easy", "E2")]
    team_game = stats.Finished(
        "g1", "pairs", seats, [10, 3, 5, 4], [[10, 3, 5, 4]], 0, (0, 2), ((0, 2), (1, 3))
    )
    assert stats.record(team_game, path) == 2
    rows = {(line.person, line.partner): line for line in stats.summary(path=path)}
    ann = rows[("Ann", "Cy")]
    assert (ann.opponent, ann.won, ann.points_for, ann.points_against) == ("ai:easy, ai:easy", 1, 15, 7)
    assert (ann.best_round, ann.worst_round) == (8, 8)
    assert rows[("Cy", "Ann")].won == 1 and rows[("Ann", "")].played == 1
    (both,) = [line for line in stats.summary(path=path, by_opponent=False) if line.person == "Ann"]
    assert (both.played, both.won, both.partner) == (2, 2, "Cy")
    assert both.opponent == "ai:easy; ai:easy, ai:easy"
    lost = stats.Finished("g2", "pairs", seats, [1, 30, 0, 4], [[1, 30, 0, 4]], 1, (1, 3), ((0, 2), (1, 3)))
    stats.record(lost, path)
    assert rows[("Ann", "Cy")].streak == 1
    assert next(x for x in stats.summary(path=path) if x.partner == "Cy" and x.person == "Ann").streak == -1


def test_a_run_under_teams_of_neighbours_keeps_the_partners_and_credits_their_team():
    from rummykit.core.bots.builtin import register_agents
    from rummykit.core.play.match import MatchRule
    from rummykit.core.play.simulate import SimConfig, simulate
    from rummykit.core.play.units import Player

    spec = seated.spec_with(
        lambda o: MatchRule("first_to", o.target, teams=[(0, 1), (2, 3)]), name="neighbours"
    )
    reg = Registry()
    reg.add_variant(spec, "test")
    register_agents(lambda agent: reg.add_agent(agent, "core"))
    config = SimConfig("neighbours", ("random",) * 4, 8, seed=3)
    player = Player(reg, config)
    assert player.shifts == (0, 2)
    for i in range(8):
        seat_of = player.seating(i)
        assert {seat_of.index(0), seat_of.index(1)} in ({0, 1}, {2, 3})  # entrants 0 and 1 stay partners
    result = simulate(reg, config)
    data = result.to_json()
    assert [t["seats"] for t in data["teams"]] == [[0, 1], [2, 3]]
    assert sum(t["matches_won"] for t in data["teams"]) + data["draws"] == 8
    assert [e["matches_won"] for e in data["entrants"]] == [
        data["teams"][k]["matches_won"] for k in (0, 0, 1, 1)
    ]
