"""scripts/serve on an installed .venv: no pip, so no network (an offline Pi keeps starting)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_serve_does_not_call_pip_when_installed(tmp_path):
    # a stand-in `pip` module first on PYTHONPATH: `python -m pip` would run it and leave a mark
    shim = tmp_path / "shim" / "pip"
    shim.mkdir(parents=True)
    mark = tmp_path / "pip-was-called"
    (shim / "__init__.py").write_text("")
    (shim / "__main__.py").write_text(f"open({str(mark)!r}, 'w').close()\nraise SystemExit(1)\n")
    env = {**os.environ, "PYTHONPATH": str(shim.parent)}
    out = subprocess.run(
        ["bash", str(ROOT / "scripts" / "serve"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert out.returncode == 0 and "--data" in out.stdout, out.stderr
    assert not mark.exists()
    # and the stand-in works: the same pip call the install step makes is caught
    probe = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "python"), "-m", "pip", "--version"], env=env, timeout=60
    )
    assert probe.returncode == 1 and mark.exists()


def install_pi(tmp_path, *args: str, arch: str = "arm64", nm_running: bool = True):
    """scripts/install-pi with stand-ins for the commands its first checks call (as root, a 32- or
    64-bit Pi OS, NetworkManager running or not); every check here comes before any change."""
    bin_ = tmp_path / "bin"
    bin_.mkdir(exist_ok=True)
    stubs = {
        "id": 'if [ "$1" = -u ]; then echo 0; else /usr/bin/id "$@"; fi',
        "dpkg": f"echo {arch}",
        "nmcli": "exit 0",
        "systemctl": f"exit {0 if nm_running else 3}",
        "apt-get": f"touch {tmp_path}/apt-get-was-called; exit 1",
    }
    for name, body in stubs.items():
        (bin_ / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_ / name).chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_}:/usr/bin:/bin"}
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / "install-pi"), "--user", "root", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_install_pi_refuses_32_bit_pi_os_naming_the_64_bit_image(tmp_path):
    out = install_pi(tmp_path, "--pin", "2468", arch="armhf")
    assert out.returncode == 2, out.stderr
    assert "armhf (32-bit) is not supported" in out.stderr and '"Raspberry Pi OS (64-bit)"' in out.stderr
    assert not (tmp_path / "apt-get-was-called").exists()


def test_install_pi_hotspot_asks_for_network_manager_before_calling_nmcli(tmp_path):
    out = install_pi(tmp_path, "--pin", "2468", "--hotspot", "Table", "secret123", nm_running=False)
    assert out.returncode == 2, out.stderr
    assert "--hotspot needs NetworkManager" in out.stderr
    assert "apt-get install network-manager" in out.stderr and "do_netconf 2" in out.stderr
    assert not (tmp_path / "apt-get-was-called").exists()
