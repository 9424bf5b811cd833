"""The night's tournament on this server (docs/TOURNAMENT.md): one at a time, kept in memory,
stored whole at every change before it is acknowledged, so a server killed at any moment
comes back with every result it took.

The rules are `tabletop.tournament`'s pure functions; this module keeps the value, the server's
part of it (the game and options, which room is which table, each player's token hash, the
reports it refused) and moves it: it seats each round's tables (`Room.seat_tournament`) and
takes a table's result when its game ends (`table_changed`, from the room's commit).

Lock order: a room's lock, then `self.lock`; never a room's lock while holding `self.lock`.
Pairing (up to seconds for a long night) runs outside the lock, off the serving loop: in a
worker process of its own when served on gevent, started for each round and ended after it.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from typing import Any

import engine

from . import names, night_tables, pairing_worker, seats
from .cpu_worker import ProcessOffload
from .errors import Refused
from .offload import Offload, gevent_patched
from .tournament import (
    Result,
    Settings,
    Tournament,
    TournamentError,
    correct,
    from_data,
    join,
    new,
    paired_data,
    report,
    standings,
    to_data,
    withdraw,
)

log = logging.getLogger("tabletop.night")

MAX_ROUNDS = 20
MAX_ENTRANTS = 200
REFUSALS_KEPT = 50


def refused(error: TournamentError) -> Refused:
    return Refused(error.code, error.detail)


class Night:
    def __init__(self, tables):
        self.tables = tables
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.id: int | None = None
        self.t: Tournament | None = None
        self.info: dict[str, Any] = {}  # the server's part (see `_data`)
        self.seq = 0  # one more at every change: what a long poll waits on
        self.pairing = False
        self.cpu = pairing_offload() if gevent_patched() else Offload(1)

    # -- stored ----------------------------------------------------------------------------

    def _data(self, t: Tournament, info: dict) -> dict:
        return {"tournament": to_data(t), **info}

    def _save(self, t: Tournament, info: dict) -> None:
        """Store, then keep in memory: a refused write changes nothing."""
        assert self.id is not None
        self.tables.store.save_tournament(self.id, self._data(t, info))
        self.t, self.info = t, info
        self._bump()

    def _bump(self) -> None:
        self.seq += 1
        self.changed.notify_all()

    def restore(self) -> None:
        """The newest stored tournament; then the results of tables whose game ended while the
        server was down between the room's write and the tournament's (none is lost)."""
        found = self.tables.store.latest_tournament()
        if found is None:
            return
        tid, data = found
        try:
            t = from_data(data["tournament"])
        except (TournamentError, KeyError):
            log.exception("tournament %s could not be restored", tid)
            return
        self.id, self.t = tid, t
        self.info = {k: v for k, v in data.items() if k != "tournament"}
        self.seq = 1
        if t.current is None or self.info.get("closed"):
            return
        for table in t.current.tables:
            room = self.tables.rooms.get(self.info["tables"].get(str(table.number), ""))
            if room is not None and table.number not in t.current.results:
                with room.lock:
                    self.table_changed(room)

    # -- the director's ------------------------------------------------------------------

    def create(self, form: dict) -> None:
        """A new tournament from the director's form (see docs/PROTOCOL.md); the one before
        must be over or closed."""
        profile = form.get("profile")
        if profile not in engine.PROFILES:
            raise Refused("bad_profile", "unknown profile")
        try:
            options = engine.normalize_options(profile, form.get("options") or {})
            seat_count = night_tables.seat_count(profile, options)
        except (ValueError, TypeError, KeyError) as exc:
            raise Refused("bad_options", str(exc)[:200]) from None
        teams = night_tables.has_teams(profile, options)
        fmt = "pairs" if teams else "swiss"
        ending = form.get("ending", "game")
        if ending not in night_tables.ENDINGS:
            raise Refused("bad_settings", "a table reports at the end of its game or of one round")
        rounds = form.get("rounds")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
            raise Refused("bad_settings", f"rounds: 1 to {MAX_ROUNDS}")
        rooms = form.get("tables")
        if not isinstance(rooms, list) or not rooms or len(set(map(str, rooms))) != len(rooms):
            raise Refused("bad_settings", "tables: the rooms taking part, each once, table 1 first")
        for room_id in rooms:
            room = self.tables.rooms.get(room_id) if isinstance(room_id, str) else None
            if room is None or room.closed:
                raise Refused("no_room", f"no open table {room_id!r}")
        bye_points = form.get("bye_points")
        if bye_points is not None and (not isinstance(bye_points, int) or isinstance(bye_points, bool)):
            raise Refused("bad_settings", "bye_points: a whole number, or null for the median")
        try:
            t = new(
                Settings(
                    format=fmt,
                    seats=seat_count,
                    tables=len(rooms),
                    rounds=rounds,
                    partners=form.get("partners", "rotating") if teams else "fixed",
                    bye_wins=form.get("bye_wins", 1),
                    bye_points=bye_points,
                    seed=secrets.randbits(48),
                )
            )
        except TournamentError as exc:
            raise refused(exc) from None
        info = {
            "profile": profile,
            "options": options,
            "ending": ending,
            "tables": {str(i + 1): room_id for i, room_id in enumerate(rooms)},
            "players": {},  # entrant id -> token hash of each of its names
            "refused": [],  # the reports a table made that were refused, newest last
            "closed": False,
            "created": time.time(),
        }
        with self.lock:
            if self.t is not None and not self.info.get("closed"):
                raise Refused("tournament_running", "close the tournament being played first")
            tid = self.tables.store.create_tournament(self._data(t, info))
            self.id, self.t, self.info = tid, t, info
            self._bump()

    def close(self) -> None:
        """Closed: no more rounds or results; its tables are their own again."""
        with self.lock:
            t = self._current()
            if self.info.get("closed"):
                raise Refused("tournament_over", "this tournament is closed already")
            self._save(t, {**self.info, "closed": True})
            tid, rooms = self.id, [self.tables.rooms.get(r) for r in self.info["tables"].values()]
        for room in rooms:
            if room is not None:
                try:
                    room.end_tournament(tid)
                except Refused:
                    log.exception("room %s still shows the closed tournament", room.id)

    def withdraw(self, entrant: int) -> None:
        with self.lock:
            t = self._running()
            self._not_pairing()
            try:
                self._save(withdraw(t, entrant), self.info)
            except TournamentError as exc:
                raise refused(exc) from None

    def correct(self, round_no: int, table: int, points: list, winner: int, reason: str) -> None:
        result = Result(tuple(points), winner)
        with self.lock:
            t = self._current()
            try:
                self._save(correct(t, round_no, table, result, reason), self.info)
            except TournamentError as exc:
                raise refused(exc) from None

    def start_round(self) -> int:
        """Pair the next round (off the lock and the serving loop), store it, seat its tables.
        Returns the round's number."""
        with self.lock:
            t = self._running()
            self._not_pairing()
            if t.current is not None and not t.current.finished:
                raise Refused("round_not_finished", f"round {t.current.number} is still being played")
            if len(t.rounds) >= t.settings.rounds:
                raise Refused("no_more_rounds", "every round has been played")
            rooms = self._rooms()
            self.pairing = True
            self._bump()
        try:
            paired = from_data(self.cpu.run(paired_data, to_data(t)))
        except TournamentError as exc:
            raise refused(exc) from None
        finally:
            # once a round: its worker process is not kept between rounds
            if isinstance(self.cpu, ProcessOffload):
                self.cpu.release()
            with self.lock:
                self.pairing = False
                self._bump()
        with self.lock:
            if self.t is not t:  # nothing changes it while pairing; but a refusal is safe
                raise Refused("changed", "the tournament changed while it was paired; start again")
            self._save(paired, self.info)
            round_no = len(paired.rounds)
        self._seat(paired, rooms)
        return round_no

    def _seat(self, t: Tournament, rooms: dict) -> None:
        """Each table of the round is set up with its players in their seats, before the deal."""
        rnd = t.current
        assert rnd is not None
        seating = {x.number: (t.seating(x), night_tables.seat_holders(t, x)) for x in rnd.tables}
        players = self.info["players"]
        for number, (seat_names, holders) in seating.items():
            tag = {"id": self.id, "round": rnd.number, "table": number}
            hashes = [players[str(e)][i] for e, i in holders]
            known = self.info.get("regulars", {})
            regulars = [known.get(str(e)) if i == 0 else None for e, i in holders]
            try:
                rooms[number].seat_tournament(
                    tag, self.info["profile"], self.info["options"], seat_names, hashes, regulars
                )
            except Refused:
                log.exception("table %s could not be seated for round %s", number, rnd.number)

    def _rooms(self) -> dict:
        out = {}
        for number, room_id in self.info["tables"].items():
            room = self.tables.rooms.get(room_id)
            if room is None or room.closed:
                raise Refused("table_closed", f"table {number} is closed: open it again first")
            out[int(number)] = room
        return out

    def takes_part(self, room) -> bool:
        """The room is a table of the tournament being played (not closed): it is kept open."""
        with self.lock:
            return (
                self.t is not None and not self.info.get("closed") and room.id in self.info["tables"].values()
            )

    # -- the players' --------------------------------------------------------------------

    def enter(self, given: list[str], regular: int | None = None) -> tuple[int, list[str]]:
        """A player (or a fixed pair) enters: their entrant id and one token for each name.
        `regular`: the house's regular the first name is (their games count to them)."""
        with self.lock:
            t = self._running()
            self._not_pairing()
            if len(t.entrants) >= MAX_ENTRANTS:
                raise Refused("tournament_full", f"a tournament takes {MAX_ENTRANTS} entries")
            try:
                clean = [names.clean(n) if isinstance(n, str) else "" for n in given]
            except names.BadName as exc:
                raise Refused(exc.code, exc.detail) from None
            taken = [n for e in t.entrants for n in e.names]
            reserved = names.reserved_patterns(self.tables.settings.locales_dir)
            for i, name in enumerate(clean):
                bad = names.refusal(name, taken + clean[:i], reserved)
                if bad is not None:
                    raise Refused(bad.code, bad.detail)
            try:
                joined, entrant = join(t, *clean)
            except TournamentError as exc:
                raise refused(exc) from None
            tokens = [seats.new_token() for _ in clean]
            players = {**self.info["players"], str(entrant): [seats.token_hash(k) for k in tokens]}
            info = {**self.info, "players": players}
            if regular is not None:
                info["regulars"] = {**self.info.get("regulars", {}), str(entrant): regular}
            self._save(joined, info)
            return entrant, tokens

    def holder(self, token: str) -> tuple[int, int] | None:
        """The (entrant, name index) this token belongs to."""
        if not token:
            return None
        h = seats.token_hash(token)
        for entrant, hashes in self.info.get("players", {}).items():
            if h in hashes:
                return int(entrant), hashes.index(h)
        return None

    def merge_regular(self, regular: int, into: int) -> None:
        """The house merged `regular` into `into`: the entries that were `regular` are `into`'s."""
        with self.lock:
            known = self.info.get("regulars") or {}
            if self.t is None or regular not in known.values():
                return
            remapped = {e: into if r == regular else r for e, r in known.items()}
            self._save(self.t, {**self.info, "regulars": remapped})

    # -- the tables' ---------------------------------------------------------------------

    def table_changed(self, room) -> None:
        """From a tournament room's commit (its lock held): when its game is over as the
        tournament counts it, its result is reported, once. A refused report is kept for the
        director to see; it never stops the room (a result the disk did not take is read from
        the room again at the next start, or entered by the director)."""
        tag = room.meta.get("tournament")
        state = room.state
        if not tag or state is None or not night_tables.finished(state, self.info.get("ending", "game")):
            return
        with self.lock:
            t = self.t
            if t is None or tag.get("id") != self.id or self.info.get("closed"):
                return
            rnd = t.rounds[tag["round"] - 1] if 1 <= tag["round"] <= len(t.rounds) else None
            table = rnd.table(tag["table"]) if rnd else None
            key = [tag["round"], tag["table"], room.version]
            if any(r["key"] == key for r in self.info["refused"]):
                return  # the same change seen again (a restart): refused once is enough
            sides = len(table.sides) if table else 0
            try:
                result = night_tables.result_of(state, sides) if table else Result((), 0)
                self._save(report(t, tag["round"], tag["table"], result), self.info)
            except TournamentError as exc:
                if exc.code == "already_reported" and rnd and rnd.results.get(tag["table"]) == result:
                    return  # the same result again (a later change at the finished table)
                note = {"key": key, "round": tag["round"], "table": tag["table"], "code": exc.code}
                note["detail"] = exc.detail
                log.warning("table %s of round %s: result refused (%s)", tag["table"], tag["round"], exc.code)
                kept = [*self.info["refused"], note][-REFUSALS_KEPT:]
                try:
                    self._save(t, {**self.info, "refused": kept})
                except Exception:
                    log.exception("the refused result was not stored")
            except Exception:  # not stored (the disk): the room's move stands; a restart takes it
                log.exception("table %s of round %s: its result was not stored", tag["table"], tag["round"])

    # -- reading -------------------------------------------------------------------------

    def wait(self, after: int, timeout: float) -> None:
        """Until the tournament changed since `after` (a long poll), or `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while self.seq <= after:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                self.changed.wait(left)

    def snapshot(self) -> dict:
        """Everything a screen shows: settings, standings, every round's tables and results,
        corrections, refused reports. No token."""
        with self.lock:
            t, info, seq, pairing = self.t, self.info, self.seq, self.pairing
        if t is None:
            return {"tournament": None, "seq": seq}
        return {"tournament": public(t, info, self.tables), "seq": seq, "pairing": pairing}

    def me(self, token: str) -> dict:
        """A player's own page: who they are, their place, and where to sit this round."""
        with self.lock:
            t, info, seq = self.t, self.info, self.seq
            found = self.holder(token) if t is not None else None
        if t is None or found is None:
            raise Refused("bad_token", "this phone has no place in the tournament")
        entrant, index = found
        e = t.entrant(entrant)
        assert e is not None
        rows = standings(t)
        place = next((s.place for s in rows if s.entrant == entrant), None)
        out: dict[str, Any] = {
            "seq": seq,
            "entrant": entrant,
            "name": e.names[index],
            "withdrawn": e.withdrawn,
            "place": place,
            "players": len(rows),
            "round": None,
            "rounds": t.settings.rounds,
            "over": t.over or bool(info.get("closed")),
        }
        rnd = t.current
        if rnd is not None:
            out["round"] = {"number": rnd.number, "bye": entrant in rnd.byes, "table": None}
            for table in rnd.tables:
                holders = night_tables.seat_holders(t, table)
                if (entrant, index) in holders:
                    out["round"]["table"] = {
                        "number": table.number,
                        "seat": holders.index((entrant, index)),
                        "room": info["tables"][str(table.number)],
                        "done": table.number in rnd.results,
                    }
        return out

    # -- checks --------------------------------------------------------------------------

    def _running(self) -> Tournament:
        t = self._current()
        if self.info.get("closed") or t.over:
            raise Refused("tournament_over", "this tournament is over")
        return t

    def _current(self) -> Tournament:
        if self.t is None:
            raise Refused("no_tournament", "no tournament is being played")
        return self.t

    def _not_pairing(self) -> None:
        if self.pairing:
            raise Refused("pairing", "the next round is being paired; try again in a moment")

    def close_workers(self) -> None:
        self.cpu.close()


def pairing_offload() -> ProcessOffload:
    """Where a round is paired when served on gevent: a process that imports only the pure
    tournament package (tabletop/pairing_worker.py), at the computers' niceness."""
    return ProcessOffload(1, module=pairing_worker.MODULE, jobs=pairing_worker.JOBS)


def _result(r: Result | None) -> dict | None:
    return None if r is None else {"points": list(r.points), "winner": r.winner}


def public(t: Tournament, info: dict, tables) -> dict:
    """The tournament as the screens show it (no token hash)."""
    names_of = {e.id: list(e.names) for e in t.entrants}
    rooms = {int(n): rid for n, rid in info["tables"].items()}
    return {
        "profile": info["profile"],
        "options": info["options"],
        "ending": info["ending"],
        "format": t.settings.format,
        "partners": t.settings.partners if t.settings.format == "pairs" else None,
        "rounds": t.settings.rounds,
        "bye_wins": t.settings.bye_wins,
        "bye_points": t.settings.bye_points,
        "closed": bool(info.get("closed")),
        "over": t.over,
        "tables": [
            {"number": n, "room": rid, "name": _room_name(tables, rid)} for n, rid in sorted(rooms.items())
        ],
        "entrants": [{"id": e.id, "names": list(e.names), "withdrawn": e.withdrawn} for e in t.entrants],
        "standings": [
            {
                "place": s.place,
                "entrant": s.entrant,
                "names": list(s.names),
                "wins": s.wins,
                "difference": s.difference,
                "buchholz": s.buchholz,
                "head_to_head": s.head_to_head,
                "games": s.games,
                "byes": s.byes,
                "withdrawn": s.withdrawn,
            }
            for s in standings(t)
        ],
        "played": [
            {
                "number": r.number,
                "tables": [
                    {
                        "number": x.number,
                        "sides": [list(side) for side in x.sides],
                        "seats": list(t.seating(x)),
                        "result": _result(r.results.get(x.number)),
                    }
                    for x in r.tables
                ],
                "byes": [{"entrant": e, "names": names_of[e]} for e in r.byes],
                "finished": r.finished,
            }
            for r in t.rounds
        ],
        "corrections": [
            {
                "round": c.round,
                "table": c.table,
                "before": _result(c.before),
                "after": _result(c.after),
                "reason": c.reason,
            }
            for c in t.corrections
        ],
        "refused": [{k: v for k, v in r.items() if k != "key"} for r in info.get("refused", [])],
    }


def _room_name(tables, room_id: str) -> str | None:
    room = tables.rooms.get(room_id)
    return None if room is None or room.closed else room.name
