"""Every error code the engine or the server can send has a sentence in every language.

The server names a code it sends (in an HTTP answer's `{"error": ...}`, a review stream's last
line or a socket's error frame) in one of these ways, each scanned below: a raised `Refused`,
`TournamentError`, `BadName` or `BadInput`; messages.py's `_bad(detail, "code")`; api.py's
`_error("code", status)`; `jsonify(error="code")`; a body or frame written whole
(`{"error": "code"}`, `{"code": "code"}`). An HTTP error no route answers itself (an unknown
path, a wrong method, a bug) takes its code from `tabletop.app.http_error_code`. The rules'
codes are the engine's `IllegalAction`s, passed through.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop.app import http_error_code

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "id", "fr", "ms", "nb"]
SERVER_PATTERNS = (
    r'\b(?:Refused|TournamentError|BadName|BadInput|_error)\(\s*"([a-z_]+)"',
    r'\b_bad\([^()]*(?:\([^()]*\)[^()]*)*,\s*"([a-z_]+)"\s*\)',
    r'\bjsonify\(\s*error="([a-z_]+)"',
    r'"(?:error|code)":\s*"([a-z_]+)"',
)


def codes_in(folder: str, *patterns: str) -> set:
    found: set = set()
    for path in (ROOT / folder).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for pattern in patterns:
            found |= set(re.findall(pattern, text))
    return found


ENGINE_CODES = codes_in("engine", r'IllegalAction\(\s*"([a-z_]+)"')
HTTP_STATUS_CODES = {http_error_code(status) for status in range(400, 600)}
SERVER_CODES = codes_in("tabletop", *SERVER_PATTERNS) | HTTP_STATUS_CODES


def untranslated(catalogue: dict) -> list:
    return sorted(c for c in ENGINE_CODES | SERVER_CODES if not str(catalogue.get(f"error.{c}", "")).strip())


def test_the_scan_finds_codes():
    assert {"must_play", "does_not_fit", "not_your_turn"} <= ENGINE_CODES
    assert {"stale", "bad_token", "seat_taken"} <= SERVER_CODES  # Refused
    assert {"bad_host", "bad_origin", "not_built"} <= SERVER_CODES  # jsonify(error=...)
    assert {"not_seen", "no_record_file", "review_busy", "review_failed"} <= SERVER_CODES  # replays, reviews
    assert {"too_few_players", "name_reserved", "bad_json", "bad_seats"} <= SERVER_CODES  # other raisers
    assert HTTP_STATUS_CODES == {"not_found", "method_not_allowed", "too_large", "bad_request", "internal"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_code_is_translated(lang):
    catalogue = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    missing = untranslated(catalogue)
    assert not missing, f"{lang}.json lacks error texts for {missing}"


def test_a_missing_sentence_is_caught():
    catalogue = json.loads((ROOT / "locales" / "en.json").read_text(encoding="utf-8"))
    del catalogue["error.not_seen"]
    catalogue["error.bad_origin"] = " "
    assert untranslated(catalogue) == ["bad_origin", "not_seen"]
