"""The seat rule outlives the server: what each client address has seen of the round in play
is stored with the room before the view that shows it goes out, so after a SIGKILL and a
restart (the served table, gevent) no phone changes seats to see a second hand, a seat freed
mid-round still goes to whoever has seen no hand, and the next deal starts afresh.

Each phone is a socket from a loopback address of its own (127.0.0.2, ...)."""

from __future__ import annotations

import socket

import serverproc
from conftest import Client, ask


class Served:
    """`tabletop serve` (gevent) on a data folder, killed with SIGKILL and started again."""

    def __init__(self, data):
        self.server = serverproc.Server.tabletop(data, "--computer-delay", "0", output=data / "log")
        self.made: list[Client] = []

    def ws(self, address: str = "127.0.0.1") -> Client:
        raw = socket.create_connection(
            ("127.0.0.1", self.server.port), timeout=20, source_address=(address, 0)
        )
        client = Client(f"ws://127.0.0.1:{self.server.port}/ws", socket=raw)
        self.made.append(client)
        return client

    def kill9_and_restart(self) -> None:
        self.server.kill9()
        self.close_clients()
        self.server.start()

    def close_clients(self) -> None:
        while self.made:
            self.made.pop().close()


def guest(served: Served, address: str, room_id: str) -> Client:
    c = served.ws(address)
    c.send({"type": "hello", "room": room_id})
    c.expect("welcome", role="guest")
    return c


def sit(client: Client, seat: int, name: str) -> dict:
    client.send({"type": "join", "seat": seat, "name": name, "lang": "en", "ref": "join"})
    return client.until(lambda f: f["type"] == "joined" or (f["type"] == "error" and f.get("ref") == "join"))


def test_the_seat_rule_survives_a_sigkill(tmp_path):
    served = Served(tmp_path)
    try:
        host = served.ws()
        host.send({"type": "hello"})
        host.expect("welcome", role="lobby")
        host.send({"type": "create_room", "name": "Kill me"})
        created = host.expect("room_created")
        room_id, host_token = created["room"], created["host_token"]
        seats = [{"kind": "phone"}] * 3
        setup = {"type": "setup", "profile": "draw", "options": {"players": 3}, "seats": seats}
        assert ask(host, setup)["type"] == "ok"
        phones, tokens = {}, {}
        for seat in range(3):
            phones[seat] = guest(served, f"127.0.0.{2 + seat}", room_id)
            answer = sit(phones[seat], seat, f"P{seat}")
            assert answer["type"] == "joined", answer
            tokens[seat] = answer["token"]
        version = ask(host, {"type": "start_round"})["version"]
        for p in phones.values():
            assert p.view(version)["view"]["hand"]
        # seat 2's player leaves mid-round, seat 0's too (the one who will try to hop)
        assert ask(phones[2], {"type": "leave"})["type"] == "ok"
        assert ask(phones[0], {"type": "leave"})["type"] == "ok"
        # seat 1's token copied to another device: it sees seat 1's hand, and the server dies
        # the moment that view has reached it
        copy = served.ws("127.0.0.30")
        copy.send({"type": "hello", "room": room_id, "token": tokens[1]})
        copy.expect("welcome", role="seat", seat=1)
        assert copy.view()["view"]["hand"]
        served.kill9_and_restart()

        # after the restart: neither hopper takes seat 2, from any socket of its device
        assert sit(guest(served, "127.0.0.2", room_id), 2, "Hopper")["code"] == "hand_seen"
        assert sit(guest(served, "127.0.0.30", room_id), 2, "Copy")["code"] == "hand_seen"
        # the player who left seat 0 takes it back (the same hand); a newcomer takes seat 2
        back = guest(served, "127.0.0.2", room_id)
        assert sit(back, 0, "P0")["type"] == "joined"
        newcomer = guest(served, "127.0.0.20", room_id)
        assert sit(newcomer, 2, "New")["type"] == "joined"
        # the next deal starts a fresh record: seats may change hands again
        table = served.ws()
        table.send({"type": "hello", "room": room_id, "host_token": host_token})
        table.expect("welcome", role="host")
        assert ask(table, {"type": "new_game"})["type"] == "ok"
        assert ask(newcomer, {"type": "leave"})["type"] == "ok"
        assert sit(guest(served, "127.0.0.30", room_id), 2, "Copy")["type"] == "joined"
    finally:
        served.close_clients()
        if served.server.running():
            served.server.kill9()
