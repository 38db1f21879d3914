"""Write the text screenshots in this folder from seeded games, with the same
code the terminal game draws with, and put them into docs/terminal.md and the
README: ``.venv/bin/python docs/screenshots/make.py``.

Each game is played by the strongest computer player of the variant for every
seat (so the pictures are reproducible), then drawn as one person would see it.
"""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.text import Text

from rummykit.cli.play import _seats
from rummykit.cli.render import Look, match_view, result_view
from rummykit.cli.tui import TerminalUI
from rummykit.core.bots.agents import agent_seed
from rummykit.core.play.session import Session
from rummykit.core.plugins.manager import get_plugins

HERE = Path(__file__).parent


def console(width: int) -> Console:
    return Console(
        width=width,
        height=100,
        file=io.StringIO(),
        record=True,
        force_terminal=False,
        highlight=False,
        emoji=False,
        markup=False,
    )


def session(variant: str, seats: list[str], seed: int, options: dict | None = None) -> Session:
    """A new game; its id (random in a real game) comes from the seed, so that the
    pictures change only when what they show does."""
    reg = get_plugins().registry
    spec = reg.variant(variant)
    s = Session.new(reg, variant, options or {}, _seats(spec, tuple(seats)), seed, None)
    s.record.id = f"5eed{seed:04x}"
    return s


def autoplay(s: Session, stop) -> None:
    """Play every seat with the strongest bot until ``stop(s)``."""
    reg = s.registry
    bot = reg.strongest_agent(s.spec.name)
    agents = [bot.factory(i, agent_seed(s.record.seed + 1, i), s.options) for i in range(len(s.names))]
    while not stop(s):
        seat = s.to_act()
        v = s.view(seat)
        s.apply(agents[seat].act(v, v.legal))


def table_shot(s: Session, seat: int, width: int, typed: list[str] = ()) -> str:
    con = console(width)
    ui = TerminalUI(s, console=con)
    ui.last_viewer = seat
    ui.draw_table(seat, [])
    for line in typed:
        con.print(Text(f"{s.names[seat]}> {line}"))
        if line == "hint":
            con.print(ui.hint(seat))
        elif line == "help":
            ui.show_help(seat)
    con.print(Text(f"{s.names[seat]}> "))
    return con.export_text()


def write(name: str, text: str) -> None:
    (HERE / name).write_text("\n".join(ln.rstrip() for ln in text.splitlines()) + "\n", encoding="utf-8")
    print(f"wrote {name}")


def main() -> None:
    # Cardems Gin, two people: Bob's turn, after a few turns.
    g = session("gin", ["human:Alice", "human:Bob"], seed=7)
    autoplay(g, lambda s: len(s.record.actions) >= 8 and s.to_act() == 1)
    write("gin-table.txt", table_shot(g, 1, 80, ["hint"]))
    autoplay(g, lambda s: s.view(1).history[-1].seat == 1)  # Bob has drawn
    write("gin-discard.txt", table_shot(g, 1, 80, ["help"]))

    # CardVerse Rummy, four seats, two people and two computer players.
    c = session("cardverse", ["human:Alice", "ai:easy", "human:Bob", "ai:easy"], seed=1)

    def bob_after_drawing(s):
        if s.over:
            raise SystemExit("the CardVerse game ended; pick another seed")
        v = s.view(0)
        return (
            len(v.table) >= 2
            and s.to_act() == 2
            and v.history
            and v.history[-1].seat == 2
            and len(v.history) > 6
            and v.stock_size > 1
        )

    autoplay(c, bob_after_drawing)
    write("cardverse-table.txt", table_shot(c, 2, 80))
    write("cardverse-compact-50.txt", table_shot(c, 2, 50))
    write("cardverse-ascii.txt", _ascii(c, 2))

    # The end of a Gin round and of the match.
    e = session("gin", ["human:Alice", "ai:easy"], seed=4, options={"target": 1})
    autoplay(e, lambda s: s.over)
    m = e.match
    con = console(80)
    con.print(
        result_view(
            m.results[-1], e.names, Look(), 80, len(m.results), m.totals, m.rule.short(), "deadwood", you=0
        )
    )
    con.print(Text("Press Enter for the match result"))
    con.print()
    con.print(match_view(e.names, m.results, m.totals, m.winner, Look(), 80, m.ending()))
    con.print(Text(f"Seed {e.record.seed} (the same seed and moves give the same game)"))
    write("gin-round-end.txt", con.export_text())

    con = console(80)
    con.print()
    con.print(Text("Pass to Bob — press Enter"))
    write("handoff.txt", con.export_text())


def _ascii(s: Session, seat: int) -> str:
    con = console(80)
    ui = TerminalUI(s, ascii_=True, console=con)
    ui.draw_table(seat, [])
    con.print(Text(f"{s.names[seat]}> "))
    return con.export_text()


def update_doc(doc: Path = HERE.parent / "terminal.md") -> None:
    """Put the screenshots into the doc: each ``<!-- screenshot: NAME -->`` line is
    followed by a ```text block holding that file."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if line.startswith("<!-- screenshot: "):
            name = line.split(":", 1)[1].strip().removesuffix("-->").strip()
            if i < len(lines) and lines[i].startswith("```"):
                i += 1
                while i < len(lines) and not lines[i].startswith("```"):
                    i += 1
                i += 1
            out.append("```text")
            out.extend((HERE / name).read_text(encoding="utf-8").rstrip("\n").splitlines())
            out.append("```")
    doc.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"updated {doc.name}")


if __name__ == "__main__":
    main()
    update_doc()
    update_doc(HERE.parent.parent / "README.md")
