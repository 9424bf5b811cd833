"""The house's regulars in the browser: a phone makes its profile from a table's join screen, and
another table knows it ("Welcome back"); the leaderboard on a big screen (1920x1080: text of
28 px or more, nothing clipped) in every language."""

from __future__ import annotations

import re
import time

from flows import TIMEOUT, join_urls, open_table, room_of
from handle import Domino
from nightseed import NAMES
from test_browser_night import TEXT_SIZES


def seed_board(server, players: int = 18) -> None:
    """Regulars with a night's and an older week's results of Draw, written as the tables write
    them (`Store.add_regular_results`); more regulars than a column shows."""
    regulars = server.app.extensions["tabletop"].regulars
    now = time.time()
    rows = []
    for i, name in enumerate(NAMES[-players:]):
        _, made = regulars.create(name, i % 10, (i * 3) % 10)
        rid = made["id"]
        for g in range(1 + i % 4):
            for when, ended in (("n", now), ("w", now - 8 * 86400)):
                deal = f"ROOM{when}:{i}:{g}"
                rows.append((rid, deal, "round", "draw", name, 10 + (i * 7 + g) % 50, int(g % 2 == 0), ended))
                rows.append(
                    (rid, deal, "match", "draw", name, 60 + (i * 13 + g) % 90, int((i + g) % 3 == 0), ended)
                )
    regulars.store.add_regular_results(rows)


def test_a_phone_makes_a_profile_and_another_table_knows_it(live_server, phone, screen):
    tables = live_server.app.extensions["tabletop"]
    first, second = screen(1280, 720), screen(1280, 720)
    open_table(first, live_server.url)
    open_table(second, live_server.url)
    page = phone()
    page.goto(join_urls(first)[0])
    page.wait_for_selector(".join-profile-link", timeout=TIMEOUT)
    assert page.locator(".join-known").count() == 0  # a guest: nothing to greet
    page.click(".join-profile-link")
    page.wait_for_url(re.compile(r"/regulars\?back="), timeout=TIMEOUT)
    page.fill("#regular-name", "Ingrid")
    page.click("[data-look=colour] .look-choice >> nth=3")
    page.click("[data-look=mark] .look-choice >> nth=4")
    page.click(".regular-form button[type=submit]")
    # back at the table it came from: greeted, its name filled in
    page.wait_for_url(re.compile(r"/join/[A-Z2-9]{5}$"), timeout=TIMEOUT)
    page.wait_for_selector(".join-known", timeout=TIMEOUT)
    assert "Welcome back, Ingrid!" in page.inner_text(".join-known")
    assert page.input_value("#join-name") == "Ingrid"
    (regular,) = tables.regulars.listing()
    assert (regular["name"], regular["colour"], regular["mark"]) == ("Ingrid", 3, 4)
    page.click(".join-go")
    Domino(page).wait("D.role === 'seat'")
    assert tables.rooms[room_of(first)["id"]].meta["seats"][0]["regular"] == regular["id"]
    # another table: known at once, and sat down as the same regular
    page.goto(join_urls(second)[0])
    page.wait_for_selector(".join-known", timeout=TIMEOUT)
    assert "Welcome back, Ingrid!" in page.inner_text(".join-known")
    page.click(".join-go")
    Domino(page).wait("D.role === 'seat'")
    assert tables.rooms[room_of(second)["id"]].meta["seats"][0]["regular"] == regular["id"]


def test_the_leaderboard_reads_on_a_tv(live_server, screen):
    empty = screen(1920, 1080)
    empty.goto(f"{live_server.url}/leaderboard")
    empty.wait_for_selector(".board[data-when=all] .night-note", timeout=TIMEOUT)
    assert "No games counted yet." in empty.inner_text(".board[data-when=tonight]")
    seed_board(live_server)
    for lang in ("en", "id", "fr", "ms", "nb"):  # the longest words of every catalogue fit too
        page = screen(1920, 1080, lang=lang)
        page.goto(f"{live_server.url}/leaderboard?game=draw")
        page.wait_for_selector(".board[data-when=all] tbody tr", timeout=TIMEOUT)
        assert page.locator(".board[data-when=all] tbody tr").count() == 15
        assert page.locator(".board[data-when=tonight] tbody tr").count() == 15
        texts = page.evaluate(TEXT_SIZES)
        assert texts and min(t["size"] for t in texts) >= 28, (lang, [t for t in texts if t["size"] < 28][:5])
        outside = [
            t for t in texts if t["left"] < 0 or t["right"] > 1920 or t["top"] < 0 or t["bottom"] > 1080
        ]
        assert not outside, (lang, outside[:5])
        assert not [t for t in texts if t["clipped"]], lang
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), lang
    # live: a regular's new result shows without a reload
    regulars = live_server.app.extensions["tabletop"].regulars
    before = page.inner_text(".board[data-when=tonight] tbody tr >> nth=0")
    rid = regulars.listing()[0]["id"]
    rows = [(rid, f"LIVE:{i}", "match", "draw", "x", 100, 1, time.time()) for i in range(5)]
    regulars.store.add_regular_results(rows)
    regulars._bump()
    page.wait_for_function(
        "(b) => document.querySelector('.board[data-when=tonight] tbody tr').innerText !== b",
        arg=before,
        timeout=TIMEOUT,
    )


def test_the_owner_renames_merges_and_deletes_on_the_directors_page(server_with, screen):
    server = server_with(kiosk=True, pin="2468")
    regulars = server.app.extensions["tabletop"].regulars
    regulars.create("Ingrid", 1, 1)
    regulars.create("Inga", 2, 2)
    regulars.create("Ola", 3, 3)
    page = screen(1280, 800)
    page.goto(f"{server.url}/director")
    page.fill("#director-pin", "2468")
    page.press("#director-pin", "Enter")
    page.wait_for_selector(".regulars-table tbody tr >> nth=2", timeout=TIMEOUT)
    row = ".regulars-table tr:has-text('{}')"
    page.click(f"{row.format('Ola')} .regular-rename")
    page.fill("#regular-new-name", "Ola Nordmann")
    page.click(".dialog-foot .btn--primary")
    page.wait_for_selector(row.format("Ola Nordmann"), timeout=TIMEOUT)
    page.click(f"{row.format('Inga')} .regular-merge")
    page.select_option("#regular-merge-into", label="Ingrid")
    page.click(".dialog-foot .btn--primary")
    page.wait_for_function("() => document.querySelectorAll('.regulars-table tbody tr').length === 2")
    page.click(f"{row.format('Ola Nordmann')} .regular-delete")
    page.click(".dialog-foot .btn--primary")
    page.wait_for_function("() => document.querySelectorAll('.regulars-table tbody tr').length === 1")
    assert [(r["name"], r["phones"]) for r in regulars.listing()] == [("Ingrid", 2)]
