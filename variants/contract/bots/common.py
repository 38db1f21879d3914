"""What Contract Rummy's players share: how much a card is worth to a hand
still working on its contract, and the moves every level makes alike.

A player reads only its view: its hand, the table, the pile, the history as its
seat saw it (who took and bought what), ``view.extra`` (the deal, the contract,
who is down, the buys made).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

from ..cards import Shape, fits, penalty, rank, shape_of, suit
from ..round import ADD, BUY, DISCARD, DOWN, PASS


def copies(view: View) -> int:
    return int(view.extra.get("copies", 2))


def is_joker(card: int, n: int) -> bool:
    return card >= 52 * n


def card_worth(card: int, hand: Sequence[int], view: View) -> float:
    """How much ``card`` helps ``hand`` (which holds it or not) toward the
    contract: jokers most; for sets, the other cards of its rank; for runs,
    the cards of its suit it could share a run of 4 with."""
    n = copies(view)
    if is_joker(card, n):
        return 100.0
    sets = int(view.extra.get("contract_sets", 1))
    runs = int(view.extra.get("contract_runs", 1))
    r, s = rank(card), suit(card)
    others = [c for c in hand if c != card and not is_joker(c, n)]
    worth = 0.0
    if sets:
        same = sum(1 for c in others if rank(c) == r)
        worth += min(same, 2) * (1.2 if not runs else 1.0)
    if runs:
        pos = {0, 13} if r == 0 else {r}
        near: set[int] = set()
        for c in others:
            if suit(c) != s or rank(c) == r:
                continue
            for p in {0, 13} if rank(c) == 0 else {rank(c)}:
                if any(abs(p - q) <= 3 for q in pos):
                    near.add(rank(c))
        worth += min(len(near), 3) * 0.9
    return worth


def best_down(view: View, legal: Sequence[Action]) -> Action | None:
    """The ``down`` move leaving the fewest penalty points after the additions it allows."""
    downs = [a for a in legal if a.kind == DOWN]
    if not downs:
        return None
    n = copies(view)
    sets = int(view.extra.get("contract_sets", 0))
    best, best_pts = downs[0], None
    for a in downs:
        rest = list(view.hand)
        for c in a.cards:
            rest.remove(c)
        shapes = list(_shapes_of_table(view))
        # the melds this down lays, as the round lays them (sets first)
        pts = left_after_adds(rest, shapes + _down_shapes(a, n, sets), n)
        if best_pts is None or pts < best_pts:
            best, best_pts = a, pts
    return best


def _down_shapes(action: Action, n: int, sets: int) -> list[Shape]:
    # Only a rough picture for the choice: each natural's rank/suit group.
    cards = list(action.cards)
    out: list[Shape] = []
    s = shape_of(cards, n)
    if s is not None:
        out.append(s)
    return out


def _shapes_of_table(view: View) -> list[Shape]:
    n = copies(view)
    out = []
    for m in view.table:
        s = shape_of(m.cards, n)
        if s is not None:
            out.append(s)
    return out


def left_after_adds(rest: list[int], shapes: list[Shape], n: int) -> int:
    left = list(rest)
    changed = True
    while changed:
        changed = False
        for c in list(left):
            for i, s in enumerate(shapes):
                new = fits(s, c, n)
                if new is not None:
                    shapes[i] = new
                    left.remove(c)
                    changed = True
                    break
    return sum(penalty(c, n) for c in left)


def pick_add(legal: Sequence[Action], view: View) -> Action | None:
    """An addition to make: naturals before jokers (a joker is kept while
    naturals may still go)."""
    adds = [a for a in legal if a.kind == ADD]
    if not adds:
        return None
    n = copies(view)
    adds.sort(key=lambda a: (is_joker(a.cards[0], n), -penalty(a.cards[0], n)))
    return adds[0]


def worst_discard(
    view: View, legal: Sequence[Action], rng: random.Random, avoid: set[int] | None = None
) -> Action:
    """The discard of the card worth least to the hand; among equals, one not
    in ``avoid`` (base cards), then the most penalty points."""
    discards = [a for a in legal if a.kind == DISCARD]
    n = copies(view)
    hand = list(view.hand)
    down = bool(view.extra.get("down_counts", (0,) * view.n_seats)[view.seat])

    def key(a: Action) -> tuple[float, int, int, float]:
        c = a.cards[0]
        guarded = 1 if avoid and not is_joker(c, n) and c % 52 in avoid else 0
        worth = 0.0 if down else card_worth(c, hand, view)
        if is_joker(c, n):
            worth = 1000.0
        return (worth, guarded, -penalty(c, n), rng.random())

    return min(discards, key=key)


def draw_or_take(view: View, legal: Sequence[Action], threshold: float) -> Action:
    """Take the discard when it is a joker, fits a table meld once down, or is
    worth ``threshold`` to the hand; else draw from the stock."""
    top = view.discard_top
    take = next((a for a in legal if a.kind == TAKE_DISCARD), None)
    draw = next(a for a in legal if a.kind == DRAW_STOCK)
    if take is None or top is None:
        return draw
    n = copies(view)
    if is_joker(top, n):
        return take
    down = bool(view.extra.get("down_counts", (0,) * view.n_seats)[view.seat])
    if down:
        return take if any(fits(s, top, n) is not None for s in _shapes_of_table(view)) else draw
    return take if card_worth(top, view.hand, view) >= threshold else draw


def buy_or_pass(view: View, legal: Sequence[Action], threshold: float, max_hand: int = 99) -> Action:
    top = view.discard_top
    buy = next(a for a in legal if a.kind == BUY)
    no = next(a for a in legal if a.kind == PASS)
    if top is None:
        return no
    n = copies(view)
    down = bool(view.extra.get("down_counts", (0,) * view.n_seats)[view.seat])
    if down or len(view.hand) >= max_hand:
        return no
    if is_joker(top, n):
        return buy
    return buy if card_worth(top, view.hand, view) >= threshold else no


def deficiency(hand: Sequence[int], view: View) -> int:
    """About how many cards ``hand`` lacks to lay the contract: the fewest
    missing over the best sets (3 of a rank) and runs (4-card windows of a
    suit, one window a suit unless they do not overlap), less its jokers.
    Cards shared by a set and a run are not checked: a guide, not the rules."""
    n = copies(view)
    sets = int(view.extra.get("contract_sets", 0))
    runs = int(view.extra.get("contract_runs", 0))
    jokers = 0
    by_rank = [0] * 13
    rows = [0, 0, 0, 0]  # per suit, bit p for run position p (the ace both 0 and 13)
    for c in hand:
        if c >= 52 * n:
            jokers += 1
            continue
        b = c % 52
        r, s = b % 13, b // 13
        by_rank[r] += 1
        rows[s] |= (1 << 0 | 1 << 13) if r == 0 else 1 << r
    missing = 0
    if sets:
        need = sorted(max(0, 3 - k) for k in by_rank)
        missing += sum(need[:sets])
    if runs:
        per_suit = [_suit_best(row, runs) for row in rows]
        missing += _combine(per_suit, runs)
    return max(0, missing - jokers)


@lru_cache(maxsize=65536)
def _suit_best(row: int, k: int) -> tuple[int, ...]:
    """The fewest cards missing for 0..k runs of 4 that do not overlap in one
    suit, whose run positions held are the bits of ``row``."""
    miss = [4 - (row >> lo & 15).bit_count() for lo in range(11)]
    best = [0, min(miss)] + [99] * (k - 1)
    if k >= 2:
        for i in range(11):
            for j in range(i + 4, 11):
                t = miss[i] + miss[j]
                if t < best[2]:
                    best[2] = t
                if k >= 3:
                    for m in range(j + 4, 11):
                        t3 = t + miss[m]
                        if t3 < best[3]:
                            best[3] = t3
    return tuple(best[: k + 1])


def _combine(per_suit: list[tuple[int, ...]], k: int) -> int:
    """The fewest cards missing for ``k`` runs spread over the suits."""
    best = 99
    for a in range(k + 1):
        for b in range(k + 1 - a):
            for c in range(k + 1 - a - b):
                d = k - a - b - c
                t = per_suit[0][a] + per_suit[1][b] + per_suit[2][c] + per_suit[3][d]
                if t < best:
                    best = t
    return best


def smart_discard(
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    avoid: set[int] | None = None,
) -> Action:
    """The discard that leaves the hand nearest its contract (:func:`deficiency`);
    among equals the card worth least, then one not in ``avoid``, then the
    most penalty points. Once down: the most penalty points, ``avoid`` last."""
    discards = [a for a in legal if a.kind == DISCARD]
    n = copies(view)
    hand = list(view.hand)
    downs = view.extra.get("down_counts", (0,) * view.n_seats)
    down = bool(downs[view.seat])
    cache: dict[int, int] = {}

    def key(a: Action) -> tuple[float, float, int, int, float]:
        c = a.cards[0]
        guarded = 1 if avoid and not is_joker(c, n) and c % 52 in avoid else 0
        if is_joker(c, n):
            return (1000.0, 1000.0, 0, 0, 0.0)
        if down:
            return (0.0, 0.0, guarded, -penalty(c, n), rng.random())
        b = c % 52
        if b not in cache:
            rest = list(hand)
            rest.remove(c)
            cache[b] = deficiency(rest, view)
        return (float(cache[b]), card_worth(c, hand, view), guarded, -penalty(c, n), rng.random())

    return min(discards, key=key)


def helps(card: int, view: View) -> bool:
    """Whether ``card`` brings the hand nearer its contract."""
    hand = list(view.hand)
    return deficiency([*hand, card], view) < deficiency(hand, view)


def outs(hand: Sequence[int], view: View) -> int:
    """How many kinds of card would bring ``hand`` nearer its contract (of
    the cards of a rank it holds, and of a suit within 3 places of one it holds)."""
    n = copies(view)
    now = deficiency(hand, view)
    if now == 0:
        return 0
    ranks = {rank(c) for c in hand if not is_joker(c, n)}
    near: set[int] = set()
    sets = int(view.extra.get("contract_sets", 0))
    runs = int(view.extra.get("contract_runs", 0))
    for c in hand:
        if is_joker(c, n):
            continue
        r, s = rank(c), suit(c)
        if sets:
            near.update(s2 * 13 + r for s2 in range(4))
        if runs:
            for d in range(-3, 4):
                p = r + d
                if 0 <= p <= 13:
                    near.add(s * 13 + (0 if p == 13 else p))
    del ranks
    base = list(hand)
    return sum(1 for b in near if deficiency([*base, b], view) < now)
