"""Every button label fits, in every language: the phone at 360 px wide and the TV at 1280×720.

Each screen is brought to the states a player sees (the join page, the lobby, a turn, the menus,
the rules panel, the results; the kiosk table's lock and PIN pad);
every visible button (and disclosure line) there is measured as it is, and then each button kind
is given, in place, every label the client can put on it (from the catalogue, with the longest
default name in the name slots). A label fails when its text runs to a third line or is cut:
wider or taller than its button, or pushed off the side of the screen.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flows import (
    TIMEOUT,
    join_phone,
    join_urls,
    lobby_setup,
    my_turn,
    open_table,
    play_until_round_over,
    start_game,
    wait_game,
)
from handle import Domino

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "id", "fr", "ms", "nb"]

# Measures every visible button matching `all`, then for each [selector, labels] family puts
# each label in place of the first visible match's text and measures it there (the button keeps
# its icons, its neighbours and its container). Returns what does not fit, and the families that
# matched nothing (a renamed class must not make the test pass by measuring nothing).
MEASURE = r"""([families, where]) => {
  const texts = (root) => {
    const out = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) if (walk.currentNode.data.trim()) out.push(walk.currentNode);
    return out;
  };
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const scrollsSideways = (e) => { for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if ((o === 'auto' || o === 'scroll') && p.scrollWidth > p.clientWidth) return true; } return false; };
  const lineCount = (root) => {
    const ys = [];
    let fs = 16;
    for (const node of texts(root)) {
      fs = parseFloat(getComputedStyle(node.parentElement).fontSize);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0.5) ys.push(r.top + r.height / 2);
    }
    ys.sort((a, b) => a - b);
    let n = 0, last = -1e9;
    for (const y of ys) if (y - last > fs * 0.6) { n++; last = y; }
    return n;
  };
  const check = (b) => {
    // a card-like button (a title in <strong>, a help line under it) is judged by its title
    const title = b.querySelector('strong') || b;
    const lines = lineCount(title);
    const br = b.getBoundingClientRect();
    const why = [];
    if (lines > 2) why.push(`${lines} lines`);
    if (b.scrollWidth > b.clientWidth + 1) why.push(`${b.scrollWidth}px of text in ${b.clientWidth}px`);
    if (b.scrollHeight > b.clientHeight + 1) why.push(`${b.scrollHeight}px of text in ${b.clientHeight}px high`);
    for (const node of texts(b)) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0.5 && (r.left < br.left - 1 || r.right > br.right + 1)) why.push('text outside the button');
      const p = node.parentElement;
      if (p !== b && getComputedStyle(p).textOverflow === 'ellipsis' && p.scrollWidth > p.clientWidth) why.push('ellipsis');
    }
    if (!scrollsSideways(b) && (br.left < -1 || br.right > innerWidth + 1)) why.push('off the screen');
    return why;
  };
  const relabel = (b, label) => {
    const nodes = texts(b).filter((n) => !n.parentElement.closest('.choice-num'));
    if (!nodes.length) return b.append(label);
    nodes[nodes.length - 1].data = label;
  };
  const bad = [];
  const seen = new Set();
  for (const b of document.querySelectorAll('button, a.btn, summary')) {
    if (!visible(b) || !b.textContent.trim()) continue;
    const label = b.textContent.trim();
    seen.add(label);
    const why = check(b);
    if (why.length) bad.push(`${where}: "${label}" (${b.className}): ${why.join(', ')}`);
  }
  const missing = [];
  for (const [sel, labels] of families) {
    const b = [...document.querySelectorAll(sel)].find(visible);
    if (!b) { missing.push(sel); continue; }
    const saved = b.innerHTML;
    for (const label of labels) {
      relabel(b, label);
      const why = check(b);
      if (why.length) bad.push(`${where}: "${label}" as ${sel}: ${why.join(', ')}`);
      b.innerHTML = saved;
    }
  }
  return {bad, missing, seen: seen.size};
}"""


def catalogue(lang):
    with open(ROOT / "locales" / f"{lang}.json", encoding="utf-8") as f:
        return json.load(f)


def labels(lang, *keys):
    """The catalogue's texts for `keys`, placeholders filled as long as the client fills them."""
    data = catalogue(lang)
    longest_name = data["app.computer_n"].replace("{n}", "10")
    fill = {"name": longest_name, "n": "12", "count": "12", "order": data["hand.sort_weight"]}
    out = []
    for key in keys:
        text = data.get(key) or data[f"{key}.other"]
        out.append(re.sub(r"\{(\w+)\}", lambda m: fill[m.group(1)], text))
    return out


def measure(page, where, families=()):
    got = page.evaluate(MEASURE, [[list(f) for f in families], where])
    assert not got["missing"], f"{where}: no button to try labels on: {got['missing']}"
    assert got["seen"] > 0, f"{where}: no button measured"
    return got["bad"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_button_label_fits_the_phone_and_the_tv(live_server, phone, screen, lang):
    bad = []
    table = screen(1280, 720)
    table.add_init_script(f"localStorage.setItem('domino.lang', '{lang}')")
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    bad += measure(
        table,
        "TV lobby",
        [(".lobby-start", labels(lang, "lobby.start"))],
    )
    url = join_urls(table)[0]

    page = phone(lang=lang, viewport={"width": 360, "height": 640})
    page.goto(url)
    page.wait_for_selector("#join-name", timeout=TIMEOUT)
    bad += measure(
        page,
        "phone join",
        [(".join-go", labels(lang, "hand.join_button", "hand.join_code_button", "hand.join_use_as_table"))],
    )
    join_phone(page, url, "Ana")
    start_game(table)
    wait_game(page)
    my_turn(page)

    # the choice of end as the hand panel draws it, then every end and train label in it
    Domino(page).run(
        """const h = D.hand; const v = h.view;
        h.view = {...v, ends: {left: 12, right: 12}};
        h.choices.append(h._whereChoice([{action: {end: 'left'}, key: 'l'}, {action: {end: 'right'}, key: 'r'}]));
        h.view = v;"""
    )
    data = catalogue(lang)
    trains = [data["table.train_of"].replace("{name}", labels(lang, "app.computer_n")[0])]
    choice = labels(lang, "hand.end_left", "hand.end_right", "hand.train_own", "table.mexican_train") + trains
    actions = labels(
        lang,
        "hand.draw",
        "hand.pass",
        "hand.done",
        "hand.discard",
        "hand.confirm",
        "hand.cancel",
        "hand.hint",
        "hand.hint_thinking",
        "hand.opener_me",
        "hand.opener_partner",
    )
    sorts = labels(lang, "hand.sort_dealt", "hand.sort_suit", "hand.sort_weight")
    bad += measure(
        page,
        "phone turn",
        [(".hand-actions .btn--big", actions), (".btn--choice", choice), (".hand-sort", sorts)],
    )
    page.click(".top-menu")
    page.wait_for_selector(".dlg-menu .menu-leave", timeout=TIMEOUT)
    menu = labels(
        lang, "hand.suit_tracker", "hand.leave", "results.download", "hand.pref_one_tap", "hand.pref_preview"
    )
    bad += measure(
        page,
        "phone menu",
        # Undo shows only once there is a move to take back: its words are tried on a menu button
        [
            (".dlg-menu .menu-leave", menu),
            (".dlg-menu .menu-tracker", labels(lang, "hand.undo", "hand.redo")),
        ],
    )
    page.keyboard.press("Escape")
    page.wait_for_selector(".dlg-menu", state="detached", timeout=TIMEOUT)
    bad += rules_panel(page, "phone")

    top = labels(
        lang,
        "table.undo",
        "table.redo",
        "app.rules",
        "app.results",
    )
    bad += measure(table, "TV table", [(".top-rules", top)])
    bad += rules_panel(table, "TV")
    table.click(".top-menu")
    table.wait_for_selector(".dlg-menu .menu-restart", timeout=TIMEOUT)
    host_menu = labels(
        lang,
        "table.next_round",
        "table.restart",
        "table.start_over",
        "table.new_game",
        "table.play_again",
        "table.sound_on",
        "table.sound_off",
        "app.fullscreen",
        "app.exit_fullscreen",
        "lobby.free_seat",
        "lobby.standin",
        "lobby.standin_end",
    )
    bad += measure(table, "TV menu", [(".dlg-menu .menu-restart", host_menu)])
    table.keyboard.press("Escape")

    # the end of the round: the results on both screens
    play_until_round_over([page])
    table.wait_for_selector(".res-next", timeout=TIMEOUT)
    page.wait_for_selector(".backdrop", timeout=TIMEOUT)
    after = labels(lang, "table.next_round", "table.play_again", "table.new_game", "table.start_over")
    # the secondary labels in their own places, as shown: the record's download, the shuffle's line
    secondary = [
        (".dlg-results .results-download", labels(lang, "results.download")),
        (".dlg-results .seed-block summary", labels(lang, "results.verify")),
    ]
    bad += measure(table, "TV results", [(".res-next", after), *secondary])
    bad += measure(page, "phone results", secondary)
    assert not bad, f"{lang}: button labels that do not fit:\n" + "\n".join(bad)


def rules_panel(page, where):
    """The rules panel opened from the top bar, measured, closed again."""
    page.click(".top-rules")
    page.wait_for_selector(".dlg-rules .rules-body", timeout=TIMEOUT)
    bad = measure(page, f"{where} rules")
    page.keyboard.press("Escape")
    page.wait_for_selector(".dlg-rules", state="detached", timeout=TIMEOUT)
    return bad


PIN = "4321"


@pytest.mark.parametrize("lang", LANGS)
def test_the_kiosk_lock_and_pin_pad_fit_the_tv(server_with, screen, lang):
    server = server_with(kiosk=True, pin=PIN)
    table = screen(1280, 720)
    table.add_init_script(f"localStorage.setItem('domino.lang', '{lang}')")
    open_table(table, server.url)
    lobby_setup(table, "draw", players=2, seats=["device", "computer:easy"])
    start_game(table)
    table.wait_for_selector(".kiosk-unlock", timeout=TIMEOUT)
    lock = labels(lang, "table.locked", "table.lock_now")
    bad = measure(table, "TV locked", [(".kiosk-unlock", lock)])
    table.click(".kiosk-unlock")
    table.wait_for_selector(".dlg-pin .pin-key--enter", timeout=TIMEOUT)
    bad += measure(table, "TV PIN pad", [(".dlg-pin .pin-key[data-digit='5']", ["0", "9"])])
    for d in PIN:
        table.click(f".dlg-pin .pin-key[data-digit='{d}']")
    table.click(".dlg-pin .pin-key--enter")
    table.wait_for_selector(".kiosk-relock", timeout=TIMEOUT)
    bad += measure(table, "TV unlocked", [(".kiosk-relock", lock)])
    assert not bad, f"{lang}: button labels that do not fit:\n" + "\n".join(bad)
