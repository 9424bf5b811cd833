"""The table on the TV at 1920x1080, late in a long eight-player Mexican Train round: every tile
at least 64 px long, every text at least 28 px, and a turn banner that names the seat on turn
(and says so when that seat's phone has gone)."""

from __future__ import annotations

from flows import (
    TIMEOUT,
    TRAIN_TILES,
    join_phone,
    join_urls,
    lobby_setup,
    open_table,
    phone_plays_until,
    start_game,
)
from handle import Domino

# Every visible text on the page: its font size in px (text nodes, by their element).
TEXT_SIZES = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.trim();
    const elem = n.parentElement;
    if (!text || !elem || elem.closest("svg, script, style, [hidden]")) continue;
    const r = elem.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight) continue;
    if (getComputedStyle(elem).visibility === "hidden" || getComputedStyle(elem).opacity === "0") continue;
    out.push([text.slice(0, 40), parseFloat(getComputedStyle(elem).fontSize)]);
  }
  return out;
}"""

TILE_LENGTHS = """() => [...document.querySelectorAll('.table-board .board-tile, .table-board .train-hub')]
  .map(t => { const r = t.getBoundingClientRect(); return [t.dataset.tile, Math.max(r.width, r.height)]; })"""


def test_a_long_mexican_train_round_reads_from_the_sofa(live_server, screen, phone):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=8, seats=["phone"] + ["computer:easy"] * 7)
    ctx_phone = phone()
    join_phone(ctx_phone, join_urls(table)[0], "Ingrid")
    start_game(table)
    phone_plays_until(table, ctx_phone, TRAIN_TILES, 40)
    Domino(table).wait("D.frame.view.turn === 0")
    # the board drawn (in its animation frame) and a tile still in flight landed
    lengths = Domino(table).settled(TILE_LENGTHS, ".table-board")
    assert len(lengths) >= 12, lengths  # collapsed trains still show their last tiles
    short = [(tile, round(n)) for tile, n in lengths if n < 64]
    assert not short, short
    assert table.evaluate("() => document.scrollingElement.scrollWidth") <= 1920  # nothing off the side
    small = [(text, size) for text, size in table.evaluate(TEXT_SIZES) if size < 28]
    assert not small, small
    banner = table.text_content(".turn-banner")
    assert "Ingrid" in banner and table.get_attribute(".turn-banner", "data-seat") == "0"
    # the phone goes away on its turn: the banner says what the table waits for
    ctx_phone.context.close()
    table.wait_for_selector(".turn-banner >> text=Waiting for Ingrid's phone to come back", timeout=TIMEOUT)
