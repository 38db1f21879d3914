"""Every decision one seat makes in a match played by bots in this process."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rummykit.core.engine.actions import Action
from rummykit.core.engine.round import View
from rummykit.core.play.match import Match


def decisions(
    spec: Any, options: Any, agents: Sequence[Any], seed: int, seat: int = 0, most: int = 4000
) -> Iterator[tuple[Any, View, Action]]:
    """(agent, view, move) of each decision of ``seat`` in the match of ``seed``
    under ``options``, every seat moved by its agent in ``agents`` (at most
    ``most`` moves in all)."""
    match = Match(spec, options, len(agents), seed)
    for _ in range(most):
        if match.over:
            return
        to_act = match.to_act()
        assert to_act is not None
        view = match.view(to_act)
        move = agents[to_act].act(view, view.legal)
        if to_act == seat:
            yield agents[seat], view, move
        match.apply(move)
