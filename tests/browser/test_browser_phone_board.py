"""The board on the phone late in a line game: both open ends and the tiles next to them on screen
and big enough to read, the whole line one tap (or one pinch) away."""

from __future__ import annotations

import pytest
from flows import (
    TIMEOUT,
    join_phone,
    join_urls,
    lobby_setup,
    open_table,
    phone_state,
    play_one,
    play_until,
    start_game,
    wait_game,
)
from handle import Domino
from seeds import fixed_seed, long_line_seed

LINE = 16  # tiles on the line when the test looks
READABLE = 28  # px, the short side of a tile whose pips can be counted on a phone

BOXES = """() => {
  const board = document.querySelector('.hand-board').getBoundingClientRect();
  const box = (n) => { if (!n) return null; const r = n.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {x: r.x, y: r.y, w: r.width, h: r.height, text: n.innerText.trim(), hit: !!hit && n.contains(hit),
            shown: r.width > 0 && getComputedStyle(n).visibility !== 'hidden'}; };
  const tiles = [...document.querySelectorAll('.hand-board .board-tile[data-tile]:not([data-ghost])')]
    .filter(n => n.offsetParent !== null).map(n => ({tile: n.dataset.tile, ...box(n)}));
  const end = (side) => box(document.querySelector(`.hand-board [data-end=${side}], .hand-board .phoneboard-end--${side}`));
  return {board: {x: board.x, y: board.y, w: board.width, h: board.height}, tiles,
          left: end('left'), right: end('right'), folded: !!document.querySelector('.phoneboard--ends')};
}"""


def late_in_a_round(live_server, phone, screen, viewport):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "phone"])
    urls = join_urls(table)
    pages = [phone(viewport=viewport) for _ in urls]
    for page, (seat, url) in zip(pages, sorted(urls.items())):
        join_phone(page, url, f"P{seat + 1}")
    with fixed_seed(long_line_seed()):
        start_game(table)
    for page in pages:
        wait_game(page)
    play_until(pages, lambda st: len(Domino(pages[0]).js("D.view.line")) >= LINE)
    # the board draws in the next animation frame: wait until both phones show the new line, its
    # last tile landed (a tile dropping in is drawn up to 40 px above its place)
    for page in pages:
        Domino(page).wait(
            "document.querySelectorAll('.hand-board .board-tile[data-tile]').length > 0 && D.view.line.length >= arg",
            LINE,
        )
        Domino(page).settle(".hand-board")
    return pages


def inside(b, board):
    return (
        b["x"] >= board["x"] - 0.5
        and b["y"] >= board["y"] - 0.5
        and b["x"] + b["w"] <= board["x"] + board["w"] + 0.5
        and b["y"] + b["h"] <= board["y"] + board["h"] + 0.5
    )


def assert_ends_readable(page):
    view = Domino(page).view
    line = view["line"]
    got = page.evaluate(BOXES)
    board = got["board"]
    assert got["folded"], "a long line on a phone opens on its two ends"
    shown = {t["tile"]: t for t in got["tiles"]}
    # both end tiles and at least one more next to each are on the board, whole and uncovered
    for tile in [e["tile"] for e in line[:2] + line[-2:]]:
        assert tile in shown, (tile, sorted(shown))
        t = shown[tile]
        assert inside(t, board), t
        assert t["hit"], f"{tile} is covered"
        assert min(t["w"], t["h"]) >= READABLE, t
    # the numbers the open ends need, on screen next to them
    for side in ("left", "right"):
        e = got[side]
        assert e and e["shown"] and inside(e, board), (side, e)
        assert e["text"] == str(view["ends"][side]), (side, e)
        assert e["hit"], f"the {side} end's number is covered"
    # reading order: the left end's tile is left of (or above) the right end's
    first, last = shown[line[0]["tile"]], shown[line[-1]["tile"]]
    assert first["y"] < last["y"] or first["x"] < last["x"]
    return got


def assert_whole_line(page):
    line = Domino(page).js("D.view.line")
    got = page.evaluate(BOXES)
    assert not got["folded"]
    assert sorted(t["tile"] for t in got["tiles"]) == sorted(e["tile"] for e in line)
    for t in got["tiles"]:
        assert inside(t, got["board"]), t


PINCH = """() => {
  const vp = document.querySelector('.phoneboard-ends');
  const r = vp.getBoundingClientRect();
  const y = r.y + r.height / 2;
  const ev = (type, id, x) => vp.dispatchEvent(new PointerEvent(type, {pointerId: id, clientX: x, clientY: y, bubbles: true, pointerType: 'touch', isPrimary: id === 1}));
  ev('pointerdown', 1, r.x + 60); ev('pointerdown', 2, r.x + 260);
  for (let x = 250; x >= 140; x -= 10) ev('pointermove', 2, r.x + x);
  ev('pointerup', 1, r.x + 60); ev('pointerup', 2, r.x + 140);
}"""


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 360, "height": 640}], ids=["390x844", "360x640"]
)
def test_late_in_a_round_the_open_ends_are_big_and_the_whole_line_one_tap_away(
    live_server, phone, screen, viewport
):
    pages = late_in_a_round(live_server, phone, screen, viewport)
    mover = next(p for p in pages if phone_state(p)["turn"] == phone_state(p)["seat"])
    waiter = next(p for p in pages if p is not mover)
    # the seat on turn sees the ends a tile fits as targets; the other seat sees their numbers
    if any("play" in a for a in phone_state(mover)["legal"]):
        assert mover.locator(".hand-board .board-slot[data-end]").count() >= 1
    assert waiter.locator(".hand-board .board-slot[data-end]").count() == 0
    for page in pages:
        assert_ends_readable(page)
    # one tap: the whole line, every tile on the board; another tap: back to the ends
    toggle = waiter.locator(".phoneboard-toggle")
    assert toggle.is_visible()
    toggle.tap()
    waiter.wait_for_selector(".hand-board:not(.phoneboard--ends) .board-layer .board-tile", timeout=TIMEOUT)
    Domino(waiter).settle(".hand-board")
    assert_whole_line(waiter)
    toggle.tap()
    waiter.wait_for_selector(".phoneboard--ends", timeout=TIMEOUT)
    Domino(waiter).settle(".hand-board")
    assert_ends_readable(waiter)
    # one pinch on the folded line opens it whole too
    waiter.evaluate(PINCH)
    waiter.wait_for_selector(".hand-board:not(.phoneboard--ends) .board-layer .board-tile", timeout=TIMEOUT)
    Domino(waiter).settle(".hand-board")
    assert_whole_line(waiter)
    # the seat on turn moves: the folded line follows
    play_one(mover, phone_state(mover))
    Domino(mover).settle(".hand-board")
    assert_ends_readable(mover)
