"""How well can one seat do in four-seat CardVerse against three ``ai:easy``?

The target is "ai:hard wins >= 45% of the matches against three ai:easy" (docs/bots.md,
"Strength"). This script measures the ceiling: the same seat, the same deals, the
same exact ``ai:easy`` opponents, played by players that know more and more.

    python benchmarks/cardverse4_ceiling.py MODE [--rounds N] [--samples S]

MODE:

* ``policy``  a plain rule-based seat (holds its melds until the round surely ends,
  sheds its highest loose card, takes a discard that melds or fits the table);
  the reference, and the rollout policy of the searches below.
* ``sampled`` plays from its own view: each turn it chooses the draw, and then
  lay-or-hold and the discard, by *flat Monte Carlo*: every choice is played out
  (``policy`` for itself, except that on the empty stock of a play-out it ends the
  round only holding the lowest hand; the exact ``ai:easy`` for the others) on the same
  ``--samples`` deals, sampled consistently with what it saw (each opponent's hand
  holds no card above its last discard, no meld, no card fitting the table as it
  stood after its turn, nothing that melds with the upcard it passed on).
* ``known``   the same search, but it sees the opponents' hands (not the stock order).
* ``oracle``  it sees every hand and the stock order, and searches its whole turn
  tree (both draws, lay or hold, its five highest discards, every turn to the end).
* ``match``   no play: the match win rate that a round win rate gives (first to 100,
  winner scores the others' hands; scores from 3,000 ai:easy rounds), and with a
  perfect kingmaker (every round it does not win goes to the opponent furthest
  from 100).

Round ``i`` is deal ``i`` with the measured seat at position ``i % 4`` (seat 0
moves first). The mask-level round here is checked against the engine by
``tests/variants/cardverse/test_ceiling.py``.
"""

from __future__ import annotations

import argparse
import random
import time

from rummykit.core.cards import from_mask, points
from rummykit.core.extensions import best_extensions
from rummykit.core.solver import get_solver
from rummykit.variants.cardverse_rummy.agents import completes_meld, reach, shed_key
from rummykit.variants.cardverse_rummy.bots.common import live_partners
from rummykit.variants.cardverse_rummy.bots.knowledge import Knowledge
from rummykit.variants.cardverse_rummy.bots.playout import Playouts
from rummykit.variants.cardverse_rummy.table import extensions

SOLVER = get_solver(True, 1)
PTS = [points(c, 1) for c in range(52)]
EASY_KEY = [shed_key(c) for c in range(52)]  # ai:easy sheds the highest
N = 4
DISCARDS = 5  # discard choices searched per turn


def value(mask: int) -> int:
    return sum(PTS[c] for c in from_mask(mask))


# -- a four-seat round on bit masks --------------------------------------------------


class State:
    """Hands (masks), stock and pile (tuples, top last), table melds (masks), the
    seat to act, and after the end the winner. ``took``: per seat, cards taken
    from the pile and still held; ``info``: per seat, what its last turn showed
    (its last discard, the table after its turn, the upcard it passed on)."""

    __slots__ = ("cur", "hands", "info", "pile", "stock", "table", "took", "winner")

    def copy(self) -> State:
        s = State.__new__(State)
        s.hands = list(self.hands)
        s.stock = self.stock
        s.pile = self.pile
        s.table = list(self.table)
        s.cur = self.cur
        s.winner = self.winner
        s.took = list(self.took)
        s.info = list(self.info)
        return s


def deal(seed: int) -> State:
    """The engine's deal for ``random.Random(seed)`` (CardVerseRound.deal)."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    s = State()
    s.hands = [sum(1 << c for c in deck[i * 10 : (i + 1) * 10]) for i in range(N)]
    s.pile = (deck[40],)
    s.stock = tuple(deck[41:])
    s.table = []
    s.cur = 0
    s.winner = None
    s.took = [0] * N
    s.info = [(None, (), None)] * N
    return s


def draw(s: State, take: bool) -> None:
    """The top of the pile (``take``) or of the stock; the empty stock ends the round
    (lowest hand value wins, ties to the lowest seat)."""
    seat = s.cur
    if take:
        c = s.pile[-1]
        s.pile = s.pile[:-1]
        s.took[seat] |= 1 << c
    elif not s.stock:
        vals = [value(h) for h in s.hands]
        s.winner = vals.index(min(vals))
        return
    else:
        c = s.stock[-1]
        s.stock = s.stock[:-1]
    s.hands[seat] |= 1 << c


def lay_easy(s: State) -> None:
    """ai:easy's laying: plan the melds and additions that leave the least, lay the
    first step, plan again (as the agent does, one action at a time)."""
    seat = s.cur
    while s.hands[seat]:
        hand = s.hands[seat]
        tab, idx = [], []
        for i, m in enumerate(s.table):
            if reach(m) & hand:
                tab.append(m)
                idx.append(i)
        res = best_extensions(hand, tab, SOLVER)
        if res.melds:
            s.hands[seat] &= ~res.melds[0]
            s.table.append(res.melds[0])
        elif res.added:
            c, i = res.added[0]
            s.hands[seat] &= ~(1 << c)
            s.table[idx[i]] |= 1 << c
        else:
            break
    s.took[seat] &= s.hands[seat]
    if not s.hands[seat]:
        s.winner = seat


def lay_all(s: State) -> None:
    """Lay every meld and addition of the best plan at once (the searching seat)."""
    seat = s.cur
    res = best_extensions(s.hands[seat], list(s.table), SOLVER)
    for m in res.melds:
        s.hands[seat] &= ~m
        s.table.append(m)
    for c, i in res.added:
        s.hands[seat] &= ~(1 << c)
        s.table[i] |= 1 << c
    s.took[seat] &= s.hands[seat]
    if not s.hands[seat]:
        s.winner = seat


def discard(s: State, card: int, passed: int | None) -> None:
    seat = s.cur
    s.hands[seat] &= ~(1 << card)
    s.took[seat] &= ~(1 << card)
    s.pile = s.pile + (card,)
    s.info[seat] = (card, tuple(s.table), passed)
    if not s.hands[seat]:
        s.winner = seat
    else:
        s.cur = (seat + 1) % N


def easy_turn(s: State) -> None:
    """One turn of ai:easy (agents.EasyAgent, exactly)."""
    top = s.pile[-1] if s.pile else None
    take = top is not None and completes_meld(s.hands[s.cur], top)
    draw(s, take)
    if s.winner is not None:
        return
    lay_easy(s)
    if s.winner is None:
        discard(s, max(from_mask(s.hands[s.cur]), key=EASY_KEY.__getitem__), None if take else top)


def run_to(s: State, me: int) -> None:
    while s.winner is None and s.cur != me:
        easy_turn(s)


def unseen(s: State, me: int) -> int:
    m = (1 << 52) - 1 & ~s.hands[me]
    for c in s.pile:
        m &= ~(1 << c)
    for t in s.table:
        m &= ~t
    return m


# -- the reference policy (also the rollout policy) -------------------------------


def plan(s: State, me: int):
    res = best_extensions(s.hands[me], list(s.table), SOLVER)
    laid = 0
    for m in res.melds:
        laid |= m
    for c, _ in res.added:
        laid |= 1 << c
    return laid


def policy_draw(s: State, me: int) -> bool:
    top = s.pile[-1] if s.pile else None
    if top is None:
        return False
    hand = s.hands[me]
    if completes_meld(hand, top):
        return True
    if not s.stock:
        return False
    return any(extensions(m) >> top & 1 for m in s.table)


def policy_play(s: State, me: int, lay: bool | None = None, card: int | None = None) -> None:
    """Lay or hold (``None``: hold until the round surely ends or it can go out), then
    discard ``card`` (``None``: the highest loose card, less 3 points per live way
    to a meld while the round goes on)."""
    laid = plan(s, me)
    hand = s.hands[me]
    ending = len(s.stock) < N - 1
    if lay is None:
        lay = bool(laid) and (ending or (hand & ~laid).bit_count() <= 1)
    if lay:
        lay_all(s)
        if s.winner is not None:
            return
        pool = s.hands[me]
    else:
        pool = hand & ~laid or hand
    if card is None:
        live = unseen(s, me)
        card = max(
            from_mask(pool),
            key=lambda c: (PTS[c] - (0 if ending else 3 * live_partners(c, s.hands[me], live)), EASY_KEY[c]),
        )
    discard(s, card, None)


def rollout_draw(s: State, me: int) -> bool:
    """``policy_draw``, but on the empty stock (a play-out is a whole sampled deal)
    end the round only holding the lowest hand."""
    if not s.stock and s.pile:
        vals = [value(h) for h in s.hands]
        mine = vals[me]
        return not all(v > mine or (v == mine and i > me) for i, v in enumerate(vals) if i != me)
    return policy_draw(s, me)


def rollout(s: State, me: int) -> bool:
    while s.winner is None:
        if s.cur == me:
            draw(s, rollout_draw(s, me))
            if s.winner is None:
                policy_play(s, me)
        else:
            easy_turn(s)
    return s.winner == me


def play_options(s: State, me: int) -> list[tuple[bool, int | None]]:
    """(lay, discard) choices after the draw: lay everything or hold it, times the
    highest loose cards."""
    laid = plan(s, me)
    out = []
    for lay in (True, False) if laid else (False,):
        rest = s.hands[me] & ~laid
        if lay and not rest:
            return [(True, None)]  # goes out
        pool = rest or s.hands[me]
        for c in sorted(from_mask(pool), key=lambda c: EASY_KEY[c], reverse=True)[:DISCARDS]:
            out.append((lay, c))
    return out


# -- the oracle: everything known, the whole tree ------------------------------------


def oracle(s: State, me: int) -> bool:
    """Whether seat ``me`` (to draw) can force a win knowing every card."""
    for take in (False, True) if s.pile else (False,):
        s1 = s.copy()
        draw(s1, take)
        if s1.winner is not None:
            if s1.winner == me:
                return True
            continue
        for lay, card in play_options(s1, me):
            s2 = s1.copy()
            policy_play(s2, me, lay, card)
            if s2.winner is None:
                run_to(s2, me)
            if s2.winner is not None:
                if s2.winner == me:
                    return True
                continue
            if oracle(s2, me):
                return True
    return False


# -- flat Monte Carlo ----------------------------------------------------------------


def sample(s: State, me: int, rng: random.Random, known: bool) -> State:
    """A deal consistent with what ``me`` saw, drawn by ``ai:hard``'s own sampler
    (``Playouts.sample``; ``known``: the opponents' hands as they are, only the
    stock order drawn)."""
    d = s.copy()
    if known:
        stock = list(d.stock)
        rng.shuffle(stock)
        d.stock = tuple(stock)
        return d
    hands, stock = Playouts(SOLVER, 1, rng).sample(knowledge(s, me))
    d.hands = hands
    d.stock = tuple(stock)
    return d


def knowledge(s: State, me: int) -> Knowledge:
    """What ``me`` knows in ``s``, as the bots' :class:`Knowledge` holds it: the
    cards each opponent took and still holds, how many others it holds, and what
    its last turn showed (its discard, what fitted the table then, the upcard it
    passed on)."""
    held = [0 if i == me else s.took[i] for i in range(N)]
    unknown = [0 if i == me else (s.hands[i] & ~s.took[i]).bit_count() for i in range(N)]
    blocked = [0] * N
    for i in range(N):
        for m in s.info[i][1]:
            blocked[i] |= extensions(m)
    table = 0
    for m in s.table:
        table |= m
    return Knowledge(
        seat=me,
        n_seats=N,
        hand=s.hands[me],
        top=s.pile[-1] if s.pile else None,
        table=table,
        held=held,
        took=list(held),
        passed=[0] * N,
        discards=[[] if s.info[i][0] is None else [s.info[i][0]] for i in range(N)],
        unseen=unseen(s, me) & ~sum(held),
        unknown=unknown,
        sizes=tuple(h.bit_count() for h in s.hands),
        stock=len(s.stock),
        turns=[0] * N,
        blocked=blocked,
        last_pass=[s.info[i][2] for i in range(N)],
    )


def best_choice(s: State, me: int, options, apply, rng, samples: int, known: bool):
    wins = [0] * len(options)
    for _ in range(samples):
        base = sample(s, me, rng, known)
        for i, o in enumerate(options):
            d = base.copy()
            apply(d, o)
            wins[i] += (d.winner == me) if d.winner is not None else rollout(d, me)
    return options[max(range(len(options)), key=lambda i: (wins[i], -i))]


def search_turn(s: State, me: int, rng: random.Random, samples: int, known: bool) -> None:
    options = [False, True] if s.pile else [False]
    take = options[0]
    if len(options) > 1:

        def after_draw(d, t):
            draw(d, t)
            if d.winner is None:
                policy_play(d, me)

        take = best_choice(s, me, options, after_draw, rng, samples, known)
    draw(s, take)
    if s.winner is not None:
        return
    choices = play_options(s, me)
    if len(choices) == 1:
        policy_play(s, me, *choices[0])
        return
    lay, card = best_choice(s, me, choices, lambda d, o: policy_play(d, me, *o), rng, samples, known)
    policy_play(s, me, lay, card)


def play_round(i: int, mode: str, samples: int) -> bool:
    me = i % N
    s = deal(i)
    if mode == "oracle":
        run_to(s, me)
        return s.winner == me if s.winner is not None else oracle(s, me)
    rng = random.Random(i)
    while s.winner is None:
        if s.cur != me:
            easy_turn(s)
        elif mode == "policy":
            draw(s, policy_draw(s, me))
            if s.winner is None:
                policy_play(s, me)
        else:
            search_turn(s, me, rng, samples, known=mode == "known")
    return s.winner == me


# -- the match model -------------------------------------------------------------------


def match_model(rounds: int = 3000, matches: int = 40000) -> None:
    scores = []
    for i in range(rounds):
        s = deal(i)
        while s.winner is None:
            easy_turn(s)
        vals = [value(h) for h in s.hands]
        scores.append(sum(vals) - vals[s.winner])
    rng = random.Random(1)

    def match(p: float, king: bool) -> bool:
        totals = [0] * N
        while True:
            if rng.random() < p:
                w = 0
            else:
                w = min((1, 2, 3), key=totals.__getitem__) if king else rng.randint(1, 3)
            totals[w] += rng.choice(scores)
            if totals[w] >= 100:
                return w == 0

    print("round win rate -> match win rate (model), and with a perfect kingmaker")
    for p in (0.25, 0.30, 0.358, 0.38, 0.40, 0.405, 0.42, 0.45):
        plain = sum(match(p, False) for _ in range(matches)) / matches
        king = sum(match(p, True) for _ in range(matches)) / matches
        print(f"  {p:.3f} -> {plain:.3f}   kingmaker {king:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=["policy", "sampled", "known", "oracle", "match"])
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--samples", type=int, default=40)
    args = ap.parse_args()
    if args.mode == "match":
        match_model()
        return
    t = time.perf_counter()
    won = sum(play_round(i, args.mode, args.samples) for i in range(args.start, args.start + args.rounds))
    print(
        f"{args.mode}: {won} of {args.rounds} rounds won ({won / args.rounds:.1%}), "
        f"{time.perf_counter() - t:.0f} s"
    )


if __name__ == "__main__":
    main()
