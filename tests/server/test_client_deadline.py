"""The tests' `Client` gives up on a frame that never comes: the server's pings, which keep its
socket busy, do not keep `take` and `until` waiting for ever."""

from __future__ import annotations

import pytest
from conftest import Client

from tabletop import config


@pytest.mark.parametrize("wait", ["take", "until"])
def test_a_missing_answer_fails_while_the_server_pings(live, monkeypatch, wait):
    monkeypatch.setattr(config, "PING_INTERVAL", 0.5)  # pings far more often than the deadline
    c = Client(f"ws://127.0.0.1:{live.port}/ws", timeout=3)
    try:
        c.send({"type": "hello"})
        c.expect("welcome")
        with pytest.raises(AssertionError, match="not received within 3 s"):
            getattr(c, wait)(lambda f: f["type"] == "never")
        c.send({"type": "ping", "ref": "after"})  # the socket still works, its timeout restored
        assert c.expect("pong")
        assert c.sock.gettimeout() == 3
    finally:
        c.close()
