"""Every HTTP answer carries the security headers: a strict Content-Security-Policy (own scripts,
styles, images and websocket only; no inline script or style; no framing), nosniff, no framing
for older browsers, and no Referer. The pages have nothing inline that the policy would stop, and
the development page of the tiles is not served."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tabletop.app import create_app
from tabletop.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "web").glob("*.html"))


@pytest.fixture
def client(tmp_path):
    app = create_app(Settings(data=str(tmp_path), idle_close=0, empty_close=0))
    yield app.test_client()
    app.extensions["tabletop"].shutdown()


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


@pytest.mark.parametrize(
    "path,status",
    [
        ("/", 200),
        ("/join", 200),
        ("/join/ABCDE?seat=1", 200),
        ("/solo", 200),
        ("/static/js/pages/host.js", 200),
        ("/static/css/app.css", 200),
        ("/static/manifest.webmanifest", 200),
        ("/locales/fr.json", 200),
        ("/api/server", 200),
        ("/api/rooms", 200),
        ("/api/profiles", 200),
        ("/api/health", 200),
        ("/api/rooms/ZZZZZ", 404),
        ("/nowhere", 404),
        ("/static/tiles-preview.html", 404),  # a development page: not part of the product
    ],
)
def test_every_answer_carries_the_security_headers(client, path, status):
    answer = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == status
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    csp = directives(answer.headers["Content-Security-Policy"])
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"] and csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"] and csp["object-src"] == ["'none'"]
    assert not any("unsafe" in v or v in ("*", "data:", "http:", "ws:") for vs in csp.values() for v in vs)


def test_a_wrong_method_and_a_revalidated_file_carry_them_too(client):
    assert client.post("/api/health").headers["X-Frame-Options"] == "DENY"
    first = client.get("/static/js/pages/host.js")
    again = client.get("/static/js/pages/host.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and "Content-Security-Policy" in again.headers


class Inline(HTMLParser):
    """What a strict policy would stop in a page: inline scripts, style elements and attributes,
    event handler attributes, javascript: URLs."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self._script = "src" not in a
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs:
            if (
                name == "style"
                or name.startswith("on")
                or (value or "").strip().lower().startswith("javascript:")
            ):
                self.found.append(f"<{tag} {name}>")

    def handle_data(self, data):
        if self._script and data.strip():
            self.found.append(f"inline script {data.strip()[:40]!r}")

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = False


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_the_pages_have_nothing_inline(page):
    parser = Inline()
    parser.feed(page.read_text(encoding="utf-8"))
    assert not parser.found, parser.found


def test_the_scripts_set_no_style_attribute():
    """A style attribute set from a script is refused by the policy: styles go through the
    CSSOM (`element.style`), which it allows."""
    for path in (ROOT / "web" / "js").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"setAttribute\(\s*[\"']style[\"']", text), path
        assert not re.search(r"<[a-z][^>]*\sstyle\s*=", text), path
