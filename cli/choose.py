"""``rummy play`` with no variant, at a terminal: pick the variant (every
installed one, plugins included), the number of players, who sits where, and
the length of the match for a variant with a ``target`` option (short, normal,
long, or a number within the option's bounds).

Every answer that does not fit gets a one-line reason and the question again;
``quit`` (or ``q``, ``exit``) at any question leaves with nothing started.
A seat answered with a computer player's name (``random``, ``easy``) is that
computer player, and the chooser says so with how to seat a person of that
name instead (``human:Random``)."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from rummykit.core.base.errors import RummyError
from rummykit.core.base.values import did_you_mean, shown_value
from rummykit.core.engine.names import BadName, check_name
from rummykit.core.engine.options import bounds, build_options, parse_pairs
from rummykit.core.play.match import match_rule
from rummykit.core.play.session import parse_seats

from .common import QUIT_WORDS, ask_line, number

if TYPE_CHECKING:
    from rummykit.core.plugins.registry import Registry, VariantSpec


def _ask(prompt: str, default: str = "") -> str:
    """An answer (``default`` for Enter); ``quit`` leaves rummy with status 0."""
    shown = f"{prompt} [{default}]: " if default else f"{prompt}: "
    try:
        answer = ask_line(shown).strip()
    except EOFError:
        click.echo()
        raise RummyError("no game chosen") from None
    if answer.lower() in QUIT_WORDS:
        click.echo("no game started")
        raise click.exceptions.Exit(0)
    return answer or default


def _players(spec: VariantSpec[Any]) -> str:
    if spec.min_players == spec.max_players:
        return f"{spec.min_players} players"
    return f"{spec.min_players}-{spec.max_players} players"


def pick_variant(registry: Registry) -> VariantSpec[Any]:
    specs = [registry.variants[n] for n in sorted(registry.variants)]
    if not specs:
        raise RummyError("no variants installed (see rummy plugins)")
    click.echo("Installed variants:")
    wn = max(len(s.name) for s in specs)
    wt = max(len(s.title) for s in specs)
    for i, s in enumerate(specs, 1):
        click.echo(f"  {i}  {s.name:<{wn}}  {s.title:<{wt}}  {_players(s):<12} plugin {s.plugin}")
    default = "gin" if "gin" in registry.variants else specs[0].name
    while True:
        answer = _ask("Which variant? (number or name)", default)
        n = number(answer)
        if n is not None and 1 <= n <= len(specs):
            return specs[n - 1]
        if answer.lower() in registry.variants:
            return registry.variants[answer.lower()]
        hint = did_you_mean(answer, registry.variants)
        click.echo(
            f"  no variant {shown_value(answer)}{hint} (type a number from 1 to {len(specs)} or a name)"
        )


def pick_count(spec: VariantSpec[Any]) -> int:
    if spec.min_players == spec.max_players:
        click.echo(f"{spec.title} is for {spec.min_players} players.")
        return spec.min_players
    lo, hi = spec.min_players, spec.max_players
    while True:
        answer = _ask(f"How many players ({lo}-{hi})?", str(max(2, lo)))
        n = number(answer)
        if n is not None and lo <= n <= hi:
            return n
        click.echo(f"  type a number from {lo} to {hi}")


#: Words for the default computer player (the first of the seat words' agents).
BOT_WORDS = ("bot", "computer", "ai", "cpu")


def seat_agents(registry: Registry, variant: str, strongest: str | None) -> list[str]:
    """The computer players a seat may name for ``variant``, ``strongest`` (the
    default opponent, which ``bot`` means) first."""
    names = [a.name for a in registry.agents_for(variant)]
    return ([strongest] if strongest else []) + [n for n in names if n != strongest]


def plain_words(agents: Sequence[str]) -> dict[str, str]:
    """Each computer player's plain word, the part of its name after the prefix
    (``easy`` for ai:easy, ``simple`` for ref:simple), when no other player's
    name has it and it is not a word of its own (``bot``, ``human``): the word
    the chooser shows and a seat may be answered with."""
    levels = [a.rpartition(":")[2] for a in agents]
    return {
        level: a
        for a, level in zip(agents, levels, strict=True)
        if level
        and levels.count(level) == 1
        and (level == a or level not in agents)
        and level not in (*BOT_WORDS, "human")
    }


def read_seat(answer: str, agents: Sequence[str], index: int = 0) -> str:
    """What one seat word means, for ``--seat`` and the chooser alike, as a seat
    of :func:`rummykit.core.play.session.parse_seat`: a computer player's name in
    any case (``ai:easy``, ``Random``) or its plain word (``easy``, ``simple``:
    :func:`plain_words`), ``bot`` (or computer, ai, cpu)
    for the first of ``agents``, ``ai:LEVEL:NAME``, ``human[:NAME]``, or a
    person's name. A computer player that is not in ``agents`` (``ai:hardd``, or
    a plain word as close to one as ``randon``) is a one-line :class:`RummyError`
    with the closest name."""
    a = answer.strip()
    low = a.lower()
    if not a:
        raise RummyError(f"seat {index + 1} is empty; use human[:NAME], ai:LEVEL, random or bot")
    by_low = {x.lower(): x for x in agents}  # names in any case
    if a in agents:
        return a
    if low in by_low:
        return by_low[low]
    if f"ai:{low}" in by_low:
        return by_low[f"ai:{low}"]
    words = {w.lower(): x for w, x in plain_words(agents).items()}
    if low in words:
        return words[low]
    if low in BOT_WORDS:
        if agents:
            return agents[0]
        raise RummyError(f"seat {index + 1}: there is no computer player here; give a person's name")
    if low == "human" or low.startswith("human:"):
        return "human" + a[len("human") :]
    head, _, rest = a.partition(":")
    prefixes = {x.partition(":")[0] for x in agents if ":" in x} | {"ai"}
    if head.lower() == "ai" and rest:
        level, _, name = rest.partition(":")
        if f"ai:{level.lower()}" in by_low:
            return by_low[f"ai:{level.lower()}"] + (f":{name}" if name.strip() else "")
        raise _unknown(f"ai:{level}", agents, index)
    if rest and head.lower() in prefixes:
        raise _unknown(a, agents, index)
    if rest:  # "ref:novice" where no such player is offered: a bot's name, not a person's
        raise _unknown(a, agents, index, f"; for a person called {a}, type human:{a}")
    if difflib.get_close_matches(low, [*agents, *words], n=1, cutoff=0.8):
        raise _unknown(a, agents, index, f"; for a person called {a}, type human:{a}")
    return f"human:{a}"


def _unknown(word: str, agents: Sequence[str], index: int, more: str = "") -> RummyError:
    words = [*agents, *plain_words(agents)]
    known = ", ".join(agents) or "none"
    return RummyError(
        f"seat {index + 1}: unknown computer player {shown_value(word)}{did_you_mean(word, words)} "
        f"(available: {known}){more}"
    )


def _person_problem(seat: str) -> str | None:
    """Why the name of a person's seat (``human:NAME``) cannot be used, or None."""
    name = seat.partition(":")[2].strip()
    if not name:
        return None
    try:
        check_name(name)
    except BadName as e:
        return str(e)
    return None


def pick_seats(spec: VariantSpec[Any], n: int, registry: Registry) -> tuple[str, ...]:
    strongest = registry.strongest_agent(spec.name)  # the default opponent: it understands the rules
    # "bot" is the first listed: the default opponent.
    agents = seat_agents(registry, spec.name, strongest.name if strongest else None)
    by_name = {a: w for w, a in plain_words(agents).items()}
    shown = ", ".join(by_name.get(a, a) for a in agents) if agents else "none"
    click.echo("Who sits where? For a person type a name (or Enter for the default).")
    click.echo(f"For a computer player type one of these, strongest first: {shown}")
    click.echo(f"(bot for the strongest; rummy rules {spec.name} says how each plays).")
    seats: list[str] = []
    for i in range(n):
        default = "human" if i == 0 or strongest is None else strongest.name
        shown_default = f"human (Player {i + 1})" if default == "human" else by_name.get(default, default)
        while True:
            answer = _ask(f"  Seat {i + 1}", shown_default)
            try:
                human = answer == shown_default and default == "human"
                seat = "human" if human else read_seat(answer, agents, i)
            except RummyError as e:
                click.echo(f"  {e}")
                continue
            problem = _person_problem(seat) if seat.startswith("human") else None
            if problem:
                click.echo(f"  {problem}")
                continue
            try:  # a name another seat already has: ask again
                parse_seats([*seats, seat])
            except RummyError as e:
                click.echo(f"  {e}")
                continue
            break
        if (
            seat in agents
            and answer != shown_default
            and ":" not in answer
            and answer.lower() not in BOT_WORDS
        ):
            # A word that is also a computer player's name: say which it became.
            click.echo(
                f"  seat {i + 1} is the computer player {seat}; "
                f"for a person called {answer}, type human:{answer}"
            )
        seats.append(seat)
    return tuple(seats)


def match_lengths(spec: VariantSpec[Any]) -> dict[str, int] | None:
    """The targets of a short, normal and long match of ``spec``: half, all and
    twice its default ``target`` option, kept within the option's bounds; None
    when it has no whole-number ``target`` option with a default."""
    field = spec.options_model.model_fields.get("target")
    if field is None or field.annotation is not int or not isinstance(field.default, int):
        return None
    lo, hi = bounds(field)
    lo = 1 if lo is None else lo
    default = field.default

    def within(n: int) -> int:
        return max(lo, n if hi is None else min(hi, n))

    return {"short": within(default // 2), "normal": default, "long": within(default * 2)}


def _goal(spec: VariantSpec[Any], pairs: dict[str, str], target: int) -> str:
    """How the match ends with ``target``, in a header's words ("to 50")."""
    try:
        return match_rule(spec, build_options(spec.options_model, {**pairs, "target": target})).short()
    except Exception:  # the other options are refused later, with their reason
        return f"to {target}"


def pick_length(spec: VariantSpec[Any], options: Sequence[str] = ()) -> tuple[str, ...]:
    """Ask how long a match of ``spec`` to play, when it has a ``target``
    option that ``options`` (``--option`` pairs) does not give; returns the
    pairs with ``target=N`` added."""
    lengths = match_lengths(spec)
    try:
        pairs = parse_pairs(options)
    except RummyError:  # refused later, with its reason
        return tuple(options)
    if lengths is None or "target" in pairs:
        return tuple(options)
    field = spec.options_model.model_fields["target"]
    lo, hi = bounds(field)
    lo = 1 if lo is None else lo
    span = f"from {lo} to {hi}" if hi is not None else f"of {lo} or more"
    choices = ", ".join(f"{k} ({_goal(spec, pairs, t)})" for k, t in lengths.items())
    while True:
        answer = _ask(f"How long a match? {choices}, or a target {span}", "normal").lower()
        target = lengths.get(answer)
        n = number(answer)
        if target is None and n is not None and lo <= n and (hi is None or n <= hi):
            target = n
        if target is not None:
            return (*options, f"target={target}")
        click.echo(f"  type short, normal, long or a number {span}")


def choose_game(
    registry: Registry, seats: Sequence[str] = (), options: Sequence[str] = ()
) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Ask which variant, how many players, who sits where and how long a match;
    returns the variant name, the seats as ``--seat`` values and the
    ``--option`` pairs (``options`` with the target chosen). Seats already given
    (``--seat``) are kept, and not asked; a target already given (``-o
    target=N``) is not asked either."""
    spec = pick_variant(registry)
    if not seats:
        n = pick_count(spec)
        seats = pick_seats(spec, n, registry)
    return spec.name, tuple(seats), pick_length(spec, options)
