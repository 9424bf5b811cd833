"""Helpers for the night's tournament over a real server: the HTTP API, the table screens and
the phones that play their tables with scripted moves (the first legal action)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from conftest import ask


def http_json(base: str, method: str, path: str, body=None, pin: str | None = None, token: str | None = None):
    """(status, JSON answer) of one request to `path` of the server at `base` (PIN and bearer
    token as the pages send them)."""
    headers = {"Content-Type": "application/json"}
    if pin:
        headers["X-Pin"] = pin
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"{base}{path}", data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def api(base: str, method: str, path: str, body=None, pin: str | None = None, token: str | None = None):
    """(status, JSON answer) of one request to `/api/tournament<path>`."""
    return http_json(base, method, f"/api/tournament{path}", body, pin, token)


def ok(answer):
    status, body = answer
    assert status in (200, 201), body
    return body


def table_screen(make, name: str):
    """A table screen with a room of its own (no game yet): (client, room id, host token)."""
    host = make()
    host.send({"type": "hello"})
    host.expect("welcome", role="lobby")
    host.send({"type": "create_room", "name": name})
    created = host.expect("room_created")
    host.expect("welcome", role="host")
    return host, created["room"], created["host_token"]


def sit(make, room: str, token: str):
    """A phone at its tournament seat: `hello` with its tournament token. Returns (client, seat)."""
    phone = make()
    phone.send({"type": "hello", "room": room, "token": token})
    welcome = phone.expect("welcome")
    assert welcome["role"] == "seat", welcome
    return phone, welcome["seat"]


def play_table(phones: dict, version: int | None = None, limit: int = 2000) -> dict:
    """The table's phones ({seat: client}) play its round out with the first legal action; the
    captain (seat 0) deals first when `version` is None. Returns the last view frame."""
    if version is None:
        answer = ask(phones[0], {"type": "start_round"})
        assert answer["type"] == "ok", answer
        version = answer["version"]
    for _ in range(limit):
        frame = phones[0].view(version)
        view = frame["view"]
        if view["phase"] != "play":
            return frame
        seat = view["turn"]
        own = phones[seat].view(version)
        answer = ask(
            phones[seat], {"type": "act", "action": own["view"]["legal"][0], "version": own["version"]}
        )
        assert answer["type"] == "ok", answer
        version = answer["version"]
    raise AssertionError("the round did not end")


def seated_phones(make, base: str, tokens: dict) -> dict:
    """Every player's phone at its table this round: {table number: {seat: client}}."""
    tables: dict = {}
    for token in tokens.values():
        me = ok(api(base, "GET", "/me", token=token))
        where = me["round"]["table"]
        if where is None:
            continue
        phone, seat = sit(make, where["room"], token)
        assert seat == where["seat"]
        tables.setdefault(where["number"], {})[seat] = phone
    return tables
