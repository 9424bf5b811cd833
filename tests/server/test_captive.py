"""The table's own Wi-Fi as a captive portal (tabletop/captive.py): on the hotspot's network a
probe under another name is sent to the join page; from elsewhere, or without the setting, the
same requests are answered as before."""

from __future__ import annotations

import pytest

from tabletop.app import create_app
from tabletop.settings import Settings

BASE = "http://10.42.0.1:8000"
PHONE = {"REMOTE_ADDR": "10.42.0.57"}  # an address the hotspot's DHCP hands out
HOME = {"REMOTE_ADDR": "192.168.1.23"}  # a phone on another network the table is on
PROBES = [  # (Host, path) of the operating systems' connectivity checks
    ("connectivitycheck.gstatic.com", "/generate_204"),
    ("clients3.google.com", "/generate_204"),
    ("www.google.com", "/gen_204"),
    ("captive.apple.com", "/hotspot-detect.html"),
    ("www.apple.com", "/library/test/success.html"),
    ("www.msftconnecttest.com", "/connecttest.txt"),
    ("www.msftconnecttest.com", "/redirect"),
    ("www.msftncsi.com", "/ncsi.txt"),
    ("detectportal.firefox.com", "/canonical.html"),
    ("nmcheck.gnome.org", "/check_network_status.txt"),
    ("connectivity-check.ubuntu.com", "/"),
    ("made-up-name.example", "/anything?x=1"),
]


def make(hotspot="10.42.0.1/24", **extra):
    return create_app(Settings(data=":memory:", base_url=BASE, hotspot_network=hotspot, **extra))


@pytest.fixture
def app():
    app = make()
    yield app
    app.extensions["tabletop"].shutdown()


def get(app, host, path, env=PHONE, **headers):
    return app.test_client().get(path, headers={"Host": host, **headers}, environ_base=env)


@pytest.mark.parametrize(("host", "path"), PROBES)
def test_every_probe_on_the_hotspot_ends_on_the_join_page(app, host, path):
    resp = get(app, host, path)
    assert resp.status_code == 302 and resp.headers["Cache-Control"] == "no-store"
    apple = host.endswith("apple.com")
    assert resp.headers["Location"] == (f"{BASE}/join?sheet=apple" if apple else f"{BASE}/join")


def test_the_only_open_room_is_the_target(app):
    t = app.extensions["tabletop"]
    room, _ = t.create_room("Corner")
    assert (
        get(app, "connectivitycheck.gstatic.com", "/generate_204").headers["Location"]
        == f"{BASE}/join/{room.id}"
    )
    assert (
        get(app, "captive.apple.com", "/hotspot-detect.html").headers["Location"]
        == f"{BASE}/join?sheet=apple&code={room.id}"
    )
    other, _ = t.create_room("Window")
    assert get(app, "clients3.google.com", "/generate_204").headers["Location"] == f"{BASE}/join"
    t.close_room(other)
    assert get(app, "clients3.google.com", "/generate_204").headers["Location"] == f"{BASE}/join/{room.id}"


def test_the_table_under_its_own_names_is_served_as_before(app, tmp_path):
    for host in (
        "10.42.0.1:8000",
        "10.42.0.1",
        "domino-table-c10e3d.local:8000",
        "localhost:8000",
        "[fe80::1]:8000",
    ):
        assert get(app, host, "/api/health").json == {"ok": True}, host
    assert get(app, "10.42.0.1:8000", "/api/server").json["hotspot"] is True


def test_a_configured_host_name_is_the_tables_own():
    app = make(hosts=("Table.Cafe.lan",))
    try:
        assert get(app, "table.cafe.lan:8000", "/api/health").json == {"ok": True}
        assert get(app, "other.cafe.lan", "/api/health").status_code == 302
    finally:
        app.extensions["tabletop"].shutdown()


def test_probe_answers_nothing_new_off_the_hotspot():
    home = make()
    plain = make(hotspot=None)
    try:
        for host, path in PROBES:
            before = get(plain, host, path, env=HOME)  # what a table without the setting answers
            assert before.status_code in (200, 404), (host, path)  # the table page, or not_found
            for app, env in ((home, HOME), (plain, PHONE)):
                resp = get(app, host, path, env=env)
                assert (resp.status_code, resp.data) == (before.status_code, before.data), (host, path)
        assert get(plain, "10.42.0.1:8000", "/api/server").json["hotspot"] is False
        assert "captive" not in plain.blueprints  # not even registered
    finally:
        home.extensions["tabletop"].shutdown()
        plain.extensions["tabletop"].shutdown()


def test_apple_sheet_turns_to_done_once_it_showed_the_way(app):
    probe = ("captive.apple.com", "/hotspot-detect.html")
    agent = {"User-Agent": "CaptiveNetworkSupport-481.0.1 wispr"}
    assert get(app, *probe, **agent).status_code == 302  # captive: the sheet opens
    other_phone = {"REMOTE_ADDR": "10.42.0.58"}
    # the sheet loads the page it was sent to: from then on this phone's probes succeed
    assert get(app, "10.42.0.1:8000", "/join?sheet=apple").status_code == 200
    resp = get(app, *probe, **agent)
    assert resp.status_code == 200 and b"<TITLE>Success</TITLE>" in resp.data
    # the probe's User-Agent alone marks Apple's probe under an older name
    assert get(app, "www.thinkdifferent.us", "/", **agent).status_code == 200
    # another phone is still captive, and Android's probe from this one still opens its sheet
    assert get(app, *probe, env=other_phone).status_code == 302
    assert get(app, "connectivitycheck.gstatic.com", "/generate_204").status_code == 302


def test_hotspot_network_must_be_a_network(tmp_path):
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "tabletop", "serve", "--no-mdns", "--port", "1", "--hotspot-network", "wlan0"],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
    )
    assert out.returncode == 2 and "--hotspot-network 'wlan0' is not a network" in out.stderr
    with pytest.raises(ValueError):
        make(hotspot="10.42.0.300/24")
