"""``rummy variants``, ``rummy rules``, ``rummy plugins``."""

from __future__ import annotations

import json

import click

from .common import registry


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def variants(as_json: bool) -> None:
    """List the installed variants: name, title, players, the plugin that gave it."""
    reg = registry()
    rows = []
    for name in sorted(reg.variants):
        v = reg.variants[name]
        players = str(v.min_players) if v.min_players == v.max_players else f"{v.min_players}-{v.max_players}"
        rows.append({"name": v.name, "title": v.title, "players": players, "plugin": v.plugin,
                     "description": v.description})
    if as_json:
        click.echo(json.dumps(rows))
        return
    if not rows:
        click.echo("no variants installed")
        return
    w = [max(len(r[k]) for r in rows) for k in ("name", "title", "players")]
    w = [max(a, len(b)) for a, b in zip(w, ("NAME", "TITLE", "PLAYERS"))]
    click.echo(f"{'NAME':<{w[0]}}  {'TITLE':<{w[1]}}  {'PLAYERS':<{w[2]}}  PLUGIN")
    for r in rows:
        click.echo(f"{r['name']:<{w[0]}}  {r['title']:<{w[1]}}  {r['players']:<{w[2]}}  {r['plugin']}")


@click.command()
@click.argument("variant")
def rules(variant: str) -> None:
    """Show the rules of VARIANT and its options with their defaults."""
    from rummykit.core.options import describe_options

    spec = registry().variant(variant)
    players = str(spec.min_players) if spec.min_players == spec.max_players else f"{spec.min_players} to {spec.max_players}"
    click.echo(f"{spec.title} (variant {spec.name}, {players} players, plugin {spec.plugin})")
    click.echo()
    click.echo(spec.rules_text.strip() or "(this variant gives no rules text)")
    click.echo()
    click.echo("Options (rummy play %s --option KEY=VALUE):" % spec.name)
    opts = describe_options(spec.options_model)
    if not opts:
        click.echo("  none")
    width = max((len(n) for n, _, _ in opts), default=0)
    for name, default, desc in opts:
        click.echo(f"  {name:<{width}}  default {default}" + (f"  {desc}" if desc else ""))
    agents = registry().agents_for(spec.name)
    if agents:
        click.echo()
        click.echo("Computer players: " + ", ".join(a.name for a in agents))


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def plugins(as_json: bool) -> None:
    """List loaded plugins with their versions and what each registered."""
    from .common import plugins as get

    p = get()
    reg = p.registry
    rows = []
    for name, info in sorted(reg.plugins.items()):
        rows.append({"name": name, "version": info.get("version", ""),
                     "variants": info.get("variants", []), "agents": info.get("agents", [])})
    if as_json:
        click.echo(json.dumps({"plugins": rows, "problems": reg.problems}))
        return
    for r in rows:
        what = []
        if r["variants"]:
            what.append("variants: " + ", ".join(r["variants"]))
        if r["agents"]:
            what.append("agents: " + ", ".join(r["agents"]))
        click.echo(f"{r['name']} {r['version']}".rstrip() + (" — " + "; ".join(what) if what else ""))
