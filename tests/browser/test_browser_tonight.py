"""Tonight on the table screen and on a phone: matches won over every game, and each game's
points in a column of its own that says what it counts (Mexican Train: pips left, the lowest
wins), never added across games; it fits the TV at 1920 x 1080 and 1280 x 720 and the phone at
390 x 844 and 360 x 640.

The evening before this match (a Mexican Train match with Cy, a gaple game) was played by the
engine in this process and kept in the room as the server keeps it (evening.entry); then Ana
and Bo play a Draw match from their phones. Shots go to $EVENING_SHOTS in each language of
$TONIGHT_LANGS (default: en)."""

from __future__ import annotations

import os

import pytest
from evening_flows import autoplay, seated_table, shot
from handle import TIMEOUT, Domino
from seeds import fixed_seed

import engine
from tabletop import evening

LANGS = os.environ.get("TONIGHT_LANGS", "en").split(",")
SEED = 275  # a Draw match of two phones playing their first tile: one round, 100 points


def first_tile(profile, options, seed, rounds):
    """A match of the engine, every seat playing its first tile, up to `rounds` rounds (or its end)."""
    m = engine.Match(profile, options)
    for _ in range(rounds):
        m.start_round(seed=seed)
        while m.state.phase == "play":
            legal = [a.to_json() for a in engine.legal_actions(m.state)]
            m.act(next((a for a in legal if "play" in a), legal[0]))
        if m.state.phase == "game_over" or m.state.match_winner is not None:
            break
    return m.state


def earlier_tonight():
    phones = lambda names: [{"kind": "phone", "name": n} for n in names]  # noqa: E731
    train = first_tile("mexican-train", {"players": 3}, 7, 13)
    assert train.phase == "game_over"
    gaple = first_tile("gaple", {}, 3, 2)
    return [
        evening.entry(train, {"profile": "mexican-train", "seats": phones(["Ana", "Bo", "Cy"])}),
        evening.entry(gaple, {"profile": "gaple", "seats": phones(["Bo", "Ana", "Cy", "Di"])}),
    ]


def fits(page, inner, outer):
    box, frame = page.locator(inner).bounding_box(), page.locator(outer).bounding_box()
    view = page.viewport_size
    assert box["x"] >= frame["x"] - 1 and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1, (
        box,
        frame,
    )
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, (box, view)


def check_tonight(page, scope):
    """The table as the summary says it: one column per game with what it counts, the players
    in the server's order, a dash where a player did not play a game."""
    tonight = Domino(page).js("D.frame.room.tonight")
    games = [g["profile"] for g in tonight["games"]]
    assert games == ["mexican-train", "gaple", "draw"]
    heads = page.locator(f"{scope} .tonight-game")
    assert [heads.nth(i).get_attribute("data-profile") for i in range(3)] == games
    assert heads.nth(0).get_attribute("data-low-wins") == "true"
    counts = [heads.nth(i).locator(".tonight-counts").inner_text() for i in range(3)]
    assert len(set(counts)) == 3  # pips left, rounds won, points: three different words
    rows = page.locator(f"{scope} tbody tr")
    assert rows.count() == len(tonight["players"]) == 4
    for i, player in enumerate(tonight["players"]):
        row = rows.nth(i)
        assert row.locator("th").inner_text() == player["name"]
        cells = row.locator("td")
        for j, game in enumerate(games):
            text = cells.nth(1 + j).inner_text()
            if game in player["points"]:
                assert text == str(player["points"][game])
            else:
                assert text.startswith("–")
    return tonight


@pytest.mark.parametrize("lang", LANGS)
def test_tonight_keeps_each_games_points_apart_on_the_tv_and_a_phone(live_server, screen, phone, lang):
    assert first_tile("draw", {"players": 2}, SEED, 3).scores == (0, 100)
    with fixed_seed(SEED):
        table, phones = seated_table(
            screen, phone, live_server.url, "draw", {"players": 2}, ["Ana", "Bo"], computers=0, lang=lang
        )
        room = live_server.app.extensions["tabletop"].rooms[Domino(table).room["id"]]
        with room.lock:
            room.meta["tonight"] = earlier_tonight()
        autoplay(phones)
        try:
            Domino(table).wait("D.frame.view.phase === 'game_over'", None, 6 * TIMEOUT)
        finally:
            autoplay(phones, False)
    table.wait_for_selector(".tonight-box .tonight-table", timeout=TIMEOUT)
    tonight = check_tonight(table, ".tonight-box")
    # Bo won the Draw match; Ana won the Mexican Train match (fewest pips); gaple has no winner
    wins = {p["name"]: p["wins"] for p in tonight["players"]}
    assert wins == {"Ana": 1, "Bo": 1, "Cy": 0, "Di": 0}, wins
    assert [p["name"] for p in tonight["players"]] == ["Ana", "Bo", "Cy", "Di"]
    assert table.locator(".tonight-matches li").count() == 3
    for w, h in ((1920, 1080), (1280, 720)):
        table.set_viewport_size({"width": w, "height": h})
        Domino(table).settle(".dlg-results")  # fitted to the new size (on its resize event)
        fits(table, ".tonight-box .tonight-table", ".dlg-results .dialog")
        shot(table, f"tv-tonight-{lang}-{w}x{h}")
    # Tonight on a phone, on request
    bo = phones[1]
    bo.wait_for_selector(".dlg-results", timeout=TIMEOUT)
    bo.keyboard.press("Escape")
    bo.click(".top-menu")
    bo.click(".menu-tonight")
    bo.wait_for_selector(".dlg-tonight .tonight-table", timeout=TIMEOUT)
    # turned sideways a phone has room for the columns, as the TV
    bo.set_viewport_size({"width": 844, "height": 390})
    Domino(bo).settle(".dlg-tonight")
    shot(bo, f"phone-tonight-{lang}-844x390")
    check_tonight(bo, ".dlg-tonight")
    fits(bo, ".dlg-tonight .tonight-table", ".dlg-tonight .dialog")
    for w, h in ((390, 844), (360, 640)):
        bo.set_viewport_size({"width": w, "height": h})
        Domino(bo).settle(".dlg-tonight")
        shot(bo, f"phone-tonight-{lang}-{w}x{h}")
        # too narrow for a column per game: matches won in the table, each game's points in a
        # list of its own, best first (Mexican Train: the fewest pips)
        fits(bo, ".dlg-tonight .tonight-table", ".dlg-tonight .dialog")
        assert bo.locator(".dlg-tonight .tonight-game").first.is_hidden()
        for game in tonight["games"]:
            items = bo.locator(f".dlg-tonight .tonight-bygame[data-profile='{game['profile']}'] li")
            points = [int(text.rsplit(" ", 1)[1]) for text in items.all_inner_texts()]
            assert points == sorted(points, reverse=not game["low_wins"]), (game, points)
            fits(
                bo, f".dlg-tonight .tonight-bygame[data-profile='{game['profile']}']", ".dlg-tonight .dialog"
            )
        train = bo.locator(".dlg-tonight .tonight-bygame[data-profile='mexican-train'] li").all_inner_texts()
        assert [text.split()[0].rstrip(":") for text in train] == ["Ana", "Cy", "Bo"]  # 393, 432, 649
    # back to the lobby for another game: the table's top bar offers tonight, one press (or Enter) away
    ana = phones[0]
    ana.wait_for_selector(".dlg-results .ready-change", timeout=TIMEOUT)
    ana.click(".dlg-results .ready-change")
    table.set_viewport_size({"width": 1280, "height": 720})
    table.wait_for_selector(".topbar .top-tonight", timeout=TIMEOUT)
    table.focus(".top-tonight")
    table.keyboard.press("Enter")
    table.wait_for_selector(".dlg-tonight .tonight-table", timeout=TIMEOUT)
    check_tonight(table, ".dlg-tonight")
    fits(table, ".dlg-tonight .tonight-table", ".dlg-tonight .dialog")
    shot(table, f"tv-lobby-tonight-{lang}-1280x720")
