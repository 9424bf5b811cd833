"""Pass-and-play on /solo: after every action of every device seat its hand leaves the page at
once; the next device seat's hand shows only after a tap on the cover; computer turns show the
table and no hand."""

from __future__ import annotations

from flows import TIMEOUT, choose, device_state, open_solo, play_one, seat_kind
from handle import Domino
from seeds import draw_seed, fixed_seed

# every element that names a tile and is not on the board (the played tiles are public there)
TILES_OFF_THE_BOARD = """(tiles) => [...document.querySelectorAll('[data-tile]')]
    .filter((e) => !e.closest('.table-board') && tiles.includes(e.dataset.tile))
    .map((e) => e.dataset.tile)"""

# the page in one look (computers may move on between two looks): who decides, the cover, the
# hand tiles on screen and the given tiles found off the board
LOOK = (
    """const f = D.frame; const d = f.device_view;
    return {phase: f.view.phase, device_seat: f.device_seat, hand: d ? d.hand : null,
            cover: !document.querySelector('.handover').hidden,
            hand_tiles: document.querySelectorAll('.device-panel .hand-tile').length,
            off_board: ("""
    + TILES_OFF_THE_BOARD
    + """)(arg.concat(d ? d.hand : []))};"""
)


def start_solo(page, base_url, profile, players, kinds, names, seed):
    open_solo(page, base_url)
    page.click(f".lobby-game[data-profile='{profile}']")
    choose(page, "#opt-players", str(players))
    for i, kind in enumerate(kinds):
        seat_kind(page, i, kind)
    for i, name in names.items():
        page.fill(f"#seat-name-{i}", name)
        page.press(f"#seat-name-{i}", "Tab")
    with fixed_seed(seed):
        page.click(".lobby-start")
        page.wait_for_selector(".tablescreen", timeout=TIMEOUT)
        Domino(page).wait("D.frame.view")


def wait_for_a_device_turn(page):
    """Until a device seat must decide (its cover is up) or the round is over; computers play."""
    Domino(page).wait(
        "D.frame.view && (D.frame.view.phase !== 'play'"
        " || (D.frame.device_seat !== null && !document.querySelector('.handover').hidden))"
    )
    return device_state(page)


def test_no_hand_stays_after_its_player_acts(live_server, screen):
    page = screen(1280, 800)
    names = {0: "Ana", 1: "Bo"}
    start_solo(page, live_server.url, "draw", 3, ["device", "device", "computer:easy"], names, seed=1)
    acted = set()
    for _ in range(120):
        st = wait_for_a_device_turn(page)
        if st["phase"] != "play":
            break
        seat = st["device_seat"]
        # behind the cover: nothing of the waiting hand, and it names who takes the device
        assert page.locator(".device-panel .hand-tile").count() == 0
        assert page.evaluate(TILES_OFF_THE_BOARD, st["hand"]) == []
        assert names[seat] in page.inner_text(".handover")
        page.click(".handover")
        page.wait_for_selector(".device-panel .hand-tile", timeout=TIMEOUT)
        assert sorted(page.evaluate(TILES_OFF_THE_BOARD, st["hand"])) == sorted(st["hand"] * 2)
        play_one(page, st)
        acted.add(seat)
        # at once: the hand that acted is gone from the page, whoever plays next (a device seat
        # waiting behind its cover has nothing on screen either)
        look = Domino(page).run(LOOK, st["hand"])
        assert look["hand_tiles"] == 0, look
        if look["phase"] != "play":
            break  # the results show every hand: they are public now
        assert look["off_board"] == [], look
        assert look["cover"] == (look["device_seat"] is not None), look  # computers: the table
    assert acted == {0, 1}


def test_the_same_player_taps_again_after_a_draw(live_server, screen):
    """A draw is an action too: the hand goes, and its player reveals it again to go on."""
    page = screen(1280, 800)
    names = {0: "Ana", 1: "Bo"}
    start_solo(page, live_server.url, "draw", 2, ["device", "device"], names, seed=draw_seed())
    for _ in range(200):
        st = wait_for_a_device_turn(page)
        assert st["phase"] == "play", "the round ended before anyone drew"
        page.click(".handover")
        page.wait_for_selector(".device-panel .hand-tile", timeout=TIMEOUT)
        drew = "draw" in play_one(page, st)  # a draw when nothing fits
        after = Domino(page).run(LOOK, st["hand"])
        if drew and after["device_seat"] == st["device_seat"]:
            assert after["cover"] and after["hand_tiles"] == 0 and after["off_board"] == [], after
            assert names[st["device_seat"]] in page.inner_text(".handover")
            page.click(".handover")
            page.wait_for_selector(".device-panel .hand-tile", timeout=TIMEOUT)
            assert page.locator(".device-panel .hand-tile").count() == len(after["hand"])
            return
    raise AssertionError("nobody had to draw")
