"""The results' score chart with many lines and equal totals: no two of its texts overlap, each
stays inside the chart, every line keeps its name and score (at its end or in the key above),
and names at the lines' ends take at most a quarter of the chart's width, on the TV at both
sizes and at a phone's three. Ten seats of Mexican Train (the table screen; at a phone's sizes
as a second screen, /watch/, shows the same results there) and four of Draw with three totals
tied (the table and a seated phone). The first round is played by computers with the table
page away; the match's rounds are then set in the pages' own view (the server's shape:
view.rounds, view.result, view.scores) and the results drawn again, as test_browser_tv_fit.py
does, so that the totals are the ones wanted."""

from __future__ import annotations

import json
import os
import time

import pytest
import websocket
from evening_flows import SHOTS, SOCKET_PHONES_JS, shot
from flows import TIMEOUT, join_phone, open_table
from handle import Domino

TV = ((1920, 1080), (1280, 720))
PHONE = ((390, 844), (844, 390), (360, 640))

# The match ended after the rounds `points` (a list a round, a number a seat): each round's
# entry the one that just ended with its running totals (and, on Mexican Train's sheet, its
# points); the fewest points win Mexican Train, the most the others
MATCH = """
  const v = D.frame.view;
  const totals = v.scores.map(() => 0);
  const entries = arg.map((points) => {
    points.forEach((p, s) => (totals[s] += p));
    return {...v.result, scores: [...totals], ...(v.round_engines ? {totals: [...points]} : {})};
  });
  v.result = entries.pop();
  v.rounds = entries;
  v.round = arg.length;
  v.phase = 'game_over';
  v.scores = [...totals];
  v.match_winner = totals.indexOf(v.round_engines ? Math.min(...totals) : Math.max(...totals));
  D.refreshResults();
"""

# The chart once settled (its key may come or go once it is drawn at its size, and a TV's
# dialog fit again): the chart's box, each text's box in it, the key's entries
CHART = """async () => {
  const frame = () => new Promise((ok) => requestAnimationFrame(ok));
  const svg = () => document.querySelector('.dlg-results .results-chart');
  let last = '';
  for (let i = 0; i < 20; i++) {
    await frame();
    const now = svg().innerHTML + document.querySelectorAll('.dlg-results .chart-key li').length;
    if (now === last) break;
    last = now;
  }
  const box = (e) => { const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom, w: r.width}; };
  return {
    chart: box(svg()),
    texts: [...svg().querySelectorAll('text')].map((e) => ({...box(e), text: e.textContent, kind: e.getAttribute('class')})),
    key: [...document.querySelectorAll('.dlg-results .chart-key li')].map((e) => ({...box(e), text: e.textContent, kind: 'key'})),
  };
}"""


def first_round_away(table, base_url):
    """The first round dealt and played by its computers while the table page is away (it draws
    no move: quicker), then the table back, at the round's results."""
    room = Domino(table).room["id"]
    token = table.evaluate("(room) => localStorage.getItem('domino.host.' + room)", room)
    assert Domino(table).request("start_round") is None
    table.goto("about:blank")
    ws = websocket.create_connection(base_url.replace("http://", "ws://") + "/ws", timeout=60)
    try:
        ws.send(json.dumps({"type": "hello", "room": room, "host_token": token}))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            f = json.loads(ws.recv())
            assert f["type"] != "error", f
            if f["type"] == "view" and f["view"] and f["view"]["phase"] != "play":
                break
        else:
            raise AssertionError("the round did not end")
    finally:
        ws.close()
    table.goto(f"{base_url}/?room={room}")
    table.wait_for_selector(".dlg-results .results-reveal", state="attached", timeout=TIMEOUT)


def overlap(a, b):
    return min(a["r"], b["r"]) - max(a["l"], b["l"]) > 0.5 and min(a["b"], b["b"]) - max(a["t"], b["t"]) > 0.5


def assert_chart_clear(page, names, totals):
    """No two texts of the chart (and its key) overlap, every text inside the chart, each line
    named and scored, the names at the lines' ends no wider than a quarter of the chart."""
    shown = page.evaluate(CHART)
    where = (page.viewport_size, shown)
    c = shown["chart"]
    for t in shown["texts"]:
        assert (
            c["l"] - 0.5 <= t["l"]
            and t["r"] <= c["r"] + 0.5
            and c["t"] - 0.5 <= t["t"]
            and t["b"] <= c["b"] + 0.5
        ), (t, where)
    boxes = shown["texts"] + shown["key"]
    clashes = [(a["text"], b["text"]) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if overlap(a, b)]
    assert not clashes, (clashes, where)
    ends = [t for t in shown["texts"] if t["kind"] == "chart-end"]
    assert len(ends) in (0, len(names)), where
    for k, (name, total) in enumerate(zip(names, totals)):
        label = f"{name} {total}"
        at_end = any(t["text"] == label for t in ends)
        in_key = any(k["text"].endswith(name) or k["text"].endswith(label) for k in shown["key"])
        assert at_end or in_key, (label, where)
        assert (
            at_end
            or any(t["text"] == str(total) for t in ends)
            or any(k["text"].endswith(label) for k in shown["key"])
        ), (label, where)
    for t in ends:
        if not t["text"].isdigit():
            assert t["w"] <= 0.25 * c["r"] - 0.25 * c["l"] + 0.5, (t, where)


def check_sizes(page, sizes, names, totals, name):
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        assert_chart_clear(page, names, totals)
        if SHOTS:  # the chart in sight (a phone's results scroll)
            page.locator(".dlg-results .results-chartbox").scroll_into_view_if_needed()
            shot(page, f"chart-{name}-{w}x{h}")


# thirteen rounds of ten seats, ending with three totals equal, three more within a few points
# of them and one at 0 (on the axis, beside the round numbers)
MEXICAN_TOTALS = [40, 40, 40, 42, 38, 41, 80, 0, 97, 120]
MEXICAN = [[t // 13 + (i < t % 13) for t in MEXICAN_TOTALS] for i in range(13)]


@pytest.mark.parametrize("lang", os.environ.get("RESULTS_LANGS", "en").split(","))
def test_ten_seats_of_mexican_train_chart_their_totals_without_overlap(live_server, screen, phone, lang):
    table = screen(*TV[0], lang=lang, reduced_motion="reduce")
    open_table(table, live_server.url)
    seats = [{"kind": "computer", "level": "easy"}] * 10
    setup = {"profile": "mexican-train", "options": {"players": 10}, "seats": seats}
    assert Domino(table).request("setup", setup) is None
    Domino(table).wait("D.frame.room.seats.length === 10")
    first_round_away(table, live_server.url)
    totals = [sum(r[s] for r in MEXICAN) for s in range(10)]
    assert totals == MEXICAN_TOTALS, totals
    Domino(table).run(MATCH, MEXICAN)
    names = table.locator(".dlg-results .score-sheet thead th.num").all_inner_texts()
    assert len(names) == 10, names
    check_sizes(table, TV, names, totals, f"mexican-{lang}")
    # as a second screen of the table (/watch/: the same results) shows them on a phone
    check_sizes(table, PHONE, names, totals, f"mexican-watch-{lang}")


# a Draw match of three rounds: three seats tied at the end, the winner just ahead; MOHAMMED's
# name and score, eleven characters, are wider than a quarter of a phone's chart
DRAW = [[20, 20, 20, 10], [15, 15, 15, 35], [25, 25, 25, 19]]
DRAW_NAMES = ["MOHAMMED", "Bo", "Cy", "Di"]


@pytest.mark.parametrize("lang", os.environ.get("RESULTS_LANGS", "en").split(","))
def test_four_seats_of_draw_with_tied_totals_chart_without_overlap(live_server, screen, phone, lang):
    table = screen(*TV[0], lang=lang, reduced_motion="reduce")
    open_table(table, live_server.url)
    seats = [{"kind": "phone"}] * 4
    assert (
        Domino(table).request("setup", {"profile": "draw", "options": {"players": 4}, "seats": seats}) is None
    )
    Domino(table).wait("D.frame.room.seats.length === 4")
    room = Domino(table).room
    table.evaluate(SOCKET_PHONES_JS, [room["id"], list(enumerate(DRAW_NAMES))[1:]])
    mine = phone(lang=lang, viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    join_phone(mine, f"{room['join_url']}?seat=0", DRAW_NAMES[0])
    for seat in range(4):  # a computer plays for each of them
        assert Domino(table).request("standin", {"seat": seat, "level": "easy"}) is None
    first_round_away(table, live_server.url)
    mine.wait_for_selector(".dlg-results .results-reveal", state="attached", timeout=TIMEOUT)
    totals = [sum(r[s] for r in DRAW) for s in range(4)]
    assert totals == [60, 60, 60, 64], totals
    Domino(table).run(MATCH, DRAW)
    check_sizes(table, TV, DRAW_NAMES, totals, f"draw-{lang}")
    Domino(mine).run(MATCH, DRAW)
    check_sizes(mine, PHONE, DRAW_NAMES, totals, f"draw-phone-{lang}")
