"""`tabletop serve` on the command line: its help, its one-sentence refusals, and the one
`Settings` value it builds and hands to `create_app`."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from tabletop import config
from tabletop.app import create_app
from tabletop.cli import build_parser, settings_from
from tabletop.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def tabletop(*args: str, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def test_help_groups_the_options_and_gives_two_examples():
    for argv, command in (
        ([sys.executable, "-m", "tabletop", "serve", "--help"], "tabletop serve"),
        (["bash", str(ROOT / "scripts" / "serve"), "--help"], "scripts/serve"),
    ):
        out = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        text = out.stdout
        groups = ["at home:", "in a café:", "network:", "development:", "examples:"]
        at = [text.find(g) for g in groups]
        assert -1 not in at and at == sorted(at), text  # in this order

        def opt(name: str, text: str = text) -> int:  # where it is described (not in the usage)
            return text.index("\n  " + name)

        assert at[0] < opt("--name") < at[1] < opt("--kiosk") < at[2] < opt("--port") < at[3]
        assert at[3] < opt("--dev") < at[4]
        assert text.startswith(f"usage: {command} [-h]"), text
        examples = [line.strip() for line in text[at[4] :].splitlines() if command in line]
        assert examples[0] == command and examples[1].startswith(f"{command} --kiosk --pin"), examples
        assert len(examples) == 2, examples


def test_a_wrong_option_is_one_sentence():
    for args, needle in (
        (["serve", "--prot", "8000"], "--prot"),
        (["serve", "--port", "eight"], "'eight'"),
        (["serve", "--kiosk"], "--pin"),
        (["serve", "--port", "70000"], "70000"),
        (["serve", "--header-timeout", "0", "--no-mdns"], "--header-timeout"),
        (["serve", "--data", "/proc/no-such-folder", "--no-mdns"], "/proc/no-such-folder"),
    ):
        out = tabletop(*args)
        lines = out.stderr.strip().splitlines()
        assert out.returncode == 2 and len(lines) == 1 and needle in lines[0], out.stderr
        assert lines[0].startswith("tabletop") and lines[0].endswith("."), lines
        assert out.stdout == ""
    out = subprocess.run(
        ["bash", str(ROOT / "scripts" / "serve"), "--prot", "1"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2 and out.stderr == (
        "scripts/serve: unrecognized arguments: --prot 1; see `scripts/serve --help`.\n"
    )


def test_a_port_in_use_is_one_sentence_and_no_banner(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for dev in ([], ["--dev"]):
            out = tabletop(
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-mdns",
                "--data",
                str(tmp_path),
                *dev,
            )
            lines = out.stderr.strip().splitlines()
            assert out.returncode == 1 and len(lines) == 1, out.stderr
            assert f"port {port} of 127.0.0.1 is already in use" in lines[0] and "--port" in lines[0]
            assert "phones scan this" not in out.stdout  # nothing served, no address shown
            assert not (tmp_path / "tabletop.sqlite3").exists()  # the port is checked first


def test_the_command_line_is_one_settings_value_that_create_app_runs_with(tmp_path):
    argv = ["serve", "--name", "Café", "--data", str(tmp_path), "--kiosk", "--pin", "2468"]
    argv += ["--wifi-ssid", "Net", "--port", "9001", "--advertise", "10.0.0.7", "--no-mdns"]
    argv += ["--computer-delay", "0", "--message-rate", "100", "--header-timeout", "3"]
    settings = settings_from(build_parser().parse_args(argv))
    assert (settings.name, settings.data, settings.kiosk, settings.pin) == (
        "Café",
        str(tmp_path),
        True,
        "2468",
    )
    assert settings.wifi == ("Net", None) and settings.port == 9001 and not settings.mdns
    assert settings.first_url == "http://10.0.0.7:9001" and settings.rate[0] == 100.0
    assert settings.idle_seconds == config.IDLE_CLOSE_KIOSK
    assert settings.header_timeout == 3.0
    app = create_app(settings)
    tables = app.extensions["tabletop"]
    try:
        assert tables.settings is settings
        assert (tables.name, tables.kiosk, tables.pin, tables.wifi) == ("Café", True, "2468", ("Net", None))
        assert tables.base_url == "http://10.0.0.7:9001" and tables.rate == settings.rate
        assert (tmp_path / "tabletop.sqlite3").is_file()
    finally:
        tables.shutdown()
        tables.store.close()
    default = settings_from(build_parser().parse_args(["serve"]))
    assert default == Settings()  # the command line's defaults are the table's
    assert (default.host, default.port) == (config.HOST, config.PORT)
