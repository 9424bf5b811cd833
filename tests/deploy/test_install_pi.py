"""scripts/install-pi run whole, as root, in a private mount namespace: /opt, /etc/default,
/etc/systemd/system and the desktop user's ~/.config are empty folders of the test's, and
systemctl, useradd, runuser and chown are stand-ins. It installs the table from a copy of the checkout
and leaves the checkout as it was: no root-owned build/ or *.egg-info. The dependencies are not
installed (PIP_NO_DEPS): only the table's own wheel is built, as install-pi builds it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.wheel
if os.geteuid() != 0 or shutil.which("unshare") is None:
    pytestmark = [pytestmark, pytest.mark.skip(reason="needs root and unshare (a private mount namespace)")]

STUBS = {
    # every call is logged; `is-active` says NetworkManager runs
    "systemctl": 'echo "systemctl $*" >> "$LOG"; exit 0',
    "useradd": 'echo "useradd $*" >> "$LOG"; exit 0',
    # the service user is this test's root: run the command that follows "--"
    "runuser": 'while [ "$1" != -- ]; do shift; done; shift; exec "$@"',
    "id": 'if [ "$1" = -u ] && [ "$2" = domino-table ]; then echo 999; else exec /usr/bin/id "$@"; fi',
    "apt-get": 'echo "apt-get $*" >> "$LOG"; exit 1',
    "chown": 'echo "chown $*" >> "$LOG"; exit 0',  # the group domino-table does not exist here
}

MOUNTS = ["/opt", "/etc/default", "/etc/systemd/system", "/root/.config"]


def checkout_copy(dest: Path) -> Path:
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, files.decode().split("\0")):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


def tree(path: Path) -> set[str]:
    return {p.relative_to(path).as_posix() for p in path.rglob("*") if "__pycache__" not in p.parts}


def test_install_pi_leaves_the_checkout_as_it_was(tmp_path):
    checkout = checkout_copy(tmp_path / "checkout")
    before = tree(checkout)
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for name, body in STUBS.items():
        (bin_ / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_ / name).chmod(0o755)
    mounts = []
    for target in MOUNTS:
        own = tmp_path / "mnt" / target.strip("/").replace("/", "-")
        own.mkdir(parents=True)
        mounts.append(f"mkdir -p {target} && mount --bind {own} {target}")
    log = tmp_path / "calls.log"
    script = " && ".join(mounts) + f" && exec bash {checkout}/scripts/install-pi --pin 2468 --user root"
    env = {**os.environ, "PATH": f"{bin_}:/usr/bin:/bin:/usr/sbin:/sbin", "LOG": str(log), "PIP_NO_DEPS": "1"}
    env.pop("VIRTUAL_ENV", None)
    out = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "done: the server runs" in out.stderr
    after = tree(checkout)
    assert after == before, sorted(after ^ before)  # no build/, no *.egg-info, nothing else
    opt = tmp_path / "mnt" / "opt" / "domino-table"
    installed = list((opt / "venv" / "lib").glob("python3*/site-packages/domino_table-*.dist-info"))
    assert len(installed) == 1 and (opt / "bin" / "domino-kiosk").exists()
    assert (opt / ".installed").read_text().strip()
    defaults = (tmp_path / "mnt" / "etc-default" / "domino-table").read_text()
    assert 'TABLE_PIN="2468"' in defaults and "TABLE_HOTSPOT_NETWORK" not in defaults
    assert (tmp_path / "mnt" / "etc-systemd-system" / "domino-table.service").exists()
    assert "systemctl restart domino-table" in log.read_text()
    assert "chown root:domino-table /etc/default/domino-table" in log.read_text()
