"""The rules panel of every profile: its facts from GET /api/profiles, its pictures, text at
least 28 px at 1080p on the table screen (measured from the text's boxes), and on a phone at
390x844 nothing wider than the screen."""

from __future__ import annotations

import json
import urllib.request

import pytest
from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table, read_rules_by_keys
from handle import Domino

PICTURES = {
    "draw": ["opening", "match", "draw", "score"],
    "block": ["opening", "match", "pass", "score"],
    "gaple": ["opening", "match", "discard", "score"],
    "six-love": ["opening", "match", "pass", "hard-ends", "score"],
    "mexican-train": ["engine", "trains", "train-draw", "score"],
}

# every line box of every text in the panel's body, HTML and SVG alike: [height, text]
TEXT_BOXES = """() => {
  const body = document.querySelector('.dlg-rules .dialog-body');
  const walk = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) if (r.width > 0) out.push([r.height, n.textContent.trim().slice(0, 40)]);
  }
  return out;
}"""


def waiting_table(screen, phone, url, profile, size=(1920, 1080)):
    """A dealt game where seat 0 is a phone whose player never moves: the game waits for it.
    Returns the table and that phone (390x844)."""
    table = screen(*size)
    open_table(table, url)
    lobby_setup(table, profile)
    Domino(table).wait("D.frame.room.profile === arg", profile)
    n = Domino(table).js("D.frame.room.seats.length")
    lobby_setup(table, profile, seats=["phone"] + ["computer:easy"] * (n - 1))
    page = phone()  # a Pixel 7 made 390 wide
    page.set_viewport_size({"width": 390, "height": 844})
    join_phone(page, join_urls(table)[0], "Siti")
    table.click(".lobby-start")
    Domino(table).wait("D.frame.view")
    page.wait_for_selector(".top-rules", timeout=TIMEOUT)
    return table, page


def open_rules(page):
    page.click(".top-rules")
    page.wait_for_selector(".dlg-rules .rules-pic", timeout=TIMEOUT)


@pytest.mark.parametrize("profile", list(PICTURES))
def test_the_rules_teach_with_pictures_readable_from_the_sofa(live_server, screen, phone, profile):
    facts = json.load(urllib.request.urlopen(live_server.url + "/api/profiles"))[profile]
    table, _ = waiting_table(screen, phone, live_server.url, profile)
    open_rules(table)
    pics = table.eval_on_selector_all(".dlg-rules .rules-pic", "els => els.map(e => e.dataset.pic)")
    assert pics == PICTURES[profile]
    for pic in pics:
        fig = table.locator(f".dlg-rules .rules-pic[data-pic='{pic}']")
        assert fig.locator("svg.rules-pic-svg svg.tile").count() >= 1  # tiles drawn by tiles.js
        assert len(fig.locator("figcaption").text_content()) > 30
        box = fig.locator("svg.rules-pic-svg").bounding_box()
        assert box["width"] >= 300 and box["height"] >= 150, box
    boxes = table.evaluate(TEXT_BOXES)
    small = [b for b in boxes if b[0] < 28]
    assert not small, small
    # the facts come from the catalogue
    chips = table.eval_on_selector_all(".rules-facts li", "els => els.map(e => e.textContent)")
    tiles = (facts["max_pip"] + 1) * (facts["max_pip"] + 2) // 2
    assert f"{tiles} tiles, 0 to {facts['max_pip']} pips" in chips
    if facts["target"]:
        assert any(str(facts["target"]) in c for c in chips)
    if facts["rounds"]:
        assert f"{facts['rounds']} rounds: the lowest total wins" in chips
    for size in set(facts["hand_size"]["sizes"].values()):
        assert any(f": {size} tiles each" in c for c in chips), (size, chips)
    # the full text follows the pictures
    assert table.locator(".dlg-rules .rules-body > p").count() >= 5


def test_the_rules_speak_the_readers_language(live_server, screen, phone):
    table, _ = waiting_table(screen, phone, live_server.url, "gaple")
    table.evaluate("() => import('/static/js/i18n.js').then(m => m.setLanguage('fr'))")
    Domino(table).js("D.redraw()")
    open_rules(table)
    fr = json.load(open("locales/fr.json", encoding="utf-8"))
    caption = table.text_content(".rules-pic[data-pic='discard'] figcaption")
    assert caption == fr["rules.pic.discard"]
    assert table.text_content(".dlg-rules h2") == fr["rules.title"].replace("{profile}", "Gaple")


@pytest.mark.parametrize("profile", list(PICTURES))
def test_the_rules_fit_a_phone(live_server, screen, phone, profile):
    _, page = waiting_table(screen, phone, live_server.url, profile, size=(1280, 720))
    open_rules(page)
    assert page.locator(".dlg-rules .rules-pic").count() == len(PICTURES[profile])
    fits = page.evaluate(
        """() => {
        const body = document.querySelector('.dlg-rules .dialog-body');
        const panel = document.querySelector('.dlg-rules .dialog').getBoundingClientRect();
        const wide = [...body.querySelectorAll('*')].map(e => e.getBoundingClientRect()).filter(r => r.width && r.right > innerWidth + 0.5);
        return {panelLeft: panel.left, panelRight: panel.right, scroll: body.scrollWidth - body.clientWidth,
                doc: document.documentElement.scrollWidth, wide: wide.length, width: innerWidth};
        }"""
    )
    assert fits["width"] == 390
    assert fits["panelLeft"] >= 0 and fits["panelRight"] <= 390, fits
    assert fits["scroll"] <= 0 and fits["wide"] == 0 and fits["doc"] <= 390, fits
    # each picture as wide as the panel allows, its text readable on a phone
    for box in page.locator(".dlg-rules svg.rules-pic-svg").all():
        assert box.bounding_box()["width"] >= 250
    smallest = min(h for h, _ in page.evaluate(TEXT_BOXES))
    assert smallest >= 16


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_rules_fit_the_tv_and_read_to_their_end_by_keys(live_server, screen, phone, size):
    table, _ = waiting_table(screen, phone, live_server.url, "mexican-train", size=size)  # the longest
    table.focus(".top-rules")  # the arrows reach it too (test_browser_tv_keys.py)
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-rules .rules-pic", timeout=TIMEOUT)
    panel = table.locator(".dlg-rules .dialog").bounding_box()
    assert panel["x"] >= 0 and panel["y"] >= 0, panel
    assert panel["x"] + panel["width"] <= size[0] and panel["y"] + panel["height"] <= size[1], panel
    small = [b for b in table.evaluate(TEXT_BOXES) if b[0] < 28 * size[1] / 1080 - 1]
    assert not small, small  # 28 px at 1080, as large at 720
    read_rules_by_keys(table)
    table.keyboard.press("Escape")  # Back closes them
    table.wait_for_selector(".dlg-rules", state="detached", timeout=TIMEOUT)
