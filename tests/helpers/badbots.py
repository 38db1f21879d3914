"""A throwaway plugin of computer players that misbehave, for the tests of
tests/cli/test_bot_failures.py, installed with ``fake_install`` (see
tests/helpers/sites.py) and run through the real ``rummy``.

Every bot but ``hintbreaker`` is registered for every variant (``variant=None``):

* each of these plays like ``random`` for ``BADBOTS_AFTER`` moves (default 0;
  counted per process), then creates the file ``BADBOTS_MARK`` (if set) and
  fails: ``raiser`` raises, ``nothing`` returns None, ``words`` returns a
  string, ``illegal`` discards before drawing (the engine would tell a person
  "you must draw first"), ``sleeper`` sleeps forever, ``stubborn`` sleeps
  forever and swallows every exception, so it never returns;
* ``mutator`` plays exactly like ``random`` (the same seed, the same moves) after
  trying every way to change what it was given; a change that works raises;
* ``hintbreaker`` is the strongest player of Gin and CardVerse (and says it
  understands their rules), so it gives the hints there, and raises;
* ``rollbreaker`` is the strongest roll-out player (``rollout=True``) of
  ``rollgin``, a Gin this plugin registers, so ``ai:search`` rolls out with it
  there, and it raises (it says it does not understand the rules, so it is
  never the default opponent); for Straight Gin (examples/) it is another
  plugin's roll-out player, so Straight Gin's own (``ref:simple``) keeps the part.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from .sites import fake_install

SOURCE = r'''
import os
import time

from rummykit import hookimpl
from rummykit.core.engine.actions import Action
from rummykit.core.bots.agents import RandomAgent
from rummykit.core.plugins.registry import AgentSpec


class Bad(RandomAgent):
    """Plays like random for BADBOTS_AFTER moves (in this process), then fails."""

    moves = 0

    def act(self, view, legal):
        Bad.moves += 1
        if Bad.moves > int(os.environ.get("BADBOTS_AFTER", "0")):
            mark = os.environ.get("BADBOTS_MARK")
            if mark:
                open(mark, "w").close()
            return self.fail(view, legal)
        return super().act(view, legal)


class Raiser(Bad):
    def fail(self, view, legal):
        raise ValueError("boom\nsecond line")


class Nothing(Bad):
    def fail(self, view, legal):
        return None


class Words(Bad):
    def fail(self, view, legal):
        return "draw stock"


class Illegal(Bad):
    def fail(self, view, legal):
        # A discard before drawing (what the engine would tell a person is "you
        # must draw first"), or a second draw.
        if view.extra.get("phase") == "draw":
            return Action("discard", (view.hand[0],))
        return Action("draw stock")


class Sleeper(Bad):
    swallow = False

    def fail(self, view, legal):
        while True:
            try:
                time.sleep(3600)
            except BaseException:
                if not self.swallow:
                    raise


class Stubborn(Sleeper):
    swallow = True


def _must_fail(what, attempt):
    try:
        attempt()
    except (TypeError, AttributeError):
        return
    raise RuntimeError(f"a bot could change {what}")


def try_everything(view):
    """Try to change everything the view holds."""
    _must_fail("view.hand", lambda: setattr(view, "hand", ()))
    _must_fail("view.legal", lambda: view.legal.clear())
    _must_fail("view.legal[0]", lambda: view.legal.__setitem__(0, None))
    _must_fail("view.discard_pile", lambda: view.discard_pile.append(0))
    _must_fail("view.history", lambda: view.history.clear())
    _must_fail("view.scores", lambda: view.scores.__setitem__(0, 10**6))
    _must_fail("view.extra", lambda: view.extra.__setitem__("phase", "over"))
    for event in view.history[-2:]:
        _must_fail("an event", lambda: setattr(event, "card", 0))
    for meld in view.table:
        _must_fail("a table meld", lambda: setattr(meld, "cards", ()))
    r = view.result
    if r is not None:
        _must_fail("result.counts", lambda: r.counts.__setitem__("rounds_won", 1000))
        _must_fail("result.counts", lambda: r.counts.update(knocks=1000, out_by_meld=1000))
        _must_fail("result.points", lambda: setattr(r, "points", (10**6,) * len(r.points)))
        _must_fail("result.points[0]", lambda: r.points.__setitem__(0, 10**6))
        _must_fail("result.winner", lambda: setattr(r, "winner", view.seat))
        for h in r.hands:
            _must_fail("a hand report", lambda: h.cards.append(0))


class Mutator(RandomAgent):
    def act(self, view, legal):
        try_everything(view)
        _must_fail("the legal moves", lambda: legal.clear())
        return super().act(view, legal)

    def observe(self, event, view):
        try_everything(view)


class Chatty(RandomAgent):
    def act(self, view, legal):
        print("\x1b[31mthinking...\x1b[0m")
        return super().act(view, legal)


class HintBreaker(RandomAgent):
    def act(self, view, legal):
        raise KeyError("no hint today")


AGENTS = {"raiser": Raiser, "nothing": Nothing, "words": Words, "illegal": Illegal,
          "sleeper": Sleeper, "stubborn": Stubborn, "mutator": Mutator, "chatty": Chatty}


@hookimpl
def register_agents(register):
    for name, cls in AGENTS.items():
        register(AgentSpec(name=name, factory=lambda seat, seed, options, cls=cls: cls(seed)))
    for variant in ("gin", "cardverse"):  # the strongest there, and it knows the rules
        register(AgentSpec(name="hintbreaker", variant=variant, strength=100,
                           factory=lambda seat, seed, options: HintBreaker(seed),
                           understands=lambda name, options: True))
    for variant in ("rollgin", "straight-gin"):
        register(AgentSpec(name="rollbreaker", variant=variant, strength=100, rollout=True,
                           factory=lambda seat, seed, options: HintBreaker(seed),
                           understands=lambda name, options: False))


@hookimpl
def register_variants(register):
    from rummykit.variants.gin import GinRound, make_spec

    register(make_spec(name="rollgin", title="Roll Gin", round_class=GinRound, rules_text="Gin."))
'''


def install(site: Path) -> Path:
    """Install the plugin (entry point ``badbots``) into the folder ``site``."""
    fake_install(
        site, "rummykit-badbots", "0.1", {"badbots": "rk_badbots"}, {"rk_badbots": textwrap.dedent(SOURCE)}
    )
    return site
