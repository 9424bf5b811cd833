"""The lobby shows what GET /api/profiles says: every game, its player choices, the seats each
choice gives, the computer levels, and no switch that would make a refused combination."""

from __future__ import annotations

import json
import urllib.request

from flows import TIMEOUT, choose, open_table, set_option
from handle import Domino


def profiles(base_url):
    with urllib.request.urlopen(f"{base_url}/api/profiles") as res:
        return json.load(res)


def option_values(page, selector):
    """The values a choice group offers, in order."""
    return page.eval_on_selector_all(f"{selector} .choice", "cs => cs.map(c => c.dataset.value)")


def seat_count(page, n):
    page.wait_for_function(
        "n => document.querySelectorAll('.lobby-seat').length === n", arg=n, timeout=TIMEOUT
    )


def test_the_lobby_offers_what_the_server_says(live_server, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    facts = profiles(live_server.url)
    shown = table.eval_on_selector_all(".lobby-game", "gs => gs.map(g => g.dataset.profile)")
    assert sorted(shown) == sorted(facts)
    for name, profile in facts.items():
        table.click(f".lobby-game[data-profile='{name}']")
        table.wait_for_selector(f".lobby-game[data-profile='{name}'][aria-checked='true']", timeout=TIMEOUT)
        seats = profile["seats"]
        default = str(profile["defaults"][seats["option"]])
        seat_count(table, seats["counts"][default])
        # a computer's levels, on a computer seat (one press puts it there)
        if table.get_attribute(".lobby-seat[data-seat='1']", "data-kind") != "computer":
            table.click("#seat-computer-1")
        table.wait_for_selector(".lobby-seat[data-seat='1'][data-kind='computer']", timeout=TIMEOUT)
        kinds = option_values(table, "#seat-kind-1")
        assert [k.split(":")[1] for k in kinds] == profile["levels"]
        players = next(o for o in profile["options"] if o["name"] == seats["option"])
        if len(players["choices"]) > 1:
            assert option_values(table, f"#opt-{players['name']}") == [str(c) for c in players["choices"]]
            last = str(players["choices"][-1])
            choose(table, f"#opt-{players['name']}", last)
            seat_count(table, seats["counts"][last])
        else:
            assert table.query_selector(f"#opt-{players['name']}") is None


def test_a_switch_that_the_server_would_refuse_is_not_offered(live_server, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    gaple = profiles(live_server.url)["gaple"]
    (refused,) = gaple["forbidden"]  # partners with the five-player deal
    switch = next(k for k, v in refused["options"].items() if v is True)
    ((option, bad),) = [(k, v) for k, v in refused["options"].items() if k != switch]
    table.click(".lobby-game[data-profile='gaple']")
    table.wait_for_selector(f"#opt-{switch}", timeout=TIMEOUT)
    set_option(table, switch, True)
    choose(table, f"#opt-{option}", bad)
    table.wait_for_selector(f"#opt-{switch}", state="detached", timeout=TIMEOUT)
    # the room the table set up does not have the refused combination either
    Domino(table).wait("D.frame.room.options[arg[0]] === arg[1]", [option, bad])
    assert Domino(table).js("D.frame.room.options[arg]", switch) is False
    # every other value of that option offers the switch again
    choices = next(o["choices"] for o in gaple["options"] if o["name"] == option)
    for value in choices:
        if value != bad:
            choose(table, f"#opt-{option}", value)
            table.wait_for_selector(f"#opt-{switch}", timeout=TIMEOUT)


# The page's socket with its incoming messages held while `window.__hold` is set, then handed to
# the page by `window.__release()` in order, each in a task of its own as the network gives them:
# a server slower than two quick presses
HOLD_MESSAGES = """(() => {
  const Real = window.WebSocket;
  window.__held = [];
  window.__release = () => {
    const deliver = window.__held.shift();
    if (!deliver) window.__hold = false;
    else { deliver(); setTimeout(window.__release, 0); }
  };
  window.WebSocket = function (...args) {
    const ws = new Real(...args);
    let handler = null;
    Object.defineProperty(ws, 'onmessage', {get: () => handler, set: (h) => { handler = h; }});
    ws.addEventListener('message', (ev) => {
      const h = handler;
      if (!h) return;
      if (window.__hold) window.__held.push(() => h.call(ws, ev));
      else h.call(ws, ev);
    });
    return ws;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})()"""

# every number of seats the lobby shows from now on, as it changes
SEATS_SHOWN = """() => { window.__shown = [];
  new MutationObserver(() => {
    const n = document.querySelectorAll('.lobby-seat').length;
    if (window.__shown[window.__shown.length - 1] !== n) window.__shown.push(n);
  }).observe(document.body, {childList: true, subtree: true}); }"""


def test_a_quick_second_choice_is_not_undone_by_the_first_ones_frame(live_server, screen):
    """Draw for 3, then for 4, before the server's frames come back: the frame of the first
    setup (3 seats) comes after the second was chosen. It is the table's own, not a captain's
    choice: the lobby keeps showing 4 seats (it once went back to 3 until the next frame, and a
    press then sent 3 again)."""
    table = screen(1280, 720)
    table.add_init_script(HOLD_MESSAGES)
    open_table(table, live_server.url)
    table.click(".lobby-game[data-profile='draw']")
    choose(table, "#opt-players", "2")
    Domino(table).wait("D.frame.room.profile === 'draw' && D.frame.room.seats.length === 2")
    table.evaluate(SEATS_SHOWN)
    table.evaluate("() => { window.__hold = true; }")
    choose(table, "#opt-players", "3")
    seat_count(table, 3)
    choose(table, "#opt-players", "4")
    seat_count(table, 4)
    assert Domino(table).js("D.frame.room.seats.length") == 2  # no frame has come yet
    table.evaluate("() => window.__release()")
    Domino(table).wait("D.frame.room.seats.length === 4")
    assert table.evaluate("() => window.__shown") == [3, 4]
    assert table.locator("#opt-players .choice[data-value='4'][aria-checked='true']").count() == 1
