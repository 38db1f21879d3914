"""The open match contract at the table: a seat that sits a round out is drawn
so, and team totals reach the score sheet (the toy variants of
tests/helpers/seated.py, installed as a plugin of a test site)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..helpers.sites import fake_install
from ..helpers.web import wait_until

ROOT = Path(__file__).parents[2]
PLUGIN = """
from rummykit import hookimpl
from tests.helpers import seated


@hookimpl
def register_variants(register):
    seated.register_variants(register)
"""


@pytest.fixture
def site_env(tmp_path):
    site = tmp_path / "site"
    fake_install(
        site,
        "rummykit-seated-web",
        "0.1.0",
        {"seated-web": "seated_web_plugin"},
        {"seated_web_plugin": PLUGIN},
    )
    return {"PYTHONPATH": f"{site}:{ROOT}"}


def test_a_seat_sitting_the_round_out_is_drawn_so(serve, browser, site_env):
    s = serve(
        "seated-3", "--seat", "human:Ann", "--seat", "human:Bob", "--seat", "human:Cy", "--lan", env=site_env
    )
    pages = {}
    for name, link in s.seats.items():
        pages[name] = browser.new_context().new_page()
        pages[name].goto(link)
    for page in pages.values():
        wait_until(page, "() => document.body.dataset.version !== undefined")
    out = [n for n, p in pages.items() if "You sit this round out" in p.inner_text("#actions")]
    assert len(out) == 1
    for name, page in pages.items():
        if name != out[0]:
            seat = page.query_selector(f'#others .seat.out strong:text-is("{out[0]}")')
            assert seat is not None and "sits this round out" in page.inner_text("#others .seat.out")
    for page in pages.values():
        page.context.close()


def test_team_totals_in_the_score_sheet(serve, page, site_env):
    s = serve(
        "pairs",
        "--seat",
        "human:Ann",
        "--seat",
        "random",
        "--seat",
        "random",
        "--seat",
        "random",
        env=site_env,
    )
    page.goto(s.host)
    wait_until(page, "() => document.body.dataset.version !== undefined")
    page.click("#show-sheet")
    assert page.inner_text("#sheet table.teams tr:first-child th:nth-child(2)") == "Ann & Random bot 3"
    assert "Team" in page.inner_text("#sheet table.teams")
