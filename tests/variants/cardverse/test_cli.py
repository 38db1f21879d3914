"""CardVerse through the real `rummy` command (in the test process): a game
through piped input and an all-bot match."""

import json
import shlex

from rummykit.core.play.session import Session, parse_seat
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.cardverse_rummy.agents import EasyAgent

SEATS = ["human", "random", "random"]


def human_moves(seed: int, seats=SEATS) -> tuple[list[str], list[str]]:
    """The lines a person at seat 0 would type, worked out on the same match the
    program plays (same seed, same bots): ai:easy decides for the person."""
    reg = get_plugins().registry
    session = Session.new(reg, "cardverse", {}, [parse_seat(s, i) for i, s in enumerate(seats)], seed, None)
    me = EasyAgent()
    lines = []
    while not session.over:
        seat = session.to_act()
        if session.is_human(seat):
            view = session.view(seat)
            action = me.act(view, view.legal)
            lines.append(action.notation())
            session.apply(action)
        else:
            session.bot_move()
    return lines, list(session.record.actions)


def test_a_whole_match_through_a_pipe(rummy_run, tmp_path):
    moves, everything = human_moves(5)
    script = "\n".join(moves) + "\n"
    save = tmp_path / "game.json"
    cmd = f"play cardverse --seat human --seat random --seat random --seed 5 --save {shlex.quote(str(save))}"
    out = rummy_run(*shlex.split(cmd), stdin=script)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    assert "illegal" not in out.stdout
    assert "=== match over:" in out.stdout
    assert "round 1 over" in out.stdout
    record = json.loads(save.read_text())
    assert record["finished"] is True and record["variant"] == "cardverse"
    assert record["actions"] == everything


def test_illegal_input_gets_a_reason_and_quit_saves(rummy_run, tmp_path):
    moves, _ = human_moves(5)
    first_two = moves[:1]
    save = tmp_path / "g.json"
    script = "\n".join(["discard 2H", "meld 2H 3H 4H", *first_two, "take discard", "quit"]) + "\n"
    out = rummy_run(
        *[
            "play",
            "cardverse",
            "--seat",
            "human",
            "--seat",
            "random",
            "--seat",
            "random",
            "--seed",
            "5",
            "--save",
            str(save),
        ],
        stdin=script,
    )
    assert out.returncode == 0, out.stderr
    assert "illegal: draw first" in out.stdout
    assert "illegal: you have already drawn this turn" in out.stdout
    assert "game saved to" in out.stdout
    record = json.loads(save.read_text())
    assert record["actions"][:1] == first_two and not record["finished"]


def test_an_all_bot_four_seat_match_runs_to_its_end(rummy_run):
    out = rummy_run(
        *[
            "play",
            "cardverse",
            "--seat",
            "ai:easy",
            "--seat",
            "random",
            "--seat",
            "ai:easy",
            "--seat",
            "random",
            "--seed",
            "7",
        ],
    )
    assert out.returncode == 0, out.stderr
    assert "=== match over:" in out.stdout
    assert "Traceback" not in out.stderr


def test_rules_command_shows_the_rules(rummy_run):
    out = rummy_run("rules", "cardverse")
    assert out.returncode == 0, out.stderr
    assert "CardVerse Rummy" in out.stdout and "max_turns" in out.stdout
