"""``rummy analyze indian CARDS... [--wild RANK] [--json]`` and ``rummy rules indian``."""

from __future__ import annotations

import json


def analyze(rummy_run, *args: str) -> dict:
    r = rummy_run("analyze", "indian", *args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_a_valid_declaration(rummy_run) -> None:
    data = analyze(rummy_run, *"AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 7D".split(), "--wild", "7")
    assert data["valid_declaration"] is True and data["missing"] is None
    assert data["deadwood_points"] == 0 and data["deadwood"] == []
    assert ["AH", "2H", "3H"] in data["melds"]
    assert sorted(data["meld_kinds"]) == ["pure sequence", "sequence", "set", "set"]


def test_no_pure_sequence(rummy_run) -> None:
    data = analyze(rummy_run, *"AH 2H JK 5S 6S JK 9C 9D 9S QD QH QC 4C".split(), "--wild", "8")
    assert data["valid_declaration"] is False and "no pure sequence" in data["missing"]
    # every card counts: 10 + 2 + 5 + 6 + 27 + 30 + 4 = 84, capped at 80
    assert data["melds_count"] is False and data["raw_points"] == 84 and data["deadwood_points"] == 80


def test_two_copies_and_the_wild_rank(rummy_run) -> None:
    # 7H 7H: both copies; with 7s wild they are jokers and count 0
    data = analyze(rummy_run, *"AH 2H 3H 4S 5S 6S 7H 7H KC KD KS 9D TD".split(), "--wild", "7")
    assert data["cards"].count("7H") == 2
    assert data["valid_declaration"] is True
    data = analyze(rummy_run, *"AH 2H 3H 4S 5S 6S 7H 7H KC KD KS 9D TD".split(), "--wild", "Q")
    # queens wild, none held: the 7s are natural; loose 7H 7H 9D TD = 7 + 7 + 9 + 10
    assert data["valid_declaration"] is False and data["deadwood_points"] == 33


def test_fourteen_cards_say_what_to_lay_down(rummy_run) -> None:
    data = analyze(rummy_run, *"AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 7D KH".split(), "--wild", "7")
    assert data["declare_with"] == ["KH"]


def test_bad_input_is_one_line(rummy_run) -> None:
    for args in (
        ["7H", "7H", "7H"],
        ["AH", "ZZ"],
        ["AH", "--wild", "14"],
        [*["JK"] * 3],
        ["AH", "--table", "AH 2H 3H"],
        ["AH", "--table", "", "--json"],
        ["AH", "--wild", "7", "--wild", "8"],
    ):
        r = rummy_run("analyze", "indian", *args)
        assert r.returncode != 0
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    r = rummy_run("analyze", "gin", "AH", "2H", "--wild", "7")
    assert r.returncode != 0 and "no wild rank" in r.stderr
    r = rummy_run("analyze", "indian", "AH", "--table", "AH 2H 3H")
    assert (
        r.returncode == 2
        and r.stderr == "rummy: variant indian has no table to add to: --table does not apply\n"
    )


def test_text_output(rummy_run) -> None:
    r = rummy_run("analyze", "indian", *"AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 7D".split(), "--wild", "7")
    assert r.returncode == 0
    assert "Pure sequence: A♥ 2♥ 3♥" in r.stdout and "A valid declaration" in r.stdout


def test_rules(rummy_run) -> None:
    r = rummy_run("rules", "indian")
    assert r.returncode == 0
    text = " ".join(r.stdout.split())
    for words in ("two sequences", "pure sequence", "20 points before", "at most 80", "pool=201", "deals=2"):
        assert words in text
