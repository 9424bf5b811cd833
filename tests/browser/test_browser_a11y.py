"""Every player included: a whole round played by a screen reader's path on a phone (roles and
names from the accessibility tree, announcements read from the live region), by keyboard alone
on the single device and on the table screen, a phone zoomed to 200 % that loses nothing, and a
table with reduced motion where nothing travels. (axe-core runs on every state: axecheck.py.)"""

from __future__ import annotations

import re

from flows import (
    TIMEOUT,
    join_phone,
    join_urls,
    lobby_setup,
    open_solo,
    open_table,
    phone_state,
    play_one,
    seat_kind,
    start_game,
    wait_game,
)
from handle import Domino
from playwright.sync_api import expect

# every line the page's live region (#live) says, in order: the region is made on first use
LISTEN = """() => { window.__said = [];
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType === 1 && r.target.id === 'live') window.__said.push(n.textContent);
  } }).observe(document.body, {childList: true, subtree: true}); }"""

FOCUS = """() => { const a = document.activeElement;
  return !a || a === document.body ? null : (a.getAttribute('aria-label') || a.textContent).trim(); }"""

# the tap targets that shrink with the tiles: the open ends' buttons and the zoom buttons
TARGETS = ".board-slot, .board-controls .btn"
SIZES = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect(); return [e.getAttribute('aria-label') || e.className, Math.round(r.width), Math.round(r.height)]; })"""


def small_targets(page) -> list:
    """Every open end and zoom button on screen smaller than 44 x 44 px (bounding boxes)."""
    return [s for s in page.evaluate(SIZES, TARGETS) if s[1] < 44 or s[2] < 44]


MOVE_WORDS = re.compile(r"^(You|Computer \d) (played|drew|passed)")
ENDED = re.compile(r"on the (left|right) end\.?$")


def said(page) -> list[str]:
    return page.evaluate("() => window.__said")


# -- a phone through a screen reader -----------------------------------------------------------


def sr_turn(page) -> bool:
    """One decision taken from the accessibility tree: a tile whose name says it fits (and the end
    the name asks for), else Draw, else Pass. False when the round is over."""
    fits = page.get_by_role("button", name=re.compile(r", fits"))
    draw = page.get_by_role("button", name="Draw", exact=True)
    passing = page.get_by_role("button", name="Pass", exact=True)
    results = page.get_by_role("dialog")
    expect(fits.first.or_(draw).or_(passing).or_(results)).to_be_visible(timeout=TIMEOUT)
    if results.count():
        return False
    assert small_targets(page) == []
    if fits.count():
        tile = fits.first
        name = tile.get_attribute("aria-label")
        tile.click()
        if "both ends" in name:
            # the open ends are buttons, named with the number each shows
            page.get_by_role("button", name=re.compile(r"^Left end, \d+$")).click()
    elif draw.count():
        draw.click()
    else:
        passing.click()
    return True


def test_a_round_through_a_screen_reader_on_a_phone(live_server, screen, phone):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    url = join_urls(table)[0]
    page = phone()
    page.goto(url)
    page.get_by_role("textbox", name="Name").fill("Ana")
    page.get_by_role("button", name="Sit down").click()
    expect(page.get_by_role("heading", level=1, name="Ana")).to_be_visible(timeout=TIMEOUT)
    page.evaluate(LISTEN)
    start_game(table)
    expect(page.get_by_role("heading", level=1, name="Ana")).to_be_visible(timeout=TIMEOUT)
    # the seats' tile counts are read as words
    expect(page.get_by_role("group", name="Scores")).to_contain_text("Ana has 7 tiles", timeout=TIMEOUT)
    moves = 0
    for _ in range(80):
        if not sr_turn(page):
            break
        moves += 1
        # the move is said, and the focus stays in the hand (not back at the top of the page)
        page.wait_for_function(
            "n => window.__said.filter(s => s.startsWith('You ')).length >= n", arg=moves, timeout=TIMEOUT
        )
        # (within two animation frames: the board draws in one)
        page.wait_for_function(
            "() => document.activeElement && document.activeElement !== document.body", timeout=2000
        )
        assert page.evaluate(FOCUS), "the focus fell to the page after a move"
    else:
        raise AssertionError("the round did not end")
    assert moves >= 3
    lines = said(page)
    sentences = [s for line in lines for s in line.split(". ")]
    plays = [s for s in sentences if " played " in s]
    # every play but the round's first tile says its end
    assert len(plays) >= 3
    assert sum(1 for s in plays if ENDED.search(s)) == len(plays) - 1, plays
    # "Your turn" is said once per turn: never twice without a move between
    prompts = [i for i, s in enumerate(lines) if s == "Your turn"]
    for a, b in zip(prompts, prompts[1:]):
        assert any(MOVE_WORDS.match(x) for x in lines[a + 1 : b]), lines[a : b + 1]


# -- keyboard only -----------------------------------------------------------------------------

DEVICE = """(() => { const f = D.frame; if (!f || !f.view) return null;
  const d = f.device_view; const cover = document.querySelector('.handover');
  return {phase: f.view.phase, seat: f.device_seat, legal: d ? d.legal : [], version: f.version,
          cover: !!cover && !cover.hidden, profile: f.view.profile}; })()"""

ACTIVE_IS = "sel => document.activeElement && document.activeElement.matches(sel)"


# the page's Tab order (no positive tabindex is used): where the focus is, and where `sel` is
TAB_ORDER = """(sel) => { const all = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
  .filter((e) => !e.disabled && e.tabIndex >= 0 && !e.closest('[inert]') && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  return {n: all.length, at: all.indexOf(document.activeElement), to: all.findIndex((e) => e.matches(sel))}; }"""


def tab_to(page, selector) -> int:
    """Tab (or Shift+Tab, whichever is shorter, as a person would) until the focus is on
    `selector`; how many presses it took."""
    order = page.evaluate(TAB_ORDER, selector)
    assert order["to"] >= 0, f"{selector} cannot take the focus"
    taken = 0
    if order["at"] < 0:
        # nothing focused: the first Tab goes on from where the focus last was
        page.keyboard.press("Tab")
        taken = 1
        order = page.evaluate(TAB_ORDER, selector)
    n, at, to = order["n"], order["at"], order["to"]
    # past the page's last (first) control the focus leaves the page once before it comes round
    ahead = to - at if to >= at else n - at + to + 1
    back = at - to if at >= to else at + n - to + 1
    key, presses = ("Tab", ahead) if ahead <= back else ("Shift+Tab", back)
    for _ in range(presses):
        page.keyboard.press(key)
    if not page.evaluate(ACTIVE_IS, selector):
        where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
        raise AssertionError(f"{presses} x {key} from {order} did not reach {selector}: at {where}")
    return taken + presses


def keyboard_round(page, covers: bool) -> dict:
    """The device seats' decisions by keyboard until the round ends: the first legal action, the
    focus followed by Tab and Enter. Returns the largest number of Tabs one decision took."""
    most = 0
    moves = 0
    for _ in range(200):
        Domino(page).wait(
            "D.frame.view && (D.frame.view.phase !== 'play' || (D.frame.device_seat !== null && D.frame.device_view && !D.table.device.hand.busy))"
        )
        st = Domino(page).js(DEVICE)
        if st["phase"] != "play":
            return {"most_tabs": most, "moves": moves}
        if st["cover"]:
            # the handover's cover has the focus (and was announced): Enter reveals the hand
            assert page.evaluate(ACTIVE_IS, ".handover"), "the handover cover does not have the focus"
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.querySelector('.handover').hidden", timeout=TIMEOUT)
            st = Domino(page).js(DEVICE)
        elif moves:
            assert not covers or st["legal"], st
        assert page.evaluate(FOCUS), "the focus fell to the page"
        assert small_targets(page) == []
        action = next((a for a in st["legal"] if "play" in a), st["legal"][0])
        tabs = 0
        if "play" in action:
            tabs += tab_to(page, f".hand-tile[data-tile='{action['play']}']")
            page.keyboard.press("Enter")
            siblings = [a for a in st["legal"] if a.get("play") == action["play"]]
            if len(siblings) > 1:
                tabs += tab_to(page, f".choice-group button[data-end='{action['end']}']")
                page.keyboard.press("Enter")
            if page.locator(".act-confirm").count():
                tabs += tab_to(page, ".act-confirm")
                page.keyboard.press("Enter")
        else:
            kind = next(k for k in ("draw", "pass", "done") if k in action)
            tabs += tab_to(page, f".act-{kind}")
            page.keyboard.press("Enter")
        most = max(most, tabs)
        moves += 1
        Domino(page).wait_version_above(st["version"])
    raise AssertionError("the round did not end")


def test_a_round_by_keyboard_on_the_single_device(live_server, screen):
    page = screen(1280, 800)
    open_solo(page, live_server.url)
    page.evaluate(LISTEN)
    lobby_setup(page, "draw", players=3)
    for i, kind in enumerate(["device", "device", "computer:easy"]):
        seat_kind(page, i, kind)
    page.focus(".lobby-start")
    page.keyboard.press("Enter")
    page.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    got = keyboard_round(page, covers=True)
    assert got["moves"] >= 4
    # a handful of Tabs from where the focus was to the next move, never a trip round the page
    assert got["most_tabs"] <= 12, got
    # every handover was announced
    assert any(s.startswith("Pass to ") for s in said(page))


def test_a_round_by_keyboard_on_the_table_screen(live_server, screen):
    page = screen(1920, 1080)
    open_table(page, live_server.url)
    lobby_setup(page, "draw", players=2, seats=["device", "computer:easy"])
    page.focus(".lobby-start")
    page.keyboard.press("Enter")
    page.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    got = keyboard_round(page, covers=False)
    assert got["moves"] >= 3
    assert got["most_tabs"] <= 12, got


# -- low vision: a phone zoomed to 200 % -------------------------------------------------------

# a phone of 390 x 844 px at 200 % zoom is 195 x 422 CSS px (and 422 x 195 turned)
ZOOMED = {"width": 195, "height": 422}
ZOOMED_LANDSCAPE = {"width": 422, "height": 195}

# the selector's elements that another element covers at their centre, once scrolled into view
COVERED = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length).filter((e) => {
  e.scrollIntoView({block: 'center', inline: 'center'});
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !hit || !(e === hit || e.contains(hit));
}).map((e) => e.className.baseVal === undefined ? (e.getAttribute('aria-label') || e.className) : e.className.baseVal)"""


EVERYTHING = ".hand-status, .hand-sort, .hand-top button, .hand-tile, .hand-actions button, .hand-board .board-slot, .hand-board .phoneboard-end, .hand-board .board-tile, .phoneboard-toggle"


def lost_on(page) -> dict:
    return {
        "covered": page.evaluate(COVERED, EVERYTHING),
        "small": [
            s
            for s in page.evaluate(SIZES, ".hand-board .board-slot, .board-controls .btn, .phoneboard-toggle")
            if s[1] < 44 or s[2] < 44
        ],
        "sideways": page.evaluate("() => document.documentElement.scrollWidth - innerWidth"),
    }


def test_a_phone_zoomed_to_200_percent_loses_nothing(live_server, screen, phone):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "phone"])
    urls = join_urls(table)
    pages = [
        phone(viewport=ZOOMED, device_scale_factor=4),
        phone(viewport=ZOOMED_LANDSCAPE, device_scale_factor=4),
    ]
    for page, url, name in zip(pages, [urls[0], urls[1]], ["Ana", "Bo"]):
        join_phone(page, url, name)
    start_game(table)
    for page in pages:
        wait_game(page)
    checked = set()
    for _ in range(60):
        for i, page in enumerate(pages):
            st = phone_state(page)
            if st["phase"] != "play" or st["turn"] != st["seat"] or not st["legal"]:
                continue
            line = Domino(page).js("D.view.line.length")
            if line >= 3 and i not in checked:
                page.wait_for_selector(".hand--turn", timeout=TIMEOUT)
                # drawn (in its animation frame) and landed: a tile dropping in, drawn larger and
                # above its place, would cover its neighbour
                Domino(page).settle(".hand-board")
                assert page.text_content(".hand-status")  # "Your turn", or what to do
                assert lost_on(page) == {"covered": [], "small": [], "sideways": 0}, i
                checked.add(i)
            play_one(page, st)
            break
        if checked == {0, 1}:
            return
    raise AssertionError(f"only {checked} had a turn with a line to check")


# -- reduced motion ------------------------------------------------------------------------------

# everything that moves on the page: script animations and CSS animations whose keyframes change
# the transform, transitions of the transform, and animations without end (glows, pulses)
WATCH_MOTION = """() => { window.__moved = [];
  const travels = (frames) => new Set(frames.map((f) => f.transform || 'none')).size > 1;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, opts) {
    if (Array.isArray(frames) && travels(frames)) window.__moved.push('animate ' + this.className);
    return animate.call(this, frames, opts);
  };
  document.addEventListener('animationstart', (ev) => {
    for (const a of ev.target.getAnimations()) {
      if (a.animationName !== ev.animationName) continue;
      if (travels(a.effect.getKeyframes())) window.__moved.push('css ' + ev.animationName);
      if (a.effect.getComputedTiming().iterations === Infinity) window.__moved.push('endless ' + ev.animationName);
    }
  }, true);
  document.addEventListener('transitionstart', (ev) => {
    if (ev.propertyName === 'transform') window.__moved.push('transition ' + ev.target.className);
  }, true);
}"""


def test_reduced_motion_stops_every_flight(live_server, screen, phone):
    table = screen(1280, 720, reduced_motion="reduce")
    table.add_init_script(f"({WATCH_MOTION})()")
    open_table(table, live_server.url)
    lobby_setup(table, "gaple", seats=["phone"] + ["computer:easy"] * 3)
    ph = phone(reduced_motion="reduce")
    ph.add_init_script(f"({WATCH_MOTION})()")
    join_phone(ph, join_urls(table)[0], "Siti")
    start_game(table)
    wait_game(ph)
    Domino(table).run("D.table.flights = [];")
    hinted = ghosted = False
    for _ in range(300):
        st = phone_state(ph)
        if st["phase"] != "play" or (hinted and ghosted and len(Domino(table).js("D.table.flights")) >= 8):
            break
        if st["turn"] != st["seat"] or not st["legal"]:
            ph.wait_for_timeout(30)
            continue
        plays = [a for a in st["legal"] if "play" in a]
        if plays and not hinted:
            # the hint's tile stands out without a glow that pulses
            ph.click(".act-hint")
            ph.wait_for_selector(".hand-tile--hint", timeout=TIMEOUT)
            hinted = True
        single = [a["play"] for a in plays if sum(1 for b in plays if b["play"] == a["play"]) == 1]
        if single and not ghosted:
            # gaple shows where a tile goes before it is laid: a still ghost
            ph.click(f".hand-strip .hand-tile[data-tile='{single[0]}']")
            ph.wait_for_selector(".board-tile--ghost", timeout=TIMEOUT)
            ghosted = True
            ph.click(".act-cancel")
        play_one(ph, phone_state(ph) or st)
    assert hinted and ghosted
    flights = Domino(table).js("D.table.flights")
    assert flights and all(f["calm"] for f in flights), flights
    assert table.evaluate("() => window.__moved") == []
    assert ph.evaluate("() => window.__moved") == []
    # the watch does see motion: a tile sent on its way by hand is caught
    table.evaluate(
        "() => document.querySelector('.board-tile').animate([{transform: 'none'}, {transform: 'translateX(9px)'}], 10)"
    )
    assert table.evaluate("() => window.__moved") == ["animate board-tile"]
