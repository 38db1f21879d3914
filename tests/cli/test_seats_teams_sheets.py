"""Seats that sit out, teams, several columns and a plugin's own match rule
through the real ``rummy play`` (plain UI), ``rummy replay``, ``rummy stats``,
``rummy simulate`` and the save listings, run in the test process, with the
toy variants of tests/helpers/seated.py and tests/helpers/sheets.py installed
as a plugin in a temporary site (an entry point in a dist-info). Nothing here
knows the rules but the match itself: what the platform shows is checked
against the match replayed from the save file."""

from __future__ import annotations

import json
import re

import pytest

from rummykit.cli.stats import TEAM_NOTE
from rummykit.core.play.records import load_record, start_match
from rummykit.core.plugins.registry import Registry

from ..helpers import seated, sheets
from ..helpers.sites import fake_install, rummy
from ..marks import slow

SPECS = (seated.SIT_OUT, seated.KNOCKOUT, seated.PAIRS, sheets.THREE, sheets.BROKEN)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    fake_install(site, "toy-seated", "1.0", {"toyseated": "toy_seated"}, {"toy_seated": sheets.SITE_PLUGIN})
    return site


def registry() -> Registry:
    reg = Registry()
    for spec in SPECS:
        reg.add_variant(spec, "test")
    return reg


def bots(n: int) -> list[str]:
    return [x for _ in range(n) for x in ("--seat", "random")]


def replayed(path):
    """The saved game replayed move by move: the match at its end, and the
    match context of each round (who played it, who sat out)."""
    record = load_record(path)
    match = start_match(record, registry())
    contexts = [match.context]
    for text in record.actions:
        action = {a.notation(): a for a in match.legal_actions()}[text]
        rounds = len(match.results)
        match.apply(action)
        if len(match.results) > rounds and not match.over:
            contexts.append(match.context)
    return match, contexts


def round_blocks(out: str) -> list[list[str]]:
    """The lines each round's summary prints (after ``--- round N over ---``)."""
    blocks: list[list[str]] = []
    inside = False
    for line in out.splitlines():
        if re.fullmatch(r"--- round \d+ over ---", line):
            blocks.append([])
            inside = True
        elif line.startswith(("Score:", "===")):
            inside = False
        elif inside:
            blocks[-1].append(line)
    return blocks


def names(n: int) -> list[str]:
    return [f"Random bot {s + 1}" for s in range(n)]


def play(site, tmp_path, variant, n, seed, *more):
    save = tmp_path / f"{variant}-{seed}.json"
    r = rummy(site, "play", variant, *bots(n), "--seed", str(seed), "--save", str(save), *more, tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    return r.stdout, save


# -- the plain game ------------------------------------------------------------------------


def test_a_dealer_who_sits_out_is_said_and_round_summaries_name_only_the_seats_in_play(site, tmp_path):
    out, save = play(site, tmp_path, "seated-3", 3, 3)
    match, contexts = replayed(save)
    who = names(3)
    # Before each round: who sits it out (the dealer), and never anyone else.
    said = [line for line in out.splitlines() if line.endswith("sits out this round")]
    assert said == [f"{who[c.dealer]} sits out this round" for c in contexts]
    # A round's summary shows the hands of the two seats that played it only.
    blocks = round_blocks(out)
    assert len(blocks) == len(match.results) == len(contexts) >= 2
    for block, ctx in zip(blocks, contexts, strict=True):
        hands = [line.split(":")[0] for line in block if ": |" in line]
        assert hands == [who[s] for s in sorted(ctx.seats)]
        assert who[ctx.dealer] not in " ".join(block)
    # No seat sitting out ever moves.
    for ctx, moves in zip(contexts, _moves_by_round(out), strict=True):
        assert moves and all(not line.startswith(who[ctx.dealer]) for line in moves)
    end = out.splitlines()
    won = who[match.winner]
    assert f"=== match over: {won} wins ===" in end
    assert end[-3] == "Ranking: " + ", ".join(f"{i}. {who[s]}" for i, s in enumerate(match.ranking(), 1))
    assert end[-2] == "Score: " + ", ".join(f"{who[s]} {t}" for s, t in enumerate(match.totals)) + (
        f" ({match.rule.describe()})"
    )


def _moves_by_round(out: str) -> list[list[str]]:
    rounds: list[list[str]] = [[]]
    for line in out.splitlines()[1:]:
        if re.fullmatch(r"--- round \d+ over ---", line):
            rounds.append([])
        elif line.startswith("Random bot") and ("draws" in line or "discards" in line or "knock" in line):
            rounds[-1].append(line)
    return rounds[:-1]


def test_elimination_says_who_is_out_and_ranks_by_the_rule_not_the_totals(site, tmp_path):
    out, save = play(site, tmp_path, "knockout", 3, 3)
    match, contexts = replayed(save)
    who = names(3)
    gone = list(match.rule.out)
    assert gone, "the seed knocks a seat out"
    first_out = next(c for c in contexts if c.out)
    assert f"{who[first_out.out[0]]} is out of the match" in out
    ranking = match.ranking()
    assert ranking[0] == match.winner and list(ranking[1:]) == list(reversed(match.rule.went_out))
    assert "Ranking: " + ", ".join(f"{i}. {who[s]}" for i, s in enumerate(ranking, 1)) in out
    # the seat out of the match plays no more rounds
    for ctx, moves in zip(contexts, _moves_by_round(out), strict=True):
        for s in ctx.out:
            assert all(not line.startswith(who[s] + " ") for line in moves)


def test_teams_win_together_and_the_score_names_the_teams(site, tmp_path):
    out, save = play(site, tmp_path, "pairs", 4, 5)
    match, _ = replayed(save)
    who = names(4)
    team = [t for t in match.rule.teams if set(t) == set(match.winners)]
    assert team and match.winners == team[0]
    a, b = (who[s] for s in match.winners)
    assert f"=== match over: {a} and {b} win ===" in out
    teams = match.rule.team_totals()
    score = out.splitlines()[-2]
    seats = ", ".join(f"{who[s]} {t}" for s, t in enumerate(match.totals))
    labels = [f"{who[x]} and {who[y]}" for x, y in match.rule.teams]
    assert score.startswith(f"Score: Total: {seats}; Team: {labels[0]} {teams[0]}, {labels[1]} {teams[1]} (")
    assert (
        out.splitlines()[-3]
        == f"Ranking: 1. {labels[match.winning_team]}, 2. {labels[1 - match.winning_team]}"
    )


def test_a_rule_with_three_columns_shows_its_own_columns_everywhere(site, tmp_path):
    out, save = play(site, tmp_path, "three-games", 2, 3)
    match, _ = replayed(save)
    games = match.rule.games
    who = names(2)
    shown = "; ".join(f"Game {g + 1}: {who[0]} {games[g][0]}, {who[1]} {games[g][1]}" for g in range(3))
    assert out.splitlines()[-4:-1] == [
        "  Game 2: from a seat's second hand won",
        "  Game 3: from a seat's third hand won",
        f"Score: {shown} (three games to 20)",
    ]
    # the columns are not the totals: the rule's, and the sheet shows them
    assert [list(c.values) for c in match.columns()] == games != [match.totals] * 3

    r = rummy(site, "replay", str(save), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert "Match over: " + f"{who[match.winner]} wins" in text
    for g in range(3):
        assert f"Game {g + 1}" in text
    assert "3 games to 20" in text  # the goal, under a sheet without a Total column
    assert "Game 3: from a seat's third hand won" in text  # and the columns' notes
    last = text[text.index("Match over:") :]
    for g in range(3):  # the final sheet's cells are the rule's
        row = [line for line in last.splitlines() if line.strip("│| ").startswith(who[0])][-1]
        assert re.findall(r"-?\d+", row.replace(who[0], "")) == [str(games[g][0]) for g in range(3)]


def test_a_rule_whose_sheet_fails_costs_only_the_sheet(site, tmp_path):
    out, save = play(site, tmp_path, "broken-sheet", 2, 3)
    assert "=== match over:" in out and "Ranking" not in out
    match, _ = replayed(save)
    assert out.splitlines()[-2].startswith(
        f"Score: Random bot 1 {match.totals[0]}, Random bot 2 {match.totals[1]}"
    )
    r = rummy(site, "replay", str(save), tmp=tmp_path)
    assert r.returncode == 0 and r.stderr == "" and "Match over:" in r.stdout


def test_replay_shows_a_seat_sitting_out_without_a_hand_and_summaries_of_the_seats_in_play(site, tmp_path):
    _, save = play(site, tmp_path, "seated-3", 3, 3)
    _, contexts = replayed(save)
    r = rummy(site, "replay", str(save), tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    who = names(3)
    deal = r.stdout[: r.stdout.index("Move 1 of")]
    assert f"{who[contexts[0].dealer]}  (sits out; 0 pts)" in deal
    over = r.stdout[r.stdout.index("Round 1 is over") :]
    over = over[: over.index("Round 2: the deal")]
    heads = [s for s in range(3) if re.search(rf"^{who[s]}  \(points", over, re.M)]
    assert heads == sorted(contexts[0].seats)


# -- saves and resume ---------------------------------------------------------------------


def test_a_custom_rule_is_listed_with_its_game_and_resumes_exactly(site, tmp_path):
    data = tmp_path / "data"
    args = ("--seat", "human:Ann", *bots(2), "--seed", "3")
    r = rummy(site, "play", "seated-3", *args, stdin="s\n", tmp=data)  # Ann sits the first round out
    assert r.returncode == 0, r.stderr
    assert "Ann sits out this round" in r.stdout
    listed = rummy(site, "resume", tmp=data)
    assert listed.returncode == 0, listed.stderr
    (row,) = [line for line in listed.stdout.splitlines() if "seated-3" in line]
    assert row.endswith("Ann, Random bot 2, Random bot 3; dealer sits out 20")
    game_id = row.split()[1]
    path = data / "games" / f"{game_id}.json"
    before = load_record(path)
    assert before.match is not None and before.match.rule == "dealer_sits_out"
    # Resumed with no more input: the same game, state and all, then saved.
    again = rummy(site, "resume", game_id, stdin="s\n", tmp=data)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"Resuming Seated-3, game {game_id}")
    match, _ = replayed(path)
    after = load_record(path)
    assert after.state == match.state() and after.actions[: len(before.actions)] == before.actions


def test_a_team_game_is_listed_with_the_team_totals_and_its_rule(site, tmp_path):
    data = tmp_path / "data"
    r = rummy(site, "play", "pairs", "--seat", "human:Ann", *bots(3), "--seed", "4", stdin="s\n", tmp=data)
    assert r.returncode == 0, r.stderr
    listed = rummy(site, "resume", tmp=data)
    (row,) = [line for line in listed.stdout.splitlines() if "pairs" in line]
    assert "round 1, teams 0-0" in row and row.endswith("; first to 20 (team totals)")


# -- stats ----------------------------------------------------------------------------------


def near_match_end(spec, n, seed, path, people):
    """Play random moves until the match's last move; save the record one move
    short of it, the seat that makes it and its partner people (``people``:
    their two names), the others ``random``; the last move, in notation."""
    import random

    from rummykit.core.play.match import Match
    from rummykit.core.play.records import MatchRecord, RuleRecord, SeatRecord, save_record

    m = Match(spec, spec.options_model(), n, seed)
    rng = random.Random(seed)
    moves = []
    while not m.over:
        seat = m.to_act()
        action = rng.choice(m.legal_actions())
        moves.append((seat, action.notation()))
        m.apply(action)
    last_seat, last = moves[-1]
    mate = (last_seat + 2) % 4
    seats = [
        SeatRecord(kind="human", name=people[0])
        if s == last_seat
        else SeatRecord(kind="human", name=people[1])
        if s == mate
        else SeatRecord(kind="random", name=f"Random bot {s + 1}")
        for s in range(n)
    ]
    rec = MatchRecord(
        variant=spec.name,
        seats=seats,
        seed=seed,
        match=RuleRecord.model_validate(m.rule.to_json()),
        actions=[t for _, t in moves[:-1]],
    )  # no state: as a record written before states were kept
    save_record(rec, path)
    return last, last_seat, m


def test_stats_count_a_team_win_for_both_partners_with_the_team_points(site, tmp_path):
    data = tmp_path / "data"
    save = tmp_path / "pairs.json"
    last, seat, match = near_match_end(seated.PAIRS, 4, 6, save, ("Ann", "Cy"))
    r = rummy(site, "resume", str(save), stdin=last + "\n", tmp=data)
    assert r.returncode == 0, r.stderr
    assert "=== match over:" in r.stdout and r.stderr == ""
    j = rummy(site, "stats", "--json", tmp=data)
    assert j.returncode == 0, j.stderr
    rows = {row["person"]: row for row in json.loads(j.stdout)}
    assert set(rows) == {"Ann", "Cy"}
    side = tuple(sorted((seat, (seat + 2) % 4)))
    ours = sum(match.totals[s] for s in side)
    theirs = sum(match.totals) - ours
    won = match.winners == side
    for person, partner in (("Ann", "Cy"), ("Cy", "Ann")):
        row = rows[person]
        assert row["partner"] == partner and row["opponent"] == "random, random"
        assert (row["won"], row["lost"]) == ((1, 0) if won else (0, 1))
        assert (row["points_for"], row["points_against"]) == (ours, theirs)
    table = rummy(site, "stats", tmp=data)
    lines = table.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines)
    ann = next(line for line in lines if line.startswith("Ann "))
    assert "random, random (" in ann and lines[-1] == TEAM_NOTE


def test_stats_of_games_without_teams_keep_their_json_keys(site, tmp_path):
    data = tmp_path / "data"
    save = tmp_path / "sit.json"
    last, seat, match = near_match_end(seated.SIT_OUT, 3, 5, save, ("Ann", "Bo"))
    r = rummy(site, "resume", str(save), stdin=last + "\n", tmp=data)
    assert r.returncode == 0, r.stderr
    rows = json.loads(rummy(site, "stats", "--json", tmp=data).stdout)
    assert all("partner" not in row for row in rows)
    ann = next(row for row in rows if row["person"] == "Ann")
    assert ann["won"] == int(match.winner == seat) and ann["points_for"] == match.totals[seat]


# -- simulate -------------------------------------------------------------------------------


def test_simulate_gives_win_rates_per_seat_and_per_team_with_partners_kept_together(site, tmp_path):
    args = ("simulate", "pairs", *bots(4), "--matches", "16", "--seed", "1", "--json")
    r = rummy(site, *args, tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    teams = data["teams"]
    assert [t["seats"] for t in teams] == [[0, 2], [1, 3]]
    assert sum(t["matches_won"] for t in teams) + data["draws"] == 16
    for t in teams:  # a team's win is each of its entrants'
        assert [data["entrants"][e]["matches_won"] for e in t["seats"]] == [t["matches_won"]] * 2
        assert t["win_rate"] == round(t["matches_won"] / 16, 4)
        assert t["rounds_won"] == sum(data["entrants"][e]["counts"]["rounds_won"] for e in t["seats"])
    two = rummy(site, *args, "--workers", "2", tmp=tmp_path)
    assert {**json.loads(two.stdout), "rounds_per_second": 0} == {**data, "rounds_per_second": 0}
    text = rummy(site, *args[:-1], tmp=tmp_path)
    assert "(partners kept together)" in text.stdout
    assert re.search(r"^random \(1\) & random \(3\) +\d+ ", text.stdout, re.M)


@slow
def test_simulate_without_teams_has_no_teams_key(site, tmp_path):
    r = rummy(site, "simulate", "seated-3", *bots(3), "--matches", "6", "--seed", "2", "--json", tmp=tmp_path)
    data = json.loads(r.stdout)
    assert "teams" not in data
    assert sum(e["matches_won"] for e in data["entrants"]) + data["draws"] == 6
