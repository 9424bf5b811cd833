"""Where the server's files are: the pages and catalogues it serves, and its data folder.

In a checkout (or an editable install) `web/` and `locales/` sit beside `tabletop/`; an installed
wheel carries them inside the package as `tabletop/web` and `tabletop/locales` (see
pyproject.toml). The default data folder is the per-user data directory, computed by the XDG
rule (no dependency for ten lines); the system service passes `--data /var/lib/domino-table`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent
APP_DIR_NAME = "domino-table"
SYSTEM_DATA = "/var/lib/domino-table"  # the system service's data folder (StateDirectory=)


def _bundled(name: str) -> Path:
    inside = PACKAGE / name
    return inside if inside.is_dir() else CHECKOUT / name


def web_dir() -> Path:
    return _bundled("web")


def locales_dir() -> Path:
    return _bundled("locales")


def user_data_dir(environ=os.environ, platform: str = sys.platform) -> Path:
    """The per-user data directory: $XDG_DATA_HOME (when absolute) or ~/.local/share on Linux
    and the BSDs, ~/Library/Application Support on macOS, %LOCALAPPDATA% on Windows."""
    if platform == "win32" and environ.get("LOCALAPPDATA"):
        return Path(environ["LOCALAPPDATA"]) / APP_DIR_NAME
    if platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    xdg = environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / APP_DIR_NAME
