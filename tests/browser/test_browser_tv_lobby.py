"""The table's lobby fits one screen at 1920x1080 and 1280x720 with 2 to 10 seats: the Start
button and every QR code are inside the viewport, the room-wide code is large, players appear
as chips, and a keyboard (or TV remote) reaches Start with the arrow keys."""

from __future__ import annotations

import pytest
from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table
from handle import Domino

CASES = [
    ("draw", 2, ["phone", "phone"]),
    ("gaple", None, ["phone"] * 4),
    ("mexican-train", 8, ["phone"] * 8),
    ("mexican-train", 10, ["phone"] * 10),
]


def inside(box, size):
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size[0]
        and box["y"] + box["height"] <= size[1]
    )


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize(("profile", "players", "seats"), CASES)
def test_start_and_every_code_are_on_screen(live_server, screen, size, profile, players, seats):
    table = screen(*size)
    open_table(table, live_server.url)
    lobby_setup(table, profile, players=players, seats=seats)
    # one code for every seat: the phone's join form offers the open seats
    table.wait_for_function(
        "() => [...document.querySelectorAll('.join-any-qr')].every(i => i.complete && i.naturalWidth > 0)",
        timeout=TIMEOUT,
    )
    assert table.locator(".join-qr, .join-any-qr").count() == 1
    one = table.locator(".join-any-qr").bounding_box()
    assert inside(one, size) and one["width"] >= 240 * size[1] / 1080, one  # read from 3 m
    code = table.locator(".join-code")
    assert code.text_content().startswith(Domino(table).room["id"])  # then said whole to a reader
    assert inside(code.bounding_box(), size)
    assert (
        table.evaluate("e => parseFloat(getComputedStyle(e).fontSize)", code.element_handle())
        >= 48 * size[1] / 1080
    )
    game = table.locator(".join-panel .join-game")
    assert inside(game.bounding_box(), size)
    assert (
        game.text_content() == table.locator(f".lobby-game[data-profile='{profile}'] strong").text_content()
    )
    # the table hands out the seats itself: a code on every open seat, one press away
    table.click(".join-seat-codes")
    table.wait_for_function(
        "n => document.querySelectorAll('.lobby-seat .join-qr').length === n", arg=len(seats), timeout=TIMEOUT
    )
    table.wait_for_function(
        "() => [...document.querySelectorAll('.join-qr, .join-any-qr')].every(i => i.complete && i.naturalWidth > 0)",
        timeout=TIMEOUT,
    )
    assert table.evaluate("() => document.scrollingElement.scrollHeight") <= size[1]
    start = table.query_selector(".lobby-start").bounding_box()
    assert inside(start, size), start
    codes = table.query_selector_all(".join-qr, .join-any-qr")
    assert len(codes) == len(seats) + 1  # one per open seat and the one for any seat
    for code in codes:
        box = code.bounding_box()
        assert inside(box, size), box
        assert box["width"] >= 60 * size[0] / 1920
    big = table.query_selector(".join-any-qr").bounding_box()
    assert big["width"] >= 280 * size[0] / 1920 and big["height"] >= 280 * size[1] / 1080


def test_a_player_appears_as_a_chip_and_the_remote_starts_the_game(live_server, screen, phone):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    any_url = table.get_attribute(".join-any", "data-join-url")
    assert any_url == join_urls(table)[0].split("?")[0]
    join_phone(phone(), any_url, "Ingrid")  # no seat in the address: the phone takes a free one
    chip = table.wait_for_selector(".join-card--taken .join-chip >> text=Ingrid", timeout=TIMEOUT)
    assert chip.is_visible()
    table.wait_for_selector(".join-ready", timeout=TIMEOUT)  # no open seat: no code to scan
    assert table.query_selector(".join-any-qr") is None
    # the arrow keys move between controls; Enter on Start starts the game
    table.focus(".lobby-game[data-profile='draw']")
    table.keyboard.press("ArrowDown")
    assert table.evaluate("() => document.activeElement.dataset.profile") == "block"
    table.keyboard.press("ArrowUp")
    assert table.evaluate("() => document.activeElement.dataset.profile") == "draw"
    table.focus("#seat-computer-1")
    table.keyboard.press("ArrowRight")
    assert table.evaluate("() => document.activeElement.id") == "lobby-start"
    table.keyboard.press("Enter")
    table.wait_for_selector(".tablescreen", timeout=TIMEOUT)
