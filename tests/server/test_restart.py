"""SIGKILL restart: the server runs in a subprocess with a temp data folder, is killed with
SIGKILL at random points (sometimes with an action in flight), restarted, and every
acknowledged action is still there; the phones reconnect with their tokens and play on."""

from __future__ import annotations

import os
import random

import pytest
import serverproc
from conftest import Client, ask

from tabletop.store import Store


class Server(serverproc.Server):
    """`tabletop serve` in its own process group (gevent, as served; or werkzeug's --dev)."""

    def __init__(self, data, mode="gevent"):
        extra = ["--dev"] if mode == "dev" else []
        port = serverproc.free_port()
        super().__init__(serverproc.tabletop_command(port, data, *extra, "--computer-delay", "0"), port)

    def ws(self) -> Client:
        return Client(f"ws://127.0.0.1:{self.port}/ws")


def stored(data, room_id):
    """The room's version and current record as the store gives them back (checkpoint + the
    actions appended since)."""
    store = Store(os.path.join(data, "tabletop.sqlite3"))
    try:
        row = next(r for r in store.load_rooms() if r["id"] == room_id)
        return row["version"], row["record"]
    finally:
        store.close()


def all_actions(record):
    return [a for r in record["rounds"] for a in r["actions"]]


@pytest.mark.parametrize("mode", ["gevent", "dev"])
def test_sigkill_loses_no_acknowledged_action(tmp_path, mode):
    rng = random.Random(7)
    server = Server(tmp_path, mode)
    clients = []
    try:
        host = server.ws()
        host.send({"type": "hello"})
        host.expect("welcome")
        host.send({"type": "create_room", "name": "Kill me"})
        created = host.expect("room_created")
        room_id, host_token = created["room"], created["host_token"]
        assert (
            ask(
                host,
                {
                    "type": "setup",
                    "profile": "draw",
                    "options": {"players": 2},
                    "seats": [{"kind": "phone"}, {"kind": "phone"}],
                },
            )["type"]
            == "ok"
        )
        tokens = []
        for seat in (0, 1):
            p = server.ws()
            p.send({"type": "hello", "room": room_id})
            p.expect("welcome")
            p.send({"type": "join", "seat": seat, "name": f"P{seat}"})
            tokens.append(p.expect("joined")["token"])
            p.close()
        assert ask(host, {"type": "start_round"})["type"] == "ok"
        host.close()

        acked = []  # every action the server acknowledged, in order
        acked_version = None
        for _cycle in range(4):
            phones = []
            for seat in (0, 1):
                p = server.ws()
                p.send({"type": "hello", "room": room_id, "token": tokens[seat]})
                w = p.expect("welcome")
                assert w["role"] == "seat" and w["seat"] == seat
                phones.append(p)
            clients = phones
            first = phones[0].view()
            if acked_version is not None:
                assert first["version"] >= acked_version
            version = first["version"]
            # the restored game is exactly what was acknowledged (and kept) before the kill
            assert first["view"]["history"] == acked
            for _ in range(rng.randint(1, 6)):
                views = [p.view(version) for p in phones]
                view = views[0]["view"]
                if view["phase"] != "play":
                    break
                seat = view["turn"]
                own = views[seat]
                action = rng.choice(own["view"]["legal"])
                answer = ask(phones[seat], {"type": "act", "action": action, "version": own["version"]})
                assert answer["type"] == "ok", answer
                acked.append(dict(action, seat=seat))
                acked_version = version = answer["version"]
            if rng.random() < 0.5:  # one more action in flight when the server dies
                views = [p.view(version) for p in phones]
                view = views[0]["view"]
                if view["phase"] == "play":
                    seat = view["turn"]
                    phones[seat].send(
                        {"type": "act", "action": views[seat]["view"]["legal"][0], "version": version}
                    )
            server.kill9()
            for p in phones:
                p.close()
            stored_version, record = stored(tmp_path, room_id)
            kept = all_actions(record)
            assert stored_version >= acked_version
            # every acknowledged action is on disk, in order; at most the one in flight more
            assert kept[: len(acked)] == acked and len(kept) <= len(acked) + 1
            acked = kept  # an in-flight action that was written stays
            acked_version = stored_version
            server = Server(tmp_path, mode)
        # the trial played: what follows compares a real game, not an empty one
        assert len(acked) >= 4
        # the host's token still opens the room after the last restart, on the same game
        host = server.ws()
        host.send({"type": "hello", "room": room_id, "host_token": host_token})
        assert host.expect("welcome")["role"] == "host"
        last = host.view()
        assert last["version"] >= acked_version and last["view"]["history"] == acked
        host.close()
    finally:
        for c in clients:
            c.close()
        if server.running():
            server.kill9()


def test_served_table_runs_computer_seats(tmp_path):
    """As served (gevent), the computers' moves run on native threads beside the event loop:
    a computer seat answers each phone move."""
    server = Server(tmp_path)
    try:
        host = server.ws()
        host.send({"type": "hello"})
        host.expect("welcome")
        host.send({"type": "create_room"})
        room_id = host.expect("room_created")["room"]
        assert (
            ask(
                host,
                {
                    "type": "setup",
                    "profile": "draw",
                    "options": {"players": 2},
                    "seats": [{"kind": "phone"}, {"kind": "computer", "level": "easy"}],
                },
            )["type"]
            == "ok"
        )
        phone = server.ws()
        phone.send({"type": "hello", "room": room_id})
        phone.expect("welcome")
        phone.send({"type": "join", "seat": 0, "name": "Ana"})
        phone.expect("joined")
        start = ask(host, {"type": "start_round"})["version"]
        computer_moves = 0
        f = phone.view(start)
        for _ in range(60):
            view = f["view"]
            if view["phase"] != "play" or computer_moves >= 3:
                break
            if view["turn"] == 0:
                ask(phone, {"type": "act", "action": view["legal"][0], "version": f["version"]})
            else:
                computer_moves += 1  # nobody else acts: the next view is the computer's move
            f = phone.view(f["version"] + 1)
        assert computer_moves >= 1 or f["view"]["phase"] != "play"
        host.close()
        phone.close()
    finally:
        server.kill9()
