"""Joining without a camera: the room code typed on /join; a phone on the table's address is
sent there instead of opening a room; the home-screen icon goes back to the seat."""

from __future__ import annotations

import json
import urllib.request

from flows import TIMEOUT, open_table, room_of
from handle import Domino


def open_rooms(base_url):
    return json.load(urllib.request.urlopen(f"{base_url}/api/rooms"))["rooms"]


def test_join_by_code(live_server, phone, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    code = room_of(table)["id"]
    page = phone()
    page.goto(f"{live_server.url}/join")
    page.wait_for_selector("#room-code")
    # a code no table has: said so, the page stays
    page.fill("#room-code", "ZZZZZ" if code != "ZZZZZ" else "YYYYY")
    page.click(".join-go")
    page.wait_for_function(
        "() => document.querySelector('.join-problem').textContent.length > 0", timeout=TIMEOUT
    )
    assert "/join" == page.evaluate("() => location.pathname")
    # typed as a person types it: lower case, a space in the middle
    page.fill("#room-code", f"{code[:2].lower()} {code[2:].lower()}")
    page.click(".join-go")
    page.wait_for_url(f"**/join/{code}", timeout=TIMEOUT)
    page.wait_for_selector("#join-name", timeout=TIMEOUT)
    page.fill("#join-name", "Ana")
    page.click(".join-go")
    Domino(page).wait("D.role === 'seat'")
    # the home-screen icon (the manifest's start_url) goes back to that seat
    manifest = json.load(urllib.request.urlopen(f"{live_server.url}/static/manifest.webmanifest"))
    assert manifest["id"] == "/join" and manifest["start_url"].startswith("/join")
    page.goto(live_server.url + manifest["start_url"])
    page.wait_for_url(f"**/join/{code}", timeout=TIMEOUT)
    Domino(page).wait("D && D.role === 'seat'")


def test_a_phone_on_the_table_address_is_offered_the_code_box(live_server, phone):
    page = phone()
    before = len(open_rooms(live_server.url))
    page.goto(live_server.url + "/")
    page.wait_for_url("**/join?from=table", timeout=TIMEOUT)
    page.wait_for_selector(".join-note")
    page.wait_for_selector("#room-code")
    assert len(open_rooms(live_server.url)) == before  # no room of its own
    # ... unless it asks to be the table
    page.click(".join-as-table")
    page.wait_for_selector(".lobby", timeout=TIMEOUT)
    assert len(open_rooms(live_server.url)) == before + 1


def test_the_home_icon_without_a_seat_opens_the_code_box(live_server, phone):
    page = phone()
    page.goto(f"{live_server.url}/join?home=1")
    page.wait_for_selector("#room-code")
