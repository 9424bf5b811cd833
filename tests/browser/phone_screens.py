"""Screenshots of the phone screens at four sizes and in two languages: PNGs into --out.

    .venv/bin/python tests/browser/phone_screens.py --out screenshots/phone [--lang en fr]

The join pages, Mexican Train with four seats (15 tiles each, the phone at seat 0; the choice
of a train) and with ten (the seat strip in cells), six-love (the partner marked), a Draw line
late in a round (folded to its ends, then whole) and the round's end.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(os.path.dirname(HERE))]

import flows  # noqa: E402
from conftest import CHROMIUM_ARGS, LiveServer  # noqa: E402
from handle import Domino  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from seeds import fixed_seed, long_line_seed  # noqa: E402

SIZES = {
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
    "360x640": {"width": 360, "height": 640},
    "820x1180": {"width": 820, "height": 1180},
}


shoot = functools.partial(flows.shoot, settle_ms=600)  # the tile animation has finished


def seated(browser, server, profile, seats, size, lang):
    tctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en")
    table = tctx.new_page()
    flows.open_table(table, server.url)
    table.click(f".lobby-game[data-profile='{profile}']")
    flows.lobby_setup(table, profile, players=None if profile == "six-love" else len(seats), seats=seats)
    ctx = browser.new_context(
        viewport=size, device_scale_factor=2, is_mobile=True, has_touch=True, locale=lang
    )
    page = ctx.new_page()
    page.goto(flows.join_urls(table)[0])
    page.wait_for_selector("#join-name")
    page.fill("#join-name", "Ana")
    return table, page


def line_late(browser, server, size, lang, out, name):
    """Two phones in a Draw game with a long line: the folded line, the whole line, the end."""
    tctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en")
    table = tctx.new_page()
    flows.open_table(table, server.url)
    flows.lobby_setup(table, "draw", players=2, seats=["phone", "phone"])
    pages = []
    for seat, url in sorted(flows.join_urls(table).items()):
        ctx = browser.new_context(
            viewport=size, device_scale_factor=2, is_mobile=True, has_touch=True, locale=lang
        )
        pages.append(ctx.new_page())
        flows.join_phone(pages[-1], url, ["Ana", "Bartholomew"][seat])
    with fixed_seed(long_line_seed()):
        flows.start_game(table)
    for page in pages:
        flows.wait_game(page)
    mover, _ = flows.play_until(pages, lambda st: Domino(pages[0]).js("D.view.line.length") >= 16)
    waiter = pages[1] if mover is pages[0] else pages[0]
    shoot(mover, out, f"{name}-line-late-turn")
    shoot(waiter, out, f"{name}-line-late-waiting")
    if waiter.locator(".phoneboard-toggle").is_visible():  # folded (a screen with room shows it whole)
        waiter.click(".phoneboard-toggle")
        shoot(waiter, out, f"{name}-line-whole")
    flows.play_until_round_over(pages)
    for page in pages:
        page.wait_for_selector(".backdrop", timeout=flows.TIMEOUT)
    shoot(pages[0], out, f"{name}-round-end")
    for page in pages:
        page.context.close()
    tctx.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="screenshots/phone")
    ap.add_argument("--lang", nargs="+", default=["en", "fr"])
    ap.add_argument("--join-only", action="store_true")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        server = LiveServer(data)
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            for lang in args.lang:
                for tag, size in SIZES.items():
                    name = f"{lang}-{tag}"
                    ctx = browser.new_context(
                        viewport=size, device_scale_factor=2, is_mobile=True, has_touch=True, locale=lang
                    )
                    page = ctx.new_page()
                    page.goto(server.url + "/join?from=table")  # where a phone on "/" is sent
                    page.wait_for_selector(".join-note")
                    shoot(page, args.out, f"{name}-join-code")
                    ctx.close()
                    if args.join_only:
                        continue
                    seats = ["phone", "computer:easy", "computer:easy", "computer:easy"]
                    table, page = seated(browser, server, "mexican-train", seats, size, lang)
                    shoot(page, args.out, f"{name}-seat")
                    page.click(".join-go")
                    Domino(page).wait("D.role === 'seat'", timeout=None)
                    flows.start_game(table)
                    flows.wait_game(page)
                    st = flows.my_turn(page)
                    shoot(page, args.out, f"{name}-mexican-turn")
                    for _ in range(40):  # a tile that goes on more than one train: the choice
                        plays = [a["play"] for a in st["legal"] if "play" in a]
                        multi = [p for p in plays if plays.count(p) > 1]
                        if multi:
                            page.click(f".hand-strip .hand-tile[data-tile='{multi[0]}']")
                            shoot(page, args.out, f"{name}-mexican-which-train")
                            break
                        flows.play_one(page, st)
                        st = flows.my_turn(page)
                        if st["phase"] != "play":
                            break
                    table.context.close()
                    page.context.close()
                    table, page = seated(
                        browser, server, "mexican-train", ["phone"] + ["computer:easy"] * 9, size, lang
                    )
                    page.click(".join-go")
                    Domino(page).wait("D.role === 'seat'", timeout=None)
                    flows.start_game(table)
                    flows.wait_game(page)
                    flows.my_turn(page)
                    shoot(page, args.out, f"{name}-mexican-10-seats")
                    table.context.close()
                    page.context.close()
                    line_late(browser, server, size, lang, args.out, name)
                    table, page = seated(
                        browser, server, "six-love", ["phone"] + ["computer:easy"] * 3, size, lang
                    )
                    page.click(".join-go")
                    Domino(page).wait("D.role === 'seat'", timeout=None)
                    flows.start_game(table)
                    flows.wait_game(page)
                    flows.my_turn(page)
                    shoot(page, args.out, f"{name}-six-love")
                    table.context.close()
                    page.context.close()
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
