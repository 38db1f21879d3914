"""A computer player that fails at ``rummy serve``'s table: the pages show the
line naming it, the terminal prints it at once, and the command ends with it
(exit status 1) when the server stops, as ``rummy play`` does."""

from __future__ import annotations

import json
import time

import pytest
from websockets.sync.client import connect

from ..helpers import badbots


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return badbots.install(tmp_path_factory.mktemp("site"))


def test_a_failing_bot_stops_the_table_and_the_command_ends_with_its_line(serve, site):
    served = serve(
        "gin", "--seat", "raiser", "--seat", "human:Ann", "--seed", "7", env={"PYTHONPATH": str(site)}
    )
    ws_url = served.base.replace("http://", "ws://") + f"/ws?token={served.token}"
    with connect(ws_url, origin=served.base) as ws:  # a page: the computer player moves first
        deadline = time.monotonic() + 20
        stopped = None
        while stopped is None and time.monotonic() < deadline:
            message = json.loads(ws.recv(20))
            stopped = message.get("stopped")
    said = "raiser (plugin badbots, seat 1, match seed hidden until the game is over) raised ValueError: boom"
    assert stopped is not None and said in stopped
    deadline = time.monotonic() + 10
    while not any("the game stopped" in line for line in served.lines) and time.monotonic() < deadline:
        time.sleep(0.05)
    printed = [line for line in served.lines if "the game stopped" in line]
    assert printed and said in printed[0] and "Ctrl-C stops the server" in printed[0]
    assert served.stop() == 1
    errors = "".join(served.err).strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("rummy: " + said), errors
    assert any("no move made" in line for line in served.lines)
