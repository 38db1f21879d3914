"""Saved games a person manages (issue #19): ``rummy replay ID`` as ``rummy resume
ID``, ``--move`` past the end refused, ``rummy resume --delete ID`` and ``rummy
resume --prune`` (never-played games, finished ones with --finished; asks first at a terminal,
``--yes`` does not: tests/process/test_tui_manage_saves.py). The real ``rummy``,
run in the test process, real files."""

from __future__ import annotations

from pathlib import Path

from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.play.records import MatchRecord, SeatRecord, save_record
from rummykit.core.plugins.manager import get_plugins

from ..helpers.saves import games, saved_game, start
from ..inprocess import run_rummy
from ..marks import slow


def rummy(args, data: Path, text: str = ""):
    return run_rummy(*args, stdin=text, RUMMYKIT_DATA_DIR=str(data))


def finished_game(data: Path) -> str:
    """A finished Gin match (target 1) with a person seated, saved among the games."""
    reg = get_plugins().registry
    spec = reg.variant("gin")
    opts = build_options(spec.options_model, {"target": 1}, "gin")
    bot = reg.strongest_agent("gin")
    m = Match(spec, opts, 2, 7)
    agents = [bot.factory(s, agent_seed(7, s), opts) for s in range(2)]
    done = []
    while not m.over:
        v = m.view(m.to_act())
        a = agents[v.seat].act(v, v.legal)
        done.append(a.notation())
        m.apply(a)
    rec = MatchRecord(
        variant="gin",
        options={"target": 1},
        seed=7,
        actions=done,
        finished=True,
        seats=[SeatRecord(kind="human", name="Alice"), SeatRecord(kind=bot.name, name="Bot")],
    )
    (data / "games").mkdir(parents=True, exist_ok=True)
    save_record(rec, data / "games" / f"{rec.id}.json")
    return rec.id


@slow
def test_replay_takes_a_game_id_and_refuses_a_move_past_the_end(tmp_path):
    data = tmp_path / "data"
    done = finished_game(data)
    r = rummy(["replay", done], data)
    assert r.returncode == 0, r.stderr
    assert f"game {done}" in r.stdout and "Match over" in r.stdout
    moves = len(games(data)[done].actions)
    r = rummy(["replay", done, "--move", "9999"], data)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"has {moves} moves" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = rummy(["replay", done, "--move", str(moves)], data)
    assert r.returncode == 0 and f"Move {moves - 1} of" not in r.stdout
    r = rummy(["replay", "nosuchid"], data)
    assert r.returncode == 2 and "no saved game 'nosuchid'" in r.stderr


def test_delete_one_game_by_id(tmp_path):
    data = tmp_path / "data"
    keep = start(data, "s\n")
    drop = start(data, "s\n")
    r = rummy(["resume", "--delete", drop], data)
    assert r.returncode == 0, r.stderr
    assert f"deleted game {drop}" in r.stdout
    assert set(games(data)) == {keep}
    r = rummy(["resume", "--delete", drop], data)
    assert r.returncode == 2 and "no saved game" in r.stderr
    junk = data / "games" / "junk.json"
    junk.write_text("not a game")
    r = rummy(["resume", "--delete", "junk"], data)
    assert r.returncode == 2 and "not deleted" in r.stderr and junk.exists()
    # a link to a game: refused, so that "deleted" is never said of a game still there
    link = tmp_path / "link.json"
    link.symlink_to(data / "games" / f"{keep}.json")
    r = rummy(["resume", "--delete", str(link)], data)
    assert r.returncode == 2 and "is a link to" in r.stderr and "not deleted" in r.stderr
    assert link.is_symlink() and (data / "games" / f"{keep}.json").is_file()


@slow
def test_prune_drops_never_played_games_and_finished_ones_with_finished(tmp_path):
    data = tmp_path / "data"
    played = start(data, "s\n")
    never = "never"  # a game nobody moved in, left by a killed rummy
    saved_game(data / "games" / f"{never}.json", moves=0)
    done = finished_game(data)
    r = rummy(["resume", "--prune"], data)  # through a pipe: no question
    assert r.returncode == 0, r.stderr
    assert never in r.stdout and done not in r.stdout and played not in r.stdout
    assert set(games(data)) == {played, done}
    r = rummy(["resume", "--prune", "--finished"], data)
    assert done in r.stdout and set(games(data)) == {played}
    r = rummy(["resume", "--prune"], data)
    assert "nothing to prune" in r.stdout


def test_a_copied_save_is_listed_by_its_own_file_and_resumed_as_such(tmp_path):
    data = tmp_path / "data"
    first = start(data, "s\n")
    original = data / "games" / f"{first}.json"
    copy = data / "games" / "my-copy.json"
    copy.write_bytes(original.read_bytes())  # the same game, the same id inside
    listed = rummy(["resume"], data).stdout
    assert f"  {first}  " in listed and "  my-copy  " in listed
    r = rummy(["resume", "my-copy"], data, "quit\n")
    assert r.returncode == 0, r.stderr
    assert str(copy) in r.stdout  # this file goes on, not the original
    r = rummy(["resume", "--delete", "my-copy"], data)
    assert r.returncode == 0 and not copy.exists() and original.exists()
