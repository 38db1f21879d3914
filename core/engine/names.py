"""Player names and the texts they go into: the one place their rules live.

A name comes from ``--seat human:NAME`` (or ``ai:LEVEL:NAME``), from the
chooser of ``rummy play``, or from a save file. It is printed on the table, in
the log, in result lines and in log files, so it must be plain text that cannot
move the cursor, set the window title, forge a line or reorder what follows it:

* spaces at either end are trimmed and a run of spaces inside becomes one;
* a name holding a control character (C0 such as tab or ESC, DEL, C1), a line
  or paragraph break, a bidirectional control (U+061C, U+200E, U+200F,
  U+202A-U+202E, U+2066-U+2069) or an unpaired surrogate is refused, with the
  reason in one line (:class:`BadName`): nothing is removed behind the
  typist's back;
* so is a name holding a character that shows nothing and is not a space
  (:func:`invisible`): a format character (Unicode category Cf: U+200B,
  U+2060-U+2064, U+FEFF, tag characters, ...) or a blank that passes for a
  letter or a sign (the Hangul fillers, U+2800 braille blank, U+034F), so that
  no two names can look the same;
* a name has 1 to :data:`MAX_NAME` characters and at least one that shows.

Seats get distinct names, compared by :func:`fold` (case and compatibility
forms ignored): a name a person typed that another seat already has is refused
(:func:`rummykit.core.play.session.parse_seats`, the chooser, a save file), and
default names ("Player 2", "Easy bot") are numbered apart
(:func:`unique_names`). A person may be
called anything a bot is called ("Random" included): the seat's kind, not its
name, says who plays it.

Variant texts (:attr:`RoundResult.text`) are templates: ``{0}`` is seat 0's
name, ``[[n]]`` card ``n``. :func:`render_text` fills the cards in first and the
names last, so nothing in a name is ever read as a template, and removes
control characters from the variant's own words (:func:`clean_text`, which also
drops the format characters that show nothing, as U+200B, but keeps those
ordinary text needs: :data:`SHAPING`).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable, Sequence

from rummykit.core.base.errors import CardError, RummyError
from rummykit.core.base.values import shortened
from rummykit.core.cards.card import DECK_SIZE
from rummykit.core.cards.deck import BASE_CARDS, MAX_COPIES, MAX_JOKERS

#: One more than the largest card int any declared deck may hold.
MAX_CARD = BASE_CARDS * MAX_COPIES + MAX_JOKERS

MAX_NAME = 24
MAX_KIND = 64  # a seat's kind: "human" or a computer player's name

#: Bidirectional controls: embeddings, overrides, isolates and marks.
BIDI = frozenset(
    "\u061c\u200e\u200f" + "".join(map(chr, range(0x202A, 0x202F))) + "".join(map(chr, range(0x2066, 0x206A)))
)
_REFUSED_CATEGORIES = ("Cc", "Cs", "Zl", "Zp")  # controls, surrogates, line/paragraph breaks
#: Format characters (category Cf) that ordinary text needs, which
#: :func:`clean_text` keeps: the joiners (U+200C, U+200D) of Persian, of Indic
#: scripts and of emoji sequences, and the signs that show over the digits
#: after them (Arabic, Syriac, Kaithi). A name holds none of them (:func:`invisible`).
SHAPING = frozenset(
    "\u200c\u200d"
    + "".join(map(chr, range(0x0600, 0x0606)))
    + "\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd"
)
#: Blanks whose category is a letter's, a sign's or a mark's: they show nothing.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
_CARD = re.compile(r"\[\[([0-9]{1,3})\]\]")


class BadName(RummyError, ValueError):
    """A name (or a seat) that breaks the rules above; the message is one line."""


def bad_char(ch: str) -> bool:
    """Whether ``ch`` may not appear in a name or be printed from untrusted text."""
    return ch in BIDI or unicodedata.category(ch) in _REFUSED_CATEGORIES


def invisible(ch: str) -> bool:
    """Whether ``ch`` shows nothing and is not a space: a format character
    (category Cf) or one of :data:`BLANKS`."""
    return ch in BLANKS or unicodedata.category(ch) == "Cf"


def _describe(ch: str) -> str:
    if ch in "\n\r\x0b\x0c\x85\u2028\u2029":
        return f"a line break (U+{ord(ch):04X})"
    if ch in BIDI:
        return f"a bidirectional control (U+{ord(ch):04X})"
    if ch == "\t":
        return "a tab"
    if ch == "\x1b":
        return "an escape character (ESC)"
    return f"a control character (U+{ord(ch):04X})"


def shown(text: str, most: int = 30) -> str:
    """``text`` quoted whole for an error line: escaped, and :func:`shortened`
    to ``most`` characters first."""
    return repr(shortened(text, most))


def check_name(text: str) -> str:
    """``text`` as a name (spaces trimmed and collapsed, NFC), or :class:`BadName`."""
    if not isinstance(text, str):
        raise BadName("a name must be text")
    for ch in text:
        if bad_char(ch):
            raise BadName(
                f"name {shown(text)} has {_describe(ch)}; names are plain text of 1 to {MAX_NAME} characters"
            )
    for ch in text:
        if invisible(ch):
            raise BadName(
                f"name {shown(text)} has a character that shows nothing (U+{ord(ch):04X}); "
                "type letters, digits, signs and spaces"
            )
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise BadName("a name may not be empty")
    if len(name) > MAX_NAME:
        raise BadName(f"name {shown(name)} is {len(name)} characters long; at most {MAX_NAME}")
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in name):
        raise BadName(f"name {shown(text)} shows nothing; type at least one letter, digit or sign")
    return name


def check_kind(text: str) -> str:
    """A seat's kind (``human`` or a computer player's name): plain text, bounded."""
    if not isinstance(text, str):
        raise BadName("a seat kind must be text")
    if not text or len(text) > MAX_KIND or any(bad_char(ch) for ch in text):
        raise BadName(f"bad seat {shown(text)}: plain text of 1 to {MAX_KIND} characters")
    return text


def bot_name(kind: str) -> str:
    """The default name of a computer seat, after its level: ``ai:easy`` ->
    "Easy bot", ``ref:simple`` -> "Simple bot", ``random`` -> "Random bot"."""
    level = kind.rsplit(":", 1)[-1]
    return fit(f"{level.capitalize()} bot" if level else "Bot")


def fit(base: str, suffix: str = "") -> str:
    """``base`` + ``suffix``, ``base`` cut so that the whole has at most MAX_NAME characters."""
    room = MAX_NAME - len(suffix)
    return (base if len(base) <= room else base[:room].rstrip()) + suffix


def fold(name: str) -> str:
    """The form two names are compared in: case and compatibility forms ignored."""
    return unicodedata.normalize("NFKC", name).casefold()


def unique_names(names: Sequence[str], keep: Sequence[bool] = ()) -> list[str]:
    """``names`` made distinct, compared by :func:`fold`: a name that several
    seats share becomes "NAME N" with N the seat's number (or the next number not
    taken), and a name that was already unique is kept as it is. A name whose
    ``keep`` is true (one a person typed; they are distinct) is never changed."""
    keys = [fold(n) for n in names]
    kept = [i < len(keep) and bool(keep[i]) for i in range(len(names))]
    out = list(names)
    taken = {k for k in keys if keys.count(k) == 1} | {k for k, x in zip(keys, kept, strict=True) if x}
    for i, n in enumerate(names):
        if kept[i] or keys.count(keys[i]) == 1:
            continue
        number = i + 1
        while True:
            candidate = fit(n, f" {number}")
            if fold(candidate) not in taken:
                break
            number += 1
        taken.add(fold(candidate))
        out[i] = candidate
    return out


def taken_name(names: Sequence[str]) -> tuple[int, int] | None:
    """The first pair of seats (``i < j``) whose names are the same by :func:`fold`, or None."""
    first: dict[str, int] = {}
    for j, n in enumerate(names):
        i = first.setdefault(fold(n), j)
        if i != j:
            return i, j
    return None


def clean_text(text: str) -> str:
    """Untrusted text made safe to print on one line: line breaks and tabs become
    spaces, other control characters and bidirectional controls are dropped, and
    so are the format characters (category Cf) that show nothing, as U+200B,
    U+2060, U+FEFF, the soft hyphen and the tag characters, but not those of
    :data:`SHAPING`: ordinary text prints as it is."""
    out = []
    for ch in text:
        if bad_char(ch) or (ch not in SHAPING and unicodedata.category(ch) == "Cf"):
            if ch.isspace():
                out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def render_cards(text: str, fmt: Callable[[int], str]) -> str:
    """``text`` with each card marker ``[[n]]`` shown by ``fmt`` (control characters
    removed first, so only ``fmt`` can put anything special in)."""

    def card(m: re.Match) -> str:
        n = int(m.group(1))
        if n < DECK_SIZE:
            return fmt(n)
        try:  # a copy or a printed joker of a declared deck, when fmt knows the deck
            return fmt(n) if n < MAX_CARD else m.group(0)
        except CardError:
            return m.group(0)

    return _CARD.sub(card, clean_text(text))


def render_text(template: str, names: Sequence[str], fmt: Callable[[int], str]) -> str:
    """A variant's template with its cards shown by ``fmt`` and ``{i}`` replaced by
    ``names[i]``, names last: a name is never read as a card or a field. A
    template that does not parse is shown as it is (cards still filled in)."""
    try:
        pieces = list(string.Formatter().parse(template))
    except ValueError:
        return render_cards(template, fmt)
    out = []
    for literal, field, spec, conversion in pieces:
        out.append(render_cards(literal, fmt))
        if field is None:
            continue
        out.append(_field(field, spec, conversion, names, fmt))
    return "".join(out)


def _field(
    field: str, spec: str | None, conversion: str | None, names: Sequence[str], fmt: Callable[[int], str]
) -> str:
    """One ``{i}`` of a template: seat ``i``'s name (with the field's format, if
    any); a field naming no seat is shown as it was written."""
    if field.isascii() and field.isdigit() and len(field) <= 3 and int(field) < len(names):
        f = string.Formatter()
        try:
            return clean_text(f.format_field(f.convert_field(names[int(field)], conversion), spec or ""))
        except (ValueError, TypeError):
            pass
    written = "{" + field + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}"
    return render_cards(written, fmt)
