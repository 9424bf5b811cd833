"""Discovery across real networks: a table in one network namespace, phones in others.

Each test builds its namespaces and veth links, and always removes them. Skipped, with the
reason, only where namespaces cannot be made (not root, no CAP_SYS_ADMIN)."""

from __future__ import annotations

import json
import re
import signal
import sys
import time

import pytest

from .netns import Lab, namespaces_unavailable
from .util import free_port

pytestmark = [pytest.mark.netns]
WHY_NOT = namespaces_unavailable()
if WHY_NOT:
    pytestmark.append(pytest.mark.skip(reason=WHY_NOT))

JOIN_LINE = re.compile(r"phones scan this to join \((http://[0-9.]+:\d+/join)\)")


def serve(lab: Lab, ns: str, tmp_path, port: int, *extra: str):
    data = tmp_path / f"data-{ns}"
    return lab.start(
        ns, sys.executable, "-u", "-m", "tabletop", "serve", "--port", str(port), "--data", str(data), *extra
    )


def join_url(server, timeout: float = 20, after: str = "") -> str:
    """The URL the latest console banner's QR code encodes (it prints the same URL beside)."""
    _, line = server.wait_for(lambda s: bool(JOIN_LINE.search(s)) and not (after and after in s), timeout)
    return JOIN_LINE.search(line).group(1)


def fetch(lab: Lab, ns: str, url: str) -> tuple[int, str]:
    """(status, body) of a GET from inside namespace `ns`; status 0 when nothing answered."""
    code = (
        "import sys, urllib.request, urllib.error\n"
        "try:\n r = urllib.request.urlopen(sys.argv[1], timeout=5)\n"
        " print(r.status); print(r.read().decode())\n"
        "except urllib.error.HTTPError as e:\n print(e.code)\n"
        "except OSError as e:\n print(0)\n"
    )
    out = lab.run(ns, sys.executable, "-c", code, url).stdout
    status, _, body = out.partition("\n")
    return int(status), body


def test_found_with_two_interfaces_and_no_default_route(lab, tmp_path):
    table, phone1, phone2 = lab.ns("t"), lab.ns("p"), lab.ns("q")
    lab.link(table, "10.77.1.1/24", phone1, "10.77.1.2/24")
    lab.link(table, "10.77.2.1/24", phone2, "10.77.2.2/24")
    assert "default" not in lab.run(table, "ip", "route").stdout
    port = free_port()
    browsers = [lab.browser(phone1), lab.browser(phone2)]
    server = serve(lab, table, tmp_path, port, "--name", "Café No. 5")
    url = join_url(server)
    assert url == f"http://10.77.1.1:{port}/join"  # not 127.0.0.1: no default route is needed
    for browser, reachable in zip(browsers, ("10.77.1.1", "10.77.2.1")):
        _, found = browser.event("found", 20)
        assert found["name"] == "Café No 5._domino-table._tcp.local."
        assert re.fullmatch(r"domino-table-[0-9a-f]{6}\.local\.", found["server"])
        assert sorted(found["addresses"]) == ["10.77.1.1", "10.77.2.1"] and found["port"] == port
        assert found["txt"] == {"path": "/join", "name": "Café No. 5", "url": url}
        assert (
            fetch(
                lab,
                phone2 if reachable.startswith("10.77.2") else phone1,
                f"http://{reachable}:{port}/api/health",
            )[0]
            == 200
        )
    # the QR code's URL answers from the phone on its network, and the table says which address
    status, body = fetch(lab, phone1, f"http://10.77.1.1:{port}/api/server")
    assert status == 200 and json.loads(body)["base_url"] == f"http://10.77.1.1:{port}"
    assert fetch(lab, phone1, url)[0] != 0  # reached: the server answers the join page's URL
    status, body = fetch(lab, phone1, url.removesuffix("/join") + "/")
    assert status == 200 and "<html" in body.lower()
    assert (tmp_path / f"data-{table}" / "mdns-host").read_text().strip() == found["server"][
        : -len(".local.")
    ]


def test_found_after_an_interface_comes_up_late(lab, tmp_path):
    table, phone = lab.ns("t"), lab.ns("p")
    late, _ = lab.link(table, "10.77.3.1/24", phone, "10.77.3.2/24", up=False)  # the table's side is down
    port = free_port()
    browser = lab.browser(phone)
    server = serve(lab, table, tmp_path, port)
    assert join_url(server) == f"http://127.0.0.1:{port}/join"  # nothing but loopback yet
    assert fetch(lab, phone, f"http://10.77.3.1:{port}/api/health")[0] == 0  # link down: unreachable
    up_at = time.monotonic()
    lab.up(table, late)
    url = join_url(server, after="127.0.0.1")
    assert url == f"http://10.77.3.1:{port}/join"
    found_at, found = browser.event("found", 20)
    assert found["addresses"] == ["10.77.3.1"] and found["txt"]["url"] == url
    print(f"found {found_at - up_at:.2f} s after the link came up")
    assert found_at - up_at < 10, f"found {found_at - up_at:.1f} s after the link came up"
    status, body = fetch(lab, phone, f"http://10.77.3.1:{port}/api/server")
    assert status == 200 and json.loads(body)["base_url"] == f"http://10.77.3.1:{port}"


def test_goodbye_within_a_second_of_sigterm_with_a_default_route(lab, tmp_path):
    table, phone = lab.ns("t"), lab.ns("p")
    lab.link(table, "10.77.4.1/24", phone, "10.77.4.2/24")
    lab.run(table, "ip", "route", "add", "default", "via", "10.77.4.2")
    port = free_port()
    browser = lab.browser(phone)
    server = serve(lab, table, tmp_path, port)
    assert join_url(server) == f"http://10.77.4.1:{port}/join"
    _, found = browser.event("found", 20)
    assert found["addresses"] == ["10.77.4.1"]
    # an open websocket: the worker waits for it on shutdown, the goodbye must not
    socket_code = (
        "import sys, time, websocket\n"
        "ws = websocket.create_connection(sys.argv[1], timeout=5)\n"
        "print('open', flush=True)\n"
        "time.sleep(30)\n"
    )
    holder = lab.start(phone, sys.executable, "-u", "-c", socket_code, f"ws://10.77.4.1:{port}/ws")
    holder.wait_for(lambda s: s == "open", 10)
    sent_at = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    gone_at, gone = browser.event("removed", 5)
    assert gone["name"] == found["name"]
    print(f"goodbye seen {gone_at - sent_at:.3f} s after SIGTERM")
    assert gone_at - sent_at < 1.0, f"goodbye {gone_at - sent_at:.2f} s after SIGTERM"


def test_two_tables_with_one_name_and_a_cloned_host_name_are_told_apart(lab, tmp_path):
    """Two tables from one SD card image on one network: the second draws another host name,
    zeroconf renames its service, and 50 × "é" (100 bytes) still registers."""
    first, second, phone = lab.ns("t"), lab.ns("u"), lab.ns("p")
    lab.run(phone, "ip", "link", "add", "br0", "type", "bridge")
    for table, address in ((first, "10.77.5.1/24"), (second, "10.77.5.3/24")):
        _, end = lab.link(table, address, phone, "0.0.0.0/32")
        lab.run(phone, "ip", "addr", "flush", "dev", end)
        lab.run(phone, "ip", "link", "set", end, "master", "br0")
    lab.run(phone, "ip", "addr", "add", "10.77.5.2/24", "dev", "br0")
    lab.up(phone, "br0")
    for table in (first, second):
        (tmp_path / f"data-{table}").mkdir()
        (tmp_path / f"data-{table}" / "mdns-host").write_text("domino-table-c10e3d\n")
    name = "é" * 50
    browser = lab.browser(phone)
    port = free_port()
    one = serve(lab, first, tmp_path, port, "--name", name)
    one.wait_for(lambda s: "advertised" in s, 20)
    two = serve(lab, second, tmp_path, port, "--name", name)
    _, line = two.wait_for(lambda s: "advertised" in s, 20)
    assert "domino-table-c10e3d" not in line
    renamed = (tmp_path / f"data-{second}" / "mdns-host").read_text().strip()
    assert renamed != "domino-table-c10e3d" and renamed in line  # kept for the next start
    seen = {}
    while len(seen) < 2:
        _, e = browser.event("found", 20)
        seen[e["server"]] = e
    assert {s: e["addresses"] for s, e in seen.items()} == {
        "domino-table-c10e3d.local.": ["10.77.5.1"],
        f"{renamed}.local.": ["10.77.5.3"],
    }
    labels = sorted(e["name"][: -len("._domino-table._tcp.local.")] for e in seen.values())
    assert labels == ["é" * 29, "é" * 29 + "-2"] and all(len(x.encode()) <= 63 for x in labels)
