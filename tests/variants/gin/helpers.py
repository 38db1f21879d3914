"""Building chosen Gin deals for tests (through the public GinRound.from_deal)."""

from __future__ import annotations

from rummykit.core.cards.card import code, parse_cards
from rummykit.core.engine.actions import Action
from rummykit.variants.gin import GinOptions, GinRound


def cards(text: str) -> list[int]:
    return parse_cards(text)


def card(text: str) -> int:
    (c,) = parse_cards(text)
    return c


def act(text: str) -> Action:
    """'discard 7H' / 'draw stock' -> Action (not checked for legality)."""
    words = text.split()
    if words[0] in ("draw", "take"):
        return Action(" ".join(words))
    return Action(words[0], tuple(card(w) for w in words[1:]))


def deal(
    hand0: str,
    hand1: str,
    upcard: str,
    stock: str = "",
    *,
    options: GinOptions | None = None,
    stock_size: int | None = None,
    round_index: int = 0,
    first: int | None = None,
    cls: type[GinRound] = GinRound,
) -> GinRound:
    """A round with the given hands and upcard; ``stock`` are the top stock cards
    (top first). With ``stock_size`` the stock holds exactly that many cards and
    every other card lies face up under the upcard in the discard pile."""
    h0, h1, up, top = cards(hand0), cards(hand1), card(upcard), cards(stock)
    used = set(h0) | set(h1) | {up} | set(top)
    rest = [c for c in range(52) if c not in used]
    if stock_size is None:
        return cls.from_deal([h0, h1], up, top + rest, options, round_index, first=first)
    assert stock_size >= len(top)
    more = stock_size - len(top)
    stock_cards = top + rest[:more]
    pile = rest[more:] + [up]
    return cls.from_deal([h0, h1], pile, stock_cards, options, round_index, first=first)


def legal_texts(rnd: GinRound) -> set[str]:
    return {a.notation() for a in rnd.legal_actions()}


def state(rnd: GinRound) -> tuple:
    return (
        {k: tuple(v) for k, v in rnd.zones().items()},
        rnd.to_act(),
        tuple(rnd.history),
        tuple(a.key() for a in rnd.legal_actions()),
        rnd.phase,
        rnd.taken,
        rnd.result,
    )


def codes(cs) -> list[str]:
    return [code(c) for c in cs]
