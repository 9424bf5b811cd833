"""What a person does on the pages, as small steps shared by the browser tests and scripts/screens.

Every step waits on page state (a selector, a view version), never on a fixed sleep.
"""

from __future__ import annotations

import json

TIMEOUT = 10_000


# -- the table (big screen) ------------------------------------------------------------------


def open_table(page, base_url):
    page.goto(base_url + "/")
    page.wait_for_selector(".lobby-seat", timeout=TIMEOUT)
    page.wait_for_function(
        "() => window.__domino && window.__domino.frame && window.__domino.frame.room.profile",
        timeout=TIMEOUT,
    )


def room_of(page) -> dict:
    return page.evaluate("() => window.__domino.frame.room")


def wait_version_change(page, version, expr="window.__domino.frame.version"):
    page.wait_for_function(f"v => ({expr}) > v", arg=version, timeout=TIMEOUT)


def lobby_setup(page, profile="draw", players=None, seats=None):
    """Choose the game and who sits where in the lobby form (seats: list of select values, e.g.
    "phone", "device", "computer:easy")."""
    page.click(f".lobby-game[data-profile='{profile}']")
    if players is not None:
        page.select_option("#opt-players", str(players))
    for i, kind in enumerate(seats or []):
        page.select_option(f"#seat-kind-{i}", kind)
    n = len(seats or [])
    if n:
        # the table sends setup on each change: wait until the room shows it
        page.wait_for_function(
            "([p, kinds]) => { const r = window.__domino.frame.room; return r.profile === p && r.seats.length === kinds.length && r.seats.every((s, i) => s.kind === kinds[i].split(':')[0]); }",
            arg=[profile, list(seats)],
            timeout=TIMEOUT,
        )


def join_urls(page) -> dict[int, str]:
    """The join URL of every open phone seat, as printed under its QR code."""
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
    page.wait_for_function(
        "() => window.__domino.frame.view && window.__domino.frame.view.phase === 'play'", timeout=TIMEOUT
    )


# -- a phone ---------------------------------------------------------------------------------


def join_phone(page, url, name):
    page.goto(url)
    page.wait_for_selector("#join-name", timeout=TIMEOUT)
    page.fill("#join-name", name)
    page.click(".join-go")
    page.wait_for_function("() => window.__domino.role === 'seat'", timeout=TIMEOUT)


def phone_state(page) -> dict | None:
    return page.evaluate(
        """() => { const S = window.__domino; const v = S.view; if (!v) return null;
        return {phase: v.phase, turn: v.turn, seat: S.seat, legal: v.legal, hand: v.hand,
                version: S.frame.version, profile: v.profile}; }"""
    )


def wait_game(page):
    page.wait_for_selector(".hand-layout", timeout=TIMEOUT)
    page.wait_for_function("() => window.__domino.view", timeout=TIMEOUT)


PHONE_VERSION = "window.__domino.frame.version"
HOST_VERSION = "window.__domino.frame.version"


def play_one(page, st, choose=None, version_expr=PHONE_VERSION):
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
    wait_version_change(page, version, version_expr)
    return action


def play_until_round_over(phones, limit=400):
    """The phones take their turns (first legal action) until the round ends."""
    for _ in range(limit):
        for page in phones:
            st = phone_state(page)
            if st is None:
                continue
            if st["phase"] != "play":
                return st
            if st["turn"] == st["seat"] and st["legal"]:
                play_one(page, st)
                break
        else:
            # nobody's turn on these phones (a computer is thinking): look again shortly
            phones[0].wait_for_timeout(40)
    raise AssertionError("the round did not end")


# -- the single-device page ------------------------------------------------------------------


def open_solo(page, base_url):
    page.goto(base_url + "/solo")
    page.wait_for_selector(".lobby-seat", timeout=TIMEOUT)


def device_state(page) -> dict | None:
    """The pending device seat's view as the page holds it (null when no device seat acts)."""
    return page.evaluate(
        """() => { const f = window.__domino.frame; if (!f || !f.view) return null;
        const d = f.device_view;
        return {phase: f.view.phase, device_seat: f.device_seat, version: f.version,
                legal: d ? d.legal : [], hand: d ? d.hand : null, line: f.view.line.length}; }"""
    )


# -- driving a long round from one phone ------------------------------------------------------

TRAIN_TILES = """() => { const tr = window.__domino.frame.view.trains;
  return tr.mexican.tiles.length + tr.personal.reduce((s, p) => s + p.tiles.length, 0); }"""
LINE_TILES = "() => window.__domino.frame.view.line.length"


def phone_plays_until(table, ph, count_js, want, limit=600):
    """The phone plays (a tile when it can, through the server API) until, on its turn, `count_js`
    on the table page gives at least `want`; when the round ends first, the table deals anew."""
    state = """() => { const S = window.__domino; const v = S.view;
      return v && {phase: v.phase, turn: v.turn, seat: S.seat, legal: v.legal, version: S.frame.version}; }"""
    for _ in range(limit):
        st = ph.evaluate(state)
        if st and st["phase"] != "play":
            cmd = "new_game" if st["phase"] == "game_over" else "start_round"
            table.evaluate("c => window.__domino.net.request(c).catch(() => null)", cmd)
            ph.wait_for_function("() => window.__domino.view.phase === 'play'", timeout=TIMEOUT)
            continue
        if not st or st["turn"] != st["seat"] or not st["legal"]:
            ph.wait_for_timeout(30)
            continue
        table.wait_for_function("v => window.__domino.frame.version >= v", arg=st["version"], timeout=TIMEOUT)
        if table.evaluate(count_js) >= want:
            return st
        act = next((a for a in st["legal"] if "play" in a), st["legal"][0])
        err = ph.evaluate(
            "([a, v]) => window.__domino.net.request('act', {action: a, version: v}).then(() => null, e => e)",
            [act, st["version"]],
        )
        if err is None:
            ph.wait_for_function("v => window.__domino.frame.version > v", arg=st["version"], timeout=TIMEOUT)
        else:
            ph.wait_for_timeout(30)  # a move that came too late for its version: look again
    raise AssertionError(f"the board never held {want} tiles")
