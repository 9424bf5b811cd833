"""The phone's menu offers the game record only when the server serves it: between rounds."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from flows import play_until_round_over
from handle import Domino
from test_browser_hand import phone_vs_computer


def status_of(url):
    try:
        return urllib.request.urlopen(url).status
    except urllib.error.HTTPError as err:
        return err.code


def test_record_download_only_when_the_server_can_serve_it(live_server, phone, screen):
    table, page = phone_vs_computer(live_server, phone, screen)
    room = Domino(page).js("D.roomId")
    url = f"{live_server.url}/api/rooms/{room}/record"
    page.click(".top-menu")
    page.wait_for_selector(".dlg-menu .menu-leave")
    assert page.locator(".dlg-menu .menu-record").count() == 0
    assert status_of(url) == 409  # mid-round: refused
    page.click(".dlg-menu .dialog-x")
    play_until_round_over([page])
    Domino(page).wait("D.view.phase !== 'play'", timeout=None)
    page.keyboard.press("Escape")  # the results open by themselves
    page.wait_for_selector(".backdrop", state="detached")
    page.click(".top-menu")
    link = page.locator(".dlg-menu .menu-record")
    assert link.count() == 1
    assert status_of(live_server.url + link.get_attribute("href")) == 403  # the room code alone
    with page.expect_download() as saved:
        link.click()
    assert json.loads(Path(saved.value.path()).read_text())["profile"] == "draw"
