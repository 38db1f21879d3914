"""The generic search every variant gets: ``ai:search``.

It plays any variant through the engine contract alone: the seat's
information state (:meth:`Round.information <rummykit.core.engine.round.Round.information>`:
``sample`` draws full states the seat cannot tell from the real one),
:meth:`~rummykit.core.engine.round.Round.clone`, ``legal_actions`` and ``apply``;
its play-outs are played by the game loop (:class:`~rummykit.core.engine.loop.Loop`),
as every game is. It never sees the real round: the match hands it its information state
(``act(view, legal, info=...)``, :func:`rummykit.core.bots.agents.act_kwargs`).

How a move is chosen (determinized Monte Carlo with successive halving):

1. The *candidates* are the legal actions (a hook may narrow them). With one,
   it is played at once.
2. Each *iteration* draws one state from the information state (weighted by
   the seat's beliefs, :mod:`rummykit.core.bots.beliefs`: which unseen cards
   each opponent likely holds after what it took, passed on and threw away),
   then plays each
   surviving candidate on a copy of it and the rest of the round *out*: every
   seat, this one included, moved by the roll-out policy. Every candidate
   meets the same states and the same roll-out seeds (common random numbers),
   so the comparison is between moves, not between deals.
3. The budget is spread over ``ceil(log2(K))`` rungs for ``K`` candidates;
   after each rung the better half (by mean value) plays on. A two-step turn
   (draw, then discard) is searched one step at a time: the draw's roll-outs
   let the policy make the rest of the turn.
4. A roll-out's *value* is the seat's chance to win the match once the round's
   points are added to the totals (:mod:`rummykit.core.bots.equity`; the match
   ends when a total reaches the target). The model's round scores are those
   of the search's own roll-outs (the highest scorer's points of each, rebuilt
   as they grow fourfold). With no target, a round's worth is the seat's share
   of its points (:func:`~rummykit.core.bots.equity.round_value`), or, under a
   match rule that ranks the lowest total first (``InfoState.lowest_wins``),
   its share of the points counted the other way (the fewest points best).
5. The candidate with the best mean wins if it is ahead of the *prior* (by
   default the roll-out policy's own move) by ``confidence`` standard errors
   of the paired differences (``ai:search``: 2); otherwise the prior is played.
6. Optionally (``close_iterations``, off by default) a *close* decision gets
   more: when the best other candidate is within ``close_margin`` standard
   errors of that line (either side), it and the prior play on for
   ``close_iterations`` more roll-outs on new deals, and step 5 chooses
   between the two.

The **roll-out policy** is, by default, the variant's strongest computer
player marked ``rollout=True`` in its :class:`~rummykit.core.plugins.registry.AgentSpec`
(fast, deciding from its view alone), else ``random``. It plays every seat in
a roll-out, whoever sits there: no opponent is assumed to be a particular bot.

The **budget** is a number of roll-outs per decision (``iterations``), so the
same seed gives the same moves; ``max_moves`` bounds the moves they play in
all (the decision stops at the first iteration past it); ``time_cap``
(seconds, off by default) stops a decision early and makes it depend on the
clock. The search's seed is the agent's seed.

**Play-outs cut short.** A round may say what each seat would score were it to
end now: a method ``cut_points()`` returning a point per seat, counted as the
round's result counts them (Contract Rummy: the penalty points each hand
holds). In such a round every roll-out is cut after ``max_moves`` divided by
the roll-outs the decision plans (at least :data:`MIN_HORIZON` actions) and
valued by ``cut_points()``, so a decision keeps its budget however long the
round's play-outs run. A round without it is played to its end (a roll-out
still going after :data:`MAX_ROLLOUT_ACTIONS` actions scores all zero).

**Hooks** for variant knowledge (all optional; a variant's own strong bot may
subclass :class:`SearchAgent` or pass them): :meth:`SearchAgent.candidates`
(which moves to search), :meth:`SearchAgent.prior` (the move kept on a tie,
and played when there is nothing to search with), and the roll-out policy
(``policy``, an agent factory).
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NoReturn

from rummykit.core.base.errors import IllegalAction
from rummykit.core.base.values import is_whole_number, shown_value
from rummykit.core.bots.agents import BaseAgent, RandomAgent
from rummykit.core.bots.beliefs import Beliefs, belief_sample
from rummykit.core.bots.equity import MatchEquity, round_value, score_histogram, step_for
from rummykit.core.engine.actions import Action
from rummykit.core.engine.loop import WAITING, Loop
from rummykit.core.engine.resample import deal_round
from rummykit.core.engine.round import Round, View, options_mapping
from rummykit.core.plugins.registry import AgentSpec

if TYPE_CHECKING:
    from rummykit.core.engine.resample import InfoState
    from rummykit.core.plugins.registry import AgentSpec, Registry, VariantSpec

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_MAX_MOVES",
    "NAME",
    "SEARCH_CONFIDENCE",
    "STRENGTH",
    "RolloutError",
    "RulesSearchAgent",
    "SearchAgent",
    "kept_reason",
    "make_search",
    "paired_t",
    "rollout_policy",
    "search_spec",
    "supports",
    "t975",
    "t_confirms",
    "unsupported",
    "with_iterations",
]

NAME = "ai:search"
#: Its place among a variant's players: above ``ai:normal`` (20), below a
#: variant's own ``ai:hard`` (30), so it is the default opponent and gives the
#: hints only where a variant has nothing stronger.
STRENGTH = 25
#: Roll-outs per decision by default.
DEFAULT_ITERATIONS = 64
#: ``ai:search`` plays another move than its prior only when it is this many
#: standard errors ahead: with every legal move a candidate and few roll-outs
#: each, one standard error overrules the prior on noise too often.
SEARCH_CONFIDENCE = 2.0
#: Moves played in roll-outs per decision, at most, by default.
DEFAULT_MAX_MOVES = 2000
#: A roll-out still going after this many actions is scored as a round nobody won
#: (or by the round's ``cut_points()``, where it has them).
MAX_ROLLOUT_ACTIONS = 10_000
#: The fewest actions a roll-out plays before it is cut, in a round that
#: values a cut play-out (``cut_points()``).
MIN_HORIZON = 32
#: Round scores the equity model is first built from; rebuilt at four times as many.
_MODEL_FIRST = 16

PolicyFactory = Callable[[int, int, Any], Any]


class RolloutError(Exception):
    """The roll-out policy failed inside a search. The message names it and the
    plugin that registered it (the search's own :class:`SafeAgent
    <rummykit.core.bots.guard.SafeAgent>` adds who was searching)."""


def _random_policy(seat: int, seed: int, options: Any) -> RandomAgent:
    return RandomAgent(seed)


class SearchAgent(BaseAgent):
    """The generic search (see the module's docstring).

    ``policy(seat, seed, options)`` makes the roll-out policy's agent (default:
    ``random``); ``iterations`` is the budget in roll-outs per decision, and
    ``max_moves`` (``None``: no bound) bounds the moves those roll-outs play
    in all, so long rounds cost no more time than short ones; ``time_cap``
    (seconds) optionally ends a decision early; ``confidence`` (default: the
    class's :attr:`CONFIDENCE`) is how many standard errors of the paired
    differences a move must be ahead of the prior to be played instead;
    ``policy_name`` names the policy (and its plugin) when it fails: a
    :class:`RolloutError` says the policy failed, not the search;
    ``beliefs`` (default ``True``: :class:`~rummykit.core.bots.beliefs.Beliefs`
    with core's card model; a :class:`Beliefs` of the variant's; ``False`` or
    ``None``: uniform) is what the deals are drawn with; ``close_iterations``
    (default 0: none) roll-outs more go to a decision whose best other
    candidate is within ``close_margin`` standard errors of overruling the
    prior (the module's step 6), within ``max_moves`` and ``time_cap``.
    """

    wants_information = True
    #: Standard errors of the paired difference by which a candidate must beat
    #: the prior to be played instead, unless ``confidence`` is given.
    CONFIDENCE = 1.0

    def __init__(
        self,
        seed: int = 0,
        *,
        options: Any = None,
        policy: PolicyFactory | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        max_moves: int | None = DEFAULT_MAX_MOVES,
        time_cap: float | None = None,
        confidence: float | None = None,
        policy_name: str = "",
        beliefs: Beliefs | bool | None = True,
        close_iterations: int = 0,
        close_margin: float = 1.0,
    ) -> None:
        if not is_whole_number(iterations) or iterations < 1:
            raise ValueError(f"iterations is a whole number of roll-outs, at least 1, not {iterations!r}")
        if max_moves is not None and (not is_whole_number(max_moves) or max_moves < 1):
            raise ValueError(f"max_moves is None or a whole number, at least 1, not {max_moves!r}")
        if time_cap is not None and not (_real(time_cap) and 0 < time_cap < math.inf):
            raise ValueError(f"time_cap is None or a number of seconds above 0, not {time_cap!r}")
        if not is_whole_number(close_iterations) or close_iterations < 0:
            raise ValueError(
                f"close_iterations is a whole number of roll-outs, 0 or more, not {close_iterations!r}"
            )
        if not (_real(close_margin) and close_margin >= 0):
            raise ValueError(f"close_margin is a number of standard errors, 0 or more, not {close_margin!r}")
        if confidence is not None and not (_real(confidence) and confidence >= 0):
            # (math.inf: never another move than the prior)
            raise ValueError(f"confidence is a number of standard errors, 0 or more, not {confidence!r}")
        self.rng = random.Random(seed)
        self.options = options
        self.policy = policy or _random_policy
        #: Who the roll-out policy is, for the error when it fails ("ai:easy (plugin x)").
        self.policy_name = policy_name or ("random" if policy is None else "")
        self.iterations = iterations
        self.max_moves = max_moves
        self.time_cap = time_cap
        self.confidence = self.CONFIDENCE if confidence is None else confidence
        #: Roll-outs added to a close decision (0: none), and how close it must be.
        self.close_iterations = close_iterations
        self.close_margin = close_margin
        self._moves = 0  # moves played in roll-outs, this decision
        self._scores: list[int] = []  # the highest score of each roll-out that scored
        self._model: MatchEquity | None = None
        self._model_key: tuple[int, int] | None = None
        self._model_built_at = 0
        self.last: dict[str, Any] = {}  # what the last decision found (for explain and tests)
        self._shown: Mapping[str, Any] | None = None  # the options as views carry them
        #: What the deals are drawn with: the seat's beliefs (None: uniform re-deals).
        self.beliefs: Beliefs | None = (
            Beliefs() if beliefs is True else beliefs if isinstance(beliefs, Beliefs) else None
        )
        self._weights: dict[int, list[float]] | None = None  # the beliefs' weights, this decision

    # -- hooks ------------------------------------------------------------------

    def candidates(self, view: View, legal: Sequence[Action]) -> Sequence[Action]:
        """The moves to search (a subset of ``legal``): all of them. The prior
        is searched too, whether or not they include it."""
        return legal

    def prior(self, view: View, legal: Sequence[Action]) -> Action:
        """The move kept on a tie, and played when there is nothing to search
        with: the roll-out policy's own move."""
        seed = self.rng.getrandbits(32)
        try:
            return self.policy(view.seat, seed, self.options).act(view, legal)
        except Exception as e:
            raise self._policy_failed(e, "choosing the prior") from e

    def explain(self, view: View, action: Action) -> str:
        """Why ``action`` (the last decision's): what its play-outs found."""
        means = self.last.get("means")
        if means and action in means:
            best = max(means.values())
            return (
                f"of {len(means)} moves played out on the same deals, it scores {means[action]:.0%} "
                f"(the best {best:.0%}); the prior is kept unless another is clearly ahead"
            )
        if len(view.legal) == 1:
            return "the only move"
        return "the roll-out policy's move (nothing searched)"

    def overrules(self, move: Sequence[float], prior: Sequence[float]) -> bool:
        """Whether the best candidate, whose play-outs were worth ``move``,
        is played instead of the prior, whose play-outs on the same deals
        (paired, in order; ``prior`` may hold more) were worth ``prior``: when
        the mean of the paired differences is ``confidence`` standard errors
        above zero."""
        return paired_t(move, prior)[1] >= self.confidence

    # -- deciding ----------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action], info: InfoState | None = None) -> Action:
        self.last = {}
        if len(legal) == 1:
            return legal[0]
        prior = _member(self.prior(view, legal), legal, "prior")
        if info is None:
            return prior
        cands = [_member(a, legal, "candidate") for a in self.candidates(view, legal)] or list(legal)
        cands = list(dict.fromkeys(cands))
        if prior in cands:
            cands.remove(prior)
        cands.insert(0, prior)  # always searched, and first: ties go to it
        if len(cands) == 1:
            return cands[0]
        self._weights = self.beliefs.weights(view, info) if self.beliefs is not None else None
        best, means, counts = self._halve(view, info, cands)
        self.last = {
            "means": dict(zip(cands, means, strict=True)),
            "counts": dict(zip(cands, counts, strict=True)),
        }
        return cands[best]

    def _halve(self, view: View, info: InfoState, cands: list[Action]) -> tuple[int, list[float], list[int]]:
        """Successive halving over ``cands`` (the prior first) on common
        sampled states; the index of the move to play, the means and the
        roll-out counts. The prior always plays on; another candidate replaces
        it only when its mean is ahead by ``confidence`` standard errors of the
        paired differences."""
        k = len(cands)
        rungs = max(1, math.ceil(math.log2(k)))
        left = self.iterations
        alive = list(range(k))
        points: list[list[tuple[int, ...]]] = [[] for _ in range(k)]
        deadline = None if self.time_cap is None else time.perf_counter() + self.time_cap
        self._moves = 0
        max_moves = self.max_moves if self.max_moves is not None else math.inf
        horizon: int | None = None  # actions a roll-out plays before it is cut (set at the first deal)
        means = [0.0] * k
        vals: list[list[float]] = [[] for _ in range(k)]
        stopped = False
        for rung in range(rungs):
            per = max(1, left // (len(alive) * (rungs - rung)))
            for _ in range(per):
                seed, base = self._deal(info)
                if horizon is None:
                    horizon = MAX_ROLLOUT_ACTIONS
                    if self.max_moves is not None and callable(getattr(base, "cut_points", None)):
                        horizon = max(
                            MIN_HORIZON, min(horizon, self.max_moves // _planned(k, self.iterations))
                        )
                for i in alive:
                    points[i].append(self._rollout(base.clone(), cands[i], info, seed, horizon))
                left -= len(alive)
                if self._moves >= max_moves or (deadline is not None and time.perf_counter() > deadline):
                    stopped = True
                    break
            values = self._valuer(info, points)
            for i in alive:
                vals[i] = [values(p) for p in points[i]]
                means[i] = sum(vals[i]) / len(vals[i])
            if stopped or rung == rungs - 1 or len(alive) <= 2:
                break
            keep = sorted(alive[1:], key=lambda i: (-means[i], i))[: max(1, (len(alive) + 1) // 2 - 1)]
            alive = [0, *sorted(keep)]
        if self.close_iterations and not stopped and len(alive) > 1:
            # A close decision: the best challenger within close_margin standard
            # errors of overruling the prior. Both play on, on new deals, for
            # close_iterations more roll-outs, and the choice is between them.
            rival = min(alive[1:], key=lambda i: (-means[i], i))
            if abs(paired_t(vals[rival], vals[0])[1] - self.confidence) < self.close_margin:
                alive = [0, rival]
                assert horizon is not None  # set at the first deal
                for _ in range(self.close_iterations // 2):
                    seed, base = self._deal(info)
                    for i in alive:
                        points[i].append(self._rollout(base.clone(), cands[i], info, seed, horizon))
                    if self._moves >= max_moves or (deadline is not None and time.perf_counter() > deadline):
                        break
                values = self._valuer(info, points)
                for i in alive:
                    vals[i] = [values(p) for p in points[i]]
                    means[i] = sum(vals[i]) / len(vals[i])
        best = min(alive, key=lambda i: (-means[i], i))
        if best != 0 and not self.overrules(vals[best], vals[0]):
            best = 0
        return best, means, [len(p) for p in points]

    def _deal(self, info: InfoState) -> tuple[int, Round]:
        """The next seed and the state it draws from ``info`` (by the beliefs'
        weights), each seat's history as it sees it made once: the copies the
        candidates are played on share them."""
        seed = self.rng.getrandbits(64)
        base = belief_sample(info, random.Random(seed), self._weights)
        for s in range(info.n_seats):
            base.history_seen_by(s)
        return seed, base

    def _rollout(
        self, state: Round, action: Action, info: InfoState, seed: int, horizon: int = MAX_ROLLOUT_ACTIONS
    ) -> tuple[int, ...]:
        """Play ``action``, then the round out through the game loop
        (:class:`~rummykit.core.engine.loop.Loop`) with the policy at every
        seat; the round's points. A round still going after ``horizon``
        actions is cut: its ``cut_points()`` where it has them, else all zero.
        A policy that reads no history (``reads_history = False``) is handed
        views without it (the round's ``history_hidden_from``)."""
        state.apply(action)
        n = info.n_seats
        agents: list[Any] = [None] * n
        make, options = self.policy, self.options
        # A roll-out's views carry what the match's do: the totals before the
        # round and the options (a policy may read the rules it plays there).
        # Made at the first roll-out: a search may itself be a roll-out policy,
        # made anew for each roll-out.
        if self._shown is None:
            self._shown = options_mapping(self.options)
        scores, shown = tuple(getattr(info, "scores", ())), self._shown

        def decide(seat: int) -> Action | None:
            agent = agents[seat]
            if agent is None:
                try:  # the policy's calls: its failure is named as its own
                    agent = agents[seat] = make(seat, (seed + 7919 * seat) & 0xFFFFFFFF, options)
                except Exception as e:
                    raise self._policy_failed(e, "in a roll-out") from e
                if getattr(agent, "reads_history", True) is False:  # its views without it
                    state.history_hidden_from = state.history_hidden_from | {seat}
            v = state.view(seat).with_scores(scores, shown)
            try:
                move: Action | None = agent.act(v, v.legal)
            except Exception as e:
                raise self._policy_failed(e, "in a roll-out") from e
            return move

        loop = Loop(state, decide, refused=self._refused)
        if loop.run(None, horizon) == WAITING:  # it ends when nobody is to act
            raise RolloutError(f"{self._policy()} returned no move in a roll-out")
        self._moves += loop.actions
        result = state.result
        if result is None:  # cut short: the round's estimate (not a round score for the match model)
            cut = getattr(state, "cut_points", None)
            return tuple(cut()) if callable(cut) else (0,) * n
        points = tuple(result.points)
        best = max(points) if points else 0
        if best > 0:
            self._scores.append(best)
        return points

    def _refused(self, move: Action, e: IllegalAction) -> NoReturn:
        raise RolloutError(f"{self._policy()} made an illegal move in a roll-out: {e}") from e

    def _policy_failed(self, e: Exception, doing: str) -> RolloutError:
        what = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
        return RolloutError(f"{self._policy()} raised {what} {doing}")

    def _policy(self) -> str:
        return f"its roll-out policy {self.policy_name}".rstrip()

    def _valuer(
        self, info: InfoState, points: list[list[tuple[int, ...]]]
    ) -> Callable[[tuple[int, ...]], float]:
        """How a roll-out's points are valued for this decision (memoised)."""
        me, n = info.seat, info.n_seats
        target = info.target
        if target is None:
            if getattr(info, "lowest_wins", False):  # the fewest points are best
                return functools.lru_cache(maxsize=None)(lambda p: round_value([-x for x in p], me))
            return functools.lru_cache(maxsize=None)(lambda p: round_value(p, me))
        totals = list(info.scores) if len(info.scores) == n else [0] * n
        model = self._equity(n, target)
        if model is None:
            return functools.lru_cache(maxsize=None)(lambda p: round_value(p, me))

        @functools.cache
        def value(p: tuple[int, ...]) -> float:
            return model.value([t + x for t, x in zip(totals, p, strict=True)], me)

        return value

    def _equity(self, n: int, target: int) -> MatchEquity | None:
        """The match model from the round scores seen so far (rebuilt when
        they have grown fourfold); ``None`` before any roll-out scored."""
        seen = len(self._scores)
        if self._model is not None and self._model_key == (n, target) and seen < 4 * self._model_built_at:
            return self._model
        if seen == 0:
            return None
        if self._model is not None and self._model_key == (n, target) and seen < _MODEL_FIRST:
            return self._model
        step = step_for(n, target)
        self._model = MatchEquity(n, target, score_histogram(self._scores, step) or [1], step=step)
        self._model_key = (n, target)
        self._model_built_at = max(seen, _MODEL_FIRST)
        return self._model


class RulesSearchAgent(SearchAgent):
    """A search whose prior is a variant's rules of play (both built-ins'
    ``ai:hard``). A subclass's :meth:`_rules` returns the rules' move and may
    set :attr:`_alts`, the moves to search against it (none: the rules' move
    is played at once), and :attr:`_why`, the line :meth:`explain` gives for
    it; when the play-outs choose another move, that line says so."""

    def __init__(self, seed: int = 0, **kwargs: Any) -> None:
        super().__init__(seed, **kwargs)
        self._alts: list[Action] = []  # the rules' alternatives to search, this decision
        self._rules_move: Action | None = None
        self._why = ""

    def _rules(self, view: View, legal: Sequence[Action]) -> Action:
        """The rules' move (see the class)."""
        raise NotImplementedError(f"{type(self).__name__} must define _rules(view, legal), its rules' move")

    def act(self, view: View, legal: Sequence[Action], info: InfoState | None = None) -> Action:
        self._why = ""
        self._alts = []
        self._rules_move = None
        action = super().act(view, legal, info)
        means = self.last.get("means")
        if means:
            if action is self._rules_move:
                self._why += " (the play-outs agree)"
            else:
                assert self._rules_move is not None  # prior() came first
                self._why = (
                    f"the play-outs favour it: {means[action]:.0%} to win, "
                    f"{means[self._rules_move]:.0%} with {self._rules_move.notation()}"
                )
        return action

    def explain(self, view: View, action: Action) -> str:
        return self._why or action.notation()

    def prior(self, view: View, legal: Sequence[Action]) -> Action:
        """The rules' move (and, in :attr:`_alts`, the moves to search against it)."""
        self._rules_move = self._rules(view, legal)
        return self._rules_move

    def candidates(self, view: View, legal: Sequence[Action]) -> Sequence[Action]:
        """The rules' move and the alternatives its rules found close."""
        assert self._rules_move is not None  # prior() came first
        return [self._rules_move, *self._alts]


def _real(x: object) -> bool:
    """Whether ``x`` is a number that is not NaN (an int or float, not a truth value)."""
    return isinstance(x, int | float) and not isinstance(x, bool) and x == x


def _planned(k: int, iterations: int) -> int:
    """The roll-outs successive halving plays over ``k`` candidates with a
    budget of ``iterations`` (:meth:`SearchAgent._halve` stopping at no bound)."""
    rungs = max(1, math.ceil(math.log2(k)))
    left, alive, total = iterations, k, 0
    for rung in range(rungs):
        per = max(1, left // (alive * (rungs - rung)))
        total += per * alive
        left -= per * alive
        if rung == rungs - 1 or alive <= 2:
            break
        alive = 1 + max(1, (alive + 1) // 2 - 1)
    return total


def paired_t(a: Sequence[float], b: Sequence[float]) -> tuple[int, float]:
    """The paired samples (``a`` against the first ``len(a)`` of ``b``) and
    how many standard errors the mean of their differences ``a - b`` is above
    zero (0 with fewer than two; infinite when every difference is the same
    positive number)."""
    n = min(len(a), len(b))
    if n < 2:
        return n, 0.0
    d = [x - y for x, y in zip(a[:n], b[:n], strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    if var <= 0.0:
        return n, math.inf if mean > 0 else 0.0
    return n, mean / math.sqrt(var / n)


_Z975 = 1.959963984540054


def t975(dof: int) -> float:
    """Student's t quantile at 97.5% for ``dof`` degrees of freedom (the
    Cornish-Fisher expansion of Abramowitz and Stegun 26.7.5, within 0.001 from
    4 degrees up; the table's below; infinite below 1)."""
    if dof < 1:
        return math.inf
    if dof < 4:
        return (12.706, 4.303, 3.182)[dof - 1]
    z = _Z975
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    v = float(dof)
    return z + g1 / v + g2 / v**2 + g3 / v**3 + g4 / v**4


def t_confirms(move: Sequence[float], prior: Sequence[float], min_paired: int, confidence: float) -> bool:
    """Whether ``move``'s play-outs are ahead of ``prior``'s, paired
    (:func:`paired_t`): only after ``min_paired`` pairs (two at least), by
    Student's t at 97.5% (one-sided, :func:`t975`) for their count scaled by
    ``confidence`` / 2 (a search's 2 keeps the quantile; ``inf`` never)."""
    n, t = paired_t(move, prior)
    if n < max(2, min_paired):
        return False
    return t >= t975(n - 1) * confidence / 2.0


def kept_reason(search: SearchAgent, rules: Any, prior: Action | None, view: View, action: Action) -> str:
    """Why ``search`` (whose prior is the move ``prior`` of the rules player
    ``rules``) played ``action``: the rules' own reason when it is their move,
    with a word on the close moves it held against when those were played out;
    the search's figures (:meth:`SearchAgent.explain`) when another move won."""
    why = getattr(rules, "explain", None)
    if why is None or prior is None or action != prior:
        return SearchAgent.explain(search, view, action)
    reason = str(why(view, action))
    means = search.last.get("means")
    if means and len(means) > 1:
        others = len(means) - 1
        reason += f" (played out against {others} close move{'s' if others != 1 else ''}: it held)"
    return reason


def _member(action: Action, legal: Sequence[Action], what: str) -> Action:
    """The element of ``legal`` that is ``action`` (by identity, else by key);
    a ``ValueError`` naming ``what`` it was (the prior, a candidate) when it is
    none of them: a search must not play another move in its place."""
    for a in legal:
        if a is action:
            return a
    key = action.key() if isinstance(action, Action) else None
    for a in legal:
        if a.key() == key:
            return a
    try:
        shown = action.notation() if isinstance(action, Action) else shown_value(action)
    except Exception:  # not even a card
        shown = shown_value(action)
    raise ValueError(f"the search's {what}, {shown}, is not one of the legal moves")


# -- registering ai:search for every variant ----------------------------------------


def rollout_policy(variant: str, registry: Registry) -> AgentSpec | None:
    """The variant's strongest computer player marked ``rollout=True`` (its own,
    not a generic one), or ``None`` (then ``random`` rolls out). One registered
    by the variant's own plugin comes first: another plugin's player takes the
    part only where the variant's plugin marks none."""
    marked = [a for (v, _), a in registry.agents.items() if v == variant and a.rollout]
    spec = registry.variants.get(variant)
    own = [a for a in marked if spec is not None and a.plugin == spec.plugin]
    pool = own or marked
    return max(pool, key=lambda a: (a.strength, a.name)) if pool else None


def with_iterations(spec: AgentSpec, iterations: int, max_moves: int | None = DEFAULT_MAX_MOVES) -> AgentSpec:
    """``spec`` (core's ``ai:search`` for a variant) with another budget
    (``iterations`` roll-outs a decision, their moves bounded by ``max_moves``:
    :class:`SearchAgent`); any other player unchanged. The conformance kit
    plays the search cheaply so."""
    factory = spec.factory
    if isinstance(factory, functools.partial) and factory.func is make_search:
        return replace(spec, factory=functools.partial(factory, iterations=iterations, max_moves=max_moves))
    return spec


def make_search(
    seat: int,
    seed: int,
    options: Any,
    *,
    policy: PolicyFactory | None,
    iterations: int = DEFAULT_ITERATIONS,
    max_moves: int | None = DEFAULT_MAX_MOVES,
    confidence: float = SEARCH_CONFIDENCE,
    policy_name: str = "",
    agent: type[SearchAgent] | None = None,
) -> SearchAgent:
    """An ``ai:search`` player (the factory of :func:`search_spec`'s
    player, bound with ``functools.partial``): ``agent`` (default
    :class:`SearchAgent`) made with these arguments. A variant that registers
    its own ``ai:search`` so, with its own subclass as ``agent``, keeps
    :func:`with_iterations` working for it (the conformance kit's cheap
    search)."""
    return (agent or SearchAgent)(
        seed,
        options=options,
        policy=policy,
        iterations=iterations,
        max_moves=max_moves,
        confidence=confidence,
        policy_name=policy_name,
    )


_SUPPORTED: dict[int, tuple[VariantSpec, str | None]] = {}


def supports(spec: VariantSpec) -> bool:
    """Whether core can give a seat's information state in ``spec``'s rounds
    (its first deal is tried once per process). A variant whose deal does not
    fit and that does not override ``Round.information``, or whose
    ``information`` fails on that deal, gets no ``ai:search`` (the conformance
    kit says why)."""
    return unsupported(spec) is None


def unsupported(spec: VariantSpec) -> str | None:
    """Why core cannot give a seat's information state in ``spec``'s rounds
    (the first deal's failure, in one line), or ``None`` when it can."""
    known = _SUPPORTED.get(id(spec))
    if known is not None and known[0] is spec:
        return known[1]

    why = None
    try:
        rnd = deal_round(spec, spec.options_model(), spec.min_players, 0, random.Random(0))
        rnd.information(rnd.to_act() or 0)
    except Exception as e:  # NotImplementedError, or a variant whose information() fails at once
        why = " ".join(str(e).split()) or type(e).__name__
    _SUPPORTED[id(spec)] = (spec, why)
    return why


def why_no_search(registry: Registry, variant: str) -> str | None:
    """Why ``ai:search`` cannot play ``variant`` (the first deal's failure, one
    line), or ``None`` when it can, or when ``registry`` has no ``ai:search``
    or no such variant."""
    if (None, NAME) not in registry.agents or variant not in registry.variants:
        return None
    return unsupported(registry.variants[variant])


def search_spec(
    spec: VariantSpec, registry: Registry, iterations: int = DEFAULT_ITERATIONS
) -> AgentSpec | None:
    """The ``ai:search`` player for ``spec`` (``None`` where it cannot play):
    its roll-out policy is :func:`rollout_policy`'s, else ``random``; its
    budget ``iterations``, or the policy's ``rollout_iterations``."""
    if not supports(spec):
        return None
    policy = rollout_policy(spec.name, registry)
    who = policy.name if policy is not None else "random"
    if policy is not None and policy.rollout_iterations is not None:
        iterations = policy.rollout_iterations
    return AgentSpec(
        name=NAME,
        variant=spec.name,
        strength=STRENGTH,
        description=f"searches: plays each move out on {iterations} deals a decision drawn from what "
        f"it saw, with {who} moving every seat, and keeps the best chance to win the match",
        factory=functools.partial(
            make_search,
            policy=policy.factory if policy else None,
            iterations=iterations,
            policy_name=f"{policy.name} (plugin {policy.plugin or '?'})" if policy else "random",
        ),
    )
