"""CardVerse Rummy's ``ai:easy`` (docs/rules.md §2 "Computer players"), the
variant's public path to it. Its code is in ``bots/easy.py``, with the other
players: the bots' package imports nothing of the variant but its rules, and
``ai:hard`` rolls out with ``ai:easy``."""

from .bots.easy import EasyAgent, completes_meld, easy_factory, reach, shed_key

__all__ = ["EasyAgent", "completes_meld", "easy_factory", "reach", "shed_key"]
