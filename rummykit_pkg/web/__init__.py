"""``rummy serve``: a card table in the browser (the optional extra ``web``).

:mod:`rummykit.web.table` holds a game for the browser (a session of
:mod:`rummykit.core.play.session`, the tokens of its seats, what each page may
see); :mod:`rummykit.web.server` is the ASGI application (Starlette, uvicorn,
WebSockets) with its checks of tokens, Host and Origin; :mod:`rummykit.web.command`
is the click command, which imports neither until it runs. The page itself is
``static/`` (plain JavaScript and CSS, the cards drawn as SVG). docs/web.md is
the guide.
"""
