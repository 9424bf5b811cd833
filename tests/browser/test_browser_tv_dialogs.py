"""A TV has no mouse: the table screen's other dialogs fit 1920x1080 and 1280x720 with ten seats
(Mexican Train, nine computers thinking slowly so the round stays in play): the menu (⚙), the
questions its "Start over" and "New game" ask first, "Show this table on another screen", and,
back in the lobby, Tonight with a ten-player match. Each dialog inside the screen, every
heading, text and button inside the dialog and nothing in it scrolled away or cut, the focus
inside it; every text as large as the table's own and the focused control's ring whole
(sofa.py); Escape or a remote's Back closes it. Shots go to $EVENING_SHOTS in each language of
$DIALOG_LANGS (default: en)."""

from __future__ import annotations

import json
import os
import urllib.request

import pytest
from evening_flows import shot, socket_phones
from flows import open_table
from handle import TIMEOUT, Domino
from results_flows import computers_at_table
from sofa import FOCUSED, read_from_the_sofa, ring_inside

import engine
from tabletop import evening

LANGS = os.environ.get("DIALOG_LANGS", "en").split(",")
SIZES = ((1920, 1080), (1280, 720))
NAMES = ["Ana", "Bartholomew", "Cy", "Dorothea", "Eko", "Fitzgerald", "Gunnhild", "Hamid", "Ingrid", "Joko"]

# what of the dialog `sel` is not whole: the dialog off the screen, a box outside the dialog, a
# box that scrolls or a button whose words are cut, the focus outside the dialog
NOT_WHOLE = """(sel) => {
  const root = document.querySelector(sel);
  if (!root) return ['no dialog'];
  const panel = root.querySelector('.dialog');
  const d = panel.getBoundingClientRect();
  const out = [];
  if (d.left < 0 || d.top < 0 || d.right > innerWidth + 0.5 || d.bottom > innerHeight + 0.5)
    out.push(`dialog ${d.left},${d.top},${d.right},${d.bottom}`);
  const name = (n) => `${n.tagName}.${n.className}:${(n.textContent || n.alt || '').trim().slice(0, 30)}`;
  for (const n of panel.querySelectorAll('h2, h3, p, li, th, td, label, select, img, button, strong, small')) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.left < d.left - 1 || r.right > d.right + 1 || r.top < d.top - 1 || r.bottom > d.bottom + 1) out.push(`outside ${name(n)}`);
    if (n.tagName === 'BUTTON' && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)) out.push(`cut ${name(n)}`);
  }
  for (const n of panel.querySelectorAll('*')) {
    const s = getComputedStyle(n);
    if (/auto|scroll|hidden/.test(s.overflowY) && n.scrollHeight > n.clientHeight + 1) out.push(`scrolls ${name(n)}`);
  }
  const f = document.activeElement;
  if (!f || !panel.contains(f)) out.push(`focus on ${f ? name(f) : 'nothing'}`);
  else {
    const r = f.getBoundingClientRect();
    if (r.left < d.left - 1 || r.right > d.right + 1 || r.top < d.top - 1 || r.bottom > d.bottom + 1) out.push(`focus outside ${name(f)}`);
  }
  return out;
}"""


def whole(page, sel):
    page.wait_for_selector(f"{sel} .dialog", timeout=TIMEOUT)
    page.wait_for_function(
        "(sel) => document.querySelector(sel).getAnimations({subtree: true}).every(a => a.playState !== 'running')",
        arg=sel,
    )
    # measured once laid out at a new viewport (its resize event comes in a frame) and still
    assert Domino(page).settled(NOT_WHOLE, sel, sel) == [], (sel, page.viewport_size)


def closes(page, sel, key):
    if key == "GoBack":  # a remote's Back, which the browser's keyboard has not got
        page.evaluate(
            "() => (document.activeElement || document.body).dispatchEvent("
            "new KeyboardEvent('keydown', {key: 'GoBack', bubbles: true, cancelable: true}))"
        )
    else:
        page.keyboard.press(key)
    page.wait_for_selector(sel, state="detached", timeout=TIMEOUT)
    assert page.locator(".backdrop").count() == 0


def open_menu(page):
    # the remote's way: the focus on ⚙, then Enter
    page.focus(".topbar .top-menu")
    page.keyboard.press("Enter")
    whole(page, ".dlg-menu")
    # an item not offered leaves nothing behind (no stray "null" where it would have been)
    assert "null" not in page.inner_text(".dlg-menu .menu-list")
    # a button's line of help sits under its title, never run on after it on one line
    pairs = page.eval_on_selector_all(
        ".dlg-menu .menu-help",
        "els => els.map(h => [h.previousElementSibling.getBoundingClientRect().bottom, h.getBoundingClientRect().top])",
    )
    assert pairs and all(top >= bottom - 1 for bottom, top in pairs), pairs
    read_from_the_sofa(page, ".dlg-menu")
    ring_inside(page)  # its first button's


def question(page, button, key):
    """The menu's `button` asks first: the question whole, then closed by `key` (nothing sent)."""
    open_menu(page)
    page.click(f".dlg-menu {button}")
    page.wait_for_selector(".dlg-menu", state="detached", timeout=TIMEOUT)
    whole(page, ".dlg-ask")
    assert page.locator(".dlg-ask .dialog-foot .btn--primary").is_visible()
    read_from_the_sofa(page, ".dlg-ask")
    ring_inside(page)  # its "Cancel", the first of its answers
    return key


def first_tile(profile, options, seed):
    """A whole match of the engine, every seat playing its first tile."""
    m = engine.Match(profile, options)
    while m.state.phase != "game_over":
        m.start_round(seed=seed)
        while m.state.phase == "play":
            legal = [a.to_json() for a in engine.legal_actions(m.state)]
            m.act(next((a for a in legal if "play" in a), legal[0]))
    return m.state


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_dialogs_fit_both_tv_sizes_with_ten_seats(server_with, screen, lang):
    server = server_with(computer_delay=120)
    table = screen(1920, 1080, lang=lang)
    computers_at_table(table, server.url, "mexican-train", 10)
    table.wait_for_selector(".seat--tv >> nth=9", timeout=TIMEOUT)
    assert Domino(table).js("D.frame.view.phase") == "play"
    for w, h in SIZES:
        table.set_viewport_size({"width": w, "height": h})
        open_menu(table)
        assert table.locator(".dlg-menu .menu-watch").is_visible()
        shot(table, f"tv-menu-{lang}-{w}x{h}")
        closes(table, ".dlg-menu", "Escape")
        open_menu(table)
        closes(table, ".dlg-menu", "GoBack")
        # a round under way: starting over and a new game each ask first
        closes(table, ".backdrop", question(table, ".menu-over", "Escape"))
        question(table, ".menu-new", "GoBack")
        shot(table, f"tv-new-game-question-{lang}-{w}x{h}")
        closes(table, ".backdrop", "GoBack")
        assert Domino(table).js("D.frame.view && D.frame.view.phase") == "play"
        # the second screen's address and QR code
        open_menu(table)
        table.click(".dlg-menu .menu-watch")
        table.wait_for_function("() => document.querySelector('.dlg-watch .watch-qr').complete")
        whole(table, ".dlg-watch")
        read_from_the_sofa(table, ".dlg-watch")
        ring_inside(table)
        shot(table, f"tv-watch-{lang}-{w}x{h}")
        closes(table, ".dlg-watch", "Escape")
    # tonight so far: a ten-player Mexican Train match; "New game" (yes) back to the lobby
    room = server.app.extensions["tabletop"].rooms[Domino(table).room["id"]]
    match = first_tile("mexican-train", {"players": 10}, 11)
    seats = [{"kind": "phone", "name": n} for n in NAMES]
    with room.lock:
        room.meta["tonight"] = [evening.entry(match, {"profile": "mexican-train", "seats": seats})]
    question(table, ".menu-new", "Enter")
    table.click(".backdrop .dialog-foot .btn--primary")
    table.wait_for_selector(".topbar .top-tonight", timeout=TIMEOUT)
    for w, h in SIZES:
        table.set_viewport_size({"width": w, "height": h})
        table.focus(".top-tonight")
        table.keyboard.press("Enter")
        whole(table, ".dlg-tonight")
        assert table.locator(".dlg-tonight tbody tr").count() == 10
        read_from_the_sofa(table, ".dlg-tonight")
        ring_inside(table)
        shot(table, f"tv-lobby-tonight-{lang}-{w}x{h}")
        closes(table, ".dlg-tonight", "GoBack" if w == 1920 else "Escape")


@pytest.mark.parametrize("lang", LANGS)
def test_the_phone_seats_dialog_fits_both_tv_sizes_with_ten_phones(server_with, screen, lang):
    """Ten phone seats, so many rows that the menu keeps them in a dialog of their own: six taken
    by phones (two of them with a computer standing in), four never taken, a computer at each."""
    server = server_with(computer_delay=120)
    table = screen(1920, 1080, lang=lang)
    open_table(table, server.url)
    seats = [{"kind": "phone"}] * 10
    setup = {"profile": "mexican-train", "options": {"players": 10}, "seats": seats}
    assert Domino(table).request("setup", setup) is None
    Domino(table).wait("D.frame.room.seats.length === 10")
    socket_phones(table, NAMES[:6])
    for seat in (1, 3, 6, 7, 8, 9):
        assert Domino(table).request("standin", {"seat": seat, "level": "easy"}) is None
    assert Domino(table).request("start_round") is None
    table.wait_for_selector(".seat--tv >> nth=9", timeout=TIMEOUT)
    words = json.load(urllib.request.urlopen(f"{server.url}/locales/{lang}.json"))
    for w, h in SIZES:
        table.set_viewport_size({"width": w, "height": h})
        open_menu(table)
        assert table.locator(".dlg-menu .menu-seats").count() == 1
        assert table.locator(".dlg-menu .seats-row").count() == 0  # the menu stays short
        table.focus(".dlg-menu .menu-seats")
        table.keyboard.press("Enter")
        whole(table, ".dlg-seats")
        read_from_the_sofa(table, ".dlg-seats")
        # a seat no phone has taken is not given "back" to anyone
        assert (
            table.inner_text(".dlg-seats .seats-row[data-seat='7'] .seats-standin")
            == words["seats.standin_end_open"]
        )
        assert table.locator(".dlg-seats .seats-row").count() == 10
        shot(table, f"tv-seats-{lang}-{w}x{h}")
        # the focus on the first seat's first button; right, then down through every row
        assert table.evaluate(FOCUSED)["seat"] == 0
        table.keyboard.press("ArrowRight")
        for seat in range(10):
            if seat:
                table.keyboard.press("ArrowDown")
            f = table.evaluate(FOCUSED)
            assert f["seat"] == seat and "seats-standin" in f["cls"] and f["ring"] and f["inside"], (seat, f)
        closes(table, ".dlg-seats", "GoBack")
    # Enter presses the focused row's button: Dorothea's seat goes back to her phone
    open_menu(table)
    table.focus(".dlg-menu .menu-seats")
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-seats", timeout=TIMEOUT)
    table.focus(".dlg-seats .seats-row[data-seat='3'] .seats-standin")
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-seats", state="detached", timeout=TIMEOUT)
    Domino(table).wait("!D.frame.room.seats[3].standin && D.frame.room.seats[1].standin")
