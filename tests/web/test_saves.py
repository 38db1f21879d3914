"""Games in the browser are saved like any other: the terminal continues a
browser's game and the browser a terminal's; replays step in the browser."""

from __future__ import annotations

import json

from ..helpers.web import play_gin_turn, wait_turn, wait_until


def test_a_browser_game_continues_in_the_terminal(serve, page, rummy_run, tmp_path):
    s = serve("gin", "--seat", "human:Ann", "--seat", "ai:easy", "--seed", "9")
    page.goto(s.host)
    assert wait_turn(page) == "turn"
    play_gin_turn(page)  # draw
    play_gin_turn(page)  # discard; the bot answers
    wait_turn(page)
    assert s.stop() == 0
    out = "".join(s.lines)
    saved = s.saves()[0]
    assert f"game saved to {tmp_path / 'data' / 'games' / (saved['id'] + '.json')}" in out
    r = rummy_run("resume", saved["id"], stdin="quit\n", RUMMYKIT_DATA_DIR=str(tmp_path / "data"))
    assert r.returncode == 0, r.stderr
    assert f"Resuming Cardems Gin, game {saved['id']}, after {len(saved['actions'])} moves." in r.stdout


def test_a_terminal_game_continues_in_the_browser(serve, page, rummy_run, tmp_path):
    path = tmp_path / "game.json"
    r = rummy_run(
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        "ai:easy",
        "--seed",
        "9",
        "--save",
        str(path),
        stdin="s\nquit\n",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(path.read_text())["actions"] == ["draw stock"]
    s = serve("--resume", str(path))
    page.goto(s.host)
    assert wait_turn(page) == "turn"
    assert len(page.query_selector_all("#hand .card")) == 11  # drawn in the terminal: now discard
    play_gin_turn(page)
    wait_until(page, "() => document.body.dataset.toAct === '0'")
    actions = json.loads(path.read_text())["actions"]
    assert actions[0] == "draw stock" and actions[1].startswith(("discard", "knock", "gin"))
    assert len(actions) >= 3  # the bot played on in the browser's game


def test_a_finished_game_replays_in_the_browser(serve, page, rummy_run, tmp_path):
    path = tmp_path / "bots.json"
    r = rummy_run(
        "play",
        "gin",
        "--seat",
        "ai:easy",
        "--seat",
        "ai:easy",
        "--seed",
        "5",
        "--save",
        str(path),
        "-o",
        "target=20",
    )
    assert r.returncode == 0, r.stderr
    record = json.loads(path.read_text())
    assert record["finished"]
    s = serve("--replay", str(path))
    page.goto(s.host)
    wait_until(page, "() => document.body.dataset.frame === '0'")
    assert page.inner_text("#status") == "The deal"
    assert len(page.query_selector_all("#others .open-hand .card")) == 20  # every hand open
    page.click("#replay-next")
    wait_until(page, "() => document.body.dataset.frame === '1'")
    assert page.inner_text("#status").startswith(f"Move 1 of {len(record['actions'])}: Easy bot")
    page.click("#replay-end")
    wait_until(page, f"() => document.body.dataset.frame === '{len(record['actions'])}'")
    assert "Easy bot" in page.inner_text("#warning")  # the last round's end, in words
    assert f"seed {record['seed']}" in page.inner_text("#actions")


def test_a_game_left_with_no_move_is_not_kept(serve):
    s = serve("gin")
    assert len(s.saves()) == 1  # saved from the start, as rummy play saves it
    assert s.stop() == 0
    assert "no move made, so the game is not kept" in "".join(s.lines)
    assert s.saves() == []
