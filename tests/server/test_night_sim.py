"""Simulated nights: `tabletop serve` (gevent, as served) in its own process, the table screens
and the phones over websockets play four rounds (one round a table, the first legal move each
turn), the server SIGKILLed in the middle of round 2 and started again: 16 players in an
individual Swiss of Draw at four tables, and 12 in rotating pairs of Six-Love at three.
Every result acknowledged before the kill is kept; the standings, each round's pairings and
byes are checked against a plain reference of the rules (docs/TOURNAMENT.md) written here;
nobody meets anybody twice (Draw), nobody partners anybody twice (Six-Love). (Byes and
latecomers: tests/server/test_night.py.)"""

from __future__ import annotations

import os
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations, count

import pytest
import serverproc
from conftest import Client
from nightplay import api, ok, play_table, sit, table_screen

from tabletop.store import Store

SEATS, ROUNDS = 4, 4
SPLITS = (((0, 3), (1, 2)), ((0, 2), (1, 3)), ((0, 1), (2, 3)))  # a b c d: a+d v b+c, a+c v b+d, a+b v c+d


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


def reference_round(data: dict, before: list[dict]) -> tuple[list[int], list[list[list[int]]]]:
    """The round after `before`: (byes in standings order, tables as lists of sides)."""
    tables_taking_part = data["settings"]["tables"]
    rotating = data["settings"]["format"] == "pairs"
    active = {e["id"] for e in data["entrants"] if not e["withdrawn"]}
    if before:
        ranked = [e for e in reference_standings(data, before) if e in active]
    else:  # round 1: the entrants, shuffled from the seed
        ranked = [e["id"] for e in data["entrants"]]
        random.Random(data["settings"]["seed"]).shuffle(ranked)
    tables = min(tables_taking_part, len(ranked) // SEATS)
    had = Counter(e for r in before for e in r["byes"])
    out = sorted(ranked, key=lambda e: (had[e], -ranked.index(e)))[: len(ranked) - tables * SEATS]
    byes = [e for e in ranked if e in out]
    playing = [e for e in ranked if e not in out]
    met, partnered = Counter(), Counter()
    for r in before:
        for x in r["tables"]:
            sides = x["sides"]
            partnered.update(frozenset(p) for side in sides for p in combinations(side, 2))
            met.update(
                frozenset((a, b))
                for i, one in enumerate(sides)
                for other in sides[i + 1 :]
                for a in one
                for b in other
            )
    if rotating:  # a partner again weighs more than all the round's repeated meetings
        weight = 1 + 4 * (len(playing) // 4) * max(1, len(before))

        def split(group):
            options = []
            for sides in SPLITS:
                pairs = [[group[i] for i in side] for side in sides]
                c = weight * sum(partnered[frozenset(p)] for p in pairs)
                c += sum(met[frozenset((a, b))] for a in pairs[0] for b in pairs[1])
                options.append((c, pairs))
            return min(options, key=lambda o: o[0])  # the first of the cheapest

        grouping = fewest_repeats(playing, lambda g: split(g)[0], 0)
        return byes, [split(g)[1] for g in grouping]
    ahead = 0 if byes else ROUNDS - len(before) - 1
    grouping = fewest_repeats(playing, lambda g: cost(g, met), ahead, met)
    return byes, [[[e] for e in g] for g in grouping]


def cost(group, met) -> int:
    return sum(met[frozenset(p)] for p in combinations(group, 2))


def groupings(rest, judge, limit):
    """Every grouping of `rest` into tables of SEATS costing at most `limit` (`judge`: a table's
    cost), in lexicographic order of places (each table led by the best-placed player left)."""
    if not rest:
        yield []
        return
    for companions in combinations(rest[1:], SEATS - 1):
        group = [rest[0], *companions]
        c = judge(group)
        if c <= limit:
            left = [e for e in rest[1:] if e not in companions]
            for more in groupings(left, judge, limit - c):
                yield [group, *more]


def fresh_for(players, met, rounds) -> bool:
    """The same players can play `rounds` more rounds meeting nobody twice."""
    if rounds == 0:
        return True
    for grouping in groupings(players, lambda g: cost(g, met), 0):
        after = met + Counter(frozenset(p) for g in grouping for p in combinations(g, 2))
        if fresh_for(players, after, rounds - 1):
            return True
    return False


def fewest_repeats(playing, judge, ahead, met=None):
    """The fewest repeats; among none, one that leaves the later rounds without repeats
    (individual, `ahead` rounds); then the first in order of places."""
    for limit in count():
        first = None
        for grouping in groupings(playing, judge, limit):
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


NIGHTS = {
    # 16 players, individual Swiss of Draw at four tables of four: nobody meets anybody twice
    "swiss-draw": ({"profile": "draw", "options": {"players": SEATS}}, 16, 4),
    # 12 players in rotating pairs of Six-Love at three tables: nobody partners anybody twice
    "rotating-six-love": ({"profile": "six-love", "partners": "rotating"}, 12, 3),
}


@pytest.mark.parametrize("kind", sorted(NIGHTS))
def test_a_night_survives_sigkill_in_round_2(tmp_path, kind):
    game, players, tables = NIGHTS[kind]
    night = Night(tmp_path)
    try:
        rooms = [table_screen(night.ws, f"Table {i + 1}")[1] for i in range(tables)]
        ok(night.api("POST", "", {**game, "rounds": ROUNDS, "ending": "round", "tables": rooms}))
        tokens = {}
        for i in range(players):
            answer = ok(night.api("POST", "/players", {"name": f"Nina {chr(65 + i)}"}))
            tokens[answer["entrant"]] = answer["tokens"][0]

        for round_no in range(1, ROUNDS + 1):
            assert ok(night.api("POST", "/rounds", {})) == {"round": round_no}
            phones = night.seat_everyone(tokens)
            assert sorted(phones) == list(range(1, tables + 1))
            if round_no != 2:
                all_at_once(play_table, list(phones.values()))
                continue
            # round 2: the first tables finish, the last but one is dealt and played some, SIGKILL
            all_at_once(play_table, [phones[n] for n in range(1, tables - 1)])
            going = phones[tables - 1]
            version = night_deal(going)
            for _ in range(6):
                version = one_move(going, version)
            night.server.kill9()
            for c in night.clients:
                c.close()
            night.clients.clear()
            night.server.start()
            kept = ok(night.api("GET", ""))["tournament"]["played"][1]["tables"]
            assert [x["result"] is not None for x in kept] == [n < tables - 1 for n in range(1, tables + 1)]
            phones = night.seat_everyone(tokens)
            going = phones[tables - 1]  # it goes on where it was; the last table plays its round

            def resume(p, going=going):
                return play_table(p, version=p[0].view()["version"] if p is going else None)

            all_at_once(resume, [going, phones[tables]])

        final = ok(night.api("GET", ""))["tournament"]
        assert final["over"]
        stored = stored_tournament(tmp_path)
        rounds = stored["rounds"]
        assert all(len(r["results"]) == len(r["tables"]) for r in rounds)
        for n in range(ROUNDS):  # each round as the reference pairs it, from the rounds before
            byes, seated = reference_round(stored, rounds[:n])
            assert rounds[n]["byes"] == byes, n + 1
            assert [x["sides"] for x in rounds[n]["tables"]] == seated, n + 1
        assert [r["byes"] for r in rounds] == [[]] * ROUNDS  # the players fill the tables every round
        assert [s["entrant"] for s in final["standings"]] == reference_standings(stored, rounds)
        together = Counter()  # individual: who met; pairs: who partnered
        for r in rounds:
            for x in r["tables"]:
                group = [s[0] for s in x["sides"]] if kind == "swiss-draw" else None
                together.update(
                    [frozenset(p) for p in combinations(group, 2)] if group else map(frozenset, x["sides"])
                )
        assert max(together.values()) == 1
    finally:
        night.close()


def all_at_once(play, tables: list) -> None:
    """The tables play at the same time, as a night's do (each table's phones on one thread)."""
    with ThreadPoolExecutor(max_workers=len(tables)) as pool:
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
