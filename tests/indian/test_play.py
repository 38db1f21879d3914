"""``rummy play indian`` through a pipe, people and bots (in process)."""

from __future__ import annotations


def test_a_person_drops_and_the_bot_wins(rummy_run) -> None:
    r = rummy_run("play", "indian", "--seat", "human", "--seat", "ai:easy", "--seed", "3", stdin="drop\n")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "cut card 6♠: sixes are wild" in out
    assert "Player 1 drops out of the deal" in out
    assert "You dropped: 20 points" in out and "Easy bot collects 20 points" in out
    assert "match over: Easy bot wins" in out
    assert "Traceback" not in r.stderr


def test_copies_jokers_and_refusals_at_the_prompt(rummy_run) -> None:
    moves = "draw stock\ndiscard jk\ndeclare 7s\ndiscard 7s\nquit\ny\n"
    r = rummy_run("play", "indian", "--seat", "human", "--seat", "ai:easy", "--seed", "3", stdin=moves)
    out = r.stdout
    assert "7♠ 7♠" in out  # both copies of the 7♠, shown alike
    assert "illegal: you do not hold that card" in out  # no joker in this hand
    assert "illegal: not a valid declaration: no pure sequence" in out
    assert "Player 1 discards 7♠" in out  # either copy: one move
    assert "Traceback" not in r.stderr


def test_bots_play_a_pool_match(rummy_run) -> None:
    r = rummy_run(
        "play", "indian", "--seat", "ai:hard", "--seat", "ai:easy", "--seat", "ai:normal",
        "-o", "format=pool", "--seed", "5",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "match over" in r.stdout and "pool 101" in r.stdout


def test_a_finished_game_replays(rummy_run) -> None:
    r = rummy_run("play", "indian", "--seat", "human", "--seat", "ai:easy", "--seed", "3", stdin="drop\n")
    game = r.stdout.split("record saved to ")[1].split(".json")[0].rsplit("/", 1)[-1]
    r = rummy_run("replay", game)
    assert r.returncode == 0, r.stderr
    assert "7♠ 7♠" in r.stdout and "all dropped" in r.stdout
