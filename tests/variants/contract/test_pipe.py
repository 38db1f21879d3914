"""``rummy play contract`` through a pipe, with people and bots: moves typed
as a person names the cards (``7h`` for either copy, ``JK`` for a joker), the
buying phase answered with ``buy`` or ``pass``."""

from __future__ import annotations

from rummykit.core.bots.agents import agent_seed
from rummykit.core.engine.actions import Action
from rummykit.core.play.records import load_record
from rummykit.core.play.session import Session, parse_seat
from rummykit.core.plugins.manager import get_plugins
from rummykit.variants.contract.bots import ContractAgent
from rummykit.variants.contract.round import contract_deck

SEATS = ["human", "ai:easy", "human"]


def typed(action: Action, legal: tuple[Action, ...] = ()) -> str:
    """The move as a person types it: cards by name, copies alike, jokers JK;
    an addition without its meld when only one meld takes the card."""
    deck = contract_deck(3)
    words = [action.kind, *(deck.code(c).lower() for c in action.cards)]
    onto = [a for a in legal if a.kind == action.kind and deck.same_cards(deck.names(action.cards), a.cards)]
    if action.target is not None and len(onto) > 1:
        words += ["to", str(action.target)]
    return " ".join(words)


def person_lines(seed: int) -> tuple[list[str], Session]:
    """What the two people type (each moved by ai:normal's rules), worked out on
    the same match the program plays."""
    reg = get_plugins().registry
    seats = [parse_seat(x, i) for i, x in enumerate(SEATS)]
    s = Session.new(reg, "contract", {"deals": 1}, seats, seed, None)
    people = {i: ContractAgent(agent_seed(seed, i), "normal") for i in (0, 2)}
    lines: list[str] = []
    while not s.over:
        seat = s.to_act()
        assert seat is not None
        if s.is_human(seat):
            view = s.view(seat)
            action = people[seat].act(view, view.legal)
            lines.append(typed(action, view.legal))
            s.apply(action)
        else:
            s.bot_move()
    return lines, s


def test_a_deal_of_contract_through_a_pipe(tmp_path, rummy_run) -> None:
    lines, expected = person_lines(5)
    assert any(line in ("buy", "pass") for line in lines)  # the people were asked to buy
    assert any(line.startswith("add ") and " to " not in line for line in lines)  # meld left out
    assert any(line.startswith("add ") and " to " in line for line in lines)
    save = tmp_path / "c.json"
    args = ["play", "contract", "-o", "deals=1", "--seed", "5", "--save", str(save)]
    for seat in SEATS:
        args += ["--seat", seat]
    out = rummy_run(*args, stdin="\n".join(lines) + "\n")
    assert out.returncode == 0, out.stderr
    assert "=== match over:" in out.stdout
    assert "Your hand:" in out.stdout and "(deal 1: two sets)" in out.stdout
    rec = load_record(save)
    assert rec.finished and rec.actions == expected.record.actions


def test_a_bad_line_in_the_buying_phase_gets_a_reason(tmp_path, rummy_run) -> None:
    lines, _ = person_lines(5)
    first_buy = next(i for i, line in enumerate(lines) if line in ("buy", "pass"))
    feed = [*lines[:first_buy], "d 7h", "discard jk", *lines[first_buy:]]
    out = rummy_run(
        "play",
        "contract",
        "-o",
        "deals=1",
        "--seed",
        "5",
        *[x for s in SEATS for x in ("--seat", s)],
        stdin="\n".join(feed) + "\n",
        RUMMYKIT_DATA_DIR=str(tmp_path / "data"),
    )
    assert out.returncode == 0, out.stderr
    assert "answer first: buy or pass" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr
