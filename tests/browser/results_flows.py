"""Games played to a round's or a match's end by computers at zero delay, watched by the table
screen: shared by the results browser tests and the results screenshots."""

from __future__ import annotations

import json
import time

import websocket
from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table, set_option
from handle import Domino
from playwright.sync_api import TimeoutError as PlaywrightTimeout

LONG = 120_000  # a whole match of computers, written to disk move by move


def setup_reached_the_room(page, profile, options=None):
    """Until the room has the game and options the lobby form was given: its seat count is the
    game's then (a fixed sleep here once read the seats of the game shown before)."""
    Domino(page).wait(
        "D.frame.room.profile === arg[0]"
        " && Object.entries(arg[1]).every(([k, v]) => String(D.frame.room.options[k]) === String(v))",
        [profile, options or {}],
    )


def computers_at_table(page, base_url, profile, players=2, options=None, level="easy"):
    """The table with every seat a computer; the first round is dealt."""
    open_table(page, base_url)
    chosen = profile in ("draw", "block", "mexican-train")
    lobby_setup(page, profile, players=players if chosen else None)
    for name, value in (options or {}).items():
        set_option(page, name, value)
    if chosen:
        Domino(page).wait("D.frame.room.seats.length === arg", players)
    setup_reached_the_room(page, profile, options)
    n = Domino(page).js("D.frame.room.seats.length")
    kinds = [f"computer:{level}"] * n
    lobby_setup(page, profile, seats=kinds)
    page.click(".lobby-start")
    # computers at zero delay may finish the round before the page looks: wait for any deal
    Domino(page).wait("D.frame.view")


def wait_round_end(page, round_no, timeout=LONG):
    """Until round `round_no` is over and its results are shown. A phone seat whose stand-in
    ended (the phone came back: its player takes over) gets the computer again."""
    step = 2_000
    for _ in range(0, timeout, step):
        try:
            Domino(page).wait(
                "D.frame.view && D.frame.view.round === arg && D.frame.view.phase !== 'play'", round_no, step
            )
            break
        except PlaywrightTimeout:
            seat = Domino(page).room["seats"][0]
            if seat["kind"] == "phone" and seat["taken"] and not seat["standin"]:
                Domino(page).command("standin", {"seat": 0, "level": "easy"})
    else:
        raise AssertionError(f"round {round_no} did not end")
    page.wait_for_selector(".dlg-results .results-reveal", state="attached", timeout=TIMEOUT)


def play_to_match_end(page, timeout=LONG):
    """Round after round (the host deals the next one from the results) until the match ends."""
    for round_no in range(1, 40):
        wait_round_end(page, round_no, timeout)
        if Domino(page).js("D.frame.view.phase") == "game_over":
            page.wait_for_selector(".dlg-results .podium", timeout=TIMEOUT)
            return round_no
        page.click(".res-next")
    raise AssertionError("the match did not end")


def phone_watching(
    table, phone, base_url, profile, players=2, name="Siti", options=None, level="easy", standin=True
):
    """Seat 0 is a phone (its player named `name`) on which a computer stands in, every other
    seat a computer: the phone sees every round's results as a player would. Without
    `standin` the game waits for the phone's player at seat 0's first turn."""
    open_table(table, base_url)
    chosen = profile in ("draw", "block", "mexican-train")
    lobby_setup(table, profile, players=players if chosen else None)
    for opt, value in (options or {}).items():
        set_option(table, opt, value)
    if chosen:
        Domino(table).wait("D.frame.room.seats.length === arg", players)
    setup_reached_the_room(table, profile, options)
    n = Domino(table).js("D.frame.room.seats.length")
    lobby_setup(table, profile, seats=["phone"] + [f"computer:{level}"] * (n - 1))
    url = join_urls(table)[0]
    join_phone(phone, url, name)
    table.click(".lobby-start")
    Domino(table).wait("D.frame.view")
    if not standin:
        return
    for _ in range(10):  # a busy server may refuse it, a reconnecting phone ends it: ask again
        Domino(table).command("standin", {"seat": 0, "level": level})
        try:
            Domino(table).wait("D.frame.room.seats[0].standin", timeout=2_000)
            return
        except PlaywrightTimeout:
            pass
    raise AssertionError("no stand-in for the phone seat")


def deal_to_match_end(page, base_url, timeout=LONG / 1000):
    """The match played to its end with the table page away: the host deals each next round
    from a socket of the test's own (with the host token the page keeps), then the page opens
    the room again, as a table screen switched back on at the match's end (its podium shown).
    Quicker than play_to_match_end, where the page draws every move. Returns the rounds played."""
    room = Domino(page).js("D.frame.room.id")
    token = page.evaluate("(room) => localStorage.getItem('domino.host.' + room)", room)
    assert room and token, (room, token)
    page.goto("about:blank")
    ws = websocket.create_connection(base_url.replace("http://", "ws://") + "/ws", timeout=timeout)
    try:
        ws.send(json.dumps({"type": "hello", "room": room, "host_token": token}))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            f = json.loads(ws.recv())
            assert f["type"] != "error", f
            if f["type"] != "view" or f["view"] is None:
                continue
            view = f["view"]
            if view["phase"] == "game_over":
                break
            if view["phase"] == "round_over":
                ws.send(json.dumps({"type": "start_round", "version": f["version"]}))
        else:
            raise AssertionError("the match did not end")
    finally:
        ws.close()
    page.goto(f"{base_url}/?room={room}")
    page.wait_for_selector(".dlg-results .podium", timeout=TIMEOUT)
    Domino(page).wait("D.frame.view && D.frame.view.phase === 'game_over'")
    return view["round"]


# every text of the results' chart as the screen shows it, once it is drawn at its size (a frame
# after any resize): its font size times the drawing's scale, the height of its box; the key's
# names (HTML above the chart) by their font size
CHART_TEXT = """async () => {
  await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
  const out = [];
  for (const svg of document.querySelectorAll('.dlg-results .results-chart')) {
    const scale = svg.getScreenCTM().a;
    for (const t of svg.querySelectorAll('text'))
      out.push({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale, h: t.getBoundingClientRect().height});
  }
  for (const li of document.querySelectorAll('.dlg-results .chart-key li'))
    out.push({text: li.textContent, px: parseFloat(getComputedStyle(li).fontSize), h: li.getBoundingClientRect().height});
  return out;
}"""


def chart_text(page):
    """The chart's texts (at least one), each {text, px, h}."""
    texts = page.evaluate(CHART_TEXT)
    assert texts, "no chart"
    return texts


def assert_chart_reads_from_the_sofa(page):
    """Every text of the chart at least 12 px a 720 lines of the screen (the TV's floor, as
    base/fit.js READABLE_PX), however the dialog was shrunk to fit."""
    floor = 12 * page.viewport_size["height"] / 720
    small = [t for t in chart_text(page) if round(t["px"], 2) < floor]
    assert not small, (page.viewport_size, floor, small)


def assert_chart_reads_on_a_phone(page):
    """Every text of the chart at least 14 px, its box at least 16 px high (the rules' pictures'
    floor on a phone, test_browser_rules.py), to a hundredth of a pixel: the chart's viewBox is
    rounded to one, so a 16 px box can measure 15.99997."""
    small = [t for t in chart_text(page) if round(t["px"], 2) < 14 or round(t["h"], 2) < 16]
    assert not small, (page.viewport_size, small)
