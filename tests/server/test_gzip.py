"""Text responses are gzipped for clients that accept it; each file is compressed once (cached by
path, mtime and size); everything else is sent as before."""

from __future__ import annotations

import gzip
import os

from tabletop.app import create_app
from tabletop.settings import Settings

GZ = {"Accept-Encoding": "gzip, deflate"}


def _client(tmp_path):
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    (web / "hand.html").write_text("<!doctype html><title>hand</title>" + "<p>x</p>" * 200)
    (web / "js" / "a.js").write_text("export const a = 1;\n" * 300)
    (web / "icon.png").write_bytes(b"\x89PNG" + b"\0" * 2000)
    loc = tmp_path / "locales"
    loc.mkdir()
    (loc / "en.json").write_text('{"k": "' + "v" * 3000 + '"}')
    app = create_app(
        Settings(data=str(tmp_path / "data"), web_dir=str(web), locales_dir=str(loc), idle_close=0)
    )
    return app, app.test_client(), web


def test_static_text_is_gzipped_once_and_revalidates(tmp_path):
    app, c, web = _client(tmp_path)
    try:
        plain = c.get("/static/js/a.js")
        assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
        assert "Accept-Encoding" in plain.headers.get("Vary", "")
        r = c.get("/static/js/a.js", headers=GZ)
        assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
        assert r.mimetype in ("text/javascript", "application/javascript")
        assert gzip.decompress(r.data) == plain.data and len(r.data) < len(plain.data) / 5
        assert r.headers["Cache-Control"] == "no-cache"
        # compressed once: the cache answers the second time
        key = os.path.join(str(web), "js", "a.js")
        files = app.extensions["gzip"].files
        cached = files[key]
        assert c.get("/static/js/a.js", headers=GZ).data == r.data and files[key] is cached
        # a conditional request with the ETag: 304
        again = c.get("/static/js/a.js", headers={**GZ, "If-None-Match": r.headers["ETag"]})
        assert again.status_code == 304 and not again.data
        # an edited file is compressed again
        (web / "js" / "a.js").write_text("export const b = 2;\n" * 300)
        os.utime(web / "js" / "a.js", ns=(1, 1))
        fresh = c.get("/static/js/a.js", headers=GZ)
        assert (
            gzip.decompress(fresh.data).startswith(b"export const b")
            and fresh.headers["ETag"] != r.headers["ETag"]
        )
        # pages and locales too; binary files never; a missing file is still 404
        page = c.get("/join/ABCDE", headers=GZ)
        assert page.headers["Content-Encoding"] == "gzip" and b"<title>hand" in gzip.decompress(page.data)
        assert c.get("/locales/en.json", headers=GZ).headers["Content-Encoding"] == "gzip"
        png = c.get("/static/icon.png", headers=GZ)
        assert "Content-Encoding" not in png.headers and png.data.startswith(b"\x89PNG")
        assert c.get("/static/js/nope.js", headers=GZ).status_code == 404
        assert c.get("/static/../hand.html", headers=GZ).status_code == 404
    finally:
        app.extensions["tabletop"].shutdown()


def test_generated_text_is_gzipped_when_worth_it(tmp_path):
    app, c, _ = _client(tmp_path)
    try:
        t = app.extensions["tabletop"]
        room, _ = t.create_room("Room")
        svg = c.get(f"/api/rooms/{room.id}/join.svg", headers=GZ)
        assert svg.headers["Content-Encoding"] == "gzip" and gzip.decompress(svg.data).startswith(b"<")
        small = c.get("/api/health", headers=GZ)
        assert "Content-Encoding" not in small.headers and small.json == {"ok": True}
        assert "Content-Encoding" not in c.get(f"/api/rooms/{room.id}/join.svg").headers
    finally:
        app.extensions["tabletop"].shutdown()
