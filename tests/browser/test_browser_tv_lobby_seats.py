"""The TV lobby's seats once phones sit down (1280x720 and 1920x1080), measured from bounding
boxes: nothing in a seat's card runs outside it or over another part of it (the seat, its team,
the one-press computer, its choices, its code or its player), no card runs over the "Players"
heading, every control of the games' column is on screen, and no choice's words are cut. Ten
Mexican Train seats with two players seated; Six-Love in French with a code on each seat;
gaple's four options in Indonesian."""

from __future__ import annotations

from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table
from handle import Domino

# what runs outside its box or over its neighbour, as readable lines (empty: all is well)
LAYOUT_FAULTS = """() => {
  const box = e => e.getBoundingClientRect();
  const shown = e => { const r = box(e); return r.width > 0 && r.height > 0; };
  const name = e => (e.id ? '#' + e.id : e.className.baseVal === undefined ? '.' + [...e.classList].join('.') : e.tagName)
    + ' ' + (e.textContent || '').trim().slice(0, 24);
  const inside = (a, b) => a.left >= b.left - 1 && a.top >= b.top - 1 && a.right <= b.right + 1 && a.bottom <= b.bottom + 1;
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  const heading = document.querySelector('.lobby-col--seats h2');
  for (const seat of document.querySelectorAll('.lobby-seat')) {
    const card = box(seat);
    if (meet(card, box(heading))) out.push(`seat ${seat.dataset.seat} over the heading`);
    for (const e of seat.querySelectorAll('*')) if (shown(e) && !inside(box(e), card)) out.push(`${name(e)} outside seat ${seat.dataset.seat}`);
    const parts = [...seat.querySelectorAll('.lobby-seat-label, .lobby-team, .seat-computer, .seat-kind, .join-card, .seat-name')].filter(shown);
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++)
        if (meet(box(parts[i]), box(parts[j]))) out.push(`${name(parts[i])} over ${name(parts[j])}`);
  }
  const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const cols = [...document.querySelectorAll('.lobby-col')];
  for (let i = 0; i < cols.length; i++)
    for (let j = i + 1; j < cols.length; j++) if (meet(box(cols[i]), box(cols[j]))) out.push(`${name(cols[i])} over ${name(cols[j])}`);
  for (const col of cols) {
    const area = box(col);
    for (const e of col.querySelectorAll('button, h2, .choice-label, .lobby-teams li, .lobby-partners'))
      if (shown(e) && !(inside(box(e), view) && inside(box(e), area))) out.push(`${name(e)} off screen`);
  }
  for (const e of document.querySelectorAll('.lobby .choice, .lobby-team, .lobby-seat-label'))
    if (shown(e) && e.scrollWidth > e.clientWidth + 1) out.push(`${name(e)} cut`);
  return out;
}"""

SIZES = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})


def assert_laid_out(table):
    for size in SIZES:
        table.set_viewport_size(size)
        # laid out at the new size, and a player who just sat down arrived: their chip pops in
        # from a third of its size to more than its own for 600 ms (table.css chip-in)
        assert Domino(table).settled(LAYOUT_FAULTS, ".lobby") == [], size


def test_ten_seats_with_players_seated_stay_in_their_cards(live_server, screen, phone):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=10, seats=["phone"] * 10)
    urls = join_urls(table)  # a code on every seat
    for seat, name in ((0, "Ingrid"), (1, "Bartholomew")):
        join_phone(phone(), urls[seat], name)
    table.wait_for_selector(".lobby-seat[data-seat='1'] .join-chip >> text=Bartholomew", timeout=TIMEOUT)
    assert_laid_out(table)
    table.click(".join-seat-codes")  # the one code again
    table.wait_for_selector(".lobby-seat .join-qr", state="detached", timeout=TIMEOUT)
    assert_laid_out(table)


def test_six_love_in_french_shows_each_team_whole_beside_its_code(live_server, screen, phone):
    table = screen(1280, 720, lang="fr")
    open_table(table, live_server.url)
    lobby_setup(table, "six-love", seats=["phone", "computer:easy", "phone", "computer:easy"])
    join_phone(phone(lang="fr"), join_urls(table)[0], "Ingrid")
    table.wait_for_selector(".join-card--taken .join-chip >> text=Ingrid", timeout=TIMEOUT)
    assert table.locator(".lobby-seat .join-qr").count() == 1  # seat 3's own code
    assert table.locator(".lobby-seat .lobby-team").all_text_contents() == ["Équipe A", "Équipe B"] * 2
    assert table.locator(".lobby-partners").is_visible()
    assert table.locator("#seat-kind-0").count() == 0  # a seated phone keeps its seat
    assert_laid_out(table)
    free = table.locator(".join-free").bounding_box()
    chip = table.locator(".join-chip").bounding_box()
    assert free["height"] < chip["height"], (free, chip)  # freeing a seat is a small button


def test_gaples_four_options_fit_in_indonesian(live_server, screen):
    table = screen(1280, 720, lang="id")
    open_table(table, live_server.url)
    lobby_setup(table, "gaple", seats=["phone", "phone", "computer:easy", "computer:hard"])
    assert table.locator(".lobby-options .choice-field").count() == 4  # the deal and three switches
    assert_laid_out(table)
