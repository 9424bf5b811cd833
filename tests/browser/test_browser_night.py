"""The night's tournament in the browser: the standings on a big screen (32 players at
1920x1080: text of 28 px or more, nothing clipped, live as tables finish) and a phone sent to
its table and seat by the tournament's QR page; the standings on paper (print media at A4's
width: everything inside the page, nothing cut, no buttons) and their CSV export."""

from __future__ import annotations

import csv
import re

from flows import TIMEOUT, open_table, room_of
from nightseed import NAMES, finish_tables, new_night, open_tables, post

TEXT_SIZES = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    if (!node.textContent.trim()) continue;
    const box = node.parentElement;
    if (box.closest('.sr-only')) continue;
    const r = box.getBoundingClientRect();
    out.push({text: node.textContent.trim().slice(0, 30), size: parseFloat(getComputedStyle(box).fontSize),
              left: r.left, right: r.right, top: r.top, bottom: r.bottom,
              clipped: box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflow !== 'visible'});
  }
  return out;
}"""


FITS = """() => {
  const cols = document.querySelector('.standings-columns');
  const panel = document.querySelector('.round-panel').getBoundingClientRect();
  const right = Math.max(...[...document.querySelectorAll('.standings')].map((t) => t.getBoundingClientRect().right));
  return cols.scrollWidth <= cols.clientWidth + 1 && right <= panel.left && document.documentElement.scrollWidth <= innerWidth;
}"""


def test_standings_for_a_big_screen_with_32_players(live_server, screen):
    new_night(live_server, players=32, tables=8)
    post(live_server.url, "/rounds", {})
    finish_tables(live_server)
    post(live_server.url, "/rounds", {})
    finish_tables(live_server, 3)
    post(
        live_server.url,
        "/corrections",
        {"round": 1, "table": 2, "points": [40, 10, 5, 0], "winner": 0, "reason": "Score sheet misread"},
    )

    for lang in ("en", "id", "fr", "ms", "nb"):  # the longest words of every catalogue fit too
        page = screen(1920, 1080, lang=lang)
        page.goto(f"{live_server.url}/standings")
        page.wait_for_selector(".standings tbody tr", timeout=TIMEOUT)
        assert page.locator(".standings tbody tr").count() == 32
        texts = page.evaluate(TEXT_SIZES)
        assert texts and min(t["size"] for t in texts) >= 28, (lang, [t for t in texts if t["size"] < 28][:5])
        outside = [
            t for t in texts if t["left"] < 0 or t["right"] > 1920 or t["top"] < 0 or t["bottom"] > 1080
        ]
        assert not outside, (lang, outside[:5])
        assert not [t for t in texts if t["clipped"]], lang
        assert page.evaluate(FITS), lang  # the standings neither overflow nor run under the round's tables
        assert "Score sheet misread" in page.inner_text(".corrections")

    # live: a table finishes, the page shows it without a reload
    shown = page.locator(".pairing .seat-points").count()
    finish_tables(live_server, 1, seed=2)
    page.wait_for_function(
        f"() => document.querySelectorAll('.pairing .seat-points').length > {shown}", timeout=TIMEOUT
    )


def test_a_phone_is_sent_to_its_table_and_seat(live_server, phone, screen):
    tv = screen(1280, 720)
    open_table(tv, live_server.url)
    new_night(live_server, players=7, tables=2, rooms=[room_of(tv)["id"]])
    page = phone()
    page.goto(f"{live_server.url}/night")
    page.fill("#night-name", "Rosalind")
    page.click("form button[type=submit]")
    page.wait_for_selector("text=Waiting for round 1", timeout=TIMEOUT)
    post(live_server.url, "/rounds", {})
    page.wait_for_selector(".go-card", timeout=TIMEOUT)
    table = int(re.search(r"\d+", page.inner_text(".go-table")).group())
    seat = int(re.search(r"\d+", page.inner_text(".go-seat")).group())
    snap = live_server.app.extensions["tabletop"].night.snapshot()["tournament"]
    seats = snap["played"][0]["tables"][table - 1]["seats"]
    assert seats[seat - 1] == "Rosalind"
    # the table screen of table 1: "Table 1, round 1" and who sits where, before the deal
    tv.wait_for_selector(".seated-title", timeout=TIMEOUT)
    assert tv.inner_text(".seated-title") == "Table 1, round 1"
    assert tv.locator(".seated-name").all_inner_texts() == snap["played"][0]["tables"][0]["seats"]
    page.click(".go-button")
    page.wait_for_url(re.compile(r"/join/[A-Z2-9]{5}\?seat=\d"), timeout=TIMEOUT)
    # the table's page takes the phone in at its seat: no name to type, its own name shown
    page.wait_for_selector("section.waiting h1", timeout=TIMEOUT)
    assert page.inner_text("section.waiting h1") == "Rosalind"
    # round 2 seats the tables anew: the phone goes back to the tournament's page, which says where
    finish_tables(live_server)
    post(live_server.url, "/rounds", {})
    page.wait_for_url(re.compile(r"/night$"), timeout=TIMEOUT)
    page.wait_for_selector(".go-card", timeout=TIMEOUT)
    assert "Round 2" in page.inner_text(".go-card")


def test_the_directors_page_behind_the_pin(server_with, screen):
    server = server_with(kiosk=True, pin="2468")
    rooms = open_tables(server, 2)
    page = screen(1280, 800)
    page.goto(f"{server.url}/director")
    page.fill("#director-pin", "1111")
    page.press("#director-pin", "Enter")
    page.wait_for_selector(".toast--error", timeout=TIMEOUT)
    page.fill("#director-pin", "2468")
    page.press("#director-pin", "Enter")
    page.wait_for_selector("#night-create", timeout=TIMEOUT)
    page.select_option("#night-opt-players", "2")
    page.fill("#night-rounds", "3")
    page.dispatch_event("#night-rounds", "change")
    for room in rooms:
        page.check(f"#night-room-{room}")
    page.click("#night-create button[type=submit]")
    page.wait_for_selector("#night-start", timeout=TIMEOUT)
    for name in ("Ana", "Bo", "Chidi", "Dewi", "Émile"):
        post(server.url, "/players", {"name": name})
    page.wait_for_selector("text=5 players", timeout=TIMEOUT)
    page.click("#night-start")
    page.wait_for_selector("text=2 tables are still playing.", timeout=TIMEOUT)
    snap = server.app.extensions["tabletop"].night.snapshot()["tournament"]
    assert snap["rounds"] == 3 and snap["options"]["players"] == 2 and len(snap["played"][0]["byes"]) == 1
    finish_tables(server)
    page.wait_for_selector("#night-start:not([disabled])", timeout=TIMEOUT)

    # a correction, with its reason, stays in view
    page.select_option("#fix-which", label="Round 1, table 2")
    page.fill("#fix-points-0", "25")
    page.fill("#fix-points-1", "5")
    page.select_option("#fix-winner", index=0)
    page.fill("#fix-reason", "Wrong score entered")
    page.click("#night-correct button[type=submit]")
    page.wait_for_selector("li:has-text('Round 1, table 2: Wrong score entered')", timeout=TIMEOUT)

    # a withdrawal, confirmed
    page.click("button[data-entrant='1']")
    page.click(".dialog-foot .btn--primary")
    page.wait_for_selector(".players .withdrawn", timeout=TIMEOUT)
    assert server.app.extensions["tabletop"].night.t.entrant(1).withdrawn


def test_a_fixed_pair_enters_together_and_the_partner_takes_their_place(live_server, phone):
    rooms = open_tables(live_server, 1)
    form = {"profile": "six-love", "rounds": 1, "partners": "fixed", "tables": rooms}
    post(live_server.url, "", form)
    first = phone()
    first.goto(f"{live_server.url}/night")
    first.fill("#night-name", "Ana")
    first.fill("#night-partner", "Bo")
    first.click("form button[type=submit]")
    first.wait_for_selector("img.night-qr", timeout=TIMEOUT)
    partner_token = first.evaluate("() => localStorage.getItem('domino.night.partner')")
    # the partner's phone opens the address of the QR code: its own place, Bo's
    second = phone()
    second.goto(f"{live_server.url}/night#t={partner_token}")
    second.wait_for_selector("text=You play as Bo.", timeout=TIMEOUT)
    post(live_server.url, "/players", {"names": ["Chidi", "Dewi"]})
    post(live_server.url, "/rounds", {})
    seats = []
    for page in (first, second):
        page.wait_for_selector(".go-card", timeout=TIMEOUT)
        assert page.locator("img.night-qr").count() == 0  # round 1 began: the partner has it
        seats.append(int(re.search(r"\d+", page.inner_text(".go-seat")).group()))
    assert abs(seats[0] - seats[1]) == 2  # partners sit across the table


# in print: every box of the page inside the page's width, no text cut by its box
PRINTED = """() => {
  const out = [];
  for (const node of document.querySelectorAll('main *')) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || node.closest('.sr-only')) continue;
    const style = getComputedStyle(node);
    if (r.left < -1 || r.right > innerWidth + 1) out.push(`${node.tagName}.${node.className} outside the page`);
    if (node.scrollWidth > node.clientWidth + 1 && style.overflowX !== 'visible') out.push(`${node.tagName}.${node.className} cut`);
  }
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push('the page is wider than the paper');
  return out;
}"""

# the standings as the page shows them: place, name, wins, difference, Buchholz a row
SHOWN_ROWS = """() => [...document.querySelectorAll('.standings tbody tr')].map((tr) =>
  [...tr.querySelectorAll('td')].map((td) => td.firstChild.textContent.trim()))"""


def test_the_standings_print_on_a_page_and_export_as_csv(live_server, screen, tmp_path):
    new_night(live_server, players=32, tables=8)
    post(live_server.url, "/rounds", {})
    finish_tables(live_server)
    post(
        live_server.url,
        "/corrections",
        {"round": 1, "table": 2, "points": [40, 10, 5, 0], "winner": 0, "reason": "Score sheet misread"},
    )
    post(live_server.url, "/rounds", {})
    finish_tables(live_server, 5)
    # A4 upright within 1 cm margins at 96 dpi: 718 px of paper width
    page = screen(718, 1000, lang="fr")  # the longest headings of the five catalogues
    page.goto(f"{live_server.url}/standings")
    page.wait_for_selector(".standings tbody tr", timeout=TIMEOUT)
    on_screen = page.evaluate(SHOWN_ROWS)

    # the CSV the page's link downloads holds the same standings, in the same order
    with page.expect_download(timeout=TIMEOUT) as got:
        page.click(".night-tools a[download]")
    path = tmp_path / "standings.csv"
    got.value.save_as(path)
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == [
        "place", "name", "wins", "difference", "buchholz", "head_to_head", "games", "byes", "withdrawn"
    ]  # fmt: skip
    assert len(rows) == 33
    difference = lambda d: f"+{d}" if int(d) > 0 else d  # noqa: E731 (the page signs a gain)
    assert [[r[0], r[1], r[2], difference(r[3]), r[4]] for r in rows[1:]] == on_screen
    snap = live_server.app.extensions["tabletop"].night.snapshot()["tournament"]
    assert [int(r[6]) for r in rows[1:]] == [s["games"] for s in snap["standings"]]
    assert {r[1] for r in rows[1:]} == set(NAMES[:32])

    page.emulate_media(media="print")
    # no navigation: neither the download nor the print button is on paper
    assert not page.locator(".night-tools").is_visible()
    assert page.locator("main button:visible, main a:visible, nav:visible").count() == 0
    # one column of every player, all of the standings and the round's tables on the paper
    assert page.evaluate(PRINTED) == []
    assert page.evaluate(SHOWN_ROWS) == on_screen
    widths = page.eval_on_selector_all(".standings", "ts => ts.map((t) => t.getBoundingClientRect().width)")
    assert len(widths) == 2 and all(w <= 718 for w in widths)
    assert page.locator(".pairing").count() == 8
    assert "Score sheet misread" in page.inner_text(".corrections")
    # black on white, as a printer wants it
    colours = page.evaluate(
        "() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector('.standings td')).color]"
    )
    assert colours == ["rgb(255, 255, 255)", "rgb(0, 0, 0)"]
