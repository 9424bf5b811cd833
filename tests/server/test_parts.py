"""The server's smaller parts: QR codes, the CLI, discovery's failure path, the store, HTTP routes."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from tabletop import qr
from tabletop.app import create_app
from tabletop.cli import banner, build_parser
from tabletop.discovery import Advertiser
from tabletop.settings import Settings
from tabletop.store import Store

ROOT = Path(__file__).resolve().parents[2]


def test_svg_and_terminal_qr_need_no_pillow():
    svg = qr.svg("http://192.168.1.20:8000/join/ABCDE?seat=1")
    assert svg.startswith(b"<?xml") and b"<svg" in svg and b"<path" in svg
    text = qr.terminal("http://192.168.1.20:8000")
    assert "█" in text and len(text.splitlines()) > 10


def test_wifi_payload_escapes_special_characters():
    assert qr.wifi_payload("Café;1", 'p:a"ss') == 'WIFI:T:WPA;S:Café\\;1;P:p\\:a\\"ss;;'
    assert qr.wifi_payload("Open") == "WIFI:T:nopass;S:Open;;"


def test_message_rate_sets_the_per_socket_limit_and_its_burst():
    from tabletop import config
    from tabletop.cli import settings_from

    args = build_parser().parse_args(["serve", "--message-rate", "100"])
    assert settings_from(args).rate == (100.0, 100.0 * config.BURST / config.RATE)
    default = build_parser().parse_args(["serve"])
    assert settings_from(default).rate == (config.RATE, config.BURST)


def test_cli_help_and_banner():
    out = subprocess.run(
        [sys.executable, "-m", "tabletop", "serve", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 0
    for flag in (
        "--port",
        "--host",
        "--name",
        "--data",
        "--kiosk",
        "--pin",
        "--advertise",
        "--wifi-ssid",
        "--wifi-password",
    ):
        assert flag in out.stdout
    args = build_parser().parse_args(["serve", "--port", "9000", "--kiosk", "--pin", "12"])
    assert args.port == 9000 and args.kiosk and args.pin == "12"
    text = banner("Café", "http://10.0.0.2:8000", ("Net", "pw"))
    assert "http://10.0.0.2:8000" in text and "Wi-Fi" in text


def test_kiosk_without_pin_is_refused():
    out = subprocess.run(
        [sys.executable, "-m", "tabletop", "serve", "--kiosk", "--no-mdns", "--port", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 2 and "--pin" in out.stderr


def test_discovery_failure_is_one_log_line(caplog):
    caplog.set_level(logging.INFO, logger="tabletop.discovery")
    adv = Advertiser("Test table", "203.0.113.77", 8000)  # not an address of this machine
    adv.start()
    adv._thread.join(10)
    adv.close()
    lines = [r for r in caplog.records if r.name == "tabletop.discovery"]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING, [r.getMessage() for r in lines]


def test_store_round_trip(tmp_path):
    s = Store(str(tmp_path / "t.sqlite3"))
    s.create_room("ABCDE", "T", "h" * 64, {"profile": None, "seats": []}, 0)
    s.save_room(
        "ABCDE",
        {"profile": "draw", "seats": [{"kind": "phone"}]},
        1,
        record={"format": "domino-record/1", "rounds": []},
        new_game=True,
        seats={0: "x" * 64},
    )
    s.save_room(
        "ABCDE",
        {"profile": "draw", "seats": [{"kind": "phone"}]},
        2,
        record={"format": "domino-record/1", "rounds": [{"seed": 1, "actions": []}]},
    )
    s.close()
    rooms = Store(str(tmp_path / "t.sqlite3")).load_rooms()
    assert len(rooms) == 1 and rooms[0]["version"] == 2 and rooms[0]["seats"] == {0: "x" * 64}
    assert rooms[0]["record"]["rounds"] == [{"seed": 1, "actions": []}]


def test_http_routes(tmp_path):
    web = tmp_path / "web"
    web.mkdir()
    (web / "table.html").write_text("<h1>table</h1>")
    (web / "hand.html").write_text("<h1>hand</h1>")
    (web / "app.js").write_text("1")
    loc = tmp_path / "locales"
    loc.mkdir()
    (loc / "en.json").write_text('{"hello": "Hello"}')
    app = create_app(
        Settings(
            data=":memory:",
            web_dir=str(web),
            locales_dir=str(loc),
            base_url="http://10.0.0.2:8000",
            wifi_ssid="Net",
            wifi_password="pw",
        )
    )
    c = app.test_client()
    assert b"table" in c.get("/").data
    assert b"hand" in c.get("/join/ABCDE?seat=1").data
    assert c.get("/solo").status_code == 404  # not built: a clear 404
    assert c.get("/static/app.js").data == b"1"
    assert c.get("/static/../pyproject.toml").status_code == 404
    assert c.get("/locales/en.json").json == {"hello": "Hello"}
    assert c.get("/locales/..%2Fx.json").status_code == 404
    assert c.get("/api/server").json["base_url"] == "http://10.0.0.2:8000"
    assert c.get("/api/wifi.svg").mimetype == "image/svg+xml"
    assert c.get("/api/rooms/ZZZZZ").status_code == 404
    t = app.extensions["tabletop"]
    room, _ = t.create_room("Here")
    assert c.get(f"/api/rooms/{room.id}").json["join_url"] == f"http://10.0.0.2:8000/join/{room.id}"
    assert c.get(f"/api/rooms/{room.id}/join.svg?seat=2").mimetype == "image/svg+xml"
    assert c.get(f"/api/rooms/{room.id}/record").status_code == 404
    assert "draw" in c.get("/api/profiles").json
    t.shutdown()
