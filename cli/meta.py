"""What a person may type at the move prompt instead of a move: the same words in
both terminal games (:mod:`rummykit.cli.plainui` and :mod:`rummykit.cli.tui`).

``help`` (``?``, ``h``), ``rules``, ``hint``, ``undo``, ``score``, ``log``,
``sort`` (the loose cards of the hand by rank, or by suit again) and ``quit``
(``exit``, ``q``), in any case. :func:`meta_command` says which one a line is;
:func:`run_meta` runs it on the game, which shows it its own way
(:class:`MetaCommands`). ``quit`` is left to the caller: how a game leaves is
its own.
"""

from __future__ import annotations

from typing import Protocol

from .common import QUIT_WORDS

QUIT = "quit"

#: Each command and the words that name it.
WORDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "?", "h"),
    "rules": ("rules",),
    "hint": ("hint",),
    "undo": ("undo",),
    "score": ("score",),
    "log": ("log",),
    "sort": ("sort",),
    QUIT: QUIT_WORDS,
}

#: The commands by name (for completion).
COMMANDS = tuple(WORDS)

_BY_WORD = {word: name for name, words in WORDS.items() for word in words}


def meta_command(line: str) -> str | None:
    """The command ``line`` names (``"help"`` for ``?``), or None for a move."""
    return _BY_WORD.get(line.strip().lower())


class MetaCommands(Protocol):
    """A game's way of showing each command to the person at ``seat``. A method
    returns True when the table should be drawn again before the next prompt."""

    def show_help(self, seat: int) -> bool | None: ...

    def show_rules(self, seat: int) -> bool | None: ...

    def show_hint(self, seat: int) -> bool | None: ...

    def undo(self, seat: int) -> bool | None: ...

    def show_score(self, seat: int) -> bool | None: ...

    def show_log(self, seat: int) -> bool | None: ...

    def sort_hand(self, seat: int) -> bool | None: ...


def run_meta(game: MetaCommands, command: str, seat: int) -> bool:
    """Run ``command`` (any but ``quit``) for ``seat``; whether to draw the table again."""
    handler = {
        "help": game.show_help,
        "rules": game.show_rules,
        "hint": game.show_hint,
        "undo": game.undo,
        "score": game.show_score,
        "log": game.show_log,
        "sort": game.sort_hand,
    }[command]
    return bool(handler(seat))
