"""Flask app factory: `create_app(settings)` builds a fresh app with its own rooms and store.

No module-level state holds rooms: everything lives in `app.extensions["tabletop"]` (a
`tables.Tables`), so every test gets a fresh server. Blueprints: `pages` (the HTML pages,
static files, locales), `api` (rooms, QR codes, records) and `hub` (the websocket); gzip is
`compression`.
"""

from __future__ import annotations

import os

from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

from . import api, captive, compression, headers, hub, night_api, pages, regulars_api
from .settings import Settings
from .store import Store
from .tables import Tables


def _tables(settings: Settings) -> Tables:
    path = os.path.join(settings.data, "tabletop.sqlite3") if settings.stored else ":memory:"
    return Tables(Store(path), settings)


# The code of an HTTP error no route answers itself: one the catalogues say (error.<code>,
# tests/web/test_error_codes.py), never Werkzeug's name for the status.
HTTP_ERRORS = {404: "not_found", 405: "method_not_allowed", 413: "too_large", 500: "internal"}


def http_error_code(status: int) -> str:
    """`HTTP_ERRORS`' code for the status, else `bad_request` (4xx) or `internal` (5xx)."""
    return HTTP_ERRORS.get(status) or ("bad_request" if status < 500 else "internal")


def _json_error(exc: HTTPException):
    """404, 405 and every other HTTP error as JSON, e.g. `{"error": "not_found"}`."""
    if exc.response is not None:  # a route's own answer (already JSON)
        return exc.response
    status = exc.code or 500
    return jsonify(error=http_error_code(status)), status


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or Settings()
    app = Flask(__name__, static_folder=None)
    t = _tables(settings)
    t.restore()
    if settings.idle_seconds or settings.empty_close:
        t.start_sweeper(settings.idle_seconds, float(settings.empty_close or 0))
    app.extensions["tabletop"] = t
    app.register_error_handler(HTTPException, _json_error)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(night_api.bp)
    app.register_blueprint(regulars_api.bp)
    captive.init_app(app, settings.hotspot_network)
    compression.init_app(app)
    headers.init_app(app)
    hub.init_app(app)
    return app
