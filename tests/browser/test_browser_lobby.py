"""The lobby shows what GET /api/profiles says: every game, its player choices, the seats each
choice gives, the computer levels, and no switch that would make a refused combination."""

from __future__ import annotations

import json
import urllib.request

from flows import TIMEOUT, open_table
from handle import Domino


def profiles(base_url):
    with urllib.request.urlopen(f"{base_url}/api/profiles") as res:
        return json.load(res)


def option_values(page, selector):
    return page.eval_on_selector_all(f"{selector} option", "os => os.map(o => o.value)")


def seat_count(page, n):
    page.wait_for_function(
        "n => document.querySelectorAll('.lobby-seat').length === n", arg=n, timeout=TIMEOUT
    )


def test_the_lobby_offers_what_the_server_says(live_server, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    facts = profiles(live_server.url)
    shown = table.eval_on_selector_all(".lobby-game", "gs => gs.map(g => g.dataset.profile)")
    assert sorted(shown) == sorted(facts)
    for name, profile in facts.items():
        table.click(f".lobby-game[data-profile='{name}']")
        table.wait_for_selector(f".lobby-game[data-profile='{name}'][aria-checked='true']", timeout=TIMEOUT)
        seats = profile["seats"]
        default = str(profile["defaults"][seats["option"]])
        seat_count(table, seats["counts"][default])
        kinds = option_values(table, "#seat-kind-0")
        assert [k.split(":")[1] for k in kinds if k.startswith("computer:")] == profile["levels"]
        players = next(o for o in profile["options"] if o["name"] == seats["option"])
        if len(players["choices"]) > 1:
            assert option_values(table, f"#opt-{players['name']}") == [str(c) for c in players["choices"]]
            last = str(players["choices"][-1])
            table.select_option(f"#opt-{players['name']}", last)
            seat_count(table, seats["counts"][last])
        else:
            assert table.query_selector(f"#opt-{players['name']}") is None


def test_a_switch_that_the_server_would_refuse_is_not_offered(live_server, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    gaple = profiles(live_server.url)["gaple"]
    (refused,) = gaple["forbidden"]  # partners with the five-player deal
    switch = next(k for k, v in refused["options"].items() if v is True)
    ((option, bad),) = [(k, v) for k, v in refused["options"].items() if k != switch]
    table.click(".lobby-game[data-profile='gaple']")
    table.wait_for_selector(f"#opt-{switch}", timeout=TIMEOUT)
    table.check(f"#opt-{switch}")
    table.select_option(f"#opt-{option}", str(bad))
    table.wait_for_selector(f"#opt-{switch}", state="detached", timeout=TIMEOUT)
    # the room the table set up does not have the refused combination either
    Domino(table).wait("D.frame.room.options[arg[0]] === arg[1]", [option, bad])
    assert Domino(table).js("D.frame.room.options[arg]", switch) is False
    # every other value of that option offers the switch again
    choices = next(o["choices"] for o in gaple["options"] if o["name"] == option)
    for value in choices:
        if value != bad:
            table.select_option(f"#opt-{option}", str(value))
            table.wait_for_selector(f"#opt-{switch}", timeout=TIMEOUT)
