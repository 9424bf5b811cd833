"""The results on the table screen: a winner moment, then every hand and face-down discard with
its count; at a match's end the podium in order of the final scores; Mexican Train's 13-round
sheet with each round's engine double. Games are played by computers at zero delay. Shots go
to $EVENING_SHOTS, Six-Love's results in each language of $RESULTS_LANGS (default: en)."""

from __future__ import annotations

import os

import pytest
from evening_flows import shot, socket_phones
from flows import LONG, TIMEOUT, open_table
from handle import Domino
from results_flows import (
    assert_chart_reads_from_the_sofa,
    computers_at_table,
    deal_to_match_end,
    play_to_match_end,
    wait_round_end,
)


def seat_name(room, s):
    """The name the page shows for a seat (computers: "Computer N", N from 1)."""
    seat = room["seats"][s]
    if seat["kind"] == "computer" and seat["name"] in (None, "", "Computer"):
        return f"Computer {s + 1}"
    return seat["name"]


def row_tiles(table, seat, selector):
    return table.eval_on_selector_all(
        f".dlg-results .results-reveal-table tr[data-seat='{seat}'] {selector} [data-reveal]",
        "els => els.map(e => e.dataset.reveal)",
    )


def assert_every_hand_and_count(table, view):
    for s in range(view["players"]):
        assert row_tiles(table, s, ".results-handbox > .results-tiles") == view["reveal"]["hands"][s]
        assert row_tiles(table, s, ".results-tiles--down") == view["reveal"]["discards"][s]
        count = table.text_content(f".dlg-results tr[data-seat='{s}'] .results-count")
        assert count == str(view["result"]["totals"][s])


def test_a_round_end_shows_the_winner_moment_then_every_hand_and_count(live_server, screen):
    table = screen(1920, 1080)
    computers_at_table(table, live_server.url, "draw", 3)
    wait_round_end(table, 1)
    view, room = Domino(table).view, Domino(table).room
    result = view["result"]
    moment = table.locator(".dlg-results .results-moment")
    # the moment comes first in the panel, and the reveal arrives after it
    assert table.evaluate(
        "() => { const m = document.querySelector('.results-moment'), r = document.querySelector('.results-reveal');"
        " return !!(m.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING); }"
    )
    delay = table.evaluate("() => getComputedStyle(document.querySelector('.results-reveal')).animationDelay")
    assert float(delay.rstrip("ms")) > 0, delay
    if result["winner"] is not None:
        name = seat_name(room, result["winner"])
        assert f"{name} wins the round" in moment.text_content()
        # the points count up into the score
        score = result["scores"][result["winner"]]
        table.wait_for_function(
            "n => document.querySelector('.moment-total').textContent === String(n)",
            arg=score,
            timeout=TIMEOUT,
        )
        assert table.text_content(".moment-points") == str(result["points"])
        # once the moment has zoomed in (from 0.4 of its size): a score that does not change
        # has no count to wait for
        height = Domino(table).settled(
            "() => document.querySelector('.moment-name').getBoundingClientRect().height", ".dlg-results"
        )
        assert height >= 56  # the name large: twice the panel's 28 px text at 1080p
    assert_every_hand_and_count(table, view)
    # a new frame, once the moment has played, draws the panel again without a second one
    Domino(table).wait("performance.now() - D.dialog.openedAt > 2500")  # as page.js decides it
    Domino(table).js("D.refreshResults()")
    again = table.evaluate("() => getComputedStyle(document.querySelector('.results-reveal')).animationName")
    assert again == "none"
    if result["winner"] is not None:
        assert table.text_content(".moment-total") == str(result["scores"][result["winner"]])
    assert_every_hand_and_count(table, view)


def test_a_gaple_round_end_shows_the_discards_and_says_that_they_count(live_server, screen):
    table = screen(1920, 1080)
    computers_at_table(table, live_server.url, "gaple", 4)
    for round_no in range(1, 15):
        wait_round_end(table, round_no)
        view = Domino(table).view
        if any(view["reveal"]["discards"]):
            break
        table.click(".res-next")
    else:
        raise AssertionError("no face-down discard in 14 rounds of gaple")
    room = Domino(table).room
    assert_every_hand_and_count(table, view)
    line = table.text_content(".dlg-results .results-discards-count")
    result = view["result"]
    hands = view["reveal"]["hands"]
    out = next((s for s in range(4) if not hands[s]), None)
    if result["end"] == "domino" and out is not None and result["winner"] != out:
        # "Siti went out" then "Ola wins": the line says why
        winner = seat_name(room, result["winner"])
        assert line == (
            f"{seat_name(room, out)} went out, but face-down discards count too: {seat_name(room, out)} has "
            f"{result['totals'][out]}, {winner} has {result['totals'][result['winner']]}, and the lowest total wins."
        )
    else:
        assert line == "Tiles laid face down count against their owner too."
    # the discards are told apart from the hand by more than colour: a separate, outlined group
    assert table.locator(".dlg-results .results-discards .sep").first.text_content() == "Discards"


def test_team_results_read_as_a_team(live_server, screen):
    table = screen(1920, 1080)
    computers_at_table(table, live_server.url, "six-love", 4)
    for round_no in range(1, 15):
        wait_round_end(table, round_no)
        view = Domino(table).view
        if view["result"]["team"] is not None and view["result"]["points"]:
            break
        table.click(".res-next")
    else:
        raise AssertionError("no team won a point in 14 rounds of six-love")
    room = Domino(table).room
    a, b = (seat_name(room, s) for s in view["teams"][view["result"]["team"]])
    lines = table.eval_on_selector_all(".dlg-results .results-line", "els => els.map(e => e.textContent)")
    assert f"{a} and {b} score {view['result']['points']}" in lines
    assert f"{a} and {b} win" in table.text_content(".results-moment")


def test_a_match_end_shows_the_podium_in_order_of_the_final_scores(live_server, screen):
    table = screen(1920, 1080)
    computers_at_table(table, live_server.url, "draw", 3)
    play_to_match_end(table)
    view, room = Domino(table).view, Domino(table).room
    steps = table.eval_on_selector_all(
        ".podium-step, .podium-rest li",
        "els => els.map(e => ({place: +e.dataset.place, col: +e.dataset.col, score: +e.dataset.score,"
        " x: e.getBoundingClientRect().x, h: (e.querySelector('.podium-block') || e).getBoundingClientRect().height,"
        " name: (e.querySelector('.podium-name') || e).textContent}))",
    )
    by_place = sorted(steps, key=lambda s: s["place"])
    assert [s["score"] for s in by_place] == sorted(view["scores"], reverse=True)
    assert by_place[0]["col"] == view["match_winner"]
    for s in by_place:
        assert s["score"] == view["scores"][s["col"]]
        assert seat_name(room, s["col"]) in s["name"]
    first, second, third = by_place[:3]
    # 2nd, 1st, 3rd from left to right; the winner's step the tallest
    assert second["x"] < first["x"] < third["x"]
    assert first["h"] > second["h"] >= third["h"]
    assert f"{seat_name(room, view['match_winner'])} wins the match!" in table.text_content(".results-moment")
    # then the chart; the shuffle's proof is a small closed disclosure at the end
    assert table.evaluate(
        "() => !!(document.querySelector('.podium').compareDocumentPosition(document.querySelector('.results-chart')) & Node.DOCUMENT_POSITION_FOLLOWING)"
    )
    assert table.locator(".dlg-results details.seed-block").get_attribute("open") is None
    assert not table.locator(".dlg-results .seed-block p.seed").is_visible()
    small = table.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.seed-block summary')).fontSize)"
    )
    assert small < 28


@pytest.mark.long
def test_a_mexican_train_match_end_shows_thirteen_rounds_with_their_engines(live_server, server_with, screen):
    table = screen(1920, 1080)
    # The suite plays the match on a table that keeps nothing on disk, four computers (two take
    # ~1,800 moves, each choice's reason searching long hands), deals its rounds with the page
    # away and opens the page at the end; `scripts/bench long` has the page watch and deal all
    # 13 rounds of two computers, every move stored.
    server = live_server if LONG else server_with(data=":memory:")
    computers_at_table(table, server.url, "mexican-train", 2 if LONG else 4)
    rounds = play_to_match_end(table) if LONG else deal_to_match_end(table, server.url)
    assert rounds == 13
    view = Domino(table).view
    rounds = view["rounds"] + [view["result"]]
    assert len(rounds) == 13
    rows = table.eval_on_selector_all(
        ".dlg-results .score-sheet tbody tr",
        "rows => rows.map(r => ({round: +r.dataset.round, engine: r.querySelector('.sheet-engine svg').dataset.tile,"
        " cells: [...r.querySelectorAll('td.num')].slice(1).map(c => c.textContent)}))",
    )
    assert [r["round"] for r in rows] == list(range(1, 14))
    assert view["round_engines"] == list(range(12, -1, -1))
    assert [r["engine"] for r in rows] == [f"{e}-{e}" for e in view["round_engines"]]
    for row, result in zip(rows, rounds):
        assert row["cells"] == [str(x) for x in result["totals"]]
    totals = table.eval_on_selector_all(
        ".score-sheet tfoot .sheet-total", "els => els.map(e => +e.textContent)"
    )
    assert totals == view["scores"]
    # the lowest total first on the podium
    places = table.eval_on_selector_all(
        ".podium-step, .podium-rest li", "els => els.map(e => [+e.dataset.place, +e.dataset.score])"
    )
    assert [score for _, score in sorted(places)] == sorted(view["scores"])


def test_without_motion_the_moment_fades_in_and_shows_the_score_at_once(live_server, screen):
    table = screen(1920, 1080, reduced_motion="reduce")
    computers_at_table(table, live_server.url, "draw", 2)
    wait_round_end(table, 1)
    result = Domino(table).view["result"]
    names = table.evaluate(
        "() => ['.results-moment', '.results-reveal'].map(s => getComputedStyle(document.querySelector(s)).animationName)"
    )
    assert names == ["results-fade", "results-fade"]
    if result["winner"] is not None:
        shown = table.text_content(".moment-total")  # no count: the score as it is now
        assert shown == str(result["scores"][result["winner"]])


# The chart at a round's end as the screen draws it: the plot's width (its axis) beside the
# width the chart is drawn at, the key's entries, the lines' end labels
CHART = """() => {
  const svg = document.querySelector('.dlg-results .results-chart');
  const s = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  const box = (r) => ({l: r.left, r: r.right, t: r.top, b: r.bottom});
  return {
    drawn: Math.min(s.width, (s.height * vb.width) / vb.height),
    plot: svg.querySelector('.chart-axis').getBoundingClientRect().width,
    svg: box(s),
    dialog: box(document.querySelector('.dlg-results .dialog').getBoundingClientRect()),
    key: [...document.querySelectorAll('.dlg-results .chart-key li')].map((li) => ({...box(li.getBoundingClientRect()), text: li.textContent})),
    ends: [...svg.querySelectorAll('.chart-end')].map((e) => e.textContent),
  };
}"""

# "Check the shuffle" (and "Save this game" on its line): font size and box
SMALL_PRINT = """(sel) => {
  const s = document.querySelector(sel);
  const r = s.getBoundingClientRect();
  return {px: parseFloat(getComputedStyle(s).fontSize), t: r.top, b: r.bottom, l: r.left, r: r.right};
}"""

# full names (at most 24 characters each): a team's line's label, "A & B 0" as drawn, wider than
# a quarter of the chart at both TV sizes
TEAM_NAMES = [
    "Siti Nurhaliza Tarudin",
    "Bartholomew Fitzwilliam",
    "Budi Santoso Wijaya",
    "Fitzgerald Montgomery",
]


@pytest.mark.parametrize("lang", os.environ.get("RESULTS_LANGS", "en").split(","))
def test_six_love_results_keep_a_wide_chart_and_a_readable_shuffle_check_at_720p(live_server, screen, lang):
    """Long team names go in a key above the chart, not beside the plot; the chart's text, "Check
    the shuffle" and "Save this game" read from the sofa (12 px a 720 lines) at both TV sizes."""
    table = screen(1280, 720, lang=lang)
    open_table(table, live_server.url)
    assert (
        Domino(table).request(
            "setup", {"profile": "six-love", "options": {}, "seats": [{"kind": "phone"}] * 4}
        )
        is None
    )
    Domino(table).wait("D.frame.room.profile === 'six-love' && D.frame.room.seats.length === 4")
    socket_phones(table, TEAM_NAMES)
    for seat in range(4):  # a computer plays for each of them
        assert Domino(table).request("standin", {"seat": seat, "level": "easy"}) is None
    assert Domino(table).request("start_round") is None
    wait_round_end(table, 1)
    for w, h in ((1280, 720), (1920, 1080)):
        table.set_viewport_size({"width": w, "height": h})
        Domino(table).run("D.openResults(true); return null")
        table.wait_for_function(
            "() => document.querySelector('.dlg-results').getAnimations({subtree: true}).every(a => a.playState !== 'running')"
        )
        shot(table, f"tv-six-love-results-{lang}-{w}x{h}")
        chart = table.evaluate(CHART)
        # the plot keeps most of the chart's width: the names are not beside it
        assert chart["plot"] >= 0.7 * chart["drawn"], chart
        assert all(e.isdigit() for e in chart["ends"]) and len(chart["ends"]) == 2, chart
        # the key: a line a team, both partners named, above the chart and inside the dialog
        (a, b), d = chart["key"], chart["dialog"]
        assert TEAM_NAMES[0] in a["text"] and TEAM_NAMES[2] in a["text"], chart
        assert TEAM_NAMES[1] in b["text"] and TEAM_NAMES[3] in b["text"], chart
        for k in (a, b):
            assert k["b"] <= chart["svg"]["t"] + 1 and d["l"] <= k["l"] and k["r"] <= d["r"], chart
        assert a["r"] <= b["l"] or a["b"] <= b["t"], chart  # side by side or one under the other
        assert_chart_reads_from_the_sofa(table)  # the key, the round, the target, the scores
        for sel in (".dlg-results .seed-block summary", ".dlg-results .results-download"):
            small = table.evaluate(SMALL_PRINT, sel)
            assert small["px"] >= 12 * h / 720, (sel, small)
            assert d["t"] <= small["t"] and small["b"] <= d["b"] and small["b"] <= h, (sel, small)
