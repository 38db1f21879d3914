"""Rendering of the terminal game, without a terminal: layouts fit their width,
cards never split, the words for what happened, completion candidates."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rummykit.cli.lineinput import completions
from rummykit.cli.render import Look, TableInfo, flow, help_lines, result_view, table_view
from rummykit.cli.text import move_hint, turn_blocks, turn_line
from rummykit.core.cards.card import parse_card, pretty
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import Event, HandReport, RoundResult, TableMeld, View, card_ref
from rummykit.core.plugins.registry import HandSummary
from rummykit.variants.cardverse_rummy.spec import SPEC as CARDVERSE
from rummykit.variants.gin import SPEC as GIN

C = parse_card
NAMES = ["Alice", "Bob", "Carol Longname-Smith", "Easy bot 4"]


def view(seat=0, to_act=0, legal=(), history=(), table=()):
    hand = tuple(C(x) for x in "AS 2S 3S 7C 7D 7H 9D TD KC 4H".split())
    return View(
        variant="x",
        seat=seat,
        n_seats=4,
        to_act=to_act,
        hand=hand,
        hand_sizes=(10, 10, 9, 3),
        stock_size=23,
        discard_pile=(C("2C"), C("KC")),
        table=table,
        history=tuple(history),
        legal=tuple(legal),
        round_index=1,
        scores=(12, 30, 0, 99),
    )


SUMMARY = HandSummary(
    melds=((C("AS"), C("2S"), C("3S")), (C("7C"), C("7D"), C("7H"))),
    loose=(C("4H"), C("9D"), C("TD"), C("KC")),
    label="deadwood 33",
)
LONG = HandSummary(melds=SUMMARY.melds, loose=SUMMARY.loose, label="deadwood 43; 33 after the best discard")
HISTORY = [
    Event(0, Action(DRAW_STOCK), C("5C"), private=True).seen_by(0),
    Event(0, Action("discard", (C("5C"),))),
    Event(1, Action(TAKE_DISCARD), C("7H")),
    Event(1, Action("discard", (C("KC"),))),
    Event(2, Action(DRAW_STOCK), C("QH"), private=True).seen_by(0),
    Event(2, Action("meld", (C("9H"), C("TH"), C("JH")))),
    Event(2, Action("add", (C("QS"),), 2)),
    Event(2, Action("discard", (C("2C"),))),
]
TABLE = (
    TableMeld(1, 1, (C("4C"), C("5C"), C("6C"))),
    TableMeld(2, 2, tuple(C(x) for x in "9H TH JH QH KH".split())),
)


def render(renderable, width, color=False):
    con = Console(
        width=width,
        file=io.StringIO(),
        force_terminal=color,
        color_system="standard" if color else None,
        highlight=False,
        emoji=False,
        markup=False,
    )
    con.print(renderable)
    return con.file.getvalue()


def info(v, summary=SUMMARY):
    return TableInfo(
        title="Test Rummy",
        names=NAMES,
        view=v,
        summary=summary,
        target=100,
        game_id="abc123",
        words=CARDVERSE.vocabulary,
    )


@pytest.mark.parametrize("width", [30, 40, 50, 60, 79, 80, 100, 160])
@pytest.mark.parametrize("ascii_", [False, True])
def test_the_table_fits_any_width_and_cards_never_split(width, ascii_):
    look = Look(ascii=ascii_)
    v = view(history=HISTORY, table=TABLE, legal=[Action(DRAW_STOCK), Action(TAKE_DISCARD)])
    out = render(table_view(info(v), look, width), width)
    lines = out.splitlines()
    assert all(len(line) <= width for line in lines), out
    long = render(table_view(info(v, LONG), look, width), width)
    assert all(len(line) <= width for line in long.splitlines()), long
    short = render(table_view(info(v), look, width, compact=True), width)
    assert all(len(line) <= width for line in short.splitlines()), short
    assert len(short.splitlines()) <= len(lines)
    text = " ".join(lines)
    for c in v.hand:
        assert pretty(c, ascii_) in text  # every card of the hand shown whole
    assert "Stock 23" in text and "(+1" in text
    assert "Bob" in text and "99" in text
    if width < 80:
        assert "╭" not in out and "+--" not in out  # compact: no boxes
    if ascii_:
        assert out.isascii(), out


@pytest.mark.parametrize("ascii_", [False, True])
def test_packed_table_melds_take_fewer_lines_and_show_every_card(ascii_):
    # A short terminal's last resort: the melds several to a line, by number.
    look = Look(ascii=ascii_)
    table = tuple(
        TableMeld(i + 1, i % 4, (C(f"{r}S"), C(f"{r}H"), C(f"{r}D"))) for i, r in enumerate("23456789")
    )
    v = view(history=HISTORY, table=table, legal=[Action(DRAW_STOCK), Action(TAKE_DISCARD)])
    plain_info, packed_info = info(v), info(v)
    packed_info.packed_melds = True
    plain_out = render(table_view(plain_info, look, 50, compact=True), 50).splitlines()
    packed_out = render(table_view(packed_info, look, 50, compact=True), 50).splitlines()
    assert len(packed_out) <= len(plain_out) - 4
    assert all(len(line) <= 50 for line in packed_out)
    text = " ".join(packed_out)
    for m in table:
        assert f"{m.number}:" + " ".join(pretty(c, ascii_) for c in m.cards) in text


def test_since_your_last_turn_in_words():
    v = view(history=HISTORY, table=TABLE)
    out = render(table_view(info(v), Look(), 100), 100)
    flat = " ".join(out.replace("│", " ").split())
    assert "Bob took 7♥ from the discard pile, discarded K♣" in out
    assert (
        "Carol Longname-Smith drew from the stock, melded 9♥ 10♥ J♥, added Q♠ to meld 2, discarded 2♣"
    ) in flat
    assert "Q♥" not in out.split("Your hand")[1]  # Carol's stock card is not shown
    assert "drew Q♥" not in out
    assert "Alice" in out and "5♣ from the stock" not in out  # her own turn is not "since"
    assert "[A♠ 2♠ 3♠]" in out and "deadwood 33" in out
    assert " 2  Carol Longname-Smith  9♥ 10♥ J♥ Q♥ K♥" in out  # table melds numbered, with owner


def test_turn_blocks_split_the_others_turns_from_mine():
    before, current = turn_blocks(HISTORY, 0)
    assert [s for s, _ in before] == [1, 2] and current == []
    before, current = turn_blocks(HISTORY[:3], 1)
    assert [s for s, _ in before] == [0] and [e.action.kind for e in current] == [TAKE_DISCARD]
    assert turn_line(1, HISTORY[2:4], NAMES, pretty) == "Bob took 7♥ from the discard pile, discarded K♣"


def test_red_hearts_and_diamonds_four_colour_and_plain():
    hearts = render(Look().card(C("7H")), 20, color=True)
    clubs = render(Look().card(C("7C")), 20, color=True)
    assert "\x1b[31m" in hearts and "\x1b[31m" not in clubs
    four = render(Look(four_colour=True).cards([C("7C"), C("7D")]), 20, color=True)
    assert "\x1b[32m" in four and "\x1b[94m" in four


def test_flow_never_breaks_an_item():
    from rich.text import Text

    items = [Text(x) for x in ["[A♠ 2♠ 3♠]", "[7♣ 7♦ 7♥]", "4♥", "9♦", "10♦", "K♣"]]
    lines = flow(items, 14, indent="  ")
    assert [ln.plain for ln in lines] == ["  [A♠ 2♠ 3♠]", "  [7♣ 7♦ 7♥]", "  4♥  9♦  10♦", "  K♣"]


def test_result_view_shows_hands_layoffs_and_the_outcome():
    r = RoundResult(
        points=(11, 0),
        outcome="knock",
        winner=0,
        hands=(
            HandReport(0, (), melds=((C("6H"), C("7H"), C("8H")),), deadwood=(C("7C"),), points=7),
            HandReport(
                1,
                (),
                melds=(),
                layoffs=((C("9H"), (C("6H"), C("7H"), C("8H"))),),
                deadwood=(C("8C"), C("KD")),
                points=18,
            ),
        ),
        text=("{0} knocks with 7; {1} lays off " + card_ref(C("9H")) + " and has 18; {0} scores 11",),
    )
    out = render(result_view(r, NAMES[:2], Look(), 80, 1, (11, 0), 100, "deadwood"), 80)
    assert "Alice knocks with 7; Bob lays off 9♥ and has 18; Alice scores 11" in out
    assert "lays off 9♥ onto 6♥ 7♥ 8♥" in out
    assert "Bob  (deadwood 18)" in out and "[6♥ 7♥ 8♥]" in out and "+11" in out


def test_a_hand_reported_by_its_cards_alone_is_shown_in_both_displays():
    # A variant may fill only cards and points; its hands are not "no cards left".
    from rummykit.cli.text import result_lines

    hand = (C("KS"), C("9D"), C("2C"))
    r = RoundResult(
        points=(21, 0),
        outcome="out",
        winner=0,
        hands=(HandReport(0, (), points=0), HandReport(1, hand, points=21)),
        text=("{0} goes out",),
    )
    out = render(result_view(r, NAMES[:2], Look(), 80, 1, (21, 0), 100, "hand value"), 80)
    assert "K♠ 9♦ 2♣" in out and out.count("no cards left") == 1
    lines = result_lines(r, NAMES[:2], pretty)
    assert lines[1] == "Bob: | K♠ 9♦ 2♣  (21)" and lines[0] == "Alice: | -  (0)"


def test_help_and_move_hint_name_the_short_forms():
    legal = [Action("discard", (C(x),)) for x in "AS 7H KC".split()] + [Action("knock", (C("KC"),))]
    text = "\n".join(line.plain for line in help_lines(legal, Look(), 60, words=GIN.vocabulary))
    assert "discard [d CARD]: A♠ 7♥ K♣" in text and "knock K♣  [k kc]" in text
    assert move_hint(legal, pretty, words=GIN.vocabulary) == "d CARD discard · k CARD knock"
    assert (
        move_hint([Action(DRAW_STOCK), Action(TAKE_DISCARD)], pretty, discard_top=C("7H"))
        == "s draw stock · p take 7♥"
    )


def test_completion_of_moves_and_commands():
    legal = [Action(DRAW_STOCK), Action(TAKE_DISCARD)]
    cmds = ("help", "hint", "undo")
    assert completions("", 0, "", legal, cmds) == sorted(["draw", "take", "s", "p", "help", "hint", "undo"])
    assert completions("dr", 0, "dr", legal, cmds) == ["draw"]
    assert completions("draw ", 5, "", legal, cmds) == ["stock"]
    assert completions("h", 0, "h", legal, cmds) == ["help", "hint"]
    legal = [Action("discard", (C("7H"),)), Action("discard", (C("7C"),)), Action("add", (C("QS"),), 2)]
    assert completions("d 7", 2, "7", legal, cmds) == ["7c", "7h"]
    assert completions("D 7", 2, "7", legal, cmds) == ["7c", "7h"]  # any case
    assert completions("a qs ", 5, "", legal, cmds, CARDVERSE.vocabulary) == ["2"]
    assert completions("add qs ", 7, "", legal, cmds) == ["to"]


def test_a_variants_outcome_word_is_printed_without_its_control_characters():
    from rummykit.cli.render import rounds_table

    result = RoundResult(points=(3, 0), outcome="knock\x1b]0;pwned\x07", winner=0)
    buf = io.StringIO()
    Console(file=buf, width=80, force_terminal=True, color_system=None).print(
        rounds_table(["Ann", "Bob"], [result], [3, 0], Look(), 80)
    )
    assert "\x1b]" not in buf.getvalue() and "knock]0;pwned" in buf.getvalue()


def test_a_variants_declared_words_tell_its_moves_and_core_alone_knows_only_its_own():
    from rummykit.cli.text import describe_event, legal_lines, past_phrase, unknown_move
    from rummykit.core.engine.vocabulary import PLAIN, MoveWords, Vocabulary

    words = Vocabulary(
        [MoveWords("out", short="o", does="goes out with {cards}", did="went out with {cards}")]
    )
    out = Event(1, Action("out", (C("7H"),)))
    legal = [Action("discard", (C("7H"),)), Action("out", (C("7H"),))]
    assert describe_event(out, NAMES, pretty, words) == "Bob goes out with 7♥"
    assert past_phrase(out, pretty, words) == "went out with 7♥"
    assert move_hint(legal, pretty, words=words) == "d CARD discard · o CARD out"
    assert legal_lines(legal, pretty, words=words) == ["discard 7♥  [d 7h]", "out 7♥  [o 7h]"]
    assert unknown_move("o 7h", legal, words, pretty) is None
    # Core alone: the notation, no short form, and "o" is no move.
    assert describe_event(out, NAMES, pretty) == "Bob: out 7♥"
    assert past_phrase(out, pretty) == "out 7♥"
    assert move_hint(legal, pretty) == "d CARD discard · out ..."
    assert unknown_move("o 7h", legal, PLAIN, pretty).startswith("unknown move 'o'")
    assert unknown_move("O 7h", legal, words, pretty) is None  # any case
    assert unknown_move("Zap\x1b[A", legal, words, pretty).startswith("unknown move 'Zap\\x1b[A'")  # as typed
    # Each variant's short forms are its own.
    assert GIN.vocabulary.short_form(Action("knock", (C("7H"),))) == "k 7h"
    assert CARDVERSE.vocabulary.short_form(Action("knock", (C("7H"),))) is None
