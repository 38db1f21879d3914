"""Deals for the classic Gin family's tests: chosen hands, upcard and stock top."""

from __future__ import annotations

from rummykit import Action, parse_card, parse_cards
from rummykit.variants.classic_gin import ClassicRound

PASS = Action("pass")
DRAW = Action("draw stock")
TAKE = Action("take discard")


def deal(h0: str, h1: str, up: str, top: str, cls=ClassicRound, options=None, first: int = 0):
    """A hand dealt as given: seat ``first`` the non-dealer (it plays first),
    ``up`` the upcard, ``top`` the top card of the stock; the rest of the
    stock in card order."""
    placed = parse_cards(h0) + parse_cards(h1) + [parse_card(up), parse_card(top)]
    rest = [c for c in range(52) if c not in placed]
    return cls.from_deal([h0, h1], parse_card(up), [parse_card(top), *rest], options, first=first)


def move(kind: str, card: str) -> Action:
    return Action(kind, (parse_card(card),))


def both_pass_then(r, kind: str, card: str):
    """The non-dealer and the dealer pass on the upcard; the non-dealer draws
    the stock's top card and makes ``kind card`` (a discard, knock or gin)."""
    r.apply(PASS)
    r.apply(PASS)
    r.apply(DRAW)
    r.apply(move(kind, card))
    return r
