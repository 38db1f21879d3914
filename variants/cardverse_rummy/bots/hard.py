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
* **With 3 or 4 seats, the turn by play-outs** (:mod:`.playout`). Once per turn,
  after the draw: lay everything down now or hold it, times the two best discards
  by the rule above, each played out to the round's end on the same 24 deals
  sampled from what it saw; each play-out's end is worth its chance to win the
  match from the totals it leaves (:mod:`.equity`). The best choice is kept (ties:
  the rules' own choice) and followed through the turn.
* **With 4 seats, the draw by play-outs too**, and the turn's search widened
  (144 deals, its four best discards and its highest loose card, only the two best
  choices after half the deals, and those two on for up to 144 more deals while they
  are within 1.5 standard errors): the stock or the pile's top, each played out on
  the same deals, 64 at first and 32 more at a time while the two are within 1.5
  standard errors, up to 320. Taking the top leaves the stock as it is (shedding the
  same card again passes the turn), so the draw also chooses who will face the
  empty stock; on the empty stock it is the choice to end the round. With four
  players the stock is shortest, so the play-outs are cheapest there, and the
  compiled core (:mod:`.playout`) pays for the wider search within the time target.
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
from .equity import equity_for
from .knowledge import Knowledge, Table, read_view
from .playout import Playouts, Value

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
    PLAY_SEARCH = True  # 3 or 4 seats: lay-or-hold and the discard by play-outs (bots/playout.py)
    PLAY_SAMPLES = 24  # sampled deals played out per turn (3 seats)
    PLAY_CANDIDATES = 2  # best discards (by the rules below) tried, laying down and holding (3 seats)
    # With 4 seats (the shortest stock, so the cheapest play-outs) it searches more:
    PLAY_SAMPLES_4 = 144  # sampled deals played out per turn
    PLAY_CANDIDATES_4 = 4  # best discards tried (and its highest loose card)
    PLAY_PRUNE = 2  # after half the deals only this many best choices play on (0: all)
    PLAY_EXTRA = 144  # up to this many more deals while the two best are close
    PLAY_Z = 1.5  # ... close: within this many standard errors
    DRAW_SEARCH = True  # the draw too (stock or the pile's top; on the empty stock: end or not)
    DRAW_SAMPLES = 320  # sampled deals played out per draw (at most, with DRAW_FIRST)
    DRAW_FIRST = 64  # stop after this many deals, or every half as many more, once clear
    DRAW_Z = 1.5  # ... clear: the difference exceeds this many standard errors
    PLAY_HIGHEST = True  # its highest loose card is a choice too (the play-outs' own rule)
    LOWEST_DISCARD = True  # sampled hands: no card above the owner's lowest discard (else its last)
    PLAY_KEEP = 3.0  # in play-outs it sheds its highest loose card less this per live way to a meld
    MATCH_AWARE = True  # score a play-out by the chance to win the match (bots/equity.py)
    P_ROUND_3 = 0.57  # its chance to win a later round, for that model, with 3 seats
    P_ROUND_4 = 0.37  # ... with 4 seats
    EQUITY_TABLE = 10_000  # positions that model may solve; beyond them, score the round

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
        self.playouts = Playouts(self.solver, ace_points, self.rng)
        self.playouts.lowest = self.LOWEST_DISCARD
        self.target = target
        self._plan: tuple | None = None  # (turn, lay, card) chosen by the play-outs
        self._why = ""

    # -- the interface -------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        table = Table([(m.number, to_mask(m.cards)) for m in view.table], self.solver)
        k = read_view(view)
        self.playouts.keep = self.PLAY_KEEP if k.n_seats >= 4 else 0.0
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return self._draw(view, legal, k, table)
        _, left, melds, adds = plan_turn(k.hand, table, self.solver, self.keep_one)
        if k.n_seats > 2 and self.PLAY_SEARCH and left.bit_count() > 1:
            searched = self._search_play(view, legal, k, melds, adds)
            if searched is not None:
                return searched
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

    def _search_play(
        self,
        view: View,
        legal: Sequence[Action],
        k: Knowledge,
        melds: tuple[int, ...],
        adds: tuple[tuple[int, int], ...],
    ) -> Action | None:
        """With 3 or 4 seats: lay everything down or hold it, and which card to shed,
        chosen once per turn by play-outs over the heuristic's best discards."""
        key = (view.round_index, view.scores, k.turns[k.seat], view.stock_size, len(view.discard_pile))
        if self._plan is None or self._plan[0] != key:
            laid = 0
            for m in melds:
                laid |= m
            for c, _ in adds:
                laid |= 1 << c
            cands = [Action("discard", (c,)) for c in from_mask(k.hand & ~laid)]
            tried = self.PLAY_CANDIDATES_4 if k.n_seats >= 4 else self.PLAY_CANDIDATES
            best_cards = [a.cards[0] for _, a in self._discard_ranking(cands, k)[:tried]]
            if k.n_seats >= 4 and self.PLAY_HIGHEST and cands:
                # What the draw's play-outs assumed of this turn: shed the highest.
                rank = self.playouts.rank
                top = max((a.cards[0] for a in cands), key=rank.__getitem__)
                if top not in best_cards:
                    best_cards.append(top)
            rules_lay = not self._holds(k, melds, adds, k.hand & ~laid)
            options = [
                (lay, c) for lay in ((rules_lay, not rules_lay) if laid else (False,)) for c in best_cards
            ]
            if len(options) == 1:
                choice = options[0]
            else:
                table = [to_mask(m.cards) for m in view.table]
                four = k.n_seats >= 4
                samples = self.PLAY_SAMPLES_4 if four else self.PLAY_SAMPLES
                wins = self.playouts.turn_wins(
                    k,
                    list(view.discard_pile),
                    table,
                    samples,
                    options,
                    melds,
                    adds,
                    self._match_value(view, k),
                    keep=self.PLAY_PRUNE if four else 0,
                    extra=self.PLAY_EXTRA if four else 0,
                    z=self.PLAY_Z,
                )
                best = max(range(len(options)), key=lambda i: (wins[i], -i))
                choice = options[best]
            self._plan = (key, choice[0], choice[1])
        _, lay, card = self._plan
        if lay:
            step = next_step(legal, melds, adds)
            if step is not None:
                self._why = "lay down the melds and additions: the play-outs favour it"
                return step
        for a in legal:
            if a.kind == "discard" and a.cards[0] == card:
                self._why = f"shed {code(card)}: the play-outs favour it"
                if not lay:
                    self._why += self._holding(k, melds, adds)
                return a
        return None

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

    def _match_value(self, view: View, k: Knowledge) -> Value | None:
        """How a play-out's end is scored: the chance to win the match from the totals
        it leaves (bots/equity.py), or None (the round won): with ``MATCH_AWARE``
        off, or while the target is so far that the model would take long to solve
        (a match to 1,000, say: over ``EQUITY_TABLE`` positions)."""
        if not self.MATCH_AWARE:
            return None
        p = self.P_ROUND_3 if k.n_seats == 3 else self.P_ROUND_4
        equity = equity_for(k.n_seats, self.target, p)
        totals = list(view.scores) if len(view.scores) == k.n_seats else [0] * k.n_seats
        me = k.seat
        if equity.table_size(totals, me) > self.EQUITY_TABLE:
            return None  # a far target: the match end is far too, the round counts
        score_of = self.playouts.score
        memo: dict[tuple[int, int], float] = {}  # (winner, score) -> equity, this decision

        def value(winner: int, hands: list[int]) -> float:
            score = score_of(winner, hands)
            v = memo.get((winner, score))
            if v is None:
                v = memo[winner, score] = equity.after_round(totals, winner, score, me)
            return v

        return value

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
        if k.n_seats >= 4 and self.DRAW_SEARCH:
            return self._search_draw(view, k, table, take, stock)
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

    def _search_draw(self, view: View, k: Knowledge, table: Table, take: Action, stock: Action) -> Action:
        """With 4 seats: the stock or the pile's top by play-outs. Taking the top (and
        maybe shedding it again) leaves the stock as it is, so it also chooses who
        will face the empty stock; on the empty stock it is the choice to end."""
        top = k.top
        assert top is not None  # _draw asks only when there is a top to take
        if table.best_discard(k.hand | 1 << top) == 0:
            self._why = f"{code(top)} lets it go out"
            return take
        stock_w, take_w = self.playouts.draw_wins(
            k,
            list(view.discard_pile),
            [to_mask(m.cards) for m in view.table],
            self.DRAW_SAMPLES,
            self._match_value(view, k),
            self.DRAW_FIRST,
            self.DRAW_Z,
        )
        if take_w > stock_w:
            self._why = f"take {code(top)}: the play-outs favour it"
            return take
        self._why = (
            "end the round now: the play-outs favour it"
            if k.stock == 0
            else "draw from the stock: the play-outs favour it"
        )
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
