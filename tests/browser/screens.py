"""Screenshots of every screen (run by scripts/screens): PNGs into ./screenshots/.

Table 1920x1080 and 1280x720: lobby, playing (line and Mexican Train), results; with --only
trains, Mexican Train at 4, 8 and 10 seats early and late in a round, and Draw/Block/gaple late.
Phone 390x844 portrait and 844x390 landscape: join, hand on turn, both-ends choice, results.
Phone 360x640: join and hand on turn against a computer.
Single device (1280x800, 390x844, 360x640): lobby, handover cover, hand, the table right after
a move (the hand is gone); rules panel.
With --only review: a replayed Draw round reviewed for one seat (table 1920x1080, 1280x720; the
single device at 390x844).
With --only wifi: a table that is its own Wi-Fi offering it (1920x1080, 1280x720, in English and
French), and the join page as Apple's sign-in sheet shows it (390x844, 360x640).
With --only night: the tournament's standings (1920x1080, 32 players), the director's page and a
phone sent to its table.
With --only regulars: the house leaderboard (1920x1080, 1280x720), a phone's profile screen new
and known (390x844, 360x640), the join screen greeting a regular, the owner's list.
With --only readme: the README's two pictures, the TV (1920x1080) and a phone's hand in the same
Mexican Train game, as small JPEGs into docs/images/ (checked in; tests/web checks their size).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [HERE, ROOT]

import flows  # noqa: E402
from conftest import CHROMIUM_ARGS, LiveServer  # noqa: E402
from handle import Domino  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from seeds import both_ends_seed, engine_dealt_seed, fixed_seed  # noqa: E402

PHONE_PORTRAIT = {"width": 390, "height": 844}
PHONE_LANDSCAPE = {"width": 844, "height": 390}
PHONE_SMALL = {"width": 360, "height": 640}


def phone_context(browser, viewport, lang="en"):
    return browser.new_context(
        viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True, locale=lang
    )


shoot = flows.shoot  # waits for the tile animation to finish: this is a picture, not a test


def table_round(browser, server, out, size, tag, lang="en"):  # noqa: C901
    """A table and two phones through a Draw hand where the phone must choose an end."""
    ctx = browser.new_context(viewport=size, locale=lang)
    table = ctx.new_page()
    flows.open_table(table, server.url)
    flows.lobby_setup(table, "draw", players=2, seats=["phone", "phone"])
    shoot(table, out, f"table-{tag}-lobby")
    urls = flows.join_urls(table)
    pctx = [phone_context(browser, PHONE_PORTRAIT, lang), phone_context(browser, PHONE_LANDSCAPE, lang)]
    phones = [c.new_page() for c in pctx]
    if tag == "1920":
        shoot_join = True
    else:
        shoot_join = False
    for i, (p, name) in enumerate(zip(phones, ["Ana", "Bo"])):
        p.goto(urls[i])
        p.wait_for_selector("#join-name")
        p.fill("#join-name", name)
        if shoot_join:
            shoot(p, out, f"phone-{'portrait' if i == 0 else 'landscape'}-join")
        p.click(".join-go")
        Domino(p).wait("D.role === 'seat'", timeout=None)
    shoot(table, out, f"table-{tag}-lobby-seated")
    flows.start_game(table)
    for p in phones:
        flows.wait_game(p)
    # play (first legal action) until a phone has a tile that fits both ends
    for _ in range(60):
        st = None
        for p in phones:
            s = flows.phone_state(p)
            if s["turn"] == s["seat"] and s["legal"]:
                st, page = s, p
        if st is None:
            phones[0].wait_for_timeout(40)
            continue
        both = [a["play"] for a in st["legal"] if a.get("end")]
        dup = next((x for x in both if both.count(x) > 1), None)
        if dup and shoot_join:
            which = "portrait" if page is phones[0] else "landscape"
            other = phones[1] if page is phones[0] else phones[0]
            shoot(page, out, f"phone-{which}-turn")
            page.click(f".hand-strip .hand-tile[data-tile='{dup}']")
            page.wait_for_selector(".choice-group")
            shoot(page, out, f"phone-{which}-both-ends")
            shoot(other, out, f"phone-{'landscape' if which == 'portrait' else 'portrait'}-waiting")
            page.click(".choice-group .btn--choice")
            flows.wait_version_change(page, st["version"])
            # the other phone's turn, and a preview on it
            so = flows.my_turn(other)
            if so["phase"] == "play":
                shoot(other, out, f"phone-{'landscape' if which == 'portrait' else 'portrait'}-turn")
                fit = next((a["play"] for a in so["legal"] if "play" in a), None)
                if fit:
                    other.evaluate(
                        "() => { const m = JSON.parse(localStorage.getItem('domino.playmode') || '{}'); m.draw = 'preview'; localStorage.setItem('domino.playmode', JSON.stringify(m)); }"
                    )
                    other.click(f".hand-strip .hand-tile[data-tile='{fit}']")
                    shoot(other, out, f"phone-{'landscape' if which == 'portrait' else 'portrait'}-preview")
                    if other.locator(".act-confirm").count():
                        other.click(".act-confirm")
                    else:
                        other.click(".choice-group .btn--choice")
                        other.click(".act-confirm")
                    flows.wait_version_change(other, so["version"])
            break
        if dup:
            break
        if (
            shoot_join
            and page is phones[1]
            and not os.path.exists(os.path.join(out, "phone-landscape-turn.png"))
        ):
            shoot(page, out, "phone-landscape-turn")
        flows.play_one(page, st)
    shoot(table, out, f"table-{tag}-playing")
    flows.play_until_round_over(phones)
    table.wait_for_selector(".dlg-results .results-table")
    shoot(table, out, f"table-{tag}-results")
    if shoot_join:
        for i, p in enumerate(phones):
            p.wait_for_selector(".dlg-results .results-table")
            shoot(p, out, f"phone-{'portrait' if i == 0 else 'landscape'}-results")
        table.click(".dlg-results .dialog-x")
        table.click(".top-rules")
        table.wait_for_selector(".dlg-rules")
        shoot(table, out, f"table-{tag}-rules")
    for c in pctx + [ctx]:
        c.close()


def table_mexican(browser, server, out, size, tag):
    ctx = browser.new_context(viewport=size, locale="en")
    table = ctx.new_page()
    flows.open_table(table, server.url)
    table.click(".lobby-game[data-profile='mexican-train']")
    flows.choose(table, "#opt-players", "4")
    flows.lobby_setup(
        table,
        "mexican-train",
        players=4,
        seats=["phone", "computer:easy", "computer:medium", "computer:hard"],
    )
    urls = flows.join_urls(table)
    pctx = phone_context(browser, PHONE_PORTRAIT)
    p = pctx.new_page()
    flows.join_phone(p, urls[0], "Ana")
    flows.start_game(table)
    flows.wait_game(p)
    for _ in range(14):
        s = flows.phone_state(p)
        if s["phase"] != "play":
            break
        if s["turn"] == s["seat"] and s["legal"]:
            flows.play_one(p, s, choose=lambda legal: next((a for a in legal if "play" in a), legal[0]))
        else:
            p.wait_for_timeout(40)
    shoot(table, out, f"table-{tag}-mexican-train")
    if tag == "1920":
        flows.my_turn(p)
        shoot(p, out, "phone-portrait-mexican-train")
    pctx.close()
    ctx.close()


def table_late(browser, server, out, size, tag, profile, players, moments):
    """The table with one phone (seat 0) and computers, shot on the phone's turn when the board
    holds each of `moments` tiles (Mexican Train counts every train's tiles)."""
    ctx = browser.new_context(viewport=size, locale="en")
    table = ctx.new_page()
    flows.open_table(table, server.url)
    table.click(f".lobby-game[data-profile='{profile}']")
    if table.locator("#opt-players").count():
        flows.choose(table, "#opt-players", str(players))
    flows.lobby_setup(table, profile, players=None, seats=["phone"] + ["computer:easy"] * (players - 1))
    pctx = phone_context(browser, PHONE_PORTRAIT)
    p = pctx.new_page()
    flows.join_phone(p, flows.join_urls(table)[0], "Ingrid")
    flows.start_game(table)
    flows.wait_game(p)
    count = flows.TRAIN_TILES if profile == "mexican-train" else flows.LINE_TILES
    for name, want in moments:
        flows.phone_plays_until(table, p, count, want)
        shoot(table, out, f"table-{tag}-{profile}-{players}p-{name}")
    pctx.close()
    ctx.close()


def trains(browser, server, out):
    """Mexican Train at 4, 8 and 10 seats early and late in a round, and the line games late."""
    for size, tag in (({"width": 1920, "height": 1080}, "1920"), ({"width": 1280, "height": 720}, "1280")):
        for players, late in ((4, 34), (8, 44), (10, 48)):
            with fixed_seed(engine_dealt_seed(players)):
                table_late(
                    browser,
                    server,
                    out,
                    size,
                    tag,
                    "mexican-train",
                    players,
                    [("early", players), ("late", late)],
                )
        with fixed_seed(3):
            table_late(browser, server, out, size, tag, "draw", 4, [("late", 16)])
            table_late(browser, server, out, size, tag, "block", 4, [("late", 18)])
            table_late(browser, server, out, size, tag, "gaple", 4, [("late", 14)])


def phone_small(browser, server, out):
    """A 360x640 phone against a computer: join, then its turn."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en")
    table = ctx.new_page()
    flows.open_table(table, server.url)
    flows.lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    pctx = phone_context(browser, PHONE_SMALL)
    p = pctx.new_page()
    p.goto(flows.join_urls(table)[0])
    p.wait_for_selector("#join-name")
    p.fill("#join-name", "Ana")
    shoot(p, out, "phone-360-join")
    p.click(".join-go")
    Domino(p).wait("D.role === 'seat'", timeout=None)
    flows.start_game(table)
    flows.wait_game(p)
    flows.my_turn(p)
    shoot(p, out, "phone-360-turn")
    pctx.close()
    ctx.close()


def readme(browser, server, out):
    """The README's pictures: a Mexican Train for four on the TV well into its round, and the
    phone of its one person on their turn. JPEG: a screen of flat colours and text stays sharp
    at quality 80 and a tenth of the PNG's size."""
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en")
    table = ctx.new_page()
    flows.open_table(table, server.url)
    table.click(".lobby-game[data-profile='mexican-train']")
    flows.choose(table, "#opt-players", "4")
    flows.lobby_setup(
        table,
        "mexican-train",
        players=None,
        seats=["phone", "computer:easy", "computer:medium", "computer:hard"],
    )
    pctx = phone_context(browser, PHONE_PORTRAIT)
    p = pctx.new_page()
    flows.join_phone(p, flows.join_urls(table)[0], "Ingrid")
    flows.start_game(table)
    flows.wait_game(p)
    # well into the round, on the phone's turn with a tile that fits
    flows.play_until(
        [p],
        lambda st: Domino(table).js(flows.TRAIN_TILES) >= 28 and any("play" in a for a in st["legal"]),
        taps=False,
        table=table,
        deal_again=True,
    )
    for page, name in ((table, "table-tv"), (p, "phone-hand")):
        shoot(page, out, name, quality=80)  # once the last tile's flight ends
    pctx.close()
    ctx.close()


def solo(browser, server, out):
    sizes = [
        ("solo-1280", {"width": 1280, "height": 800}),
        ("solo-phone", PHONE_PORTRAIT),
        ("solo-360", PHONE_SMALL),
    ]
    for name, vp in sizes:
        ctx = browser.new_context(viewport=vp, locale="en", has_touch=vp["width"] < 500)
        page = ctx.new_page()
        page.goto(server.url + "/solo")
        page.wait_for_selector(".lobby-seat")
        page.click(".lobby-game[data-profile='draw']")
        flows.choose(page, "#opt-players", "3")
        flows.seat_kind(page, 0, "device")
        flows.seat_kind(page, 1, "device")
        flows.seat_kind(page, 2, "computer:medium")
        page.fill("#seat-name-0", "Ana")
        page.fill("#seat-name-1", "Bo")
        page.press("#seat-name-1", "Tab")
        shoot(page, out, f"{name}-lobby")
        page.click(".lobby-start")
        page.wait_for_selector(".tablescreen")
        Domino(page).wait("D.frame.view && D.frame.device_seat !== null", timeout=None)
        shoot(page, out, f"{name}-handover")
        page.click(".handover")
        page.wait_for_selector(".device-panel .hand-tile")
        shoot(page, out, f"{name}-hand")
        st = flows.device_state(page)
        flows.play_one(page, st)
        shoot(page, out, f"{name}-after-move")
        ctx.close()


def review(browser, server, out):
    """A golden Draw round replayed and reviewed for one seat: the summary, the marks in the move
    list and the judgement of a costly move (table at both sizes; the single device on a phone)."""
    import json

    from test_browser_replay import GOLDEN, open_replays, store_game

    record = json.loads((GOLDEN / "draw-2p.json").read_text())["record"]
    for size, tag, solo_page in (
        ({"width": 1920, "height": 1080}, "table-1920", False),
        ({"width": 1280, "height": 720}, "table-1280", False),
        (PHONE_PORTRAIT, "solo-390", True),
    ):
        ctx = phone_context(browser, size) if solo_page else browser.new_context(viewport=size)
        page = ctx.new_page()
        if solo_page:
            flows.open_solo(page, server.url)
            Domino(page).wait("D && D.frame && D.frame.room && D.frame.room.id")
        else:
            flows.open_table(page, server.url)
        game = store_game(server, Domino(page).room["id"], record)
        open_replays(page)
        page.click(f".replay-pick[data-game='{game}'][data-round='1']")
        page.wait_for_selector(".replay--round .review-start", timeout=flows.TIMEOUT)
        page.select_option(".review-seat", "1")
        page.click(".review-start")
        page.wait_for_selector(".review[data-state='done']", timeout=flows.TIMEOUT)
        costly = page.locator(".replay-moves li[data-review='costly'] .replay-move")
        better = page.locator(".replay-moves li[data-review='better'] .replay-move")
        (costly if costly.count() else better).first.click()
        shoot(page, out, f"{tag}-review")
        late = page.locator(".replay-moves li[data-hindsight] .replay-move")
        if late.count():
            late.first.click()
            shoot(page, out, f"{tag}-review-hindsight")
        ctx.close()


HOTSPOT = {"hotspot_network": "10.42.0.1/24", "wifi_ssid": "DominoTable", "wifi_password": "secret123"}


def wifi(browser, out):
    """The join panel once no phone sat down for a minute (the page's clock is moved on)."""
    server = LiveServer(tempfile.mkdtemp(prefix="screens-wifi-"), computer_delay=0, **HOTSPOT)
    try:
        for size, tag in (
            ({"width": 1920, "height": 1080}, "1920"),
            ({"width": 1280, "height": 720}, "1280"),
        ):
            for lang in ("en", "fr"):
                ctx = browser.new_context(viewport=size, locale=lang)
                table = ctx.new_page()
                table.clock.install()
                flows.open_table(table, server.url)
                flows.lobby_setup(table, "draw", players=4, seats=["phone"] * 4)
                table.clock.fast_forward(61_000)
                table.wait_for_selector(".join-wifi-qr", timeout=flows.TIMEOUT)
                shoot(table, out, f"table-{tag}-wifi-offer-{lang}")
                ctx.close()
        room = server.app.extensions["tabletop"].summaries()[0]["id"]
        for viewport, tag in ((PHONE_PORTRAIT, "390"), (PHONE_SMALL, "360")):
            for lang in ("en", "fr"):
                ctx = phone_context(browser, viewport, lang)
                page = ctx.new_page()
                page.goto(f"{server.url}/join?sheet=apple&code={room}")
                page.wait_for_selector(".join-sheet", timeout=flows.TIMEOUT)
                shoot(page, out, f"phone-{tag}-apple-sheet-{lang}")
                ctx.close()
    finally:
        server.stop()


def night(browser, server, out):
    """The night's tournament: the standings (1920x1080, 32 players, round 2 under way), the
    director's page (1280x800 and 390x844) and a phone's "go to table" (390x844, 360x640)."""
    import nightseed

    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    flows.open_table(tv, server.url)
    tokens = nightseed.new_night(server, players=32, tables=8, rooms=[flows.room_of(tv)["id"]])
    nightseed.post(server.url, "/rounds", {})
    tv.wait_for_selector(".seated-title")
    tv.screenshot(path=os.path.join(out, "night-table-seated-1920.png"))
    tv.context.close()
    nightseed.finish_tables(server)
    nightseed.post(server.url, "/rounds", {})
    nightseed.finish_tables(server, 5)
    fix = {"round": 1, "table": 2, "points": [40, 10, 5, 0], "winner": 0, "reason": "Score sheet misread"}
    nightseed.post(server.url, "/corrections", fix)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.goto(f"{server.url}/standings")
    page.wait_for_selector(".standings tbody tr")
    page.screenshot(path=os.path.join(out, "night-standings-1920.png"))
    ctx.close()
    for size, tag in (({"width": 1280, "height": 800}, "1280"), (PHONE_PORTRAIT, "390")):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.goto(f"{server.url}/director")
        page.wait_for_selector("#night-start")
        page.screenshot(path=os.path.join(out, f"night-director-{tag}.png"), full_page=True)
        ctx.close()
    token = next(iter(tokens.values()))
    for size, tag in ((PHONE_PORTRAIT, "390"), (PHONE_SMALL, "360"), (PHONE_LANDSCAPE, "844")):
        ctx = phone_context(browser, size)
        page = ctx.new_page()
        page.goto(f"{server.url}/night")
        page.evaluate(f"() => localStorage.setItem('domino.night.token', {token!r})")
        page.goto(f"{server.url}/night")
        page.wait_for_selector(".go-card, .night-box")
        page.screenshot(path=os.path.join(out, f"night-phone-{tag}.png"))
        ctx.close()


def regulars(browser, server, out):
    """The house's regulars: the leaderboard on a TV, the profile screen on a phone (new, then
    known with its statistics), the join screen's "Welcome back", the owner's list."""
    import time

    from test_browser_regulars import seed_board

    seed_board(server)
    house = server.app.extensions["tabletop"].regulars
    token, made = house.create("Ingrid", 3, 4)
    now = time.time()
    lines = [
        ("round", "draw", 25, 1),
        ("match", "draw", 104, 1),
        ("round", "block", 12, 0),
        ("match", "block", 40, 0),
    ]
    house.store.add_regular_results(
        [
            (made["id"], f"SHOT:{i}", kind, game, "Ingrid", points, won, now)
            for i, (kind, game, points, won) in enumerate(lines)
        ]
    )
    for size, tag in (({"width": 1920, "height": 1080}, "1920"), ({"width": 1280, "height": 720}, "1280")):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.goto(f"{server.url}/leaderboard?game=draw")
        page.wait_for_selector(".board tbody tr")
        page.screenshot(path=os.path.join(out, f"regulars-leaderboard-{tag}.png"))
        ctx.close()
    for size, tag in ((PHONE_PORTRAIT, "390"), (PHONE_SMALL, "360")):
        ctx = phone_context(browser, size)
        page = ctx.new_page()
        page.goto(f"{server.url}/regulars")
        page.wait_for_selector(".regular-form")
        page.screenshot(path=os.path.join(out, f"regulars-profile-new-{tag}.png"))
        page.evaluate(f"() => localStorage.setItem('domino.regular', {token!r})")
        page.goto(f"{server.url}/regulars")
        page.wait_for_selector(".regular-lines")
        page.screenshot(path=os.path.join(out, f"regulars-profile-{tag}.png"), full_page=True)
        ctx.close()
    tv = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    flows.open_table(tv, server.url)
    ctx = phone_context(browser, PHONE_PORTRAIT)
    page = ctx.new_page()
    page.goto(server.url + "/join")
    page.evaluate(f"() => localStorage.setItem('domino.regular', {token!r})")
    page.goto(flows.join_urls(tv)[0])
    page.wait_for_selector(".join-known")
    page.screenshot(path=os.path.join(out, "regulars-join-390.png"))
    ctx.close()
    tv.context.close()
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(f"{server.url}/director")
    page.wait_for_selector(".regulars-table")
    page.locator(".regulars-owner").screenshot(path=os.path.join(out, "regulars-owner-1280.png"))
    ctx.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", help="folder of the pictures (default ./screenshots; readme: docs/images)")
    ap.add_argument(
        "--only",
        help="table|mexican|trains|solo|review|wifi|night|regulars|readme (readme: only when asked)",
    )
    ap.add_argument("--lang", default="en", help="the table's pictures in this language (en, fr, id, ms, nb)")
    args = ap.parse_args(argv)
    if args.out is None:
        args.out = os.path.join(ROOT, "docs", "images") if args.only == "readme" else "screenshots"
    os.makedirs(args.out, exist_ok=True)
    server = LiveServer(tempfile.mkdtemp(prefix="screens-"), computer_delay=0)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            if args.only in (None, "table"):
                with fixed_seed(both_ends_seed()):
                    table_round(browser, server, args.out, {"width": 1920, "height": 1080}, "1920", args.lang)
                    table_round(browser, server, args.out, {"width": 1280, "height": 720}, "1280", args.lang)
                with fixed_seed(1):
                    phone_small(browser, server, args.out)
            if args.only in (None, "mexican"):
                with fixed_seed(engine_dealt_seed(4)):
                    table_mexican(browser, server, args.out, {"width": 1920, "height": 1080}, "1920")
                    table_mexican(browser, server, args.out, {"width": 1280, "height": 720}, "1280")
            if args.only in (None, "trains"):
                trains(browser, server, args.out)
            if args.only in (None, "solo"):
                with fixed_seed(1):
                    solo(browser, server, args.out)
            if args.only in (None, "review"):
                review(browser, server, args.out)
            if args.only in (None, "wifi"):
                wifi(browser, args.out)
            if args.only in (None, "night"):
                night(browser, server, args.out)
            if args.only in (None, "regulars"):
                regulars(browser, server, args.out)
            if args.only == "readme":
                with fixed_seed(engine_dealt_seed(4)):
                    readme(browser, server, args.out)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
