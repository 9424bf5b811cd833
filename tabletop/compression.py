"""Gzip for text answers, when the client accepts it.

Files are compressed once and kept in memory per app (`app.extensions["gzip"]`), keyed by
path, mtime and size, so an edited file is compressed again. Generated text answers (API
JSON, QR codes) are compressed on the fly when they are worth it (`gzip_dynamic`).
"""

from __future__ import annotations

import gzip
import mimetypes
import os
import threading
from datetime import UTC, datetime

from flask import Response, current_app, request, send_from_directory
from werkzeug.security import safe_join

from . import config

COMPRESSIBLE = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "application/xml",
)


class FileCache:
    """Compressed files by path: (stamp, bytes), where stamp is the file's (mtime_ns, size)."""

    def __init__(self, limit: int = config.GZIP_CACHE_FILES):
        self.limit = limit
        self.files: dict[str, tuple[tuple, bytes]] = {}
        self._lock = threading.Lock()

    def get(self, path: str, stamp: tuple) -> bytes:
        with self._lock:
            hit = self.files.get(path)
            if hit is not None and hit[0] == stamp:
                return hit[1]
        with open(path, "rb") as f:
            data = gzip.compress(f.read(), compresslevel=9, mtime=0)
        with self._lock:
            if len(self.files) > self.limit:
                self.files.clear()
            self.files[path] = (stamp, data)
        return data


def _compressible(mimetype: str | None) -> bool:
    return mimetype is not None and mimetype.startswith(COMPRESSIBLE)


def _accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


def _plain_file(directory: str, name: str, cache_control: str, varies: bool):
    resp = send_from_directory(directory, name, max_age=0)
    resp.headers["Cache-Control"] = cache_control
    if varies:
        resp.vary.add("Accept-Encoding")
    return resp


def send_file_gz(directory: str, name: str, cache_control: str = "no-cache"):
    """`send_from_directory`, gzipped (from the app's file cache) for clients that accept it."""
    path = safe_join(directory, name)
    mimetype = mimetypes.guess_type(name)[0] if path else None
    if path is None or not os.path.isfile(path) or not _compressible(mimetype):
        return _plain_file(directory, name, cache_control, varies=False)
    if not _accepts_gzip():
        return _plain_file(directory, name, cache_control, varies=True)
    st = os.stat(path)
    stamp = (st.st_mtime_ns, st.st_size)
    zipped = current_app.extensions["gzip"].get(path, stamp)
    modified = datetime.fromtimestamp(st.st_mtime, UTC)
    return _answer(zipped, True, str(mimetype), f"{st.st_mtime_ns:x}-{st.st_size:x}", cache_control, modified)


def send_bytes_gz(plain: bytes, zipped: bytes, mimetype: str, etag: str, cache_control: str = "no-cache"):
    """Bytes kept in memory with their gzip (a generated file), sent as `send_file_gz` sends a
    file: gzipped for clients that accept it, conditional on `etag`."""
    accepts = _accepts_gzip()
    return _answer(zipped if accepts else plain, accepts, mimetype, etag, cache_control)


def _answer(data: bytes, zipped: bool, mimetype: str, etag: str, cache_control: str, modified=None):
    resp = Response(data, mimetype=mimetype)
    if zipped:
        resp.headers["Content-Encoding"] = "gzip"
    resp.headers["Cache-Control"] = cache_control
    resp.vary.add("Accept-Encoding")
    resp.set_etag(f"{etag}-gz" if zipped else etag)
    if modified is not None:
        resp.last_modified = modified
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
    if len(body) < config.GZIP_MIN:
        return resp
    resp.set_data(gzip.compress(body, compresslevel=6, mtime=0))
    resp.headers["Content-Encoding"] = "gzip"
    return resp


def init_app(app) -> None:
    app.extensions["gzip"] = FileCache()
    app.after_request(gzip_dynamic)
