"""``rummy variants``, ``rummy rules``, ``rummy plugins``."""

from __future__ import annotations

import json
import re
import shutil
from typing import Any

import click

from rummykit.core.base.values import shortened
from rummykit.core.bots.search import why_no_search
from rummykit.core.engine.names import clean_text
from rummykit.core.plugins.manager import DISABLE_ENV, Plugins, disabled_plugins

from . import completion, rulesdoc
from .common import current_run, registry, stdin_is_tty, stdout_is_tty
from .main import plugin_commands


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def variants(as_json: bool) -> None:
    """List the installed variants: name, title, players, the plugin that gave it."""
    reg = registry()
    rows = []
    for name in sorted(reg.variants):
        v = reg.variants[name]
        players = str(v.min_players) if v.min_players == v.max_players else f"{v.min_players}-{v.max_players}"
        rows.append(
            {
                "name": v.name,
                "title": v.title,
                "players": players,
                "plugin": v.plugin,
                "description": v.description,
            }
        )
    if as_json:
        click.echo(json.dumps(rows))
        return
    if not rows:
        click.echo("no variants installed")
        return
    w = [max(len(r[k]) for r in rows) for k in ("name", "title", "players")]
    w = [max(a, len(b)) for a, b in zip(w, ("NAME", "TITLE", "PLAYERS"), strict=True)]
    click.echo(f"{'NAME':<{w[0]}}  {'TITLE':<{w[1]}}  {'PLAYERS':<{w[2]}}  PLUGIN")
    for r in rows:
        click.echo(f"{r['name']:<{w[0]}}  {r['title']:<{w[1]}}  {r['players']:<{w[2]}}  {r['plugin']}")


@click.command()
@click.argument("variant", shell_complete=completion.variants)
@click.option("--no-pager", is_flag=True, help="At a terminal, print the rules instead of paging them.")
def rules(variant: str, no_pager: bool) -> None:
    """Show the rules of VARIANT and its options: default, allowed values, meaning.

    At a terminal the rules are rendered (headings, tables) and shown through the
    pager ($PAGER, else less); piped or redirected they are plain text.
    """
    reg = registry()
    spec = reg.variant(variant)
    specs = reg.agents_for(spec.name)
    agents = [a.name for a in specs]
    players = [(clean_text(a.name), a.strength, shortened(clean_text(a.description), 300)) for a in specs]
    why = why_no_search(reg, spec.name)
    note = f"ai:search cannot play {spec.name}: {why}" if why else ""
    if not stdout_is_tty():
        click.echo("\n".join(rulesdoc.plain_lines(spec, agents, note, players)))
        return
    from rich.console import Console  # about 0.1 s, for rules shown at a terminal only

    console = Console(highlight=False, emoji=False)
    doc = rulesdoc.renderable(spec, agents, note=note, players=players)
    if no_pager or not stdin_is_tty():
        console.print(doc)
        return
    with console.capture() as captured:
        console.print(doc)
    click.echo_via_pager(captured.get())


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def plugins(as_json: bool) -> None:
    """List the plugins: version, distribution, what each registered, problems.

    Built-in variants are plugins too. A plugin that failed to load, or was
    disabled with RUMMYKIT_DISABLE_PLUGINS=a,b, is listed with its status; every
    problem is listed once, naming its plugin.
    """
    run = current_run()
    p = run.plugins()
    plugin_commands(click.get_current_context())  # so that what each plugin added is known
    reg = p.registry
    rows = []
    # How `rummy plugins` writes an agent: "NAME (VARIANT)", or "NAME" for every variant.
    clashing = {n + (f" ({v})" if v else "") for v, n in reg.agent_conflicts}
    for name, info in sorted(reg.plugins.items()):
        variants = [v + (" (conflict)" if v in reg.conflicts else "") for v in info.get("variants", [])]
        rows.append(
            {
                "name": name,
                "version": info.get("version", ""),
                "distribution": info.get("distribution", ""),
                "module": info.get("module", ""),
                "status": info.get("status", "loaded"),
                "variants": variants,
                "agents": [a + (" (conflict)" if a in clashing else "") for a in info.get("agents", [])],
                "commands": [
                    c + (" (conflict)" if c in p.command_conflicts else "") for c in info.get("commands", [])
                ],
            }
        )
    if as_json:
        click.echo(
            json.dumps(
                {
                    "plugins": rows,
                    "conflicts": _conflicts(p),
                    "problems": list(reg.problems),
                    "disabled": sorted(disabled_plugins()),
                },
                indent=1,
            )
        )
        return
    if not rows:
        click.echo("no plugins loaded")
    else:
        table = [("PLUGIN", "VERSION", "DISTRIBUTION", "REGISTERED")]
        for r in rows:
            what = []
            for key in ("variants", "agents", "commands"):
                if r[key]:
                    what.append(f"{key}: " + ", ".join(r[key]))
            if r["status"] != "loaded":
                what.insert(0, r["status"].upper() if r["status"].startswith("failed") else r["status"])
            name, version, dist = (clean_text(r[k]) or "-" for k in ("name", "version", "distribution"))
            table.append((name, version, dist, clean_text("; ".join(what)) or "nothing"))  # no escapes
        w = [max(len(row[i]) for row in table) for i in range(3)]
        column = w[0] + w[1] + w[2] + 6
        # At a terminal, what each registered is folded between its items: under its
        # column, or indented by 4 when that column is narrow.
        width = shutil.get_terminal_size().columns if stdout_is_tty() else 0
        indent = column if width - column >= 40 else 4
        for row in table:
            lines = _folded(row[3], width - column, width - indent) if width else [row[3]]
            click.echo(f"{row[0]:<{w[0]}}  {row[1]:<{w[1]}}  {row[2]:<{w[2]}}  {lines[0]}".rstrip())
            for line in lines[1:]:
                click.echo(" " * indent + line)
    if reg.problems:
        run.problems_shown = True  # listed here; no second copy on stderr
        click.echo()
        click.echo("Problems:")
        for line in reg.problems:
            click.echo(f"  {clean_text(line)}")
    blocked = disabled_plugins()
    if blocked:
        click.echo()
        click.echo(f"{DISABLE_ENV}={','.join(sorted(blocked))}")


def _folded(text: str, first: int, room: int) -> list[str]:
    """``text`` ("variants: gin; agents: ai:easy (gin), ...") on a first line of at
    most ``first`` characters and then lines of at most ``room``, broken only after
    a comma or a semicolon (an item too long for its line gets one of its own)."""
    lines = [""]
    for item in re.split(r"(?<=[,;]) ", text):
        limit = first if len(lines) == 1 else room
        if len(lines[-1]) + 1 + len(item) > limit and (lines[-1] or len(lines) == 1):
            lines.append(item)
        else:
            lines[-1] += (" " if lines[-1] else "") + item
    return lines


def _conflicts(p: Plugins) -> list[dict[str, Any]]:
    """Every name several plugins claimed: its kind, the name, the variant (of
    an agent) and the plugins, in name order (neither uses the name)."""
    reg = p.registry
    out: list[dict[str, Any]] = [
        {"kind": "variant", "name": n, "plugins": sorted(who)} for n, who in sorted(reg.conflicts.items())
    ]
    for (variant, name), who in sorted(
        reg.agent_conflicts.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        out.append({"kind": "agent", "name": name, "variant": variant, "plugins": sorted(who)})
    for name, who in sorted(p.command_conflicts.items()):
        out.append({"kind": "command", "name": name, "plugins": who})
    return out
