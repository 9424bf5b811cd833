"""The wheel carries the pages: built, installed into a venv outside the checkout, then served."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from serverproc import Server, free_port

from .util import get

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.wheel


def checkout_files() -> set[str]:
    """Every file the wheel must hold, as its path inside the wheel."""
    want = set()
    for pkg in ("engine", "tabletop"):
        want |= {p.relative_to(ROOT).as_posix() for p in (ROOT / pkg).rglob("*.py")}
    for folder in ("web", "locales"):
        for p in (ROOT / folder).rglob("*"):
            if p.is_file():
                want.add("tabletop/" + p.relative_to(ROOT).as_posix())
    return want


def test_installed_wheel_serves_pages_from_any_directory(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(dist)],
        check=True,
        timeout=300,
    )
    (wheel,) = dist.glob("domino_table-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert checkout_files() - names == set()

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "-c", str(ROOT / "constraints.txt"), str(wheel)], check=True, timeout=600)

    elsewhere = tmp_path / "elsewhere"
    home = tmp_path / "home"
    elsewhere.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "XDG_DATA_HOME", "VIRTUAL_ENV")}
    env["HOME"] = str(home)
    found = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import tabletop; print(tabletop.__file__)"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert found.startswith(str(venv)), found  # the installed copy, not the checkout

    port = free_port()
    cmd = [str(venv / "bin" / "tabletop"), "serve", "--host", "127.0.0.1", "--port", str(port), "--no-mdns"]
    server = Server(cmd, port, cwd=elsewhere, env=env, output=tmp_path / "server.log", timeout=30)
    base = server.url
    try:
        for path, kind, needle in (
            ("/", "text/html", b"<html"),
            ("/join/ABCDE?seat=0", "text/html", b"<html"),
            ("/static/js/pages/host.js", "text/javascript", b"import"),
            ("/locales/en.json", "application/json", b"{"),
        ):
            status, ctype, body = get(base + path)
            assert (status, ctype) == (200, kind), path
            assert needle in body.lower(), path
        # the default data folder is the per-user one, not inside site-packages
        assert (home / ".local" / "share" / "domino-table" / "tabletop.sqlite3").is_file()
    finally:
        server.stop(20)
