"""`wire.send_without_waiting` under gevent, in a process of its own (gevent patches the whole
interpreter): on a full socket it returns at once instead of waiting as gevent's `send` would,
so a phone that stopped reading never holds up the greenlet writing its room's frames."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    from gevent import monkey
    monkey.patch_all()
    import _socket, socket, time
    from tabletop import wire

    class WS:  # what wire reads of a simple_websocket connection
        connected = True
        def __init__(self, sock):
            self.sock = sock

    a, b = socket.socketpair()
    assert type(a).__module__.startswith("gevent"), type(a)
    # the OS socket gevent wraps: wire writes to it (if gevent renamed it, this fails first)
    assert isinstance(getattr(a, "_sock", None), _socket.socket), dir(a)
    a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    b.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    ws, chunk = WS(a), bytes(range(256)) * 256  # 64 KB, more than both buffers hold
    started = time.monotonic()
    taken = [wire.send_without_waiting(ws, chunk) for _ in range(20)]  # nobody reads b
    took = time.monotonic() - started
    assert took < 0.5, took  # never waited for the full socket (gevent's send would: forever)
    assert 0 < sum(taken) < 20 * len(chunk), taken
    assert taken[-1] == 0, taken  # full: nothing taken
    b.setblocking(False)
    got = b""
    while True:
        try:
            data = b.recv(1 << 16)
        except BlockingIOError:
            break
        got += data
    sent = b"".join(chunk[:n] for n in taken)
    assert got == sent, (len(got), len(sent))  # what was taken arrives whole and in order
    print("ok")
    """
)


def test_send_without_waiting_never_waits_for_a_full_socket_under_gevent():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stdout + out.stderr
