"""Computer players of the classic Gin family: Gin's players, taught the
upcard offer.

Gin's players choose, at a draw, between the upcard (``take discard``) and the
stock (``draw stock``). :class:`OfferAgent` wraps one of them: during the upcard
offer, where the choices are ``take discard`` and ``pass``, it shows the
player the same choice with ``pass`` in the place of ``draw stock`` (passing
the upcard is what drawing from the stock would do to it) and plays ``pass``
when the player would have drawn from the stock. Every other decision is the
player's own, with everything it reads from the view: the hand's knock limit
(``view.extra["knock_limit"]``: Oklahoma's, set by the upcard; 0 when only gin
may end the hand) and the hand's points, which Oklahoma's spade doubles (a
factor on every score of the hand, so it changes no comparison between moves
of one hand; ``ai:hard``'s play-outs value the doubled points in the match).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rummykit import DRAW_STOCK, Action, AgentSpec, BaseAgent, Event, InfoState, Understands, View
from rummykit.variants.gin import easy_agent_spec
from rummykit.variants.gin.bots import agent_specs

from .round import PASS, PASS_ACTION

__all__ = [
    "TWO_SEAT_FORMS",
    "OfferAgent",
    "OfferFactory",
    "family_agent_specs",
    "register_family_bots",
    "register_two_seat_bots",
]

_STOCK = Action(DRAW_STOCK)


class OfferAgent(BaseAgent):
    """A Gin player (``inner``) that also answers the upcard offer."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.wants_information = bool(getattr(inner, "wants_information", False))
        observe = getattr(type(inner), "observe", None)
        self.observes = observe is not None and observe is not BaseAgent.observe

    def act(self, view: View, legal: Sequence[Action], info: InfoState | None = None) -> Action:
        if any(a.kind == PASS for a in legal):
            # The offer: the player's own choice between the upcard and the
            # stock, answered by its rules alone (no search of a move it
            # cannot make).
            shown = tuple(_STOCK if a.kind == PASS else a for a in legal)
            choice = self.inner.act(replace(view, legal=shown), shown)
            return PASS_ACTION if choice.kind == DRAW_STOCK else next(a for a in legal if a == choice)
        if self.wants_information:
            return self.inner.act(view, legal, info=info)
        return self.inner.act(view, legal)

    def observe(self, event: Event, view: View) -> None:
        if self.observes:
            self.inner.observe(event, view)

    def explain(self, view: View, action: Action) -> str:
        """The player's reason; for ``pass``, its reason for the stock."""
        why = getattr(self.inner, "explain", None)
        if action.kind == PASS:
            text = why(view, _STOCK) if why is not None else ""
            if not text or text == _STOCK.notation():
                return "the upcard helps less than an average stock card"
            return str(text)
        return str(why(view, action)) if why is not None else action.notation()


class OfferFactory:
    """An :class:`AgentSpec` factory making Gin's player ``factory`` makes,
    wrapped in an :class:`OfferAgent` (picklable: a plain object)."""

    def __init__(self, factory: Callable[[int, int, Any], Any]) -> None:
        self.factory = factory

    def __call__(self, seat: int, seed: int, options: Any) -> OfferAgent:
        return OfferAgent(self.factory(seat, seed, options))


def family_agent_specs(variant: str) -> list[AgentSpec[Any]]:
    """Gin's players (``ai:easy``, ``ai:normal``, ``ai:hard``, ``ref:simple``,
    ``ref:novice``) for the form ``variant``, each wrapped in an
    :class:`OfferAgent`, understanding the form with any of its options."""
    understands = Understands(frozenset({variant}))
    specs = [easy_agent_spec(variant), *agent_specs(variant, understands)]
    return [replace(s, factory=OfferFactory(s.factory), understands=understands) for s in specs]


def register_family_bots(register: Callable[[AgentSpec[Any]], None], variant: str) -> None:
    """Register :func:`family_agent_specs` of ``variant``."""
    for spec in family_agent_specs(variant):
        register(spec)


#: The two-seat forms whose players are Gin's, wrapped.
TWO_SEAT_FORMS = ("classic-gin", "oklahoma-gin", "hollywood-gin")


def register_two_seat_bots(register: Callable[[AgentSpec[Any]], None]) -> None:
    """Register the players of every form of :data:`TWO_SEAT_FORMS`."""
    for variant in TWO_SEAT_FORMS:
        register_family_bots(register, variant)
