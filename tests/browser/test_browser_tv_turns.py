"""The table on the TV follows the turns: the results open with the winner's name and a score
chart, and a phone that drops on its turn is offered a computer stand-in after 20 s (on the
page's clock, moved on by the test)."""

from __future__ import annotations

from flows import (
    TIMEOUT,
    join_phone,
    join_urls,
    lobby_setup,
    open_table,
    play_one,
    play_until,
    play_until_round_over,
    start_game,
    wait_game,
)
from handle import Domino
from results_flows import assert_chart_reads_from_the_sofa


def seated_against_a_computer(live_server, screen, phone, clock=False):
    """The table and a phone (Ingrid, seat 0) against a computer, the round dealt. `clock`: the
    table page's timers and Date on Playwright's clock (they run at the real pace until the test
    moves them on)."""
    table = screen(1920, 1080)
    if clock:
        table.clock.install()
    open_table(table, live_server.url)
    lobby_setup(table, "draw", players=2, seats=["phone", "computer:easy"])
    ph = phone()
    join_phone(ph, join_urls(table)[0], "Ingrid")
    start_game(table)
    wait_game(ph)
    return table, ph


# the properties that endless animations on the page change, other than opacity and transforms
ENDLESS_REPAINTS = """document.getAnimations()
  .filter(a => a.effect && a.effect.getComputedTiming().endTime === Infinity)
  .flatMap(a => a.effect.getKeyframes().flatMap(k => Object.keys(k)))
  .filter(p => !['offset', 'computedOffset', 'easing', 'composite', 'opacity', 'transform',
                 'translate', 'scale', 'rotate'].includes(p))"""


def test_the_results_open_with_the_winner_and_a_chart(live_server, screen, phone):
    table, ph = seated_against_a_computer(live_server, screen, phone)
    # a tile laid by the phone travels from Ingrid's panel to its place, in at most 400 ms. The
    # computer replies after a pause, as at a real table (config.COMPUTER_DELAY): with no pause
    # the table may get the play and the reply in one update, and only the newest tile flies
    runner = live_server.app.extensions["tabletop"].runner
    runner.delay = 0.5
    Domino(table).js("(D.table.flights = [], null)")
    # a turn with a tile to play (the computer may draw several times, each after its pause)
    _, st = play_until([ph], lambda st: any("play" in a for a in st["legal"]), moves=400)
    # while a seat is on turn the TV pulses only what the compositor moves alone (opacity,
    # transform): an endless shadow or colour animation repainted the whole table every frame
    Domino(table).wait("!!document.querySelector('.seat--tv.seat--turn')")
    assert Domino(table).js(ENDLESS_REPAINTS) == []
    play_one(ph, st, choose=lambda legal: next(a for a in legal if "play" in a))
    Domino(table).wait("D.table.flights.some(f => f.seat === 0)")
    flights = Domino(table).js("D.table.flights")
    assert all(f["duration"] <= 400 for f in flights), flights
    runner.delay = 0
    play_until_round_over([ph])
    table.wait_for_selector(".dlg-results .results-moment", timeout=TIMEOUT)
    result = Domino(table).js("D.frame.view.result")
    room = Domino(table).room
    moment = table.text_content(".results-moment")
    if result.get("winner") is not None:
        assert room["seats"][result["winner"]]["name"] in moment
    assert table.locator(".results-chart polyline").count() == 2
    # after one round: a dot per line, the round numbered "1" along the bottom, Draw's target
    chart = Domino(table).js(
        """(() => { const c = document.querySelector('.dlg-results .results-chart');
        return { dots: c.querySelectorAll('circle.chart-dot').length,
                 rounds: [...c.querySelectorAll('.chart-round')].map(e => e.textContent),
                 target: c.querySelectorAll('line.chart-target').length,
                 label: c.querySelector('.chart-target-label')?.textContent,
                 aria: c.getAttribute('aria-label'), role: c.getAttribute('role') }; })()"""
    )
    assert chart["dots"] == 2, chart
    assert chart["rounds"] == ["1"], chart
    assert chart["target"] == 1 and chart["label"] == "First to 100 points wins", chart
    assert chart["role"] == "img" and chart["aria"], chart
    # its text read from the sofa at both TV sizes: drawn at the size it is shown, it does not
    # shrink with the chart's drawing
    assert_chart_reads_from_the_sofa(table)
    table.set_viewport_size({"width": 1280, "height": 720})
    assert_chart_reads_from_the_sofa(table)


def test_a_dropped_phone_on_turn_gets_a_stand_in_offer(live_server, screen, phone):
    table, ph = seated_against_a_computer(live_server, screen, phone, clock=True)
    Domino(table).wait("D.frame.view.turn === 0")
    ph.context.close()
    table.wait_for_selector(".turn-banner >> text=Waiting for Ingrid's phone to come back", timeout=TIMEOUT)
    assert table.query_selector(".turn-banner-standin") is None  # not at once
    # the offer comes 20 s after the phone went (tableview.js DROPPED_MS): not 15 s after (the
    # real seconds since the banner came are fewer than 5)...
    table.clock.run_for(15_000)
    assert table.query_selector(".turn-banner-standin") is None
    # ...and by 20 s
    table.clock.run_for(5_100)
    button = table.wait_for_selector(".turn-banner-standin", timeout=TIMEOUT)
    assert button.text_content() == "Let the computer play for Ingrid"
    before = Domino(table).js("D.frame.view.history.length")
    button.click()
    Domino(table).wait("D.frame.room.seats[0].standin")
    # the computer takes Ingrid's turn: a move of seat 0 after the click
    Domino(table).wait(
        "D.frame.view.phase !== 'play' || D.frame.view.history.slice(arg).some(h => h.seat === 0)", before
    )
