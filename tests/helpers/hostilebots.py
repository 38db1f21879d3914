"""A throwaway plugin of hostile computer players (entry point ``hostile``), for
tests/cli/test_hostile_bots.py and tests/process/test_hostile_signals.py,
installed with ``fake_install`` (see tests/helpers/sites.py). Every bot plays
like ``random`` but:

* ``card-999``, ``card-as``, ``card-neg``: discard a card that is no card
  (``999``, ``"AS"``, ``-1``);
* ``raise-cancelled``, ``raise-genexit``, ``raise-custom``, ``raise-kbi``:
  raise ``asyncio.CancelledError``, ``GeneratorExit``, a ``BaseException`` of
  their own, ``KeyboardInterrupt``;
* ``raise-escape``: raises a ``ValueError`` whose text holds escape sequences;
* ``chatter``: prints a line in every ``observe``;
* ``deaf``: its ``observe`` never returns (it sleeps; an exception ends it);
* ``slowborn``: its constructor never returns (likewise);
* ``deafer``: its ``observe`` never returns, whatever is raised in it;
* ``swallower``: its ``observe`` sleeps until an exception, swallows it and returns;
* ``sluggish``: sleeps 0.05 s before each move (a slow bot that costs no CPU).

Each writes the file ``HOSTILE_MARK`` (if set) when it starts to misbehave.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from .sites import fake_install

SOURCE = r"""
import asyncio
import os
import time

from rummykit import hookimpl
from rummykit.core.bots.agents import RandomAgent
from rummykit.core.engine.actions import Action
from rummykit.core.plugins.registry import AgentSpec


def mark():
    path = os.environ.get("HOSTILE_MARK")
    if path:
        open(path, "w").close()


def card_bot(card):
    class CardBot(RandomAgent):
        def act(self, view, legal):
            return Action("discard", (card,))
    return CardBot


class Custom(BaseException):
    pass


def raiser(kind):
    class Raiser(RandomAgent):
        def act(self, view, legal):
            raise kind("from the bot")
    return Raiser


class Escape(RandomAgent):
    def act(self, view, legal):
        raise ValueError("\x1b[2J\x1b]0;title\x07red\x1b[31m text")


class Chatter(RandomAgent):
    def observe(self, event, view):
        print("chatter observes")


class Deaf(RandomAgent):
    def observe(self, event, view):
        mark()
        while True:
            time.sleep(3600)


class Deafer(RandomAgent):
    def observe(self, event, view):
        mark()
        while True:
            try:
                time.sleep(3600)
            except BaseException:
                pass


class Swallower(RandomAgent):
    def observe(self, event, view):
        mark()
        try:
            time.sleep(3600)
        except BaseException:
            pass


class Sluggish(RandomAgent):
    def act(self, view, legal):
        time.sleep(0.05)
        return super().act(view, legal)


class Slowborn(RandomAgent):
    def __init__(self, seed):
        mark()
        while True:
            time.sleep(3600)


AGENTS = {
    "card-999": card_bot(999),
    "card-as": card_bot("AS"),
    "card-neg": card_bot(-1),
    "raise-cancelled": raiser(asyncio.CancelledError),
    "raise-genexit": raiser(GeneratorExit),
    "raise-custom": raiser(Custom),
    "raise-kbi": raiser(KeyboardInterrupt),
    "raise-escape": Escape,
    "chatter": Chatter,
    "deaf": Deaf,
    "slowborn": Slowborn,
    "deafer": Deafer,
    "swallower": Swallower,
    "sluggish": Sluggish,
}


@hookimpl
def register_agents(register):
    for name, cls in AGENTS.items():
        register(AgentSpec(name=name, factory=lambda seat, seed, options, cls=cls: cls(seed)))
"""


def install(site: Path) -> Path:
    """Install the plugin (entry point ``hostile``) into the folder ``site``."""
    fake_install(
        site, "rummykit-hostile", "0.1", {"hostile": "rk_hostile"}, {"rk_hostile": textwrap.dedent(SOURCE)}
    )
    return site
