"""A simulated night: `tabletop serve` (gevent, as served) in its own process, four table screens,
16 phones play a four-round individual Swiss of Draw (one round a table, the
first legal move each turn), the server SIGKILLed in the middle of round 2 and started again.
Every result acknowledged before the kill is kept; the standings, each round's pairings and
byes are checked against a plain reference of the rules (docs/TOURNAMENT.md) written here, and
nobody meets anybody twice. (Byes and latecomers: tests/server/test_night.py.)"""

from __future__ import annotations

import os
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations, count

import serverproc
from conftest import Client
from nightplay import api, ok, play_table, sit, table_screen

from tabletop.store import Store

PLAYERS, TABLES, SEATS, ROUNDS = 16, 4, 4, 4


# -- the reference: standings and pairings from the stored rounds, by the written rules ----------


def reference_standings(data: dict, rounds: list[dict]) -> list[int]:
    """Entrant ids in standings order after `rounds`: wins (a bye a win), points difference
    (a bye: the round's median winning margin, the lower middle), Buchholz, head-to-head, the
    draw order."""
    ids = [e["id"] for e in data["entrants"]]
    wins, diff = Counter(), Counter()
    faced: dict[int, list[tuple[int, bool]]] = {e: [] for e in ids}  # (opponent, won) per opponent
    for rnd in rounds:
        results = {r["table"]: r for r in rnd["results"]}
        margins = []
        for table in rnd["tables"]:
            r = results.get(table["number"])
            if r is None:
                continue
            points = r["points"]
            margins.append(sum(points[r["winner"]] - p for p in points))
            for i, side in enumerate(table["sides"]):
                for e in side:
                    won = i == r["winner"]
                    wins[e] += won
                    diff[e] += sum(points[i] - p for p in points)
                    for j, other in enumerate(table["sides"]):
                        if j != i:
                            faced[e] += [(o, won) for o in other]
        margins.sort()
        for e in rnd["byes"]:
            wins[e] += 1
            diff[e] += margins[(len(margins) - 1) // 2] if margins else 0
    buchholz = {e: sum(wins[o] for o, _ in faced[e]) for e in ids}
    level = {e: (wins[e], diff[e], buchholz[e]) for e in ids}
    h2h = {e: sum(won for o, won in faced[e] if level[o] == level[e]) for e in ids}
    draw = {e: i for i, e in enumerate(data["order"])}
    return sorted(ids, key=lambda e: (-wins[e], -diff[e], -buchholz[e], -h2h[e], draw[e]))


def reference_round(data: dict, before: list[dict]) -> tuple[list[int], list[list[int]]]:
    """The round after `before`: (byes in standings order, tables as lists of entrants)."""
    active = {e["id"] for e in data["entrants"] if not e["withdrawn"]}
    if before:
        ranked = [e for e in reference_standings(data, before) if e in active]
    else:  # round 1: the entrants, shuffled from the seed
        ranked = [e["id"] for e in data["entrants"]]
        random.Random(data["settings"]["seed"]).shuffle(ranked)
    tables = min(TABLES, len(ranked) // SEATS)
    had = Counter(e for r in before for e in r["byes"])
    out = sorted(ranked, key=lambda e: (had[e], -ranked.index(e)))[: len(ranked) - tables * SEATS]
    byes = [e for e in ranked if e in out]
    playing = [e for e in ranked if e not in out]
    met = Counter(
        frozenset(p) for r in before for x in r["tables"] for p in combinations([s[0] for s in x["sides"]], 2)
    )
    ahead = 0 if byes else ROUNDS - len(before) - 1
    return byes, fewest_repeats(playing, met, ahead)


def cost(group, met) -> int:
    return sum(met[frozenset(p)] for p in combinations(group, 2))


def groupings(rest, met, limit):
    """Every grouping of `rest` into tables of SEATS costing at most `limit`, in lexicographic
    order of places (each table led by the best-placed player left)."""
    if not rest:
        yield []
        return
    for companions in combinations(rest[1:], SEATS - 1):
        group = [rest[0], *companions]
        c = cost(group, met)
        if c <= limit:
            left = [e for e in rest[1:] if e not in companions]
            for more in groupings(left, met, limit - c):
                yield [group, *more]


def fresh_for(players, met, rounds) -> bool:
    """The same players can play `rounds` more rounds meeting nobody twice."""
    if rounds == 0:
        return True
    for grouping in groupings(players, met, 0):
        after = met + Counter(frozenset(p) for g in grouping for p in combinations(g, 2))
        if fresh_for(players, after, rounds - 1):
            return True
    return False


def fewest_repeats(playing, met, ahead):
    """The fewest repeats; among none, one that leaves the later rounds without repeats; then
    the first in order of places."""
    for limit in count():
        first = None
        for grouping in groupings(playing, met, limit):
            first = first or grouping
            if limit > 0 or not ahead:
                return grouping
            after = met + Counter(frozenset(p) for g in grouping for p in combinations(g, 2))
            if fresh_for(playing, after, ahead):
                return grouping
        if first is not None:
            return first


# -- the night ---------------------------------------------------------------------------------


def stored_tournament(data_dir) -> dict:
    store = Store(os.path.join(data_dir, "tabletop.sqlite3"))
    try:
        found = store.latest_tournament()
        assert found is not None
        return found[1]["tournament"]
    finally:
        store.close()


class Night:
    def __init__(self, data_dir):
        self.data_dir = data_dir
        port = serverproc.free_port()
        self.server = serverproc.Server(
            serverproc.tabletop_command(port, data_dir, "--computer-delay", "0"), port
        )
        self.clients: list[Client] = []

    def ws(self) -> Client:
        client = Client(f"ws://127.0.0.1:{self.server.port}/ws")
        self.clients.append(client)
        return client

    def api(self, method, path, body=None, token=None):
        return api(self.server.url, method, path, body, token=token)

    def seat_everyone(self, tokens) -> dict:
        """Each phone at its table this round: {table: {seat: client}}."""
        tables: dict = {}
        for token in tokens.values():
            where = ok(self.api("GET", "/me", token=token))["round"]["table"]
            if where is not None:
                phone, seat = sit(self.ws, where["room"], token)
                tables.setdefault(where["number"], {})[seat] = phone
        return tables

    def close(self):
        for c in self.clients:
            c.close()
        self.server.stop()


def test_a_night_of_swiss_draw_survives_sigkill(tmp_path):
    night = Night(tmp_path)
    try:
        rooms = [table_screen(night.ws, f"Table {i + 1}")[1] for i in range(TABLES)]
        form = {
            "profile": "draw",
            "options": {"players": SEATS},
            "rounds": ROUNDS,
            "ending": "round",
            "tables": rooms,
        }
        ok(night.api("POST", "", form))
        tokens = {}
        for i in range(PLAYERS):
            answer = ok(night.api("POST", "/players", {"name": f"Nina {chr(65 + i)}"}))
            tokens[answer["entrant"]] = answer["tokens"][0]

        for round_no in range(1, ROUNDS + 1):
            assert ok(night.api("POST", "/rounds", {})) == {"round": round_no}
            phones = night.seat_everyone(tokens)
            assert sorted(phones) == list(range(1, TABLES + 1))
            if round_no != 2:
                all_at_once(play_table, phones.values())
                continue
            # round 2: two tables finish, the third is dealt and played some, then SIGKILL
            all_at_once(play_table, [phones[1], phones[2]])
            three = phones[3]
            answer = night_deal(three)
            for _ in range(6):
                answer = one_move(three, answer)
            night.server.kill9()
            for c in night.clients:
                c.close()
            night.clients.clear()
            night.server.start()
            kept = ok(night.api("GET", ""))["tournament"]["played"][1]["tables"]
            assert [x["result"] is not None for x in kept] == [True, True, False, False]
            phones = night.seat_everyone(tokens)
            # table 3 goes on where it was; table 4 plays its round
            going = phones[3]

            def resume(p, going=going):
                return play_table(p, version=p[0].view()["version"] if p is going else None)

            all_at_once(resume, [going, phones[4]])

        final = ok(night.api("GET", ""))["tournament"]
        assert final["over"]
        stored = stored_tournament(tmp_path)
        rounds = stored["rounds"]
        assert all(len(r["results"]) == len(r["tables"]) for r in rounds)
        for n in range(ROUNDS):  # each round as the reference pairs it, from the rounds before
            byes, tables = reference_round(stored, rounds[:n])
            assert rounds[n]["byes"] == byes, n + 1
            assert [[s[0] for s in x["sides"]] for x in rounds[n]["tables"]] == tables, n + 1
        assert [r["byes"] for r in rounds] == [[]] * ROUNDS  # 16 fill the four tables every round
        assert [s["entrant"] for s in final["standings"]] == reference_standings(stored, rounds)
        met = Counter(
            frozenset(p)
            for r in rounds
            for x in r["tables"]
            for p in combinations([s[0] for s in x["sides"]], 2)
        )
        assert max(met.values()) == 1  # nobody met anybody twice
    finally:
        night.close()


def all_at_once(play, tables) -> None:
    """The tables play at the same time, as a night's do (each table's phones on one thread)."""
    with ThreadPoolExecutor(max_workers=TABLES) as pool:
        for done in [pool.submit(play, table) for table in tables]:
            done.result()


def night_deal(phones) -> int:
    phones[0].send({"type": "start_round", "ref": "deal"})
    reply = phones[0].take(lambda f: f.get("ref") == "deal")
    assert reply["type"] == "ok", reply
    return reply["version"]


def one_move(phones, version) -> int:
    frame = phones[0].view(version)
    seat = frame["view"]["turn"]
    own = phones[seat].view(version)
    phones[seat].send(
        {"type": "act", "action": own["view"]["legal"][0], "version": own["version"], "ref": "m"}
    )
    reply = phones[seat].take(lambda f: f.get("ref") == "m")
    assert reply["type"] == "ok", reply
    return reply["version"]
