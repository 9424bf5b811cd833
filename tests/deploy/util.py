"""Helpers of the deployment tests: free ports (scripts/serverproc.py), plain HTTP GETs."""

from __future__ import annotations

import urllib.request

from serverproc import free_port

__all__ = ["free_port", "get"]


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return resp.status, resp.headers.get_content_type(), resp.read()
