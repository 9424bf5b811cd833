"""Flask app factory: `create_app(config)` builds a fresh app with its own rooms and store.

No module-level state holds rooms: everything lives in `app.extensions["tabletop"]` (a
`tables.Tables`), so every test gets a fresh server. Blueprints: `pages` (the HTML pages,
static files, locales), `api` (rooms, QR codes, records) and `hub` (the websocket); gzip is
`compression`.
"""

from __future__ import annotations

import os

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

from . import api, captive, compression, config, hub, pages
from .store import Store
from .tables import Tables

DEFAULTS = {
    "NAME": config.NAME,
    "DATA": config.DATA_DIR,  # folder of tabletop.sqlite3 (":memory:": nothing on disk)
    "BASE_URL": None,  # e.g. http://192.168.1.20:8000 (None: config.BASE_URL)
    "KIOSK": False,
    "PIN": None,
    "COMPUTER_DELAY": config.COMPUTER_DELAY,
    "WIFI_SSID": None,
    "WIFI_PASSWORD": None,
    "HOTSPOT_NETWORK": None,  # the table's own Wi-Fi, e.g. "10.42.0.1/24": its phones' probes answered
    "EMPTY_CLOSE": config.EMPTY_CLOSE,  # seconds a room with nobody connected and no game is kept
    "HOSTS": (),  # more names this table answers to (a websocket's Host), e.g. ("table.cafe.lan",)
    "IDLE_CLOSE": None,  # seconds without change or phone before a room closes
    # (None: config.IDLE_CLOSE_KIOSK in kiosk mode, config.IDLE_CLOSE otherwise; 0: never)
    "RATE_LIMIT": (config.RATE, config.BURST),  # per websocket: messages per second, burst
    "WEB_DIR": config.WEB_DIR,
    "LOCALES_DIR": config.LOCALES_DIR,
}


def _tables(cfg) -> Tables:
    data = cfg["DATA"]
    store = Store(":memory:" if data == ":memory:" else os.path.join(data, "tabletop.sqlite3"))
    return Tables(
        store,
        name=cfg["NAME"],
        base_url=cfg["BASE_URL"] or config.BASE_URL,
        kiosk=bool(cfg["KIOSK"]),
        pin=cfg["PIN"],
        computer_delay=float(cfg["COMPUTER_DELAY"]),
        wifi=(cfg["WIFI_SSID"], cfg["WIFI_PASSWORD"]) if cfg["WIFI_SSID"] else None,
        rate=tuple(cfg["RATE_LIMIT"]),
        hosts=tuple(cfg["HOSTS"]),
        data_dir=None if data == ":memory:" else data,
    )


def _json_error(exc: HTTPException):
    """404, 405 and every other HTTP error as JSON, e.g. `{"error": "not_found"}`."""
    if exc.response is not None:  # a route's own answer (already JSON)
        return exc.response
    code = (exc.name or "error").lower().replace(" ", "_")
    return jsonify(error=code), exc.code or 500


def create_app(overrides: dict | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.config.update(DEFAULTS)
    if overrides:
        app.config.update(overrides)
    t = _tables(app.config)
    t.restore()
    idle = app.config["IDLE_CLOSE"]
    if idle is None:
        idle = config.IDLE_CLOSE_KIOSK if app.config["KIOSK"] else config.IDLE_CLOSE
    empty = float(app.config["EMPTY_CLOSE"] or 0)
    if idle or empty:
        t.start_sweeper(float(idle or 0), empty)
    app.extensions["tabletop"] = t
    app.register_error_handler(HTTPException, _json_error)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    captive.init_app(app, app.config["HOTSPOT_NETWORK"])
    compression.init_app(app)
    hub.init_app(app)
    return app
