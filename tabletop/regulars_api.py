"""The house's regulars over HTTP (`/api/regulars`, docs/PROTOCOL.md): a phone makes its
profile and reads it back with its profile token (`Authorization: Bearer <token>`), any screen
reads the leaderboard (a long poll: `?after=<seq>`), and the owner lists, renames, merges and
deletes regulars (behind the PIN in kiosk mode, as the director's page: the `X-Pin` header)."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from . import config, night_api
from .errors import Refused
from .messages import BadInput

bp = Blueprint("regulars", __name__, url_prefix="/api/regulars")

LONG_POLL_SECONDS = 25.0
STATUS = {
    "pin_required": 403,
    "bad_pin": 403,
    "rate_limited": 429,
    "bad_regular": 403,
    "no_regular": 404,
    "not_saved": 503,
}


def regulars():
    return current_app.extensions["tabletop"].regulars


@bp.errorhandler(Refused)
def _refused(exc: Refused):
    return jsonify({"error": exc.code, "detail": exc.detail, **exc.extra}), STATUS.get(exc.code, 409)


@bp.errorhandler(BadInput)
def _bad_input(exc: BadInput):
    return jsonify(error=exc.code, detail=exc.detail), 400


def _body() -> dict:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise Refused("bad_request", "a JSON object is expected")
    return body


def _token() -> str:
    auth = request.headers.get("Authorization", "")
    if not auth.startswith("Bearer "):
        raise Refused("bad_regular", "send the phone's profile token")
    return auth[7:].strip()


@bp.post("")
def create():
    """A phone asks the house to remember its player: `{"name", "colour", "mark"}`."""
    t = current_app.extensions["tabletop"]
    address = request.remote_addr or "?"
    if address not in config.OWN_SCREEN_ADDRESSES and not t.seat_takings.take(address):
        raise Refused("rate_limited", "too many profiles from this address; wait a moment")
    body = _body()
    token, regular = regulars().create(body.get("name"), body.get("colour"), body.get("mark"))
    return jsonify(token=token, regular=regular), 201


@bp.get("/me")
def me():
    return jsonify(regulars().me(_token()))


@bp.put("/me")
def change_me():
    """The player changes their own name, colour or mark."""
    mine = regulars().known(_token())
    body = _body()
    regular = regulars().update(
        mine["id"],
        body.get("name", mine["name"]),
        body.get("colour", mine["colour"]),
        body.get("mark", mine["mark"]),
    )
    return jsonify(regular=regular)


@bp.delete("/me")
def forget_me():
    """The player asks the house to forget them (as the owner's delete)."""
    regulars().delete(regulars().known(_token())["id"])
    return jsonify(ok=True)


@bp.get("/leaderboard")
def leaderboard():
    """`?game=<profile>&when=tonight|all`; without a game, the most played one."""
    r = regulars()
    after = request.args.get("after", type=int)
    if after is not None:
        r.wait(after, LONG_POLL_SECONDS)
    games = r.games_played()
    game = request.args.get("game") or (games[0] if games else "draw")
    board = r.leaderboard(game, request.args.get("when", "tonight"))
    return jsonify({**board, "games": games})


@bp.get("")
def listing():
    night_api._director()
    return jsonify(regulars=regulars().listing())


@bp.post("/<int:regular>/rename")
def rename(regular: int):
    night_api._director()
    return jsonify(regular=regulars().rename(regular, _body().get("name")))


@bp.post("/<int:regular>/merge")
def merge(regular: int):
    night_api._director()
    regulars().merge(regular, _body().get("into"))
    return jsonify(ok=True)


@bp.delete("/<int:regular>")
def delete(regular: int):
    night_api._director()
    regulars().delete(regular)
    return jsonify(ok=True)
