"""A game in progress: a match, who sits where, and its record on disk.

The session is what the terminal game and ``rummy resume`` drive: it asks bots
for their moves, applies people's moves, and saves the record after every action
(atomically), so an interrupted game loses nothing. Undo rebuilds the match from
the record without the last action.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .actions import DRAW_STOCK, Action
from .agents import agent_seed
from .engine import Event, View
from .guard import MoveClock, SafeAgent, Who
from .errors import RummyError
from .match import Match, check_players
from .options import build_options
from .records import MatchRecord, SeatRecord, replay, save_record
from .registry import Registry, seat_names

HUMAN = "human"


def parse_seat(text: str, index: int) -> SeatRecord:
    """``human``, ``human:Alice``, ``ai:easy``, ``random``, or ``ai:easy:Name``... a
    computer seat may be named after a second colon only for ``ai:LEVEL:NAME``."""
    text = text.strip()
    if text == HUMAN or text.startswith(HUMAN + ":"):
        name = text[len(HUMAN) + 1 :].strip() if ":" in text else ""
        return SeatRecord(kind=HUMAN, name=name or f"Player {index + 1}")
    if not text:
        raise RummyError("empty seat; use human[:NAME], ai:LEVEL or random")
    return SeatRecord(kind=text, name=text)


def default_save_dir() -> Path:
    env = os.environ.get("RUMMYKIT_DATA_DIR")
    if env:
        return Path(env) / "games"
    from platformdirs import user_data_dir

    return Path(user_data_dir("rummykit", appauthor=False)) / "games"


class Session:
    def __init__(self, registry: Registry, record: MatchRecord, path: Path | None,
                 notify=None) -> None:
        self.registry = registry
        self.record = record
        self.path = path
        self._notify = notify
        self.spec = registry.variant(record.variant)
        self.options = build_options(self.spec.options_model, record.options, self.spec.name)
        self.match = self._replay(record.actions)
        self.agents: list[SafeAgent | None] = [self._make_agent(i, s) for i, s in enumerate(record.seats)]
        self.names = seat_names([s.name for s in record.seats])

    # -- construction ------------------------------------------------------------

    @classmethod
    def new(cls, registry: Registry, variant: str, options: dict, seats: Sequence[SeatRecord],
            seed: int, path: Path | None, notify=None) -> Session:
        spec = registry.variant(variant)
        check_players(spec, len(seats))
        opts = build_options(spec.options_model, options, spec.name)
        for s in seats:
            if s.kind != HUMAN:
                registry.agent(spec.name, s.kind)  # unknown agent: clear error now
        record = MatchRecord(
            variant=spec.name,
            options=opts.model_dump(mode="json", exclude_defaults=True),
            seats=list(seats),
            seed=seed,
        )
        session = cls(registry, record, path, notify)
        session.save()
        return session

    def _replay(self, actions: list[str]) -> Match:
        match = replay(self.record.model_copy(update={"actions": actions}), self.registry)
        # Observers hear only what happens from now on, not the replayed past.
        if self._notify:
            notify = self._notify
            match.on_round_end = lambda m, r: notify("round_ended", match=m, result=r)
            match.on_match_end = lambda m: notify("match_ended", match=m)
        return match

    # -- computer players --------------------------------------------------------

    _clock: MoveClock | None = None

    @property
    def clock(self) -> MoveClock:
        """Times the computer players' moves (``rummy play --move-timeout``)."""
        if self._clock is None:
            self._clock = MoveClock()
        return self._clock

    def set_move_timeout(self, seconds: float) -> None:
        """The seconds a computer player may think over one move."""
        self._clock = MoveClock(seconds)
        for agent in self.agents:
            if agent is not None:
                agent.clock = self._clock

    def _who(self, spec, seat: int) -> Who:
        with_person = any(s.kind == HUMAN for s in self.record.seats)
        return Who(spec.name, spec.plugin, seat, self.record.seed, hide_seed=with_person)

    def _make_agent(self, seat: int, s: SeatRecord) -> SafeAgent | None:
        """The seat's computer player, called safely (made on its first move)."""
        if s.kind == HUMAN:
            return None
        spec = self.registry.agent(self.spec.name, s.kind)
        return SafeAgent(self._who(spec, seat), spec.factory, agent_seed(self.record.seed, seat),
                         self.options, self.clock)

    def bot_action(self) -> Action:
        """The move of the computer player to act, not yet applied. A bot that
        raises, returns anything but a legal move or runs past the move timeout
        is an :class:`~rummykit.core.errors.AgentError` naming it."""
        seat = self.to_act()
        agent = self.agents[seat] if seat is not None else None
        if agent is None:
            raise RummyError("no computer player is to act")
        with self.clock.running():
            return agent.act(self.match.view(seat))

    def bot_move(self, action: Action | None = None) -> Event:
        """Apply the move of the computer player to act (``action``, from
        :meth:`bot_action`, or asked for now). With no save path and no person
        seated nothing of the past moves is kept (there is nowhere to save them
        and no one to undo them): a long bots-only game stays flat in memory."""
        if action is None:
            action = self.bot_action()
        if self.path is None and not self.humans:
            self.match.keep_history = False
            return self.match.apply(action)
        return self.apply(action)

    def hint(self, seat: int) -> tuple[str, Action, str] | None:
        """What the strongest computer player would do for ``seat`` now: (its
        name, the move, its reason or ``""``), or ``None`` when the variant has
        no computer player. A hint bot that fails is an AgentError."""
        spec = self.registry.strongest_agent(self.spec.name)
        if spec is None:
            return None
        who = Who(spec.name, spec.plugin, seat)  # a person's seat: no seed shown
        agent = SafeAgent(who, spec.factory, agent_seed(self.record.seed, seat), self.options, self.clock)
        view = self.match.view(seat)
        with self.clock.running():
            action = agent.act(view)
            return spec.name, action, agent.explain(view, action)

    # -- state ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.match.over

    def to_act(self) -> int | None:
        return self.match.to_act()

    def is_human(self, seat: int) -> bool:
        return self.agents[seat] is None

    @property
    def humans(self) -> list[int]:
        return [i for i, a in enumerate(self.agents) if a is None]

    def view(self, seat: int) -> View:
        return self.match.view(seat)

    # -- moves ---------------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        event = self.match.apply(action)
        self.record.actions.append(event.action.notation())
        self.record.finished = self.match.over
        self.save()
        return event

    def can_undo(self, seat: int) -> str | None:
        """``None`` if ``seat`` may take back its last action, else the reason."""
        hist = self.match.round.history
        if self.to_act() != seat or not hist or hist[-1].seat != seat:
            return "nothing of yours to undo this turn"
        last = hist[-1]
        if last.private or last.action.kind == DRAW_STOCK:
            return "a draw from the stock revealed a card; it cannot be undone"
        return None

    def undo(self, seat: int) -> Action:
        reason = self.can_undo(seat)
        if reason:
            raise RummyError(reason)
        undone = self.match.round.history[-1].action
        actions = self.record.actions[:-1]
        self.match = self._replay(actions)
        self.record.actions = actions
        self.record.finished = False
        self.save()
        return undone

    def save(self) -> None:
        if self.path is not None:
            save_record(self.record, self.path)
