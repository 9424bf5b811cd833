"""Frames to text for the websocket. orjson encodes a view frame several times faster than the
standard json module, and the frames are most of the server's work per move (six sockets per
table). A frame orjson refuses (a lone surrogate in a string) falls back to json's escaping."""

from __future__ import annotations

import json

import orjson


def encode(frame: dict) -> str:
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(frame, separators=(",", ":"))
