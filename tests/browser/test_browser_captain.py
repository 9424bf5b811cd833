"""The captain on the phone: the first phone in chooses the game and its options with big
choices and starts; the other phones see the choice live with who is choosing, and so does the
table. "New game" mid-game (the captain's and the table's) asks first, saying what is lost, and
goes back to the lobby with everyone still seated."""

from __future__ import annotations

from flows import join_phone, open_table, wait_game
from handle import TIMEOUT, Domino

LOST = "The round in play and the scores of this match will be lost."


def lobby_with_two_phones(screen, phone, base_url):
    table = screen(1920, 1080)
    open_table(table, base_url)
    seats = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "computer", "level": "easy"}]
    assert (
        Domino(table).request("setup", {"profile": "draw", "options": {"players": 3}, "seats": seats}) is None
    )
    Domino(table).wait("D.frame.room.seats.length === 3")
    url = Domino(table).room["join_url"]
    ingrid = phone(viewport={"width": 390, "height": 844})
    join_phone(ingrid, f"{url}?seat=0", "Ingrid")
    bo = phone(viewport={"width": 390, "height": 844})
    join_phone(bo, f"{url}?seat=1", "Bo")
    return table, ingrid, bo


def phones_turn(table):
    """Until a phone is on turn: the computer (seat 2) may open a deal, right after it, and
    then waits for the phones; the table stands still."""
    Domino(table).wait("D.frame.view && D.frame.view.phase === 'play' && D.frame.view.turn !== 2")


def in_lobby(page):
    Domino(page).wait("D.frame.view === null && D.screen === 'waiting'")


def test_the_captain_chooses_and_starts_the_others_watch(live_server, screen, phone):
    table, ingrid, bo = lobby_with_two_phones(screen, phone, live_server.url)
    ingrid.wait_for_selector(
        ".captain-choices .choice-game[data-profile='draw'][aria-checked='true']", timeout=TIMEOUT
    )
    bo.wait_for_selector(".waiting-choosing", timeout=TIMEOUT)
    assert bo.inner_text(".waiting-choosing") == "Ingrid is choosing the game."
    assert bo.locator(".captain-choices").count() == 0 and bo.locator(".captain-start").count() == 0
    assert "Ingrid is choosing the game." in table.inner_text(".topbar")

    # a game: one tap; the seats stay, the new ones are computers; everyone sees it
    ingrid.click(".choice-game[data-profile='mexican-train']")
    Domino(table).wait("D.frame.room.profile === 'mexican-train'")
    bo.wait_for_selector(".waiting-game-name:has-text('Mexican Train')", timeout=TIMEOUT)
    table.wait_for_selector(".lobby-game[data-profile='mexican-train'][aria-checked='true']", timeout=TIMEOUT)
    # an option: big buttons, the choice pressed
    ingrid.click("#captain-opt-players .choice[data-value='5']")
    Domino(table).wait("D.frame.room.seats.length === 5")
    assert [s["kind"] for s in Domino(table).room["seats"]] == [
        "phone",
        "phone",
        "computer",
        "computer",
        "computer",
    ]
    assert Domino(table).js("D.frame.room.seats.slice(0, 2).every((s) => s.taken)")
    ingrid.wait_for_selector(
        "#captain-opt-players .choice[data-value='5'][aria-checked='true']", timeout=TIMEOUT
    )
    bo.wait_for_selector(".waiting-options li:has-text('5 players')", timeout=TIMEOUT)
    table.wait_for_selector(".lobby-seat[data-seat='4']", timeout=TIMEOUT)
    ingrid.click("#captain-opt-blank50-toggle")
    Domino(table).wait("D.frame.room.options.blank50 === true")
    ingrid.wait_for_selector("#captain-opt-blank50-toggle[aria-pressed='true']", timeout=TIMEOUT)
    box = ingrid.locator("#captain-opt-players .choice[data-value='5']").bounding_box()
    assert box["height"] >= 48 and box["width"] >= 48  # a thumb's target

    # one press takes a computer off a seat (an open seat: no Start until someone sits), one
    # press puts it back; the players stay seated
    ingrid.click(".waiting-computer--out[data-seat='4']")
    Domino(table).wait("D.frame.room.seats[4].kind === 'phone'")
    ingrid.wait_for_selector(".waiting-open", timeout=TIMEOUT)
    assert ingrid.locator(".captain-start").count() == 0
    assert bo.locator(".waiting-computer").count() == 0  # only the captain's phone
    ingrid.click(".waiting-computer--in[data-seat='4']")
    Domino(table).wait("D.frame.room.seats[4].kind === 'computer'")
    assert Domino(table).js("D.frame.room.seats.slice(0, 2).every((s) => s.taken)")
    assert Domino(table).js("D.frame.room.options.blank50") is True

    ingrid.click(".captain-start")
    for page in (ingrid, bo):
        wait_game(page)
    assert Domino(table).js("D.frame.view.profile") == "mexican-train"
    assert Domino(table).js("D.frame.room.options.players") == 5


def test_new_game_asks_first_and_keeps_everyone_seated(live_server, screen, phone):
    table, ingrid, bo = lobby_with_two_phones(screen, phone, live_server.url)
    ingrid.click(".captain-start")
    for page in (ingrid, bo):
        wait_game(page)
    table.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    phones_turn(table)

    # the captain's New game: it asks, and No changes nothing
    version = Domino(table).version
    ingrid.click(".top-menu")
    ingrid.click(".dlg-menu .menu-new-game")
    ingrid.wait_for_selector(f".dialog:has-text('{LOST}')", timeout=TIMEOUT)
    assert ingrid.inner_text(".dialog-foot .btn--primary") == "New game"  # the yes says what it does
    ingrid.click(".dialog-foot .btn:not(.btn--primary)")
    Domino(ingrid).barrier()  # had No sent anything, the server has handled it now
    Domino(table).barrier()  # ... and the table has its frames from before
    assert Domino(table).version == version and Domino(table).js("D.frame.view.phase") == "play"
    assert bo.locator(".menu-new-game").count() == 0
    bo.click(".top-menu")
    bo.wait_for_selector(".dlg-menu .menu-leave", timeout=TIMEOUT)
    assert bo.locator(".dlg-menu .menu-new-game").count() == 0  # only the captain's phone
    bo.keyboard.press("Escape")
    # Yes: back to the lobby, both still seated
    ingrid.click(".top-menu")
    ingrid.click(".dlg-menu .menu-new-game")
    ingrid.click(".dialog-foot .btn--primary")
    for page in (ingrid, bo):
        in_lobby(page)
    ingrid.wait_for_selector(".captain-choices", timeout=TIMEOUT)
    table.wait_for_selector(".lobby-seat", timeout=TIMEOUT)
    assert Domino(table).js("D.frame.room.seats.filter((s) => s.taken && s.kind === 'phone').length") == 2

    # the table's New game: it asks too, then the lobby with the same players
    ingrid.click(".captain-start")
    table.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    phones_turn(table)
    version = Domino(table).version
    table.click(".top-menu")
    table.click(".dlg-menu .menu-new")
    table.wait_for_selector(f".dialog:has-text('{LOST}')", timeout=TIMEOUT)
    table.click(".dialog-foot .btn:not(.btn--primary)")
    Domino(table).barrier()  # had No sent anything, the server has handled it now
    assert Domino(table).version == version and table.locator(".tablescreen").count() == 1
    table.click(".top-menu")
    table.click(".dlg-menu .menu-new")
    table.click(".dialog-foot .btn--primary")
    table.wait_for_selector(".lobby-seat", timeout=TIMEOUT)
    assert table.locator(".join-card--taken").count() == 2
    for page in (ingrid, bo):
        in_lobby(page)


def test_new_game_mid_gaple_shows_the_open_seat_and_starts_nothing(live_server, screen, phone):
    """The bug seen: "New game" in a gaple game whose seat 3 was an open phone seat showed a
    lobby saying every seat was taken, and Start ended the running game without asking."""
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    seats = [{"kind": "phone"}, {"kind": "phone"}, {"kind": "phone"}, {"kind": "computer", "level": "easy"}]
    assert Domino(table).request("setup", {"profile": "gaple", "options": {}, "seats": seats}) is None
    Domino(table).wait("D.frame.room.seats.length === 4")
    url = Domino(table).room["join_url"]
    phones = []
    for seat, name in enumerate(["Ana", "Bo", "Cy"]):
        page = phone(viewport={"width": 390, "height": 844})
        join_phone(page, f"{url}?seat={seat}", name)
        phones.append(page)
    assert Domino(table).request("start_round") is None
    table.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    assert Domino(phones[2]).request("leave") is None  # seat 3 is open now
    Domino(table).wait("!D.frame.room.seats[2].taken")
    table.click(".top-menu")
    table.click(".dlg-menu .menu-new")
    table.click(".dialog-foot .btn--primary")
    table.wait_for_selector(".lobby-seat", timeout=TIMEOUT)
    Domino(table).wait("D.frame.view === null")
    assert table.locator(".join-ready").count() == 0  # never "Every seat is taken"
    assert "1 seat is still free" in table.inner_text(".join-panel")
    assert table.locator(".join-card--taken").count() == 2
    version = Domino(table).version
    table.click(".lobby-start")
    table.wait_for_selector(".toast", timeout=TIMEOUT)
    assert Domino(table).js("D.frame.view") is None and table.locator(".tablescreen").count() == 0
    assert Domino(table).js("D.frame.room.profile") == "gaple"
    assert Domino(table).version <= version + 1  # at most the lobby's own setup, no deal
