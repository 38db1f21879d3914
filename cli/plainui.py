"""The plain-text game: for pipes, scripts, and terminals where nothing fancy is
wanted. One line per move in, plain lines out.

The seed of a game with a person seated is printed only at the end of the match
(it gives every deal to come); a bots-only game prints it at the start."""

from __future__ import annotations

import sys

import click

from rummykit.core.actions import parse_action
from rummykit.core.errors import IllegalAction, RummyError

from .common import QUIT_WORDS, LineError, read_stream_line
from .text import card_fmt, describe_event, legal_lines, result_lines, scoreboard, unknown_move, view_lines


class PlainUI:
    def __init__(self, session, ascii_: bool = False) -> None:
        self.s = session
        self.fmt = card_fmt(ascii_)
        self.rounds_seen = len(session.match.results)

    def echo(self, line: str = "") -> None:
        click.echo(line)

    def run(self) -> None:
        s = self.s
        if s.match.actions or s.record.actions:
            self.echo(f"Resuming {s.spec.title}, game {s.record.id}, after {len(s.record.actions)} moves.")
        else:
            seed = "" if s.humans else f"; seed {s.record.seed}"
            self.echo(f"{s.spec.title}: " + ", ".join(f"{n} ({seat.kind})" for n, seat in zip(s.names, s.record.seats))
                      + seed)
        while not s.over:
            seat = s.to_act()
            if s.is_human(seat):
                if not self.human_turn(seat):
                    return
            else:
                event = s.bot_move()
                self.echo(describe_event(event.seen_by(self.viewer()), s.names, self.fmt))
            self.after_move()
        self.match_end()

    def viewer(self) -> int:
        """Whose eyes the plain output is for: the only human, else nobody's secrets."""
        humans = self.s.humans
        return humans[0] if len(humans) == 1 else -1

    def after_move(self) -> None:
        s = self.s
        if len(s.match.results) > self.rounds_seen:
            self.rounds_seen = len(s.match.results)
            result = s.match.results[-1]
            self.echo(f"--- round {self.rounds_seen} over ---")
            for line in result_lines(result, s.names, self.fmt):
                self.echo(line)
            self.echo(scoreboard(s.names, s.match.totals, s.match.target))

    def match_end(self) -> None:
        s = self.s
        m = s.match
        winner = s.names[m.winner] if m.winner is not None else "nobody"
        self.echo(f"=== match over: {winner} wins ===")
        self.echo(scoreboard(s.names, m.totals, m.target))
        saved = f"; record saved to {s.path}" if s.path else ""
        self.echo(f"(seed {s.record.seed}{saved})")

    def show_state(self, seat: int) -> None:
        s = self.s
        view = s.view(seat)
        summary = s.spec.hand_summary(view, s.options) if s.spec.hand_summary else None
        for line in view_lines(view, s.names, self.fmt, summary, s.spec.ace_high):
            self.echo(line)

    def human_turn(self, seat: int) -> bool:
        """Read lines until a legal move is made. False when the input ends or on quit."""
        s = self.s
        self.show_state(seat)
        while True:
            click.echo(f"{s.names[seat]}> ", nl=False)
            try:
                line = read_stream_line(sys.stdin)
            except LineError as e:
                self.echo(f"unreadable: {e}")
                continue
            if line is None:
                self.echo()
                self.stop("input ended")
                return False
            text = line.strip()
            if not text:
                continue
            low = text.lower()
            if low in QUIT_WORDS:
                self.stop("quit")
                return False
            if low in ("help", "?"):
                for l in legal_lines(s.match.legal_actions(), self.fmt, s.spec.ace_high):
                    self.echo("  " + l)
                continue
            if low == "rules":
                self.echo(s.spec.rules_text.strip())
                continue
            if low == "score":
                self.echo(scoreboard(s.names, s.match.totals, s.match.target))
                continue
            if low == "log":
                view = s.view(seat)
                for e in view.history:
                    self.echo("  " + describe_event(e, s.names, self.fmt))
                continue
            if low == "undo":
                try:
                    undone = s.undo(seat)
                    self.echo(f"undone: {undone.notation(self.fmt)}")
                    self.show_state(seat)
                except RummyError as e:
                    self.echo(f"cannot undo: {e}")
                continue
            if low == "hint":
                self.echo(self.hint(seat))
                continue
            view = s.view(seat)
            unknown = unknown_move(text, view.legal, s.spec.aliases, self.fmt, view.discard_top)
            if unknown:
                self.echo(f"illegal: {unknown}")
                continue
            try:
                action = parse_action(text, s.match.legal_actions(), s.match.round.why_illegal, s.spec.aliases)
            except IllegalAction as e:
                self.echo(f"illegal: {e}")
                continue
            event = s.apply(action)
            self.echo(describe_event(event.seen_by(seat), s.names, self.fmt))
            if s.over or s.to_act() != seat or len(s.match.results) > self.rounds_seen:
                return True
            self.show_state(seat)

    def hint(self, seat: int) -> str:
        s = self.s
        spec = s.registry.strongest_agent(s.spec.name)
        if spec is None:
            return "no computer player to ask"
        from rummykit.core.agents import act_kwargs, agent_seed

        agent = spec.factory(seat, agent_seed(s.record.seed, seat), s.options)
        view = s.view(seat)
        action = agent.act(view, view.legal, **act_kwargs(agent, s.match, seat))
        why = getattr(agent, "explain", None)
        reason = why(view, action) if callable(why) else ""
        return f"hint ({spec.name}): {action.notation(self.fmt)}" + (f" — {reason}" if reason else "")

    def stop(self, why: str) -> None:
        """Leave before the end. Every move is saved as it is made: nothing to write."""
        s = self.s
        if s.path:
            self.echo(f"{why}; game saved to {s.path} (rummy play --resume {s.path})")
        else:
            self.echo(f"{why}; game not saved (no --save path)")
