"""A phone whose name is refused is told why, in its own language, and stays on the join form:
a name already at the table (a lookalike of it too), one of the screens' own words, a name
with nothing visible. The text is the catalogue's (locales/*.json), never the server's detail."""

from __future__ import annotations

import json
from pathlib import Path

from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table
from handle import Domino

ROOT = Path(__file__).resolve().parents[2]


def catalogue(lang):
    return json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def try_name(page, url, name):
    page.goto(url)
    page.wait_for_selector("#join-name", timeout=TIMEOUT)
    page.fill("#join-name", name)
    page.click(".join-go")
    page.wait_for_selector(".toast--error", timeout=TIMEOUT)
    return page.inner_text(".toast--error")


def test_a_refused_name_is_told_in_the_phones_language(live_server, phone, screen, tmp_path):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=3, seats=["phone", "phone", "phone"])
    urls = join_urls(table)
    join_phone(phone(), urls[0], "Ana")
    for lang, name, code in (
        ("en", "ANA", "name_taken"),
        ("fr", "Аnа", "name_taken"),  # Cyrillic а
        ("id", "Kamu", "name_reserved"),
        ("nb", "Bo (Du)", "name_reserved"),
        ("ms", "\u3164\u200b", "name_empty"),
    ):
        page = phone(lang=lang, viewport={"width": 390, "height": 844})
        shown = try_name(page, urls[1], name)
        assert shown == catalogue(lang)[f"error.{code}"], (lang, shown)
        assert Domino(page).js("D.role") == "guest"  # still on the form
        page.screenshot(path=str(tmp_path / f"name-refused-{lang}.png"))
    print(f"screenshots: {tmp_path}")
