"""A variant's rules as people read them, the same in ``rummy rules VARIANT`` and
in the game's ``rules`` command: the heading line, the variant's rules text, how
a match ends (its match rule: the game's own, else under the default options), its
options (from its options model: default, allowed values, meaning; listed once,
here) and its computer players.

Two forms: plain text (lines, for pipes, files and the plain game) and Markdown
that rich renders at a terminal (headings, emphasis, tables whose cells wrap
inside their column).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummykit.core.base.errors import RummyError
from rummykit.core.engine.options import describe_options
from rummykit.core.play.match import MatchRule, match_rule

from .completion import one_value

if TYPE_CHECKING:
    from rich.console import RenderableType

    from rummykit.core.plugins.registry import VariantSpec

NO_RULES = "(this variant gives no rules text)"


def heading(spec: VariantSpec[Any]) -> str:
    """``CardVerse Rummy (variant cardverse, 2 to 4 players, plugin cardverse)``."""
    lo, hi = spec.min_players, spec.max_players
    players = str(lo) if lo == hi else f"{lo} to {hi}"
    return f"{spec.title} (variant {spec.name}, {players} players, plugin {spec.plugin})"


def options_title(spec: VariantSpec[Any]) -> str:
    return f"Options (rummy play {spec.name} --option KEY=VALUE)"


def match_words(spec: VariantSpec[Any], rule: MatchRule | None = None) -> str:
    """How a match ends: ``rule`` (a game's own) in words, else the variant's
    rule under its default options, "first to 100 (with the default options)"."""
    if rule is not None:
        return rule.describe()
    try:
        words = match_rule(spec, spec.options_model()).describe()
    except RummyError as e:
        return str(e)
    except Exception as e:  # options a plugin's model cannot make without values
        return f"set by the options ({type(e).__name__})"
    return f"{words} (with the default options)"


#: A computer player as ``rummy rules`` describes it: name, strength (0 to 100,
#: shown as "30/100"), description.
Player = tuple[str, int, str]


def listed_options(spec: VariantSpec[Any]) -> list[tuple[str, str, str, str]]:
    """The options ``rummy rules`` lists (:func:`describe_options`): all but those
    with one value only (:func:`~rummykit.cli.completion.one_value`)."""
    fields = spec.options_model.model_fields
    return [row for row in describe_options(spec.options_model) if not one_value(fields[row[0]])]


def plain_lines(
    spec: VariantSpec[Any],
    agents: Sequence[str],
    note: str = "",
    players: Sequence[Player] = (),
    rule: MatchRule | None = None,
) -> list[str]:
    """The rules as plain text: the options in aligned columns (``note``: a
    line after the computer players; ``players``: a line for each, with its
    strength and description; ``rule``: a game's match rule, else the
    variant's under the default options)."""
    out = [heading(spec), "", spec.rules_text.strip() or NO_RULES, ""]
    out += ["Match: " + match_words(spec, rule), "", options_title(spec) + ":"]
    opts = listed_options(spec)
    if not opts:
        out.append("  none")
    width = max((len(n) for n, _, _, _ in opts), default=0)
    dwidth = max((len(f"default {d}") for _, d, _, _ in opts), default=0)
    awidth = max((len(a) for _, _, a, _ in opts), default=0)
    for name, default, allowed, desc in opts:
        shown = f"default {default}"
        out.append(f"  {name:<{width}}  {shown:<{dwidth}}  {allowed:<{awidth}}  {desc}".rstrip())
    if agents:
        out += ["", "Computer players: " + ", ".join(agents)]
    nwidth = max((len(n) for n, _, _ in players), default=0)
    for name, strength, text in players:
        out.append(f"  {name:<{nwidth}}  strength {f'{strength}/100':<7}  {text}".rstrip())
    if note:
        out.append(note)
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|") or " "


def markdown(
    spec: VariantSpec[Any],
    agents: Sequence[str],
    note: str = "",
    players: Sequence[Player] = (),
    rule: MatchRule | None = None,
) -> str:
    """The rules as Markdown: the options as a table under their own heading
    (``note``, ``players`` and ``rule`` as for :func:`plain_lines`)."""
    parts = [spec.rules_text.strip() or NO_RULES, f"**Match:** {_cell(match_words(spec, rule))}"]
    parts.append(f"## {options_title(spec)}")
    opts = listed_options(spec)
    if opts:
        rows = ["| option | default | values | meaning |", "|---|---|---|---|"]
        rows += [
            f"| `{name}` | {_cell(default)} | {_cell(allowed)} | {_cell(desc)} |"
            for name, default, allowed, desc in opts
        ]
        parts.append("\n".join(rows))
    else:
        parts.append("None.")
    if agents:
        parts.append("**Computer players:** " + ", ".join(f"`{a}`" for a in agents))
    if players:
        rows = ["| player | strength (of 100) | how it plays |", "|---|---|---|"]
        rows += [f"| `{n}` | {strength}/100 | {_cell(text)} |" for n, strength, text in players]
        parts.append("\n".join(rows))
    if note:
        parts.append(_cell(note))
    return "\n\n".join(parts) + "\n"


def renderable(
    spec: VariantSpec[Any],
    agents: Sequence[str],
    ascii_: bool = False,
    note: str = "",
    players: Sequence[Player] = (),
    rule: MatchRule | None = None,
) -> RenderableType:
    """What a terminal shows: the Markdown rendered (the plain text with ``ascii_``,
    for terminals without box-drawing characters)."""
    from rich.console import Group
    from rich.markdown import Markdown
    from rich.text import Text

    if ascii_:
        return Text("\n".join(plain_lines(spec, agents, note, players, rule)))
    doc = markdown(spec, agents, note, players, rule)
    return Group(Text(heading(spec), style="dim"), Text(), Markdown(doc))
