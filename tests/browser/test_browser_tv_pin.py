"""The kiosk table's PIN pad (`--kiosk --pin`) on the TV at 1920x1080: a host action the PIN
guards opens the pad and is done once the PIN is right; a wrong PIN says so and clears the
digits; the top bar shows locked / unlocked with the minutes left, and "Lock now" locks again;
keyboard and TV-remote arrows work the pad without a mouse; keys and words read from a sofa."""

from __future__ import annotations

import pytest
from conftest import LiveServer
from evening_flows import shot
from flows import TIMEOUT, lobby_setup, open_table, start_game
from handle import Domino
from sofa import read_from_the_sofa, ring_inside

from tabletop import config

PIN = "4321"

# the pad's keys and words, with their boxes and font sizes
PAD_SIZES = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return {w: r.width, h: r.height}; };
  const font = (n) => parseFloat(getComputedStyle(n).fontSize);
  const d = document.querySelector('.dlg-pin');
  return {
    keys: [...d.querySelectorAll('.pin-key')].map((k) => ({label: k.textContent || k.getAttribute('aria-label'), ...box(k), font: font(k)})),
    words: [...d.querySelectorAll('h2, .pin-help, .pin-dots, .pin-message')].map((n) => [n.className || n.tagName, font(n)]),
    close: box(d.querySelector('.dialog-x')),
  };
}"""


@pytest.fixture
def kiosk_server(tmp_path):
    server = LiveServer(tmp_path, kiosk=True, pin=PIN)
    yield server
    server.stop()


def dealt_table(screen, server, width=1920, height=1080):
    """The TV with a round under way: a seat played on the table and a computer."""
    table = screen(width, height)
    open_table(table, server.url)
    lobby_setup(table, "draw", players=2, seats=["device", "computer:easy"])
    start_game(table)
    # the computer may open, right after the deal: the game stands still once the device is on
    # turn (whose version the tests compare)
    Domino(table).wait("D.frame.view.turn === 0")
    return table


def version(table) -> int:
    return Domino(table).version


def unlocked_for(table) -> int:
    return Domino(table).js("D.frame.unlocked_for")


def click_pin(table, digits):
    for d in digits:
        table.click(f".dlg-pin .pin-key[data-digit='{d}']")
    table.click(".dlg-pin .pin-key--enter")


def test_a_locked_action_opens_the_pad_and_is_done_after_the_right_pin(kiosk_server, screen):
    table = dealt_table(screen, kiosk_server)
    lock = table.locator(".topbar .kiosk-unlock")
    assert lock.inner_text().strip() == "Locked"
    box = lock.bounding_box()
    assert box["height"] >= 40 and box["width"] >= 100, box
    assert unlocked_for(table) == 0

    # New game is PIN-guarded: the pad opens instead of "Enter the PIN first"
    before = version(table)
    table.click(".top-menu")
    table.click(".menu-over")
    table.click(".dialog-foot .btn--primary")  # "are you sure?" -> OK
    table.wait_for_selector(".dlg-pin", timeout=TIMEOUT)
    assert table.locator(".toast").count() == 0

    sizes = table.evaluate(PAD_SIZES)
    assert len(sizes["keys"]) == 12
    for key in sizes["keys"]:
        assert key["w"] >= 64 and key["h"] >= 64, key
        assert key["font"] >= 28, key
    for name, px in sizes["words"]:
        assert px >= 28, (name, px)
    assert sizes["close"]["w"] >= 64 and sizes["close"]["h"] >= 64, sizes["close"]
    # every word as large as the table's own, at both TV sizes, the focused key's ring whole
    for w, h in ((1280, 720), (1920, 1080)):
        table.set_viewport_size({"width": w, "height": h})
        Domino(table).wait("innerWidth === arg", w)
        Domino(table).settle()
        shot(table, f"tv-pin-{w}x{h}")
        read_from_the_sofa(table, ".dlg-pin")
        ring_inside(table)

    # a wrong PIN: said plainly, digits cleared, still locked, the game untouched
    for d in "11":
        table.click(f".dlg-pin .pin-key[data-digit='{d}']")
    assert table.inner_text(".pin-dots") == "●●"  # masked
    click_pin(table, "99")
    table.wait_for_selector(".pin-message:has-text('Wrong PIN')", timeout=TIMEOUT)
    assert table.inner_text(".pin-dots") == "PIN"  # cleared: only the placeholder
    table.click(".dlg-pin .pin-key[data-digit='4']")
    assert "Wrong PIN" in table.inner_text(".pin-message")  # stays until the next try
    table.click(".dlg-pin .pin-key--erase")
    assert version(table) == before and unlocked_for(table) == 0

    # the right one: the pad closes and the new game the host asked for is dealt
    click_pin(table, PIN)
    table.wait_for_selector(".dlg-pin", state="detached", timeout=TIMEOUT)
    Domino(table).wait_version_above(before)
    assert Domino(table).js("D.frame.view.round") == 1
    minutes = config.UNLOCK_SECONDS // 60
    table.wait_for_selector(".kiosk-state", timeout=TIMEOUT)
    # the focus is back where the person started (the menu's button), not on the page
    assert table.evaluate("() => document.activeElement.classList.contains('top-menu')")
    assert table.inner_text(".kiosk-short") == f"Unlocked · {minutes} min"
    assert table.inner_text(".kiosk-state .sr-only") == f"Unlocked: {minutes} minutes left"
    state = table.locator(".kiosk-state")
    assert state.bounding_box()["height"] >= 28
    assert (
        table.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.kiosk-state')).fontSize)")
        >= 28
    )
    assert unlocked_for(table) > config.UNLOCK_SECONDS - 10

    # unlocked: the next guarded action goes through at once (no pad)
    before = version(table)
    table.click(".top-menu")
    table.click(".menu-over")
    table.click(".dialog-foot .btn--primary")
    Domino(table).wait_version_above(before)
    assert table.locator(".dlg-pin").count() == 0

    # Lock now: locked again, and the next guarded action asks for the PIN again
    table.click(".kiosk-relock")
    table.wait_for_selector(".topbar .kiosk-unlock", timeout=TIMEOUT)
    Domino(table).wait("D.frame.unlocked_for === 0")
    table.click(".top-menu")
    table.click(".menu-over")
    table.click(".dialog-foot .btn--primary")
    table.wait_for_selector(".dlg-pin", timeout=TIMEOUT)


def test_keyboard_and_remote_arrows_work_the_pad(kiosk_server, screen):
    table = dealt_table(screen, kiosk_server)
    keys = table.keyboard
    table.focus(".topbar .kiosk-unlock")  # where the remote's arrows would have taken it
    keys.press("Enter")
    table.wait_for_selector(".dlg-pin", timeout=TIMEOUT)
    assert table.evaluate("() => document.activeElement.dataset.digit") == "5"

    # typed digits, Backspace, Enter
    for k in "9999":
        keys.press(k)
    keys.press("Enter")
    table.wait_for_selector(".pin-message:has-text('Wrong PIN')", timeout=TIMEOUT)
    for k in PIN + "7":
        keys.press(k)
    keys.press("Backspace")
    assert table.inner_text(".pin-dots") == "●" * len(PIN)
    keys.press("Escape")  # Back closes the pad, nothing unlocked
    table.wait_for_selector(".dlg-pin", state="detached", timeout=TIMEOUT)
    assert unlocked_for(table) == 0

    # the remote: arrows move across the keys from the middle, Enter presses the focused one
    table.focus(".topbar .kiosk-unlock")
    keys.press("Enter")
    table.wait_for_selector(".dlg-pin", timeout=TIMEOUT)
    # the pad is modal: Tab and Shift+Tab go round its own controls and never out of it
    for k in ["Tab"] * 16 + ["Shift+Tab"] * 16:
        keys.press(k)
        assert table.evaluate("() => !!document.activeElement.closest('.dlg-pin')"), k
    table.focus(".dlg-pin .pin-key[data-digit='5']")
    # from 5: left to 4; up, right, right to 3; left to 2; left to 1
    for k in "ArrowLeft Enter ArrowUp ArrowRight ArrowRight Enter ArrowLeft Enter ArrowLeft Enter".split():
        keys.press(k)
    assert table.inner_text(".pin-dots") == "●●●●"
    for k in "ArrowDown ArrowDown ArrowDown ArrowRight ArrowRight".split():  # 1 -> 4, 7, erase, 0, enter
        keys.press(k)
    assert table.evaluate("() => document.activeElement.classList.contains('pin-key--enter')")
    keys.press("Enter")
    table.wait_for_selector(".dlg-pin", state="detached", timeout=TIMEOUT)
    table.wait_for_selector(".kiosk-state", timeout=TIMEOUT)
    assert unlocked_for(table) > 0
    # the button that opened the pad gave way to "Lock now": the focus goes there, not to the page
    assert table.evaluate("() => document.activeElement.classList.contains('kiosk-relock')")

    table.focus(".kiosk-relock")
    keys.press("Enter")
    table.wait_for_selector(".topbar .kiosk-unlock", timeout=TIMEOUT)
    assert table.evaluate("() => document.activeElement.classList.contains('kiosk-unlock')")


def test_too_many_wrong_pins_say_how_long_to_wait(kiosk_server, screen):
    table = dealt_table(screen, kiosk_server)
    table.click(".topbar .kiosk-unlock")
    for _ in range(config.PIN_TRIES):
        click_pin(table, "0000")
        table.wait_for_function(
            "() => document.querySelector('.pin-dots').textContent === 'PIN'", timeout=TIMEOUT
        )
        assert "Wrong PIN" in table.inner_text(".pin-message")
    click_pin(table, PIN)
    message = table.locator(".pin-message")
    message.filter(has_text="Try again in").wait_for(timeout=TIMEOUT)
    seconds = int(message.inner_text().split("Try again in ")[1].split()[0])
    assert 0 < seconds <= config.PIN_WINDOW
    assert table.get_attribute(".pin-key--enter", "aria-disabled") == "true"
    assert unlocked_for(table) == 0
    # the lockout is this socket's: the page reloaded unlocks with the right PIN at once
    table.reload()
    table.wait_for_selector(".topbar .kiosk-unlock", timeout=TIMEOUT)
    table.click(".topbar .kiosk-unlock")
    click_pin(table, PIN)
    table.wait_for_selector(".kiosk-state", timeout=TIMEOUT)


def test_the_screen_locks_itself_when_the_unlock_runs_out(kiosk_server, screen, monkeypatch):
    monkeypatch.setattr(config, "UNLOCK_SECONDS", 3)
    table = dealt_table(screen, kiosk_server)
    table.click(".topbar .kiosk-unlock")
    click_pin(table, PIN)
    assert table.inner_text(".kiosk-short") == "Unlocked · 1 min"
    # no frame needed: the table counts down from the server's figure and shows Locked again
    table.wait_for_selector(".topbar .kiosk-unlock", timeout=TIMEOUT)
    table.click(".top-menu")
    table.click(".menu-over")
    table.click(".dialog-foot .btn--primary")
    table.wait_for_selector(".dlg-pin", timeout=TIMEOUT)


def test_a_new_game_mid_game_asks_for_the_pin_then_starts(kiosk_server, screen):
    table = dealt_table(screen, kiosk_server)
    before = version(table)
    table.click(".top-menu")
    table.click(".menu-new")  # back to the lobby to choose again: it asks first, then the PIN
    table.click(".dialog-foot .btn--primary")
    table.wait_for_selector(".dlg-pin", timeout=TIMEOUT)
    assert version(table) == before  # nothing changed while locked
    click_pin(table, PIN)
    table.wait_for_selector(".dlg-pin", state="detached", timeout=TIMEOUT)
    Domino(table).wait_version_above(before)
    table.wait_for_selector(".lobby-start", timeout=TIMEOUT)
    table.click(".lobby-start")
    table.wait_for_selector(".tablescreen", timeout=TIMEOUT)
    assert Domino(table).js("D.frame.view.round") == 1
