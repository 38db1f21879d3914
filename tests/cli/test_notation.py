"""One notation wherever a person reads (issue #19): engine reasons and hints
show cards the session's way (suits, or letters with --ascii), through the real
``rummy``, while the saved record keeps the notation."""

from __future__ import annotations

from rummykit.cli.text import card_fmt, readable
from rummykit.core.cards.card import code, pretty
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.play.records import load_record
from rummykit.core.plugins.manager import get_plugins

from ..inprocess import run_rummy


def rummy(args, tmp_path, text: str):
    return run_rummy(*args, stdin=text, RUMMYKIT_DATA_DIR=str(tmp_path / "data"))


def not_held(seed: int) -> int:
    """A card seat 0 does not hold after drawing from the stock (seed ``seed``, Gin)."""
    spec = get_plugins().registry.variant("gin")
    m = Match(spec, build_options(spec.options_model, {}, "gin"), 2, seed)
    hand = set(m.view(0).hand)
    return next(c for c in range(52) if c not in hand and c != m.view(0).discard_top and code(c)[0] in "TJQK")


def test_readable_writes_cards_in_the_notation_the_sessions_way():
    suits = card_fmt()
    assert readable("you do not hold 7H", suits) == "you do not hold 7♥"
    assert readable("shed KD, not TC or 10S", suits) == "shed K♦, not 10♣ or 10♠"
    assert readable("you do not hold 7H", card_fmt(True)) == "you do not hold 7H"
    assert readable("AS a name, KDX, 7h lower case", suits) == "A♠ a name, KDX, 7h lower case"


def test_an_illegal_discard_is_told_in_the_sessions_notation(tmp_path):
    seed = 3
    card = not_held(seed)
    for ascii_, shown in ((False, pretty(card)), (True, pretty(card, True))):
        save = tmp_path / f"g{ascii_}.json"
        args = [
            "play",
            "gin",
            "--seat",
            "human",
            "--seat",
            "random",
            "--seed",
            str(seed),
            "--save",
            str(save),
        ] + (["--ascii"] if ascii_ else [])
        r = rummy(args, tmp_path, f"s\nd {code(card).lower()}\nhint\n")
        assert r.returncode == 0, r.stderr
        assert f"you do not hold {shown}" in r.stdout
        hint = next(line for line in r.stdout.splitlines() if "hint (" in line)
        if not ascii_:
            assert not any(f" {code(c)}" in hint.split("—", 1)[-1] for c in range(52) if code(c) != pretty(c))
        assert load_record(save).actions == ["draw stock"]  # the record keeps the notation
