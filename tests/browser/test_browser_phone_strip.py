"""The phone's player strip: whose turn, every seat's tile count and the boneyard, on screen in
portrait and landscape with up to eight seats; in six-love one's partner is marked."""

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
    start_game,
    wait_game,
)
from handle import Domino

LANDSCAPE = {"width": 844, "height": 390}
SMALL = {"width": 360, "height": 640}

CHIPS = """() => [...document.querySelectorAll('.hand-seats .seat-chip')].map(c => {
  const r = c.getBoundingClientRect();
  const n = c.querySelector('.seat-chip-name');
  const name = n ? n.getBoundingClientRect() : r;
  return {seat: c.dataset.seat ?? null, text: c.innerText, x: r.x, y: r.y, w: r.width, h: r.height,
          name: {x: name.x, y: name.y, w: name.width, h: name.height},
          turn: c.classList.contains('seat-chip--turn'), partner: c.classList.contains('seat-chip--partner'),
          visible: getComputedStyle(c).visibility !== 'hidden' && r.width > 0};
})"""


def seated_phone(live_server, phone, screen, profile, players, viewport):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    table.click(f".lobby-game[data-profile='{profile}']")
    lobby_setup(
        table,
        profile,
        players=None if profile == "six-love" else players,
        seats=["phone"] + ["computer:easy"] * (players - 1),
    )
    page = phone(viewport=viewport)
    join_phone(page, join_urls(table)[0], "Ana")
    start_game(table)
    wait_game(page)
    return table, page


def settled_chips(page) -> tuple[list, dict]:
    """The chips and the view they show, read at once; read again while a computer's move is
    still being drawn (the view is newer than the chips)."""
    for _ in range(50):
        chips, view = Domino(page).js(f"[({CHIPS})(), D.view]")
        seats = [c for c in chips if c["seat"] is not None]
        shown = all(str(view["seats"][int(c["seat"])]["count"]) in c["text"] for c in seats)
        turn = [int(c["seat"]) for c in seats if c["turn"]]
        if shown and turn == ([] if view["turn"] is None else [view["turn"]]):
            break
        page.wait_for_timeout(100)
    return chips, view


def assert_chips_on_screen(page, viewport, players):
    chips, view = settled_chips(page)
    seats = [c for c in chips if c["seat"] is not None]
    assert len(seats) == players
    for c in chips:
        assert c["visible"], c
        assert c["x"] >= 0 and c["y"] >= 0, c
        assert c["x"] + c["w"] <= viewport["width"] + 0.5 and c["y"] + c["h"] <= viewport["height"], c
    # no chip covers another, and every name stays inside its own chip
    for i, a in enumerate(chips):
        for b in chips[i + 1 :]:
            apart = a["x"] + a["w"] <= b["x"] + 0.5 or b["x"] + b["w"] <= a["x"] + 0.5
            apart = apart or a["y"] + a["h"] <= b["y"] + 0.5 or b["y"] + b["h"] <= a["y"] + 0.5
            assert apart, (a, b)
        n = a["name"]
        assert a["x"] - 0.5 <= n["x"] and n["x"] + n["w"] <= a["x"] + a["w"] + 0.5, a
        assert a["y"] - 0.5 <= n["y"] and n["y"] + n["h"] <= a["y"] + a["h"] + 0.5, a
    # the tile count of every seat is readable in its chip
    for c in seats:
        assert str(view["seats"][int(c["seat"])]["count"]) in c["text"]
    return chips, view


@pytest.mark.parametrize("players", [8, 10])
@pytest.mark.parametrize("viewport", [LANDSCAPE, SMALL], ids=["844x390", "360x640"])
def test_every_seat_and_the_boneyard_stay_on_the_strip(live_server, phone, screen, viewport, players):
    table, page = seated_phone(live_server, phone, screen, "mexican-train", players, viewport)
    chips, view = assert_chips_on_screen(page, viewport, players)
    turn = [c for c in chips if c["turn"]]
    assert len(turn) == 1 and int(turn[0]["seat"]) == view["turn"]
    bone = [c for c in chips if c["seat"] is None]
    assert len(bone) == 1 and str(view["boneyard"]) in bone[0]["text"]
    # the strip leaves room for the board and the hand
    strip = page.locator(".hand-seats").bounding_box()
    assert strip["height"] < viewport["height"] * 0.3
    # two rows at most
    assert len({round(c["y"]) for c in chips}) <= 2
    # ... and every train is still on the board: one's own and the Mexican Train in view. The
    # trains show once the engine double is down: when the deal gave it to Ana, she lays it first
    st = phone_state(page)
    if st["turn"] == st["seat"] and Domino(page).js("D.view.pending") == "engine":
        play_one(page, st)
    page.locator(".hand-board .train-row[data-train='0']").wait_for(state="visible", timeout=TIMEOUT)
    for train in ("0", "mexican"):  # polled: a computer's move may redraw the list meanwhile
        page.wait_for_function(
            """t => {
              const r = document.querySelector(`.hand-board .train-row[data-train='${t}']`);
              const b = document.querySelector('.hand-board .train-rows');
              if (!r || !b) return false;
              const row = r.getBoundingClientRect(), box = b.getBoundingClientRect();
              return row.height > 0 && box.top - 0.5 <= row.top && row.bottom <= box.bottom + 0.5;
            }""",
            arg=train,
            timeout=TIMEOUT,
        )


def test_six_love_marks_the_partner_in_landscape(live_server, phone, screen):
    table, page = seated_phone(live_server, phone, screen, "six-love", 4, LANDSCAPE)
    chips, view = assert_chips_on_screen(page, LANDSCAPE, 4)
    me = Domino(page).seat
    team = next(t for t in view["teams"] if me in t)
    partner = next(s for s in team if s != me)
    marked = [int(c["seat"]) for c in chips if c["partner"]]
    assert marked == [partner]
