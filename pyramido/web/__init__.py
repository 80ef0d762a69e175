"""The web page: play, watch and replay games in a browser (``pyramido serve``).

An ASGI application (:func:`pyramido.web.app.create_app`, Starlette, served by uvicorn)
with static pages in plain HTML, CSS and JavaScript (no build step). The pictures are the
SVG of :mod:`pyramido.svg`, drawn from each seat's view only, and everything a page is sent
is made in :mod:`pyramido.web.screen` from what that seat may see.

The modules: ``screen`` (a viewer's screen, a move's preview), ``tables`` (games being
played, seat links, bots), ``replays`` (records stepped through), ``messages`` (the
WebSocket's messages, checked), ``outbox`` (a page's outgoing queue: no page holds up
another), ``limits`` (the caps on what a page may ask), ``uploads`` (a house-rule overlay
sent from a page, data only), ``app`` (the routes), ``command`` (``pyramido serve``).
Starlette and uvicorn are the ``web`` extra: only ``app``, ``outbox`` (which ``app``
imports) and ``command`` at run time import them.
"""
