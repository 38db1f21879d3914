"""One round of Cardems Gin as an engine state machine (docs/rules.md §1).

:class:`GinRound` implements :class:`rummykit.core.engine.round.Round`. A house-rule
plugin subclasses it and overrides only the small public methods a house rule
changes (it never needs a name starting with ``_``):

* :meth:`GinRound.first_seat` – who starts the round;
* :meth:`GinRound.pile_open` – whether the seat to draw may take the discard
  pile's top card (a house rule that closes the pile, say on the first turn,
  returns False: the draw from the stock then passes on nothing, and its event
  says so, ``Event.pile_closed``, for the bots reading the history);
* :meth:`GinRound.knock_limit` – the most deadwood one may knock with (Oklahoma:
  the first upcard's value, 0 for an ace: gin only);
* :meth:`GinRound.score_multiplier` – a factor on the round's score (Oklahoma: 2
  when the first upcard is a spade);
* :meth:`GinRound.stock_exhausted` – when a plain discard ends the round as a draw
  (some sites: two cards left in the stock); :meth:`GinRound.stock_ran_out` –
  what happens then instead (a reshuffle: :meth:`GinRound.restock_from_pile`);
* :meth:`GinRound.turn_limit` – after how many turns a plain discard ends the
  round as a draw (the engine safeguard ``max_turns``);
* :meth:`GinRound.settle_knock` / :meth:`GinRound.make_result` – the scoring;
* :meth:`GinRound.allows` – whether a built-in legal move stays legal (a
  house rule without knocking forbids ``knock``);
* :meth:`GinRound.extra_actions`, :meth:`GinRound.apply_extra` and
  :meth:`GinRound.why_illegal` – moves of kinds the house rule adds (Big Gin),
  ending the round with :meth:`GinRound.end_round`;
* :attr:`GinRound.outcome_counts` / :meth:`GinRound.result_counts` – the
  outcome names and the tallies of a result (a new outcome, ``"big gin"``,
  with its count ``"big_gins"``);
* :meth:`GinRound.view_extra` – public facts added to every view's ``extra``;
* :attr:`GinRound.rng` – the round's own generator (seeded from the deal), for
  chance after the deal.

Engine state (documented so tests and subclasses may read it; only the engine
changes it, through :meth:`apply`):

``hands``        list of two int bitmasks (seat 0, seat 1)
``stock``        list of cards, the top of the stock *last* (``stock[-1]`` is drawn next)
``discard``      list of cards, bottom first, top last
``first_upcard`` the card that started the discard pile
``first``        the seat that took the first turn
``seat_to_act``  the seat to act (also ``to_act()``, which is ``None`` once over)
``phase``        ``"draw"``, ``"discard"`` or ``"over"``
``taken``        the card taken from the discard pile this turn (or ``None``)
``turns_done``   the turns completed (a turn is one draw and one discard)
``history``      the events so far

:meth:`GinRound.deal` deals a fresh round with a generator (as the match does);
:meth:`GinRound.from_deal` builds a round from chosen hands, discard pile and stock
(tests, puzzles, house-rule plugins' tests) and never touches any random state.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from rummykit.core.base.errors import CardError, IllegalAction, RummyError
from rummykit.core.cards.card import DECK_SIZE, code, from_mask, parse_cards, to_mask
from rummykit.core.cards.melds import mask_in_rank_order
from rummykit.core.cards.solver import MeldSolver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.resample import DealLike, InfoState, record_deal
from rummykit.core.engine.restock import Restock, Restocking, restock_information, round_seed
from rummykit.core.engine.round import Event, HandReport, Round, RoundResult, View, card_ref

from .options import GinOptions
from .scoring import SettledHand, Settlement, arrange, default_solver, display_melds, settle

__all__ = ["COUNT_KEYS", "DISCARD", "GIN", "KNOCK", "GinRound"]

DISCARD = "discard"
KNOCK = "knock"
GIN = "gin"
#: The keys of ``RoundResult.counts``; exactly one of them is 1 for each round.
COUNT_KEYS = ("knocks", "gins", "undercuts", "draws")
_COUNT_OF = {"knock": "knocks", "gin": "gins", "undercut": "undercuts", "draw": "draws"}

_DRAW_ACTIONS = (Action(DRAW_STOCK), Action(TAKE_DISCARD))
#: The draw phase's legal actions by (stock not empty, discard pile not empty).
_DRAWS = {
    (stock, pile): tuple(a for a, ok in zip(_DRAW_ACTIONS, (stock, pile), strict=True) if ok)
    for stock in (False, True)
    for pile in (False, True)
}
# Interned actions, one per card: the engine builds no Action objects per turn,
# and Round.apply finds the one an agent picked by identity.
_DISCARDS = tuple(Action(DISCARD, (c,)) for c in range(DECK_SIZE))
_KNOCKS = tuple(Action(KNOCK, (c,)) for c in range(DECK_SIZE))
_GINS = tuple(Action(GIN, (c,)) for c in range(DECK_SIZE))
_OWN_KINDS = frozenset({DRAW_STOCK, TAKE_DISCARD, DISCARD, KNOCK, GIN})


class GinRound(Restocking, Round):
    """A round of Cardems Gin for two seats.

    ``GinRound.deal(options, 2, round_index, rng)`` (or the constructor,
    ``GinRound(options, round_index, rng)``) deals with ``rng.shuffle`` of the 52
    cards (no other randomness, never the global generator): cards 0, 2, ... 18 of
    the shuffled deck to seat 0, 1, 3, ... 19 to seat 1, card 20 face up starts the
    discard pile, cards 21.. are the stock (card 21 on top).
    """

    variant = "gin"
    n_seats = 2
    hand_size = 10
    options: GinOptions  # a house rule's options subclass GinOptions

    # How Round.clone copies a round: the lists changed in place are copied;
    # the caches (replaced, never changed in place) and the state kept before
    # a restock are shared.
    copied = (*Round.copied, "hands", "stock", "discard", "restocks")
    shared = ("_after", "_legal", "before_restock")
    # Whether a Gin move is legal depends only on public facts and the card it
    # names (the hand a knock or gin leaves is shown when the round ends), so
    # a replay of a history on a resampled deal skips the check; a subclass
    # defining one of these methods is checked as usual (Round.replays_unchecked).
    replays_unchecked = True
    legality_hooks = ("legal_actions", "discard_actions", "allows", "extra_actions", "pile_open")
    #: Whether the class (or a base below GinRound) defines :meth:`allows`:
    #: only then is every built-in move asked (set for each subclass).
    filters_moves: ClassVar[bool] = False
    # The round as it was before a discard that may end the stock, kept until
    # the discard is done (a house rule's restock starts information() there).
    _before_discard: GinRound | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "allows" in vars(cls):
            cls.filters_moves = True

    def __init__(
        self,
        options: GinOptions | None,
        round_index: int,
        rng: random.Random,
        *,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> None:
        if match is not None:
            self.match = match  # before the deal: first_seat() may read it
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        n = self.hand_size
        hands = [deck[0 : 2 * n : 2], deck[1 : 2 * n : 2]]
        self._setup(
            options,
            round_index,
            hands,
            discard=[deck[2 * n]],
            stock_top_first=deck[2 * n + 1 :],
            first=None,
            variant=variant,
        )
        self.round_seed = round_seed(rng)

    @classmethod
    def deal(
        cls,
        options: GinOptions | None,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> GinRound:
        """A fresh round dealt with ``rng`` (``VariantSpec.new_round``'s
        arguments, ``match`` its place in the match): the constructor's deal,
        for ``n_seats`` 2 only."""
        if n_seats != cls.n_seats:
            raise RummyError(f"{variant or cls.variant} is for 2 players, not {n_seats}")
        return cls(options, round_index, rng, variant=variant, match=match)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[str | Iterable[int]],
        discard: str | Iterable[int] | int,
        stock: str | Iterable[int] | None = None,
        options: GinOptions | None = None,
        round_index: int = 0,
        *,
        first: int | None = None,
        variant: str | None = None,
    ) -> GinRound:
        """A round dealt as given: ``hands`` for seat 0 and 1, ``discard`` the pile
        (one card, or a list bottom first, top last), ``stock`` top card first;
        cards as ints or as text (``"7H 8H 9H"``). When ``stock`` is ``None`` it
        is every other card, ascending. All 52 cards must be placed exactly once
        (:class:`CardError` otherwise). ``first`` overrides :meth:`first_seat`."""
        dealt = [_cards(h) for h in hands]
        pile = _cards(discard)
        placed = [c for h in dealt for c in h] + pile
        if stock is None:
            used = to_mask(placed)
            stock = [c for c in range(DECK_SIZE) if not used >> c & 1]
        stock = _cards(stock)
        every = placed + stock
        if len(dealt) != cls.n_seats:
            raise CardError(f"expected {cls.n_seats} hands, got {len(dealt)}")
        if sorted(every) != list(range(DECK_SIZE)):
            dup = [c for i, c in enumerate(every) if c in every[:i]]
            missing = sorted(set(range(DECK_SIZE)) - set(every))
            raise CardError(
                "a deal must place all 52 cards exactly once"
                + (f"; twice: {' '.join(code(c) for c in dup)}" if dup else "")
                + (f"; missing: {' '.join(code(c) for c in missing)}" if missing else "")
            )
        rnd = cls.__new__(cls)
        rnd._setup(options, round_index, dealt, pile, stock, first, variant)
        sizes = (len(dealt[0]), len(dealt[1]), len(pile))
        record_deal(rnd, DealLike(cls._deal_like, (sizes, options, round_index, first, variant)))
        return rnd

    @classmethod
    def _deal_like(
        cls,
        sizes: tuple[int, int, int],
        options: GinOptions | None,
        round_index: int,
        first: int | None,
        variant: str | None,
        rng: random.Random,
    ) -> GinRound:
        """The dealer of a :meth:`from_deal` round (Round.dealer): the deck,
        shuffled with ``rng``, laid out as that deal was (the same hand and
        pile sizes, the rest the stock)."""
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        a, b, p = sizes
        hands = [deck[:a], deck[a : a + b]]
        return cls.from_deal(
            hands,
            deck[a + b : a + b + p],
            deck[a + b + p :],
            options,
            round_index,
            first=first,
            variant=variant,
        )

    def _setup(
        self,
        options: GinOptions | None,
        round_index: int,
        hands: Sequence[Sequence[int]],
        discard: list[int],
        stock_top_first: list[int],
        first: int | None,
        variant: str | None,
    ) -> None:
        self.options = options if options is not None else GinOptions()
        self.round_index = round_index
        if variant:
            self.variant = variant
        self.hands = [to_mask(h) for h in hands]
        self.stock = list(reversed(stock_top_first))
        self.discard = list(discard)
        self.first_upcard = self.discard[-1] if self.discard else None
        self.history: list[Event] = []
        self.result: RoundResult | None = None
        self.first = self.first_seat() if first is None else first
        self.seat_to_act = self.first
        self.phase = "draw"
        self.taken: int | None = None
        self.turns_done = 0
        self._after: dict[int, int] | None = None  # card -> deadwood after discarding it
        self._legal: tuple[Action, ...] | None = None
        self._extra_now: Mapping[str, object] | None = None  # views' extra in this state
        self.round_seed = 0  # the round's own generator (rng) starts from it: never shown
        self.restocks: list[Restock] = []
        self.before_restock: GinRound | None = None  # the round just before the first restock

    @property
    def turn(self) -> int:
        """Deprecated: :attr:`seat_to_act`."""
        warnings.warn("GinRound.turn is deprecated: use seat_to_act", DeprecationWarning, stacklevel=2)
        return self.seat_to_act

    @turn.setter
    def turn(self, seat: int) -> None:
        warnings.warn("GinRound.turn is deprecated: use seat_to_act", DeprecationWarning, stacklevel=2)
        self.seat_to_act = seat

    # -- what a house rule changes ------------------------------------------------

    #: The tallies every result carries in ``RoundResult.counts``, one per
    #: outcome: ``outcome_counts[outcome]`` is 1, the others 0. A house rule
    #: with an outcome of its own adds it:
    #: ``outcome_counts = {**GinRound.outcome_counts, "big gin": "big_gins"}``.
    outcome_counts: ClassVar[Mapping[str, str]] = MappingProxyType(dict(_COUNT_OF))

    def stock_ran_out(self) -> bool:
        """After a plain discard, when :meth:`stock_exhausted` says the stock
        is done: refill it (:meth:`restock_from_pile`) and return True to play
        on; False (here): the round is a draw."""
        return False

    def _state_before_restock(self) -> GinRound | None:
        # Kept by apply before a discard that may end the stock.
        saved, self._before_discard = self._before_discard, None
        return saved

    def information(self, seat: int) -> InfoState:
        """Round.information; after a restock, what the seat knows of the new
        stock too (:func:`rummykit.core.engine.restock.restock_information`)."""
        if not self.restocks:
            return super().information(seat)
        if seat not in (0, 1):
            raise RummyError(f"no seat {seat!r} in a two-player round")
        if self.before_restock is None:
            raise NotImplementedError(f"{self.variant}: restock_from_pile was called outside stock_ran_out")
        return restock_information(self.before_restock, self.restocks, self.view(seat))

    def extra_actions(self) -> Iterable[Action]:
        """Moves of kinds the house rule adds that are legal now (after the
        built-in ones). Their words go in the spec's ``moves``; :meth:`why_illegal`
        says why one is not legal; :meth:`apply_extra` carries one out. None here."""
        return ()

    def allows(self, action: Action) -> bool:
        """Whether a built-in legal move (draw stock, take discard, discard,
        knock, gin) stays legal under the house rule (one without knocking
        forbids ``knock``). Say why in :meth:`why_illegal` (a generic reason
        otherwise). Always here."""
        return True

    def apply_extra(self, action: Action) -> Event:
        """Carry out a legal move from :meth:`extra_actions` (already checked)
        and return its event; a move that ends the round calls :meth:`end_round`."""
        raise IllegalAction(f"unknown move {action.kind!r}")

    def end_round(self, result: RoundResult) -> None:
        """End the round with ``result`` (build it with :meth:`result_counts`
        for its ``counts``)."""
        self.phase = "over"
        self.taken = None
        self.result = result

    def result_counts(self, outcome: str) -> dict[str, int]:
        """The tallies of a result ending as ``outcome``: every count of
        :attr:`outcome_counts` (0), that of ``outcome`` 1 (an outcome not
        listed counts under its own name)."""
        counts = dict.fromkeys(self.outcome_counts.values(), 0)
        counts[self.outcome_counts.get(outcome, outcome)] = 1
        return counts

    def view_extra(self) -> Mapping[str, Any]:
        """Public facts a house rule adds to every view's ``extra``. None here;
        never a hidden card."""
        return {}

    @property
    def solver(self) -> MeldSolver:
        """The meld solver (ace low). Override for a variant with other meld rules."""
        return default_solver()

    def first_seat(self) -> int:
        """Seat 0, or with ``first_turn="alternate"`` seat ``round_index % 2``."""
        if self.options.first_turn == "alternate":
            return self.round_index % 2
        return 0

    def pile_open(self) -> bool:
        """Whether the seat to draw may take the discard pile's top card: when
        the pile has one (a house rule may close it)."""
        return bool(self.discard)

    def knock_limit(self) -> int:
        """The most deadwood a knock may leave (0: only gin)."""
        return self.options.knock_limit

    def score_multiplier(self) -> int:
        """A factor on the round's points (1 in Cardems)."""
        return 1

    def stock_exhausted(self) -> bool:
        """Whether a plain discard now ends the round as a draw (stock empty)."""
        return not self.stock

    def turn_limit(self) -> int:
        """The engine safeguard (docs/rules.md §1 "Turn limit (engine safeguard)"): the
        plain discard that completes this many turns ends the round as a draw, exactly
        like an exhausted stock; a knock or gin on that turn still counts. Option
        ``max_turns`` (200 when the options model has none)."""
        return getattr(self.options, "max_turns", 200)

    # -- the contract -------------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.result is not None else self.seat_to_act

    def legal_actions(self) -> tuple[Action, ...]:
        if self.result is not None:
            return ()
        if self._legal is None:
            if self.phase == "draw":
                # One tuple per case: a caller may key its own work on it.
                self._legal = _DRAWS[bool(self.stock), self.pile_open()]
            else:
                self._legal = tuple(self.discard_actions())
            if self.filters_moves:
                allows = self.allows
                self._legal = tuple([a for a in self._legal if allows(a)])
            extra = self.extra_actions()
            if extra:
                self._legal = (*self._legal, *extra)
        return self._legal

    def deadwood_after(self) -> dict[int, int]:
        """In the discard phase: each card of the hand -> the deadwood after
        discarding it (exact; computed once per turn)."""
        if self._after is None:
            self._after = dict(self.solver.discards(self.hands[self.seat_to_act]))
        return self._after

    def discard_actions(self) -> list[Action]:
        """The discard phase's moves: every card but the one just taken may be
        discarded; as a knock when the deadwood left is 1..knock limit, as gin when 0."""
        hand = self.hands[self.seat_to_act]
        taken = self.taken
        cards = [c for c in from_mask(hand) if c != taken]  # by suit, rank
        plain = [_DISCARDS[c] for c in cards]
        limit = self.knock_limit()
        solver = self.solver
        # Fast path (most turns): a discard lowers the least deadwood by at most
        # the discarded card's points, so when even that leaves more than the
        # limit there is no knock or gin, and the exact figures are not needed.
        if solver.deadwood(hand) - solver.max_card_points > limit:
            return plain
        after = self.deadwood_after()
        knocks = [_KNOCKS[c] for c in cards if 0 < after[c] <= limit]
        gins = [_GINS[c] for c in cards if after[c] == 0]
        return plain + knocks + gins

    def perform(self, action: Action) -> Event:
        """Carry out a legal move (Round.perform): a draw, a discard, a knock
        or gin, or a move of the house rule's (:meth:`apply_extra`)."""
        seat = self.seat_to_act
        self._legal = None
        self._after = None
        self._extra_now = None
        if action.kind not in _OWN_KINDS:
            return self.apply_extra(action)
        if action.kind == DRAW_STOCK:
            closed = bool(self.discard) and not self.pile_open()
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.phase = "discard"
            self.taken = None
            return Event(seat, action, card, private=True, pile_closed=closed)
        if action.kind == TAKE_DISCARD:
            card = self.discard.pop()
            self.hands[seat] |= 1 << card
            self.phase = "discard"
            self.taken = card
            return Event(seat, action, card, private=False)
        (card,) = action.cards
        if action.kind == DISCARD and self.before_restock is None:
            # A house rule may rebuild the stock after this discard: keep the
            # round as it was before it (information() starts from there).
            self._before_discard = self.clone() if self.stock_exhausted() else None
        self.hands[seat] &= ~(1 << card)
        self.discard.append(card)
        self.taken = None
        self.turns_done += 1
        if action.kind in (KNOCK, GIN):
            self.phase = "over"
            self.result = self.make_result(self.settle_knock(seat), seat)
        elif self.stock_exhausted() and not (self.stock_ran_out() and self.stock):
            self.phase = "over"
            self.result = self.draw_result()
        elif self.turns_done >= self.turn_limit():
            self.phase = "over"
            self.result = self.draw_result(turn_limit=True)
        else:
            self.seat_to_act = 1 - seat
            self.phase = "draw"
        self._before_discard = None
        return Event(seat, action)

    # -- scoring --------------------------------------------------------------------

    def settle_knock(self, knocker: int) -> Settlement:
        """Score the knock or gin of ``knocker`` (hands already back to 10 cards)."""
        s = settle(
            self.hands[knocker],
            self.hands[1 - knocker],
            self.options,
            knock_limit=self.knock_limit(),
            solver=self.solver,
        )
        m = self.score_multiplier()
        return s.scaled(m) if m != 1 else s

    def make_result(self, s: Settlement, knocker: int) -> RoundResult:
        defender = 1 - knocker
        winner = knocker if s.winner == "knocker" else defender
        pts = [0, 0]
        pts[winner] = s.points
        k, d = f"{{{knocker}}}", f"{{{defender}}}"
        kd, dd = s.knocker.deadwood_points, s.defender.deadwood_points
        if s.outcome == "gin":
            bonus = self.options.gin_bonus
            text = (
                f"{k} goes gin; {d} has {dd} (no layoffs after gin); "
                f"{k} scores {s.points} ({dd} + {bonus} gin bonus{_times(s)})"
            )
        else:
            if s.defender.layoffs:
                laid = " ".join(card_ref(c) for c, _ in s.defender.layoffs)
                mid = f"{d} lays off {laid} and has {dd}"
            else:
                mid = f"{d} has {dd}"
            if s.outcome == "knock":
                text = f"{k} knocks with {kd}; {mid}; {k} scores {s.points}"
                if s.multiplier != 1:
                    text += f" ({dd} - {kd}{_times(s)})"
            else:
                bonus = self.options.undercut_bonus
                text = (
                    f"{k} knocks with {kd}; {mid}: an undercut; {d} scores {s.points} "
                    f"({kd} - {dd} + {bonus} undercut bonus{_times(s)})"
                )
        reports = {knocker: _report(knocker, s.knocker), defender: _report(defender, s.defender)}
        return RoundResult(
            points=tuple(pts),
            outcome=s.outcome,
            winner=winner,
            hands=(reports[0], reports[1]),
            text=(text,),
            counts=self.result_counts(s.outcome),
        )

    def draw_result(self, turn_limit: bool = False) -> RoundResult:
        """The 0-point draw: the stock is exhausted, or with ``turn_limit`` the
        round has reached :meth:`turn_limit` turns (the same outcome)."""
        hands = []
        for seat, mask in enumerate(self.hands):
            dw, melds = arrange(mask, self.solver)
            melded = 0
            for m in melds:
                melded |= m
            hands.append(
                HandReport(
                    seat=seat,
                    cards=mask_in_rank_order(mask),
                    melds=display_melds(melds),
                    deadwood=mask_in_rank_order(mask & ~melded),
                    points=dw,
                )
            )
        return RoundResult(
            points=(0, 0),
            outcome="draw",
            winner=None,
            hands=tuple(hands),
            text=(
                f"the round reaches the engine limit of {self.turn_limit()} turns: it is a draw, no points"
                if turn_limit
                else "the stock is exhausted: the round is a draw, no points",
            ),
            counts=self.result_counts("draw"),
        )

    # -- what a seat sees -------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand (by suit, then rank), both hand
        sizes, the stock size, the discard pile, the history with the other
        seat's stock draws hidden, and the legal actions when it is to act.

        ``extra``: ``phase`` (``"draw"``, ``"discard"`` or ``"over"``),
        ``knock_limit`` (this round's), ``taken`` (the card the seat to act has
        just taken from the discard pile, public, or ``None``), ``first_upcard``,
        ``first_seat``, ``turn`` (the number of the turn being played, from 1; the
        last one once the round is over) and ``max_turns`` (:meth:`turn_limit`).
        Once the round is over ``result`` reveals both hands.
        """
        if seat not in (0, 1):
            raise RummyError(f"no seat {seat} in a two-player round")
        to_act = self.to_act()
        hands = self.hands
        legal = self.legal_actions() if to_act == seat else ()
        return View(
            variant=self.variant,
            seat=seat,
            n_seats=2,
            to_act=to_act,
            hand=tuple(from_mask(hands[seat])),  # ascending ints: by suit, then rank
            hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
            stock_size=len(self.stock),
            discard_pile=tuple(self.discard),
            history=self.history_seen_by(seat),
            legal=legal,
            round_index=self.round_index,
            extra=self._view_extra(),
            result=self.result,
        )

    def _view_extra(self) -> Mapping[str, object]:
        # Read-only, so one mapping serves every view of this state (built at the
        # first, dropped by the next action).
        extra = self._extra_now
        if extra is None:
            facts: dict[str, object] = {
                "phase": self.phase,
                "knock_limit": self.knock_limit(),
                "taken": self.taken,
                "first_upcard": self.first_upcard,
                "first_seat": self.first,
                "turn": self.turns_done + (0 if self.result is not None else 1),
                "max_turns": self.turn_limit(),
            }
            more = self.view_extra()
            extra = self._extra_now = MappingProxyType({**facts, **more} if more else facts)
        return extra

    def zones(self) -> Mapping[str, Sequence[int]]:
        """``stock`` (top first), ``discard`` (bottom first), ``hand0``, ``hand1``."""
        return {
            "stock": list(reversed(self.stock)),
            "discard": list(self.discard),
            "hand0": from_mask(self.hands[0]),
            "hand1": from_mask(self.hands[1]),
        }

    # -- explanations -----------------------------------------------------------------

    def why_illegal(self, action: Action) -> str | None:
        kind = action.kind
        if self.result is not None:
            return "the round is over"
        known = (DRAW_STOCK, TAKE_DISCARD, DISCARD, KNOCK, GIN)
        if kind not in known:
            return f"there is no move {kind!r} in gin (moves: draw stock, take discard, discard, knock, gin)"
        if self.phase == "draw":
            if kind in (DISCARD, KNOCK, GIN):
                return "you must draw first (draw stock or take discard)"
            if kind == TAKE_DISCARD and not self.discard:
                return "the discard pile is empty; draw stock"
            if kind == TAKE_DISCARD and not self.pile_open():
                return "the discard pile is closed now; draw stock"
            if kind == DRAW_STOCK and not self.stock:
                return "the stock is empty"
            return self._not_allowed(action)
        if kind in (DRAW_STOCK, TAKE_DISCARD):
            return f"you have already drawn this turn; now {self._discard_moves_text()} with one card"
        if len(action.cards) != 1:
            return f"{kind} takes exactly one card, like '{kind} 7H'"
        (card,) = action.cards
        if not self.hands[self.seat_to_act] >> card & 1:
            return f"you do not hold {code(card)}"
        if card == self.taken:
            verb = {DISCARD: "discard", KNOCK: "knock with", GIN: "go gin with"}[kind]
            return f"you may not {verb} {code(card)}: you just took it from the discard pile"
        left = self.deadwood_after()[card]
        limit = self.knock_limit()
        if kind == KNOCK:
            if left == 0:
                return (
                    f"with no deadwood after discarding {code(card)} the move is "
                    f"'gin {code(card)}', not a knock"
                )
            if left > limit:
                if limit == 0:
                    return f"only gin may end this round; you would have {left} deadwood"
                return f"knock needs deadwood ≤ {limit} after the discard; you would have {left}"
        if kind == GIN and left != 0:
            return f"gin needs no deadwood after the discard; you would have {left}"
        return self._not_allowed(action)

    def _discard_moves_text(self) -> str:
        # The discard phase's kinds of move this round has ("discard, knock or
        # gin"): no knock with a knock limit of 0, none that allows() forbids
        # with every card of the hand.
        hand = from_mask(self.hands[self.seat_to_act])
        names = []
        for kind, moves in ((DISCARD, _DISCARDS), (KNOCK, _KNOCKS), (GIN, _GINS)):
            if kind == KNOCK and self.knock_limit() <= 0:
                continue
            if self.filters_moves and not any(self.allows(moves[c]) for c in hand):
                continue
            names.append(kind)
        if not names:
            return "discard"
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"

    def _not_allowed(self, action: Action) -> str | None:
        # A move the built-in rules allow that the house rule's allows() forbids.
        if self.filters_moves and not self.allows(action):
            return f"'{action}' is not allowed in {self.variant}"
        return None


def _cards(cards: str | Iterable[int] | int) -> list[int]:
    """Cards given to :meth:`GinRound.from_deal`: one int, ints, or text."""
    if isinstance(cards, int):
        return [cards]
    return parse_cards(cards) if isinstance(cards, str) else list(cards)


def _times(s: Settlement) -> str:
    return f", ×{s.multiplier}" if s.multiplier != 1 else ""


def _report(seat: int, h: SettledHand) -> HandReport:
    return HandReport(
        seat=seat,
        cards=h.cards,
        melds=h.melds,
        layoffs=h.layoffs,
        deadwood=h.deadwood,
        points=h.deadwood_points,
    )
