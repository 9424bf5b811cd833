"""The hand is the hero: a 15-tile Mexican Train hand on a 360x640 phone, every tile on screen
and tappable, the selected one in view, the order of the hand remembered."""

from __future__ import annotations

from flows import (
    TIMEOUT,
    join_phone,
    join_urls,
    lobby_setup,
    my_turn,
    open_table,
    phone_state,
    play_until,
    start_game,
    wait_game,
)
from handle import Domino
from seeds import fixed_seed
from test_browser_hand import set_preview_mode

import engine

SMALL = {"width": 360, "height": 640}

TILE_BOXES = """() => [...document.querySelectorAll('.hand-strip .hand-tile')].map(b => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return {tile: b.dataset.tile, x: r.x, y: r.y, w: r.width, h: r.height, hit: !!hit && b.contains(hit)};
})"""


def computer_lays_the_engine_seed():
    """A two-seat Mexican Train deal where the computer (seat 1) holds 12-12 and lays it, and the
    phone (seat 0) then has tiles to play: no search through the boneyard first."""
    for seed in range(1, 500):
        m = engine.Match("mexican-train", {"players": 2})
        m.start_round(seed=seed)
        legal = [a.to_json() for a in engine.legal_actions(m.state)]
        if m.state.turn != 1 or legal[0].get("play") != "12-12":
            continue
        m.act(legal[0])
        if sum("play" in a for a in (a.to_json() for a in engine.legal_actions(m.state))) >= 2:
            return seed
    raise AssertionError("no such deal")


def mexican_phone(live_server, phone, screen, init_script=None, **opts):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    table.click(".lobby-game[data-profile='mexican-train']")
    lobby_setup(table, "mexican-train", players=2, seats=["phone", "computer:easy"])
    page = phone(**opts)
    if init_script:
        page.add_init_script(init_script)
    join_phone(page, join_urls(table)[0], "Ana")
    with fixed_seed(computer_lays_the_engine_seed()):
        start_game(table)
    wait_game(page)
    return table, page


def assert_all_tiles_tappable(page, viewport):
    boxes = page.evaluate(TILE_BOXES)
    assert boxes
    for b in boxes:
        assert b["w"] >= 44 and b["h"] >= 44, b
        assert b["x"] >= 0 and b["y"] >= 0, b
        assert b["x"] + b["w"] <= viewport["width"] and b["y"] + b["h"] <= viewport["height"], b
        assert b["hit"], f"{b['tile']} is covered by something else"
    return boxes


def test_fifteen_tiles_at_360x640_all_tappable_and_the_selected_one_in_view(live_server, phone, screen):
    table, page = mexican_phone(live_server, phone, screen, viewport=SMALL)
    st = phone_state(page)
    assert len(st["hand"]) == 15
    boxes = assert_all_tiles_tappable(page, SMALL)
    assert len(boxes) == 15
    # no scrolling needed: the strip holds the whole hand
    assert page.evaluate(
        "() => { const s = document.querySelector('.hand-strip'); return s.scrollWidth <= s.clientWidth; }"
    )
    set_preview_mode(page)
    # a turn with a tile to play (drawing first if nothing fits)
    _, st = play_until([page], lambda st: any("play" in a for a in st["legal"]), moves=30)
    fits = [a["play"] for a in st["legal"] if "play" in a]
    assert fits, st
    boxes = page.evaluate(TILE_BOXES)
    # the last tile that fits, which sits at the end of the hand's second row if any does
    order = [b["tile"] for b in boxes]
    tile = max(fits, key=order.index)
    page.locator(f".hand-strip .hand-tile[data-tile='{tile}']").tap()
    page.wait_for_selector(
        f".hand-strip .hand-tile[data-tile='{tile}'][aria-pressed='true']", timeout=TIMEOUT
    )
    # the choice or the confirm button appeared above the hand: still every tile on screen
    assert_all_tiles_tappable(page, SMALL)
    sel = next(b for b in page.evaluate(TILE_BOXES) if b["tile"] == tile)
    assert sel["hit"] and sel["y"] + sel["h"] <= SMALL["height"]


def test_sort_the_hand_with_one_tap_remembered(live_server, phone, screen):
    table, page = mexican_phone(live_server, phone, screen, viewport=SMALL)
    dealt = phone_state(page)["hand"]

    def shown():
        return page.evaluate(
            "() => [...document.querySelectorAll('.hand-strip .hand-tile')].map(b => b.dataset.tile)"
        )

    assert shown() == dealt
    page.locator(".hand-sort").tap()
    by_number = shown()
    pips = [tuple(sorted(map(int, t.split("-")), reverse=True)) for t in by_number]
    assert pips == sorted(pips, reverse=True) and sorted(by_number) == sorted(dealt)
    assert page.evaluate("() => localStorage.getItem('domino.handorder')") == '"suit"'
    page.locator(".hand-sort").tap()
    weights = [sum(map(int, t.split("-"))) for t in shown()]
    assert weights == sorted(weights, reverse=True)
    # remembered: a reload keeps the order by weight
    page.reload()
    wait_game(page)
    page.wait_for_selector(".hand-strip .hand-tile")
    assert [sum(map(int, t.split("-"))) for t in shown()] == sorted(weights, reverse=True)
    assert_all_tiles_tappable(page, SMALL)


def test_the_turn_is_signalled_and_the_sound_can_be_turned_off(live_server, phone, screen):
    # the phone's vibration motor, as the page sees it: every pattern it is asked to play
    motor = "navigator.vibrate = (pattern) => { (window.__vibrated = window.__vibrated || []).push(pattern); return true; };"
    table, page = mexican_phone(live_server, phone, screen, init_script=motor, viewport=SMALL)
    st = my_turn(page)
    assert st["turn"] == st["seat"]
    page.wait_for_function("() => (window.__vibrated || []).length > 0", timeout=TIMEOUT)
    assert page.evaluate("() => window.__vibrated[0]") == [70, 50, 70]
    # the whole screen changes: a gold frame round it (and one flash as the turn starts)
    page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=TIMEOUT)
    frame = page.evaluate("() => getComputedStyle(document.getElementById('app'), '::after').boxShadow")
    assert "inset" in frame
    assert Domino(page).js("D.turnSignals") >= 1
    # the settings: vibration and the chime, each remembered
    page.click(".top-menu")
    assert page.is_checked("#pref-sound") and page.is_checked("#pref-vibrate")
    page.click("#pref-sound")
    assert page.evaluate("() => localStorage.getItem('domino.sound')") == "false"
    page.click(".dlg-menu .dialog-x")
    page.reload()
    wait_game(page)
    page.click(".top-menu")
    assert not page.is_checked("#pref-sound")


LANDSCAPE = {"width": 844, "height": 390}


def test_landscape_is_its_own_layout_with_every_tile_on_screen(live_server, phone, screen):
    table, page = mexican_phone(live_server, phone, screen, viewport=LANDSCAPE)
    assert len(assert_all_tiles_tappable(page, LANDSCAPE)) == 15
    # the board and the decisions side by side above the hand, not the portrait column squeezed
    board = page.locator(".hand-board").bounding_box()
    decide = page.locator(".hand-decide").bounding_box()
    strip = page.locator(".hand-strip").bounding_box()
    assert decide["x"] >= board["x"] + board["width"] - 1
    assert board["y"] + board["height"] <= strip["y"] + 1 and decide["y"] + decide["height"] <= strip["y"] + 1
    assert board["width"] > LANDSCAPE["width"] / 2


def test_the_trains_stay_readable_while_choosing_one(live_server, phone, screen):
    """A tile that goes on one's own train and on the Mexican Train: the question, the list of
    trains with their open numbers on the board, no badge over a name, every tile still tappable."""
    table, page = mexican_phone(live_server, phone, screen, viewport=SMALL)
    set_preview_mode(page)

    def choice_of_trains(st):
        plays = [a["play"] for a in st["legal"] if "play" in a]
        return [p for p in plays if plays.count(p) > 1]

    _, st = play_until([page], choice_of_trains, moves=30)
    multi = choice_of_trains(st)
    assert multi, "no tile with a choice of trains came up"
    # its label names the trains as a sentence does: "your train or the Mexican Train"
    label = page.get_attribute(f".hand-strip .hand-tile[data-tile='{multi[0]}']", "aria-label")
    assert " or " in label and "Mexican Train" in label, label
    page.locator(f".hand-strip .hand-tile[data-tile='{multi[0]}']").tap()
    page.wait_for_selector(".choice-group .btn--choice[data-train]", timeout=TIMEOUT)
    Domino(page).settle(".hand-board")  # the board draws in the next frame, its train in view after
    trains = {str(a["train"]) for a in st["legal"] if a.get("play") == multi[0]}
    got = page.evaluate(
        """() => { const box = (n) => { const r = n.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
        const list = document.querySelector('.hand-board .train-rows');
        return {list: box(list),
                names: [...list.querySelectorAll('.train-name')].map(box),
                slots: [...list.querySelectorAll('.train-slot')].map(n => ({train: n.dataset.train, text: n.innerText.trim(), ...box(n)}))}; }"""
    )
    view = Domino(page).js("D.view.trains")
    assert {s["train"] for s in got["slots"]} == trains
    lst = got["list"]
    for s in got["slots"]:
        end = view["mexican"]["end"] if s["train"] == "mexican" else view["personal"][int(s["train"])]["end"]
        assert s["text"] == str(end)
        assert lst["y"] - 0.5 <= s["y"] and s["y"] + s["h"] <= lst["y"] + lst["h"] + 0.5, s
        for n in got["names"]:
            apart = s["x"] >= n["x"] + n["w"] or n["x"] >= s["x"] + s["w"]
            apart = apart or s["y"] >= n["y"] + n["h"] or n["y"] >= s["y"] + s["h"]
            assert apart, (s, n)
    assert_all_tiles_tappable(page, SMALL)


def test_a_hand_too_long_for_the_rows_scrolls_with_a_visible_edge_and_keeps_its_place(
    live_server, phone, screen
):
    """22 tiles (a long Draw) at 360x640: two rows of 44 px targets hold 16, so the strip scrolls;
    its edge fades to show that it goes on, and a redraw keeps the scroll where the player left it."""
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    page = phone(viewport=SMALL)
    join_phone(page, join_urls(table)[0], "Ana")
    start_game(table)
    wait_game(page)
    my_turn(page)  # no frame comes while the phone decides: the panel shows what it is given
    tiles = [f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1)][:22]
    got = Domino(page).run(
        """const v = {...D.view, hand: arg, legal: [], legal_places: [], version: D.frame.version};
        D.hand.render(v, D.room);
        const s = document.querySelector('.hand-strip');
        const before = s.scrollLeft;
        s.scrollLeft = 120;
        const kept = s.scrollLeft;
        D.hand.render({...v}, D.room);
        const sizes = [...s.querySelectorAll('.hand-tile')].map(b => b.getBoundingClientRect().width);
        return {scrolls: s.classList.contains('hand-strip--scrolls'), before, kept, after: s.scrollLeft,
                mask: getComputedStyle(s).maskImage || getComputedStyle(s).webkitMaskImage,
                over: s.scrollWidth - s.clientWidth, n: sizes.length, narrowest: Math.min(...sizes)};""",
        tiles,
    )
    assert got["n"] == 22 and got["narrowest"] >= 44, got
    assert got["scrolls"] and got["over"] > 0 and "gradient" in got["mask"], got
    assert got["before"] == 0 and got["kept"] > 0 and got["after"] == got["kept"], got
