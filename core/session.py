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
from .agents import Agent, agent_seed
from .engine import Event, View
from .errors import RummyError
from .match import Match, check_players
from .names import BadName, bot_name, check_kind, check_name, unique_names
from .options import build_options
from .records import MatchRecord, SeatRecord, replay, save_record
from .registry import Registry, seat_names

HUMAN = "human"


def parse_seat(text: str, index: int) -> SeatRecord:
    """``human``, ``human:NAME``, ``ai:LEVEL``, ``ai:LEVEL:NAME``, ``random`` or any
    computer player's name. NAME follows the rules of :mod:`rummykit.core.names`
    (a bad one is a one-line error naming the seat); a person with no name is
    "Player N", a computer player "Easy bot" (after its level)."""
    text = text.strip()
    if not text:
        raise RummyError("empty seat; use human[:NAME], ai:LEVEL or random")
    parts = text.split(":")
    if parts[0] == HUMAN:
        kind, name = HUMAN, ":".join(parts[1:]).strip() or f"Player {index + 1}"
    elif parts[0] == "ai" and len(parts) >= 3:
        kind = ":".join(parts[:2])
        name = ":".join(parts[2:]).strip() or bot_name(kind)
    else:
        kind, name = text, bot_name(text)
    try:
        return SeatRecord(kind=check_kind(kind), name=check_name(name))
    except BadName as e:
        raise BadName(f"seat {index + 1}: {e}") from None


def parse_seats(texts: Sequence[str]) -> list[SeatRecord]:
    """Every seat of ``texts`` (see :func:`parse_seat`), with names made distinct
    ignoring case (:func:`rummykit.core.names.unique_names`)."""
    seats = [parse_seat(t, i) for i, t in enumerate(texts)]
    for seat, name in zip(seats, unique_names([s.name for s in seats])):
        seat.name = name
    return seats


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
        self.agents: list[Agent | None] = [self._make_agent(i, s) for i, s in enumerate(record.seats)]
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

    def _make_agent(self, seat: int, s: SeatRecord) -> Agent | None:
        if s.kind == HUMAN:
            return None
        spec = self.registry.agent(self.spec.name, s.kind)
        return spec.factory(seat, agent_seed(self.record.seed, seat), self.options)

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

    def bot_move(self) -> Event:
        seat = self.to_act()
        if seat is None or self.agents[seat] is None:
            raise RummyError("no computer player is to act")
        view = self.match.view(seat)
        action = self.agents[seat].act(view, view.legal)
        return self.apply(action)

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
