"""Security headers on every HTTP answer (pages, files, API JSON, errors).

The pages load only their own scripts, styles, images and websocket (no inline script or
style, no other site), may not be framed by another page (clickjacking a PIN pad or a seat
button), are never content-sniffed into another type, and send no `Referer` to anyone.
"""

from __future__ import annotations

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",  # fetch and the websocket (CSP 3: 'self' covers ws: to this host)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers older than CSP 2
    "Referrer-Policy": "no-referrer",
}


def add_headers(response):
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_app(app) -> None:
    app.after_request(add_headers)
