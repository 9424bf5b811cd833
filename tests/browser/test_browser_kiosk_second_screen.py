"""A kiosk table's second screen (another device than the table's own, e.g. a second TV in the
café) opens a room only with the PIN: its page opens the PIN pad at once, and the room opens
once the right PIN is given. The table's own screen (127.0.0.1) needs none (test_browser_tv_pin).
Here the browser, on 127.0.0.1 like every test browser, is made a screen of its own by the
server counting no address as its own screen."""

from __future__ import annotations

import pytest
from conftest import LiveServer
from flows import TIMEOUT

from tabletop import config

PIN = "2468"


@pytest.fixture
def kiosk_server(tmp_path, monkeypatch):
    monkeypatch.setattr(config, "OWN_SCREEN_ADDRESSES", frozenset())
    server = LiveServer(tmp_path, kiosk=True, pin=PIN)
    yield server
    server.stop()


def test_a_second_screen_gives_the_pin_then_opens_its_room(kiosk_server, screen, tmp_path):
    table = screen(1920, 1080)
    table.goto(kiosk_server.url + "/")
    table.wait_for_selector(".dlg-pin", timeout=TIMEOUT)
    assert not kiosk_server.app.extensions["tabletop"].rooms
    table.screenshot(path=str(tmp_path / "second-screen-pin.png"))
    for d in PIN:
        table.click(f".dlg-pin .pin-key[data-digit='{d}']")
    table.click(".dlg-pin .pin-key--enter")
    table.wait_for_selector(".lobby-seat", timeout=TIMEOUT)
    assert len(kiosk_server.app.extensions["tabletop"].rooms) == 1
    table.screenshot(path=str(tmp_path / "second-screen-lobby.png"))
    print(f"screenshots: {tmp_path}")
