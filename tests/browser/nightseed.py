"""A night's tournament seeded on a live server for the browser tests and the screenshots: table
rooms opened by the server, players entered, rounds paired, and results as tables would report
them (through the tournament's own `report`, stored as the server stores every change)."""

from __future__ import annotations

import json
import random
import urllib.request

from tabletop.tournament import Result, report

NAMES = [
    "Ana", "Bo", "Chidi", "Dewi", "Émile", "Farah", "Gunnar", "Hana", "Ibrahim", "Joanna", "Kai",
    "Lars Erik", "Mei", "Nadia", "Oskar", "Putri", "Quentin", "Rahmat", "Sigrid", "Tomás",
    "Ursula", "Viktor", "Wulan", "Xavier", "Yusuf", "Zainab", "Aleksander", "Bénédicte",
    "Cahaya Ramadhani", "Dagny", "Esperanza", "Fitzgerald",
]  # fmt: skip


def post(base: str, path: str, body: dict, pin: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"X-Pin": pin} if pin else {})}
    req = urllib.request.Request(
        f"{base}/api/tournament{path}", json.dumps(body).encode(), headers, method="POST"
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def open_tables(server, count: int) -> list[str]:
    tables = server.app.extensions["tabletop"]
    return [tables.create_room(f"Table {i + 1}")[0].id for i in range(count)]


def new_night(
    server, players: int, tables: int, profile="draw", options=None, rounds=4, pin=None, rooms=()
) -> dict:
    """`rooms`: table screens' rooms, tables 1, 2...; the server opens the others. Returns
    {entrant id: token}."""
    rooms = [*rooms, *open_tables(server, tables - len(rooms))]
    form = {"profile": profile, "options": options or {"players": 4}, "rounds": rounds, "tables": rooms}
    post(server.url, "", form, pin)
    tokens = {}
    for name in NAMES[:players]:
        answer = post(server.url, "/players", {"name": name})
        tokens[answer["entrant"]] = answer["tokens"][0]
    return tokens


def finish_tables(server, count: int | None = None, seed: int = 1) -> None:
    """The first `count` unfinished tables of the round report a result, as a finished game would."""
    night = server.app.extensions["tabletop"].night
    rng = random.Random(seed)
    with night.lock:
        t = night.t
        rnd = t.current
        left = [x for x in rnd.tables if x.number not in rnd.results]
        for table in left[:count]:
            points = tuple(rng.randrange(0, 60) for _ in table.sides)
            winner = max(range(len(points)), key=lambda i: points[i])
            t = report(t, rnd.number, table.number, Result(points, winner))
        night._save(t, night.info)
