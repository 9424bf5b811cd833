"""QR codes without Pillow: SVG for the pages, text for the terminal, WIFI: join codes."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def _qr(data: str) -> qrcode.QRCode:
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    qr.add_data(data)
    qr.make(fit=True)
    return qr


def svg(data: str) -> bytes:
    """An SVG QR code (a single path; scales to any size)."""
    img = _qr(data).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    out = io.BytesIO()
    img.save(out)
    return out.getvalue()


def terminal(data: str, invert: bool = False) -> str:
    """The QR code drawn with block characters, for `tabletop serve`'s console."""
    out = io.StringIO()
    _qr(data).print_ascii(out=out, invert=invert)
    return out.getvalue()


def _wifi_escape(text: str) -> str:
    for ch in '\\;,:"':
        text = text.replace(ch, "\\" + ch)
    return text


def wifi_payload(ssid: str, password: str | None = None, hidden: bool = False) -> str:
    """The `WIFI:` join format understood by Android and iOS cameras."""
    auth = "WPA" if password else "nopass"
    parts = [f"T:{auth}", f"S:{_wifi_escape(ssid)}"]
    if password:
        parts.append(f"P:{_wifi_escape(password)}")
    if hidden:
        parts.append("H:true")
    return "WIFI:" + ";".join(parts) + ";;"
