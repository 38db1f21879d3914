"""Test helpers for CardVerse: build a round with chosen cards, play moves by notation.

``deal(hands, stock="", discard="", **kw)`` wraps ``CardVerseRound.setup``:

* ``hands``: one string per seat, e.g. ``["7H 8H 9H 2C", "KS KD 4C"]``;
* ``stock``: the stock, top card first (the next ``draw stock`` takes it);
* ``discard``: the discard pile, bottom first (the last card is the top);
* every other card goes under the stock (``rest="stock"``) or under the discard pile
  (``rest="discard"``, for an empty stock), so all 52 cards are always somewhere;
* ``options`` a dict or CardVerseOptions, ``first`` the seat to act, ``table`` a list
  of ``(owner, "cards")`` melds numbered 1, 2, ... in that order.

``play(rnd, "draw stock", "meld 7H 8H 9H", ...)`` applies moves typed as a person
types them (parse_action against the legal actions, with the variant's reasons).
``choose(agent, rnd)`` is the notation of the move ``agent`` makes for the seat to act.
``snapshot(rnd)`` captures the observable state to compare before and after.
``dealt(options, n_seats, index, rng)`` deals a round as a match does (a searching
bot can be given its information state).
"""

from __future__ import annotations

import random

from rummykit.core.cards.card import code, parse_card, parse_cards
from rummykit.core.engine.actions import parse_action
from rummykit.core.engine.resample import deal_round
from rummykit.variants.cardverse_rummy.options import CardVerseOptions
from rummykit.variants.cardverse_rummy.round import CardVerseRound
from rummykit.variants.cardverse_rummy.spec import SPEC


def deal(hands, stock="", discard="", **kw) -> CardVerseRound:
    return CardVerseRound.from_deal(hands, discard, stock, **kw)


def play(rnd: CardVerseRound, *moves: str):
    event = None
    for text in moves:
        action = parse_action(text, rnd.legal_actions(), rnd.why_illegal, SPEC.aliases)
        event = rnd.apply(action)
    return event


def choose(agent, rnd: CardVerseRound) -> str:
    view = rnd.view(rnd.to_act())
    return agent.act(view, view.legal).notation()


def c(text: str) -> int:
    return parse_card(text)


def cs(text: str) -> list[int]:
    return parse_cards(text)


def notations(rnd: CardVerseRound) -> list[str]:
    return [a.notation() for a in rnd.legal_actions()]


def hand_codes(rnd: CardVerseRound, seat: int) -> list[str]:
    return sorted(code(x) for x in rnd.zones()[f"hand{seat}"])


def snapshot(rnd: CardVerseRound) -> tuple:
    return (
        {k: tuple(v) for k, v in rnd.zones().items()},
        rnd.to_act(),
        rnd.phase,
        rnd.turns_done,
        tuple(rnd.history),
        tuple(a.key() for a in rnd.legal_actions()),
        [rnd.view(s) for s in range(rnd.n_seats)],
        rnd.result,
    )


def dealt(options: CardVerseOptions, n_seats: int, index: int, rng: random.Random) -> CardVerseRound:
    """A round dealt as a match deals it: it knows its deal, so a searching bot is
    given its information state."""
    rnd = deal_round(SPEC, options, n_seats, index, rng)
    assert isinstance(rnd, CardVerseRound)
    return rnd
