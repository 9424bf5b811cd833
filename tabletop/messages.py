"""Validation of client messages: JSON, shape, types, sizes. No game logic here.

`parse(text, commands)` returns a clean dict or raises `BadInput(code, detail)` with a stable code from
docs/PROTOCOL.md. Whatever a client sends, nothing else in the server sees an unchecked value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import NoReturn

from . import names
from .commands import Command, Fields
from .computer import DEFAULT_LEVEL, LEVELS
from .config import LEVEL_ALIASES, MAX_DEPTH, MAX_FRAME

ROOM_RE = re.compile(r"^[A-Z2-9]{5}$")
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
LANG_RE = re.compile(r"^[a-z]{2}(-[A-Za-z]{2})?$")
LEVEL_RE = re.compile(r"^[a-z][a-z0-9_-]{0,15}$")
PROFILE_RE = re.compile(r"^[a-z][a-z0-9-]{0,23}$")


class BadInput(Exception):
    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.ref = None


def _bad(detail: str, code: str = "bad_message") -> NoReturn:
    raise BadInput(code, detail)


# field validators: take the raw value, return the clean value or call _bad


def _int(lo=0, hi=1_000_000):
    def check(name, v):
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            _bad(f"{name} must be an integer in {lo}..{hi}")
        return v

    return check


def _str(regex=None, lo=1, hi=64):
    def check(name, v):
        if not isinstance(v, str) or not lo <= len(v) <= hi or (regex and not regex.match(v)):
            _bad(f"{name} is not a valid string")
        return v

    return check


def _name(name, v):
    """A player's name as every screen shows it (`names.clean`: no invisible or bidi
    characters, some visible text, at most 24 characters)."""
    if not isinstance(v, str):
        _bad(f"{name} must be a string")
    try:
        return names.clean(v)
    except names.BadName as exc:
        _bad(f"{name}: {exc.detail}", exc.code)


def _room_name(name, v):
    """A room's name: cleaned as a player's name is (`names.clean`), cut to 40 characters (a
    translated title must never stop a table from opening a room)."""
    if not isinstance(v, str):
        _bad(f"{name} must be a string")
    try:
        return names.clean(v[:200], limit=200)[:40].strip()
    except names.BadName:
        _bad(f"{name} must not be empty")


def _bool(name, v):
    if not isinstance(v, bool):
        _bad(f"{name} must be true or false")
    return v


def _ref(name, v):
    if isinstance(v, bool) or not (
        isinstance(v, int) and abs(v) < 2**53 or isinstance(v, str) and len(v) <= 64 and _unicode(v)
    ):
        _bad("ref must be an integer or a short string")
    return v


def _unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _plain_json(value, depth=0):
    """Only JSON scalars, lists and string-keyed objects, not nested too deep."""
    if depth > MAX_DEPTH:
        _bad("too deeply nested")
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str) or len(k) > 32:
                _bad("object keys must be short strings")
            _plain_json(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _plain_json(v, depth + 1)
    elif isinstance(value, float) and value != value:
        _bad("NaN is not allowed")
    return value


def _object(maxlen=16):
    def check(name, v):
        if not isinstance(v, dict) or len(v) > maxlen:
            _bad(f"{name} must be an object")
        return _plain_json(v)

    return check


ACTION_KEYS = {"seat", "play", "end", "train", "draw", "pass", "discard", "done", "opener"}


def _action(name, v):
    if not isinstance(v, dict) or not v or len(v) > 4 or not set(v) <= ACTION_KEYS:
        _bad("action must be an object in the record's action form")
    for key, val in v.items():
        if key in ("seat", "opener"):
            _int(0, 15)(key, val)
        elif key in ("play", "discard"):
            _str(re.compile(r"^\d{1,2}-\d{1,2}$"), 3, 5)(key, val)
        elif key == "end":
            if val not in ("left", "right"):
                _bad("end must be left or right")
        elif key == "train":
            if val != "mexican":
                _int(0, 15)(key, val)
        elif val is not True:
            _bad(f"{key} must be true")
    return v


def _seats(name, v):
    if not isinstance(v, list) or not 1 <= len(v) <= 10:
        _bad("seats must be a list of 1 to 10 seats", "bad_seats")
    out = []
    for s in v:
        if not isinstance(s, dict) or not set(s) <= {"kind", "level", "name"}:
            _bad("each seat is {kind, level?, name?}", "bad_seats")
        kind = s.get("kind")
        if kind not in ("phone", "device", "computer"):
            _bad("seat kind must be phone, device or computer", "bad_seats")
        seat = {"kind": kind}
        if "name" in s:
            seat["name"] = _name("name", s["name"])
        if kind == "computer":
            seat["level"] = _level("level", s.get("level", DEFAULT_LEVEL), "bad_seats")
        elif "level" in s:
            _bad("only computer seats have a level", "bad_seats")
        out.append(seat)
    return out


def _level(name, v, code="bad_message"):
    v = LEVEL_ALIASES.get(v, v) if isinstance(v, str) else v
    if v not in LEVELS:
        _bad(f"{name} must be one of {', '.join(LEVELS)}", code)
    return v


def _level_or_null(name, v):
    return None if v is None else _level(name, v)


# the field checks commands declare their messages' shapes with (`commands.Commands.declare`)
VERSION = _int(0, 2**53)
SEAT = _int(0, 15)
COUNT = _int(0, 100_000)  # a round or move number
ROOM = _str(ROOM_RE, 5, 5)
TOKEN = _str(TOKEN_RE, 16, 64)
LANG = _str(LANG_RE, 2, 5)
PROFILE = _str(PROFILE_RE, 1, 24)
PIN = _str(re.compile(r"^[0-9A-Za-z]{1,16}$"), 1, 16)
REASON = _str(LEVEL_RE, 1, 16)
NAME = _name
ROOM_NAME = _room_name
BOOL = _bool
OPTIONS = _object()
ACTION = _action
SEATS = _seats
LEVEL_OR_NULL = _level_or_null


def _no_constants(_name):
    _bad("NaN and Infinity are not JSON", "bad_json")


_DECODER = json.JSONDecoder(parse_constant=_no_constants)  # made once: json.loads with an option
# builds a decoder (and its scanner) at every call


def _decode(raw) -> dict:
    """A text frame within the size limit -> the JSON object it holds."""
    if not isinstance(raw, str):  # bytes included
        _bad("frames must be text")
    if len(raw) > MAX_FRAME or len(raw.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        _bad(f"a frame holds at most {MAX_FRAME} bytes", "too_large")
    try:
        msg = _DECODER.decode(raw)
    except BadInput:
        raise
    except (ValueError, RecursionError):
        _bad("not valid JSON", "bad_json")
    if not isinstance(msg, dict):
        _bad("a message is a JSON object")
    return msg


def _fields(msg: dict, spec: Fields, out: dict) -> dict:
    """`out` with every field of `spec` that `msg` has, checked; no other field allowed."""
    for key in msg:
        if key not in spec and key not in ("type", "ref"):
            _bad(f"unexpected field {key[:32]!r}")
    for key, (check, required) in spec.items():
        if key in msg:
            out[key] = check(key, msg[key])
        elif required:
            _bad(f"missing field {key!r}")
    return out


def _encodable(raw: str, value) -> None:
    """Every string (keys too) is valid Unicode: a lone surrogate ("\\ud800") cannot be stored.
    Only a frame with a `\\u` escape or a character outside ASCII can hold one: most frames
    (every act) are plain ASCII without escapes, and skip encoding the message again."""
    if raw.isascii() and "\\u" not in raw:
        return
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        _bad("strings must be valid Unicode (no lone surrogates)")


def ref_of(raw) -> str | int | None:
    """The valid `ref` of a raw frame, or None (not a JSON object, no ref, a bad one): for the
    one answer to a message the server does not read further (dropped by the rate limit)."""
    try:
        msg = _decode(raw)
        return _ref("ref", msg["ref"]) if "ref" in msg else None
    except BadInput:
        return None


def parse(raw, commands: Mapping[str, Command]) -> dict:
    """A raw websocket frame -> a validated message dict (with 'type', and 'ref' if given), of
    one of `commands` and in its shape (`protocol.parse`: every command the server takes).
    Once the frame's `ref` is known valid, every refusal of the message carries it."""
    msg = _decode(raw)
    out = {}
    if "ref" in msg:
        out["ref"] = _ref("ref", msg["ref"])
    try:
        _encodable(raw, msg)
        kind = msg.get("type")
        if not isinstance(kind, str):
            _bad("a message needs a string 'type'")
        command = commands.get(kind)
        if command is None:
            _bad("unknown message type", "unknown_type")
        out["type"] = kind
        return _fields(msg, command.fields, out)
    except BadInput as exc:
        exc.ref = out.get("ref")  # the error still answers the message's ref
        raise
