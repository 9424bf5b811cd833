"""The preview ghost sits where view.legal_places says the tile goes: the client matches no
pips itself. Mexican Train on a phone, preview mode."""

from __future__ import annotations

from flows import (
    TIMEOUT,
    join_phone,
    join_urls,
    lobby_setup,
    my_turn,
    open_table,
    play_one,
    start_game,
    wait_game,
)
from handle import Domino
from seeds import engine_dealt_seed, fixed_seed


def test_the_ghost_goes_on_the_train_legal_places_names(live_server, phone, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=2, seats=["phone", "computer:easy"])
    page = phone()
    join_phone(page, join_urls(table)[0], "Ana")
    page.evaluate(
        "() => localStorage.setItem('domino.playmode', JSON.stringify({'mexican-train': 'preview'}))"
    )
    with fixed_seed(engine_dealt_seed()):
        start_game(table)
    wait_game(page)
    seen = 0
    for _ in range(30):
        st = my_turn(page)
        assert st["phase"] == "play", "the round ended first"
        assert len(st["places"]) == len(st["legal"])
        on_trains = [(a, p) for a, p in zip(st["legal"], st["places"]) if p and p["at"] == "train"]
        if not on_trains:
            play_one(page, st)
            continue
        action, place = on_trains[0]
        tile = action["play"]
        page.click(f".hand-strip .hand-tile[data-tile='{tile}']")
        if sum(1 for a in st["legal"] if a.get("play") == tile) > 1:
            page.click(f".choice-group .btn--choice[data-train='{action['train']}']")
        row = f".hand-board .train-row[data-train='{place['train']}']"
        ghost = page.wait_for_selector(f"{row} .board-tile--ghost[data-tile='{tile}']", timeout=TIMEOUT)
        entry = place["entry"]
        # drawn as the train entry it becomes: the half touching the train first
        assert ghost.query_selector("svg").get_attribute("data-tile") == f"{entry['from']}-{entry['to']}"
        assert page.locator(".hand-board .board-tile--ghost").count() == 1
        page.click(".act-confirm")
        Domino(page).wait_version_above(st["version"])
        seen += 1
        if seen == 3:
            return
    assert seen, "no play onto a train came up"
