"""The evening from the sofa, as steps shared by its browser tests: a table set up through its
connection (no click on the table screen), phones seated, each round dealt by the phones' Ready.
Screenshots go to $EVENING_SHOTS when it is set."""

from __future__ import annotations

import os

from flows import join_phone, open_table, wait_game
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


def count_clicks(table):
    """From now on the table page counts every click it gets (`table_clicks`)."""
    table.evaluate("() => { window.__clicks = 0; addEventListener('click', () => window.__clicks++, true); }")


def table_clicks(table) -> int:
    return table.evaluate("window.__clicks")


def seated_table(screen, phone, base_url, profile, options, names, computers=1, **context):
    """The table opened and set up (through its connection: no click), a phone on each phone
    seat (then `computers` computer seats); the captain (the first phone) starts the game from
    its waiting screen. `context`: more options of every page's browser context."""
    table = screen(1920, 1080, **context)
    open_table(table, base_url)
    seats = [{"kind": "phone"}] * len(names) + [{"kind": "computer", "level": "easy"}] * computers
    assert Domino(table).request("setup", {"profile": profile, "options": options, "seats": seats}) is None
    Domino(table).wait("D.frame.room.seats.length === arg", len(seats))
    join_url = Domino(table).room["join_url"]
    phones = []
    for seat, name in enumerate(names):
        page = phone(viewport={"width": 390, "height": 844}, **context)
        join_phone(page, f"{join_url}?seat={seat}", name)
        phones.append(page)
    captain = phones[0]
    captain.wait_for_selector(".captain-start", timeout=TIMEOUT)
    assert phones[1].locator(".captain-start").count() == 0  # only the captain starts
    captain.click(".captain-start")
    for page in phones:
        wait_game(page)
    return table, phones


# Phones without a browser: a socket each, opened by the table page, takes its seat by name
SOCKET_PHONES_JS = """async ([room, seats]) => {
  window.__phones = window.__phones || [];
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  await Promise.all(seats.map(([seat, name]) => new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    window.__phones.push(ws);
    ws.onopen = () => ws.send(JSON.stringify({type: 'hello', room}));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'welcome' && m.role === 'guest') ws.send(JSON.stringify({type: 'join', seat, name, lang: 'en'}));
      else if (m.type === 'joined') resolve();
      else if (m.type === 'error') reject(new Error(m.code));
    };
  })));
}"""


def socket_phones(table, names):
    """Seats 0, 1, ... taken by `names` from sockets the table page opens (no phone page: they
    play only when a computer stands in for them). They close with the page."""
    table.evaluate(SOCKET_PHONES_JS, [Domino(table).room["id"], list(enumerate(names))])


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
    assert all(n in waiting for n in names[1:]) and names[0] not in waiting, waiting
    table.wait_for_selector(".ready-strip .ready-seat--on[data-seat='0']", timeout=TIMEOUT)
    assert table.locator(".ready-strip .ready-seat--on").count() == 1
    assert table.locator(".ready-strip .ready-seat:not(.ready-seat--on)").count() == len(names) - 1
    if first_round:
        phone_shots(phones[0], "phone-waiting")
        phone_shots(phones[1], "phone-ready")
        shot(table, "tv-who-is-ready-1920x1080")
    for page in phones[1:]:
        page.click(".dlg-results .ready-go")
    Domino(table).wait("D.frame.version > arg && D.frame.view.phase === 'play'", version, LONG)


# Each phone plays its first tile (else its first legal action) as soon as its turn shows, from
# a loop in the page through its own connection: a round costs no round trip from the test.
AUTOPLAY_JS = """
  if (window.__autoplay) return null;
  window.__autoplay = true;
  const tick = async () => {
    if (!window.__autoplay) return;
    const v = D.view;
    if (v && v.phase === 'play' && v.turn === D.seat && v.legal && v.legal.length) {
      const action = v.legal.find((a) => 'play' in a) || v.legal[0];
      const version = D.frame.version;
      const sent = await D.net.request('act', {action, version}).then(() => true, () => false);
      while (sent && window.__autoplay && D.frame.version <= version) await new Promise((r) => setTimeout(r, 15));
    }
    setTimeout(tick, 15);
  };
  tick();
  return null;
"""


def autoplay(phones, on=True):
    """The phones play their turns by themselves (`AUTOPLAY_JS`) until `autoplay(phones, False)`."""
    for page in phones:
        if on:
            Domino(page).run(AUTOPLAY_JS)
        else:
            page.evaluate("window.__autoplay = false")


def play_match(table, phones, names, first_shots=True):
    """Rounds until the match is decided, each dealt by the phones' Ready; the rounds played.
    The phones stop playing by themselves once it is decided."""
    kept = Domino(table).js("D.frame.room.tonight.matches.length")  # tonight's games before this one
    autoplay(phones)
    try:
        for round_no in range(1, 40):
            Domino(table).wait("D.frame.view.phase !== 'play'", None, LONG)
            if Domino(table).js("D.frame.room.tonight.matches.length") > kept:
                return round_no
            everyone_ready(table, phones, names, first_round=first_shots and round_no == 1)
    finally:
        autoplay(phones, False)
    raise AssertionError("the match did not end")
