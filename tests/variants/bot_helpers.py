"""Shared checks for the bots: legal play, determinism, and views that lead nowhere."""

from __future__ import annotations

import gc
import random
import types

from rummykit.core.bots.agents import act_kwargs
from rummykit.core.engine.round import Round


def play_round(rnd, agents, max_actions: int = 5000):
    """Play ``rnd`` to its end with ``agents`` (one per seat, a searching one given its
    information state as in a match); assert every move is legal; return the
    notations of the moves."""
    moves = []
    for _ in range(max_actions):
        seat = rnd.to_act()
        if seat is None:
            return moves
        view = rnd.view(seat)
        legal = tuple(rnd.legal_actions())
        action = agents[seat].act(view, legal, **act_kwargs(agents[seat], rnd, seat))
        assert any(a.key() == action.key() for a in legal), f"{action} is not legal: {legal}"
        explain = getattr(agents[seat], "explain", None)
        if explain is not None:
            why = explain(view, action)
            assert isinstance(why, str) and why and "\n" not in why
        rnd.apply(action)
        moves.append(action.notation())
    raise AssertionError("the round did not end")


def reachable_rounds(root) -> list:
    """Every :class:`Round` reachable from ``root`` through object references
    (modules, classes and functions are not followed: they lead to globals)."""
    seen = set()
    stack = [root]
    found = []
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        if isinstance(obj, Round):
            found.append(obj)
            continue
        stack.extend(gc.get_referents(obj))
    return found


class GlobalRandomUntouched:
    """A context manager asserting the global ``random`` generator is not used."""

    def __enter__(self):
        random.seed(12345)
        self.state = random.getstate()
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            assert random.getstate() == self.state, "a bot used the global random generator"
        return False
