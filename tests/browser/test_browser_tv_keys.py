"""The table screen driven by the arrow keys, Enter and Back alone, as with a TV remote: the
lobby (a game, its options, computers added with one press and a computer's level, Start), the
game's rules read to their end, the menu, the results and the next round. The focused control
wears a ring a sofa can see."""

from __future__ import annotations

from flows import TIMEOUT, open_table, read_rules_by_keys
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


# the focused option and the explanation under the options (its own, hidden, in `help`): the
# texts, and whether both boxes are inside what their column shows (the ring's 7 px too)
HELP_SHOWN = """() => {
  const a = document.activeElement, line = document.querySelector('.lobby-help');
  const field = a.closest('.choice-field'), col = line.parentElement.getBoundingClientRect();
  const f = a.getBoundingClientRect(), h = line.getBoundingClientRect();
  const within = (r, m) => r.top - m >= col.top - 0.5 && r.bottom + m <= col.bottom + 0.5;
  return {id: a.id, text: line.textContent, help: field && field.querySelector('.help')?.textContent,
          inside: within(f, 7) && within(h, 0) && h.height > 0};
}"""


# whether the focus is on the options' first control after the player counts
UNDER_THE_COUNTS = """() => {
  const controls = [...document.querySelectorAll('.lobby-options button')];
  return document.activeElement === controls[controls.findLastIndex((b) => b.closest('#opt-players')) + 1];
}"""


def arrow_to(page, selector, presses=16):
    """Presses the arrow keys towards `selector` until it has the focus."""
    for _ in range(presses):
        key = page.evaluate(TOWARDS, selector)
        if key is None:
            return
        page.keyboard.press(key)
    raise AssertionError(page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)"))


def ring_shows(page, whole=True):
    """The focus ring: 4 px or more, on a control inside the screen (`whole`: all of it)."""
    ring = page.evaluate(
        "() => { const a = document.activeElement, s = getComputedStyle(a), r = a.getBoundingClientRect();"
        " return {w: parseFloat(s.outlineWidth), style: s.outlineStyle,"
        " in: r.top >= 0 && r.bottom <= innerHeight, on: r.top < innerHeight && r.bottom > 0}; }"
    )
    assert ring["style"] != "none" and ring["w"] >= 4 and ring["in" if whole else "on"], ring


def press_on(page, selector):
    """The arrows to `selector`, its ring seen from the sofa, then Enter (a remote's OK)."""
    arrow_to(page, selector)
    ring_shows(page)
    page.keyboard.press("Enter")


def test_lobby_game_rules_menu_and_results_with_the_keys_alone(live_server, screen):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    # the lobby: a game and its options, chosen with the arrows and Enter
    arrow_to(table, ".lobby-game[data-profile='gaple']")
    # the first key lets the table's sounds play (no tap needed after a reload)
    Domino(table).wait("D.sound.ctx && D.sound.ctx.state === 'running'", timeout=None)
    ring_shows(table)
    table.keyboard.press("Enter")
    Domino(table).wait("D.frame.room.profile === 'gaple'")
    press_on(table, "#opt-deal .choice[data-value='4x7']")
    table.keyboard.press("ArrowRight")  # within the group: the focus moves, nothing is chosen yet
    assert table.evaluate("() => document.activeElement.dataset.value") == "4x6"
    assert Domino(table).room["options"]["deal"] == "4x7"
    table.keyboard.press("Enter")
    Domino(table).wait("D.frame.room.options.deal === '4x6'")
    press_on(table, "#opt-blank25-toggle")  # a yes-or-no switch: Enter turns it on
    Domino(table).wait("D.frame.room.options.blank25 === true")
    assert table.get_attribute("#opt-blank25-toggle", "aria-pressed") == "true"
    # the focused option explains itself in one place, where it moves no other control
    assert table.text_content(".lobby-help") == table.text_content("#opt-blank25-help")
    # ten seats at 1280x720: the options' column scrolls, and each option the arrows reach shows
    # whole with its explanation under it, neither under the column's edge
    table.set_viewport_size({"width": 1280, "height": 720})
    press_on(table, ".lobby-game[data-profile='mexican-train']")
    Domino(table).wait("D.frame.room.profile === 'mexican-train'")
    press_on(table, "#opt-players .choice[data-value='10']")
    Domino(table).wait("D.frame.room.seats.length === 10")
    # Down from the last of the counts: the option under the counts, not a seat's button beside
    # them that is nearer to "10"
    assert table.evaluate("() => document.activeElement.id") == "opt-players-10"
    table.keyboard.press("ArrowDown")
    assert table.evaluate(UNDER_THE_COUNTS), table.evaluate("() => document.activeElement.id")
    table.focus(".lobby-game[data-profile='mexican-train']")
    seen = []
    while "opt-blank50-toggle" not in seen and len(seen) < 6:  # the last option
        table.keyboard.press("ArrowDown")
        shown = table.evaluate(HELP_SHOWN)
        seen.append(shown["id"])
        if shown["help"]:
            assert shown["text"] == shown["help"] and shown["inside"], shown
    assert "opt-blank50-toggle" in seen, seen
    table.set_viewport_size({"width": 1920, "height": 1080})
    # then Draw for three, two computers added with one press each, one made harder
    press_on(table, ".lobby-game[data-profile='draw']")
    Domino(table).wait("D.frame.room.profile === 'draw'")
    press_on(table, "#opt-players .choice[data-value='3']")
    Domino(table).wait("D.frame.room.seats.length === 3")
    for seat in (0, 1):
        press_on(table, f"#seat-computer-{seat}")
        Domino(table).wait("D.frame.room.seats[arg].kind === 'computer'", seat)
    press_on(table, "#seat-kind-1 .choice[data-value='computer:hard']")
    Domino(table).wait("D.frame.room.seats[1].level === 'hard'")
    Domino(table).wait("D.frame.room.seats.every(s => s.kind === 'computer')")
    press_on(table, "#lobby-start")
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
    read_rules_by_keys(table)
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
    Domino(table).barrier()  # a pause sent as the results opened has reached the room by now
    assert not Domino(table).room["paused"]
