"""The JSON and SVG routes under `/api`: server facts, profiles, rooms, QR codes, records."""

from __future__ import annotations

import json
import logging

from flask import Blueprint, Response, abort, current_app, jsonify, request

import engine

from . import captive, computer, config, qr, recordfiles, replays, review
from .errors import Refused

log = logging.getLogger("tabletop.api")

bp = Blueprint("api", __name__, url_prefix="/api")


def tables():
    return current_app.extensions["tabletop"]


def _error(code: str, status: int):
    return jsonify(error=code), status


@bp.get("/health")
def health():
    return jsonify(ok=True)


@bp.get("/server")
def server():
    t = tables()
    return jsonify(
        name=t.name,
        kiosk=t.kiosk,
        pin=bool(t.pin),
        base_url=t.base_url,
        wifi=t.wifi is not None,
        wifi_ssid=t.wifi[0] if t.wifi else None,  # broadcast by the network anyway; never the password
        hotspot=captive.active(current_app),  # the Wi-Fi is the table's own (its phones may not reach others)
        protocol=config.PROTOCOL,
    )


@bp.get("/profiles")
def profiles():
    """Every profile's facts (engine.catalogue) with the computer levels a seat may take."""
    table = engine.catalogue()
    for entry in table.values():
        entry["levels"] = list(computer.LEVELS)
        entry["default_level"] = computer.DEFAULT_LEVEL
    return jsonify(table)


@bp.get("/rooms")
def rooms():
    return jsonify(rooms=tables().summaries())


def _room(room_id):
    try:
        return tables().get(room_id)
    except Refused:
        resp = jsonify(error="no_room")
        resp.status_code = 404
        abort(resp)


@bp.get("/rooms/<room_id>")
def room(room_id):
    return jsonify(_room(room_id).summary())


@bp.get("/rooms/<room_id>/join.svg")
def join_qr(room_id):
    url = _room(room_id).join_url
    seat = request.args.get("seat", type=int)
    if seat is not None and 0 <= seat < 16:
        url += f"?seat={seat}"
    return Response(qr.svg(url), mimetype="image/svg+xml")


@bp.get("/rooms/<room_id>/watch.svg")
def watch_qr(room_id):
    """The QR code of the room's second-screen page (`/watch/<room>`)."""
    return Response(qr.svg(_room(room_id).watch_url), mimetype="image/svg+xml")


@bp.get("/wifi.svg")
def wifi_qr():
    t = tables()
    if t.wifi is None:
        return _error("no_wifi", 404)
    return Response(qr.svg(qr.wifi_payload(*t.wifi)), mimetype="image/svg+xml")


@bp.get("/rooms/<room_id>/record")
def record(room_id):
    """The current game's record, between rounds, for the table's host token or a seat token of
    this room (`Authorization: Bearer <token>`): everyone else is refused."""
    r = _room(room_id)
    try:
        body = json.dumps(r.download(lambda: _viewer(r)), indent=1)
    except Refused as exc:
        return _error(exc.code, _RECORD_STATUS.get(exc.code, 404))
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="domino-{r.id}.json"'},
    )


# -- replays of finished rounds (tabletop/replays.py); `Authorization: Bearer <token>` says who
#    asks: the table's host token, or a phone's seat token (only the rounds it played)

_REPLAY_STATUS = {
    "bad_token": 403,
    "not_seen": 403,
    "round_in_progress": 409,
    "no_round": 404,
    "bad_seat": 400,
    "review_busy": 429,
}
_RECORD_STATUS = {"bad_token": 403, "round_in_progress": 409}


def _viewer(r):
    auth = request.headers.get("Authorization", "")
    return replays.viewer(r, auth[7:].strip() if auth.startswith("Bearer ") else None)


@bp.get("/rooms/<room_id>/replays")
def replay_list(room_id):
    r = _room(room_id)
    try:
        return jsonify(games=replays.listing(r, _viewer(r)))
    except Refused as exc:
        return _error(exc.code, _REPLAY_STATUS.get(exc.code, 400))


@bp.get("/rooms/<room_id>/replays/<int:game>/<int:round_no>")
def replay_round(room_id, game, round_no):
    r = _room(room_id)
    try:
        return jsonify(replays.steps(r, _viewer(r), game, round_no))
    except Refused as exc:
        return _error(exc.code, _REPLAY_STATUS.get(exc.code, 400))


@bp.get("/rooms/<room_id>/replays/<int:game>/<int:round_no>/review")
def replay_review(room_id, game, round_no):
    """The hard player's review of `?seat=` in a finished round: one JSON line per step as it is
    made (`tabletop/review.py`), so the screen shows the progress."""
    r = _room(room_id)
    return _review(r, round_no, lambda seat: review.choices(r, _viewer(r), game, round_no, seat))


@bp.get("/rooms/<room_id>/record-file/<int:round_no>/review")
def record_file_review(room_id, round_no):
    """The same for a finished round of the record file the table chose (the table's token)."""
    r = _room(room_id)

    def find(seat):
        _host(r)
        return review.file_choices(r, round_no, seat)

    return _review(r, round_no, find)


def _review(r, round_no, find):
    seat = request.args.get("seat", "")
    try:
        if not seat.isdecimal():
            _viewer(r)  # a bad token is said first
            raise Refused("bad_seat", "?seat= must be a seat number")
        record, found = find(int(seat))
    except Refused as exc:
        return _error(exc.code, _FILE_STATUS.get(exc.code) or _REPLAY_STATUS.get(exc.code, 400))
    slots = r.tables.review_slots
    if not slots.acquire(blocking=False):
        return _error("review_busy", 429)

    def lines():
        try:
            for line in review.stream(r, record, round_no, found, int(seat)):
                yield json.dumps(line, separators=(",", ":")) + "\n"
        except Exception:  # the status line has gone out: the error is the stream's last line
            log.exception("room %s: the review of round %s failed", r.id, round_no)
            yield json.dumps({"error": "review_failed"}) + "\n"
        finally:
            slots.release()  # also when the screen goes away mid-review (the generator is closed)

    return Response(lines(), mimetype="application/x-ndjson", headers={"Cache-Control": "no-store"})


# -- a record file chosen on the table's page (tabletop/recordfiles.py): the table's host token
#    only; the body is the file's text

_FILE_STATUS = {"bad_token": 403, "too_large": 413, "bad_record": 400, "no_record_file": 404}


def _host(r) -> None:
    if _viewer(r).seen is not None:  # a seat token: files are the table's
        raise Refused("bad_token", "only the table chooses record files")


@bp.post("/rooms/<room_id>/record-file")
def record_file(room_id):
    r = _room(room_id)
    try:
        _host(r)
        if (request.content_length or 0) > recordfiles.MAX_BYTES:
            raise Refused("too_large", f"a record file holds at most {recordfiles.MAX_BYTES} bytes")
        return jsonify(r.choose_record_file(request.stream.read(recordfiles.MAX_BYTES + 1)))
    except Refused as exc:
        return jsonify(error=exc.code, detail=exc.detail, **exc.extra), _FILE_STATUS.get(exc.code, 400)


@bp.get("/rooms/<room_id>/record-file/<int:round_no>")
def record_file_round(room_id, round_no):
    r = _room(room_id)
    try:
        _host(r)
        return jsonify(r.record_file_steps(round_no))
    except Refused as exc:
        return _error(exc.code, _FILE_STATUS.get(exc.code) or _REPLAY_STATUS.get(exc.code, 400))
