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


QUIET_ZONE = 4  # modules of light margin a scanner needs around the code (the standard's minimum)
ANSI_FG = {True: 30, False: 97}  # dark module: black; light module: bright white
ANSI_BG = {True: 40, False: 107}


def _terminal_qr(data: str) -> qrcode.QRCode:
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=QUIET_ZONE)
    qr.add_data(data)
    qr.make(fit=True)
    return qr


def terminal(data: str, invert: bool = False, color: bool = False) -> str:
    """The QR code drawn with block characters, for `tabletop serve`'s console, with its quiet
    zone. With `color`, both the dark and the light modules are painted (ANSI black and white
    on upper half blocks, two rows per line), so it scans the same on dark and light terminals;
    without, plain characters for a log (dark modules in the text colour)."""
    qr = _terminal_qr(data)
    if not color:
        out = io.StringIO()
        qr.print_ascii(out=out, invert=invert)
        return out.getvalue()
    rows = qr.get_matrix()
    if len(rows) % 2:
        rows = rows + [[False] * len(rows[0])]
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2]):
        cells = "".join(f"\x1b[{ANSI_FG[t]};{ANSI_BG[b]}m▀" for t, b in zip(top, bottom))
        lines.append(cells + "\x1b[0m")
    return "\n".join(lines) + "\n"


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
