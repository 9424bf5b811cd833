"""Honest controls: Undo, Redo and "Restart round" are offered only while the server would take
them (the frame's can_undo, can_redo, can_restart), on the table screen and on the phone. A
watcher in each page checks at every change of the page, and several times a second, that no
refused control is ever on screen, open menus included."""

from __future__ import annotations

from flows import act_by_api, join_phone, open_table, phone_state
from handle import HANDLE, TIMEOUT, Domino

# (selector, the frame's flag that must be true while it shows)
CONTROLS = [
    (".top-undo", "can_undo"),
    (".top-redo", "can_redo"),
    (".menu-restart", "can_restart"),
    (".menu-undo", "can_undo"),
    (".menu-redo", "can_redo"),
]

WATCH = (
    """
(() => {
  const W = (window.__refused = { bad: [], checks: 0, shown: {} });
  const controls = %s;
  const check = () => {
    const D = HANDLE_EXPR;
    if (!D || !D.frame) return;
    W.checks += 1;
    for (const [sel, flag] of controls) {
      const n = document.querySelector(sel);
      if (!n || !n.getClientRects().length) continue;
      W.shown[sel] = (W.shown[sel] || 0) + 1;
      if (!D.frame[flag]) W.bad.push(sel + " shown at version " + D.frame.version);
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  setInterval(check, 40);
})();
""".replace("HANDLE_EXPR", HANDLE)
    % [list(c) for c in CONTROLS]
)


def watched_controls(page):
    page.add_init_script(WATCH)
    return page


def refused_seen(page) -> dict:
    return page.evaluate("() => window.__refused")


def visible(page, sel) -> bool:
    return page.locator(sel).filter(visible=True).count() > 0


def device_act(table) -> None:
    """The table's device seat makes its move (a tile when it can) through the table's link."""
    d = Domino(table)
    f = d.js("({legal: D.frame.device_view.legal, version: D.frame.version})")
    act = next((a for a in f["legal"] if "play" in a), f["legal"][0])
    assert d.request("act", {"action": act, "version": f["version"]}) is None
    d.wait_version_above(f["version"])


def test_a_refused_control_is_never_offered(live_server, screen, phone):
    table = watched_controls(screen(1280, 720))
    open_table(table, live_server.url)
    seats = [{"kind": "phone"}, {"kind": "device", "name": "Bo"}]
    assert (
        Domino(table).request("setup", {"profile": "draw", "options": {"players": 2}, "seats": seats}) is None
    )
    Domino(table).wait("D.frame.room.seats.length === 2 && D.frame.room.seats[1].kind === 'device'")
    ana = watched_controls(phone(viewport={"width": 390, "height": 844}))
    join_phone(ana, Domino(table).room["join_url"] + "?seat=0", "Ana")
    assert Domino(table).request("start_round") is None
    Domino(table).wait("D.frame.view && D.frame.view.phase === 'play'")
    Domino(ana).wait("D.view && D.view.phase === 'play'")

    # nothing played yet: the deal may be dealt again, nothing taken back
    f = Domino(table).frame
    assert f["can_restart"] and not f["can_undo"] and not f["can_redo"]
    assert not visible(table, ".top-undo") and not visible(table, ".top-redo")
    table.click(".top-menu")
    table.wait_for_selector(".dlg-menu .menu-restart", timeout=TIMEOUT)
    ana.click(".top-menu")
    ana.wait_for_selector(".dlg-menu .menu-leave", timeout=TIMEOUT)
    assert not visible(ana, ".menu-undo") and not visible(ana, ".menu-redo")

    # the first move, with both menus open: "Restart round" leaves the open menu at once
    if Domino(table).js("D.frame.device_seat") == 1:
        device_act(table)
    else:
        assert act_by_api(ana, phone_state(ana))
    table.wait_for_selector(".dlg-menu .menu-restart", state="detached", timeout=TIMEOUT)
    assert not Domino(table).js("D.frame.can_restart")
    ana.keyboard.press("Escape")
    table.keyboard.press("Escape")

    # moves until the table's own move may be taken back: Undo shows then, and goes when the
    # phone decides (a person decided since)
    undo_seen = False
    for _ in range(40):
        if Domino(table).js("D.frame.view.phase") != "play":
            break
        if Domino(table).js("D.frame.device_seat") == 1:
            device_act(table)
            if Domino(table).js("D.frame.can_undo"):
                table.wait_for_selector(".top-undo", timeout=TIMEOUT)
                undo_seen = True
                break
        else:
            Domino(ana).wait("D.view.turn === D.seat || D.view.phase !== 'play'")
            st = phone_state(ana)
            if st["phase"] == "play":
                act_by_api(ana, st)
    assert undo_seen, "the device never had a move to take back"
    version = Domino(table).version
    table.click(".top-undo")
    Domino(table).wait_version_above(version)
    table.wait_for_selector(".top-redo", timeout=TIMEOUT)
    assert visible(table, ".top-undo") == bool(Domino(table).js("D.frame.can_undo"))

    # the phone: Undo in its menu right after its own move (when the server takes it)
    for _ in range(40):
        if Domino(table).js("D.frame.view.phase") != "play":
            break
        if Domino(table).js("D.frame.device_seat") == 1:
            device_act(table)
            continue
        Domino(ana).wait("D.view.turn === D.seat || D.view.phase !== 'play'")
        st = phone_state(ana)
        if st["phase"] != "play":
            break
        act_by_api(ana, st)
        if Domino(ana).js("D.frame.can_undo"):
            ana.click(".top-menu")
            ana.wait_for_selector(".dlg-menu .menu-undo", timeout=TIMEOUT)
            break

    for page in (table, ana):
        seen = refused_seen(page)
        assert seen["checks"] > 10, seen
        assert not seen["bad"], seen["bad"][:5]
    assert refused_seen(table)["shown"].get(".top-undo") and refused_seen(table)["shown"].get(".menu-restart")
