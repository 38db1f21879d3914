"""The ASGI application of ``rummy serve`` (Starlette on uvicorn, WebSockets for pushes).

Every request and every WebSocket is checked before anything else:

* its ``Host`` header must name this server (127.0.0.1, localhost, or with
  ``--lan`` this machine's address, at its port): a page of another site
  cannot reach the table through DNS rebinding;
* an ``Origin`` header, when there is one (a WebSocket always has one), must
  be this server's own: another site cannot drive the table;
* its token (``?token=``) must be the server's (the host's page) or the seat's
  it names (``/seat/N``): a wrong token, no token or another seat's is refused.

Pages get a strict Content-Security-Policy (scripts, styles and images from
this server only, no inline script), no referrer (the token stays in the
address bar) and no caching. uvicorn's access log is off: no token is ever
logged. A WebSocket message is at most :data:`MESSAGE_MAX` bytes of JSON and
a page sends at most :data:`RATE` a second (bursts of :data:`BURST`); a
message past either, or one the table cannot do, is refused with its reason
and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import html
import json
import logging
import math
import socket
import time
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummykit.core.base.errors import RummyError

from .replay import Replay
from .table import Refused, Table, Who

#: The longest WebSocket message a page may send, in bytes.
MESSAGE_MAX = 4096
#: Messages a second a page may send on average, and in a burst.
RATE = 20.0
BURST = 40
#: Pages connected at once.
MAX_CLIENTS = 32
#: Seconds a page has to take what it is sent before it is dropped.
SEND_TIMEOUT = 5.0
#: Seconds a connection has to send its first request's headers before it is closed.
HEADER_TIMEOUT = 10.0
#: Connections open at once (pages, their WebSockets, requests); one past it is
#: closed as soon as it is accepted.
MAX_CONNECTIONS = 256

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
STATIC_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
STATIC_FILES = ("app.js", "app.css")


def lan_address() -> str | None:
    """This machine's address on its network (no packet is sent), or None."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))
        address: str = s.getsockname()[0]
        if not address.startswith("127."):
            return address
    return None


class Guard:
    """The ASGI middleware that checks ``Host`` and ``Origin`` on every request
    and WebSocket (see the module's docstring)."""

    def __init__(self, app: ASGIApp, hosts: set[str]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "").lower()
        origin = headers.get("origin")
        why = None
        if host not in self.hosts:
            why = "this server answers only at its own address (bad Host header)"
        elif origin is not None and origin.lower() != f"http://{host}":
            why = "requests from other sites are refused (bad Origin header)"
        elif scope["type"] == "websocket" and origin is None:
            why = "a WebSocket must come from this server's page (no Origin header)"
        if why is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await WebSocket(scope, receive, send).close(code=4003, reason=why)
            return
        await refuse(why, 403)(scope, receive, send)


def refuse(why: str, status: int) -> Response:
    return PlainTextResponse(why + "\n", status_code=status, headers=HEADERS)


class Server:
    """The application serving ``table``: its pages, its WebSocket, its
    computer players (``pace`` seconds between their moves)."""

    def __init__(self, table: Table | Replay, hosts: set[str], pace: float = 0.6, base: str = "") -> None:
        self.table = table
        self.pace = pace
        self.base = base
        self.clients: dict[WebSocket, Who] = {}
        #: The closing of pages dropped for not reading (kept until done).
        self.slow: set[asyncio.Task[None]] = set()
        self.driving: asyncio.Task[None] | None = None
        self.static = {name: (files(__package__) / "static" / name).read_bytes() for name in STATIC_FILES}
        routes = [
            Route("/", self.host_page),
            Route("/seat/{seat}", self.seat_page),
            Route("/static/{name}", self.asset),
            Route("/qr/{seat}.svg", self.qr),
            WebSocketRoute("/ws", self.socket),
        ]
        self.app = Guard(Starlette(routes=routes), hosts)

    # -- pages -------------------------------------------------------------------

    async def host_page(self, request: Request) -> Response:
        token = request.query_params.get("token")
        if self.table.who(token) is None:
            return refuse(_no_token(token), 403)
        return self.page(token or "", "")

    async def seat_page(self, request: Request) -> Response:
        token = request.query_params.get("token")
        seat = request.path_params["seat"]
        if self.table.who(token, seat) is None:
            return refuse(_no_token(token, seat), 403)
        return self.page(token or "", seat)

    def page(self, token: str, seat: str) -> Response:
        title = html.escape(self.table.title)
        q = f"?token={token}"
        body = (
            "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
            '<meta name=viewport content="width=device-width, initial-scale=1">'
            f"<title>{title} — rummykit</title>"
            f'<link rel=stylesheet href="/static/app.css{q}"><link rel=icon href="data:,">'
            f'<script defer src="/static/app.js{q}"></script>'
            f'</head><body data-token="{token}" data-seat="{seat}">'
            f"<noscript>The table needs JavaScript.</noscript></body></html>\n"
        )
        return Response(body, media_type="text/html; charset=utf-8", headers=HEADERS)

    def any_token(self, token: str | None) -> bool:
        t = self.table
        return t.who(token) is not None or any(t.who(token, str(s)) for s in t.seat_tokens)

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if not self.any_token(request.query_params.get("token")):
            return refuse(_no_token(request.query_params.get("token")), 403)
        data = self.static.get(name)
        if data is None:
            return refuse("no such file", 404)
        return Response(data, media_type=STATIC_TYPES[name[name.rindex(".") :]], headers=HEADERS)

    async def qr(self, request: Request) -> Response:
        """The QR code of a seat's join link, for the host's page."""
        if self.table.who(request.query_params.get("token")) is None:
            return refuse(_no_token(request.query_params.get("token")), 403)
        seat = request.path_params["seat"]
        link = self.seat_links().get(seat)
        if link is None:
            return refuse("no such seat", 404)
        return Response(qr_svg(link), media_type="image/svg+xml", headers=HEADERS)

    def seat_links(self) -> dict[str, str]:
        t = self.table
        return {str(s): f"{self.base}/seat/{s}?token={tok}" for s, tok in t.seat_tokens.items()}

    # -- the WebSocket -------------------------------------------------------------

    async def socket(self, ws: WebSocket) -> None:
        q = ws.query_params
        who = self.table.who(q.get("token"), q.get("seat") or None)
        # A refusal after Host and Origin passed is a page of this server: it is
        # accepted and closed at once with the reason, which the page shows (a
        # WebSocket refused before it is accepted reaches a page as a bare failure).
        if who is None:
            await ws.accept()
            await ws.close(code=4003, reason=_no_token(q.get("token"), q.get("seat") or None))
            return
        await ws.accept()
        if len(self.clients) >= MAX_CLIENTS:
            await ws.close(code=1013, reason=f"too many pages are open on this table (at most {MAX_CLIENTS})")
            return
        self.clients[ws] = who
        bucket = Bucket()
        try:
            await self.send(ws, self.hello(who))
            await self.send(ws, self.table.state(who))
            self.drive()
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if not bucket.take():
                    await self.send(ws, {"type": "refused", "reason": "too many messages; slow down"})
                    if bucket.excess > 10 * BURST:
                        await ws.close(code=1008, reason="too many messages")
                        break
                    continue
                await self.answer(ws, who, text)
        except WebSocketDisconnect:
            pass
        finally:
            self.clients.pop(ws, None)

    def hello(self, who: Who) -> dict[str, Any]:
        """What a page is told once: the links to show (the host's page with ``--lan``)."""
        out: dict[str, Any] = {"type": "hello", "links": []}
        if who.host and isinstance(self.table, Table):
            names = self.table.session.names
            out["links"] = [
                {"seat": int(s), "name": names[int(s)], "url": url} for s, url in self.seat_links().items()
            ]
        return out

    async def answer(self, ws: WebSocket, who: Who, text: str | None) -> None:
        if text is None:
            await self.send(ws, {"type": "refused", "reason": "messages are JSON text"})
            return
        if len(text.encode()) > MESSAGE_MAX:
            await self.send(
                ws, {"type": "refused", "reason": f"message too long (at most {MESSAGE_MAX} bytes)"}
            )
            return
        try:
            message = json.loads(text)
        except ValueError:
            await self.send(ws, {"type": "refused", "reason": "not JSON"})
            return
        except RecursionError:  # "[[[[...]]]]" within the size limit: too deep to read
            await self.send(ws, {"type": "refused", "reason": "not JSON this page sends: nested too deep"})
            return
        if not isinstance(message, dict):
            await self.send(ws, {"type": "refused", "reason": "a message is a JSON object"})
            return
        started = time.perf_counter()
        try:
            reply = self.table.handle(who, message)
        except Refused as e:
            await self.send(ws, {"type": "refused", "reason": str(e)})
            return
        except RummyError as e:  # the game could not do it (a save that failed...): said, not raised
            await self.send(ws, {"type": "refused", "reason": str(e)})
            await self.broadcast()
            return
        if reply is not None:
            await self.send(ws, reply)
            return
        await self.broadcast(took=time.perf_counter() - started)
        self.drive()

    async def send(self, ws: WebSocket, data: dict[str, Any]) -> None:
        """Send ``data`` to the page ``ws``. A page that does not take it within
        :data:`SEND_TIMEOUT` seconds (it stopped reading) is dropped, so that it
        holds up neither the others nor the computer players."""
        try:
            await asyncio.wait_for(ws.send_text(json.dumps(data, separators=(",", ":"))), SEND_TIMEOUT)
        except TimeoutError:
            if self.clients.pop(ws, None) is not None:
                task = asyncio.get_running_loop().create_task(self.close_slow(ws))
                self.slow.add(task)
                task.add_done_callback(self.slow.discard)
        except Exception:  # a page gone meanwhile
            pass

    async def close_slow(self, ws: WebSocket) -> None:
        with contextlib.suppress(Exception):
            closing = ws.close(code=1008, reason="the page stopped reading the table")
            await asyncio.wait_for(closing, SEND_TIMEOUT)

    async def broadcast(self, took: float | None = None) -> None:
        for ws, who in list(self.clients.items()):
            state = self.table.state(who)
            if took is not None:
                state["server_ms"] = round(took * 1000, 2)
            await self.send(ws, state)

    def drive(self) -> None:
        """Let the computer players move, one after another, if one is to act."""
        if self.table.bot_to_move() and (self.driving is None or self.driving.done()):
            self.driving = asyncio.get_running_loop().create_task(self.bots())

    async def bots(self) -> None:
        while self.table.bot_to_move():
            await asyncio.sleep(self.pace)
            if not self.table.bot_to_move():
                break
            self.table.bot_move()
            await self.broadcast()


def header_timeout_protocol() -> type[Any]:
    """uvicorn's HTTP protocol (h11), closing a connection that has not sent a
    whole request's headers :data:`HEADER_TIMEOUT` seconds after it opened or
    after its last response (a connection that never sends anything, sends its
    headers byte by byte, or holds its body back, does not stay open for ever),
    and one past :data:`MAX_CONNECTIONS` at once as soon as it is accepted (a
    flood of connections does not use up the process's files)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeout(H11Protocol):
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > MAX_CONNECTIONS:
                transport.abort()
                return
            self.loop.call_later(HEADER_TIMEOUT, self.close_if_silent, None)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self.loop.call_later(HEADER_TIMEOUT, self.close_if_silent, self.cycle)

        def close_if_silent(self, served: object) -> None:
            # No request's headers came since (its cycle is still the one served, or
            # none); an upgraded WebSocket has its own protocol.
            t = self.transport
            if self.cycle is served and t.get_protocol() is self and not t.is_closing():
                t.close()

    return HeaderTimeout


def one_line_errors(logger: logging.Logger) -> None:
    """``logger`` (uvicorn's) writes an error as one line, its exception's type
    and words after the message, never a traceback: a bad request that uvicorn
    or a protocol library fails on ("Invalid UTF-8 sequence", a malformed chunk)
    is one line on standard error."""
    if _one_line not in logger.filters:
        logger.addFilter(_one_line)


def _one_line(record: logging.LogRecord) -> bool:
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        record.msg = f"{record.getMessage()} ({type(error).__name__}: {' '.join(str(error).split())})"
        record.args = ()
        record.exc_info = None
        record.exc_text = None
    return True


def quiet_when_out_of_files(echo: Any) -> Any:
    """An event loop's exception handler: a connection that cannot be accepted
    for want of files (asyncio tries again a second later) is said in one line,
    at most once a minute, not a traceback each time; anything else goes to the
    loop's default handler."""
    said = [-math.inf]

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            now = time.monotonic()
            if now - said[0] >= 60:
                said[0] = now
                echo("too many connections at once: new ones wait until others close", err=True)
            return
        loop.default_exception_handler(context)

    return handler


class Bucket:
    """A token bucket: :data:`RATE` a second, at most :data:`BURST` at once."""

    def __init__(self) -> None:
        self.level = float(BURST)
        self.at = time.monotonic()
        self.excess = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.at) * RATE)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            self.excess = 0
            return True
        self.excess += 1
        return False


def _no_token(token: str | None, seat: str | None = None) -> str:
    if not token:
        return "this table needs its link's token (?token=...): open the link rummy serve printed"
    if seat is not None:
        return "that is not this seat's token: open the link of your own seat"
    return "wrong token: open the link rummy serve printed (a restarted server prints new links)"


def qr_svg(text: str) -> bytes:
    import io

    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="svg", scale=4, border=2)
    return buf.getvalue()


def qr_text(text: str) -> str:
    """``text`` as a QR code drawn in the terminal's characters."""
    import io

    import segno

    buf = io.StringIO()
    segno.make(text, error="m").terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def listen(port: int, lan: bool) -> socket.socket:
    """A socket listening on ``port`` (0: a free one) at 127.0.0.1, or on every
    address with ``lan``; a port in use is a one-line :class:`RummyError`."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("0.0.0.0" if lan else "127.0.0.1", port))
        sock.listen(64)
    except OSError as e:
        sock.close()
        raise RummyError(
            f"cannot listen on port {port}: {e.strerror or e}; "
            "give another with --port N (0 picks a free one)"
        ) from None
    return sock


def run(
    table: Table | Replay,
    port: int,
    pace: float,
    echo: Any,
    open_browser: bool = True,
) -> None:
    """Serve ``table`` until Ctrl-C: the links (and with ``--lan`` each seat's
    QR code) go to ``echo``, the host's link to the browser."""
    import uvicorn

    sock = listen(port, table.lan)
    port = sock.getsockname()[1]
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    address = "127.0.0.1"
    if table.lan:
        found = lan_address()
        if found is not None:
            address = found
            hosts.add(f"{found}:{port}")
    server = Server(table, hosts, pace, f"http://{address}:{port}")
    host_link = f"http://127.0.0.1:{port}/?token={table.token}"
    echo(f"{table.title} at {host_link}")
    for seat, url in server.seat_links().items():
        assert isinstance(table, Table)
        name = table.session.names[int(seat)]
        echo(f"  {name}'s seat: {url}")
        echo(qr_text(url).rstrip("\n"))
    if table.lan and address == "127.0.0.1":
        echo("  (no network address found: the seats' links work on this machine only)")
    ready = "Ctrl-C stops the server" + (
        "; the game is saved after every move." if isinstance(table, Table) else "."
    )
    if open_browser:
        import webbrowser

        with contextlib.suppress(Exception):
            webbrowser.open(host_link)
    config = uvicorn.Config(
        server.app,
        http=header_timeout_protocol(),
        log_level="warning",
        access_log=False,
        ws_max_size=4 * MESSAGE_MAX,
        lifespan="off",
        ws_ping_interval=20.0,
        timeout_graceful_shutdown=3,  # Ctrl-C: connections still open 3 s after are closed
    )
    one_line_errors(logging.getLogger("uvicorn.error"))

    class Announcing(uvicorn.Server):
        """uvicorn's server, saying that Ctrl-C stops it once it does: after its
        start-up, with uvicorn's own signal handlers in place (a Ctrl-C before
        them would interrupt the start-up half-way)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            asyncio.get_running_loop().set_exception_handler(quiet_when_out_of_files(echo))
            await super().startup(sockets=sockets)
            echo(ready)

    try:
        Announcing(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: the way to stop
        pass
    finally:
        sock.close()
