"""The house's regulars (docs/PROTOCOL.md, "Regulars"): players who asked the table server to
remember them. A regular has a name, a colour and a mark; their phone holds a profile token (the
store keeps only its hash); a seat taken with it counts each finished round and decided game to
their statistics, read back as the house's leaderboard per game, tonight and all time.

Nothing is kept about a guest who sat down without a profile: only seats marked with a regular's
id are counted. The owner renames, merges and deletes regulars (behind the PIN in kiosk mode); a
deletion removes their names from every stored room, game record and tournament (the games stay,
each seat they held named "Seat N", each tournament entry "Player N").

This module keeps no game rule: a round's points are read from the engine's scores as the
evening's list reads a match (`evening.entry`).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from typing import Any

import orjson

import engine

from . import evening, names, seats
from .errors import Refused
from .jsontext import text as json_text
from .tournament import from_data, to_data

log = logging.getLogger("tabletop.regulars")

COLOURS = 10  # the screens' seat colours and marks (web/js/parts/seatlook.js), by index
MARKS = 10
NIGHT_STARTS = 6  # "tonight" is everything since 06:00 local time (a night ends at dawn)
WHEN = ("tonight", "all")


def tonight_since(now: float | None = None) -> float:
    """When tonight began: the last 06:00 local time at or before `now`."""
    now = time.time() if now is None else now
    t = time.localtime(now)
    start = time.mktime((t.tm_year, t.tm_mon, t.tm_mday, NIGHT_STARTS, 0, 0, 0, 0, -1))
    return start if start <= now else start - 86400  # (a DST night is an hour off: harmless)


def lower_is_better(profile: str) -> bool:
    """A game counted in pips left (Mexican Train): the fewest points are the best."""
    try:
        return engine.profiles.get_profile(profile).score_kind == "pips"
    except (KeyError, ValueError):
        return False


class Regulars:
    def __init__(self, tables):
        self.tables = tables
        self.store = tables.store
        self.noted: dict[str, str] = {}  # room id -> the last deal whose results were written
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.seq = 0  # one more whenever the leaderboard may have changed (a long poll waits on it)

    def _bump(self) -> None:
        with self.lock:
            self.seq += 1
            self.changed.notify_all()

    def wait(self, after: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        with self.lock:
            while self.seq <= after:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                self.changed.wait(left)

    # -- the players' ----------------------------------------------------------------------

    def _checked(self, name: Any, colour: Any, mark: Any) -> tuple[str, int, int]:
        if not isinstance(name, str):
            raise Refused("bad_profile_form", "name: a string")
        try:
            clean = names.clean(name)
        except names.BadName as exc:
            raise Refused(exc.code, exc.detail) from None
        bad = names.refusal(clean, [], names.reserved_patterns(self.tables.settings.locales_dir))
        if bad is not None:
            raise Refused(bad.code, bad.detail)
        for value, count, what in ((colour, COLOURS, "colour"), (mark, MARKS, "mark")):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < count:
                raise Refused("bad_profile_form", f"{what}: a whole number from 0 to {count - 1}")
        return clean, colour, mark

    def create(self, name: Any, colour: Any, mark: Any) -> tuple[str, dict]:
        """A new regular: the phone's profile token and what the phone shows."""
        clean, colour, mark = self._checked(name, colour, mark)
        token = seats.new_token()
        rid = self.store.create_regular(clean, names.key(clean), colour, mark, seats.token_hash(token))
        return token, {"id": rid, "name": clean, "colour": colour, "mark": mark}

    def holder(self, token: Any) -> dict | None:
        """The regular whose phone holds this profile token, or None."""
        if not isinstance(token, str) or not token or len(token) > 128:
            return None
        return self.store.regular_of_token(seats.token_hash(token))

    def known(self, token: Any) -> dict:
        found = self.holder(token)
        if found is None:
            raise Refused("bad_regular", "this phone's profile is not known here (it may have been deleted)")
        return found

    def me(self, token: Any) -> dict:
        """A phone's own profile and statistics, per game: all time and tonight."""
        regular = self.known(token)
        return {
            "regular": regular,
            "stats": self.stats(regular["id"], 0.0),
            "tonight": self.stats(regular["id"], tonight_since()),
        }

    def update(self, regular: int, name: Any, colour: Any, mark: Any) -> dict:
        clean, colour, mark = self._checked(name, colour, mark)
        self.store.update_regular(regular, clean, names.key(clean), colour, mark)
        self._bump()
        return {"id": regular, "name": clean, "colour": colour, "mark": mark}

    # -- statistics ------------------------------------------------------------------------

    def stats(self, regular: int, since: float) -> list[dict]:
        rows = self.store.regular_stats(since=since, regular=regular)
        return sorted((_line(r) for r in rows), key=lambda s: (-s["games"], s["profile"]))

    def leaderboard(self, profile: str, when: str) -> dict:
        """The house's leaderboard of one game: most wins first, then the better average, then
        more games, then the name."""
        if profile not in engine.PROFILES:
            raise Refused("bad_profile", "unknown game")
        if when not in WHEN:
            raise Refused("bad_request", "when: tonight or all")
        since = tonight_since() if when == "tonight" else 0.0
        low = lower_is_better(profile)
        lines = [_line(r) for r in self.store.regular_stats(since=since, profile=profile)]
        lines = [x for x in lines if x["games"] or x["rounds"]]

        def order(x):
            avg = x["average"] if x["average"] is not None else (float("inf") if low else float("-inf"))
            return (-x["wins"], avg if low else -avg, -x["games"], names.key(x["name"]))

        lines.sort(key=order)
        place = 0
        for i, x in enumerate(lines):
            if i == 0 or order(x)[:3] != order(lines[i - 1])[:3]:
                place = i + 1
            x["place"] = place
        return {"profile": profile, "when": when, "lower_is_better": low, "rows": lines, "seq": self.seq}

    def games_played(self) -> list[str]:
        """The games with results kept, most played first (the leaderboard's choice)."""
        counts: dict[str, int] = {}
        for r in self.store.regular_stats():
            counts[r[4]] = counts.get(r[4], 0) + (r[5] or 0) + (r[8] or 0)
        return sorted(counts, key=lambda p: (-counts[p], p))

    # -- the tables' -----------------------------------------------------------------------

    def room_changed(self, room) -> None:
        """From a room's commit (its lock held): a round just finished at a table where regulars
        sit is written to their statistics, once (a decided game too). A failed write is logged,
        never refused: the table's move stands."""
        state = room.state
        # a seat a computer stands in for at the round's end is not the regular's round
        seated = [
            (i, s["regular"])
            for i, s in enumerate(room.meta["seats"])
            if s.get("regular") and not s.get("standin")
        ]
        if not seated or not evening.between_rounds(state) or state.result is None:
            return
        deals = room.meta.get("deals") or []
        deal = f"{room.id}:{deals[-1].get('commitment') if deals else state.round_no}"
        if self.noted.get(room.id) == deal:
            return
        profile = room.meta.get("profile")
        line = evening.entry(state, room.meta)
        before, after = list(state.ctx.scores), list(state.scores)
        result = state.result
        now = time.time()
        rows = []
        for seat, rid in seated:
            k = seat if len(after) == len(line["names"]) else seat % len(after)
            got = after[k] - (before[k] if k < len(before) else 0)
            won = result.get("winner") == seat or (
                result.get("team") is not None and result["team"] == seat % 2
            )
            name = line["names"][seat]
            rows.append((rid, deal, "round", profile, name, int(got), int(won), now))
            if evening.match_over(state):
                rows.append(
                    (
                        rid,
                        deal,
                        "match",
                        profile,
                        name,
                        int(line["points"][seat]),
                        int(seat in line["winners"]),
                        now,
                    )
                )
        try:
            self.store.add_regular_results(rows)
        except Exception:
            log.exception("room %s: the regulars' results of %s were not stored", room.id, deal)
            return
        self.noted[room.id] = deal
        self._bump()

    # -- the owner's -----------------------------------------------------------------------

    def listing(self) -> list[dict]:
        return self.store.regulars()

    def _exists(self, regular: Any) -> dict:
        if not isinstance(regular, int) or isinstance(regular, bool):
            raise Refused("no_regular", "no such regular")
        found = next((r for r in self.store.regulars() if r["id"] == regular), None)
        if found is None:
            raise Refused("no_regular", f"no regular {regular}")
        return found

    def rename(self, regular: Any, name: Any) -> dict:
        found = self._exists(regular)
        return self.update(found["id"], name, found["colour"], found["mark"])

    def merge(self, regular: Any, into: Any) -> None:
        """`regular` is the same person as `into`: their phones and results become `into`'s."""
        self._exists(regular)
        self._exists(into)
        if regular == into:
            raise Refused("merge_self", "a regular cannot be merged into themselves")
        self.store.merge_regulars(regular, into)
        try:  # tonight's tournament entries count to `into` too
            self.tables.night.merge_regular(regular, into)
        except Exception:  # not stored: those entries' games are not counted (logged)
            log.exception("the tournament's entries of regular %s still name them", regular)
        for room in list(self.tables.rooms.values()):  # their seats count to `into` from now on
            with room.lock:
                for s in room.meta["seats"]:
                    if s.get("regular") == regular:
                        s["regular"] = into
                with contextlib.suppress(Exception):  # kept in memory; stored at its next change
                    room._save_meta()
        self._bump()

    def delete(self, regular: Any) -> None:
        """The regular and everything kept of them go; every name they were known by or played
        under is taken out of the stored rooms, game records and tournaments (the games stay).
        All in one transaction, with every room held still: a refusal changes nothing."""
        self._exists(regular)
        spelled = self.store.regular_names(regular)
        keys = {names.key(n) for n in spelled}
        t = self.tables
        rooms = sorted((r for r in list(t.rooms.values()) if not r.closed), key=lambda r: r.id)
        with contextlib.ExitStack() as held:
            for room in rooms:  # a room's lock, then the night's (the lock order)
                held.enter_context(room.lock)
            held.enter_context(t.night.lock)
            t.store.delete_regular(regular, lambda db: _anonymise_stored(db, keys, regular, spelled))
            for room in rooms:  # the same in memory: what the rooms and the night write next
                _anonymise_room(room, keys, regular)
            if t.night.t is not None:
                data = anonymised_tournament({"tournament": to_data(t.night.t)}, keys)
                if data is not None:
                    t.night.t = from_data(data["tournament"])
                    t.night._bump()
            for room in rooms:
                room._notify()
        self.noted.clear()
        self._bump()


def _anonymise_stored(db, keys: set, regular: int, spelled: list[str]) -> None:
    """Every stored room, game record and tournament rewritten without the names in `keys`.
    Only the records whose text holds one of the names as `spelled` (ASCII letters in either case,
    as SQLite's LIKE) are read: a long-open table server's thousands of games are not parsed
    while its rooms wait (measured in docs/BENCHMARKS.md)."""
    for rid, meta in db.execute("SELECT id, meta FROM rooms").fetchall():
        new = anonymised_meta(orjson.loads(meta), keys, regular)
        if new is not None:
            db.execute("UPDATE rooms SET meta = ? WHERE id = ?", (json_text(new), rid))
    inside = [_like(json_text(n)[1:-1]) for n in spelled]  # as the JSON text writes it
    for table, column, rewrite in (
        ("games", "record", anonymised_record),
        ("tournaments", "data", anonymised_tournament),
    ):
        holds = " OR ".join(f"{column} LIKE ? ESCAPE '\\'" for _ in inside) or "0"
        found = db.execute(f"SELECT id, {column} FROM {table} WHERE {holds}", inside).fetchall()  # noqa: S608
        for row_id, text in found:
            new = rewrite(orjson.loads(text), keys)
            if new is not None:
                db.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", (json_text(new), row_id))  # noqa: S608


def _like(text: str) -> str:
    """A LIKE pattern that finds `text` anywhere (its own % and _ taken as they are)."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _anonymise_room(room, keys: set, regular: int) -> None:
    """A live room's meta, record and match without the names in `keys` (its lock held)."""
    meta = anonymised_meta(room.meta, keys, regular)
    if meta is not None:
        room.meta = meta
    if room.record is not None:
        record = anonymised_record(room.record, keys)
        if record is not None:
            room.record = record
    if room.match is not None:
        seats_now = anonymised_record({"seats": room.match.seats}, keys, always=True)
        assert seats_now is not None
        room.match.seats = seats_now["seats"]


def _line(row) -> dict:
    rid, name, colour, mark, profile, games, wins, average, rounds, best, worst = row
    low = lower_is_better(profile)
    return {
        "regular": rid,
        "name": name,
        "colour": colour,
        "mark": mark,
        "profile": profile,
        "games": games or 0,
        "wins": wins or 0,
        "average": None if average is None else round(average, 1),
        "rounds": rounds or 0,
        "best_round": worst if low else best,
    }


# -- anonymising: each returns the changed copy, or None when nothing named them -----------------


def anonymised_meta(meta: dict, keys: set, regular: int) -> dict | None:
    """A room's meta with the seats and tonight's matches that named them as "Seat N"."""
    changed = False
    out = dict(meta)
    new_seats = []
    for i, s in enumerate(meta.get("seats") or []):
        if s.get("regular") == regular or (s.get("name") and names.key(s["name"]) in keys):
            s = {**s, "name": f"Seat {i + 1}", "regular": None}
            changed = True
        new_seats.append(s)
    out["seats"] = new_seats
    tonight = []
    for m in meta.get("tonight") or []:
        given = m.get("names") or []
        named = [f"Seat {i + 1}" if n and names.key(n) in keys else n for i, n in enumerate(given)]
        changed |= named != given
        tonight.append({**m, "names": named})
    if "tonight" in meta:
        out["tonight"] = tonight
    return out if changed else None


def anonymised_record(record: dict, keys: set, always: bool = False) -> dict | None:
    """A game record with the seats that named them as "Seat N"."""
    given = record.get("seats")
    if not isinstance(given, list):
        return record if always else None
    new = [
        {**s, "name": f"Seat {i + 1}"}
        if isinstance(s, dict) and s.get("name") and names.key(s["name"]) in keys
        else s
        for i, s in enumerate(given)
    ]
    if new == given and not always:
        return None
    return {**record, "seats": new}


def anonymised_tournament(data: dict, keys: set) -> dict | None:
    """A stored tournament with the entries that named them as "Player N"."""
    t = data.get("tournament") or {}
    changed = False
    entrants = []
    for e in t.get("entrants") or []:
        given = list(e.get("names") or [])
        named = [
            (f"Player {e['id']}" if j == 0 else f"Player {e['id']}-{j + 1}") if names.key(n) in keys else n
            for j, n in enumerate(given)
        ]
        changed |= named != given
        entrants.append({**e, "names": named})
    if not changed:
        return None
    return {**data, "tournament": {**t, "entrants": entrants}}
