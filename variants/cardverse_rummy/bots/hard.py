"""``ai:hard`` for CardVerse (docs/rules.md §2 "Computer players": remembers the
cards opponents took from or passed on the discard pile, and minimises its
unmelded points with a bounded search).

From its :class:`View` alone (:mod:`.knowledge` replays the seat's history):

* **Play.** Searches every way to add its cards to the table melds (chains
  included) together with the meld arrangements of the rest, and keeps the one
  leaving the fewest unmelded points (then the fewest cards). It *holds* its own
  melds and additions in hand while the round is young, so the opponents have
  nothing of its to add to, and lays everything down as soon as that lets it go
  out or the round may end before its next turn (an opponent low on cards, or a
  stock about to run out). With 3 or 4 seats it waits until the round is nearly
  sure to end (``HOLD_PEND_MANY``): it keeps them through the turn before it
  faces the empty stock itself, where it takes the discard and lays them down
  with no opponent turn left to add to them.
* **Discard.** The card worth the most points, less a bonus for every live way
  it can still join a meld (a partner in hand and a missing card nobody has
  shown), and a charge for the chance it completes a meld for the next player:
  a card that player took from the pile and kept counts as held, a card it
  passed on makes its neighbours less likely. When the round may end before its
  next turn it simply sheds points.
* **Draw.** Takes the top of the discard pile when it can be played at once
  (a meld with the hand, held melds included, or an addition to the table).
* **The empty stock** (2 or 3 seats). Asking for a card from the empty stock ends
  the round (lowest hand value wins). It samples every opponent's hand
  consistently with what it saw (known picks, the rest from the unseen cards, as
  improved by the opponent's turns) and ends the round only if that wins more
  often than taking the discard and improving its own hand first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.agents import BaseAgent
from rummykit.core.cards import code, from_mask, points, to_mask
from rummykit.core.engine import View
from rummykit.core.melds import mask_in_rank_order

from .common import hand_points, live_partners, meld_danger, next_step, plan_turn, seat_probs
from .knowledge import Knowledge, Table, read_view

__all__ = ["HardCardVerseAgent"]

#: Chance that an opponent holding this many cards goes out on its next turn (rough).
GO_OUT = {0: 1.0, 1: 0.45, 2: 0.3, 3: 0.15, 4: 0.07}


class HardCardVerseAgent(BaseAgent):
    # Values chosen by measuring with `rummy simulate` (docs/bots.md has the measurements).
    KEEP = 3.0  # points one live way to complete a partial combination is worth (2 seats)
    KEEP_MANY = 4.0  # ... with 3 or 4 seats
    FEED = 8.0  # cost of a discard sure to complete a meld for the next player (2 seats)
    FEED_MANY = 4.0  # ... with 3 or 4 seats
    HOLD = True  # keep own melds and additions in hand while the round is young
    HOLD_PEND = 0.1  # lay down once the round may end before the next turn this likely (2 seats)
    HOLD_PEND_MANY = 0.95  # ... with 3 or 4 seats (there the empty stock ends most rounds)
    PASS_DAMP = 0.6  # a passed card's meld partners are this much less likely held
    SAMPLES = 60  # opponent hands sampled at the empty stock

    def __init__(
        self,
        seed: int = 0,
        ace_points: int = 1,
        discard_to_win: bool = False,
        target: int = 100,
        **params: float,
    ) -> None:
        from rummykit.core.solver import get_solver

        self.rng = random.Random(seed)
        self.ace_points = ace_points
        self.keep_one = discard_to_win
        self.solver = get_solver(True, ace_points)
        self._set_params(params)
        self.target = target
        self._why = ""

    # -- the interface -------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        table = Table([(m.number, to_mask(m.cards)) for m in view.table], self.solver)
        k = read_view(view)
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return self._draw(view, legal, k, table)
        _, left, melds, adds = plan_turn(k.hand, table, self.solver, self.keep_one)
        held = 0
        melds_held: Sequence[int] = ()
        adds_held: Sequence[tuple[int, int]] = ()
        if self._holds(k, melds, adds, left):
            melds_held, adds_held = melds, adds
            for m in melds:
                held |= m
            for c, _ in adds:
                held |= 1 << c
            melds, adds = (), ()
        step = next_step(legal, melds, adds)
        if step is not None:
            if left.bit_count() <= 1:
                self._why = "lay everything down: it goes out this turn"
            else:
                self._why = "lay down the melds and additions that leave the fewest points"
            return step
        discards = [a for a in legal if a.kind == "discard" and not held >> a.cards[0] & 1]
        action = self._discard(discards or [a for a in legal if a.kind == "discard"], k, held)
        self._why += self._holding(k, melds_held, adds_held)
        return action

    def explain(self, view: View, action: Action) -> str:
        return self._why or action.notation()

    # -- the round's end -------------------------------------------------------------

    def _p_end(self, k: Knowledge) -> float:
        """The chance the round ends before this seat's next turn."""
        others = k.n_seats - 1
        if k.stock < others:
            p_stock = 1.0
        elif k.stock == others:
            p_stock = 0.5  # this seat will face the empty stock: it may end it itself
        else:
            p_stock = 0.0
        p_on = 1.0 - p_stock
        for s in range(k.n_seats):
            if s != k.seat:
                p_on *= 1.0 - GO_OUT.get(k.sizes[s], 0.03)
        return 1.0 - p_on

    def _hold_pend(self, k: Knowledge) -> float:
        return self.HOLD_PEND if k.n_seats == 2 else self.HOLD_PEND_MANY

    # -- decisions -------------------------------------------------------------------

    def _holding(self, k: Knowledge, melds: Sequence[int], adds: Sequence[tuple[int, int]]) -> str:
        """What holding ``melds`` and ``adds`` back in hand risks, said after the
        reason for a discard ("" when nothing is held)."""
        if not melds and not adds:
            return ""
        groups = ["[" + " ".join(code(c) for c in mask_in_rank_order(m, True)) + "]" for m in melds]
        groups += [f"{code(c)} for meld {n}" for c, n in adds]
        mask = 0
        for m in melds:
            mask |= m
        for c, _ in adds:
            mask |= 1 << c
        pts = hand_points(mask, self.ace_points)
        return (
            f"; holds back {', '.join(groups)} (nothing laid down for the others to add to); "
            f"the risk: if the round ends before the next turn (about {self._p_end(k):.0%} likely), "
            f"they count {pts} point{'s' if pts != 1 else ''} in hand"
        )

    def _holds(
        self, k: Knowledge, melds: tuple[int, ...], adds: tuple[tuple[int, int], ...], left: int
    ) -> bool:
        """The rule: keep the planned melds and additions in hand while the round is
        young (not when they let it go out, ``left`` being the cards they leave)."""
        return (
            self.HOLD and bool(melds or adds) and left.bit_count() > 1 and self._p_end(k) < self._hold_pend(k)
        )

    def _discard_ranking(self, discards: list[Action], k: Knowledge) -> list:
        """``(key, action)`` for the discards, best first: the card worth the most,
        less a bonus per live way to a meld, charged for feeding the next player."""
        p_end = self._p_end(k)
        probs = self.next_player_probs(k)
        live = k.unseen
        many = k.n_seats > 2
        keep_w = self.KEEP_MANY if many else self.KEEP
        feed_w = self.FEED_MANY if many else self.FEED
        out = []
        for a in discards:
            c = a.cards[0]
            pts = points(c, self.ace_points)
            struct = pts - keep_w * live_partners(c, k.hand, live)
            score = (1.0 - p_end) * struct + p_end * pts - feed_w * meld_danger(c, probs)
            out.append(((-score, -pts, c), a))
        out.sort(key=lambda x: x[0])
        return out

    def _discard(self, discards: list[Action], k: Knowledge, held: int) -> Action:
        if len(discards) == 1 and not held and k.hand.bit_count() == 1:
            self._why = "the last card: out"
            return discards[0]
        if self._p_end(k) > 0.5:
            self._why = "the round may end before its next turn: shed points"
        else:
            self._why = (
                "the most points among the cards with no live way to a meld, not feeding the next player"
            )
        return self._discard_ranking(discards, k)[0][1]

    def next_player_probs(self, k: Knowledge) -> list[float]:
        """For each card, the chance the next player holds it: its picks count as
        held, the meld partners of the upcards it passed on are less likely."""
        from .common import RUN_PARTNERS, SET_PARTNERS

        nxt = (k.seat + 1) % k.n_seats
        probs = seat_probs(k, nxt)
        held = k.held[nxt]
        for y in from_mask(k.passed[nxt]):
            near = set(SET_PARTNERS[y])
            for a, b in RUN_PARTNERS[y]:
                near.update((a, b))
            for x in near:
                if not held >> x & 1:
                    probs[x] *= self.PASS_DAMP
        return probs

    def _draw(self, view: View, legal: Sequence[Action], k: Knowledge, table: Table) -> Action:
        by_kind = {a.kind: a for a in legal}
        take = by_kind.get(TAKE_DISCARD)
        stock = by_kind.get(DRAW_STOCK)
        top = k.top
        if take is None or top is None:
            self._why = (
                "the stock is empty and so is the pile: this ends the round"
                if k.stock == 0
                else "draw from the stock"
            )
            return stock or legal[0]
        if stock is None:
            self._why = "take the discard"
            return take
        hand = k.hand
        if k.stock == 0:
            return self._empty_stock(k, table, take, stock)
        if table.best_discard(hand | 1 << top) == 0:
            self._why = f"{code(top)} lets it go out"
            return take
        if table.deadwood(hand | 1 << top) < table.deadwood(hand) + points(top, self.ace_points):
            self._why = f"{code(top)} can be played at once"
            return take
        self._why = f"{code(top)} cannot be played at once: draw from the stock"
        return stock

    # -- the empty stock ---------------------------------------------------------------

    def _empty_stock(self, k: Knowledge, table: Table, take: Action, stock: Action) -> Action:
        top = k.top
        assert top is not None  # _draw asks only when there is a top to take
        mine_now = hand_points(k.hand, self.ace_points)
        mine_after = table.best_discard(k.hand | 1 << top)
        if mine_after == 0:
            self._why = f"{code(top)} lets it go out"
            return take
        samples = self.sample_values(k)
        win_now = self._share_won(mine_now, samples, k.seat)
        win_after = self._share_won(mine_after, samples, k.seat)
        if win_now > win_after or (win_now == win_after and mine_after >= mine_now):
            self._why = f"end the round now: about {win_now:.0%} likely to have the lowest hand"
            return stock
        self._why = (
            f"take {code(top)} first: about {win_after:.0%} likely to have the lowest "
            f"hand after this turn, {win_now:.0%} now"
        )
        return take

    def _share_won(self, mine: int, samples: list[list[int]], me: int) -> float:
        won = 0
        for vals in samples:
            for s, v in enumerate(vals):
                if s != me and (v < mine or (v == mine and s < me)):
                    break
            else:
                won += 1
        return won / len(samples) if samples else 0.0

    def sample_values(self, k: Knowledge) -> list[list[int]]:
        """Sampled hand values of every seat (this seat's entry unused): known picks
        plus unseen cards, melds removed, improved by the seat's turns (a few extra
        cards drawn and the highest loose ones dropped, as a player shedding
        points would have)."""
        pool = list(from_mask(k.unseen))
        rng = self.rng
        out = []
        for _ in range(self.SAMPLES):
            rng.shuffle(pool)
            i = 0
            vals = [0] * k.n_seats
            for s in range(k.n_seats):
                if s == k.seat:
                    continue
                need = k.unknown[s]
                extra = min(k.turns[s], 3)
                drawn = pool[i : i + need + extra]  # the extra cards may be another seat's
                i += need
                extra = max(0, len(drawn) - need)  # none left unseen: the hand is known
                h = k.held[s] | to_mask(drawn)
                vals[s] = self._trimmed_value(h, extra, k.held[s])
            out.append(vals)
        return out

    def _trimmed_value(self, hand: int, extra: int, keep: int) -> int:
        """Unmelded points of ``hand`` after dropping its ``extra`` highest loose cards
        (never a card in ``keep``)."""
        _, melds = self.solver.arrangement(hand)
        loose = hand
        for m in melds:
            loose &= ~m
        vals = sorted(
            (points(c, self.ace_points) for c in from_mask(loose) if not keep >> c & 1), reverse=True
        )
        kept = sum(points(c, self.ace_points) for c in from_mask(loose & keep))
        return sum(vals[extra:]) + kept
