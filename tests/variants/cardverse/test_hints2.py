"""CardVerse's hints (a bot's ``explain``, shown by the terminal game's ``hint``)
speak to the person asking, and one turn's hints agree with each other."""

from __future__ import annotations

from rummykit.core.engine.actions import parse_action
from rummykit.variants.cardverse_rummy.bots.hard import HardCardVerseAgent
from rummykit.variants.cardverse_rummy.round import CardVerseRound


def hints_for_a_turn(rnd: CardVerseRound) -> list[tuple[str, str]]:
    """(move, reason) of every hint ``ai:hard`` gives seat 0 until its turn ends,
    each move played."""
    bot = HardCardVerseAgent(1)
    out = []
    while rnd.to_act() == 0 and rnd.result is None:
        view, legal = rnd.view(0), tuple(rnd.legal_actions())
        move = bot.act(view, legal)
        out.append((move.notation(), bot.explain(view, move)))
        rnd.apply(parse_action(move.notation(), rnd.legal_actions(), rnd.why_illegal))
    return out


def test_a_taken_discard_that_will_be_held_is_not_said_to_be_played_at_once():
    # Early in a two-seat round: 4D makes a run of 9 points with 2D 3D, which is held back.
    rnd = CardVerseRound.from_deal(["2C 9S KH 5C 2D 3D TH", "4H 5H 6H JC JD QS AS"], "4D", "TC")
    hints = hints_for_a_turn(rnd)
    assert hints[0][0] == "take discard"
    assert "at once" not in hints[0][1]
    assert hints[0][1].startswith("4D joins a meld with your hand (to hold back")
    assert hints[1][0].startswith("discard")
    assert "; hold back [2D 3D 4D]" in hints[1][1]
    assert "before your next turn" in hints[1][1]


def test_a_taken_discard_said_to_be_played_at_once_is_played():
    # The opponent holds one card: what joins a meld goes down now.
    rnd = CardVerseRound.from_deal(["2C 3D 9S KH 5C 7D 8D", "4H"], "9D", "TC")
    hints = hints_for_a_turn(rnd)
    assert hints[0] == ("take discard", "9D can be played at once")
    assert hints[1][0] == "meld 7D 8D 9D"
