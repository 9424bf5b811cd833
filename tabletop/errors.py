"""`Refused`: a request the server turns down with a stable error code (docs/PROTOCOL.md)."""

from __future__ import annotations


class Refused(Exception):
    """`extra`: more fields of the `error` frame (e.g. `retry_after`, seconds)."""

    def __init__(self, code: str, detail: str = "", **extra):
        super().__init__(detail or code)
        self.code = code
        self.detail = detail or code.replace("_", " ")
        self.extra = extra
