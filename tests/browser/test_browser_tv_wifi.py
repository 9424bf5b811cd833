"""A table that is its own Wi-Fi (--hotspot-network) offers that Wi-Fi first in its join panel
once no phone sat down for a minute, with its QR code, inside the screen at 1920x1080 and
1280x720; a phone that sits down takes the offer away, and a table on someone else's Wi-Fi never
shows it. The join page as Apple's sign-in sheet opens it says where to go on in Safari."""

from __future__ import annotations

import pytest
from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table

HOTSPOT = {"hotspot_network": "10.42.0.1/24", "wifi_ssid": "DominoTable", "wifi_password": "secret123"}
LANGS = ["en", "id", "fr", "ms", "nb"]


@pytest.fixture
def hotspot_server(server_with):
    return server_with(**HOTSPOT)


def inside(box, size):
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size[0]
        and box["y"] + box["height"] <= size[1]
    )


def open_lobby(screen, url, size, lang="en"):
    table = screen(*size, lang=lang)
    table.clock.install()  # the page's timers and Date, moved on by the test
    open_table(table, url)
    lobby_setup(table, "draw", players=4, seats=["phone"] * 4)
    return table


@pytest.mark.parametrize(("size", "lang"), [((1920, 1080), "en")] + [((1280, 720), lang) for lang in LANGS])
def test_the_table_offers_its_wifi_after_a_minute_without_a_phone(hotspot_server, screen, size, lang):
    table = open_lobby(screen, hotspot_server.url, size, lang)
    table.clock.fast_forward(30_000)
    table.wait_for_timeout(200)
    assert table.query_selector(".join-wifi") is None  # not yet
    table.clock.fast_forward(31_000)
    table.wait_for_selector(".join-wifi-qr", timeout=TIMEOUT)
    table.wait_for_function(
        "() => [...document.querySelectorAll('.join-qr, .join-any-qr, .join-wifi-qr')].every(i => i.complete && i.naturalWidth > 0)",
        timeout=TIMEOUT,
    )
    panel = table.query_selector(".join-panel")
    first = panel.evaluate("p => p.firstElementChild.className")
    assert first == "join-wifi"  # offered first
    assert table.get_attribute(".join-wifi-qr", "src") == "/api/wifi.svg"
    help_text = table.inner_text(".join-wifi-help")
    assert "DominoTable" in help_text
    assert table.evaluate("() => document.scrollingElement.scrollHeight") <= size[1]
    for sel in (".join-wifi", ".join-wifi-qr", ".join-any-qr", ".lobby-start"):
        box = table.query_selector(sel).bounding_box()
        assert inside(box, size), (sel, box)
    wifi = table.query_selector(".join-wifi-qr").bounding_box()
    assert wifi["width"] >= 120 * size[1] / 1080  # a phone's camera reads it across a table
    start = table.query_selector(".lobby-start").bounding_box()
    any_qr = table.query_selector(".join-any").bounding_box()
    assert any_qr["y"] + any_qr["height"] <= start["y"]  # nothing under the Start button


def test_a_phone_that_sits_down_takes_the_offer_away(hotspot_server, screen, phone):
    table = open_lobby(screen, hotspot_server.url, (1920, 1080))
    table.clock.fast_forward(61_000)
    table.wait_for_selector(".join-wifi", timeout=TIMEOUT)
    join_phone(phone(), join_urls(table)[0], "Ana")
    table.wait_for_selector(".join-card--taken", timeout=TIMEOUT)
    assert table.query_selector(".join-wifi") is None
    table.clock.fast_forward(61_000)  # and no one else for another minute: offered again
    table.wait_for_selector(".join-wifi", timeout=TIMEOUT)


def test_a_table_on_another_wifi_never_offers_it(server_with, screen):
    server = server_with(wifi_ssid="CafeGuest", wifi_password="secret123")
    table = open_lobby(screen, server.url, (1920, 1080))
    table.clock.fast_forward(5 * 60_000)
    table.wait_for_timeout(300)
    assert table.query_selector(".join-any-qr") is not None and table.query_selector(".join-wifi") is None


@pytest.mark.parametrize("lang", LANGS)
def test_the_apple_sheet_says_where_to_go_on_in_safari(hotspot_server, phone, lang):
    room, _ = hotspot_server.app.extensions["tabletop"].create_room("Corner")
    page = phone(lang)
    page.goto(f"{hotspot_server.url}/join?sheet=apple&code={room.id}")
    note = page.wait_for_selector(".join-sheet", timeout=TIMEOUT)
    address = f"127.0.0.1:{hotspot_server.port}/join/{room.id}"
    assert address in note.inner_text() and "Safari" in note.inner_text()
    assert page.input_value("#room-code") == room.id
    box = note.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    page.goto(f"{hotspot_server.url}/join")  # opened otherwise: no such line
    page.wait_for_selector("#room-code", timeout=TIMEOUT)
    assert page.query_selector(".join-sheet") is None
