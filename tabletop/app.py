"""Flask app factory: `create_app(config)` builds a fresh app with its own rooms and store.

No module-level state holds rooms: everything lives in `app.extensions["tabletop"]` (a
`rooms.Tables`), so every test gets a fresh server. Blueprints: `pages` (the HTML pages, static
files, locales), `api` (rooms, QR codes, records) and `hub` (the websocket).
"""

from __future__ import annotations

import gzip
import json
import mimetypes
import os
import re
import threading
from pathlib import Path

from flask import Blueprint, Flask, Response, abort, current_app, jsonify, request, send_from_directory
from werkzeug.security import safe_join

import engine

from . import computer, hub, qr
from .rooms import Refused, Tables
from .store import Store

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "id", "fr", "ms", "nb")

DEFAULTS = {
    "NAME": "Domino table",
    "DATA": str(ROOT / "data"),  # folder of tabletop.sqlite3
    "BASE_URL": None,  # e.g. http://192.168.1.20:8000 (None: from the request)
    "KIOSK": False,
    "PIN": None,
    "COMPUTER_DELAY": 1.2,  # seconds a computer "thinks" (0 in tests)
    "WIFI_SSID": None,
    "WIFI_PASSWORD": None,
    "IDLE_CLOSE": None,  # seconds without change or phone before a room closes
    # (None: 30 min in kiosk mode, 24 h otherwise; 0: never)
    "RATE_LIMIT": (20.0, 40.0),  # per websocket: messages per second, burst
    "WEB_DIR": str(ROOT / "web"),
    "LOCALES_DIR": str(ROOT / "locales"),
}


def tables() -> Tables:
    return current_app.extensions["tabletop"]


# -- pages -------------------------------------------------------------------------------------

pages = Blueprint("pages", __name__)


# -- gzip ----------------------------------------------------------------------------------------
# Text files are sent gzipped when the client accepts it: each file is compressed once and kept in
# memory, keyed by its path, mtime and size (an edited file is compressed again). Dynamic text
# answers (JSON, QR codes) are compressed on the fly when they are worth it.

COMPRESSIBLE = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "application/xml",
)
GZIP_MIN = 512  # bytes: smaller answers are sent as they are
_gz_cache: dict[str, tuple[tuple, bytes]] = {}
_gz_lock = threading.Lock()


def _compressible(mimetype: str | None) -> bool:
    return bool(mimetype) and mimetype.startswith(COMPRESSIBLE)


def _accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


def _gzipped_file(path: str, stamp: tuple) -> bytes:
    with _gz_lock:
        hit = _gz_cache.get(path)
        if hit is not None and hit[0] == stamp:
            return hit[1]
    with open(path, "rb") as f:
        data = gzip.compress(f.read(), compresslevel=9, mtime=0)
    with _gz_lock:
        if len(_gz_cache) > 512:
            _gz_cache.clear()
        _gz_cache[path] = (stamp, data)
    return data


def send_file_gz(directory: str, name: str, cache_control: str = "no-cache"):
    """`send_from_directory`, gzipped (from the in-memory cache) for clients that accept it."""
    path = safe_join(directory, name)
    mimetype = mimetypes.guess_type(name)[0] if path else None
    if path is None or not os.path.isfile(path) or not _compressible(mimetype):
        resp = send_from_directory(directory, name, max_age=0)
        resp.headers["Cache-Control"] = cache_control
        return resp
    if not _accepts_gzip():
        resp = send_from_directory(directory, name, max_age=0)
        resp.headers["Cache-Control"] = cache_control
        resp.vary.add("Accept-Encoding")
        return resp
    st = os.stat(path)
    stamp = (st.st_mtime_ns, st.st_size)
    resp = Response(_gzipped_file(path, stamp), mimetype=mimetype)
    resp.headers["Content-Encoding"] = "gzip"
    resp.headers["Cache-Control"] = cache_control
    resp.vary.add("Accept-Encoding")
    resp.set_etag(f"{st.st_mtime_ns:x}-{st.st_size:x}-gz")
    resp.last_modified = st.st_mtime
    return resp.make_conditional(request)


def gzip_dynamic(resp):
    """after_request: gzip a generated text answer (API JSON, QR SVG) for clients that accept it."""
    if (
        request.path == "/ws"
        or resp.direct_passthrough
        or resp.is_streamed
        or resp.status_code != 200
        or "Content-Encoding" in resp.headers
        or not _compressible(resp.mimetype)
    ):
        return resp
    resp.vary.add("Accept-Encoding")
    if not _accepts_gzip():
        return resp
    body = resp.get_data()
    if len(body) < GZIP_MIN:
        return resp
    resp.set_data(gzip.compress(body, compresslevel=6, mtime=0))
    resp.headers["Content-Encoding"] = "gzip"
    return resp


def _page(name: str):
    web = current_app.config["WEB_DIR"]
    if not os.path.isfile(os.path.join(web, name)):
        return Response(f"{name} is not built yet\n", status=404, mimetype="text/plain")
    return send_file_gz(web, name)


@pages.get("/")
def table_page():
    return _page("table.html")


@pages.get("/join")
def join_page():
    """The room-code box, for phones without a camera (and the home-screen icon)."""
    return _page("join.html")


@pages.get("/join/<room>")
def hand_page(room):
    return _page("hand.html")


@pages.get("/solo")
def solo_page():
    return _page("solo.html")


@pages.get("/static/<path:path>")
def static_file(path):
    return send_file_gz(current_app.config["WEB_DIR"], path)


@pages.get("/locales/<lang>.json")
def locale(lang):
    if not re.fullmatch(r"[a-z]{2}(-[A-Za-z]{2})?", lang):
        abort(404)
    return send_file_gz(current_app.config["LOCALES_DIR"], f"{lang}.json")


# -- api ---------------------------------------------------------------------------------------

api = Blueprint("api", __name__, url_prefix="/api")


def _error(code: str, status: int):
    return jsonify(error=code), status


def base_url() -> str:
    t = tables()
    return t.base_url


@api.get("/health")
def health():
    return jsonify(ok=True)


@api.get("/server")
def server():
    t = tables()
    return jsonify(
        name=t.name, kiosk=t.kiosk, pin=bool(t.pin), base_url=t.base_url, wifi=t.wifi is not None, protocol=1
    )


@api.get("/profiles")
def profiles():
    """Every profile's facts (engine.catalogue) with the computer levels a seat may take."""
    table = engine.catalogue()
    for entry in table.values():
        entry["levels"] = list(computer.LEVELS)
        entry["default_level"] = computer.DEFAULT_LEVEL
    return jsonify(table)


@api.get("/rooms")
def rooms():
    t = tables()
    out = []
    for room in list(t.rooms.values()):
        with room.lock:
            if not room.closed:
                out.append(room.summary())
    return jsonify(rooms=out)


def _room(room_id):
    try:
        return tables().get(room_id)
    except Refused:
        resp = jsonify(error="no_room")
        resp.status_code = 404
        abort(resp)


@api.get("/rooms/<room_id>")
def room(room_id):
    r = _room(room_id)
    with r.lock:
        return jsonify(r.summary())


@api.get("/rooms/<room_id>/join.svg")
def join_qr(room_id):
    r = _room(room_id)
    url = f"{tables().base_url}/join/{r.id}"
    seat = request.args.get("seat", type=int)
    if seat is not None and 0 <= seat < 16:
        url += f"?seat={seat}"
    return Response(qr.svg(url), mimetype="image/svg+xml")


@api.get("/wifi.svg")
def wifi_qr():
    t = tables()
    if t.wifi is None:
        return _error("no_wifi", 404)
    return Response(qr.svg(qr.wifi_payload(*t.wifi)), mimetype="image/svg+xml")


@api.get("/rooms/<room_id>/record")
def record(room_id):
    r = _room(room_id)
    with r.lock:
        state = r.state
        if r.record is None:
            return _error("not_started", 404)
        if state is not None and state.phase == "play":
            return _error("round_in_progress", 409)
        body = json.dumps(r.match.to_record(), indent=1)  # deals written out: portable
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="domino-{r.id}.json"'},
    )


# -- factory -----------------------------------------------------------------------------------


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.config.update(DEFAULTS)
    if config:
        app.config.update(config)
    data = app.config["DATA"]
    path = ":memory:" if data == ":memory:" else os.path.join(data, "tabletop.sqlite3")
    store = Store(path)
    wifi = (app.config["WIFI_SSID"], app.config["WIFI_PASSWORD"]) if app.config["WIFI_SSID"] else None
    t = Tables(
        store,
        name=app.config["NAME"],
        base_url=app.config["BASE_URL"] or "http://127.0.0.1:8000",
        kiosk=bool(app.config["KIOSK"]),
        pin=app.config["PIN"],
        computer_delay=float(app.config["COMPUTER_DELAY"]),
        wifi=wifi,
        rate=tuple(app.config["RATE_LIMIT"]),
    )
    t.restore()
    idle = app.config["IDLE_CLOSE"]
    if idle is None:
        idle = 30 * 60 if app.config["KIOSK"] else 24 * 3600
    if idle:
        t.start_sweeper(float(idle), every=min(60.0, float(idle) / 4))
    app.extensions["tabletop"] = t
    app.register_blueprint(pages)
    app.register_blueprint(api)
    app.after_request(gzip_dynamic)
    hub.init_app(app)
    return app
