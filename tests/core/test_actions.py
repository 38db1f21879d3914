import pytest

from rummykit.core.base.errors import IllegalAction
from rummykit.core.cards.card import parse_card as P
from rummykit.core.engine.actions import Action, parse_action, read_action, short_form

LEGAL = [
    Action("draw stock"),
    Action("take discard"),
]
PLAY = [
    Action("discard", (P("7H"),)),
    Action("knock", (P("7H"),)),
    Action("discard", (P("KC"),)),
    Action("meld", (P("9H"), P("TH"), P("JH"))),
    Action("add", (P("QS"),), 2),
]
# Short forms of kinds a variant adds, as its VariantSpec.aliases gives them.
ALIASES = {"k": "knock", "m": "meld", "a": "add"}


def test_notation():
    assert str(Action("discard", (P("7H"),))) == "discard 7H"
    assert str(Action("add", (P("5C"),), 2)) == "add 5C to 2"
    assert str(Action("meld", (P("7H"), P("8H"), P("9H")))) == "meld 7H 8H 9H"


@pytest.mark.parametrize(
    "text,expected",
    [
        ("draw stock", "draw stock"),
        ("s", "draw stock"),
        ("S", "draw stock"),
        ("stock", "draw stock"),
        ("take discard", "take discard"),
        ("p", "take discard"),
        ("TAKE DISCARD", "take discard"),
    ],
)
def test_draw_forms(text, expected):
    assert str(parse_action(text, LEGAL)) == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        ("d 7h", "discard 7H"),
        ("discard 7♥", "discard 7H"),
        ("k 7h", "knock 7H"),
        ("m jh 9h 10h", "meld 9H TH JH"),
        ("a qs 2", "add QS to 2"),
        ("add qs to 2", "add QS to 2"),
    ],
)
def test_play_forms(text, expected):
    assert str(parse_action(text, PLAY, aliases=ALIASES)) == expected


def test_parse_returns_the_legal_instance():
    a = parse_action("m th jh 9h", PLAY, aliases=ALIASES)
    assert a is PLAY[3]


def test_unreadable_and_illegal_lines_have_reasons():
    with pytest.raises(IllegalAction, match="bad card"):
        parse_action("d 7x", PLAY)
    with pytest.raises(IllegalAction, match="unknown move"):
        parse_action("fly away", PLAY)
    with pytest.raises(IllegalAction, match="not a legal move"):
        parse_action("d 2c", PLAY)
    with pytest.raises(IllegalAction, match="cannot draw stock now"):
        parse_action("s", PLAY)
    with pytest.raises(IllegalAction, match="empty"):
        parse_action("   ", PLAY)


def test_explain_gives_the_variant_reason():
    with pytest.raises(IllegalAction, match="just taken"):
        parse_action("d 2c", PLAY, explain=lambda a: "you may not discard the card just taken")


def test_short_forms():
    assert short_form(Action("discard", (P("7H"),))) == "d 7h"
    assert short_form(Action("add", (P("QS"),), 2), aliases=ALIASES) == "a qs 2"
    assert short_form(Action("add", (P("QS"),), 2)) is None  # core knows no "add"
    assert short_form(Action("draw stock")) == "s"


def test_read_action_rejects_repeated_card():
    with pytest.raises(IllegalAction, match="twice"):
        read_action("meld 7h 7h 8h", ["meld"])


def test_key_ignores_order_but_not_a_repeated_card():
    meld = Action("meld", (P("9H"), P("TH"), P("JH")))
    assert Action("meld", (P("JH"), P("9H"), P("TH"))).key() == meld.key()
    assert Action("meld", (P("9H"), P("TH"), P("JH"), P("JH"))).key() != meld.key()
