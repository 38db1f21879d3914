"""What both sparring bots read from a view: masks, dead cards, live ways."""

from __future__ import annotations

from rummykit import DECK_SIZE, View, points, rank_of, suit_of, to_mask


def bits(mask: int) -> list[int]:
    """The cards of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def seen_dead(view: View) -> int:
    """Cards out of play for good: on the table and in the discard pile."""
    dead = to_mask(view.discard_pile)
    for meld in view.table:
        dead |= to_mask(meld.cards)
    return dead


def run_index(card: int, ace_high: bool) -> int:
    """The card's place in a run: 2..K, A with the ace high; A..K with it low."""
    r = rank_of(card)
    return (r - 1) % 13 if ace_high else r


def card_at(suit: int, index: int, ace_high: bool) -> int:
    rank = (index + 1) % 13 if ace_high else index
    return suit * 13 + rank


def live_ways(card: int, dead: int, ace_high: bool) -> int:
    """The cards not out of play that could sit in a meld beside ``card``: the
    other suits of its rank and its suit's neighbours in a run."""
    ways = 0
    r, s = rank_of(card), suit_of(card)
    for other in range(4):
        c = other * 13 + r
        if other != s and not dead >> c & 1:
            ways += 1
    i = run_index(card, ace_high)
    for j in (i - 2, i - 1, i + 1, i + 2):
        if 0 <= j < 13:
            c = card_at(s, j, ace_high)
            if not dead >> c & 1:
                ways += 1
    return ways


def unseen_mean(view: View, ace_points: int) -> float:
    """The mean points of the cards this seat has not seen (in others' hands or the stock)."""
    seen = seen_dead(view) | to_mask(view.hand)
    unseen = [c for c in range(DECK_SIZE) if not seen >> c & 1]
    return sum(points(c, ace_points) for c in unseen) / len(unseen) if unseen else 0.0
