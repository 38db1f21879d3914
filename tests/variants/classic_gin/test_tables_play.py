"""Gin for three and partnership Gin as installed forms: listed with their seat
counts, their rules shown, their records saved, resumed and replayed exactly,
and a whole match played through a pipe by a person (seat 1) with bots."""

from __future__ import annotations

import pytest

from rummykit import agent_seed
from rummykit.core.play.records import MatchRecord, load_record, replay
from rummykit.core.play.session import Session, parse_seats
from rummykit.core.plugins.manager import get_plugins

FORMS = {"gin-3": 3, "gin-partners": 4}


def registry():
    return get_plugins().registry


def test_rummy_variants_lists_both_forms_with_their_seats(rummy_run):
    out = rummy_run("variants")
    assert out.returncode == 0, out.stderr
    rows = {line.split()[0]: line for line in out.stdout.splitlines() if line.strip()}
    assert "Gin for three" in rows["gin-3"] and " 3 " in rows["gin-3"]
    assert "Partnership Gin" in rows["gin-partners"] and " 4 " in rows["gin-partners"]


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ("gin-3", ["sits the hand out", "loser of each hand deals", "neither other player won a hand"]),
        ("gin-partners", ["two games of classic Gin", "only the difference", "interleaved", "125"]),
    ],
)
def test_rummy_rules_tells_the_form_then_classic_gin(rummy_run, form, words):
    out = rummy_run("rules", form)
    assert out.returncode == 0, out.stderr
    for w in [*words, "## Layoffs", "## Scoring a hand"]:
        assert w in out.stdout, w
    assert "`winner` or `alternate`" not in out.stdout  # the form fixes who deals


@pytest.mark.parametrize("form", FORMS)
def test_a_record_saves_resumes_and_replays_exactly(form, tmp_path):
    reg = registry()
    seats = parse_seats(["ai:easy", "ai:normal", "ai:easy", "ai:normal"][: FORMS[form]])
    s = Session.new(reg, form, {"target": 40}, seats, 11, tmp_path / "g.json")
    half = None
    while not s.over:
        s.bot_move()
        if half is None and s.match.rounds_played == 1:
            half = load_record(tmp_path / "g.json")  # saved after every action
    s.save()
    record = load_record(tmp_path / "g.json")
    assert record.finished and record.state == s.match.state()
    assert record.match.rule == form
    back = replay(MatchRecord.model_validate_json(record.to_json()), reg)
    assert back.state() == s.match.state() and back.winners == s.match.winners
    assert back.columns() == s.match.columns() and back.totals == s.match.totals
    assert half is not None and not half.finished
    resumed = replay(half, reg)
    for text in record.actions[len(half.actions) :]:
        resumed.apply({a.notation(): a for a in resumed.legal_actions()}[text])
    assert resumed.over and resumed.state() == s.match.state()
    assert [r.points for r in resumed.results] == [r.points for r in s.match.results]


def person_lines(form: str, seed: int, target: int = 40) -> list[str]:
    """What a person at seat 0 would type, the others ai:easy (worked out on
    the same match: same seed, same bots); ai:easy decides the person's moves."""
    n = FORMS[form]
    seats = parse_seats(["human"] + ["ai:easy"] * (n - 1))
    s = Session.new(registry(), form, {"target": target}, seats, seed, None)
    me = registry().agent(form, "ai:easy").factory(0, agent_seed(seed, 0), s.match.options)
    lines = []
    while not s.over:
        seat = s.to_act()
        if s.is_human(seat):
            view = s.view(seat)
            action = me.act(view, view.legal)
            lines.append(action.notation().lower())
            s.apply(action)
        else:
            s.bot_move()
    return lines


@pytest.mark.parametrize("form", FORMS)
def test_a_whole_match_through_a_pipe(rummy_run, tmp_path, form):
    lines = person_lines(form, 4)
    save = tmp_path / "g.json"
    bots = ["--seat", "ai:easy"] * (FORMS[form] - 1)
    out = rummy_run(
        "play",
        form,
        "--seat",
        "human",
        *bots,
        "--seed",
        "4",
        "-o",
        "target=40",
        "--save",
        str(save),
        stdin="\n".join(lines) + "\n",
    )
    assert out.returncode == 0, out.stderr
    assert "=== match over:" in out.stdout and "Traceback" not in out.stderr
    assert "Your hand:" in out.stdout
    record = load_record(save)
    assert record.finished and len(record.actions) > len(lines)
    if form == "gin-3":
        assert "dealt and sat this hand out" in out.stdout
    else:
        assert "game 1: " in out.stdout and "game 2: " in out.stdout and "Other game:" in out.stdout


@pytest.mark.parametrize("form", FORMS)
def test_bots_only_play_a_piped_match_to_the_end(rummy_run, form):
    bots = ["--seat", "ai:hard"] + ["--seat", "ai:easy"] * (FORMS[form] - 1)
    out = rummy_run("play", form, *bots, "--seed", "7", "-o", "target=40")
    assert out.returncode == 0, out.stderr
    assert "=== match over:" in out.stdout


def test_a_seat_count_the_form_does_not_take_is_one_line(rummy_run):
    out = rummy_run("play", "gin-3", *["--seat", "ai:easy"] * 4)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines() == ["rummy: gin-3 is for 3 players, not 4"]


def test_a_piped_partnership_game_names_the_other_game(rummy_run):
    """With one person seated, every move of the game that person does not play
    starts with "Other game: ", as the table's line names that game: always the
    partner's, each hand one of the two opponents'; never the person's own."""
    lines = person_lines("gin-partners", 5, target=60)
    seats = ["--seat", "human:Ann", "--seat", "ai:easy:Bo", "--seat", "ai:easy:Cy", "--seat", "ai:easy:Di"]
    out = rummy_run(
        "play", "gin-partners", *seats, "--seed", "5", "-o", "target=60", stdin="\n".join(lines) + "\n"
    )
    assert out.returncode == 0, out.stderr
    names = {"Ann", "Bo", "Cy", "Di"}
    hands = out.stdout.split("--- round ")[:-1]  # each hand's moves, up to its result
    assert len(hands) > 1
    opponents_there = set()
    for hand in hands:
        moves = [line.removeprefix("Ann> ") for line in hand.splitlines()]
        other = {m.split()[2] for m in moves if m.startswith("Other game: ") and m.split()[2] in names}
        own = {m.split()[0] for m in moves if m.split()[0] in names}
        assert "Cy" in other and "Ann" in own and len(other) == len(own) == 2 and not other & own, hand
        opponents_there |= other - {"Cy"}
    assert opponents_there == {"Bo", "Di"}  # each opponent's game was the other game in some hand
    assert "Other game: stock" in out.stdout  # the table's line names it the same way


def test_a_piped_partnership_game_with_nobody_seated_names_each_moves_game(rummy_run):
    """With no single person seated, every move starts with its game's number,
    as the hand's result lines name the games: each game's moves are its two
    players' (one of each team), and the result line of that game names one of them."""
    names = {"Ann", "Bo", "Cy", "Di"}
    seats = [a for n in sorted(names) for a in ("--seat", f"ai:easy:{n}")]
    out = rummy_run("play", "gin-partners", *seats, "--seed", "3", "-o", "target=60")
    assert out.returncode == 0, out.stderr
    hands = 0
    players: dict[str, set[str]] = {"1": set(), "2": set()}
    results = False  # between a hand's "--- round N over ---" and its score line
    for line in out.stdout.splitlines()[1:]:
        words = line.split()
        if line.startswith("--- round "):
            results = True
            assert len(players["1"]) == len(players["2"]) == 2 and not players["1"] & players["2"], players
            assert {frozenset(p) for p in players.values()}.isdisjoint(
                {frozenset({"Ann", "Cy"}), frozenset({"Bo", "Di"})}
            )
            hands += 1
        elif results and line.startswith(("game 1: ", "game 2: ")):
            assert words[2] in players[line[5]], (line, players)  # the game's result names one of its players
        elif results and line.startswith("Score: "):
            results = False
            players = {"1": set(), "2": set()}
        elif not results and line and not line.startswith("==="):
            assert words[0] not in names, line  # no move without its game
            if line.startswith(("game 1: ", "game 2: ")) and words[2] in names:
                players[line[5]].add(words[2])
    assert hands > 1
