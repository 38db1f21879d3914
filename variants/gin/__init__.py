"""Cardems Gin (variant ``gin``), a plugin like any other (RULES.md §1).

The public API a house-rule plugin may build on (everything else is private):

* :class:`GinOptions` – the options; subclass it to add options.
* :class:`GinRound` – the round; subclass it and override ``knock_limit()``,
  ``score_multiplier()``, ``first_seat()``, ``stock_exhausted()``,
  ``settle_knock()`` / ``make_result()`` (see round.py). ``GinRound.from_deal``
  builds a chosen deal for tests.
* :func:`make_spec` – the :class:`VariantSpec` of Gin or of a house rule
  (``make_spec(name=..., title=..., options_model=..., round_class=...)``);
  :data:`SPEC` is Cardems Gin itself.
* :func:`settle`, :class:`Settlement`, :class:`SettledHand`, :class:`KnockError`
  – scoring a knock from two hands; :func:`arrange` – the shown arrangement.
* :func:`analyze`, :func:`hand_summary` – ``rummy analyze`` and the hand display.
* :class:`EasyGinAgent`, :func:`easy_agent_spec` – the ``ai:easy`` player, for
  any variant name.
* :func:`add_commands`, :func:`score_hands` – the ``score`` command group.

Built-in variants never import each other; a third-party plugin may import this
package.
"""

from .agents import EasyGinAgent, easy_agent_spec
from .analysis import analyze, hand_summary
from .commands import add_commands, score_hands
from .options import GinOptions
from .round import COUNT_KEYS, GinRound
from .scoring import KnockError, SettledHand, Settlement, arrange, settle
from .spec import SPEC, RoundFactory, cardems_rules_text, make_spec

__all__ = [
    "COUNT_KEYS",
    "EasyGinAgent",
    "GinOptions",
    "GinRound",
    "KnockError",
    "RoundFactory",
    "SPEC",
    "SettledHand",
    "Settlement",
    "add_commands",
    "analyze",
    "arrange",
    "cardems_rules_text",
    "easy_agent_spec",
    "hand_summary",
    "make_spec",
    "score_hands",
    "settle",
]
