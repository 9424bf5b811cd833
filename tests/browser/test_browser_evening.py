"""The evening from the sofa: three phones and a computer play a whole match, each round dealt by
the phones' Ready, to the podium and into a rematch, without one click on the table screen (the
table only shows: who is ready, tonight's matches). Screenshots go to $EVENING_SHOTS when set."""

from __future__ import annotations

import os

from flows import join_phone, open_table, play_until, wait_game
from handle import TIMEOUT, Domino

SHOTS = os.environ.get("EVENING_SHOTS")
LONG = 6 * TIMEOUT


def shot(page, name):
    if SHOTS:
        page.wait_for_timeout(400)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def phone_shots(page, name):
    """A phone's screen at the three phone sizes, then back to 390 x 844."""
    if SHOTS:
        for w, h in ((390, 844), (844, 390), (360, 640)):
            page.set_viewport_size({"width": w, "height": h})
            shot(page, f"{name}-{w}x{h}")
        page.set_viewport_size({"width": 390, "height": 844})


def seated_table(screen, phone, base_url, profile, options, names):
    """The table opened and set up (through its connection: no click), a phone on each phone
    seat; the captain (the first phone) starts the game from its waiting screen."""
    table = screen(1920, 1080)
    open_table(table, base_url)
    seats = [{"kind": "phone"}] * len(names) + [{"kind": "computer", "level": "easy"}]
    assert Domino(table).request("setup", {"profile": profile, "options": options, "seats": seats}) is None
    Domino(table).wait("D.frame.room.seats.length === arg", len(seats))
    join_url = Domino(table).room["join_url"]
    phones = []
    for seat, name in enumerate(names):
        page = phone(viewport={"width": 390, "height": 844})
        join_phone(page, f"{join_url}?seat={seat}", name)
        phones.append(page)
    captain = phones[0]
    captain.wait_for_selector(".captain-start", timeout=TIMEOUT)
    assert phones[1].locator(".captain-start").count() == 0  # only the captain starts
    captain.click(".captain-start")
    for page in phones:
        wait_game(page)
    return table, phones


def results_open(page):
    page.wait_for_selector(".dlg-results .ready-box", timeout=LONG)


def everyone_ready(table, phones, names, first_round=False):
    """Each phone taps Ready (or Play again) in turn: the others say whom they wait for, and
    the table shows who is ready; the last tap deals."""
    for page in phones:
        results_open(page)
    version = Domino(table).version
    phones[0].click(".dlg-results .ready-go")
    Domino(table).wait("D.frame.room.ready.includes(0)")
    phones[0].wait_for_selector(".ready-me", timeout=TIMEOUT)
    waiting = phones[0].inner_text(".ready-wait")
    assert names[1] in waiting and names[2] in waiting and names[0] not in waiting, waiting
    table.wait_for_selector(".ready-strip .ready-seat--on[data-seat='0']", timeout=TIMEOUT)
    assert table.locator(".ready-strip .ready-seat--on").count() == 1
    if first_round:
        phone_shots(phones[0], "phone-waiting")
        phone_shots(phones[1], "phone-ready")
        shot(table, "tv-who-is-ready-1920x1080")
    for page in phones[1:]:
        page.click(".dlg-results .ready-go")
    Domino(table).wait("D.frame.version > arg && D.frame.view.phase === 'play'", version, LONG)


def play_match(table, phones, names):
    """Rounds until the match is decided; returns the rounds played."""
    for round_no in range(1, 40):
        play_until(phones, taps=False, moves=2000)
        Domino(table).wait("D.frame.view.phase !== 'play'", None, LONG)
        if Domino(table).js("D.frame.room.tonight.matches.length"):
            return round_no
        everyone_ready(table, phones, names, first_round=round_no == 1)
    raise AssertionError("the match did not end")


def test_a_draw_match_from_start_to_podium_and_rematch_from_the_phones(live_server, screen, phone):
    names = ["Ana", "Bo", "Cy"]
    table, phones = seated_table(screen, phone, live_server.url, "draw", {"players": 4}, names)
    table.evaluate("() => { window.__clicks = 0; addEventListener('click', () => window.__clicks++, true); }")
    rounds = play_match(table, phones, names)
    assert rounds >= 2 and Domino(table).js("D.frame.view.phase") == "game_over"
    # the podium: Play again on every phone, the captain may also change the game
    for page in phones:
        results_open(page)
    assert phones[0].inner_text(".ready-go") == "Play again"
    assert phones[0].locator(".ready-change").count() == 1 and phones[1].locator(".ready-change").count() == 0
    phone_shots(phones[0], "phone-podium")
    table.wait_for_selector(".tonight-box .tonight-table", timeout=TIMEOUT)
    shot(table, "tv-tonight-1920x1080")
    # tonight on a phone, on request
    phones[1].keyboard.press("Escape")
    phones[1].click(".top-menu")
    phones[1].click(".menu-tonight")
    phones[1].wait_for_selector(".dlg-tonight .tonight-table", timeout=TIMEOUT)
    rows = phones[1].locator(".dlg-tonight tbody tr").count()
    assert rows == 4  # three phones and the computer
    phone_shots(phones[1], "phone-tonight")
    phones[1].keyboard.press("Escape")
    phones[1].click(".top-results")
    everyone_ready(table, phones, names)
    view = Domino(table).view
    assert view["round"] == 1 and view["scores"] == [0, 0, 0, 0]
    assert Domino(table).js("D.frame.room.tonight.matches.length") == 1
    assert table.evaluate("window.__clicks") == 0  # nobody touched the table screen
