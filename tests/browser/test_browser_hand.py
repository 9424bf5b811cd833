"""The phone's hand: preview and confirm, the both-ends choice, the keyboard selector, reload,
language; single-device handover and undo/redo."""

from __future__ import annotations

import json
import urllib.request

from flows import (
    TIMEOUT,
    choose,
    device_state,
    join_phone,
    join_urls,
    lobby_setup,
    my_turn,
    open_solo,
    open_table,
    phone_state,
    play_one,
    play_until,
    seat_kind,
    start_game,
    wait_game,
    wait_version_change,
)
from handle import Domino
from seeds import both_ends, both_ends_seed, fixed_seed


def phone_vs_computer(live_server, phone, screen, **phone_opts):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    url = join_urls(table)[0]
    page = phone(**phone_opts)
    join_phone(page, url, "Ana")
    start_game(table)
    wait_game(page)
    return table, page


def singles(st):
    """The plays of tiles that go one way only."""
    plays = [a for a in st["legal"] if "play" in a]
    return [a for a in plays if sum(1 for b in plays if b["play"] == a["play"]) == 1]


def turn_with_single_play(page, need_line=False):
    """Take turns (drawing as needed) until this phone can play a tile that goes one way only."""

    def done(st):
        return bool(singles(st)) and bool(Domino(page).js("D.view.line.length") or not need_line)

    _, st = play_until([page], done, moves=60)
    return st, singles(st)[0]


def set_preview_mode(page):
    page.click(".top-menu")
    page.click(".pref-mode [data-mode='preview']")
    page.click(".dlg-menu .dialog-x")
    page.wait_for_selector(".dlg-menu", state="detached")


def test_preview_then_confirm(live_server, phone, screen):
    table, page = phone_vs_computer(live_server, phone, screen)
    set_preview_mode(page)
    st, action = turn_with_single_play(page)
    tile = action["play"]
    page.click(f".hand-strip .hand-tile[data-tile='{tile}']")
    # a preview only: the tile glows where it would go, nothing is sent
    page.wait_for_selector(f".hand-board .board-tile--ghost[data-tile='{tile}']")
    assert page.get_attribute(f".hand-strip .hand-tile[data-tile='{tile}']", "aria-pressed") == "true"
    assert phone_state(page)["version"] == st["version"]
    # cancel, then select again and confirm
    page.click(".act-cancel")
    page.wait_for_selector(".hand-board .board-tile--ghost", state="detached")
    page.click(f".hand-strip .hand-tile[data-tile='{tile}']")
    page.click(".act-confirm")
    wait_version_change(page, st["version"])
    page.wait_for_selector(f".hand-strip .hand-tile[data-tile='{tile}']", state="detached")
    table.wait_for_selector(f".table-board .board-tile[data-tile='{tile}']")


def test_both_ends_choice_shows_each_end(live_server, phone, screen):
    with fixed_seed(both_ends_seed()):
        table = screen(1280, 720)
        open_table(table, live_server.url)
        lobby_setup(table, "draw", players=2, seats=["phone", "phone"])
        urls = join_urls(table)
        pages = [phone(), phone()]
        for p, name in zip(pages, ["Ana", "Bo"]):
            join_phone(p, urls[pages.index(p)], name)
        start_game(table)
    for p in pages:
        wait_game(p)
    p, st = play_until(pages, lambda st: both_ends(st["legal"]), moves=20)  # a both-ends choice
    ends = Domino(p).js("D.view.ends")
    tiles = [a["play"] for a in st["legal"] if a.get("end")]
    tile = next(x for x in tiles if tiles.count(x) > 1)
    p.click(f".hand-strip .hand-tile[data-tile='{tile}']")
    p.wait_for_selector(".choice-group")
    left = p.locator(".choice-group .btn--choice[data-end='left']")
    right = p.locator(".choice-group .btn--choice[data-end='right']")
    assert str(ends["left"]) in left.inner_text() and str(ends["right"]) in right.inner_text()
    # the board shows both open ends as targets with their numbers too
    assert p.locator(".hand-board .board-slot[data-end='left']").inner_text().strip() == str(ends["left"])
    assert p.locator(".hand-board .board-slot[data-end='right']").inner_text().strip() == str(ends["right"])
    right.click()
    wait_version_change(p, st["version"])
    line = Domino(p).js("D.view.line")
    assert line[-1]["tile"] == tile


def test_keyboard_selector_and_live_region(live_server, phone, screen):
    table, page = phone_vs_computer(live_server, phone, screen)
    set_preview_mode(page)
    st, action = turn_with_single_play(page, need_line=True)
    tile = action["play"]
    hand = st["hand"]
    # the board draws the open ends the arrows go on to in its animation frame, after the turn came
    Domino(page).settle(".hand-board")
    page.focus(".hand-strip .hand-tile[data-index='0']")
    # arrows walk the hand; every stop says what it is and whether it fits
    for i in range(len(hand)):
        focused = page.evaluate(
            "() => ({tile: document.activeElement.dataset.tile, label: document.activeElement.getAttribute('aria-label')})"
        )
        assert focused["tile"] == hand[i]
        assert "fits" in focused["label"] or "does not fit" in focused["label"]
        page.keyboard.press("ArrowRight")
    # ... and go on to the open ends of the line
    assert page.evaluate("() => document.activeElement.classList.contains('board-slot')")
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Left end") or label.startswith("Right end")
    # a visible focus ring
    ring = page.evaluate("() => getComputedStyle(document.activeElement).boxShadow")
    assert ring and ring != "none"
    # Enter selects the tile (preview), Enter again confirms
    page.focus(f".hand-strip .hand-tile[data-tile='{tile}']")
    page.keyboard.press("Enter")
    page.wait_for_selector(f".hand-strip .hand-tile[data-tile='{tile}'][aria-pressed='true']")
    assert page.evaluate("() => document.activeElement.dataset.tile") == tile
    page.keyboard.press("Enter")
    wait_version_change(page, st["version"])
    page.wait_for_selector(f".hand-strip .hand-tile[data-tile='{tile}']", state="detached")
    # the live region announced the move
    page.wait_for_function(
        "t => document.getElementById('live') && document.getElementById('live').textContent.includes(t)",
        arg=page.evaluate(f"async () => (await import('/static/js/i18n.js')).tileName('{tile}')"),
        timeout=TIMEOUT,
    )


def test_reload_mid_hand_keeps_the_seat(live_server, phone, screen):
    table, page = phone_vs_computer(live_server, phone, screen)
    st = my_turn(page)
    play_one(page, st)
    before = phone_state(page)
    page.reload()
    wait_game(page)
    Domino(page).wait("D.role === 'seat'", timeout=None)
    after = phone_state(page)
    assert after["seat"] == before["seat"] == 0
    assert after["hand"] == before["hand"]
    assert page.locator(".hand-strip .hand-tile").count() == len(after["hand"])
    # the table still shows the phone's seat as taken and connected
    Domino(table).wait("D.frame.room.seats[0].connected && D.frame.room.seats[0].taken", timeout=None)


def test_switch_a_phones_language(live_server, phone, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    page = phone()
    join_phone(page, join_urls(table)[0], "Ana")
    page.wait_for_selector(".waiting-text")
    english = page.inner_text(".waiting-text")
    page.click(".top-menu")
    page.select_option(".dlg-menu .lang-select", "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    french = page.inner_text(".waiting-text")
    assert french != english and french.strip()
    assert page.evaluate("() => localStorage.getItem('domino.lang')") == "fr"
    # the table keeps its own language; the phone keeps its seat and its language after a reload
    assert table.evaluate("() => document.documentElement.lang") == "en"
    page.reload()
    page.wait_for_selector(".waiting-text")
    assert page.inner_text(".waiting-text") == french
    start_game(table)
    wait_game(page)
    fr = json.load(urllib.request.urlopen(f"{live_server.url}/locales/fr.json"))
    assert page.get_attribute(".top-rules", "aria-label") == fr["app.rules"]
    assert french == fr["evening.captain_choose"]  # the first phone in is the table's captain


def test_single_device_handover_leaves_no_tile_of_the_previous_hand(live_server, screen):
    page = screen(1280, 800)
    open_solo(page, live_server.url)
    page.click(".lobby-game[data-profile='draw']")
    choose(page, "#opt-players", "2")
    seat_kind(page, 0, "device")
    seat_kind(page, 1, "device")
    page.fill("#seat-name-0", "Ana")
    page.fill("#seat-name-1", "Bo")
    page.press("#seat-name-1", "Tab")
    page.click(".lobby-start")
    page.wait_for_selector(".tablescreen")
    # the first hand is hidden until its player reveals it
    page.wait_for_selector(".handover:not([hidden])")
    assert page.locator(".device-panel .hand-tile").count() == 0
    first = device_state(page)
    names = Domino(page).js("D.frame.room.seats.map(s => s.name)")
    assert names[first["device_seat"]] in page.inner_text(".handover")
    page.click(".handover")
    page.wait_for_selector(".device-panel .hand-tile")
    assert page.locator(".device-panel .hand-tile").count() == len(first["hand"])
    played = play_one(page, first)
    remaining = [x for x in first["hand"] if x != played.get("play")]
    # handover: the cover names the next player, and no tile of the previous hand is in the page
    page.wait_for_selector(".handover:not([hidden])")
    second = device_state(page)
    assert second["device_seat"] != first["device_seat"]
    assert names[second["device_seat"]] in page.inner_text(".handover")
    html = page.content()
    for tile in remaining:
        assert f'data-tile="{tile}"' not in html
        assert page.locator(f"[data-tile='{tile}']").count() == 0
    assert page.locator(".device-panel .hand-tile").count() == 0

    # Undo takes the move back (the hand goes behind the cover for its owner), Redo restores it
    line = second["line"]
    page.click(".top-undo")
    wait_version_change(page, second["version"])
    back = device_state(page)
    assert back["line"] == line - 1 and back["device_seat"] == first["device_seat"]
    page.wait_for_selector(".handover:not([hidden])")
    page.click(".top-redo")
    wait_version_change(page, back["version"])
    assert device_state(page)["line"] == line


def test_the_whole_hand_fits_and_zoom_pan_the_board_only_move_the_view(live_server, phone, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    table.click(".lobby-game[data-profile='mexican-train']")
    lobby_setup(table, "mexican-train", players=2, seats=["phone", "computer:easy"])
    page = phone()
    join_phone(page, join_urls(table)[0], "Ana")
    start_game(table)
    wait_game(page)
    version = phone_state(page)["version"]
    # 15 tiles fit across a phone in rows: no tile is hidden, so a swipe over the hand moves nothing
    assert page.evaluate(
        "() => { const s = document.querySelector('.hand-strip'); return s.scrollWidth <= s.clientWidth; }"
    )
    cdp = page.context.new_cdp_session(page)
    # the table screen: wheel zooms, drag pans, Fit returns; the game does not change
    tv_version = Domino(table).version
    vp = table.locator(".table-board .board-viewport").bounding_box()
    cx, cy = vp["x"] + vp["width"] / 2, vp["y"] + vp["height"] / 2
    table.mouse.move(cx, cy)
    table.mouse.wheel(0, -400)
    table.wait_for_selector(".table-board.board--zoomed")
    before = table.evaluate("() => document.querySelector('.table-board .board-stage').style.transform")
    table.mouse.down()
    table.mouse.move(cx + 120, cy + 40, steps=6)
    table.mouse.up()
    after = table.evaluate("() => document.querySelector('.table-board .board-stage').style.transform")
    assert before != after and "scale" in after
    table.click(".table-board .board-fit")
    table.wait_for_selector(".table-board.board--zoomed", state="detached")
    assert Domino(table).version >= tv_version
    assert phone_state(page)["version"] >= version
    # pinch on the phone's board (two fingers apart) zooms it
    b = page.locator(".hand-board .board-viewport").bounding_box()
    mx, my = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    cdp.send(
        "Input.dispatchTouchEvent",
        {
            "type": "touchStart",
            "touchPoints": [{"x": mx - 20, "y": my, "id": 1}, {"x": mx + 20, "y": my, "id": 2}],
        },
    )
    for k in range(1, 7):
        d = 20 + k * 15
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": "touchMove",
                "touchPoints": [{"x": mx - d, "y": my, "id": 1}, {"x": mx + d, "y": my, "id": 2}],
            },
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_selector(".hand-board.board--zoomed", timeout=TIMEOUT)


def test_hint_glows_a_legal_tile_with_its_reason(live_server, phone, screen):
    table, page = phone_vs_computer(live_server, phone, screen)
    # a turn with a tile to play (draws first if nothing fits)
    _, st = play_until([page], lambda st: any("play" in a for a in st["legal"]), moves=30)
    page.click(".act-hint")
    page.wait_for_selector(".hint-text", timeout=TIMEOUT)
    text = page.inner_text(".hint-text")
    assert text.strip() and "hint." not in text  # a translated reason, not a bare key
    glowing = page.locator(".hand-strip .hand-tile--hint")
    assert glowing.count() == 1
    tile = glowing.first.get_attribute("data-tile")
    assert tile in {a["play"] for a in st["legal"] if "play" in a}
    # a hint is only a preview: nothing was played
    assert phone_state(page)["version"] == st["version"]


def test_the_phone_may_undo_only_after_a_decision_of_its_own(live_server, phone, screen):
    table, page = phone_vs_computer(live_server, phone, screen)
    # a turn with a tile to play: a draw is never taken back (the phone has seen the tile), and
    # the phone's first turn may allow nothing but a draw (seen in CI)
    _, st = play_until([page], lambda st: any("play" in a for a in st["legal"]), moves=60)
    frame = Domino(page).frame
    assert frame["can_undo"] is False and frame["can_redo"] is False
    play_one(page, st, choose=lambda legal: next(a for a in legal if "play" in a))
    Domino(page).wait("D.frame.can_undo === true")
