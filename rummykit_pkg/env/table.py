"""The game an environment runs: a round or a match of any installed variant,
its seats' views encoded, moves given as action indices.

:class:`Table` is shared by the PettingZoo environment (:mod:`.aec`) and the
Gymnasium one (:mod:`.single`). An episode is one round (``episode="round"``:
the first round of a match of that seed, dealt with ``random.Random(seed)``
and the :class:`~rummykit.core.engine.context.MatchContext` the variant's
match rule gives it; under a built-in rule without teams, the round
``rummy simulate --rounds`` deals for that seed) or one match (``episode="match"``:
:class:`~rummykit.core.play.match.Match` with that seed, as ``rummy simulate``
plays a match). A seat the match rule does not seat in a round has no turn in
it (the variant's round never names it to act): its observation hides every
hand and its action mask is empty.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel

from rummykit.core.base.errors import RummyError
from rummykit.core.cards.card import code
from rummykit.core.engine.actions import Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.options import build_options, is_truth_value, shown_value
from rummykit.core.engine.resample import deal_round
from rummykit.core.engine.round import Event, Round, RoundResult, View
from rummykit.core.play.match import Match, check_players, checked_view, match_rule
from rummykit.core.play.simulate import MAX_ACTIONS_PER_ROUND, MAX_ROUNDS_PER_MATCH
from rummykit.core.plugins.registry import Registry, VariantSpec

from .codec import ActionCodec, CodecError, codec_for
from .encode import CountTracker, Encoder, Tracker, first_context, next_parts, seats_matter

__all__ = ["EPISODES", "IllegalActionIndex", "Table", "resolve"]

#: What an episode may be.
EPISODES = ("round", "match")
_SEED_BITS = 63
#: Tuples of legal actions whose indices and mask a Table keeps (the most recent).
_INDEXED = 8


def resolve(
    variant: str | VariantSpec[Any], options: Mapping[str, Any] | BaseModel | None, registry: Registry | None
) -> tuple[VariantSpec[Any], BaseModel]:
    """The variant's spec (by name, from the installed plugins or ``registry``)
    and its options (a mapping validated by the variant's model)."""
    if registry is not None and not isinstance(registry, Registry):
        raise RummyError(f"registry is a rummykit Registry or None, not {shown_value(registry)}")
    if isinstance(variant, VariantSpec):
        spec = variant
    else:
        if registry is None:
            from rummykit.core.plugins.manager import get_plugins

            registry = get_plugins().registry
        spec = registry.variant(variant)
    if options is None:
        opts: BaseModel = build_options(spec.options_model, {}, spec.name)
    elif isinstance(options, BaseModel):
        if not isinstance(options, spec.options_model):
            raise RummyError(f"options for {spec.name} are {spec.options_model.__name__} or a mapping")
        opts = options
    elif isinstance(options, Mapping):
        opts = build_options(spec.options_model, dict(options), spec.name)
    else:
        raise RummyError(
            f"options for {spec.name} are a mapping of option names to values (or a "
            f"{spec.options_model.__name__}), not {options!r}"
        )
    return spec, opts


def count_of(value: Any, what: str) -> int:
    """``value`` as an int (a Python or numpy integer, not a bool), or a
    :class:`RummyError` saying ``what`` it should have been."""
    if isinstance(value, bool):
        raise RummyError(f"{what} is a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise RummyError(f"{what} is a whole number, not {value!r}") from None


def seed_of(value: Any) -> int:
    """``value`` as a seed: a whole number from 0 up (as ``rummy play --seed``
    takes), else a :class:`RummyError`. A negative one would deal another
    seed's game (``random.Random(-7)`` is ``random.Random(7)``)."""
    seed = count_of(value, "a seed")
    if seed < 0:
        raise RummyError(f"a seed is a whole number from 0 up, not {shown_value(seed)}")
    return seed


def action_index(value: Any) -> int:
    """An action given as an index: an int, a numpy integer, or a numpy array of
    one integer; else a :class:`CodecError` (a float, even ``1.0``, text such as
    ``"0"`` and truth values, numpy's too, included)."""
    given = value
    if getattr(value, "ndim", 0) and getattr(value, "size", 0) == 1:  # numpy: [5], [[5]]
        value = value.reshape(())
    if is_truth_value(value) or isinstance(value, (str, bytes, bytearray)):
        raise CodecError(f"an action is an index, not {shown_value(given)}")
    try:
        return operator.index(value)
    except TypeError:
        raise CodecError(f"an action is an index, not {shown_value(given)}") from None


def round_info(result: RoundResult) -> dict[str, Any]:
    """What an environment's ``info["round"]`` says of a round that ended."""
    return {"outcome": result.outcome, "winner": result.winner, "points": list(result.points)}


def seating_text(context: MatchContext) -> str:
    """The seating of a round in words: "in play: 2 0; dealer 1; out: 3; teams: 0+2 v 1+3"."""
    parts = ["in play: " + " ".join(map(str, context.seats))]
    if context.dealer is not None:
        parts.append(f"dealer {context.dealer}")
    if context.out:
        parts.append("out: " + " ".join(map(str, context.out)))
    if context.teams:
        parts.append("teams: " + " v ".join("+".join(map(str, t)) for t in context.teams))
    return "; ".join(parts)


class IllegalActionIndex(CodecError):
    """An action index that is not a legal move now."""


class Table:
    """One episode at a time of ``spec`` between ``n_seats`` seats."""

    def __init__(
        self, spec: VariantSpec[Any], options: BaseModel, n_seats: Any, episode: str = "round"
    ) -> None:
        # n_seats and a seed are Any: checked here, also when mypyc compiles this module.
        if episode not in EPISODES:
            raise RummyError(f"episode must be 'round' or 'match', not {episode!r}")
        n_seats = count_of(n_seats, "seats")
        check_players(spec, n_seats)
        self.spec = spec
        self.options = options
        self.n_seats = n_seats
        self.episode = episode
        # A round's points as rewards: negated when the lowest total wins, so
        # that more is better for every seat under every match rule.
        rule = match_rule(spec, options)
        self.points_sign = -1.0 if rule.lowest_wins else 1.0
        #: Whether the match rule may sit seats out, name a dealer or make teams
        #: (:func:`seats_matter`): then a round episode's views carry its context.
        self.seated = seats_matter(rule)
        # A built-in rule without teams starts every match alike, drawing
        # nothing: its first context is made once.
        self._first: MatchContext | None = (
            None if self.seated else first_context(spec, options, n_seats, random.Random(0))
        )
        #: The context of the round being played (a match's: ``game.context``).
        self.context: MatchContext = self._first or MatchContext.every_seat(n_seats)
        self.codec: ActionCodec = codec_for(spec, n_seats, options)
        self.encoder = Encoder(spec, n_seats, options, self.codec)
        self.rng = random.Random()
        self.seed = 0
        self.game: Round | Match | None = None
        self.round: Round | None = None
        self.trackers: list[Tracker | CountTracker | None] = [None] * n_seats
        self.actions = 0  # in this round
        self.over = False
        self.truncated = False
        self._legal: tuple[Action, ...] | None = None
        self._indices: list[int] = []  # of the actions in _legal
        self._by_index: dict[int, Action] | None = None
        self._no_moves = bytes(self.encoder.n_actions)
        #: Whether the codec chooses some moves in several parts (``encode_parts``).
        self.parts = self.encoder.parts
        #: The parts chosen so far of the move in progress (a codec with parts).
        self.chosen: tuple[int, ...] = ()
        self._parts: list[tuple[int, ...]] = []  # of the actions in _legal (a codec with parts)
        self._parts_of: tuple[tuple[Action, ...], list[tuple[int, ...]]] | None = None  # the last met
        self._mask = self._no_moves  # of the legal actions in _legal
        # The last few tuples of legal actions indexed: id -> (tuple, indices, mask).
        self._indexed: dict[int, tuple[tuple[Action, ...], list[int], bytes]] = {}

    # -- episodes ------------------------------------------------------------------

    def reset(self, seed: Any = None) -> int:
        """Deal a new episode; ``seed`` ``None``: one drawn from the generator
        the last seed started. Returns the episode's seed."""
        if seed is not None:
            seed = seed_of(seed)
            self.rng = random.Random(seed)
        else:
            seed = self.rng.getrandbits(_SEED_BITS)
        self.seed = seed
        if self.episode == "match":
            self.game = Match(self.spec, self.options, self.n_seats, seed)
            self.game.keep_history = False
            self.round = self.game.round
            self.context = self.game.context
        else:
            deal = random.Random(seed)
            first = self._first
            self.context = (
                first_context(self.spec, self.options, self.n_seats, deal) if first is None else first
            )
            self.game = self.round = deal_round(self.spec, self.options, self.n_seats, 0, deal, self.context)
        self.over = self.truncated = False
        self._new_round()
        return seed

    def _new_round(self) -> None:
        self.trackers = [None] * self.n_seats
        self.actions = 0
        self._legal = None
        self.chosen = ()

    def _game(self) -> Round | Match:
        if self.game is None:
            raise RummyError("reset the environment before using it")
        return self.game

    # -- what seats see ---------------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.over else self._game().to_act()

    def view(self, seat: int) -> View:
        """What ``seat`` sees now (with the match totals in a match; in a
        round episode under a rule that seats players (:attr:`seated`), with
        the round's match context)."""
        view = checked_view(self._game().view(seat), self.spec.name, seat)
        if self.seated and view.match is None:
            view = view.with_scores(view.scores or self.context.totals, None, self.context)
        return view

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        view = self.view(seat)
        tracker = self.trackers[seat]
        if tracker is None:
            tracker = self.trackers[seat] = self.encoder.tracker(view)
        obs = self.encoder.observation(view, tracker)
        if self.chosen and view.to_act == seat:
            self.encoder.add_chosen(obs, self.chosen)
        if self.over and view.to_act is not None:  # ended by an illegal action or a safeguard
            at = self.encoder.layout["to_act"][0]
            obs[at : at + self.n_seats] = 0.0
        if not self.over and view.to_act == seat:
            if self._legal is None:
                self._index_legal()
            mask = bytearray(self._mask)
        else:
            mask = bytearray(self._no_moves)
        return {"observation": obs, "action_mask": np.frombuffer(mask, np.int8)}

    def _index_legal(self) -> tuple[Action, ...]:
        """Index the legal actions now: their indices (in their order) and the
        action mask. Once after each action: a round changes only through apply.
        A tuple of legal actions met again (a variant may hand out the same
        tuple for a recurring case, as Gin does for its draws) is indexed once."""
        legal = self._game().legal_actions()
        if self.parts:
            return self._index_parts(legal)
        cache = self._indexed
        # Each cached tuple is held by the cache, so no other object has its id
        # while it is there; a copy of the table (pickled, deep-copied) holds
        # copies of the tuples under the first ones' ids, hence the check.
        known = cache.pop(id(legal), None)
        if known is not None and known[0] is legal:
            _, indices, packed = known
            cache[id(legal)] = known  # now the most recent
        else:
            indices = self.encoder.indices(legal)
            packed = self.encoder.packed_mask(indices)
            if len(cache) >= _INDEXED:
                del cache[next(iter(cache))]  # the least recent
            cache[id(legal)] = (legal, indices, packed)  # legal kept: its id stays its own
        self._legal = legal
        self._indices = indices
        self._mask = packed
        self._by_index = None
        return legal

    def _index_parts(self, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """:meth:`_index_legal` for a codec with parts: each action's parts,
        and its next part after :attr:`chosen` (-1: none) as its index."""
        known = self._parts_of
        if known is not None and known[0] is legal:
            parts = known[1]
        else:
            parts = self.encoder.part_indices(legal)
            self._parts_of = (legal, parts)
        indices = next_parts(parts, self.chosen)
        self._legal = legal
        self._parts = parts
        self._indices = indices
        self._mask = self.encoder.packed_mask([i for i in indices if i >= 0])
        self._by_index = None
        return legal

    def choose(self, index: Any) -> Action | None:
        """The legal action whose last part is ``index`` (after :attr:`chosen`),
        or ``None`` when ``index`` is a part of a move that needs more (kept in
        :attr:`chosen`: the same seat chooses the next). A
        :class:`RummyError` when no legal action goes on with ``index``."""
        i = action_index(index)
        if not self.parts:
            return self.action(i)
        if self._legal is None:
            self._index_legal()
        if not (0 <= i < len(self._mask) and self._mask[i]):
            return self.action(i)  # the error
        chosen = (*self.chosen, i)
        for parts, action in zip(self._parts, self._legal or (), strict=True):
            if parts == chosen:
                self.chosen = ()
                return action
        self.chosen = chosen
        self._legal = None  # the mask of the next part
        return None

    def continues(self, index: int) -> bool:
        """Whether the int ``index`` is a part of a legal move in parts that
        needs more parts (a codec with parts)."""
        if not self.parts or self.over:
            return False
        if self._legal is None:
            self._index_legal()
        return 0 <= index < len(self._mask) and bool(self._mask[index]) and self.legal_at(index) is None

    def legal_by_index(self) -> dict[int, Action]:
        """The legal actions now, by action index."""
        legal = self._legal if self._legal is not None else self._index_legal()
        if self._by_index is None:
            if self.parts:  # the actions whose last part is next
                chosen = self.chosen
                k = len(chosen) + 1
                self._by_index = {
                    p[-1]: a
                    for p, a in zip(self._parts, legal, strict=True)
                    if len(p) == k and p[:-1] == chosen
                }
            else:
                self._by_index = dict(zip(self._indices, legal, strict=True))
        return self._by_index

    def legal_at(self, index: int) -> Action | None:
        """The legal action numbered by the int ``index``, or ``None``."""
        legal = self._legal if self._legal is not None else self._index_legal()
        if 0 <= index < len(self._mask) and self._mask[index]:
            if self.parts:  # the action this part completes, if it completes one
                chosen = (*self.chosen, index)
                for parts, action in zip(self._parts, legal, strict=True):
                    if parts == chosen:
                        return action
                return None
            return legal[self._indices.index(index)]
        return None

    def action(self, index: Any) -> Action:
        """The legal action numbered ``index`` (or a :class:`RummyError`)."""
        i = action_index(index)
        action = self.legal_at(i)
        if action is None:
            what = self.codec.decode(i).notation() if 0 <= i < self.codec.n else "out of range"
            raise IllegalActionIndex(f"action {shown_value(i)} ({what}) is not legal now")
        return action

    # -- playing ------------------------------------------------------------------------

    def apply(self, action: Action) -> tuple[Event, RoundResult | None]:
        """Do ``action`` (one of the legal actions, as :meth:`action` gives
        them). Returns its event and the result of the round it ended (or
        ``None``). Sets :attr:`over` at the end of the episode (and
        :attr:`truncated` when a safeguard ended it)."""
        game = self._game()
        rnd = self.round
        assert rnd is not None
        event = game.apply(action)
        self._legal = None
        self.chosen = ()
        self.actions += 1
        result = rnd.result
        if result is None:
            if self.actions >= MAX_ACTIONS_PER_ROUND:
                self.over = self.truncated = True
            return event, None
        if isinstance(game, Match):
            if game.over:
                self.over = True
                self.truncated = game.stalled  # ended by the safeguard, not by the rule
            elif game.rounds_played >= MAX_ROUNDS_PER_MATCH:
                self.over = self.truncated = True
            else:
                self.round = game.round
                self.context = game.context
                self._new_round()
        else:
            self.over = True
        return event, result

    def round_rewards(self, points: Sequence[int], context: MatchContext | None = None) -> list[float]:
        """Each seat's reward for a round that scored ``points`` (dealt with
        ``context``, by default the round's now): its points, or with teams
        its team's (the sum of its team's points), negated under a match rule
        where the lowest total wins."""
        sign = self.points_sign
        teams = (self.context if context is None else context).teams
        if not teams:
            return [sign * p for p in points]
        rewards = [sign * p for p in points]  # a seat in no team: its own
        for team in teams:
            reward = sign * sum(points[s] for s in team)
            for s in team:
                rewards[s] = reward
        return rewards

    def match_rewards(self) -> list[float]:
        """+1 for each of the match's winners (the winning seat, or every seat
        of the winning team), -1 for every other seat; 0 for all when nobody
        won or a safeguard stopped the match."""
        game = self._game()
        winners = game.winners if isinstance(game, Match) and game.over and not game.stalled else ()
        if not winners:
            return [0.0] * self.n_seats
        return [1.0 if s in winners else -1.0 for s in range(self.n_seats)]

    def render(self, mode: str | None) -> str | None:
        """An environment's ``render`` in ``mode``: nothing without a mode, the
        text printed for ``"human"``, the text itself for ``"ansi"``."""
        if mode is None:
            return None
        text = self.render_text()
        if mode == "human":
            print(text)
            return None
        return text

    def render_text(self) -> str:
        """The public state and the hand of the seat to act, as text."""
        if self.game is None:
            return "(not dealt yet)"
        seat = self.to_act()
        view = self.view(0 if seat is None else seat)
        lines = [f"{self.spec.title}: {self.n_seats} seats, round {view.round_index + 1}"]
        if view.scores:
            lines.append("totals: " + " ".join(str(s) for s in view.scores))
        if self.seated:
            lines.append(seating_text(self.context))
        # A declared deck's cards as a player names them (copies alike, JK for a joker).
        fmt = self.encoder.deck.code if self.encoder.counted else code
        top = fmt(view.discard_pile[-1]) if view.discard_pile else "-"
        lines.append(f"stock {view.stock_size}, discard pile {len(view.discard_pile)} (top {top})")
        for meld in view.table:
            lines.append(f"meld {meld.number} (seat {meld.owner}): " + " ".join(fmt(c) for c in meld.cards))
        if seat is None:
            result = self.round.result if self.round is not None else None
            if result is not None:
                lines.append(f"over: {result.outcome}, points {list(result.points)}")
        else:
            lines.append(f"seat {seat} to act, hand: " + " ".join(fmt(c) for c in view.hand))
            if self.chosen:
                chosen = "; ".join(self.codec.decode(i).notation(fmt) for i in self.chosen)
                lines.append(f"chosen so far of a move in parts: {chosen}")
            lines.append(
                "legal: "
                + ", ".join(a.notation(fmt) if self.encoder.counted else a.notation() for a in view.legal)
            )
        return "\n".join(lines)
