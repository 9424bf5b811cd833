"""How the table is served: one process, every connection a greenlet (gevent's WSGI server).

Rooms live in memory, so there is one process. Each connection, an open websocket or an HTTP
request still arriving byte by byte, is a greenlet: hundreds of idle websockets and slow requests
cost a little memory each and no thread, and starve nobody. Work that would stop the event loop
(a computer's move, a hint, the store's fsync) runs on native threads (tabletop/offload.py).

Why not gunicorn: its master process only forks and watches one worker, and holds ~30 MB of
its own (a third of the server's resident memory); its gevent worker runs this same WSGI
server. Its threaded worker holds one thread per websocket (64 by default: the 65th hung).
"""

from __future__ import annotations

import gc
import logging
import signal
import sys

from . import config
from .connections import PerAddress

log = logging.getLogger("tabletop.http")


def patch() -> None:
    """Make sockets, locks, threads and sleeps cooperative. First, before the app is built (its
    locks and threads must be gevent's); locks created earlier (logging's) are converted."""
    from gevent import monkey

    if not monkey.is_module_patched("socket"):
        monkey.patch_all()


def run(
    make_app, host: str, port: int, on_stop=lambda: None, header_timeout: float = config.HEADER_TIMEOUT
) -> None:
    """Serve `make_app()` on host:port until SIGTERM or SIGINT; the port is bound first (OSError
    when it cannot be). `on_stop` runs first on either signal (the goodbye of mDNS), then open
    connections get `config.GRACEFUL_SECONDS` to end. A connection sends each request's line
    and headers within `header_timeout` seconds, or is closed."""
    patch()
    # the native threads (the store's commit, computers, hints) and the event loop take turns
    # with the interpreter lock; at Python's default of 5 ms a commit that waits for the lock
    # twice holds up its room for up to 10 ms whenever the loop is busy
    sys.setswitchinterval(config.SWITCH_INTERVAL)
    import gevent
    from gevent.pool import Pool
    from gevent.pywsgi import WSGIHandler, WSGIServer

    class Handler(WSGIHandler):
        # A request's line and headers arrive within `header_timeout` seconds in all, counted
        # from when the connection waits for them: a "slowloris" client, sending them a byte
        # now and then, or a connection kept alive and idle, holds its greenlet no longer. (A
        # timeout per read would not do: each byte would start it again.) A phone's browser
        # sends them in one packet, and opens a new connection when an idle one was closed.
        headers_due: gevent.Timeout | None = None

        def read_requestline(self):
            self.headers_due = gevent.Timeout.start_new(header_timeout)
            return super().read_requestline()

        def read_request(self, raw_requestline):
            try:
                return super().read_request(raw_requestline)
            finally:
                self._headers_read()

        def handle_one_request(self):
            try:
                return super().handle_one_request()
            except gevent.Timeout as timeout:
                if timeout is not self.headers_due:
                    raise
                return None  # the connection is closed
            finally:
                self._headers_read()

        def _headers_read(self) -> None:
            if self.headers_due is not None:
                self.headers_due.cancel()  # (kept: the `except` above knows it by it)

        def run_application(self):
            try:
                super().run_application()
            finally:
                # a websocket took over this connection (its own copy of the socket): when it
                # ends, nothing more comes on it; without this the server would wait for another
                # request and the client for the server to close first
                if self.environ.get("HTTP_UPGRADE", "").lower() == "websocket":
                    self.close_connection = True

    class Server(WSGIServer):
        per_address = PerAddress()  # connections held by one client address (connections.py)

        def handle(self, sock, address):
            ip = address[0] if isinstance(address, tuple) else str(address)
            if not self.per_address.enter(ip):
                sock.close()  # one too many from this address: it holds enough already
                return
            try:
                super().handle(sock, address)
            finally:
                self.per_address.leave(ip)

    server = Server(
        (host, port),
        None,  # the app comes once the port is ours: a port in use stops the start before it
        handler_class=Handler,
        spawn=Pool(config.WORKER_CONNECTIONS),
        log=None,  # no access log: a phone's page and socket would fill it
        error_log=log,
    )
    server.init_socket()  # OSError (EADDRINUSE, EACCES): tabletop/cli.py says it in one sentence
    server.application = make_app()
    # what exists now (the engine's tables, the rooms loaded from disk) lives as long as the
    # process: out of the collector's sight, a full collection no longer walks it (39 ms, all
    # rooms waiting, measured under `scripts/bench server`; 2 ms after)
    gc.collect()
    gc.freeze()

    def stop():
        try:
            on_stop()
        finally:
            server.stop(timeout=config.GRACEFUL_SECONDS)

    for sig in (signal.SIGTERM, signal.SIGINT):
        gevent.signal_handler(sig, stop)  # runs in a greenlet of its own
    server.serve_forever()
