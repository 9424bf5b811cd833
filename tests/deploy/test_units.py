"""The Pi's files: the systemd unit verifies, refuses to start without a PIN (no restart loop),
the kiosk autostart entry is valid, and the shell scripts pass shellcheck."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "scripts" / "domino-table.service"
DESKTOP = ROOT / "scripts" / "domino-kiosk.desktop"
SCRIPTS = [ROOT / "scripts" / name for name in ("install-pi", "kiosk", "serve", "_env.sh")]


def unit_values(key: str) -> list[str]:
    return [line.split("=", 1)[1] for line in UNIT.read_text().splitlines() if line.startswith(key + "=")]


def exec_start(env: dict[str, str]) -> list[str]:
    """The unit's ExecStart as systemd runs it: each word `${VAR}` becomes exactly one argument."""
    words = shlex.split(unit_values("ExecStart")[0])
    return [re.sub(r"\$\{(\w+)\}", lambda m: env.get(m.group(1), ""), w) for w in words]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here")
def test_server_unit_verifies(tmp_path):
    # verify checks that ExecStart's program exists: point /opt/domino-table at a stand-in
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    program = tmp_path / "venv" / "bin" / "tabletop"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    unit = tmp_path / UNIT.name
    unit.write_text(UNIT.read_text().replace("/opt/domino-table", str(tmp_path)))
    out = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stderr.strip() == "", out.stderr  # warnings count too


def test_server_unit_is_its_own_user_and_refuses_without_a_pin(tmp_path):
    assert unit_values("User") == ["domino-table"] and unit_values("StateDirectory") == ["domino-table"]
    assert unit_values("RestartPreventExitStatus") == ["2"] and unit_values("WantedBy") == [
        "multi-user.target"
    ]
    assert "graphical-session.target" not in UNIT.read_text()
    for env in ({}, {"TABLE_PIN": "12-34", "TABLE_NAME": "Café"}):
        argv = exec_start({"TABLE_NAME": "Domino table", **env})
        assert argv[0] == "/opt/domino-table/venv/bin/tabletop"
        argv = [sys.executable, "-m", "tabletop", *argv[1:]]
        argv[argv.index("--data") + 1] = str(tmp_path)
        out = subprocess.run(argv, capture_output=True, text=True, timeout=30, cwd=tmp_path)
        assert out.returncode == 2 and "tabletop:" in out.stderr, out.stderr


def test_server_unit_passes_the_hotspot_network_when_set():
    from tabletop.cli import build_parser

    for env, want in (({}, None), ({"TABLE_HOTSPOT_NETWORK": "10.42.0.1/24"}, "10.42.0.1/24")):
        argv = exec_start({"TABLE_PIN": "2468", **env})
        args = build_parser().parse_args(argv[1:])
        assert (args.hotspot_network or None) == want


def needs(program: str, package: str) -> None:
    """scripts/test installs the Debian package when it is missing: a test that needs it fails
    without it, rather than skipping what it checks."""
    assert shutil.which(program), f"{program} is not installed: apt-get install {package} (scripts/test does)"


def test_kiosk_autostart_entry_is_valid():
    needs("desktop-file-validate", "desktop-file-utils")
    out = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0 and out.stdout.strip() == "", out.stdout


def test_kiosk_autostart_starts_the_installed_kiosk():
    text = DESKTOP.read_text()
    assert "Exec=/opt/domino-table/bin/domino-kiosk http://127.0.0.1:8000/" in text
    assert (
        'install -D -m 0755 "$ROOT/scripts/kiosk" "$OPT/bin/domino-kiosk"'
        in (ROOT / "scripts" / "install-pi").read_text()
    )


def test_the_kiosk_lets_the_table_play_sound_without_a_tap(tmp_path):
    """Chromium started so that the table page's AudioContext runs without a user gesture."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    args = tmp_path / "args"
    for name, body in (("curl", "exit 0"), ("chromium", f'printf "%s\\n" "$@" > {shlex.quote(str(args))}')):
        fake = bin_dir / name
        fake.write_text(f"#!/bin/sh\n{body}\n")
        fake.chmod(0o755)
    env = {
        "PATH": f"{bin_dir}:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "XDG_STATE_HOME": str(tmp_path / "state"),
    }
    run = subprocess.run(
        ["bash", str(ROOT / "scripts" / "kiosk"), "http://127.0.0.1:8000/"],
        env=env,
        capture_output=True,
        timeout=30,
    )
    assert run.returncode == 0, run.stderr
    given = args.read_text().split("\n")
    assert "--autoplay-policy=no-user-gesture-required" in given
    assert "--kiosk" in given and "http://127.0.0.1:8000/" in given


def test_shell_scripts_parse():
    for script in SCRIPTS:
        out = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, timeout=30)
        assert out.returncode == 0, (script.name, out.stderr)


def test_shell_scripts_pass_shellcheck():
    needs("shellcheck", "shellcheck")
    out = subprocess.run(
        ["shellcheck", "-x", "-P", str(ROOT / "scripts"), *map(str, SCRIPTS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stdout
