"""The classic Gin family (docs/rules.md §4): ``classic-gin``, ``oklahoma-gin``
and ``hollywood-gin``, built on the public API of the Gin plugin
(``rummykit.variants.gin``) and the facade ``rummykit``, as any plugin may be.

Public names (imported on first use, so that ``rummy --help`` stays fast):

* :class:`ClassicOptions`, :class:`OklahomaOptions` – the options;
* :class:`ClassicRound` – a hand of classic Gin (a :class:`GinRound` with a
  dealer, the upcard offer and the two-card stock end); :class:`OklahomaRound`;
  ``PASS``, the kind of the move that declines the upcard;
* :class:`ClassicRule`, :class:`HollywoodRule` – the match rules (end-of-match
  bonuses; three games at once);
* :data:`SPECS` – the two-seat forms' :class:`VariantSpec` objects (the
  plugin registers the forms ``plugin.FORMS`` names); :data:`MOVES` – the
  words of their moves.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "MOVES",
    "PASS",
    "SPECS",
    "ClassicOptions",
    "ClassicRound",
    "ClassicRule",
    "HollywoodRule",
    "OklahomaOptions",
    "OklahomaRound",
]

_WHERE = {
    "ClassicOptions": "options",
    "OklahomaOptions": "options",
    "ClassicRound": "round",
    "OklahomaRound": "round",
    "PASS": "round",
    "ClassicRule": "rules",
    "HollywoodRule": "rules",
    "MOVES": "spec",
    "SPECS": "spec",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
