"""A saved game replayed in the browser, move by move, every hand open
(``rummy serve --replay GAME``, as ``rummy replay`` shows it in the terminal).

Every hand open would be peeking in a game still being played: an unfinished
game with a person seated is refused, as ``rummy replay`` refuses it without
``--reveal``. The page is the host's only (the server's token)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rummykit.cli.text import card_fmt, outcome_lines, past_phrase
from rummykit.core.base.errors import RecordError, RummyError
from rummykit.core.base.values import shown_value
from rummykit.core.play.match import Match
from rummykit.core.play.records import check_state, load_record, start_match
from rummykit.core.plugins.registry import Registry

from .table import Refused, Who, card_key, new_token, same_token


class Replay:
    """The frames of a saved game: the deal, then one after every move."""

    lan = False

    def __init__(self, registry: Registry, path: Path) -> None:
        record = load_record(path)
        try:
            match = start_match(record, registry)
        except RecordError as e:
            raise RecordError(f"{path}: {e}") from None
        self.record = record
        self.names = [s.name for s in record.seats]
        self.spec = match.variant
        self.deck = match.round.deck if match.round is not None else None
        self.fmt = card_fmt(False, self.deck)
        self.token = new_token()
        self.seat_tokens: dict[int, str] = {}
        self.frames: list[dict[str, Any]] = [self.frame(match, "The deal", None)]
        words = self.spec.vocabulary
        for i, text in enumerate(record.actions, 1):
            legal = {a.notation(): a for a in match.legal_actions()}
            action = legal.get(text)
            if action is None:
                raise RecordError(f"{path}: move {i} {text!r} is not legal at that point")
            rounds = match.rounds_played
            rnd = match.round
            event = match.apply(action)
            caption = f"Move {i} of {len(record.actions)}: {self.names[event.seat]} " + past_phrase(
                event, self.fmt, words
            )
            ended = match.rounds_played > rounds
            self.frames.append(self.frame(match, caption, rnd if ended else None))
        try:
            check_state(record, match)
        except RecordError as e:
            raise RecordError(f"{path}: {e}") from None
        if not match.over and any(s.kind == "human" for s in record.seats):
            raise RummyError(
                f"{path}: game {record.id} is not over and a person plays in it; "
                "a replay shows every hand (rummy replay --reveal looks anyway, in the terminal)"
            )
        self.over = match.over
        self.title = self.spec.title

    def card_keys(self, cards: Iterable[int]) -> list[str]:
        """``cards`` as the pages name them (:func:`~.table.card_key`)."""
        return [card_key(c, self.deck) for c in cards]

    def frame(self, match: Match, caption: str, ended: Any) -> dict[str, Any]:
        """The game as it stands: every hand, the piles, the table, the totals;
        the round's end when ``ended`` (the round that just ended) is given."""
        rnd = ended if ended is not None else match.round
        views = [rnd.view(s) for s in range(match.n_seats)]
        v = views[0]
        out: dict[str, Any] = {
            "caption": caption,
            "round": match.rounds_played if ended is not None else match.round_index + 1,
            "hands": [self.card_keys(w.hand) for w in views],
            "hand_sizes": list(v.hand_sizes),
            "stock": v.stock_size,
            "discard": self.card_keys(v.discard_pile[-8:]),
            "discard_size": len(v.discard_pile),
            "table": [
                {"number": t.number, "owner": t.owner, "cards": self.card_keys(t.cards)} for t in v.table
            ],
            "to_act": v.to_act,
            "totals": list(match.totals),
            "result": None,
        }
        if ended is not None and match.results:
            r = match.results[-1]
            out["result"] = {
                "round": match.rounds_played,
                "points": list(r.points),
                "lines": outcome_lines(r, self.names, self.fmt),
            }
        return out

    def who(self, token: str | None, seat: str | None = None) -> Who | None:
        return Who() if seat is None and same_token(token, self.token) else None

    def state(self, who: Who, index: int = 0) -> dict[str, Any]:
        index = min(index, len(self.frames) - 1)
        r = self.record
        return {
            "type": "replay",
            "title": self.spec.title,
            "game": r.id,
            "names": self.names,
            "kinds": [s.kind for s in r.seats],
            "index": index,
            "count": len(self.frames),
            "over": self.over,
            "seed": str(r.seed) if self.over else None,
            "frame": self.frames[index],
        }

    def handle(self, who: Who, message: Any) -> dict[str, Any] | None:
        if message.get("type") != "frame":
            raise Refused("a replay answers only {'type': 'frame', 'index': N}")
        index = message.get("index")
        last = len(self.frames) - 1
        if not isinstance(index, int) or isinstance(index, bool):
            raise Refused(f"a frame is a whole number from 0 to {last}, not {shown_value(index)}")
        if not 0 <= index <= last:
            raise Refused(f"no frame {shown_value(index)}: give 0 to {last}")
        return self.state(who, index)

    def bot_to_move(self) -> bool:
        return False

    def bot_move(self) -> None:  # pragma: no cover - a replay has no bots to move
        pass
