"""The table screen driven by the arrow keys, Enter and Back alone, as with a TV remote: the
lobby (a game, who sits where, Start), the game's rules and menu, the results and the next
round. The focused control wears a ring a sofa can see."""

from __future__ import annotations

from flows import TIMEOUT, open_table
from handle import Domino
from results_flows import phone_watching

ACTIVE = "() => document.activeElement"


# the arrow towards a control from the focused one (null once there)
TOWARDS = """s => {
  const a = document.activeElement, t = document.querySelector(s);
  if (a === t) return null;
  const r = a.getBoundingClientRect(), q = t.getBoundingClientRect();
  const dx = (q.left + q.right - r.left - r.right) / 2, dy = (q.top + q.bottom - r.top - r.bottom) / 2;
  const level = Math.abs(dy) <= Math.max(r.height, q.height) / 2;
  if (level || Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
  return dy > 0 ? 'ArrowDown' : 'ArrowUp';
}"""


def arrow_to(page, selector, presses=16):
    """Presses the arrow keys towards `selector` until it has the focus."""
    for _ in range(presses):
        key = page.evaluate(TOWARDS, selector)
        if key is None:
            return
        page.keyboard.press(key)
    raise AssertionError(page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)"))


def ring_shows(page):
    """The focus ring: 4 px or more, on a control inside the screen."""
    ring = page.evaluate(
        "() => { const a = document.activeElement, s = getComputedStyle(a), r = a.getBoundingClientRect();"
        " return {w: parseFloat(s.outlineWidth), style: s.outlineStyle, in: r.top >= 0 && r.bottom <= innerHeight}; }"
    )
    assert ring["style"] != "none" and ring["w"] >= 4 and ring["in"], ring


def choose(page, select, steps):
    """Enter opens a list; the arrows pick; Enter takes it."""
    page.keyboard.press("Enter")
    for _ in range(steps):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function("s => document.querySelector(s).value.startsWith('computer')", arg=select)


def test_lobby_game_rules_menu_and_results_with_the_keys_alone(live_server, screen):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    # the lobby: the Draw game, both seats computers, Start
    arrow_to(table, ".lobby-game[data-profile='draw']")
    # the first key lets the table's sounds play (no tap needed after a reload)
    Domino(table).wait("D.sound.ctx && D.sound.ctx.state === 'running'", timeout=None)
    ring_shows(table)
    table.keyboard.press("Enter")
    Domino(table).wait("D.frame.room.profile === 'draw'")
    for seat in (0, 1):
        arrow_to(table, f"#seat-kind-{seat}")
        ring_shows(table)
        choose(table, f"#seat-kind-{seat}", 2)
    Domino(table).wait("D.frame.room.seats.every(s => s.kind === 'computer')")
    arrow_to(table, "#lobby-start")
    table.keyboard.press("Enter")
    table.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    # the rules from the top bar, then Back; the menu, then Back
    table.wait_for_selector(".dlg-results .res-next", timeout=TIMEOUT)
    assert table.evaluate("() => document.activeElement.classList.contains('res-next')"), table.evaluate(
        "() => document.activeElement.outerHTML.slice(0, 200)"
    )
    ring_shows(table)
    table.keyboard.press("Escape")
    table.wait_for_selector(".dlg-results", state="detached")
    table.keyboard.press("ArrowUp")  # from nowhere: the first control
    arrow_to(table, ".top-rules")
    ring_shows(table)
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-rules .rules-pic", timeout=TIMEOUT)
    table.keyboard.press("Escape")
    table.wait_for_selector(".dlg-rules", state="detached")
    arrow_to(table, ".top-menu")
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-menu", timeout=TIMEOUT)
    table.keyboard.press("ArrowDown")  # the arrows stay in the menu
    assert table.evaluate("() => !!document.activeElement.closest('.dlg-menu')")
    ring_shows(table)
    table.keyboard.press("Escape")
    table.wait_for_selector(".dlg-menu", state="detached")
    arrow_to(table, ".top-results")
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-results .res-next", timeout=TIMEOUT)
    # the results: Enter on "Next round" deals it
    arrow_to(table, ".res-next")
    table.keyboard.press("Enter")
    Domino(table).wait("D.frame.view.round === 2")


def test_mid_round_results_on_the_tv_show_the_scores_and_pause_nobody(live_server, screen, phone):
    table = screen(1920, 1080)
    # seat 0 a phone whose player has not played yet: the round stays in play
    phone_watching(table, phone(), live_server.url, "draw", players=3, standin=False)
    table.keyboard.press("ArrowUp")  # from nowhere: the first control
    arrow_to(table, ".top-results")
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-results .results-now", timeout=TIMEOUT)
    view = Domino(table).view
    assert view["phase"] == "play"
    rows = table.eval_on_selector_all(
        ".results-now tbody tr", "rows => rows.map(r => +r.querySelector('.results-score').textContent)"
    )
    assert rows == view["scores"]
    assert table.text_content(".results-now thead th.num") == "Score"
    table.wait_for_timeout(300)  # a pause would have reached the room by now
    assert not Domino(table).room["paused"]
