"""Deployment's small parts: mDNS names, the host name file, the terminal QR, the interface list."""

from __future__ import annotations

import re
import subprocess
import sys
import threading

from tabletop import addresses, qr
from tabletop.announce import Announcer
from tabletop.discovery import HOST_FILE, HostName, cut_utf8, instance_label, txt_value
from tabletop.paths import user_data_dir
from tabletop.pin import pin_problem

ANSI_CELL = re.compile(r"\x1b\[(\d+);(\d+)m▀")


def test_service_names_are_one_label_cut_by_bytes_at_a_character_boundary():
    assert instance_label("Café No. 5") == "Café No 5"  # a dot would split the DNS name
    long = instance_label("é" * 50)
    assert len(long.encode()) <= 59 and long == "é" * 29  # 58 bytes: no half character
    assert instance_label("a\tb\x00c") == "a b c"
    assert instance_label("...") == "Domino table"
    assert cut_utf8("日本語", 4) == "日"
    assert len(("name=" + txt_value("name", "é" * 300)).encode()) <= 255


def test_host_name_is_kept_and_renewed(tmp_path):
    first = HostName(tmp_path).label()
    assert re.fullmatch(r"domino-table-[0-9a-f]{6}", first)
    assert HostName(tmp_path).label() == first  # the same after a restart
    other = HostName(tmp_path)
    renewed = other.renew()
    assert renewed != first and (tmp_path / HOST_FILE).read_text().strip() == renewed
    (tmp_path / HOST_FILE).write_text("not a host name")
    assert HostName(tmp_path).label() != "not a host name"


def test_terminal_qr_paints_both_colours_with_a_quiet_zone():
    url = "http://192.168.4.1:8000/join"
    matrix = qr._terminal_qr(url).get_matrix()
    lines = qr.terminal(url, color=True).splitlines()
    drawn = []
    for line in lines:
        cells = ANSI_CELL.findall(line)
        assert len(cells) == len(matrix[0])
        drawn.append([fg == "30" for fg, _ in cells])  # upper half: the even row
        drawn.append([bg == "40" for _, bg in cells])  # lower half: the odd row
    assert drawn[: len(matrix)] == matrix
    assert all(not any(row) for row in drawn[len(matrix) :])  # the padding row is light
    for row in matrix[:4] + matrix[-4:]:
        assert not any(row)  # four light rows above and below
    assert all(not any(row[:4]) and not any(row[-4:]) for row in matrix)
    assert any(any(row) for row in matrix)


def test_per_user_data_folder_follows_xdg():
    assert user_data_dir({"XDG_DATA_HOME": "/srv/x"}, "linux").as_posix() == "/srv/x/domino-table"
    assert (
        user_data_dir({"XDG_DATA_HOME": "relative"}, "linux")
        .as_posix()
        .endswith("/.local/share/domino-table")
    )
    assert user_data_dir({"LOCALAPPDATA": "C:/Users/a/AppData/Local"}, "win32").name == "domino-table"


def test_interfaces_without_a_carrier_do_not_count(tmp_path):
    for name, flags, state in (
        ("up0", "0x1003", "up"),
        ("down0", "0x1002", "down"),
        ("nocarrier0", "0x1003", "down"),
        ("lo", "0x9", "unknown"),
    ):
        (tmp_path / name).mkdir()
        (tmp_path / name / "flags").write_text(flags + "\n")
        (tmp_path / name / "operstate").write_text(state + "\n")
    assert [n for n in ("up0", "down0", "nocarrier0", "lo") if addresses._link_is_up(n, tmp_path)] == [
        "up0",
        "lo",
    ]
    assert addresses._link_is_up("absent", tmp_path)  # no /sys: counted
    assert all(not ip.startswith("127.") for ip in addresses.usable_ipv4())


def test_watcher_reports_the_first_list_and_every_change():
    lists = iter([["10.0.0.2"], ["10.0.0.2"], [], ["192.168.4.1", "10.0.0.2"]])
    seen = []
    done = threading.Event()

    def on_change(found):
        seen.append(found)
        if len(seen) == 3:
            done.set()

    watcher = addresses.Watcher(
        on_change, interval=0.01, find=lambda: next(lists, ["192.168.4.1", "10.0.0.2"])
    )
    watcher.start()
    assert done.wait(5)
    watcher.stop()
    assert seen == [["10.0.0.2"], [], ["192.168.4.1", "10.0.0.2"]]


def test_one_pin_rule():
    assert [p for p in ("2468", "0000", "123456789012") if pin_problem(p)] == []
    for bad in ("12-34", "123", "1234567890123", "12a4", "１２３４", "", None, 1234):
        assert pin_problem(bad) == "a PIN is 4 to 12 digits (0-9)", bad


def test_a_pin_that_cannot_be_entered_is_refused_at_start(tmp_path):
    for args in (["--kiosk", "--pin", "98-76"], ["--pin", "987"]):
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "tabletop",
                "serve",
                "--no-mdns",
                "--port",
                "1",
                "--data",
                str(tmp_path),
                *args,
            ],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert out.returncode == 2 and "4 to 12 digits" in out.stderr, out.stderr
        assert "98" not in out.stderr  # the PIN itself is not echoed into logs


class FakeTables:
    base_url = "http://127.0.0.1:8000"


def test_announcer_keeps_base_url_and_banner_on_the_chosen_address():
    shown = []
    tables = FakeTables()
    a = Announcer(tables, "T", 8000, mdns=False, show=shown.append)
    a._apply(["10.0.0.5", "192.168.1.2"])  # the watcher's list, best first
    assert tables.base_url == "http://10.0.0.5:8000"
    a._apply(["10.0.0.5", "192.168.1.2"])
    a._apply([])  # every interface gone: loopback, for the big screen on this machine
    assert tables.base_url == "http://127.0.0.1:8000"
    assert shown == ["http://10.0.0.5:8000", "http://127.0.0.1:8000"]  # once per change

    fixed = Announcer(FakeTables(), "T", 8000, fixed="203.0.113.9", mdns=False, show=shown.append)
    assert fixed.watcher is None  # --advertise: never re-chosen
    fixed.start()
    assert fixed.tables.base_url == "http://203.0.113.9:8000" and shown[-1] == "http://203.0.113.9:8000"
    fixed.close()
