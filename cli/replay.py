"""``rummy replay GAME``: a saved or finished game, move by move, every hand open.
GAME is a game id (as ``rummy resume`` lists them) or a path.

At a terminal it steps (Enter or n: next move, b: back, r: the next round's
deal, pr: this round's deal or the one before, a number: go to that move, e: the
end, q: quit). Otherwise it prints every move with every hand, in
plain text. A damaged or foreign file is one clear line (exit 2); the file is
only read, never written.

Every hand open would be peeking in a game still being played: an unfinished
game with a person seated is refused unless ``--reveal`` says to look anyway,
and the seed (which gives every deal to come) is shown only once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click
from rich.console import Group, RenderableType
from rich.text import Text

from rummykit.core.base.errors import RecordError, RummyError
from rummykit.core.base.values import counted, shown_value
from rummykit.core.play.records import check_state, load_record, start_match

from . import completion
from .common import QUIT_WORDS, LineError, given_once, number, registry, stdin_is_tty, stdout_is_tty
from .lineinput import LineInput
from .manage import game_path
from .render import Look, all_hands_view, marker, match_end_view, points_label, result_view
from .text import Sheet, past_phrase, table_line
from .tui import ALT_OFF, ALT_ON, HOME_CLEAR, make_console

if TYPE_CHECKING:
    from rummykit.core.engine.round import RoundResult, View
    from rummykit.core.play.match import Match
    from rummykit.core.play.records import MatchRecord
    from rummykit.core.plugins.registry import Registry, VariantSpec


@dataclass
class Frame:
    """The game after ``move`` actions (0 = the deal)."""

    move: int
    caption: str  # with cards marked (render.marker)
    round_no: int
    views: list[View] | None = None  # every seat's view, when a round is in play
    result: RoundResult | None = None  # when this move ended a round
    totals: tuple[int, ...] = ()
    match_over: bool = False
    sheet: Sheet | None = None  # the match rule's score sheet after a round (Match.columns)
    played: tuple[int, ...] | None = None  # the seats that played the round that ended


def build_frames(record: MatchRecord, registry: Registry) -> tuple[list[Frame], Match, VariantSpec[Any]]:
    """Re-apply ``record``'s actions one by one; a frame per move, plus a frame for
    each new deal. Raises RecordError if the record does not fit (its state
    included, as ``rummy resume`` checks it)."""
    match = start_match(record, registry)
    spec = match.variant
    names = [s.name for s in record.seats]
    n = len(names)

    def views() -> list[View]:
        return [match.view(s) for s in range(n)]

    frames = [Frame(0, "The deal", 1, views(), totals=tuple(match.totals))]
    total = len(record.actions)
    for i, text in enumerate(record.actions, 1):
        legal = {a.notation(): a for a in match.legal_actions()}
        action = legal.get(text)
        if action is None:
            raise RecordError(f"save file does not replay: move {i} {text!r} is not legal at that point")
        rounds = len(match.results)
        round_no = match.round_index + 1
        context = match.context
        event = match.apply(action)
        caption = f"Move {i} of {total}: {names[event.seat]} " + past_phrase(event, marker, spec.vocabulary)
        if len(match.results) > rounds:
            played = context.seats or None
            sheet = Sheet.of(match)
            frames.append(
                Frame(
                    i,
                    caption,
                    round_no,
                    None,
                    match.results[-1],
                    tuple(match.totals),
                    match.over,
                    sheet,
                    played,
                )
            )
            if not match.over:
                frames.append(
                    Frame(
                        i,
                        f"Round {match.round_index + 1}: the deal",
                        match.round_index + 1,
                        views(),
                        totals=tuple(match.totals),
                    )
                )
        else:
            frames.append(Frame(i, caption, round_no, views(), totals=tuple(match.totals)))
    check_state(record, match)
    return frames, match, spec


def render_frame(
    frame: Frame, record: MatchRecord, match: Match, spec: VariantSpec[Any], look: Look, width: int
) -> RenderableType:
    names = [s.name for s in record.seats]
    caption = look.marked(frame.caption)
    caption.stylize("bold")
    if frame.result is not None:
        parts: list[RenderableType] = [caption, Text()]
        label = "points"
        if spec.hand_summary is not None:
            label = points_label(spec.hand_summary(match.view(0), match.options))
        rule = match.rule.short()
        parts.append(
            result_view(
                frame.result,
                names,
                look,
                width,
                frame.round_no,
                frame.totals,
                rule,
                label,
                sheet=frame.sheet,
                seats=frame.played,
            )
        )
        if frame.match_over:
            parts.append(Text())
            parts.append(match_end_view(names, match, look, width))
        return Group(*parts)
    assert frame.views is not None  # a frame that ends no round shows the hands
    summaries = []
    for v in frame.views:
        summaries.append(spec.hand_summary(v, match.options) if spec.hand_summary else None)
    return all_hands_view(
        spec.title,
        names,
        frame.views,
        summaries,
        look,
        width,
        spec.ace_high,
        caption=caption,
        target=match.rule.short(),
        table_line=table_line(spec.table_summary, frame.views[0], names, marker),
    )


@click.command()
@click.argument("game", metavar="GAME", shell_complete=completion.games)
@click.option(
    "--move",
    "start",
    type=int,
    default=None,
    multiple=True,
    callback=given_once,
    metavar="N",
    help="Start at move N (at a terminal).",
)
@click.option(
    "--reveal", is_flag=True, help="Show an unfinished game with a person seated too (every hand open)."
)
@click.option("--ascii", "ascii_", is_flag=True, help="Suits as letters (C D H S).")
@click.option("--four-colour", "four_colour", is_flag=True, help="A colour per suit.")
def replay(game: str, start: int | None, reveal: bool, ascii_: bool, four_colour: bool) -> None:
    """Step through the saved game GAME (an id, as rummy resume lists them, or a
    path) with every hand visible, move by move.

    At a terminal: Enter (or n) next move, b back, a number jumps to that move,
    e the end, q quits; anything else is answered with what may be typed.
    Otherwise every move is printed (from move N with --move N). A game not
    over with a person seated is shown only with --reveal.
    """
    path = game_path(game)
    record = load_record(path)
    moves = len(record.actions)
    if start is not None and not 0 <= start <= moves:
        raise RummyError(
            f"--move {start}: game {record.id} has {moves} move{'s' if moves != 1 else ''} "
            f"(give 0 to {moves})"
        )
    try:
        frames, match, spec = build_frames(record, registry())
    except RecordError as e:
        msg = str(e)
        raise RecordError(msg if str(path) in msg else f"{path}: {msg}") from None
    if not match.over and any(s.kind == "human" for s in record.seats) and not reveal:
        raise RummyError(
            f"{path}: game {record.id} is not over and a person plays in it; "
            "replay shows every hand (rummy replay --reveal to look anyway)"
        )
    look = Look(ascii=ascii_, four_colour=four_colour, deck=spec.deck_for(match.options, len(record.seats)))
    if not (stdin_is_tty() and stdout_is_tty()):
        console = make_console()
        console.print(Text(_heading(record, spec, match.over)), soft_wrap=True)
        for f in frames:
            if start is not None and f.move < start:
                continue
            console.print()
            console.print(render_frame(f, record, match, spec, look, console.width))
        return
    _step(frames, record, match, spec, look, start)


def _heading(record: MatchRecord, spec: VariantSpec[Any], over: bool) -> str:
    """The game in one line; the seed only once the game is over."""
    seats = ", ".join(f"{s.name} ({s.kind})" for s in record.seats)
    seed = f", seed {record.seed}" if over else ""
    state = "finished" if over else "unfinished"
    return f"{spec.title}, game {record.id}{seed}: {seats}; {counted(len(record.actions), 'move')}, {state}"


def _step(
    frames: list[Frame],
    record: MatchRecord,
    match: Match,
    spec: VariantSpec[Any],
    look: Look,
    start: int | None,
) -> None:

    console = make_console()
    line_in = LineInput(lambda: (), ("next", "back", "round", "end", "quit"))
    i = 0
    if start is not None:
        i = _frame_at(frames, start)
    out = console.file
    out.write(ALT_ON)
    out.flush()
    note: str | None = ""  # why the last line typed did nothing
    try:
        while True:
            out.write(HOME_CLEAR)
            out.flush()
            console.print(Text(_heading(record, spec, match.over), style="dim"))
            console.print(render_frame(frames[i], record, match, spec, look, console.width))
            if note:
                console.print(Text(note, style="yellow"))
            last = len(frames) - 1
            where = "end of the record" if i == last else ""
            prompt = (
                f"[{frames[i].move}/{len(record.actions)}] Enter next, b back, r/pr next/prev round, "
                f"N move, e end, q quit{' (' + where + ')' if where else ''}> "
            )
            try:
                answer = line_in.read(prompt).strip()
            except EOFError:
                break
            except LineError as e:
                note = str(e)
                continue
            i, note = _step_answer(answer, i, frames, len(record.actions))
            if note is None:
                break
    except KeyboardInterrupt:
        pass
    finally:
        out.write(ALT_OFF)
        out.flush()


def _step_answer(answer: str, i: int, frames: list[Frame], moves: int) -> tuple[int, str | None]:
    """The frame to show after ``answer`` (typed at frame ``i``) and a one-line note
    ("" if none; None when the answer quits the stepper), in any case."""
    typed, answer = answer, answer.lower()
    last = len(frames) - 1
    if answer in QUIT_WORDS:
        return i, None
    if answer in ("", "n", "next"):
        return min(i + 1, last), ("" if i < last else "that is the end of the record")
    if answer in ("b", "back", "p", "prev"):
        return max(i - 1, 0), ""
    if answer in ("e", "end"):
        return last, ""
    if answer in ("s", "start"):
        return 0, ""
    if answer in ("r", "nr", "round", "next round"):
        return _next_round(frames, i)
    if answer in ("pr", "previous round", "back round"):
        return _previous_round(frames, i), ""
    n = number(answer)
    if n is not None:
        return _frame_at(frames, n), (
            "" if n <= moves else f"the record has {counted(moves, 'move')}; here is the last"
        )
    return i, (
        f"unknown command {shown_value(typed)}: Enter next, b back, r next round, "
        f"pr previous round, a move number (0 to {moves}), e end, q quit"
    )


def _next_round(frames: list[Frame], i: int) -> tuple[int, str]:
    """The deal of the round after frame ``i``'s (or the last frame, with a note)."""
    for j in range(i + 1, len(frames)):
        if frames[j].round_no > frames[i].round_no:
            return j, ""
    return len(frames) - 1, "this is the last round"


def _previous_round(frames: list[Frame], i: int) -> int:
    """The deal of frame ``i``'s round, or of the round before when ``i`` is that deal."""
    start = next(j for j, f in enumerate(frames) if f.round_no == frames[i].round_no)
    if start < i:
        return start
    return next((j for j, f in enumerate(frames) if f.round_no == frames[i].round_no - 1), 0)


def _frame_at(frames: list[Frame], move: int) -> int:
    """The index of the first frame after ``move`` moves (the last one past the end)."""
    for j, f in enumerate(frames):
        if f.move >= move:
            return j
    return len(frames) - 1
