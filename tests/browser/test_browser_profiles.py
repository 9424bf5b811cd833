"""Every profile plays a whole round on a phone against computers: train choices, face-down
discards, passes and Done all go through the phone's buttons."""

from __future__ import annotations

import contextlib

import pytest
from flows import (
    TIMEOUT,
    choose,
    join_phone,
    join_urls,
    my_turn,
    open_table,
    phone_state,
    play_one,
    seat_kind,
    start_game,
    wait_game,
)
from handle import Domino
from seeds import engine_dealt_seed, fixed_seed

SETUPS = {
    "block": ("block", 2, ["phone", "computer:easy"]),
    "gaple": ("gaple", None, ["phone", "computer:easy", "computer:medium", "computer:hard"]),
    "six-love": ("six-love", None, ["phone", "computer:easy", "computer:easy", "computer:easy"]),
    "mexican-train": ("mexican-train", 2, ["phone", "computer:easy"]),
}


def richest(legal):
    """Prefer actions that need a choice (a train, an end), so those screens are exercised."""
    plays = [a for a in legal if "play" in a]
    for a in plays:
        if sum(1 for b in plays if b["play"] == a["play"]) > 1:
            return a
    return legal[0]


@pytest.mark.parametrize("name", list(SETUPS))
def test_a_round_of_each_profile_on_a_phone(name, live_server, phone, screen):
    profile, players, seats = SETUPS[name]
    table = screen(1280, 720)
    open_table(table, live_server.url)
    table.click(f".lobby-game[data-profile='{profile}']")
    if players:
        choose(table, "#opt-players", str(players))
    for i, kind in enumerate(seats):
        seat_kind(table, i, kind)
    Domino(table).wait(
        "D.frame.room.profile === arg[0] && D.frame.room.seats.length === arg[1]"
        " && D.frame.room.seats.slice(1).every(s => s.kind === 'computer')",
        [profile, len(seats)],
    )
    page = phone()
    join_phone(page, join_urls(table)[0], "Ana")
    deal = fixed_seed(engine_dealt_seed()) if profile == "mexican-train" else contextlib.nullcontext()
    with deal:
        start_game(table)
    wait_game(page)
    kinds = set()
    # Mexican Train's 13 rounds are long: a slice of the first one is enough here
    budget = 20 if profile == "mexican-train" else 300
    for _ in range(budget):
        st = my_turn(page)
        if st["phase"] != "play":
            break
        action = play_one(page, st, choose=richest)
        kinds.add(next(k for k in action if k != "seat"))
    else:
        if profile != "mexican-train":
            raise AssertionError("the round did not end")
    assert "play" in kinds
    if phone_state(page)["phase"] == "play":
        return
    page.wait_for_selector(".dlg-results .results-table", timeout=TIMEOUT)
    table.wait_for_selector(".dlg-results .results-table", timeout=TIMEOUT)
