"""``ai:hard`` for Gin: remembers the opponent's picks and passes, counts live
cards, looks one draw ahead, and knocks only when the undercut risk is worth it.

From its :class:`View` alone (:mod:`.knowledge` replays the seat's history):

* **What is live.** The unseen cards (not in its hand, not in the discard pile,
  not taken by the opponent) are the ones it may still draw; each is equally
  likely to be the next stock card.
* **Hand value.** A 10-card hand is worth the mean, over the live cards, of the
  deadwood after drawing that card and making the best discard, less a bonus
  when that deadwood may knock (or go gin): a bounded search of one draw over the
  unseen cards, exact thanks to the table solver. A little of the present
  deadwood is added (it is what an opponent's knock would cost).
* **Feeding.** Each card is given the chance that the opponent holds it (1 for a
  card it took and kept, 0 for a card seen elsewhere, the share of its unknown
  cards for an unseen one, less for the neighbours of an upcard it passed on or
  a card it discarded); a discard is charged for the chance it completes a set
  or a run with two cards of the opponent's hand.
* **Draw.** Takes the upcard when the best hand it can keep with it is worth
  more than the hand after an average stock draw (one draw further along).
* **Knock.** Gin at once. A knock is weighed by sampling opponent hands
  consistent with what it knows (the cards it took and kept, the rest from the
  unseen cards drawn by its beliefs' weights, improved by as many best discards
  as the opponent has had turns)
  and scoring the knock against each after the opponent's layoffs: it knocks
  when the expected gain is positive and none of the sampled hands undercuts
  it, and otherwise plays on while the stock lasts.

**Where it searches.** Those rules give the move it would play (the search's
*prior*); where they are unsure, core's search (:mod:`rummykit.core.bots.search`)
chooses among that move and its alternatives: the draw when taking the upcard
and the stock are valued within :data:`DRAW_MARGIN` of each other, and the
discard when others score within :data:`MARGIN` of the best (up to
:data:`WIDTH`). A knock is its rules' alone by default: they improve each
sampled opponent hand by the opponent's turns and draw it by the seat's
beliefs; :attr:`HardGinAgent.SEARCH_KNOCK` searches the knocks they turn down
by a little, which measured no better (docs/bots-record.md, "With beliefs").
Each candidate is played out to the round's end on the same deals drawn from
what the seat saw by its beliefs (:mod:`rummykit.core.bots.beliefs`: the
opponent's picks, passes and discards weigh its unseen cards; the deals are
Gin's own round), both seats moved by
``ref:simple`` (the roll-out policy, the same at both seats), each play-out
worth its chance to win the match from the totals it leaves; the budget is
:data:`ITERATIONS` play-outs a decision, and an alternative replaces the rules'
move only when it is ahead by two standard errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummykit.core.bots.beliefs import Beliefs
from rummykit.core.bots.search import RulesSearchAgent
from rummykit.core.cards.card import code, from_mask, points
from rummykit.core.cards.extensions import best_extensions
from rummykit.core.cards.solver import MeldSolver, get_solver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

from ..options import GinOptions
from . import simple_factory
from .common import expected_after_draw, meld_danger, opp_probs
from .knowledge import Knowledge, read_view, seen_reader

__all__ = ["HardGinAgent"]

DISCARD, KNOCK, GIN = "discard", "knock", "gin"
#: Play-outs per searched decision.
ITERATIONS = 24
#: Moves those play-outs may make in all, per decision (a bound on its time).
MAX_MOVES = 500
#: Discards scoring within this much of the best are searched too ...
MARGIN = 0.25
#: ... this many of them at most (the best included).
WIDTH = 3
#: The draw is searched when the upcard and the stock are valued this close.
DRAW_MARGIN = 1.0


def _policy(seat: int, seed: int, options: Any) -> Any:
    return simple_factory(seat, seed, options)


class HardGinAgent(RulesSearchAgent):
    #: An alternative replaces the rules' move only when ahead by two standard
    #: errors: the play-outs move this seat as ``ref:simple`` does, so a small lead
    #: of theirs over the rules is mostly noise.
    CONFIDENCE = 2.0
    # The rules' weights, chosen by measuring with `rummy simulate`.
    KNOCK_BONUS = 6.0  # value of a hand that may knock after the next draw
    GIN_BONUS = 14.0  # ... or go gin
    PRESENT = 0.25  # weight of the present deadwood
    FEED = 5.0  # cost of a discard sure to complete an opponent's meld
    PRUNE = 10  # discards considered: within this much of the least deadwood
    TAKE_MARGIN = 0.5  # taking the upcard shows the opponent a card: ask a little more
    SAMPLES = 80  # opponent hands sampled for a knock decision
    MAX_UNDERCUT = 0.0  # knock only when no sampled opponent hand undercuts ...
    MIN_GAIN = 0.0  # ... and an expected gain above this
    PASS_DAMP = 0.6  # neighbours of a card the opponent passed on or discarded: less likely held
    #: With SEARCH_KNOCK, a knock its rules turn down with a positive expected gain
    #: and at most this share of sampled hands undercutting is searched against
    #: playing on. Off: measured against ref:simple (400 matches, seed 2026) it
    #: won 74.25% of the matches, against 75.0% with the knock its rules' alone.
    CLOSE_UNDERCUT = 0.1
    SEARCH_KNOCK = False

    def __init__(
        self,
        seed: int = 0,
        solver: MeldSolver | None = None,
        knock_limit: int = 10,
        gin_bonus: int = 25,
        undercut_bonus: int = 25,
        *,
        options: GinOptions | None = None,
        iterations: int = ITERATIONS,
    ) -> None:
        if options is None:
            options = GinOptions(knock_limit=knock_limit, gin_bonus=gin_bonus, undercut_bonus=undercut_bonus)
        super().__init__(
            seed,
            options=options,
            policy=_policy,
            iterations=iterations,
            max_moves=MAX_MOVES,
            beliefs=Beliefs(pile_kinds=None),  # a knock and gin discard too
        )
        self.solver = solver or get_solver(False, 1)
        self.knock_limit = options.knock_limit
        self.gin_points = options.gin_bonus
        self.undercut_points = options.undercut_bonus
        self._close: list[Action] = []  # the discards scoring close to the best, this decision
        self._seen = seen_reader()  # this seat's memory of the round
        self._knock_alt: Action | None = None  # a close knock to search, this decision
        #: The beliefs' weight of every card in the opponent's hand, this decision (None: uniform).
        self._opp_weights: list[float] | None = None

    # -- the rules ----------------------------------------------------------------

    def _rules(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if GIN in by_kind:
            self._why = "no deadwood left: gin"
            return by_kind[GIN][0]
        k = read_view(view, self._seen)
        self._knock_alt = None
        self._opp_weights = None
        if self.beliefs is not None and view.n_seats == 2:
            w = self.beliefs.weights(view).get(1 - view.seat)
            self._opp_weights = w if w is not None and any(x != 1.0 for x in w) else None  # None: no evidence
        limit = view.extra.get("knock_limit", self.knock_limit)
        if DRAW_STOCK in by_kind or TAKE_DISCARD in by_kind:
            return self._draw(k, by_kind, limit)
        after = dict(self.solver.discards(k.hand))
        plain = by_kind.get(DISCARD) or list(legal)
        if KNOCK in by_kind:
            # Its rules' own weighing: the search's re-dealt opponent hands are
            # drawn from the unseen cards alone, not improved by the opponent's
            # turns, and would make every knock look safe.
            act = self._maybe_knock(k, by_kind[KNOCK], after, limit)
            if act is not None:
                return act
        action, why = self._best_discard(k, plain, after, limit)
        if KNOCK in by_kind:
            why = self._why + "; " + why
            if self._knock_alt is not None:
                self._alts = [self._knock_alt]
        else:
            self._alts = self._close
        self._why = why
        return action

    # -- evaluation -------------------------------------------------------------

    def _value(self, hand: int, live: int, limit: int, dw: int) -> float:
        """Lower is better: expected deadwood after the next draw (with bonuses for
        a knock or gin), plus some of the present deadwood."""
        v = expected_after_draw(self.solver, hand, live, limit, self.KNOCK_BONUS, self.GIN_BONUS)
        return v + self.PRESENT * dw

    def _score_discards(
        self,
        k: Knowledge,
        hand11: int,
        candidates: list[int],
        limit: int,
        probs: list[float],
        after: dict[int, int] | None = None,
    ) -> list[tuple[float, int, int]]:
        """(score, card, deadwood) for each candidate discard of an 11-card hand."""
        if after is None:
            after = dict(self.solver.discards(hand11))
        least = min(after[c] for c in candidates)
        live = k.unseen
        out = []
        for c in candidates:
            dw = after[c]
            if dw > least + self.PRUNE:
                continue
            rest = hand11 & ~(1 << c)
            score = self._value(rest, live, limit, dw) + self.FEED * meld_danger(c, probs)
            out.append((score, c, dw))
        out.sort(key=lambda t: (t[0], -points(t[1]), t[1]))
        return out

    # -- decisions --------------------------------------------------------------

    def _best_discard(
        self, k: Knowledge, plain: list[Action], after: dict[int, int] | None, limit: int
    ) -> tuple[Action, str]:
        probs = opp_probs(k, self.PASS_DAMP)
        cards = [a.cards[0] for a in plain]
        scored = self._score_discards(k, k.hand, cards, limit, probs, after)
        _, card, dw = scored[0]
        close = {c for score, c, _ in scored[1:WIDTH] if score <= scored[0][0] + MARGIN}
        self._close = [a for a in plain if a.cards[0] in close]
        action = next(a for a in plain if a.cards[0] == card)
        danger = meld_danger(card, probs)
        why = f"leaves {dw} deadwood with the best chances of improving from the live cards"
        if danger < 0.05:
            why += f"; {code(card)} is unlikely to help the opponent"
        return action, why

    def _draw(self, k: Knowledge, by_kind: dict[str, list[Action]], limit: int) -> Action:
        take = by_kind.get(TAKE_DISCARD)
        stock = by_kind.get(DRAW_STOCK)
        up = k.top
        if not take or up is None:
            self._why = "draw from the stock"
            moves = stock or take
            assert moves  # a turn to draw has a draw
            return moves[0]
        if not stock:
            self._why = "the stock is empty: take the upcard"
            return take[0]
        probs = opp_probs(k, self.PASS_DAMP)
        hand = k.hand
        dw_now = self.solver.deadwood(hand)
        # The stock: one draw now, and (approximately) one more later.
        v_now = expected_after_draw(self.solver, hand, k.unseen, limit, self.KNOCK_BONUS, self.GIN_BONUS)
        f_now = dw_now - (self.GIN_BONUS if dw_now == 0 else self.KNOCK_BONUS if dw_now <= limit else 0)
        stock_val = 2 * v_now - f_now + self.PRESENT * dw_now
        hand11 = hand | 1 << up
        cands = [c for c in from_mask(hand11) if c != up]
        scored = self._score_discards(k, hand11, cands, limit, probs)
        take_val, disc, dw = scored[0]
        take_val -= self.FEED * meld_danger(disc, probs)  # the discard's feeding is judged later
        if abs(take_val + self.TAKE_MARGIN - stock_val) < DRAW_MARGIN:
            self._alts = [stock[0]] if take_val + self.TAKE_MARGIN < stock_val else [take[0]]
        if take_val + self.TAKE_MARGIN < stock_val:
            self._why = f"{code(up)} improves your hand (to {dw} deadwood after discarding {code(disc)})"
            return take[0]
        self._why = f"{code(up)} helps less than an average stock card"
        return stock[0]

    def _maybe_knock(
        self, k: Knowledge, knocks: list[Action], after: dict[int, int], limit: int
    ) -> Action | None:
        best = min(knocks, key=lambda a: (after[a.cards[0]], -points(a.cards[0]), a.cards[0]))
        card = best.cards[0]
        d = after[card]
        if k.stock <= 2:
            self._why = f"knock with {d}: the stock is nearly gone"
            return best
        gain, undercut = self.knock_outlook(k, k.hand & ~(1 << card), d)
        if undercut <= self.MAX_UNDERCUT and gain > self.MIN_GAIN:
            self._why = f"knock with {d} deadwood: expected gain {gain:+.1f}, no undercut seen"
            return best
        if self.SEARCH_KNOCK and gain > self.MIN_GAIN and undercut <= self.CLOSE_UNDERCUT:
            self._knock_alt = best  # a close call: the search weighs the knock against playing on
        if undercut > self.MAX_UNDERCUT:  # what decides: any undercut, whatever the gain
            self._why = (
                f"don't knock with {d} deadwood yet: the opponent could undercut you "
                f"({undercut:.0%} of the hands they may hold), and a knock is advised only when "
                f"none could (its expected gain: {gain:+.1f})"
            )
        else:
            self._why = f"don't knock with {d} deadwood yet: the expected gain is only {gain:+.1f}"
        return None

    # -- the opponent's hand ----------------------------------------------------

    def sample_opponent(self, k: Knowledge, n: int) -> list[int]:
        """``n`` opponent hands consistent with what this seat knows, each improved
        by as many best discards as the opponent has had turns (up to 6)."""
        pool = list(from_mask(k.unseen))
        need = k.opp_unknown
        extra = max(0, min(k.opp_turns, 6, len(pool) - need))
        discards = self.solver.discards
        held = k.opp_held
        out = []
        rng = self.rng
        w = self._opp_weights
        for _ in range(n):
            if need + extra > len(pool):
                pick = list(pool)
            elif w is None:
                pick = rng.sample(pool, need + extra)
            else:  # drawn by the beliefs' weights, without replacement (Efraimidis-Spirakis)
                draw = rng.random
                pick = [c for _, c in sorted(((draw() ** (1.0 / w[c]), c) for c in pool), reverse=True)]
                pick = pick[: need + extra]
            h = held
            for c in pick:
                h |= 1 << c
            for _ in range(extra):
                best = None
                for c, dw in discards(h):
                    if held >> c & 1:
                        continue
                    key = (dw, -points(c))
                    if best is None or key < best[0]:
                        best = (key, c)
                if best is None:
                    break
                h &= ~(1 << best[1])
            out.append(h)
        return out

    def knock_outlook(self, k: Knowledge, mine: int, d: int) -> tuple[float, float]:
        """(expected points, undercut chance) of knocking now with the 10-card hand
        ``mine`` (``d`` deadwood), over sampled opponent hands."""
        _, melds = self.solver.arrangement(mine)
        total = 0.0
        under = 0
        hands = self.sample_opponent(k, self.SAMPLES)
        for h in hands:
            if d == 0:
                total += self.solver.deadwood(h) + self.gin_points
                continue
            dd = best_extensions(h, melds, self.solver).deadwood
            if dd > d:
                total += dd - d
            else:
                under += 1
                total -= d - dd + self.undercut_points
        n = len(hands) or 1
        return total / n, under / n
