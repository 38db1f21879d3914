"""``rummy serve`` in a real process, and pages of it in the system's Chromium
(Playwright for Python drives it: Playwright's own browsers are never
downloaded). Used by tests/web."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

RUMMY = str(Path(sys.executable).with_name("rummy"))
#: Where the screenshots of docs/web.md go (RUMMYKIT_SCREENSHOTS=1).
DOCS = Path(__file__).parents[2] / "docs" / "screenshots" / "web"
LINK = re.compile(r"(http://\S+)")


def chromium_path() -> str | None:
    """The system's Chromium (``RUMMYKIT_CHROMIUM``, else ``chromium`` on the path)."""
    given = os.environ.get("RUMMYKIT_CHROMIUM")
    if given:
        return given
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def folder(tmp_path: Path) -> Path:
    """docs/screenshots/web with ``RUMMYKIT_SCREENSHOTS=1``, else ``tmp_path``."""
    if os.environ.get("RUMMYKIT_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        return DOCS
    return tmp_path


def shot(page: Any, path: Path) -> None:
    page.screenshot(path=str(path), type="jpeg", quality=80)


class Served:
    """``rummy serve ARGS --port 0 --no-open --pace 0``, its data under ``data``:
    :attr:`host` is the host's link, :attr:`seats` each seat's (``--lan``) by name."""

    def __init__(
        self, args: list[str], data: Path, env: dict[str, str] | None = None, files: int | None = None
    ) -> None:
        self.data = data
        env = {**os.environ, "RUMMYKIT_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1", **(env or {})}
        cmd = [RUMMY, "serve", *args, "--port", "0", "--no-open", "--pace", "0"]

        def limit() -> None:  # at most ``files`` open files in the server
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        self.proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
            preexec_fn=limit,
        )
        self.lines: list[str] = []
        self.err: list[str] = []
        self.host = ""
        self.seats: dict[str, str] = {}
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=self._drain, args=(self.proc.stderr, self.err), daemon=True).start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"rummy serve ended: {''.join(self.err)}")
            self.lines.append(line)
            m = LINK.search(line)
            if m and " at " in line and not self.host:
                self.host = m.group(1)
            elif m and "'s seat: " in line:
                self.seats[line.split("'s seat: ")[0].strip()] = m.group(1)
            if line.startswith("Ctrl-C stops"):
                break
        threading.Thread(target=self._drain, args=(self.proc.stdout, self.lines), daemon=True).start()
        assert self.host, "".join(self.lines)
        self.base = self.host.split("/?")[0]
        self.token = self.host.split("token=")[1]

    @staticmethod
    def _drain(stream: Any, into: list[str]) -> None:
        for line in stream:
            into.append(line)

    def stop(self) -> int:
        """Ctrl-C, as a person stops it; the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        time.sleep(0.05)  # the readers take the last lines
        return self.proc.returncode

    def saves(self) -> list[dict[str, Any]]:
        folder = self.data / "games"
        return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


def wait_until(page: Any, expression: str, timeout: float = 20.0) -> Any:
    """Poll ``expression`` (a JavaScript function's text) in ``page`` until it
    answers something true; that answer. (Playwright's ``wait_for_function``
    compiles its predicate with ``eval``, which the page's CSP forbids.)"""
    deadline = time.monotonic() + timeout
    while True:
        answer = page.evaluate(expression)
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression}")
        time.sleep(0.01)


def new_version(page: Any, version: str | None) -> None:
    """Wait until the page shows a state after ``version``."""
    wait_until(
        page, f"() => document.body.dataset.version !== {json.dumps(version)} && !document.body.dataset.busy"
    )


def wait_turn(page: Any, timeout: float = 20.0) -> str:
    """Wait until the page may act, shows a round's end or the match's end:
    ``"turn"``, ``"result"`` or ``"over"``."""
    wait_until(
        page,
        """() => {
            const b = document.body;
            const shown = (id) => {
                const e = document.getElementById(id);
                return e && !e.classList.contains('hidden');
            };
            if (shown('over') || shown('result') || shown('curtain')) return true;
            const live = '#stock.live, #discard.live, #hand .card.playable';
            return !b.dataset.busy && document.querySelector(live) !== null;
        }""",
        timeout,
    )
    for what in ("over", "result", "curtain"):
        if page.is_visible(f"#{what}"):
            return what
    return "turn"


RANKS = "A23456789TJQK"


def rank(code: str) -> int:
    return RANKS.index(code[0])


def play_gin_turn(page: Any) -> None:
    """One Gin turn by clicks: draw from the stock; then the highest loose card
    that can go: gin or knock with it when offered, else discard it."""
    if page.is_visible("#stock.live"):
        version = page.get_attribute("body", "data-version")
        page.click("#stock")
        if page.is_visible("#confirm"):  # a draw that ends the round: said first
            page.click("#confirm-yes")
        new_version(page, version)
        return
    groups = page.query_selector_all("#hand .group")
    loose = [c.get_attribute("data-card") for c in groups[-1].query_selector_all(".card")]
    melded = [c.get_attribute("data-card") for g in groups[:-1] for c in g.query_selector_all(".card")]
    for code in sorted(loose, key=rank, reverse=True) + melded:
        page.click(f'#hand .card[data-card="{code}"]')
        for kind in ("gin", "knock", "discard"):
            button = page.query_selector(f'#actions button[data-kind="{kind}"]')
            if button is not None:
                version = page.get_attribute("body", "data-version")
                button.click()
                new_version(page, version)
                return
        page.click(f'#hand .card[data-card="{code}"]')  # not this one: unselect it
    raise AssertionError("no card could be played: " + page.inner_text("#you"))


def dom_cards(page: Any, outside: str = "#result") -> set[str]:
    """Every card the page's DOM holds (``data-card`` attributes, and cards
    written in its text as 7♥ or 10♠) but inside ``outside``."""
    return set(
        page.evaluate(
            """(outside) => {
                const skip = document.querySelector(outside);
                const found = new Set();
                for (const e of document.querySelectorAll('[data-card], [aria-label]')) {
                    if (skip && skip.contains(e)) continue;
                    if (e.dataset.card) found.add(e.dataset.card);
                }
                const suits = {'\u2663': 'C', '\u2666': 'D', '\u2665': 'H', '\u2660': 'S'};
                const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                const attrs = [];
                for (const e of document.querySelectorAll('[aria-label], [title], [alt]')) {
                    if (skip && skip.contains(e)) continue;
                    for (const a of ['aria-label', 'title', 'alt']) attrs.push(e.getAttribute(a) || '');
                }
                const texts = [];
                while (walker.nextNode()) {
                    const n = walker.currentNode;
                    if (!(skip && skip.contains(n.parentNode))) texts.push(n.nodeValue);
                }
                for (const t of texts.concat(attrs)) {
                    for (const m of t.matchAll(/(10|[2-9AJQK])([\u2663\u2666\u2665\u2660])/g)) {
                        found.add((m[1] === '10' ? 'T' : m[1]) + suits[m[2]]);
                    }
                }
                return [...found];
            }""",
            outside,
        )
    )


def secret_hands(saved: dict[str, Any]) -> list[set[str]]:
    """Each seat's cards that only that seat may know now, in the game of the
    save ``saved`` (replayed): its hand less the cards this round showed to
    everyone (discarded, taken from the discard pile, melded, on the pile)."""
    from rummykit.core.cards.card import code
    from rummykit.core.play.records import MatchRecord, replay
    from rummykit.core.plugins.manager import get_plugins

    match = replay(MatchRecord.model_validate_json(json.dumps(saved)), get_plugins().registry)
    rnd = match.round
    public: set[int] = set()
    for event in rnd.history:
        public.update(event.action.cards)
        if event.card is not None and not event.private:
            public.add(event.card)
    view = match.view(0)
    public.update(view.discard_pile)
    for meld in view.table:
        public.update(meld.cards)
    hands = [match.round.view(s).hand for s in range(match.n_seats)]
    return [{code(c) for c in hand if c not in public} for hand in hands]
