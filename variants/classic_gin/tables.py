"""Gin for three and partnership Gin: rounds made of two-player games
(docs/rules.md §4 "Gin for three", "Partnership Gin").

A :class:`TableRound` holds one or more two-player games, each a round of a
two-seat class (:attr:`TableRound.round_class`, :class:`ClassicRound` for the
built-in forms) between two match seats: the game's seat 0 plays first (the
non-dealer of a two-player hand), its seat 1 has the dealer's part (the second
word on the upcard). Each game is dealt from the match's generator with its
own 52-card deck, in order. Turns are interleaved: after a game's turn passes
from one of its players to the other, the next game still going plays; a game
that is over waits for the others; the round is over when every game is.

* :class:`Gin3Round` (``gin-3``): one game between the two seats in play; the
  third seat (the dealer) sits the hand out: no hand, no turn, a view of the
  public table only.
* :class:`PartnersRound` (``gin-partners``): two games at once, each partner
  against one player of the other team (:func:`partner_games`); the hand's
  score follows partnership scoring (:func:`partnership_score`).

Every seat's view shows its own game with match seat numbers: its hand, its
game's stock size and discard pile, its game's events (the opponent's stock
draws hidden), its legal moves when it is to act; ``extra`` is the game's
(``phase``, ``knock_limit``, ``taken``, ``upcard_offer``...; ``dealer`` and
``first_seat`` as match seats) with ``opponent`` (the seat it plays, ``None``
when it sits out) and, with two games, ``game`` (its game's number in the
hand, 1 or 2, as the result's lines number them), ``partner`` and ``other_game`` (the
other game's public facts: ``first_seat``, ``dealer``, ``to_act``,
``stock_size``, ``discard_pile``, ``phase``, ``upcard_offer``, ``turn``,
``over``, ``outcome``, ``winner`` and ``points``). The sitting-out seat of
``gin-3`` sees the game as a spectator: the discard pile, the stock size, the
events with every stock draw hidden. In ``gin-3`` every view's
``extra["dealer"]`` and ``extra["sitting_out"]`` name the seat that dealt and
sits out, and ``upcard_offer`` names the parts of the offer: ``"non-dealer"``
the first player's, ``"dealer"`` the second's.

``zones()`` names every card under the match's seats: with one game
``stock``, ``discard``, ``hand0``.. (the sitting-out seat's hand empty); with
two, ``game1.stock``, ``game1.discard``, ``game2.stock``... and the four
hands, and :meth:`TableRound.decks` gives each game's deck on its own
(``Round.decks``).

``information(seat)`` is that of the seat's own game (a two-seat round's: a
search plays the seat's game out, not the other game); ``resample(seat,
rng)`` re-deals everything the seat has not seen, in every game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import replace as replaced
from types import MappingProxyType
from typing import Any, ClassVar

from rummykit import (
    Action,
    Event,
    InfoState,
    MatchContext,
    Round,
    RoundResult,
    RummyError,
    TableMeld,
    View,
    record_deal,
)
from rummykit.variants.gin import GinRound

from .round import ClassicRound

__all__ = [
    "Game",
    "GameDealer",
    "Gin3Round",
    "PartnersRound",
    "TableRound",
    "partner_games",
    "partnership_score",
    "three_seats",
]

#: Keys of a game's ``view.extra`` that hold one of its seats (0 or 1).
SEAT_KEYS = ("first_seat", "dealer")
_FIELD = re.compile(r"\{(\d+)\}")


@dataclass(frozen=True)
class GameDealer:
    """How one game of a table round is dealt:
    ``round_class.deal(options, 2, round_index, rng, variant=..., match=context)``,
    the deal recorded on the round so that the game can be re-dealt for a
    seat (``Round.information``)."""

    round_class: type[GinRound]
    options: Any
    round_index: int
    variant: str
    context: MatchContext

    def __call__(self, rng: random.Random) -> GinRound:
        rnd = self.round_class.deal(
            self.options, 2, self.round_index, rng, variant=self.variant, match=self.context
        )
        record_deal(rnd, self)
        return rnd

    def __hash__(self) -> int:
        return hash((self.round_class, self.round_index, self.variant, self.context.seats))


class Game:
    """One two-player game of a table round: ``round``, a two-seat round, and
    ``seats``, the match seats of its seats 0 and 1 (seat 0 plays first)."""

    __slots__ = ("round", "seats")

    def __init__(self, rnd: GinRound, seats: tuple[int, int]) -> None:
        self.round = rnd
        self.seats = seats

    def clone(self) -> Game:
        return Game(self.round.clone(), self.seats)

    def inner(self, seat: int) -> int:
        """The game's seat (0 or 1) of match seat ``seat``."""
        return self.seats.index(seat)

    def event(self, e: Event) -> Event:
        """A game's event with the match seat."""
        return Event(self.seats[e.seat], e.action, e.card, e.private, e.pile_closed)

    def result(self, n_seats: int) -> RoundResult | None:
        """The game's result with match seats (``points`` one per match seat)."""
        r = self.round.result
        if r is None:
            return None
        pts = [0] * n_seats
        for k, p in enumerate(r.points):
            pts[self.seats[k]] = p
        return RoundResult(
            points=tuple(pts),
            outcome=r.outcome,
            winner=None if r.winner is None else self.seats[r.winner],
            hands=tuple(replaced(h, seat=self.seats[h.seat]) for h in r.hands),
            text=tuple(self.template(t) for t in r.text),
            counts=r.counts,
        )

    def template(self, text: str) -> str:
        """A result template of the game (``{0}``, ``{1}``) with match seats."""
        return _FIELD.sub(lambda m: "{" + str(self.seats[int(m.group(1))]) + "}", text)

    def extra(self, extra: Mapping[str, Any]) -> dict[str, Any]:
        """A game view's ``extra`` with its seats as match seats."""
        out = dict(extra)
        for key in SEAT_KEYS:
            value = out.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
                out[key] = self.seats[value]
        return out


def _game_context(round_index: int, totals: tuple[int, int], facts: Mapping[str, Any]) -> MatchContext:
    """A game's own context: two seats, its seat 1 dealing (so its seat 0,
    the non-dealer, plays first), the two players' match totals."""
    return MatchContext(round_index, 2, 1, (0, 1), (), totals, (), facts)


class TableRound(Round):
    """A round of one or more two-player games at once (see the module's
    docstring). A form subclasses it with :attr:`round_class` and
    :meth:`make_result`; its ``deal`` says which seats play which game."""

    variant = "table"
    #: The two-seat round each game is a round of.
    round_class: ClassVar[type[GinRound]] = ClassicRound
    # Round.clone: the games are cloned by clone() itself; the seating is
    # never changed after the deal; the view cache is a copy's own.
    copied = (*Round.copied, "order")
    shared = ("games", "seat_game", "_seen")

    games: list[Game]
    #: The game (its index in :attr:`games`) of each event of the history.
    order: list[int]

    def __init__(
        self,
        options: Any,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        pairs: Sequence[tuple[int, int]],
        *,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> None:
        if variant:
            self.variant = variant
        if match is not None:
            self.match = match
        self.options = options
        self.n_seats = n_seats
        self.round_index = round_index
        totals = tuple(match.totals) if match is not None and len(match.totals) == n_seats else (0,) * n_seats
        facts = match.facts if match is not None else {}
        self.games = []
        for a, b in pairs:
            context = _game_context(round_index, (totals[a], totals[b]), facts)
            dealer = GameDealer(self.round_class, options, round_index, self.variant, context)
            self.games.append(Game(dealer(rng), (a, b)))
        self.seat_game = {s: g for g, game in enumerate(self.games) for s in game.seats}
        self.active = 0
        self.order = []
        self.history: list[Event] = []
        self.result: RoundResult | None = None
        self._seen: dict[int, tuple[int, tuple[Event, ...]]] = {}

    # -- the contract -----------------------------------------------------------------

    def to_act(self) -> int | None:
        if self.result is not None:
            return None
        game = self.games[self.active]
        k = game.round.to_act()
        return None if k is None else game.seats[k]

    def legal_actions(self) -> tuple[Action, ...]:
        if self.result is not None:
            return ()
        return self.games[self.active].round.legal_actions()

    def find_legal(self, action: Action) -> Action | None:
        if self.result is not None:
            return None
        return self.games[self.active].round.find_legal(action)

    def why_illegal(self, action: Action) -> str | None:
        if self.result is not None:
            return "the round is over"
        return self.games[self.active].round.why_illegal(action)

    def perform(self, action: Action) -> Event:
        """The move in the game to act; when that game's turn passes to its
        other player, or the game ends, the next game still going plays."""
        game = self.games[self.active]
        rnd = game.round
        before = rnd.to_act()
        inner = rnd.perform(action)
        rnd.history.append(inner)
        self.order.append(self.active)
        if rnd.result is not None or rnd.to_act() != before:
            self._next_game()
        return game.event(inner)

    def _next_game(self) -> None:
        n = len(self.games)
        for step in range(1, n + 1):
            k = (self.active + step) % n
            if self.games[k].round.result is None:
                self.active = k
                return
        self.result = self.make_result()

    def make_result(self) -> RoundResult:
        """The round's result once every game is over."""
        raise NotImplementedError

    # -- what a seat sees ----------------------------------------------------------------

    def hand_sizes(self) -> tuple[int, ...]:
        sizes = [0] * self.n_seats
        for game in self.games:
            hands = game.round.hands
            for k, s in enumerate(game.seats):
                sizes[s] = hands[k].bit_count()
        return tuple(sizes)

    def view(self, seat: int) -> View:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n_seats:
            raise RummyError(f"no seat {seat!r} in a {self.n_seats}-seat round")
        g = self.seat_game.get(seat)
        to_act = self.to_act()
        if g is None:  # sitting out: the public table of the (only) game
            game = self.games[0]
            seen = game.round.view(0)
            extra = {**game.extra(seen.extra), "opponent": None}
            self.adjust_extra(seat, extra)
            return View(
                variant=self.variant,
                seat=seat,
                n_seats=self.n_seats,
                to_act=to_act,
                hand=(),
                hand_sizes=self.hand_sizes(),
                stock_size=seen.stock_size,
                discard_pile=seen.discard_pile,
                table=self._table(game, seen.table),
                history=self.history_seen_by(seat),
                round_index=self.round_index,
                extra=extra,
                result=self.result,
            )
        game = self.games[g]
        k = game.inner(seat)
        seen = game.round.view(k)
        extra = game.extra(seen.extra)
        extra["opponent"] = game.seats[1 - k]
        self.adjust_extra(seat, extra)
        return View(
            variant=self.variant,
            seat=seat,
            n_seats=self.n_seats,
            to_act=to_act,
            hand=seen.hand,
            hand_sizes=self.hand_sizes(),
            stock_size=seen.stock_size,
            discard_pile=seen.discard_pile,
            table=self._table(game, seen.table),
            history=self.game_history(seat, g),
            legal=seen.legal if to_act == seat else (),
            round_index=self.round_index,
            extra=extra,
            result=self.result,
        )

    def adjust_extra(self, seat: int, extra: dict[str, Any]) -> None:
        """What the form adds to ``seat``'s ``view.extra`` (in place)."""

    def public_facts(self, game: Game) -> dict[str, Any]:
        """What everyone may see of ``game``: who plays it, whose turn it is,
        its stock size and discard pile, its stage, and once it is over its
        outcome, winner and points."""
        seen = game.round.view(0)
        extra = game.extra(seen.extra)
        k = game.round.to_act()
        result = game.result(self.n_seats)
        return {
            "first_seat": game.seats[0],
            "dealer": game.seats[1],
            "to_act": None if k is None else game.seats[k],
            "stock_size": seen.stock_size,
            "discard_pile": seen.discard_pile,
            "phase": extra.get("phase"),
            "upcard_offer": extra.get("upcard_offer"),
            "turn": extra.get("turn"),
            "over": result is not None,
            "outcome": None if result is None else result.outcome,
            "winner": None if result is None else result.winner,
            "points": 0 if result is None or result.winner is None else result.points[result.winner],
        }

    def _table(self, game: Game, table: tuple[TableMeld, ...]) -> tuple[TableMeld, ...]:
        return tuple(TableMeld(m.number, game.seats[m.owner], m.cards) for m in table)

    def game_history(self, seat: int, g: int) -> tuple[Event, ...]:
        """The events of game ``g`` as ``seat`` sees them (kept per seat and
        extended by the new events only)."""
        if len(self.games) == 1:
            return self.history_seen_by(seat)
        n = len(self.history)
        done, seen = self._seen.get(seat, (0, ()))
        if done > n:
            done, seen = 0, ()
        if done < n:
            order, history = self.order, self.history
            seen = seen + tuple(history[i].seen_by(seat) for i in range(done, n) if order[i] == g)
            self._seen[seat] = (n, seen)
        return seen

    # -- where the cards are ----------------------------------------------------------------

    def _zones_of(self, game: Game, prefix: str) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for zone, cards in game.round.zones().items():
            if zone in ("hand0", "hand1"):
                out[f"hand{game.seats[int(zone[4])]}"] = list(cards)
            else:
                out[prefix + zone] = list(cards)
        return out

    def zones(self) -> Mapping[str, Sequence[int]]:
        """Every card under the match's seats: ``stock``, ``discard``,
        ``hand0``.. with one game (a seat sitting out has an empty hand);
        ``game1.stock``, ``game1.discard``, ``game2.stock``... with several."""
        out: dict[str, list[int]] = {}
        several = len(self.games) > 1
        for g, game in enumerate(self.games):
            out.update(self._zones_of(game, f"game{g + 1}." if several else ""))
        for s in range(self.n_seats):
            out.setdefault(f"hand{s}", [])
        return out

    def decks(self) -> tuple[Mapping[str, Sequence[int]], ...]:
        """Each game's deck on its own (its ``stock``, ``discard`` and its two
        players' hands); one game: ``(zones(),)``."""
        if len(self.games) == 1:
            return (self.zones(),)
        return tuple(self._zones_of(game, "") for game in self.games)

    # -- copies and re-deals ------------------------------------------------------------------

    def clone(self) -> TableRound:
        new = super().clone()
        new.games = [game.clone() for game in self.games]
        new._seen = {}
        return new

    def information(self, seat: int) -> InfoState:
        """What ``seat`` knows of its own game (that game's information state,
        its seats the game's 0 and 1): what a search plays out."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n_seats:
            raise RummyError(f"no seat {seat!r} in a {self.n_seats}-seat round")
        g = self.seat_game.get(seat)
        if g is None:
            raise NotImplementedError(f"seat {seat + 1} sits this hand out: it has no game to search")
        game = self.games[g]
        return game.round.information(game.inner(seat))

    def resample(self, seat: int, rng: random.Random) -> TableRound:
        """A round ``seat`` cannot tell from this one: its own game re-dealt
        from what it saw, every other game re-dealt as a spectator sees it
        (for each of its players in turn, what that player has not seen)."""
        if not isinstance(rng, random.Random):
            raise TypeError(f"a resampling draws from a random.Random generator, not {type(rng).__name__}")
        new = self.clone()
        for game in new.games:
            if seat in game.seats:
                game.round = game.round.information(game.inner(seat)).sample(rng)
            else:
                rnd = game.round.information(0).sample(rng)
                game.round = rnd.information(1).sample(rng)
        events = [iter(game.round.history) for game in new.games]
        new.history = [new.games[g].event(next(events[g])) for g in new.order]
        new._seen = {}
        new._history_seen = None
        if new.result is not None:
            new.result = new.make_result()
        return new


# -- Gin for three ------------------------------------------------------------------------


def three_seats(match: MatchContext | None) -> tuple[int, int]:
    """The two seats that play a hand of Gin for three, in order of play: the
    context's seats in play; else the two after its dealer; else 0 and 1."""
    if match is not None and len(match.seats) == 2:
        a, b = match.seats
        return a, b
    dealer = match.dealer if match is not None and match.dealer is not None else 2
    return (dealer + 1) % 3, (dealer + 2) % 3


class Gin3Round(TableRound):
    """A hand of Gin for three: one classic game between the two seats in
    play (the first of them plays first), the dealer sitting it out."""

    variant = "gin-3"
    replays_unchecked = False
    #: The outcomes of a hand (those of the game).
    outcome_counts: ClassVar[Mapping[str, str]] = ClassicRound.outcome_counts

    @classmethod
    def deal(
        cls,
        options: Any,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> Gin3Round:
        """A hand dealt with ``rng`` to the two seats in play of ``match``."""
        if n_seats != 3:
            raise RummyError(f"{variant or cls.variant} is for 3 players, not {n_seats}")
        return cls(options, 3, round_index, rng, (three_seats(match),), variant=variant, match=match)

    def adjust_extra(self, seat: int, extra: dict[str, Any]) -> None:
        """``dealer`` and ``sitting_out``: the seat that dealt and sits out."""
        away = self.sitting_out()
        extra["dealer"] = extra["sitting_out"] = away[0] if away else None

    def sitting_out(self) -> tuple[int, ...]:
        """The seats with no game this hand."""
        return tuple(s for s in range(self.n_seats) if s not in self.seat_game)

    def make_result(self) -> RoundResult:
        result = self.games[0].result(self.n_seats)
        assert result is not None
        away = " and ".join(f"{{{s}}}" for s in self.sitting_out())
        return replaced(result, text=(*result.text, f"{away} dealt and sat this hand out"))


# -- Partnership Gin -------------------------------------------------------------------------


def partner_games(dealer: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two games of a partnership hand dealt by ``dealer`` (teams seats 0
    and 2 against 1 and 3), each as (first to play, its dealer): the dealer
    plays the seat on its left, who plays first; the dealer's partner plays
    the seat on its own left, who plays first too. As the deal passes to the
    left, each player meets the other opponent."""
    d = dealer % 4
    return ((d + 1) % 4, d), ((d + 3) % 4, (d + 2) % 4)


def partnership_score(
    points: Sequence[int], winners: Sequence[int | None], teams: Sequence[Sequence[int]]
) -> tuple[int | None, int, int | None]:
    """The partnership score of a hand from its games' ``points`` (what each
    game's winner scored) and ``winners`` (each game's winning seat, ``None``
    for a game with no score): ``(team, points, game)``, the team that scores
    (an index of ``teams``, ``None`` for nobody), what it scores and the game
    (index) whose winner is credited. Both games won by one team: the two
    scores add. One game each: the difference goes to the team with the
    higher score (equal: nobody scores). A game with no score counts 0."""

    def team_of(seat: int) -> int:
        return next(i for i, t in enumerate(teams) if seat in t)

    won = [(g, team_of(w), points[g]) for g, w in enumerate(winners) if w is not None]
    if not won:
        return None, 0, None
    by_team = [0] * len(teams)
    for _, t, p in won:
        by_team[t] += p
    best = max(won, key=lambda x: (x[2], -x[0]))  # the higher score; equal: the first game
    if len({t for _, t, _ in won}) == 1:
        return best[1], by_team[best[1]], best[0]
    other = max(by_team[t] for t in range(len(teams)) if t != best[1])
    diff = by_team[best[1]] - other
    if diff == 0:
        return None, 0, None
    return best[1], diff, best[0]


TEAMS = ((0, 2), (1, 3))


class PartnersRound(TableRound):
    """A hand of partnership Gin: two classic games at once, interleaved, one
    deck each (see the module's docstring)."""

    variant = "gin-partners"
    replays_unchecked = False
    #: The outcomes of a hand: one team won both games (``sweep``), one game
    #: each (``split``), one game won and the other with no score
    #: (``single``), no score in either (``draw``).
    outcomes: ClassVar[tuple[str, ...]] = ("draw", "single", "split", "sweep")

    @classmethod
    def deal(
        cls,
        options: Any,
        n_seats: int,
        round_index: int,
        rng: random.Random,
        variant: str | None = None,
        match: MatchContext | None = None,
    ) -> PartnersRound:
        """A hand dealt with ``rng``: the games of :func:`partner_games` for
        the match's dealer (seat 4 when no match names one), game 1 first."""
        if n_seats != 4:
            raise RummyError(f"{variant or cls.variant} is for 4 players, not {n_seats}")
        dealer = match.dealer if match is not None and match.dealer is not None else 3
        return cls(options, 4, round_index, rng, partner_games(dealer), variant=variant, match=match)

    def adjust_extra(self, seat: int, extra: dict[str, Any]) -> None:
        """``game`` (1 or 2), ``partner`` and the public facts of the ``other_game``."""
        g = self.seat_game[seat]
        extra["game"] = g + 1
        extra["partner"] = next(s for s in TEAMS[seat % 2] if s != seat)
        extra["other_game"] = MappingProxyType(self.public_facts(self.games[1 - g]))

    def make_result(self) -> RoundResult:
        results = [game.result(self.n_seats) for game in self.games]
        assert all(r is not None for r in results)
        rs = [r for r in results if r is not None]
        winners = [r.winner for r in rs]
        scores = [0 if r.winner is None else r.points[r.winner] for r in rs]
        team, score, credited = partnership_score(scores, winners, TEAMS)
        pts = [0] * self.n_seats
        winner = None
        scored = [w for w in winners if w is not None]
        if team is not None and credited is not None:
            if len(scored) == 2 and scored[0] % 2 == scored[1] % 2:  # one team won both games
                outcome = "sweep"
                for r in rs:
                    if r.winner is not None:
                        pts[r.winner] += r.points[r.winner]
            else:
                outcome = "split" if len(scored) == 2 else "single"
                seat = winners[credited]
                assert seat is not None
                pts[seat] = score
            winner = winners[credited]
        else:
            outcome = "split" if len(scored) == 2 else "draw"
        text: list[str] = []
        for g, r in enumerate(rs):
            text.extend(f"game {g + 1}: {t}" for t in r.text)
        text.append(self.summary(outcome, scores, winners, score, winner))
        counts: dict[str, int] = {}
        for r in rs:
            for key, n in r.counts.items():
                counts[key] = counts.get(key, 0) + n
        hands = sorted((h for r in rs for h in r.hands), key=lambda h: h.seat)
        return RoundResult(
            points=tuple(pts),
            outcome=outcome,
            winner=winner,
            hands=tuple(hands),
            text=tuple(text),
            counts=counts,
        )

    @staticmethod
    def summary(
        outcome: str, scores: Sequence[int], winners: Sequence[int | None], score: int, winner: int | None
    ) -> str:
        """The hand's partnership score in words."""

        def team(seat: int) -> str:
            a, b = TEAMS[seat % 2]
            return f"{{{a}}} and {{{b}}}"

        if outcome == "draw":
            return "no score in either game: the hand scores nothing"
        if outcome == "sweep":
            assert winner is not None
            return f"{team(winner)} win both games: {scores[0]} + {scores[1]} = {score} for their team"
        if outcome == "single":
            assert winner is not None
            return f"one game has no score: {team(winner)} score {score}"
        if winner is None:
            return f"one game each, {scores[0]} and {scores[1]}: equal, the hand scores nothing"
        high, low = max(scores), min(scores)
        return f"one game each: {high} - {low} = {score} to {team(winner)}, the higher score"
