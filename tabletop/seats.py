"""Seats and tokens: what each seat of a room is, who holds it, and which role a connection has.

A room's seats are plain JSON (kept in its meta): `{"kind": "phone" | "device" | "computer",
"name", "lang" (phones), "level" (computers), "standin" (a computer level playing an absent
phone's seat)}`. A phone seat is held by whoever has its token; the room keeps only the token's
SHA-256.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass


@dataclass(frozen=True)
class Member:
    """A connection's place in a room: `guest` (no seat yet), `seat` (a phone holding `seat`),
    `host` (the table screen, which also plays the room's device seats) or `watcher` (a second
    screen showing the table: it sees what the table sees, never a hand, and sends nothing)."""

    role: str
    seat: int | None = None


GUEST = Member("guest")
HOST = Member("host")
WATCHER = Member("watcher")


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def watch_hash(token: str) -> str:
    """How a second screen's watch token is kept among the rounds' witnesses: apart from the seat
    tokens (a seat token handed in as a watch token proves nothing of that seat)."""
    return "watch:" + token_hash(token)


def seat_of_token(tokens: dict[int, str], token: str) -> int | None:
    """The seat whose stored hash is this token's, or None."""
    h = token_hash(token)
    return next((s for s, th in tokens.items() if secrets.compare_digest(th, h)), None)


def is_phone(seats: list[dict], seat: int) -> bool:
    return seat < len(seats) and seats[seat]["kind"] == "phone"


def is_computer(entry: dict) -> bool:
    """A seat a computer plays: a computer seat, or a phone's seat handed to a stand-in."""
    return entry["kind"] == "computer" or bool(entry.get("standin"))


def humans(seats: list[dict]) -> set[int]:
    """Seats played by people (phones and this device), for the undo rule."""
    return {i for i, s in enumerate(seats) if not is_computer(s)}


def devices(seats: list[dict]) -> list[int]:
    return [i for i, s in enumerate(seats) if s["kind"] == "device"]


def _laid_out_seat(i: int, asked: dict, old: list[dict], tokens: dict[int, str]) -> dict:
    entry = {"kind": asked["kind"], "name": asked.get("name"), "standin": None}
    if asked["kind"] == "computer":
        entry["level"] = asked["level"]
        entry["name"] = entry["name"] or "Computer"
    elif asked["kind"] == "device":
        entry["name"] = entry["name"] or f"Player {i + 1}"
    else:  # a phone seat: a player already holding it stays, with their name
        entry["lang"] = None
        if i in tokens and is_phone(old, i):
            entry["name"], entry["lang"] = old[i].get("name"), old[i].get("lang")
    return entry


def asked(entry: dict) -> dict:
    """A seat as a setup asks for it again (its kind, a computer's level, a device's name)."""
    out = {"kind": entry["kind"]}
    if entry["kind"] == "computer":
        out["level"] = entry.get("level")
    elif entry["kind"] == "device":
        out["name"] = entry.get("name")
    return out


def lay_out(asked: list[dict], old: list[dict], tokens: dict[int, str]) -> tuple[list[dict], dict]:
    """The seats of a new setup, and the tokens it revokes ({seat: None}): a phone already
    seated keeps its seat when that seat stays a phone; every other token goes."""
    new = [_laid_out_seat(i, s, old, tokens) for i, s in enumerate(asked)]
    revoked = {i: None for i in tokens if i >= len(new) or not (is_phone(new, i) and is_phone(old, i))}
    return new, revoked


def match_seats(seats: list[dict]) -> list[dict]:
    """The seats as the engine's `Match` records them (names, and levels of computer seats)."""
    out = []
    for i, s in enumerate(seats):
        entry = {"name": s.get("name") or f"Seat {i + 1}"}
        if s["kind"] == "computer":
            entry["computer"] = s["level"]
        out.append(entry)
    return out


def public(seats: list[dict], tokens: dict[int, str], members) -> list[dict]:
    """The seats as the room summary shows them: no token, whether each is taken and connected."""
    members = set(members)
    out = []
    for i, s in enumerate(seats):
        if s["kind"] == "phone":
            connected = Member("seat", i) in members
            taken = i in tokens
        elif s["kind"] == "device":
            connected, taken = HOST in members, True
        else:
            connected, taken = True, True
        entry = {
            "seat": i,
            "kind": s["kind"],
            "name": s.get("name"),
            "taken": taken,
            "connected": connected,
            "standin": s.get("standin"),
        }
        if s["kind"] == "computer":
            entry["level"] = s.get("level")
        if s["kind"] == "phone":
            entry["lang"] = s.get("lang")
        out.append(entry)
    return out
