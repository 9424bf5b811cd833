"""The night's tournament over HTTP (`/api/tournament`, docs/PROTOCOL.md): the director's
changes (behind the PIN in kiosk mode, given as the `X-Pin` header), the players' entry and
their own page, the standings as JSON (a long poll: `?after=<seq>`) and as CSV."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, current_app, jsonify, request

from . import config, qr
from .errors import Refused
from .messages import NAME, BadInput

bp = Blueprint("night", __name__, url_prefix="/api/tournament")

LONG_POLL_SECONDS = 25.0
STATUS = {
    "pin_required": 403,
    "bad_pin": 403,
    "rate_limited": 429,
    "bad_token": 403,
    "bad_regular": 403,
    "no_tournament": 404,
    "no_room": 404,
    "not_saved": 503,
}


def tables():
    return current_app.extensions["tabletop"]


def night():
    return tables().night


class _Caller:
    """An HTTP request as the PIN's tries count it: by its client address."""

    __slots__ = ("address", "own_screen")

    def __init__(self, address: str):
        self.address = address
        self.own_screen = address in config.OWN_SCREEN_ADDRESSES


@bp.errorhandler(Refused)
def _refused(exc: Refused):
    body = {"error": exc.code, "detail": exc.detail, **exc.extra}
    return jsonify(body), STATUS.get(exc.code, 409)


@bp.errorhandler(BadInput)
def _bad_input(exc: BadInput):
    return jsonify(error=exc.code, detail=exc.detail), 400


def _director() -> None:
    """In kiosk mode with a PIN, the director's changes need it (as the table's host actions)."""
    t = tables()
    if not t.guarded:
        return
    pin = request.headers.get("X-Pin")
    if not pin:
        raise Refused("pin_required", "the director's page needs the table's PIN")
    if not t.check_pin(pin, _Caller(request.remote_addr or "?")):
        raise Refused("bad_pin")


def _body() -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise Refused("bad_request", "a JSON object is expected")
    return body


def _int(body: dict, key: str) -> int:
    v = body.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise Refused("bad_request", f"{key} must be a whole number")
    return v


def _bearer() -> str:
    auth = request.headers.get("Authorization", "")
    if not auth.startswith("Bearer "):
        raise Refused("bad_token", "send the player's token")
    return auth[7:].strip()


def _after() -> None:
    after = request.args.get("after", type=int)
    if after is not None:
        night().wait(after, LONG_POLL_SECONDS)


@bp.get("")
def show():
    _after()
    return jsonify(night().snapshot())


@bp.post("")
def create():
    _director()
    night().create(_body())
    return jsonify(night().snapshot()), 201


@bp.post("/pin")
def pin():
    """Whether the PIN given opens the director's page (so the page asks for it once)."""
    _director()
    return jsonify(ok=True)


@bp.post("/close")
def close():
    _director()
    night().close()
    return jsonify(ok=True)


@bp.post("/rounds")
def start_round():
    _director()
    return jsonify(round=night().start_round())


@bp.post("/withdraw")
def withdraw():
    _director()
    night().withdraw(_int(_body(), "entrant"))
    return jsonify(ok=True)


@bp.post("/corrections")
def correction():
    _director()
    body = _body()
    points = body.get("points")
    if not isinstance(points, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in points
    ):
        raise Refused("bad_result", "points: a whole number for each side")
    reason = body.get("reason")
    if not isinstance(reason, str) or len(reason) > 200:
        raise Refused("no_reason", "a correction needs a reason (at most 200 characters)")
    night().correct(_int(body, "round"), _int(body, "table"), points, _int(body, "winner"), reason)
    return jsonify(ok=True)


@bp.post("/players")
def enter():
    """A player enters by the tournament's QR: `{"name"}` (fixed pairs: `{"names": [a, b]}`), with
    `"regular"`, the phone's profile token, when its player is a regular of the house.
    The answer's tokens are the phone's (one per name): it shows them as the player's place."""
    t = tables()
    caller = _Caller(request.remote_addr or "?")
    if not caller.own_screen and not t.seat_takings.take(
        caller.address
    ):  # as `join`: the table's own screen has no rate
        raise Refused("rate_limited", "too many entries from this address; wait a moment")
    body = _body()
    given = body.get("names", [body.get("name")])
    if not isinstance(given, list) or not 1 <= len(given) <= 2:
        raise Refused("bad_entry", "one name, or two for a fixed pair")
    clean = [NAME("name", n) for n in given]
    # a regular of the house (their phone's profile token): the night's games count to them too
    regular = t.regulars.known(body["regular"])["id"] if body.get("regular") is not None else None
    entrant, tokens = night().enter(clean, regular)
    return jsonify(entrant=entrant, tokens=tokens), 201


@bp.get("/me")
def me():
    _after()
    return jsonify(night().me(_bearer()))


@bp.get("/join.svg")
def join_qr():
    return Response(qr.svg(f"{tables().base_url}/night"), mimetype="image/svg+xml")


@bp.get("/place.svg")
def place_qr():
    """A player's own place as a QR code (`<base_url>/night#t=<token>`): the partner of a fixed
    pair, entered by the other's phone, scans it to hold their own token."""
    token = request.args.get("token", "")
    if night().holder(token) is None:
        raise Refused("bad_token", "no such player token")
    return Response(qr.svg(f"{tables().base_url}/night#t={token}"), mimetype="image/svg+xml")


@bp.get("/standings.csv")
def standings_csv():
    snap = night().snapshot()["tournament"]
    if snap is None:
        raise Refused("no_tournament", "no tournament is being played")
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(
        ["place", "name", "wins", "difference", "buchholz", "head_to_head", "games", "byes", "withdrawn"]
    )
    for s in snap["standings"]:
        w.writerow(
            [
                s["place"],
                " & ".join(s["names"]),
                s["wins"],
                s["difference"],
                s["buchholz"],
                s["head_to_head"],
                s["games"],
                s["byes"],
                "yes" if s["withdrawn"] else "",
            ]
        )
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="standings.csv"'},
    )
