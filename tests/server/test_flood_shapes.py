"""The flood limits hold whatever shape the flood takes: pings (control frames) are messages,
a message in endless fragments is closed, one address holds a bounded number of websockets and
opens them at a bounded rate, and the served table bounds the connections one address holds
(requests that never end). The table's own screen (127.0.0.1) has none of these limits. How
much each shape costs another table under load is measured in test_faults_hostile.py."""

from __future__ import annotations

import socket
import time
import urllib.request

import pytest
import serverproc
import websocket
from conftest import ask, connect_from, create_room

from tabletop import config
from tabletop.limits import Buckets


def status(live, address: str) -> int:
    try:
        c = connect_from(live, address)
    except websocket.WebSocketBadStatusException as exc:
        return exc.status_code
    c.close()
    return 101


def test_pings_are_messages(live):
    c = connect_from(live, "127.0.0.2")
    sent = int(config.BURST) * 3
    for _ in range(sent):
        c.sock.ping(b"p")
    c.send({"type": "ping"})  # a message after them: answered once its turn comes, or dropped
    c.sock.settimeout(2)
    pongs = 0
    try:
        while True:
            frame = c.sock.recv_frame()
            pongs += frame.opcode == websocket.ABNF.OPCODE_PONG
    except websocket.WebSocketTimeoutException:
        pass
    assert 0 < pongs <= config.BURST + 5, pongs  # the budget, and a little refill meanwhile
    c.close()


def test_the_rate_limit_names_the_message_it_drops(live):
    """Over the budget, a message is dropped unread; the one `rate_limited` error a second
    answers the message it drops by its `ref`, so a client waiting for that answer stops."""
    c = connect_from(live, "127.0.0.2")
    refs = [f"m{n}" for n in range(int(config.BURST) * 2)]
    for ref in refs:  # before `hello`: each one within the budget is answered hello_required
        c.send({"type": "leave", "ref": ref})
    refused = c.take(lambda f: f.get("code") == "rate_limited")
    assert refused["ref"] in refs
    time.sleep(1.5)  # the budget refills
    c.send({"type": "leave", "ref": "after"})
    c.take(lambda f: f.get("ref") == "after")
    # that message was dropped: nothing else answered it; the ones before it were answered
    assert [f for f in c.frames if f.get("ref") == refused["ref"]] == [refused]
    answered = {f["ref"] for f in c.frames if f.get("code") == "hello_required"}
    assert set(refs[: refs.index(refused["ref"])]) <= answered
    c.close()


def test_a_message_in_endless_fragments_is_closed(live):
    """Each frame is cheap to send and costs the server a parse: a message in more than
    `config.MAX_FRAGMENTS` frames is closed (1008) long before its 64 KiB."""
    c = connect_from(live, "127.0.0.2")
    c.sock.send_frame(websocket.ABNF(0, 0, 0, 0, websocket.ABNF.OPCODE_TEXT, 1, "["))
    for _ in range(config.MAX_FRAGMENTS):
        c.sock.send_frame(websocket.ABNF(0, 0, 0, 0, websocket.ABNF.OPCODE_CONT, 1, " "))
    c.sock.settimeout(5)
    frame = c.sock.recv_frame()
    assert frame.opcode == websocket.ABNF.OPCODE_CLOSE
    assert int.from_bytes(frame.data[:2], "big") == 1008
    c.close()


@pytest.mark.parametrize("own", [False, True])
def test_one_address_holds_a_bounded_number_of_sockets(live, monkeypatch, own):
    monkeypatch.setattr(config, "FLOOD_TARPIT", 0.01)
    live.tables.sockets._handshakes = Buckets(1000, 1000)  # the rate aside: the count alone
    address = "127.0.0.1" if own else "127.0.0.3"
    held = [connect_from(live, address) for _ in range(config.SOCKETS_PER_ADDRESS if not own else 40)]
    for c in held:  # every one of them is served
        c.send({"type": "ping"})
        c.expect("pong")
    assert status(live, address) == (101 if own else 429)
    assert status(live, "127.0.0.4") == 101  # another address is not held up
    held.pop().close()
    for c in held:
        c.close()


def test_one_address_opens_sockets_at_a_bounded_rate(live, monkeypatch):
    monkeypatch.setattr(config, "FLOOD_TARPIT", 0.01)
    answers = [status(live, "127.0.0.5") for _ in range(int(config.HANDSHAKE_BURST) + 5)]
    assert answers[: int(config.HANDSHAKE_BURST) - 2].count(101) == int(config.HANDSHAKE_BURST) - 2
    assert answers[-1] == 429
    assert status(live, "127.0.0.1") == 101  # the table's own screen
    # the 429 says when to come back
    try:
        connect_from(live, "127.0.0.5")
    except websocket.WebSocketBadStatusException as exc:
        assert exc.status_code == 429 and b"retry_after" in (exc.resp_body or b"")


def test_one_address_holds_a_bounded_number_of_connections(tmp_path):
    """Requests that never end (a slow client holding the server's connections) are bounded per
    address where the served table accepts them; the table's own screen is not counted."""
    # a header timeout longer than the test: the requests it holds are not closed meanwhile
    long = ("--header-timeout", "600")
    with serverproc.Server.tabletop(
        tmp_path, "--computer-delay", "0", *long, output=tmp_path / "log"
    ) as server:
        held = []

        def slow(address: str) -> socket.socket:
            s = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(address, 0))
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of it
            held.append(s)
            return s

        def closed_at_once(s: socket.socket) -> bool:
            s.settimeout(2)
            try:
                return s.recv(1) == b""
            except TimeoutError:
                return False
            except OSError:
                return True

        try:
            for _ in range(config.CONNECTIONS_PER_ADDRESS):
                slow("127.0.0.45")
            assert not closed_at_once(held[-1])  # the last one allowed is still waited for
            assert closed_at_once(slow("127.0.0.45"))  # one too many: closed
            for _ in range(config.CONNECTIONS_PER_ADDRESS + 2):
                slow("127.0.0.1")
            assert not closed_at_once(held[-1])  # the table's own screen: no limit
            with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/health", timeout=10) as r:
                assert r.status == 200
        finally:
            for s in held:
                s.close()


def test_a_request_s_headers_arrive_within_the_header_timeout(tmp_path):
    """A connection that sends half a request line and waits, or its headers a byte now and
    then (each byte well within the timeout), is closed once the header timeout has passed:
    a slow client holds no connection of the served table for longer. A whole request, and a
    websocket opened by one, are served as ever."""
    timeout = 1.0
    with serverproc.Server.tabletop(
        tmp_path, "--computer-delay", "0", "--header-timeout", str(timeout), output=tmp_path / "log"
    ) as server:

        def connection() -> socket.socket:
            return socket.create_connection(("127.0.0.1", server.port), timeout=timeout + 30)

        with connection() as half:
            half.sendall(b"GET /api/hea")
            assert half.recv(1) == b""  # closed (a timeout here, 30 s later, fails the test)
        with connection() as trickle:
            request = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"x" * 200
            sent = 0
            try:
                for byte in request:  # 200 bytes at a byte every 0.05 s: 10 times the timeout
                    trickle.sendall(bytes([byte]))
                    sent += 1
                    time.sleep(timeout / 20)
                trickle.sendall(b"\r\n\r\n")
                closed = trickle.recv(1) == b""
            except OSError:  # reset: the server closed it while bytes were still coming
                closed = True
            assert closed and sent < len(request), sent
        with urllib.request.urlopen(f"{server.url}/api/health", timeout=10) as r:
            assert r.status == 200
        ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/ws", timeout=10)
        try:
            time.sleep(2 * timeout)  # an open websocket is no request waiting for its headers
            ws.send('{"type": "ping"}')
            assert "pong" in ws.recv()
        finally:
            ws.close()
    assert "Traceback" not in (tmp_path / "log").read_text()  # closed as planned, not by an error


def test_a_room_takes_a_bounded_number_of_guests(live, client_factory):
    """Every guest of a room gets a view at every change: sockets from many addresses sitting
    in a room as guests are bounded, so its players are not slowed down; seat tokens, the
    table's host token and the table's own screen are never refused."""
    live.tables.sockets._handshakes = Buckets(1000, 1000)  # the rate aside
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, [{"kind": "phone"}] * 2)
    phone = connect_from(live, "127.0.0.60")
    phone.send({"type": "hello", "room": room_id})
    phone.expect("welcome", role="guest")
    token = ask(phone, {"type": "join", "seat": 0, "name": "Ana", "lang": "en"})
    assert token["type"] == "ok"
    token = phone.take(lambda f: f["type"] == "joined")["token"]
    guests = []
    for n in range(config.ROOM_GUESTS):
        g = connect_from(live, f"127.0.0.{61 + n % 8}")
        g.send({"type": "hello", "room": room_id})
        g.expect("welcome", role="guest")
        guests.append(g)
    late = connect_from(live, "127.0.0.70")
    assert ask(late, {"type": "hello", "room": room_id})["code"] == "room_full"
    late.send({"type": "hello", "room": room_id, "token": "A" * 43, "ref": "t"})  # a wrong token:
    answers = [late.take(lambda f: f.get("ref") == "t")["code"] for _ in range(2)]  # no guest either
    assert answers == ["bad_token", "room_full"], answers
    back = connect_from(live, "127.0.0.60")  # its seat's token: always let in
    back.send({"type": "hello", "room": room_id, "token": token})
    back.expect("welcome", role="seat", seat=0)
    screen = connect_from(live, "127.0.0.71")  # a second table screen with the host token
    screen.send({"type": "hello", "room": room_id, "host_token": host_token})
    screen.expect("welcome", role="host")
    own = client_factory()  # the table's own screen
    own.send({"type": "hello", "room": room_id})
    own.expect("welcome", role="guest")
    guests.pop().close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        again = connect_from(live, "127.0.0.70")
        if ask(again, {"type": "hello", "room": room_id}).get("code") != "room_full":
            break
        time.sleep(0.1)
    else:
        raise AssertionError("a guest leaving makes no room for another")
    for c in (*guests, late, back, screen, phone):
        c.close()
