"""Values as JSON text: orjson, several times faster than the standard json module on the
server's frames and records, and the standard module for what orjson refuses.

Plain orjson first: `OPT_NON_STR_KEYS` makes every call ~3x slower, and only a value with a
non-string key needs it. A value orjson refuses even then (a lone surrogate in a string, an
integer beyond 64 bits) falls back to json, whose ASCII output escapes it."""

from __future__ import annotations

import json

import orjson


def encode(value) -> bytes:
    """`value` as compact JSON, in UTF-8."""
    try:
        return orjson.dumps(value)
    except TypeError:  # a non-string key (orjson.JSONEncodeError is a TypeError too)
        pass
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(value, separators=(",", ":")).encode()


def text(value) -> str:
    """`value` as compact JSON text (what SQLite keeps)."""
    return encode(value).decode()
