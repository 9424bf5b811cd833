"""The evening from the sofa: three phones and a computer play a whole match, each round dealt by
the phones' Ready, to the podium and into a rematch, without one click on the table screen (the
table only shows: who is ready, tonight's matches). Screenshots go to $EVENING_SHOTS when set."""

from __future__ import annotations

from evening_flows import (
    count_clicks,
    everyone_ready,
    phone_shots,
    play_match,
    results_open,
    seated_table,
    shot,
    table_clicks,
)
from handle import TIMEOUT, Domino
from results_flows import assert_chart_reads_on_a_phone


def test_a_draw_match_from_start_to_podium_and_rematch_from_the_phones(live_server, screen, phone):
    names = ["Ana", "Bo", "Cy"]
    table, phones = seated_table(screen, phone, live_server.url, "draw", {"players": 4}, names)
    count_clicks(table)
    rounds = play_match(table, phones, names)
    assert rounds >= 2 and Domino(table).js("D.frame.view.phase") == "game_over"
    # the podium: Play again on every phone, the captain may also change the game
    for page in phones:
        results_open(page)
    assert phones[0].inner_text(".ready-go") == "Play again"
    assert phones[0].locator(".ready-change").count() == 1 and phones[1].locator(".ready-change").count() == 0
    phone_shots(phones[0], "phone-podium")
    for w, h in ((844, 390), (360, 640), (390, 844)):  # the chart's text as a phone's, every way up
        phones[0].set_viewport_size({"width": w, "height": h})
        assert_chart_reads_on_a_phone(phones[0])
    table.wait_for_selector(".tonight-box .tonight-table", timeout=TIMEOUT)
    shot(table, "tv-tonight-1920x1080")
    # tonight on a phone, on request
    phones[1].keyboard.press("Escape")
    phones[1].click(".top-menu")
    phones[1].click(".menu-tonight")
    phones[1].wait_for_selector(".dlg-tonight .tonight-table", timeout=TIMEOUT)
    rows = phones[1].locator(".dlg-tonight tbody tr").count()
    assert rows == 4  # three phones and the computer
    phone_shots(phones[1], "phone-tonight")
    phones[1].keyboard.press("Escape")
    phones[1].click(".top-results")
    everyone_ready(table, phones, names)
    view = Domino(table).view
    assert view["round"] == 1 and view["scores"] == [0, 0, 0, 0]
    assert Domino(table).js("D.frame.room.tonight.matches.length") == 1
    assert table_clicks(table) == 0  # nobody touched the table screen
