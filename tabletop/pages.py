"""The HTML pages, the files under `web/` and the locale catalogues (gzipped when accepted)."""

from __future__ import annotations

import os
import re

from flask import Blueprint, abort, current_app, jsonify

from . import catalogues
from .compression import send_bytes_gz, send_file_gz

bp = Blueprint("pages", __name__)


def _settings():
    return current_app.extensions["tabletop"].settings


def _page(name: str):
    web = _settings().web_dir
    if not os.path.isfile(os.path.join(web, name)):
        return jsonify(error="not_built", page=name), 404
    return send_file_gz(web, name)


@bp.get("/")
def table_page():
    return _page("table.html")


@bp.get("/join")
def join_page():
    """The room-code box, for phones without a camera (and the home-screen icon)."""
    return _page("join.html")


@bp.get("/join/<room>")
def hand_page(room):
    return _page("hand.html")


@bp.get("/director")
def director_page():
    """The night's tournament: the director creates it, starts rounds, corrects results."""
    return _page("director.html")


@bp.get("/night")
def night_page():
    """A player's phone in the tournament: enter once, then where to sit each round."""
    return _page("night.html")


@bp.get("/standings")
def standings_page():
    """The tournament's standings and pairings for a big screen (and for print)."""
    return _page("standings.html")


@bp.get("/regulars")
def regulars_page():
    """A phone's profile at this table server: name, colour, mark, statistics."""
    return _page("regulars.html")


@bp.get("/leaderboard")
def leaderboard_page():
    """The house's leaderboard of the regulars for a big screen, per game, tonight and all time."""
    return _page("leaderboard.html")


@bp.get("/watch/<room>")
def watch_page(room):
    """A second screen of a table: the same table, view only."""
    return _page("watch.html")


@bp.get("/solo")
def solo_page():
    return _page("solo.html")


@bp.get("/static/<path:path>")
def static_file(path):
    return send_file_gz(_settings().web_dir, path)


@bp.get("/locales/<lang>.json")
def locale(lang):
    """The language's catalogue without its lazy parts (tabletop/catalogues.py)."""
    return _catalogue(lang, None)


@bp.get("/locales/<lang>/<part>.json")
def locale_part(lang, part):
    """One lazy part of the language's catalogue (`rules`: the rules panel's words)."""
    if part not in catalogues.LAZY:
        abort(404)
    return _catalogue(lang, part)


def _catalogue(lang: str, part: str | None):
    if not re.fullmatch(r"[a-z]{2}(-[A-Za-z]{2})?", lang):
        abort(404)
    path = os.path.join(_settings().locales_dir, f"{lang}.json")
    if not os.path.isfile(path):
        abort(404)
    cache = current_app.extensions.setdefault("catalogues", catalogues.CatalogueCache())
    (mtime_ns, size), body, gz = cache.get(path, part)
    return send_bytes_gz(body, gz, "application/json", f"{mtime_ns:x}-{size:x}-{part or 'first'}")
