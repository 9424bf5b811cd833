"""Six-Love from the sofa: four phones play a whole match, each round dealt by the phones'
Ready (the table shows who is ready), then Play again from the phones: partners change seats
(evening.ROTATION) and every phone follows its player, without one click on the table screen.

The deal is fixed (every round the same shuffle) so that the match is short: with each phone
playing its first tile, seed 534 gives three rounds, each won out on two hard ends (2 points),
6-0. The test checks that with the engine first, so a change of rules fails here, not late."""

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
from handle import Domino
from results_flows import assert_chart_reads_from_the_sofa, assert_chart_reads_on_a_phone
from seeds import fixed_seed

import engine

SEED = 534
NAMES = ["Ana", "Bo", "Cy", "Di"]


def first_tile_match(seed):
    """The rounds of a Six-Love match dealt with `seed` every round, each seat playing its
    first tile (the opener's choice: its first), as the phones do (flows.act_by_api)."""
    m = engine.Match("six-love", {})
    for round_no in range(1, 13):
        m.start_round(seed=seed)
        while m.state.phase == "play":
            legal = [a.to_json() for a in engine.legal_actions(m.state)]
            m.act(next((a for a in legal if "play" in a), legal[0]))
        if m.state.match_winner is not None:
            return round_no, m.state.match_winner
    raise AssertionError("no match winner in 12 rounds")


def teams_on_tv(table):
    """The names on the table screen's seats, by team (A: seats 0 and 2)."""
    return [
        sorted(table.locator(f".seat--tv.seat--team{team} .seat-name").all_inner_texts()) for team in (0, 1)
    ]


def test_six_love_match_and_play_again_with_partners_rotated_from_the_phones(live_server, screen, phone):
    rounds, team = first_tile_match(SEED)
    assert rounds == 3
    with fixed_seed(SEED):
        table, phones = seated_table(
            screen, phone, live_server.url, "six-love", {}, NAMES, computers=0, reduced_motion="reduce"
        )
        count_clicks(table)
        table.wait_for_selector(".seat--tv.seat--team1 .seat-name", timeout=10_000)
        assert teams_on_tv(table) == [["Ana", "Cy"], ["Bo", "Di"]]
        assert play_match(table, phones, NAMES, first_shots=False) == rounds
        view = Domino(table).view
        assert view["phase"] == "round_over" and view["match_winner"] == team
        for page in phones:
            results_open(page)
            assert page.inner_text(".ready-go") == "Play again"
        # the match's chart (the teams in its key on a phone) read from the sofa and on a phone
        shot(table, "tv-six-love-podium-1920x1080")
        assert_chart_reads_from_the_sofa(table)
        phone_shots(phones[0], "phone-six-love-podium")
        for w, h in ((844, 390), (360, 640), (390, 844)):
            phones[0].set_viewport_size({"width": w, "height": h})
            assert_chart_reads_on_a_phone(phones[0])
        # Play again from the phones, the table showing who is ready
        everyone_ready(table, phones, NAMES)
    view = Domino(table).view
    assert view["round"] == 1 and view["scores"] == [0, 0]
    # each player moved: Ana stays, Di sits at 1, Bo at 2, Cy at 3; Ana now partners Bo
    assert [s["name"] for s in Domino(table).room["seats"]] == ["Ana", "Di", "Bo", "Cy"]
    # each phone's own welcome may come after the table's frame: waited for on each
    for page, seat in zip(phones, [0, 2, 3, 1]):
        Domino(page).wait("D.seat === arg", seat)
    table.wait_for_selector(".seat--tv[data-seat='1'] .seat-name:text-is('Di')", timeout=10_000)
    assert teams_on_tv(table) == [["Ana", "Bo"], ["Cy", "Di"]]
    (match,) = Domino(table).js("D.frame.room.tonight.matches")
    assert match["names"] == NAMES and match["winners"] == [team, team + 2]
    assert table_clicks(table) == 0  # nobody touched the table screen
