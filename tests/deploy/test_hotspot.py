"""The table's own Wi-Fi, in network namespaces: a "phone" gets its address and DNS server by DHCP
from dnsmasq run as NetworkManager's shared mode runs it, with the configuration install-pi ships
(scripts/dnsmasq-shared.conf), on an interface called wlan0 that carries install-pi's port-80
redirect (scripts/domino-table-port80.nft). Its lookups answer with the table and its
connectivity check ends on the join page; a phone on another network of the table sees nothing of
it. Skipped, with the reason, only where namespaces cannot be made (not root)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from .netns import Lab, namespaces_unavailable
from .test_netns import fetch, join_url, serve

pytestmark = [pytest.mark.netns]
WHY_NOT = namespaces_unavailable()
if WHY_NOT:
    pytestmark.append(pytest.mark.skip(reason=WHY_NOT))

ROOT = Path(__file__).resolve().parents[2]
HOTSPOT = "10.42.0.1"  # install-pi's HOTSPOT_ADDRESS, NetworkManager's shared-mode default
PORT = 8000  # the port the redirect sends to (each namespace has its own ports)

# the hotspot's DHCP client: busybox udhcpc calls this with the lease in its environment
DHCP_SCRIPT = """#!/bin/sh
[ "$1" = bound ] || [ "$1" = renew ] || exit 0
ip addr add "$ip/${mask:-24}" dev "$interface"
echo "nameserver ${dns%% *}" > "$RESOLV"
echo "lease $ip dns $dns"
"""

RESOLVE = (
    "import socket, sys\n"
    "for name in sys.argv[1:]:\n"
    " print(name, socket.getaddrinfo(name, 80, socket.AF_INET, socket.SOCK_STREAM)[0][4][0])\n"
)

FOLLOW = (
    "import sys, urllib.request\n"
    "r = urllib.request.urlopen(sys.argv[1], timeout=5)\n"
    "print(r.status, r.geturl()); print(r.read().decode())\n"
)


def needs(program: str, package: str) -> str:
    """scripts/test installs the Debian package when it is missing."""
    path = shutil.which(program) or shutil.which(program, path="/usr/sbin:/sbin")
    assert path, f"{program} is not installed: apt-get install {package} (scripts/test does)"
    return path


def hotspot(lab: Lab, tmp_path) -> tuple[str, str, str]:
    """The table's namespace with wlan0 at 10.42.0.1/24, its redirect and NetworkManager's
    dnsmasq; a phone namespace on it, with no address yet. Returns (table, phone, the phone's
    interface)."""
    dnsmasq = needs("dnsmasq", "dnsmasq-base")
    nft = needs("nft", "nftables")
    table, phone = lab.ns("t"), lab.ns("p")
    end, phone_end = lab.link(table, f"{HOTSPOT}/24", phone, "10.42.0.2/24", up=False)
    lab.run(phone, "ip", "addr", "flush", "dev", phone_end)
    assert lab.run(table, "ip", "link", "set", end, "name", "wlan0").returncode == 0
    lab.up(table, "wlan0")
    loaded = lab.run(table, nft, "-f", str(ROOT / "scripts" / "domino-table-port80.nft"))
    assert loaded.returncode == 0, loaded.stderr
    conf_dir = tmp_path / "dnsmasq-shared.d"  # /etc/NetworkManager/dnsmasq-shared.d on the Pi
    conf_dir.mkdir()
    shutil.copy(ROOT / "scripts" / "dnsmasq-shared.conf", conf_dir / "domino-table.conf")
    # NetworkManager's own command line for a shared connection (nm-dnsmasq-manager.c)
    server = lab.start(
        table,
        dnsmasq,
        "--conf-file=/dev/null",
        "--no-hosts",
        "--keep-in-foreground",
        "--bind-interfaces",
        "--except-interface=lo",
        "--clear-on-reload",
        "--strict-order",
        f"--listen-address={HOTSPOT}",
        "--dhcp-range=10.42.0.10,10.42.0.254,60m",
        "--dhcp-lease-max=50",
        f"--dhcp-leasefile={tmp_path / 'dnsmasq.leases'}",
        f"--pid-file={tmp_path / 'dnsmasq.pid'}",
        f"--conf-dir={conf_dir}",
        "--log-facility=-",
    )
    server.wait_for(lambda s: "started" in s, 10)
    return table, phone, phone_end


def join_hotspot(lab: Lab, phone: str, end: str, tmp_path) -> str:
    """DHCP on the phone's link: its address, and its DNS server in the namespace's resolv.conf
    (`ip netns exec` puts /etc/netns/<name>/resolv.conf in place of /etc/resolv.conf)."""
    busybox = needs("busybox", "busybox")
    script = tmp_path / "udhcpc.sh"
    script.write_text(DHCP_SCRIPT)
    script.chmod(0o755)
    resolv = lab.etc(phone) / "resolv.conf"
    out = lab.run(
        phone,
        "env",
        f"RESOLV={resolv}",
        busybox,
        "udhcpc",
        "-i",
        end,
        "-f",
        "-q",
        "-n",
        "-t",
        "5",
        "-T",
        "1",
        "-s",
        str(script),
        timeout=30,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_a_phone_on_the_hotspot_is_sent_to_the_join_page(lab, tmp_path):
    table, phone, end = hotspot(lab, tmp_path)
    home = lab.ns("h")  # a phone on another network of the table's: nothing changes for it
    lab.link(table, "10.77.9.1/24", home, "10.77.9.2/24")
    server = serve(lab, table, tmp_path, PORT, "--no-mdns", "--hotspot-network", f"{HOTSPOT}/24")
    assert join_url(server).startswith("http://")
    lease = join_hotspot(lab, phone, end, tmp_path)
    assert f"dns {HOTSPOT}" in lease and "lease 10.42.0." in lease
    assert "10.42.0." in lab.run(phone, "ip", "-4", "addr").stdout
    # any name, made up or a probe host, answers with the table
    names = [
        "made-up-name.example",
        "connectivitycheck.gstatic.com",
        "captive.apple.com",
        "www.msftconnecttest.com",
    ]
    looked_up = lab.run(phone, sys.executable, "-c", RESOLVE, *names)
    assert looked_up.returncode == 0, looked_up.stderr
    assert looked_up.stdout.split() == [w for name in names for w in (name, HOTSPOT)]
    # Android's probe on port 80 reaches the table through the redirect and ends on the join page
    out = lab.run(phone, sys.executable, "-c", FOLLOW, "http://connectivitycheck.gstatic.com/generate_204")
    assert out.returncode == 0, out.stderr
    status, final = out.stdout.split("\n", 1)[0].split()
    assert (status, final) == ("200", f"http://{HOTSPOT}:{PORT}/join") and "page-join" in out.stdout
    # Windows' and a made-up name's too; Apple's lands on the page that says to open Safari
    for url, want in (
        ("http://www.msftconnecttest.com/connecttest.txt", f"http://{HOTSPOT}:{PORT}/join"),
        ("http://made-up-name.example/", f"http://{HOTSPOT}:{PORT}/join"),
        ("http://captive.apple.com/hotspot-detect.html", f"http://{HOTSPOT}:{PORT}/join?sheet=apple"),
    ):
        out = lab.run(phone, sys.executable, "-c", FOLLOW, url)
        assert out.stdout.split("\n", 1)[0] == f"200 {want}", (url, out.stdout[:200], out.stderr)
    # the table's own address answers as always
    status, body = fetch(lab, phone, f"http://{HOTSPOT}:{PORT}/api/server")
    assert status == 200 and '"hotspot":true' in body.replace(" ", "")
    # from the other network: no redirect on port 80, and a probe's name is not answered
    assert fetch(lab, home, "http://10.77.9.1/generate_204")[0] == 0
    probe = (
        "import urllib.request, urllib.error\n"
        "q = urllib.request.Request('http://10.77.9.1:8000/generate_204', "
        "headers={'Host': 'connectivitycheck.gstatic.com'})\n"
        "try:\n print(urllib.request.urlopen(q, timeout=5).status)\n"
        "except urllib.error.HTTPError as e:\n print(e.code)\n"
    )
    assert lab.run(home, sys.executable, "-c", probe).stdout.strip() == "404"
