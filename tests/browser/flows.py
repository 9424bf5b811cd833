"""What a person does on the pages, as small steps shared by the browser tests and scripts/screens.

Every step waits on page state (a selector, a view version), never on a fixed sleep.
"""

from __future__ import annotations

import json
import os
import time

from handle import TIMEOUT, Domino

# Tests marked `long` have two sizes: the suite runs a short one (a few turns that still reach
# what is asserted), `scripts/bench long` sets DOMINO_LONG=1 and runs the whole round or match.
LONG = os.environ.get("DOMINO_LONG") == "1"

# -- the table (big screen) ------------------------------------------------------------------


def open_table(page, base_url):
    page.goto(base_url + "/")
    page.wait_for_selector(".lobby-seat", timeout=TIMEOUT)
    Domino(page).wait("D && D.frame && D.frame.room.profile")


def room_of(page) -> dict:
    return Domino(page).room


def wait_version_change(page, version):
    Domino(page).wait_version_above(version)


def choose(page, group, value):
    """Press the button of `value` in the choice group `group` (a selector: "#opt-players")."""
    page.click(f"{group} .choice[data-value='{value}']")


def set_option(page, name, value):
    """A game's option in the lobby: a yes-or-no switch pressed to `value`, or a choice."""
    toggle = page.locator(f"#opt-{name}-toggle")
    if not toggle.count():
        choose(page, f"#opt-{name}", value)
    elif (toggle.get_attribute("aria-pressed") == "true") != bool(value):
        toggle.click()
        page.wait_for_selector(f"#opt-{name}-toggle[aria-pressed='{str(bool(value)).lower()}']")


def seat_kind(page, i, kind):
    """Who plays seat i ("phone", "device", "computer:easy"): the one-press computer button
    when it changes between a computer and a person, then the seat's choice."""
    is_computer = page.get_attribute(f".lobby-seat[data-seat='{i}']", "data-kind") == "computer"
    if kind.startswith("computer") != is_computer:
        page.click(f"#seat-computer-{i}")
        seat = f".lobby-seat[data-seat='{i}']"
        page.wait_for_selector(
            f"{seat}:not([data-kind='computer'])" if is_computer else f"{seat}[data-kind='computer']"
        )
    if page.locator(f"#seat-kind-{i}").count():
        choose(page, f"#seat-kind-{i}", kind)


def lobby_setup(page, profile="draw", players=None, seats=None):
    """Choose the game and who sits where in the lobby form (seats: list of seat kinds, e.g.
    "phone", "device", "computer:easy")."""
    page.click(f".lobby-game[data-profile='{profile}']")
    if players is not None:
        choose(page, "#opt-players", players)
    for i, kind in enumerate(seats or []):
        seat_kind(page, i, kind)
    n = len(seats or [])
    if n:
        # the table sends setup on each change: wait until the room shows it
        Domino(page).wait(
            "D.frame.room.profile === arg[0] && D.frame.room.seats.length === arg[1].length"
            " && D.frame.room.seats.every((s, i) => s.kind === arg[1][i].split(':')[0])",
            [profile, list(seats)],
        )


def join_urls(page) -> dict[int, str]:
    """The join URL of every open phone seat, as printed under its QR code (the lobby shows one
    code for every seat: its "A code for each seat" button shows them first)."""
    codes = page.locator(".join-seat-codes[aria-pressed='false']")
    if codes.count():
        codes.click()
    page.wait_for_selector(".join-card[data-join-url]", timeout=TIMEOUT)
    out = {}
    for card in page.query_selector_all(".lobby-seat"):
        seat = int(card.get_attribute("data-seat"))
        fig = card.query_selector(".join-card[data-join-url]")
        if fig:
            out[seat] = fig.get_attribute("data-join-url")
    return out


def start_game(page):
    page.click(".lobby-start")
    page.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    Domino(page).wait("D.frame.view && D.frame.view.phase === 'play'")


def read_rules_by_keys(page):
    """The open rules read to their end with the arrow keys alone, from the close button at the
    top: Down gives the text the focus, and Down scrolls it while there is more to read."""
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.matches('.dlg-rules .dialog-body')")
    end = page.evaluate("() => { const b = document.activeElement; return b.scrollHeight - b.clientHeight; }")
    assert end > 0  # more than a screen of rules
    top = 0
    while top < end - 1:  # each press scrolls on (smoothly: wait for it)
        page.keyboard.press("ArrowDown")
        page.wait_for_function("t => document.activeElement.scrollTop > t", arg=top, timeout=TIMEOUT)
        top = page.evaluate("() => document.activeElement.scrollTop")
    assert page.evaluate("() => document.activeElement.classList.contains('dialog-body')")


# -- a phone ---------------------------------------------------------------------------------


def join_phone(page, url, name):
    page.goto(url)
    page.wait_for_selector("#join-name", timeout=TIMEOUT)
    page.fill("#join-name", name)
    page.click(".join-go")
    Domino(page).wait("D.role === 'seat'")


def phone_state(page) -> dict | None:
    """A phone's view as the phone holds it (null before the first deal); `places` is
    view.legal_places."""
    return Domino(page).js(
        "D.view && {phase: D.view.phase, turn: D.view.turn, seat: D.seat, legal: D.view.legal,"
        " places: D.view.legal_places, hand: D.view.hand, version: D.frame.version, profile: D.view.profile}"
    )


def wait_game(page):
    page.wait_for_selector(".hand-layout", timeout=TIMEOUT)
    Domino(page).wait("D.view")


def my_turn(page) -> dict:
    """Wait until it is this phone's turn (or its round is over): its state then."""
    Domino(page).wait(
        "D.view && (D.view.phase !== 'play' || (D.view.turn === D.seat && D.view.legal.length))"
    )
    return phone_state(page)


def play_one(page, st, choose=None):
    """Play one decision through the UI: the first legal action (or `choose(legal)`)."""
    legal = st["legal"]
    action = choose(legal) if choose else legal[0]
    version = st["version"]
    if "draw" in action:
        page.click(".act-draw")
    elif "pass" in action:
        page.click(".act-pass")
    elif "done" in action:
        page.click(".act-done")
    elif "play" in action:
        page.click(f".hand-strip .hand-tile[data-tile='{action['play']}']")
        siblings = [a for a in legal if a.get("play") == action["play"]]
        if len(siblings) > 1:
            key = action.get("end") or str(action.get("train"))
            attr = "data-end" if action.get("end") else "data-train"
            page.click(f".choice-group .btn--choice[{attr}='{key}']")
        if page.locator(".act-confirm").count():
            page.click(".act-confirm")
    elif "discard" in action:
        page.click(f".hand-strip .hand-tile[data-tile='{action['discard']}']")
        page.click(".act-confirm")
    else:
        raise AssertionError(f"no UI step for {json.dumps(action)}")
    wait_version_change(page, version)
    return action


def act_by_api(page, st) -> bool:
    """The phone's move straight through its connection (a tile when it can): quicker than taps.
    False when the server refused it (a move too late for its version)."""
    act = next((a for a in st["legal"] if "play" in a), st["legal"][0])
    d = Domino(page)
    if d.request("act", {"action": act, "version": st["version"]}) is not None:
        return False
    d.wait_version_above(st["version"], 2 * TIMEOUT)
    return True


def play_until(
    phones, done=None, *, moves=600, taps=True, choose=None, table=None, deal_again=False, on_turn=None
):
    """The phones take their turns until `done(st)` holds on one's turn (checked before its move):
    returns (that phone, its state). Without `done`, until a phone sees the round over.

    taps: each move through the UI (play_one: the first legal action, or `choose(legal)`), else
    by act_by_api.
    table: its page; before `done` and `on_turn` look, it shows the phone's version.
    deal_again: when the round (or match) ends first, the table deals the next one.
    on_turn(page, st): runs before each move. At most `moves` moves; a round that ends while
    `done` waits fails the test."""
    made = 0
    last_move = time.monotonic()
    while made <= moves:
        turn = None
        for page in phones:
            st = phone_state(page)
            if st is None:
                continue
            if st["phase"] != "play":
                if deal_again:
                    cmd = "new_game" if st["phase"] == "game_over" else "start_round"
                    Domino(table).request(cmd)
                    Domino(page).wait("D.view.phase === 'play'")
                    break
                if done is None:
                    return page, st
                raise AssertionError("the round ended first")
            if st["turn"] == st["seat"] and st["legal"]:
                turn = (page, st)
                break
        if turn is None:
            # nobody's turn on these phones (a computer is thinking): look again shortly
            assert time.monotonic() - last_move < 6 * TIMEOUT / 1000, "no phone's turn came"
            phones[0].wait_for_timeout(30)
            continue
        page, st = turn
        if table is not None:
            Domino(table).wait("D.frame.version >= arg", st["version"])
        if done is not None and done(st):
            return page, st
        if made == moves:
            break
        if on_turn:
            on_turn(page, st)
        if taps:
            play_one(page, st, choose)
        elif not act_by_api(page, st):
            page.wait_for_timeout(30)  # a move that came too late for its version: look again
            continue
        made += 1
        last_move = time.monotonic()
    raise AssertionError(f"not done after {moves} moves")


def play_until_round_over(phones):
    """The phones take their turns (first legal action) until the round ends: the state then."""
    return play_until(phones)[1]


# -- the single-device page ------------------------------------------------------------------


def open_solo(page, base_url):
    page.goto(base_url + "/solo")
    page.wait_for_selector(".lobby-seat", timeout=TIMEOUT)


def device_state(page) -> dict | None:
    """The pending device seat's view as the page holds it (null when no device seat acts)."""
    return Domino(page).js(
        "D.frame && D.frame.view ? {phase: D.frame.view.phase, device_seat: D.frame.device_seat,"
        " version: D.frame.version, legal: D.frame.device_view ? D.frame.device_view.legal : [],"
        " hand: D.frame.device_view ? D.frame.device_view.hand : null, line: D.frame.view.line.length} : null"
    )


# -- driving a long round from one phone ------------------------------------------------------

# How many tiles the board holds, as Domino(table).js reads it
TRAIN_TILES = "D.frame.view.trains.mexican.tiles.length + D.frame.view.trains.personal.reduce((s, p) => s + p.tiles.length, 0)"
LINE_TILES = "D.frame.view.line.length"


def phone_plays_until(table, ph, count, want):
    """The phone plays (a tile when it can, through the server API) until, on its turn, the
    table's `count` (TRAIN_TILES, LINE_TILES) is at least `want`; when the round ends first, the
    table deals anew."""
    return play_until(
        [ph], lambda st: Domino(table).js(count) >= want, taps=False, table=table, deal_again=True
    )[1]


# -- pictures (scripts/screens) -----------------------------------------------------------------


def shoot(page, out, name, settle_ms=700, quality=None):
    """A screenshot into out/name.png once the motion has settled: a picture, not a test. With a
    JPEG quality, out/name.jpg, and its size is printed too."""
    page.wait_for_timeout(settle_ms)
    if quality is None:
        path = os.path.join(out, f"{name}.png")
        page.screenshot(path=path)
        print(path, flush=True)
    else:
        path = os.path.join(out, f"{name}.jpg")
        page.screenshot(path=path, type="jpeg", quality=quality)
        print(path, os.path.getsize(path), "bytes", flush=True)
