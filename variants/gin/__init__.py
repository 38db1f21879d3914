"""Cardems Gin (variant ``gin``), a plugin like any other (docs/rules.md §1).

The public API a house-rule plugin may build on (everything else is private):

* :class:`GinOptions` – the options; subclass it to add options.
* :class:`GinRound` – the round; subclass it and override ``knock_limit()``,
  ``score_multiplier()``, ``first_seat()``, ``stock_exhausted()``, ``turn_limit()``,
  ``settle_knock()`` / ``make_result()``; for moves of its own ``extra_actions()``,
  ``apply_extra()``, ``why_illegal()`` and ``end_round()``; for outcomes of its
  own ``outcome_counts`` / ``result_counts()``; ``view_extra()``; the round's
  own generator ``rng`` (see round.py). ``GinRound.deal`` deals a fresh round
  with a generator, ``GinRound.from_deal`` builds a chosen deal for tests. A
  house rule never needs a name starting with ``_``.
* :func:`make_spec` – the :class:`VariantSpec` of Gin or of a house rule
  (``make_spec(name=..., title=..., options_model=..., round_class=...)``);
  :data:`SPEC` is Cardems Gin itself; :data:`MOVES` the words of knock and gin.
* :func:`settle`, :class:`Settlement`, :class:`SettledHand`, :class:`KnockError`
  – scoring a knock from two hands; :func:`arrange` – the shown arrangement.
* :func:`analyze`, :func:`hand_summary` – ``rummy analyze`` and the hand display.
* :class:`EasyGinAgent`, :func:`easy_agent_spec` – the ``ai:easy`` player, for
  any variant name.
* ``rummykit.variants.gin.bots.register_bots(register, variant=..., understands=...)``
  – Gin's other players (``ai:normal``, ``ai:hard``, ``ref:simple``,
  ``ref:novice``), registered for a house rule's variant name.
* :func:`add_commands`, :func:`score_hands` – the ``score`` command group.

Built-in variants never import each other; a third-party plugin may import this
package.
"""

from __future__ import annotations

from rummykit.core.base.lazy import lazy_exports

# The names below are imported on first use (PEP 562): importing the package, as
# every ``rummy`` command does to reach ``.plugin``, must not import pydantic and
# the engine (``rummy --help`` stays fast).
_EXPORTS = {
    "EasyGinAgent": ".agents",
    "easy_agent_spec": ".agents",
    "analyze": ".analysis",
    "hand_summary": ".analysis",
    "add_commands": ".commands",
    "score_hands": ".commands",
    "GinOptions": ".options",
    "COUNT_KEYS": ".round",
    "GinRound": ".round",
    "KnockError": ".scoring",
    "SettledHand": ".scoring",
    "Settlement": ".scoring",
    "arrange": ".scoring",
    "settle": ".scoring",
    "MOVES": ".spec",
    "SPEC": ".spec",
    "RoundFactory": ".spec",
    "cardems_rules_text": ".spec",
    "make_spec": ".spec",
}


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())


__all__ = [
    "COUNT_KEYS",
    "MOVES",
    "SPEC",
    "EasyGinAgent",
    "GinOptions",
    "GinRound",
    "KnockError",
    "RoundFactory",
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
