"""``ai:hard`` for CardVerse: its rules of play, and core's search
(:mod:`rummykit.core.bots.search`) where those rules are unsure.

Its rules, from its :class:`View` alone (:mod:`.knowledge` replays the seat's
history), give the move it would play (the search's *prior*):

* **Play.** The way to add its cards to the table melds (chains included)
  together with the meld arrangement of the rest that leaves the fewest
  unmelded points (then the fewest cards). It *holds* its own melds and
  additions in hand while the round is young, so the opponents have nothing of
  its to add to, and lays everything down once that lets it go out or the round
  may end before its next turn (an opponent low on cards, the stock about to
  run out: with two seats at a 10% chance, with 3 or 4 at 95%; once that is
  sure, everything goes down unsearched). Given a ``hold_risk`` bound, a meld
  (the additions as one) goes down once that chance times its points reaches
  it, the cheaper ones staying in hand. By default there is no bound while the
  opponents lay down at once; once one holds melds back (a card it took from
  the pile stayed in its hand through its turn, for a third of its takes in
  the match or more: it may go out from many cards), the bound is 0.6 points
  with two seats (none with more).
* **Discard.** The card worth the most points, less a bonus for every live way
  it can still join a meld (a partner in hand and a missing card nobody has
  shown), and a charge for the chance it completes a meld for the next player:
  a card that player took from the pile and kept counts as held, a card it
  passed on makes its neighbours less likely. When the round may end before its
  next turn it sheds points.
* **Draw.** Takes the top of the discard pile when it can be played at once
  (a meld with the hand, held melds included, or an addition to the table).

**Where it searches.** Three decisions are close calls for those rules, and
there the move is chosen by core's search among the rules' move and its
alternatives: laying its melds down or holding them (once a turn, at the
turn's first play), the discard when other cards score within
:data:`MARGIN` points of the best (up to :data:`WIDTH` of them: with two seats
within 2 points, up to four; with more within half a point, up to three), and the
draw when the pile's top can be played but does not take it out (taking it or
the stock), or when the stock is empty (taking the top, or ending the round).
Each candidate is played out to the round's end on the same deals drawn from
what the seat saw (its information state's ``sample``, the unseen cards weighted
by the seat's beliefs, :mod:`rummykit.core.bots.beliefs`: each opponent's picks,
passes and discards, and with more than two seats a card that fits a table meld
less likely, :mod:`.beliefs`; the variant's own round, no copy of the rules),
every seat moved by ``ai:easy`` (the roll-out policy, the same at every
opponent's seat: no opponent is assumed to be any particular player), its own
seat too with two seats; with more, its own seat holds its melds as these rules
do and on the empty stock takes the pile's top to lay them down
(:class:`~.easy.HoldingEasyAgent`); each play-out is
worth its chance to win the match from the totals it leaves. The budget is
:data:`ITERATIONS` play-outs a decision (64 with two seats, 24 with more; the seed
gives the moves), and :data:`CLOSE_ITERATIONS` more (32 with two seats, 24 with
more) when the decision is close (the best alternative within
:data:`CLOSE_MARGIN` standard errors of the line: it and the rules' move play
them, on new deals), and an alternative replaces the rules' move only when it is
ahead by a standard error.
Anything else is the rules' move at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummykit.core.bots.beliefs import Beliefs
from rummykit.core.bots.search import RulesSearchAgent
from rummykit.core.bots.seen import SeenReader
from rummykit.core.cards.card import code, from_mask, points, to_mask
from rummykit.core.cards.melds import mask_in_rank_order
from rummykit.core.cards.solver import get_solver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

from ..options import CardVerseOptions
from .beliefs import CardVerseModel
from .common import (
    RUN_PARTNERS,
    SET_PARTNERS,
    hand_points,
    live_partners,
    meld_danger,
    next_step,
    plan_turn,
    seat_probs,
)
from .easy import HoldingEasyAgent, easy_factory
from .knowledge import Knowledge, Table, read_view

if TYPE_CHECKING:
    from rummykit.core.engine.resample import InfoState

__all__ = ["HardCardVerseAgent"]

#: Chance that an opponent holding this many cards goes out on its next turn (rough).
GO_OUT = {0: 1.0, 1: 0.45, 2: 0.3, 3: 0.15, 4: 0.07}
#: With more than two seats, the log-odds that an opponent holds a card that
#: fits a table meld (:class:`~.beliefs.CardVerseModel`).
FITS_MANY = -2.0
#: Play-outs per searched decision (two seats, more seats).
ITERATIONS = (64, 24)
#: ... and this many more for a close decision (two seats, more seats): the best
#: alternative within :data:`CLOSE_MARGIN` standard errors of replacing the
#: rules' move (either side of the line; core's search, ``close_iterations``).
CLOSE_ITERATIONS = (32, 24)
CLOSE_MARGIN = 1.0
#: Moves those play-outs may make in all, per decision (a bound on its time; two
#: seats, more seats).
MAX_MOVES = (2400, 1200)
#: Melds are held while the chance the round ends before the next turn is below
#: this (two seats, more seats).
HOLD_UNTIL = (0.1, 0.95)
#: ... and each meld (the additions as one) while the points it risks, that chance
#: times its points, are below this (two seats, more seats): by default no bound,
#: every meld is held. (0.6 at two seats, a meld of 20 points or more laid down
#: against an opponent of many cards, beat spar:heuristic but lost to ai:normal:
#: docs/bots-record.md, "CardVerse, two seats: what goes down".)
HOLD_RISK = (math.inf, math.inf)
#: An opponent *holds melds back* once a card it took from the pile (with stock
#: left) stayed in its hand through its turn, at least this share of its takes in
#: the match so far (a player that lays down at once plays the card it took);
#: while one does, :data:`HOLDER_RISK` bounds the points a held meld may risk.
HOLDER_SHARE = 1 / 3
HOLDER_RISK = (0.6, math.inf)
#: Laying down or holding is searched once the round may end before the next
#: turn this likely.
UNSURE = 0.1
#: ... and no longer once it is this likely (everything goes down, unsearched).
SURE = 1.0
#: A live way to a meld is worth this many points in the discard's score (two
#: seats, more seats) ...
KEEP_W = (3.0, 4.0)
#: ... and a discard sure to complete a meld for the next player costs this many.
FEED_W = (8.0, 4.0)
#: Discards scoring within this many points of the best are searched too (two
#: seats, more seats) ...
MARGIN = (2.0, 0.5)
#: ... this many of them at most (the best included).
WIDTH = (4, 3)


def _policy(seat: int, seed: int, options: Any) -> Any:
    return easy_factory(seat, seed, options)


#: Whether, with more than two seats, its own seat in the play-outs holds melds
#: as its rules do (:class:`~.easy.HoldingEasyAgent`) instead of laying them
#: down at once as ``ai:easy`` does.
OWN_HOLDS = True


class HardCardVerseAgent(RulesSearchAgent):
    """CardVerse ``ai:hard`` (see the module's docstring)."""

    def __init__(
        self,
        seed: int = 0,
        ace_points: int = 1,
        discard_to_win: bool = False,
        *,
        options: CardVerseOptions | None = None,
        iterations: int | None = None,
        hold_risk: tuple[float, float] | None = None,
    ) -> None:
        if options is None:
            options = CardVerseOptions(ace_high=ace_points == 11, discard_to_win=discard_to_win)
        super().__init__(
            seed,
            options=options,
            policy=_policy,
            iterations=ITERATIONS[0] if iterations is None else iterations,
            max_moves=MAX_MOVES[0],
            close_margin=CLOSE_MARGIN,
            beliefs=Beliefs(CardVerseModel(fits_many=FITS_MANY)),
        )
        self._iterations = iterations  # given: at every seat count; else ITERATIONS
        self._me = self._n = -1  # the seat it searches for (its own seat in the play-outs), the seats
        if OWN_HOLDS:
            self.policy = self._rollout_policy
        self.ace_points = options.ace_points
        self.keep_one = options.discard_to_win
        self.solver = get_solver(True, self.ace_points)
        self._lay_hold_turn: tuple[int, int] | None = None  # the turn whose lay-or-hold was searched
        self._laying: tuple[int, int] | None = None  # the turn the search chose to lay down in
        self._seen = SeenReader()  # this seat's memory of the round
        #: Points a held meld may risk (two seats, more seats): given, or
        #: :data:`HOLD_RISK` (:data:`HOLDER_RISK` while an opponent holds melds back).
        self.hold_risk = HOLD_RISK if hold_risk is None else hold_risk
        self._fixed_risk = hold_risk is not None
        # What the opponents did with the cards they took from the pile, this match:
        # per seat, takes and those held through the taker's turn; and this round's
        # takes already counted, per seat (the round they are of).
        self._pile_takes: list[int] = []
        self._pile_holds: list[int] = []
        self._counted: tuple[int, list[int]] | None = None

    # -- the interface -------------------------------------------------------------

    def _rollout_policy(self, seat: int, seed: int, options: Any) -> Any:
        """The play-outs' player at ``seat``: ``ai:easy``, at this seat's own
        place with more than two seats holding its melds as these rules do."""
        if seat == self._me and self._n > 2:
            return HoldingEasyAgent(
                seed, ace_points=options.ace_points, discard_to_win=options.discard_to_win
            )
        return _policy(seat, seed, options)

    def act(self, view: View, legal: Sequence[Action], info: InfoState | None = None) -> Action:
        self._me, self._n = view.seat, view.n_seats
        many = view.n_seats > 2
        self.max_moves = MAX_MOVES[many]
        if self._iterations is None:
            self.iterations = ITERATIONS[many]
        self.close_iterations = CLOSE_ITERATIONS[many]
        action = super().act(view, legal, info)
        if self.last.get("means") and action is not self._rules_move and action.kind in ("meld", "add"):
            # lay down, against holding: the whole turn
            self._laying = self._turn(view, self._seen.read(view).turns)
        return action

    # -- the rules -------------------------------------------------------------------

    @staticmethod
    def _turn(view: View, turns: Sequence[int]) -> tuple[int, int]:
        """The turn ``view`` is in: its round and the seat's draws in it
        (``turns``, per seat)."""
        return (view.round_index, turns[view.seat])

    def _rules(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        table = Table([(m.number, to_mask(m.cards)) for m in view.table], self.solver)
        k = read_view(view, self._seen)
        self._watch_takes(view.round_index, k)
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return self._draw(legal, k, table)
        _, left, melds, adds = plan_turn(k.hand, table, self.solver, self.keep_one)
        turn = self._turn(view, k.turns)
        goes_out = left.bit_count() <= 1
        # Laying down or holding is searched once a turn while the round may end
        # before its next turn (more than the 3% a seat with many cards goes out).
        # Not once the round surely ends first (fewer cards in the stock than
        # opponents to draw them): then what it holds counts against it.
        p_end = self._p_end(k)
        undecided = (
            bool(melds or adds) and not goes_out and self._lay_hold_turn != turn and UNSURE <= p_end < SURE
        )
        if undecided:
            self._lay_hold_turn = turn
        if self._laying == turn:
            keep_melds: tuple[int, ...] = ()
            keep_adds: tuple[tuple[int, int], ...] = ()
        else:
            keep_melds, keep_adds = self._kept(k, melds, adds, left)
        held = held_mask(keep_melds, keep_adds)
        lay_melds = tuple(m for m in melds if m not in keep_melds)
        lay_adds = tuple(a for a in adds if a not in keep_adds)
        discards = [a for a in legal if a.kind == "discard" and not held >> a.cards[0] & 1]
        discards = discards or [a for a in legal if a.kind == "discard"]
        step = next_step(legal, lay_melds, lay_adds)
        if step is not None:
            self._why = (
                "lay everything down: you go out this turn"
                if goes_out
                else "lay down the melds and additions that leave the fewest points"
                if not held
                else "lay down what risks the most points if the round ends"
            )
            if undecided and discards and not held:  # or hold them: the best discard keeping them
                keep = held_mask(melds, adds)
                kept = [a for a in discards if not keep >> a.cards[0] & 1]
                if kept:
                    self._alts = [self._discard_ranking(kept, k)[0][1]]
            return step
        if not discards:  # offered only some of the moves (a house rule, a search's candidates)
            self._why = "the only kind of move offered"
            return next_step(legal, melds, adds) or legal[0]
        action = self._discard(discards, k)
        if held:
            self._why += self._holding(k, keep_melds, keep_adds)
            if undecided:
                lay = next_step(legal, melds, adds)
                if lay is not None:
                    self._alts.append(lay)
        return action

    def _holds(
        self, k: Knowledge, melds: tuple[int, ...], adds: tuple[tuple[int, int], ...], left: int
    ) -> bool:
        """Whether any of the planned melds and additions stays in hand (``left``
        being the cards they leave): :meth:`_kept`."""
        kept = self._kept(k, melds, adds, left)
        return bool(kept[0] or kept[1])

    def _kept(
        self, k: Knowledge, melds: tuple[int, ...], adds: tuple[tuple[int, int], ...], left: int
    ) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """The planned melds and additions to keep in hand (``left`` being the cards
        the plan leaves): none when they let it go out or once the round may end
        before its next turn (:data:`HOLD_UNTIL`); else each meld, and the
        additions as one group, while the points it risks (that chance times its
        points) are below :attr:`hold_risk`."""
        many = k.n_seats > 2  # the entry of a (two seats, more seats) pair
        if not (melds or adds) or left.bit_count() <= 1:
            return (), ()
        p = self._p_end(k)
        if p >= HOLD_UNTIL[many]:
            return (), ()
        limit = self.hold_risk[many] if self._fixed_risk or not self.holder_seen() else HOLDER_RISK[many]
        ace = self.ace_points
        keep_melds = tuple(m for m in melds if p * hand_points(m, ace) < limit)
        add_pts = sum(points(c, ace) for c, _ in adds)
        keep_adds = adds if p * add_pts < limit else ()
        return keep_melds, keep_adds

    def _watch_takes(self, round_index: int, k: Knowledge) -> None:
        """Count the opponents' new takes from the pile, and those still in hand
        (their turns are over when this seat decides). Takes seen on an empty
        stock are not counted (a card taken then may only lower a hand)."""
        n = k.n_seats
        if len(self._pile_takes) != n:
            self._pile_takes, self._pile_holds = [0] * n, [0] * n
        if self._counted is None or self._counted[0] != round_index:
            self._counted = (round_index, [0] * n)
        took = self._counted[1]
        for s in range(n):
            if s == k.seat:
                continue
            new = k.took[s] & ~took[s]
            kept = k.held[s] & new
            took[s] |= new
            if k.stock:
                self._pile_takes[s] += new.bit_count()
                self._pile_holds[s] += kept.bit_count()

    def holder_seen(self) -> bool:
        """Whether an opponent holds melds back (:data:`HOLDER_SHARE`)."""
        return any(
            h and h >= HOLDER_SHARE * t for h, t in zip(self._pile_holds, self._pile_takes, strict=True)
        )

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

    def _holding(self, k: Knowledge, melds: Sequence[int], adds: Sequence[tuple[int, int]]) -> str:
        """What holding ``melds`` and ``adds`` back in hand risks, said after the
        reason for a discard ("" when nothing is held)."""
        if not melds and not adds:
            return ""
        groups = ["[" + " ".join(code(c) for c in mask_in_rank_order(m, True)) + "]" for m in melds]
        groups += [f"{code(c)} for meld {n}" for c, n in adds]
        pts = hand_points(held_mask(melds, adds), self.ace_points)
        return (
            f"; hold back {', '.join(groups)} (nothing laid down for the others to add to); "
            f"the risk: if the round ends before your next turn (about {self._p_end(k):.0%} likely), "
            f"they count {pts} point{'s' if pts != 1 else ''} in hand"
        )

    def _discard_ranking(self, discards: list[Action], k: Knowledge) -> list[tuple[float, Action]]:
        """``(score, action)`` for the discards, best first (the highest score): the card worth the most,
        less a bonus per live way to a meld, charged for feeding the next player."""
        p_end = self._p_end(k)
        probs = self.next_player_probs(k)
        live = k.unseen
        many = k.n_seats > 2  # the entry of a (two seats, more seats) pair
        keep_w = KEEP_W[many]
        feed_w = FEED_W[many]
        out = []
        for a in discards:
            c = a.cards[0]
            pts = points(c, self.ace_points)
            struct = pts - keep_w * live_partners(c, k.hand, live)
            score = (1.0 - p_end) * struct + p_end * pts - feed_w * meld_danger(c, probs)
            out.append((score, pts, c, a))
        out.sort(key=lambda x: (-x[0], -x[1], x[2]))
        return [(score, a) for score, _, _, a in out]

    def _discard(self, discards: list[Action], k: Knowledge) -> Action:
        """The best discard by :meth:`_discard_ranking`; those scoring within
        :data:`MARGIN` of it go to the search too."""
        if len(discards) == 1 and k.hand.bit_count() == 1:
            self._why = "the last card: out"
            return discards[0]
        if self._p_end(k) > 0.5:
            self._why = "the round may end before your next turn: shed points"
        else:
            self._why = (
                "the most points among the cards with no live way to a meld, not feeding the next player"
            )
        ranked = self._discard_ranking(discards, k)
        top = ranked[0][0]
        many = k.n_seats > 2  # the entry of a (two seats, more seats) pair
        self._alts = [a for score, a in ranked[1 : WIDTH[many]] if score >= top - MARGIN[many]]
        return ranked[0][1]

    def next_player_probs(self, k: Knowledge) -> list[float]:
        """For each card, the chance the next player holds it: its picks count as
        held, the meld partners of the upcards it passed on are less likely."""
        nxt = (k.seat + 1) % k.n_seats
        probs = seat_probs(k, nxt)
        held = k.held[nxt]
        for y in from_mask(k.passed[nxt]):
            near = set(SET_PARTNERS[y])
            for a, b in RUN_PARTNERS[y]:
                near.update((a, b))
            for x in near:
                if not held >> x & 1:
                    probs[x] *= 0.6  # a passed card's partners: less likely held
        return probs

    def _draw(self, legal: Sequence[Action], k: Knowledge, table: Table) -> Action:
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
        if table.best_discard(hand | 1 << top) == 0:
            self._why = f"{code(top)} lets you go out"
            return take
        if k.stock == 0:  # the stock is empty: taking the top, or ending the round
            if table.best_discard(hand | 1 << top) < hand_points(hand, self.ace_points):
                self._why = f"take {code(top)} first: with it your hand is worth less"
                self._alts = [stock]
                return take
            self._why = f"end the round now: {code(top)} would not lower your hand"
            self._alts = [take]
            return stock
        if table.deadwood(hand | 1 << top) < table.deadwood(hand) + points(top, self.ace_points):
            _, left, melds, adds = plan_turn(hand | 1 << top, table, self.solver, self.keep_one)
            if self._holds(k, melds, adds, left):  # then the play hint holds it back: say so now
                self._why = f"{code(top)} joins a meld with your hand (to hold back while the round is young)"
            else:
                self._why = f"{code(top)} can be played at once"
            self._alts = [stock]
            return take
        self._why = f"{code(top)} cannot be played at once: draw from the stock"
        return stock


def held_mask(melds: Sequence[int], adds: Sequence[tuple[int, int]]) -> int:
    """The cards of ``melds`` and ``adds`` as one mask."""
    mask = 0
    for m in melds:
        mask |= m
    for c, _ in adds:
        mask |= 1 << c
    return mask
