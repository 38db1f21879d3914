"""Sparring bots for rummykit (benchmarks/sparring): computer players written
from rummykit's public API alone (``from rummykit import ...``), to measure the
built-in players against styles they were not built with.

* ``spar:heuristic`` (CardVerse, Gin): the pile's top only when it makes a meld,
  melds held back until they are worth 20 points or the round is ending,
  discards by points less 3 per live way to a meld (:mod:`.heuristic`);
* ``spar:tempo`` (CardVerse, Gin): races to go out, laying everything at once
  (in Gin knocking at once), counting loose cards rather than points (:mod:`.tempo`).
"""
