"""The server's guards, from outside: tokens on every request and WebSocket,
Host and Origin checked, a strict CSP, bounded messages, and no secret in its
logs."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from rummykit.web.server import HEADER_TIMEOUT, MAX_CLIENTS, MAX_CONNECTIONS

from ..helpers.web import chromium_path, wait_until


def get(url, **headers):
    """(status, headers, body) of a GET of ``url`` with ``headers``."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode()


def handshake(base, path, host=None, origin=None):
    """The status line the server answers a WebSocket handshake for ``path``
    with, sent with these Host and Origin headers."""
    hostport = base.removeprefix("http://")
    address, port = hostport.rsplit(":", 1)
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {host or hostport}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}",
        "Sec-WebSocket-Version: 13",
    ]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    with socket.create_connection((address, int(port)), timeout=10) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        return sock.recv(4096).decode("latin-1").split("\r\n")[0]


def page_back(served, seconds):
    """Wait until the host's page of ``served`` loads again, at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while get(f"{served.base}/?token={served.token}")[0] != 200:
        assert time.monotonic() < deadline
        time.sleep(0.2)


@pytest.fixture
def lan(serve):
    return serve("gin", "--seat", "human:Ann", "--seat", "human:Bob", "--lan", "--seed", "4")


def test_pages_need_their_token(lan):
    base, token = lan.base, lan.token
    ann = lan.seats["Ann"].split("token=")[1]
    bob = lan.seats["Bob"].split("token=")[1]
    assert get(f"{base}/?token={token}")[0] == 200
    assert get(f"{base}/seat/0?token={ann}")[0] == 200
    for url in (
        f"{base}/",
        f"{base}/?token=",
        f"{base}/?token={token[:-1]}x",
        f"{base}/?token={ann}",  # a seat's token is not the host's
        f"{base}/seat/0?token={bob}",  # another seat's token
        f"{base}/seat/0?token={token}",
        f"{base}/static/app.js",
        f"{base}/static/app.js?token=nope",
        f"{base}/qr/0.svg?token={ann}",  # the QR codes are the host's
    ):
        status, _, body = get(url)
        assert status == 403, url
        assert "token" in body
    assert get(f"{base}/static/app.js?token={bob}")[0] == 200


def test_host_and_origin_are_checked(lan):
    base, token = lan.base, lan.token
    port = base.rsplit(":", 1)[1]
    url = f"{lan.base}/?token={token}"
    status, headers, body = get(url, Host=f"evil.example:{port}")
    assert status == 403 and "Host" in body
    status, _, body = get(url, Origin="http://evil.example")
    assert status == 403 and "Origin" in body
    status, headers, _ = get(url, Origin=base)
    assert status == 200
    csp = headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp and "unsafe" not in csp
    assert headers["referrer-policy"] == "no-referrer" and headers["x-frame-options"] == "DENY"


def test_websockets_need_token_host_and_origin(lan):
    base, token = lan.base, lan.token
    hostport = base.removeprefix("http://")
    ann = lan.seats["Ann"].split("token=")[1]
    good = f"/ws?token={token}"
    assert " 101 " in handshake(base, good, origin=base)
    # Another site, or another host name, is refused before the handshake.
    for path, host, origin in [
        (good, None, "http://evil.example"),
        (good, None, "null"),
        (good, None, None),
        (good, "evil.example:" + hostport.rsplit(":", 1)[1], base),
    ]:
        assert " 403 " in handshake(base, path, host, origin), (path, host, origin)
    # This server's page with a wrong token is told why, and gets nothing else.
    ws_base = base.replace("http://", "ws://")
    for path, reason in [
        ("/ws", "needs its link's token"),
        (f"/ws?token={token}x", "wrong token"),
        (f"/ws?token={ann}&seat=1", "not this seat's token"),  # another seat's token
    ]:
        with connect(ws_base + path, origin=base) as ws, pytest.raises(ConnectionClosed) as closed:
            ws.recv(5)
        assert closed.value.rcvd.code == 4003 and reason in closed.value.rcvd.reason, path


def test_a_page_past_the_limit_is_told_why_and_joins_when_one_leaves(lan, browser):
    ws_url = lan.base.replace("http://", "ws://") + f"/ws?token={lan.token}"
    with contextlib.ExitStack() as stack:
        pages = [stack.enter_context(connect(ws_url, origin=lan.base)) for _ in range(MAX_CLIENTS)]
        with connect(ws_url, origin=lan.base) as extra, pytest.raises(ConnectionClosed) as closed:
            extra.recv(5)
        assert closed.value.rcvd.code == 1013 and "too many pages" in closed.value.rcvd.reason
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{lan.base}/?token={lan.token}")
        wait_until(page, "document.getElementById('conn').textContent.includes('too many pages')")
        assert page.is_visible("#conn")
        pages[0].close()
        wait_until(page, "document.getElementById('conn').classList.contains('hidden')")
        assert page.query_selector("#hand") is not None
        context.close()


def test_a_connection_that_sends_no_request_is_closed(lan):
    address, port = lan.base.removeprefix("http://").rsplit(":", 1)
    silent = socket.create_connection((address, int(port)), timeout=30)
    slow = socket.create_connection((address, int(port)), timeout=30)
    again = socket.create_connection((address, int(port)), timeout=30)
    started = time.monotonic()
    slow.sendall(b"GET / HTTP/1.1\r\nHost: ")  # headers never finished
    # a whole request, answered; then the next one's first byte, and no more
    again.sendall(f"GET /?token={lan.token} HTTP/1.1\r\nHost: {address}:{port}\r\n\r\n".encode())
    assert again.recv(12) == b"HTTP/1.1 200"
    again.sendall(b"G")
    assert get(f"{lan.base}/?token={lan.token}")[0] == 200  # others are served meanwhile
    for sock in (silent, slow, again):
        with sock:
            while sock.recv(65536):  # what is left of the answer, then the end: closed by the server
                pass
    waited = time.monotonic() - started
    assert HEADER_TIMEOUT - 1 <= waited <= HEADER_TIMEOUT + 10


def test_bad_messages_are_refused_and_nothing_is_lost(lan):
    base = lan.base
    ann = lan.seats["Ann"].split("token=")[1]
    ws_url = base.replace("http://", "ws://") + f"/ws?token={ann}&seat=0"
    with connect(ws_url, origin=base) as ws:
        hello, state = json.loads(ws.recv(5)), json.loads(ws.recv(5))
        assert hello["type"] == "hello" and state["you"] == 0
        refusals = {
            "x" * 5000: "message too long",
            "{not json": "not JSON",
            "[1, 2]": "a JSON object",
            "[" * 2000 + "]" * 2000: "nested too deep",
            json.dumps({"type": "move", "move": "discard 2Z"}): "illegal",
            json.dumps({"type": "move", "move": "knock AS"}): "illegal",
        }
        for text, reason in refusals.items():
            ws.send(text)
            answer = json.loads(ws.recv(5))
            assert answer["type"] == "refused" and reason in answer["reason"]
        ws.send(b"\x00\x01")
        assert "JSON text" in json.loads(ws.recv(5))["reason"]
        for _ in range(80):  # past the rate: refused, the connection kept
            ws.send(json.dumps({"type": "state"}))
        answers = [json.loads(ws.recv(5)) for _ in range(80)]
        assert any(a["type"] == "refused" and "too many" in a["reason"] for a in answers)
        assert lan.saves()[0]["actions"] == []
        time.sleep(0.2)  # the bucket fills again
        ws.send(json.dumps({"type": "move", "move": "draw stock"}))
        assert json.loads(ws.recv(5))["version"] == 1
    assert lan.saves()[0]["actions"] == ["draw stock"]
    # No secret in the server's logs: its standard error, and its output but the links.
    lan.stop()
    secrets = [lan.token, *(u.split("token=")[1] for u in lan.seats.values())]
    logs = "".join(lan.err)
    links = [line for line in lan.lines if "token=" in line]
    assert len(links) == 3
    rest = "".join(line for line in lan.lines if "token=" not in line)
    for secret in secrets:
        assert secret not in logs and secret not in rest


def test_browser_pages_without_their_token_are_refused(lan, browser):
    context = browser.new_context()
    page = context.new_page()
    bob = lan.seats["Bob"].split("token=")[1]
    for url in (f"{lan.base}/", f"{lan.base}/?token=wrong", f"{lan.base}/seat/0?token={bob}"):
        response = page.goto(url)
        assert response.status == 403
        assert page.query_selector("#hand") is None
    # A page of another origin cannot open the table's WebSocket, even with the token.
    page.goto("about:blank")
    closed = page.evaluate(
        """(url) => new Promise((done) => {
            const ws = new WebSocket(url);
            ws.onopen = () => done('open');
            ws.onerror = () => done('refused');
        })""",
        lan.base.replace("http://", "ws://") + f"/ws?token={lan.token}",
    )
    assert closed == "refused"
    context.close()


def test_a_foreign_host_name_is_refused_in_the_browser(lan, browser):
    """DNS rebinding: a name of another site that resolves to this machine."""
    port = lan.base.rsplit(":", 1)[1]
    b = browser.browser_type.launch(
        executable_path=chromium_path(),
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--host-resolver-rules=MAP rebound.example 127.0.0.1",
        ],
    )
    page = b.new_page()
    response = page.goto(f"http://rebound.example:{port}/?token={lan.token}")
    assert response.status == 403 and "Host" in page.inner_text("body")
    b.close()


def test_a_flood_of_connections_is_cut_at_the_bound_and_the_table_comes_back(lan):
    """Past :data:`MAX_CONNECTIONS` at once a connection is closed as soon as it
    is accepted: the server keeps its files, says no traceback, and serves the
    page again once the flood is gone."""
    address, port = lan.base.removeprefix("http://").rsplit(":", 1)
    flood = [socket.create_connection((address, int(port)), timeout=10) for _ in range(MAX_CONNECTIONS + 60)]
    try:
        time.sleep(1)
        cut = 0
        for sock in flood[-60:]:  # the last ones came past the bound
            sock.settimeout(0.05)
            try:
                cut += sock.recv(1) == b""
            except ConnectionResetError:
                cut += 1
            except TimeoutError:  # still open
                pass
        assert cut >= 50
    finally:
        for sock in flood:
            sock.close()
    page_back(lan, 10)
    assert "Traceback" not in "".join(lan.err)


def test_out_of_files_is_one_line_not_a_traceback(serve):
    """With few files to open (a low limit), connections past them wait: said
    in one line at most once a minute, and the table serves again after."""
    served = serve("gin", "--seat", "human:Ann", "--seat", "ai:easy", files=64)
    address, port = served.base.removeprefix("http://").rsplit(":", 1)
    flood = []
    try:
        for _ in range(120):
            flood.append(socket.create_connection((address, int(port)), timeout=10))
        time.sleep(2.5)
    finally:
        for sock in flood:
            sock.close()
    page_back(served, 15)
    errors = "".join(served.err)
    assert "Traceback" not in errors
    assert errors.count("too many connections at once: new ones wait until others close") == 1


def test_a_page_that_stops_reading_is_dropped_and_holds_up_no_one(serve):
    """A page whose connection takes nothing more is dropped after a few
    seconds: the other pages and the computer players go on."""
    seats = ["--seat", "human:Ann"] + ["--seat", "random"] * 7
    served = serve("contract", *seats, "--seed", "3", "-o", "max_turns=5000")
    address, port = served.base.removeprefix("http://").rsplit(":", 1)
    ws_url = served.base.replace("http://", "ws://") + f"/ws?token={served.token}"
    with connect(ws_url, origin=served.base, max_size=2**22) as ws:
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect((address, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        stalled.sendall(
            (
                f"GET /ws?token={served.token} HTTP/1.1\r\nHost: {address}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Origin: {served.base}\r\n\r\n"
            ).encode()
        )  # and it reads nothing from now on
        versions = []
        deadline = time.monotonic() + 25
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(10))
            if message.get("type") == "refused":  # too quick: ask again
                time.sleep(0.2)
                ws.send(json.dumps({"type": "state"}))
                continue
            if message.get("type") != "state":
                continue
            versions.append((time.monotonic(), message["version"]))
            if message.get("over"):
                break
            if message["legal"]:  # Ann plays her first legal move, within the rate
                time.sleep(0.06)
                ws.send(json.dumps({"type": "move", "move": message["legal"][0]["move"]}))
        stalled.close()
    late = [v for t, v in versions if t > deadline - 10]  # well after the stalled page's few seconds
    assert late and late[-1] > late[0] + 20, versions[-5:]


def test_requests_the_server_fails_on_are_one_line_and_ctrl_c_stops_it_soon(lan):
    """A malformed chunk, a text frame that is not UTF-8: one line on standard
    error each, no traceback. Ctrl-C stops the server within seconds while a
    client leaves its answers unread."""
    address, port = lan.base.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((address, int(port)), timeout=10) as sock:
        chunked = f"GET /?token=x HTTP/1.1\r\nHost: {address}:{port}\r\nTransfer-Encoding: chunked\r\n\r\n"
        sock.sendall(chunked.encode() + b"zz\r\n")
        assert sock.recv(12) == b"HTTP/1.1 400"
    with socket.create_connection((address, int(port)), timeout=10) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            (
                f"GET /ws?token={lan.token} HTTP/1.1\r\nHost: {address}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Origin: {lan.base}\r\n\r\n"
            ).encode()
        )
        got = b""
        while b'"type":"hello"' not in got:  # the page is told hello: it may speak
            got += sock.recv(65536)
        mask = os.urandom(4)
        sock.sendall(bytes([0x81, 0x82]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(b"\xff\xfe")))
        got = b""
        with contextlib.suppress(OSError):
            while chunk := sock.recv(65536):
                got += chunk
        assert b"\x88" in got  # closed by the server (1007)
    hog = socket.socket()
    hog.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    hog.connect((address, int(port)))
    hog.settimeout(2)
    one = f"GET /static/app.js?token={lan.token} HTTP/1.1\r\nHost: {address}:{port}\r\n\r\n".encode()
    with contextlib.suppress(TimeoutError):
        while True:
            hog.sendall(one * 50)  # answers it never reads
    started = time.monotonic()
    lan.stop()
    hog.close()
    assert time.monotonic() - started < 10 and lan.proc.returncode == 0
    errors = "".join(lan.err)
    assert "Traceback" not in errors and "UnicodeDecodeError" in errors, errors[-3000:]
    assert any("stopped; no move made" in line for line in lan.lines)  # it ended as it should
