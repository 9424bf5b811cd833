"""The screen stays on: over plain http (no secure context, no navigator.wakeLock) the phone
plays its muted inline looping video from a canvas stream; the table page holds a wake too."""

from __future__ import annotations

import pytest
from conftest import CHROMIUM_ARGS, LiveServer, close_checked, watched
from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table, start_game, wait_game
from handle import Domino

LAN_NAME = "table.lan"  # resolves to the loopback server, but is no secure origin as a LAN address is not


@pytest.fixture
def live_server(tmp_path):
    """The table answers websockets by the name too (its Host rule refuses unknown names)."""
    server = LiveServer(tmp_path, hosts=(LAN_NAME,))
    yield server
    server.stop()


@pytest.fixture
def lan_browser(playwright):
    args = [a for a in CHROMIUM_ARGS if not a.startswith("--host-resolver-rules")]
    args.append(f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1 , MAP * ~NOTFOUND , EXCLUDE 127.0.0.1")
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)
    yield browser
    browser.close()


PLAYING = """() => { const v = document.querySelector('video.keep-awake');
  if (!v) return null;
  const r = v.getBoundingClientRect();
  return {paused: v.paused, muted: v.muted, loop: v.loop, inline: v.playsInline, t: v.currentTime,
          stream: !!v.srcObject, src: v.currentSrc, ready: v.readyState,
          onScreen: r.width > 0 && r.x >= 0 && r.y >= 0 && r.bottom <= innerHeight && r.right <= innerWidth}; }"""


def test_keep_awake_video_plays_on_a_plain_http_page(live_server, screen, lan_browser, page_errors):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    url = join_urls(table)[0].replace("127.0.0.1", LAN_NAME)
    assert LAN_NAME in url
    ctx = lan_browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = watched(ctx.new_page(), page_errors)  # axe-core at each wait, as every page
    join_phone(page, url, "Ana")
    assert page.evaluate("() => [window.isSecureContext, 'wakeLock' in navigator]") == [False, False]
    start_game(table)
    wait_game(page)
    Domino(page).wait("D.wake.method === 'video'")
    first = page.evaluate(PLAYING)
    assert first["paused"] is False and first["muted"] and first["loop"] and first["inline"]
    assert first["stream"] and first["src"] == ""  # a canvas stream, no file
    assert first["onScreen"]
    page.wait_for_function(
        "t => document.querySelector('video.keep-awake').currentTime > t", arg=first["t"], timeout=TIMEOUT
    )
    # the table page keeps its screen on too (a real wake lock where the browser grants one)
    assert Domino(table).js("D.wake.wanted") is True
    Domino(table).wait("D.wake.method !== null")
    close_checked([ctx])  # axe-core on the state the phone ended in
