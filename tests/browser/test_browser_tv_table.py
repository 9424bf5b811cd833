"""The table on the TV at 1920x1080, late in a long eight-player Mexican Train round: every tile
at least 64 px long, every text at least 28 px, and a turn banner that names the seat on turn
(and says so when that seat's phone has gone)."""

from __future__ import annotations

from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table, start_game

PHONE_STATE = """() => { const S = window.__domino; const v = S.view;
  return v && {phase: v.phase, turn: v.turn, seat: S.seat, legal: v.legal, version: S.frame.version}; }"""
BOARD_TILES = """() => { const tr = window.__domino.frame.view.trains;
  return tr.mexican.tiles.length + tr.personal.reduce((s, p) => s + p.tiles.length, 0); }"""

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


def play_until_board_holds(table, ph, want, limit=600):
    """The phone plays (a tile when it can) until, on its turn, the trains hold `want` tiles;
    when a computer ends the round first, the table deals the next one."""
    for _ in range(limit):
        st = ph.evaluate(PHONE_STATE)
        if st and st["phase"] != "play":
            table.evaluate("() => window.__domino.net.request('start_round')")
            ph.wait_for_function("() => window.__domino.view.phase === 'play'", timeout=TIMEOUT)
            continue
        if not st or st["turn"] != st["seat"] or not st["legal"]:
            ph.wait_for_timeout(30)
            continue
        if ph.evaluate(BOARD_TILES) >= want:
            return
        act = next((a for a in st["legal"] if "play" in a), st["legal"][0])
        ph.evaluate(
            "([a, v]) => window.__domino.net.request('act', {action: a, version: v})", [act, st["version"]]
        )
        ph.wait_for_function("v => window.__domino.frame.version > v", arg=st["version"], timeout=TIMEOUT)
    raise AssertionError("the trains never held enough tiles")


def test_a_long_mexican_train_round_reads_from_the_sofa(live_server, screen, phone):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=8, seats=["phone"] + ["computer:easy"] * 7)
    ctx_phone = phone()
    join_phone(ctx_phone, join_urls(table)[0], "Ingrid")
    start_game(table)
    play_until_board_holds(table, ctx_phone, 40)
    table.wait_for_function("() => window.__domino.frame.view.turn === 0", timeout=TIMEOUT)
    table.wait_for_timeout(300)  # the board draws in the next animation frame
    # a tile still in flight is measured once it has landed (finite animations done)
    table.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)",
        timeout=TIMEOUT,
    )
    lengths = table.evaluate(TILE_LENGTHS)
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
