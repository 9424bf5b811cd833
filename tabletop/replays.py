"""Finished rounds to replay: the games this room has played (from the store) and one round's
positions, each with every hand face up (`engine.round_steps`). The server only finds the record and
checks who asks; the positions are the engine's.

Who may see what: the table's host token opens every finished round of the room; a phone's seat
token only the rounds that token played, a second screen's watch token (handed out in its
`welcome`) only the rounds it was showing while they were played (`Store.witnessed`); anything
else is refused. A round still being played is never handed out, to anyone.
"""

from __future__ import annotations

import logging
import secrets

from engine.record import RecordError
from engine.round_steps import finished_rounds, round_steps

from . import seats
from .errors import Refused

log = logging.getLogger("tabletop.replays")


class Viewer:
    """Who asks: the table (`seen` None: every round) or a phone (`seen`: its (game, round)s)."""

    def __init__(self, seen: set | None):
        self.seen = seen

    def may_see(self, game: int, round_no: int) -> bool:
        return self.seen is None or (game, round_no) in self.seen


def viewer(room, token: str | None) -> Viewer:
    """The host token or a seat token of this room (raises `bad_token` otherwise)."""
    if not token:
        raise Refused("bad_token", "replays need the table's token or a seat's")
    if secrets.compare_digest(seats.token_hash(token), room.host_hash):
        return Viewer(None)
    if seats.seat_of_token(room.tokens, token) is not None:
        return Viewer(room.tables.store.witnessed(room.id, seats.token_hash(token)))
    if room.watch_token_known(token):
        return Viewer(room.tables.store.witnessed(room.id, seats.watch_hash(token)))
    raise Refused("bad_token", "this token does not open this room")


def _seats(record) -> list[dict]:
    """The record's seats as the client names them (a room's seat entries)."""
    return [
        {"name": s.get("name"), "kind": "computer" if s.get("computer") else "player"}
        for s in record.get("seats") or []
    ]


def listing(room, who: Viewer) -> list[dict]:
    """Every game of the room with its finished rounds this viewer may see, newest game first
    (games with none are left out)."""
    games = []
    for game in room.tables.store.games_of(room.id):
        record = game["record"]
        try:
            rounds = [r for r in finished_rounds(record) if who.may_see(game["game"], r["round"])]
        except RecordError as err:  # a stored record is the engine's own: this is a bug
            log.error("room %s, game %s: stored record does not replay (%s)", room.id, game["game"], err)
            continue
        if rounds:
            games.append(
                {
                    "game": game["game"],
                    "started": game["started"],
                    "profile": record.get("profile"),
                    "seats": _seats(record),
                    "rounds": rounds,
                }
            )
    games.reverse()
    return games


def steps(room, who: Viewer, game_id: int, round_no: int) -> dict:
    """Round `round_no` of game `game_id`, position by position (raises `no_round`,
    `round_in_progress` or `not_seen`)."""
    record = finished_record(room, who, game_id, round_no)
    out = round_steps(record, round_no)
    history = out["steps"][-1]["history"]
    for view in out["steps"]:
        del view["history"]  # each position's history is the first actions of `history`
    return {
        "game": game_id,
        "profile": record.get("profile"),
        "seats": _seats(record),
        "history": history,
        **out,
    }


def finished_record(room, who: Viewer, game_id: int, round_no: int) -> dict:
    """The record of game `game_id` when its round `round_no` is over and this viewer may see it
    (raises `no_round`, `round_in_progress` or `not_seen`)."""
    game = next((g for g in room.tables.store.games_of(room.id) if g["game"] == game_id), None)
    if game is None:
        raise Refused("no_round", "this table has no such game")
    record = game["record"]
    rounds = record.get("rounds") or []
    if not 1 <= round_no <= len(rounds):
        raise Refused("no_round", "this game has no such round")
    try:
        done = {r["round"] for r in finished_rounds(record)}
    except RecordError as err:
        log.error("room %s, game %s: stored record does not replay (%s)", room.id, game_id, err)
        raise Refused("no_round", "this round cannot be replayed") from None
    if round_no not in done:
        raise Refused("round_in_progress", "this round is still being played")
    if not who.may_see(game_id, round_no):
        raise Refused("not_seen", "this phone did not play or watch this round")
    return record
