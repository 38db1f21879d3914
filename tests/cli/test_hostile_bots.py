"""Hostile computer players (tests/helpers/hostilebots.py) through the real
``rummy`` in this process: what a bot prints never reaches the game's standard
output. (A bot's failure ends the process at once: those tests are in
tests/process/test_hostile_signals.py.)"""

from __future__ import annotations

import pytest

from ..helpers import hostilebots
from ..helpers.sites import rummy


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return hostilebots.install(tmp_path_factory.mktemp("site"))


def test_what_a_bot_prints_in_observe_goes_to_standard_error(site, tmp_path):
    r = rummy(site, "play", "gin", "--seat", "chatter", "--seat", "random", "--seed", "7", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "chatter observes" not in r.stdout
    assert "chatter observes" in r.stderr
    assert "match over" in r.stdout
