"""Frames to text for the websocket. orjson encodes a view frame several times faster than the
standard json module, and the frames are most of the server's work per move (six sockets per
table). Plain orjson first: `OPT_NON_STR_KEYS` makes every frame ~3x slower to encode, and only
a frame with a non-string key needs it. A frame orjson refuses even then (a lone surrogate in a
string) falls back to json's escaping."""

from __future__ import annotations

import json

import orjson


def encode(frame: dict) -> str:
    try:
        return orjson.dumps(frame).decode()
    except TypeError:  # a non-string key (orjson.JSONEncodeError is a TypeError too)
        pass
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(frame, separators=(",", ":"))
