"""Join, a full Draw hand over real sockets, reconnect, forged tokens, stale versions, freeing seats."""

from __future__ import annotations

from conftest import ask, create_room, dealt_room, join, start

PHONES2 = [{"kind": "phone"}, {"kind": "phone"}]


def play_round(live, room_id, phones, host, pick=lambda legal: legal[0], limit=500):
    """Drive a round to its end: the seat to act (read from the table's view) plays `pick`."""
    room = live.tables.rooms[room_id]
    for _ in range(limit):
        table = host.view(room.version)
        view = table["view"]
        if view["phase"] != "play":
            return table
        seat = view["turn"]
        own = phones[seat].view(table["version"])
        assert own["view"]["seat"] == seat and own["view"]["legal"], own
        answer = ask(
            phones[seat], {"type": "act", "action": pick(own["view"]["legal"]), "version": own["version"]}
        )
        assert answer["type"] == "ok", answer
    raise AssertionError("round did not end")


def test_join_and_full_draw_hand(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0, "Ana")
    p1, t1 = join(client_factory, room_id, 1, "Bo")
    assert len(t0) >= 22 and t0 != t1  # ≥ 128 bits, url-safe
    v = start(host)
    v0 = p0.view(v)
    assert v0["view"]["seat"] == 0 and len(v0["view"]["hand"]) == 7
    table = host.view(v)
    assert table["view"]["hand"] is None and table["view"]["seat"] is None
    assert table["room"]["deals"][0]["seed"] is None and len(table["room"]["deals"][0]["commitment"]) == 64
    end = play_round(live, room_id, [p0, p1], host)
    assert end["view"]["phase"] in ("round_over", "game_over")
    assert end["view"]["reveal"] is not None
    deal = end["room"]["deals"][0]
    import hashlib

    assert isinstance(deal["seed"], str)  # 64 bits: no JavaScript number holds it
    assert hashlib.sha256(deal["seed"].encode()).hexdigest() == deal["commitment"]
    # the record can be downloaded once the round is over and replays to the same result
    import json
    import urllib.request

    req = urllib.request.Request(f"{live.url}/api/rooms/{room_id}/record")
    req.add_header("Authorization", f"Bearer {host_token}")
    rec = json.load(urllib.request.urlopen(req))
    from engine import deal_from_seed, replay

    assert replay(rec)["rounds"][0]["end"] in ("domino", "blocked")
    # the revealed seed turns back into the very deal that was played (the verifiable shuffle)
    again = deal_from_seed("draw", {"players": 2}, int(deal["seed"]))
    assert rec["rounds"][0]["hands"] == [[str(t) for t in h] for h in again.hands]
    assert rec["rounds"][0]["stock"] == [str(t) for t in again.stock]
    assert v0["view"]["hand"] == sorted(
        rec["rounds"][0]["hands"][0], key=lambda t: tuple(map(int, t.split("-")))
    )
    # nothing is stored but token hashes
    db = live.tables.store
    rows = db._db.execute("SELECT token_hash FROM seats").fetchall()
    assert {r[0] for r in rows} and t0 not in str(rows) and t1 not in str(rows)


def test_record_hidden_while_playing(live, client_factory):
    import urllib.error
    import urllib.request

    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    join(client_factory, room_id, 0)
    join(client_factory, room_id, 1)
    start(host)
    try:
        urllib.request.urlopen(f"{live.url}/api/rooms/{room_id}/record")
        raise AssertionError("record served during play")
    except urllib.error.HTTPError as e:
        assert e.code == 409


def test_reconnect_same_seat_full_view(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    p1, _ = join(client_factory, room_id, 1)
    v = start(host)
    before = p0.view(v)
    p0.close()
    again = client_factory()
    again.send({"type": "hello", "room": room_id, "token": t0})
    welcome = again.recv()
    assert welcome == {
        "type": "welcome",
        "role": "seat",
        "room": room_id,
        "seat": 0,
        "server": welcome["server"],
    }
    first = again.recv()
    assert first["type"] == "view" and first["view"]["hand"] == before["view"]["hand"]
    assert first["version"] == before["version"]


def test_forged_and_missing_tokens(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    forged = client_factory()
    forged.send({"type": "hello", "room": room_id, "token": t0[:-2] + ("AA" if t0[-2:] != "AA" else "BB")})
    forged.error("bad_token")
    assert forged.expect("welcome")["role"] == "guest"
    # a guest cannot act, and cannot steal a taken seat
    assert (
        ask(forged, {"type": "act", "action": {"seat": 0, "draw": True}, "version": 0})["code"]
        == "not_your_seat"
    )
    assert ask(forged, {"type": "join", "seat": 0, "name": "Thief"})["code"] == "seat_taken"
    assert ask(forged, {"type": "start_round"})["code"] == "not_host"
    fake_host = client_factory()
    fake_host.send({"type": "hello", "room": room_id, "host_token": "x" * 32})
    fake_host.error("bad_token")
    # a phone cannot act for the other seat
    p1, _ = join(client_factory, room_id, 1)
    v = start(host)
    turn = host.view(v)["view"]["turn"]
    other = p1 if turn == 0 else p0
    assert (
        ask(other, {"type": "act", "action": {"seat": turn, "draw": True}, "version": v})["code"]
        == "not_your_seat"
    )
    answer = ask(other, {"type": "act", "action": {"draw": True}, "version": v})
    assert answer["type"] == "error" and answer["code"] in ("not_your_turn", "illegal_action", "must_play")
    assert live.tables.rooms[room_id].version == v


def test_stale_version_gets_error_and_fresh_view(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    phones = [join(client_factory, room_id, s)[0] for s in (0, 1)]
    v = start(host)
    turn = host.view(v)["view"]["turn"]
    own = phones[turn].view(v)
    answer = ask(phones[turn], {"type": "act", "action": own["view"]["legal"][0], "version": v - 1})
    assert answer["code"] == "stale"
    fresh = phones[turn].view()
    assert fresh["version"] == v and fresh["view"]["legal"] == own["view"]["legal"]
    assert live.tables.rooms[room_id].version == v


def test_host_frees_a_seat(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    assert ask(host, {"type": "free_seat", "seat": 0})["type"] == "ok"
    assert p0.expect("welcome")["role"] == "guest"
    assert p0.view()["view"] is None
    again = client_factory()
    again.send({"type": "hello", "room": room_id, "token": t0})
    again.error("bad_token")
    newcomer, _ = join(client_factory, room_id, 0, "New")
    summary = host.until(lambda f: f["type"] == "view" and f["room"]["seats"][0]["name"] == "New")
    assert summary["room"]["seats"][0]["taken"]


def test_computer_seat_plays_and_pauses(live, client_factory):
    host, room_id, _ = create_room(
        client_factory, "draw", {"players": 2}, [{"kind": "phone"}, {"kind": "computer", "level": "easy"}]
    )
    p0, _ = join(client_factory, room_id, 0)
    room = live.tables.rooms[room_id]
    assert ask(host, {"type": "pause", "paused": True, "reason": "rules"})["type"] == "ok"
    v = start(host)
    if host.view(v)["view"]["turn"] == 1:
        import time

        time.sleep(0.3)
        assert room.version == v  # paused: the computer waits
    assert ask(host, {"type": "pause", "paused": False})["type"] == "ok"
    # the phone plays heaviest-first; the computer answers each move by itself
    f = p0.view(v)
    for _ in range(300):
        if f["view"]["phase"] != "play":
            break
        if f["view"]["turn"] == 0:
            answer = ask(p0, {"type": "act", "action": f["view"]["legal"][0], "version": f["version"]})
            assert answer["type"] == "ok" or answer["code"] == "stale", answer
        f = p0.view(f["version"] + 1)
    assert room.state.phase in ("round_over", "game_over")


def test_standin_plays_and_hands_seat_back(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, _ = join(client_factory, room_id, 0)
    p1, t1 = join(client_factory, room_id, 1)
    v = start(host)
    p1.close()
    room = live.tables.rooms[room_id]
    assert ask(host, {"type": "standin", "seat": 1, "level": "easy"})["type"] == "ok"
    assert room.meta["seats"][1]["standin"] == "easy"
    # seat 1's decisions are now made by the server; seat 0 keeps playing from its phone
    f = p0.view(v)
    for _ in range(100):
        if f["view"]["phase"] != "play" or f["version"] >= v + 4:
            break
        if f["view"]["turn"] == 0:
            ask(p0, {"type": "act", "action": f["view"]["legal"][0], "version": f["version"]})
        f = p0.view(f["version"] + 1)
    assert room.version >= v + 2
    # the phone comes back with its token: the computer hands the seat back
    back = client_factory()
    back.send({"type": "hello", "room": room_id, "token": t1})
    assert back.expect("welcome")["seat"] == 1
    assert back.view()["room"]["seats"][1]["standin"] is None
    assert room.meta["seats"][1]["standin"] is None


def test_host_reconnects_with_host_token(live, client_factory):
    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    host.close()
    again = client_factory()
    again.send({"type": "hello", "room": room_id, "host_token": host_token})
    assert again.expect("welcome")["role"] == "host"
    assert (
        ask(again, {"type": "setup", "profile": "block", "options": {"players": 2}, "seats": PHONES2})["type"]
        == "ok"
    )


def test_single_device_undo_redo_restart_new_game(live, client_factory):
    """Pass-and-play: the host socket acts for device seats and gets the acting seat's view;
    undo takes back a decision with the computer's reply, redo restores it; Restart is refused
    once two people have played (test_undo_secrecy has the rest of its rule)."""
    host, room_id, _ = create_room(
        client_factory,
        "draw",
        {"players": 3},
        [
            {"kind": "device", "name": "Ana"},
            {"kind": "computer", "level": "easy"},
            {"kind": "device", "name": "Bo"},
        ],
    )
    room = live.tables.rooms[room_id]
    v = start(host)
    # play device moves until a computer has replied at least once
    for _ in range(50):
        f = host.view(room.version)
        while f["version"] < room.version or (f["view"]["turn"] == 1 and f["view"]["phase"] == "play"):
            f = host.view(room.version + (1 if f["version"] >= room.version else 0))
        actions = room.match.rounds[-1].actions
        last = next((a for a in reversed(actions) if a.seat != 1), None)
        # enough played, and the last device decision a play (a person's draw is never undone)
        if f["view"]["phase"] != "play" or (f["version"] >= v + 4 and last and last.kind == "play"):
            break
        seat = f["device_seat"]
        assert seat in (0, 2) and f["device_view"]["seat"] == seat and f["view"]["hand"] is None
        legal = f["device_view"]["legal"]
        action = next((a for a in legal if "play" in a), legal[0])
        assert ask(host, {"type": "act", "action": action, "version": f["version"]})["type"] == "ok"
    assert f["view"]["phase"] == "play", "the round ended before the undo could be tried"
    assert (
        ask(host, {"type": "act", "action": {"seat": 1, "draw": True}, "version": room.version})["code"]
        == "not_your_seat"
    )
    actions_before = len(room.match.rounds[-1].actions)
    last_device = next(a.seat for a in reversed(room.match.rounds[-1].actions) if a.seat != 1)
    answer = ask(host, {"type": "undo", "seat": last_device})
    assert answer["type"] == "ok", answer
    assert len(room.match.rounds[-1].actions) < actions_before
    assert ask(host, {"type": "redo"})["type"] == "ok"
    assert len(room.match.rounds[-1].actions) >= actions_before
    # two people share the device and have played: replaying the deal would show each of them
    # tiles of the other's hand again, so Restart is refused and changes nothing
    played = list(room.match.rounds[-1].actions)
    assert host.view(room.version)["can_restart"] is False
    assert ask(host, {"type": "restart"})["code"] == "cannot_restart"
    assert room.match.rounds[-1].actions == played
    commitment = room.meta["deals"][-1]["commitment"]
    assert ask(host, {"type": "new_game"})["type"] == "ok"
    assert room.meta["deals"][-1]["commitment"] != commitment and room.state.round_no == 1


@__import__("pytest").mark.app_config(kiosk=True, pin="1", idle_close=0.3)
def test_idle_kiosk_table_returns_to_welcome(live, client_factory):
    host, room_id, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    f = host.until(lambda f: f["type"] == "error")
    assert f["code"] == "no_room"
    assert room_id not in live.tables.rooms
    # a room with a phone connected stays open
    host2, room2, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    join(client_factory, room2, 0)
    import time

    time.sleep(0.6)
    assert room2 in live.tables.rooms


def test_sockets_have_tcp_nodelay(live, client_factory):
    import socket

    host, room_id, _ = create_room(client_factory)
    conns = list(live.tables.rooms[room_id].members)
    assert conns and all(c.ws.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for c in conns)


def test_rooms_are_restored_from_the_store(live, client_factory, tmp_path):
    """A new app on the same data folder restores rooms, seats (by token) and the game; a new
    setup after a game is restored as a room without a game."""
    from tabletop.app import create_app
    from tabletop.settings import Settings

    host, room_id, host_token = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    p0, t0 = join(client_factory, room_id, 0)
    join(client_factory, room_id, 1)
    start(host)
    host2, room2, _ = create_room(client_factory, "draw", {"players": 2}, PHONES2)
    join(client_factory, room2, 0)
    join(client_factory, room2, 1)
    start(host2)
    assert (
        ask(host2, {"type": "setup", "profile": "block", "options": {"players": 2}, "seats": PHONES2})["type"]
        == "ok"
    )
    old = live.tables.rooms[room_id]
    app = create_app(Settings(data=str(tmp_path), computer_delay=0, idle_close=0))
    try:
        t = app.extensions["tabletop"]
        r = t.rooms[room_id]
        assert r.version == old.version and r.match.to_record() == old.match.to_record()
        assert r.tokens == old.tokens and r.host_hash == old.host_hash
        assert t.rooms[room2].match is None and t.rooms[room2].meta["profile"] == "block"
    finally:
        app.extensions["tabletop"].shutdown()


def test_computer_waits_mid_game_while_rules_or_results_are_open(live, client_factory):
    import time

    host, room, phones, v = dealt_room(
        live, client_factory, [{"kind": "phone"}, {"kind": "computer", "level": "easy"}]
    )
    p0 = phones[0]
    f = p0.view(v)
    while f["view"]["turn"] != 0:  # let the computer open if it leads
        f = p0.view(f["version"] + 1)
    # the table opens the Rules panel in the middle of the hand, then the phone makes its move
    assert ask(host, {"type": "pause", "paused": True, "reason": "rules"})["type"] == "ok"
    answer = ask(p0, {"type": "act", "action": f["view"]["legal"][0], "version": f["version"]})
    assert answer["type"] == "ok"
    moved = room.version
    if room.state.phase == "play" and room.state.turn == 1:
        time.sleep(0.5)
        assert room.version == moved  # the computer waits while the rules are open
        # a second screen pausing (a phone's results) keeps it waiting after the table resumes
        assert ask(p0, {"type": "pause", "paused": True, "reason": "results"})["type"] == "ok"
        assert ask(host, {"type": "pause", "paused": False})["type"] == "ok"
        time.sleep(0.5)
        assert room.version == moved
        assert ask(p0, {"type": "pause", "paused": False})["type"] == "ok"
        p0.view(moved + 1)  # resumed: the computer answers by itself
        assert room.version > moved
