"""The table's party lobby (1920x1080): a player who sits down is greeted large, in their seat's
colour and mark, with a sound; a remote reaches every game with the arrow keys alone; one press
puts a computer on an open seat and takes it off again; partnership games say who partners whom
by name."""

from __future__ import annotations

from flows import TIMEOUT, join_phone, lobby_setup, open_table
from handle import Domino

ACTIVE = "() => document.activeElement.dataset.profile || document.activeElement.id"


def test_a_player_is_greeted_large_with_a_sound(live_server, screen, phone, tmp_path):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    # the sounds it plays, and a greeting that stays while the test looks (3.5 s on a table)
    Domino(table).run(
        "window.__played = []; D.sound.play = (name) => window.__played.push(name); D.greetMs = 60000;"
    )
    join_phone(phone(), Domino(table).room["join_url"], "Ingrid")
    table.wait_for_selector(".arrival >> text=Welcome, Ingrid!", timeout=TIMEOUT)
    banner = table.query_selector(".arrival")
    Domino(table).settle(".arrival")  # the banner has grown to its size (600 ms)
    table.screenshot(path=str(tmp_path / "party-lobby-arrival-1920.png"))
    box = banner.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1920 and box["y"] >= 0, box
    assert table.evaluate("e => parseFloat(getComputedStyle(e).fontSize)", banner) >= 60
    mark = table.locator(".arrival .arrival-mark")
    assert mark.text_content() == "●"  # seat 1's mark, in its colour
    assert table.evaluate("() => window.__played") == ["arrive"]
    # the seat shows the player too, and the one code is gone with the last open seat
    table.wait_for_selector(".lobby-seat[data-seat='0'] .join-chip >> text=Ingrid", timeout=TIMEOUT)
    assert table.locator(".join-any-qr").count() == 0
    print(f"screenshots: {tmp_path}")


def test_the_arrows_alone_reach_every_game(live_server, screen):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    assert table.evaluate(ACTIVE) == "lobby-start"  # where a remote starts
    first = "() => document.activeElement === document.querySelector('.lobby-game')"
    for _ in range(4):  # left from Start to the games' column
        table.keyboard.press("ArrowLeft")
        if table.evaluate("() => !!document.activeElement.closest('.lobby-col--games')"):
            break
    for _ in range(10):  # up to the first game
        if table.evaluate(first):
            break
        table.keyboard.press("ArrowUp")
    games = table.eval_on_selector_all(".lobby-game", "gs => gs.map(g => g.dataset.profile)")
    seen = [table.evaluate(ACTIVE)]
    for _ in games[1:]:
        table.keyboard.press("ArrowDown")
        seen.append(table.evaluate(ACTIVE))
    assert seen == games
    table.keyboard.press("Enter")  # the remote's OK chooses the game it is on
    table.wait_for_selector(f".lobby-game[data-profile='{games[-1]}'][aria-checked='true']", timeout=TIMEOUT)
    Domino(table).wait("D.frame.room.profile === arg", games[-1])


def test_one_press_adds_a_computer_and_takes_it_off_and_teams_are_named(live_server, screen, phone):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "six-love", seats=["phone", "computer:easy", "phone", "phone"])
    join_phone(phone(), Domino(table).room["join_url"] + "?seat=2", "Ingrid")
    table.wait_for_selector(".lobby-teams >> text=Team A: Seat 1 and Ingrid", timeout=TIMEOUT)
    assert table.locator(".lobby-teams li").all_text_contents() == [
        "Team A: Seat 1 and Ingrid",
        "Team B: Computer 2 and Seat 4",
    ]
    assert table.locator("#seat-computer-2").count() == 0  # a seated phone keeps its seat
    # a computer on seat 4 with one press (Enter, as a remote's OK), off again with one more
    table.focus("#seat-computer-3")
    assert table.get_attribute("#seat-computer-3", "aria-label") == "Add a computer at seat 4"
    table.keyboard.press("Enter")
    Domino(table).wait("D.frame.room.seats[3].kind === 'computer'")
    table.wait_for_selector(".lobby-teams >> text=Team B: Computer 2 and Computer 4", timeout=TIMEOUT)
    table.click("#seat-computer-1")
    Domino(table).wait("D.frame.room.seats[1].kind === 'phone'")
    assert table.get_attribute("#seat-computer-1", "aria-label") == "Add a computer at seat 2"
    assert Domino(table).js("D.frame.room.seats.map(s => s.kind)") == ["phone", "phone", "phone", "computer"]
