"""Screenshots of the results and the rules (PNGs into --out): the table at 1920x1080 and
1280x720 and a phone at 390x844, in two languages: a round's end (Draw, Gaple with face-down
discards), a match's end (the Draw podium, Mexican Train's 13-round sheet) and the rules of
every profile.

    .venv/bin/python tests/browser/results_screens.py --out DIR [--lang en fr] [--only rules]
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [HERE, ROOT]

import flows  # noqa: E402
import results_flows as rf  # noqa: E402
from conftest import CHROMIUM_ARGS, LiveServer  # noqa: E402
from handle import Domino  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

TABLES = {"1920": {"width": 1920, "height": 1080}, "1280": {"width": 1280, "height": 720}}
PHONE = {"width": 390, "height": 844}
PROFILES = ["draw", "block", "gaple", "six-love", "mexican-train"]
GAMES = [  # (name, profile, players, options, until)
    ("draw-round", "draw", 3, None, "round"),
    ("gaple-round", "gaple", 4, {"partners": True}, "round"),
    ("draw-match", "draw", 3, None, "match"),
    ("mexican-match", "mexican-train", 3, None, "match"),
]


shoot = functools.partial(flows.shoot, settle_ms=1900)  # the winner moment and the reveal have played


def gaple_with_discards(table, phone):
    """Rounds of Gaple until one where a face-down discard was laid (the results say why)."""
    for round_no in range(1, 12):
        rf.wait_round_end(table, round_no)
        if Domino(table).js("D.frame.view.reveal.discards.some(d => d.length)"):
            phone.wait_for_selector(".dlg-results .results-reveal", state="attached")
            return
        table.click(".res-next")


def games(browser, server, out, lang, only):
    """Each game once: the table shot at 1920x1080, then resized to 1280x720; the phone."""
    for name, profile, players, options, until in GAMES:
        if only and only not in name:
            continue
        tctx = browser.new_context(viewport=TABLES["1920"], locale=lang)
        pctx = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=lang
        )
        table, phone = tctx.new_page(), pctx.new_page()
        rf.phone_watching(table, phone, server.url, profile, players, options=options)
        if until == "match":
            rf.play_to_match_end(table)
            phone.wait_for_selector(".dlg-results .podium")
        elif profile == "gaple":
            gaple_with_discards(table, phone)
        else:
            rf.wait_round_end(table, 1)
            phone.wait_for_selector(".dlg-results .results-reveal", state="attached")
        shoot(table, out, f"table-1920-{lang}-{name}")
        shoot(phone, out, f"phone-{lang}-{name}")
        table.set_viewport_size(TABLES["1280"])
        Domino(table).js("D.refreshResults()")  # drawn again for this size
        shoot(table, out, f"table-1280-{lang}-{name}")
        tctx.close()
        pctx.close()


def rules(browser, server, out, lang):
    for profile in PROFILES:
        tctx = browser.new_context(viewport=TABLES["1920"], locale=lang)
        pctx = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=lang
        )
        table, phone = tctx.new_page(), pctx.new_page()
        players = 4 if profile != "draw" else 2
        rf.phone_watching(table, phone, server.url, profile, players, standin=False)
        for page, tag in ((table, "table-1920"), (phone, "phone")):
            Domino(page).js("D.openRules()")  # in place of any open dialog
            page.wait_for_selector(".dlg-rules .rules-pic")
            shoot(page, out, f"{tag}-{lang}-rules-{profile}")
        table.set_viewport_size(TABLES["1280"])
        shoot(table, out, f"table-1280-{lang}-rules-{profile}")
        tctx.close()
        pctx.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="screenshots")
    ap.add_argument("--lang", nargs="+", default=["en", "fr"])
    ap.add_argument("--only", default=None, help="rules, or part of a game's name (draw-round, mexican...)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    server = LiveServer(tempfile.mkdtemp())
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            for lang in args.lang:
                if args.only in (None, "rules"):
                    rules(browser, server, args.out, lang)
                if args.only != "rules":
                    games(browser, server, args.out, lang, args.only)
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
