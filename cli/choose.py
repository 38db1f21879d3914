"""``rummy play`` with no variant, at a terminal: pick the variant (every
installed one, plugins included), the number of players and who sits where."""

from __future__ import annotations

from collections.abc import Sequence

import click

from rummykit.core.errors import RummyError


def _ask(prompt: str, default: str = "") -> str:
    shown = f"{prompt} [{default}]: " if default else f"{prompt}: "
    try:
        answer = input(shown).strip()
    except EOFError:
        click.echo()
        raise RummyError("no game chosen") from None
    return answer or default


def _players(spec) -> str:
    if spec.min_players == spec.max_players:
        return f"{spec.min_players} players"
    return f"{spec.min_players}-{spec.max_players} players"


def pick_variant(registry) -> object:
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
        answer = _ask("Which variant? (number or name)", default).lower()
        if answer.isdigit() and 1 <= int(answer) <= len(specs):
            return specs[int(answer) - 1]
        if answer in registry.variants:
            return registry.variants[answer]
        click.echo(f"  no variant {answer!r}; type a number from 1 to {len(specs)} or a name")


def pick_count(spec) -> int:
    if spec.min_players == spec.max_players:
        click.echo(f"{spec.title} is for {spec.min_players} players.")
        return spec.min_players
    lo, hi = spec.min_players, spec.max_players
    while True:
        answer = _ask(f"How many players ({lo}-{hi})?", str(max(2, lo)))
        if answer.isdigit() and lo <= int(answer) <= hi:
            return int(answer)
        click.echo(f"  type a number from {lo} to {hi}")


def read_seat(answer: str, agents: Sequence[str], index: int) -> str | None:
    """What one seat answer means: a computer player's name (``ai:easy``, ``easy``,
    ``random``, ``bot`` for the strongest), ``human[:NAME]``, or a person's name."""
    a = answer.strip()
    low = a.lower()
    if not a:
        return None
    if low in agents:
        return low
    if f"ai:{low}" in agents:
        return f"ai:{low}"
    if low in ("bot", "computer", "ai", "cpu") and agents:
        return agents[0]
    if low == "human" or low.startswith("human:"):
        return a if ":" in a else "human"
    if low.startswith("ai:"):
        return None  # an unknown level
    return f"human:{a}"


def pick_seats(spec, n: int, registry) -> tuple[str, ...]:
    agents = [a.name for a in registry.agents_for(spec.name)]
    shown = ", ".join(agents) if agents else "none"
    click.echo("Who sits where? For a person type a name (or Enter for the default);")
    click.echo(f"for a computer player type one of: {shown} (or bot for the strongest).")
    seats = []
    for i in range(n):
        default = "human" if i == 0 or not agents else agents[0]
        shown_default = f"human (Player {i + 1})" if default == "human" else default
        while True:
            answer = _ask(f"  Seat {i + 1}", shown_default)
            seat = "human" if answer == shown_default and default == "human" else read_seat(answer, agents, i)
            if seat is not None:
                break
            click.echo(f"  unknown computer player {answer!r} (available: {shown})")
        seats.append(seat)
    return tuple(seats)


def choose_game(registry, seats: Sequence[str] = ()) -> tuple[str, tuple[str, ...]]:
    """Ask which variant, how many players and who sits where; returns the variant
    name and the seats as ``--seat`` values. Seats already given (``--seat``) are
    kept, and only the variant is asked."""
    spec = pick_variant(registry)
    if seats:
        return spec.name, tuple(seats)
    n = pick_count(spec)
    seats = pick_seats(spec, n, registry)
    return spec.name, seats
