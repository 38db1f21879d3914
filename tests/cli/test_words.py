"""Words of the terminal game that must not mislead: on a small terminal every
line of what the others did names who acted, and a card count never reads as a
card."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from rummykit.cli.render import Look, TableInfo, table_view
from rummykit.core.cards.card import parse_card
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import Event, TableMeld, View
from rummykit.variants.cardverse_rummy.spec import SPEC as CARDVERSE

C = parse_card
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def cards(text: str) -> tuple[int, ...]:
    return tuple(C(x) for x in text.split())


def render(renderable, width: int) -> str:
    con = Console(
        width=width, file=io.StringIO(), color_system=None, highlight=False, emoji=False, markup=False
    )
    con.print(renderable)
    return con.file.getvalue()


def long_turns_view() -> View:
    """Seat 0 to act after three long turns of the others (each a few lines at 60 columns)."""
    history = [
        Event(0, Action(DRAW_STOCK), C("5C"), private=True).seen_by(0),
        Event(0, Action("discard", (C("5C"),))),
    ]
    for seat in (1, 2, 3):
        history += [
            Event(seat, Action(TAKE_DISCARD), C("7H")),
            Event(seat, Action("meld", cards("9H TH JH"))),
            Event(seat, Action("add", (C("QS"),), 1)),
            Event(seat, Action("add", (C("9S"),), 1)),
            Event(seat, Action("add", (C("KS"),), 2)),
            Event(seat, Action("discard", (C("QD"),))),
        ]
    return View(
        variant="cardverse",
        seat=0,
        n_seats=4,
        to_act=0,
        hand=cards("AS 2S 3S 7C 7D 7H 9D TD KC 4H"),
        hand_sizes=(10, 10, 9, 3),
        stock_size=23,
        discard_pile=(C("2C"), C("QD")),
        table=(TableMeld(1, 1, cards("TS JS QS KS")), TableMeld(2, 2, cards("9H TH JH QH"))),
        history=tuple(history),
        legal=(),
        round_index=0,
        scores=(0, 0, 0, 0),
    )


def table_text(room: int, look: Look, width: int = 60) -> str:
    info = TableInfo(
        title="CardVerse Rummy",
        names=NAMES,
        view=long_turns_view(),
        words=CARDVERSE.vocabulary,
        since_room=room,
    )
    return render(table_view(info, look, width, compact=True), width)


def test_every_line_of_what_the_others_did_names_who_acted_when_cut_short():
    look = Look(ascii=True)
    full = table_text(100, look)
    assert "discarded Q" in full
    for room in range(1, 8):
        text = table_text(room, look)
        lines = text.splitlines()
        start = lines.index("Since your turn") + 1
        shown = lines[start : start + 1 + room]
        assert "earlier line" in shown[0]  # "(N earlier lines not shown: type log)"
        turn_starts = [line for line in shown[1:] if not line.startswith("      ")]
        assert turn_starts, text
        for line in turn_starts:
            assert line.lstrip().split(" ")[0] in NAMES, (room, line, text)
        # The first kept line always names who acted: never half a sentence alone.
        assert shown[1].lstrip().split(" ")[0] in NAMES, (room, text)


def test_a_turn_cut_short_starts_with_who_acted_and_an_ellipsis():
    text = table_text(1, Look(ascii=True))
    lines = text.splitlines()
    last = lines[lines.index("Since your turn") + 2]
    assert last.startswith("  Dave ... ") and "discarded QD" in last


def test_card_counts_in_the_compact_player_list_cannot_be_read_as_cards():
    for ascii_ in (True, False):
        text = table_text(100, Look(ascii=ascii_))
        players = text.splitlines()[1:5]
        assert "10 cards" in players[0] and "3 cards" in players[3]
        assert not any(" 10c " in line or " 3c " in line for line in players)


# -- round summaries speak to the person reading them ------------------------------


def gin_knock_result():
    from rummykit.core.engine.round import RoundResult, card_ref

    return RoundResult(
        points=(11, 0),
        outcome="knock",
        winner=0,
        hands=(),
        text=("{0} knocks with 7; {1} lays off " + card_ref(C("9H")) + " and has 18; {0} scores 11",),
    )


def test_the_round_summary_says_you_to_the_person_who_knocked_and_to_the_one_who_did_not():
    from rummykit.cli.text import outcome_lines
    from rummykit.core.cards.card import pretty as fmt

    result = gin_knock_result()
    assert outcome_lines(result, ["Player 1", "Bob"], fmt) == [
        "Player 1 knocks with 7; Bob lays off 9♥ and has 18; Player 1 scores 11"
    ]
    assert outcome_lines(result, ["Player 1", "Bob"], fmt, you=0) == [
        "You knock with 7; Bob lays off 9♥ and has 18; you score 11"
    ]
    assert outcome_lines(result, ["Player 1", "Bob"], fmt, you=1) == [
        "Player 1 knocks with 7; you lay off 9♥ and have 18; Player 1 scores 11"
    ]


def test_a_name_holding_the_private_mark_never_turns_into_you():
    from rummykit.cli.text import YOU, outcome_lines
    from rummykit.core.cards.card import pretty as fmt
    from rummykit.core.engine.names import check_name

    sly = check_name("Bob" + YOU)  # a private-use character is a legal name character
    lines = outcome_lines(gin_knock_result(), ["Player 1", sly], fmt, you=0)
    assert lines == [f"Player 1 knocks with 7; {sly} lays off 9♥ and has 18; Player 1 scores 11"]


def test_the_terminal_round_end_names_you():
    from rummykit.cli.render import result_view

    text = render(
        result_view(gin_knock_result(), ["Player 1", "Bob"], Look(), 80, 1, [11, 0], 100, you=0), 80
    )
    assert "You knock with 7; Bob lays off 9♥ and has 18; you score 11" in text
    assert "Player 1 knocks" not in text


def test_the_winners_last_turn_at_the_round_end_says_you_to_the_winner():
    from rummykit.cli.render import result_view
    from rummykit.core.engine.round import RoundResult

    result = RoundResult(points=(0, 0, 0, 5), outcome="out", winner=3, hands=(), text=("{3} goes out",))
    final = long_turns_view()
    shown = {}
    for you in (3, 0):
        view = result_view(result, NAMES, Look(), 80, 1, [0, 0, 0, 5], 100, final=final, you=you)
        shown[you] = render(view, 80)
    assert "You took 7♥ from the discard pile" in shown[3] and "You go out" in shown[3]
    assert "Dave took 7♥ from the discard pile" in shown[0] and "Dave goes out" in shown[0]


def person_lines(seed: int) -> list[str]:
    """What a person at seat 0 types against `random` in a whole Gin match (ai:easy decides)."""
    from rummykit.core.bots.agents import agent_seed
    from rummykit.core.play.session import Session, parse_seat
    from rummykit.core.plugins.manager import get_plugins
    from rummykit.variants.gin import EasyGinAgent

    reg = get_plugins().registry
    s = Session.new(reg, "gin", {}, [parse_seat(x, i) for i, x in enumerate(["human", "random"])], seed, None)
    me = EasyGinAgent(agent_seed(seed, 0))
    lines: list[str] = []
    while not s.over:
        seat = s.to_act()
        if s.is_human(seat):
            action = me.act(s.view(seat), s.view(seat).legal)
            lines.append(action.notation().lower())
            s.apply(action)
        else:
            s.bot_move()
    return lines


def test_a_piped_game_with_one_person_says_you_in_its_round_summaries(rummy_run):
    lines = person_lines(3)
    out = rummy_run(
        "play", "gin", "--seat", "human", "--seat", "random", "--seed", "3", stdin="\n".join(lines) + "\n"
    )
    assert out.returncode == 0, out.stderr
    said = [line for line in out.stdout.splitlines() if " scores " in line or " score " in line]
    assert any(line.startswith("You ") or "; you " in line for line in said), said
    assert not any("Player 1 " in line for line in said), said


# -- one of a thing is singular ---------------------------------------------------------


def test_one_point_one_card_one_move_are_singular(rummy_run, tmp_path):
    from dataclasses import replace

    from rummykit.core.base.values import counted

    assert [counted(1, "pt"), counted(2, "pt"), counted(-1, "point"), counted(0, "move")] == [
        "1 pt",
        "2 pts",
        "-1 point",
        "0 moves",
    ]
    v = replace(long_turns_view(), scores=(1, 2, 0, 1), hand_sizes=(10, 1, 9, 3))
    info = TableInfo(title="CardVerse Rummy", names=NAMES, view=v, words=CARDVERSE.vocabulary)
    text = render(table_view(info, Look(), 100), 100)
    assert "1 pt " in text and "2 pts" in text and " 1 card " in text
    assert "1 pts" not in text and "1 cards" not in text
    # A game resumed after its first move.
    save = tmp_path / "g.json"
    args = ("play", "gin", "--seat", "human", "--seat", "random", "--seed", "3", "--save", str(save))
    assert rummy_run(*args, stdin="s\n").returncode == 0
    out = rummy_run("play", "--resume", str(save), stdin="quit\n")
    assert "after 1 move." in out.stdout, out.stdout[:500]


# -- sort, and "a 7c" with one meld to go to ----------------------------------------------


def hand_lines(stdout: str) -> list[list[str]]:
    """The cards of every "Your hand:" line of a piped game, melds left out."""
    out = []
    for line in stdout.splitlines():
        if line.startswith("Your hand:"):
            text = re.sub(r"\[[^]]*\]", "", line.split(":", 1)[1]).split("(")[0]
            out.append(text.split())
    return out


def test_sort_turns_the_loose_cards_to_the_other_order_each_time(rummy_run):
    from rummykit.core.cards.card import rank_sort_key, sort_key

    for variant, high in (("gin", False), ("cardverse", CARDVERSE.ace_high)):  # by rank; by suit
        args = ("play", variant, "--seat", "human", "--seat", "random", "--seed", "3", "--ascii")
        out = rummy_run(*args, stdin="sort\nsort\nquit\n")
        assert out.returncode == 0, out.stderr
        first, once, twice = ([parse_card(c) for c in h] for h in hand_lines(out.stdout)[:3])
        by_rank = sorted(first, key=lambda c: rank_sort_key(c, high))
        by_suit = sorted(first, key=lambda c: sort_key(c, high))
        assert by_rank != by_suit
        if first == by_rank:
            assert (once, twice) == (by_suit, by_rank)
            assert out.stdout.index("hand sorted by suit") < out.stdout.index("hand sorted by rank")
        else:
            assert first == by_suit and (once, twice) == (by_rank, by_suit), variant
            assert out.stdout.index("hand sorted by rank") < out.stdout.index("hand sorted by suit")


def test_an_addition_typed_without_its_meld_goes_to_the_one_meld_that_takes_it():
    from rummykit.core.base.errors import IllegalAction
    from rummykit.core.engine.actions import parse_action
    from rummykit.variants.cardverse_rummy.round import CardVerseRound

    hands = ["7C 2D 3D 9S KH 8C 8D", "4H 5H 6H JC JD QS AS"]
    forms = CARDVERSE.vocabulary.forms
    rnd = CardVerseRound.from_deal(hands, "9D", "TC", table=[(1, "4C 5C 6C")])
    rnd.apply(parse_action("s", rnd.legal_actions(), rnd.why_illegal))
    assert parse_action("a 7c", rnd.legal_actions(), rnd.why_illegal, forms).notation() == "add 7C to 1"
    # Two melds take 7C: it asks which.
    rnd = CardVerseRound.from_deal(hands, "9D", "TC", table=[(1, "4C 5C 6C"), (2, "7S 7H 7D")])
    rnd.apply(parse_action("s", rnd.legal_actions(), rnd.why_illegal))
    with pytest.raises(IllegalAction, match="which table meld"):
        parse_action("a 7c", rnd.legal_actions(), rnd.why_illegal, forms)
    assert parse_action("a 7c 2", rnd.legal_actions(), rnd.why_illegal, forms).notation() == "add 7C to 2"


# -- the replay viewer jumps a round at a time ----------------------------------------------


def test_the_replay_viewer_goes_to_the_next_and_previous_rounds_deal(rummy_run, tmp_path):
    from rummykit.cli.replay import _step_answer, build_frames
    from rummykit.core.play.records import load_record
    from rummykit.core.plugins.manager import get_plugins

    save = tmp_path / "g.json"
    args = ("play", "gin", "--seat", "ai:easy", "--seat", "ai:easy", "--seed", "5", "--save", str(save))
    assert rummy_run(*args).returncode == 0
    record = load_record(save)
    frames, _, _ = build_frames(record, get_plugins().registry)
    deals = [j for j, f in enumerate(frames) if j == 0 or f.caption.endswith(": the deal")]
    assert len(deals) >= 3
    moves = len(record.actions)
    i, seen = 0, [0]
    while True:
        i, note = _step_answer("r", i, frames, moves)
        if note:
            assert note == "this is the last round" and i == len(frames) - 1
            break
        seen.append(i)
    assert seen == deals
    # From inside a round, pr goes to its deal, and from that deal to the one before.
    i, _ = _step_answer("", deals[2], frames, moves)
    i, _ = _step_answer("pr", i, frames, moves)
    assert i == deals[2]
    assert _step_answer("pr", i, frames, moves) == (deals[1], "")
    assert _step_answer("pr", 0, frames, moves) == (0, "")


@pytest.mark.parametrize(
    "variant, seed, seats",
    [("indian", "3", ["human", "ai:easy"]), ("contract", "4", ["human", "ai:easy", "ai:easy"])],
)
def test_sort_keeps_a_declared_decks_copies_with_their_card(rummy_run, variant, seed, seats):
    """``sort`` with several decks: a copy of a card sorts as the card (the
    second deck's cards are not a suit of their own), by suit and by rank."""
    from rummykit.core.cards.card import rank_sort_key, sort_key
    from rummykit.core.plugins.manager import get_plugins

    high = get_plugins().registry.variant(variant).ace_high
    args = ["play", variant, "--seed", seed, "--ascii"]
    for seat in seats:
        args += ["--seat", seat]
    out = rummy_run(*args, stdin="sort\nsort\nquit\n")
    assert out.returncode == 0, out.stderr
    hands = [[parse_card(c) for c in h if c != "Jk"] for h in hand_lines(out.stdout)[:3]]
    assert len(set(hands[0])) < len(hands[0])  # a card and its copy in hand
    orders = set()
    for hand in hands[1:]:
        for name, key in (("suit", sort_key), ("rank", rank_sort_key)):
            if [key(c, high) for c in hand] == sorted(key(c, high) for c in hand):
                orders.add(name)
    assert orders == {"suit", "rank"}, (variant, hands)


def test_a_declared_decks_sort_keys_put_copies_together_and_jokers_last():
    from rummykit.cli.text import sorted_hand
    from rummykit.core.cards.deck import Deck

    deck = Deck(copies=2, jokers=2)
    hand = [deck.parse(t) for t in ("7S", "2C", "KD", "2H", "AS", "QH", "3D")]
    hand += [52 + parse_card("7S"), 52 + parse_card("2C"), deck.first_joker + 1, deck.first_joker]
    by_suit = [deck.code(c) for c in sorted_hand(hand, deck=deck)]
    assert by_suit == ["2C", "2C", "3D", "KD", "2H", "QH", "AS", "7S", "7S", "JK", "JK"]
    by_rank = [deck.code(c) for c in sorted_hand(hand, by_rank=True, deck=deck)]
    assert by_rank == ["AS", "2C", "2C", "2H", "3D", "7S", "7S", "QH", "KD", "JK", "JK"]
    high = [deck.code(c) for c in sorted_hand(hand, ace_high=True, by_rank=True, deck=deck)]
    assert high[-3:] == ["AS", "JK", "JK"]


def test_a_score_sheet_notes_cards_are_written_as_the_game_writes_them():
    """A match rule's column note may name cards (``[[n]]``): of a declared
    deck, a copy is its card and a printed joker the joker, as in result texts."""
    from rummykit.cli.text import Sheet, card_fmt, sheet_notes
    from rummykit.core.cards.deck import Deck
    from rummykit.core.play.match import Column

    deck = Deck(copies=2, jokers=2)
    sheet = Sheet((Column("Bonus", (5, 0), note="{0} melded [[7]], [[59]] and [[104]]"),))
    assert sheet_notes(sheet, ["Ann", "Bob"], card_fmt(True, deck)) == ["Bonus: Ann melded 8C, 8C and Jk"]
