"""Every error code the engine or the server can send has a translation in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "id", "fr", "ms", "nb"]


def codes_in(folder: str, pattern: str) -> set:
    found = set()
    for path in (ROOT / folder).rglob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


ENGINE_CODES = codes_in("engine", r'IllegalAction\(\s*"([a-z_]+)"')
SERVER_CODES = codes_in("tabletop", r'(?:Refused|_error)\(\s*"([a-z_]+)"')


def test_the_scan_finds_codes():
    assert {"must_play", "does_not_fit", "not_your_turn"} <= ENGINE_CODES
    assert {"stale", "bad_token", "seat_taken"} <= SERVER_CODES


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_is_translated(lang):
    catalogue = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    missing = sorted(
        c for c in ENGINE_CODES | SERVER_CODES if not str(catalogue.get(f"error.{c}", "")).strip()
    )
    assert not missing, f"{lang}.json lacks error texts for {missing}"
