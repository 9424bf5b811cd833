"""Six-love on one device: after a credited round the winning team's representative names the
opener; the choice screen shows only the representative's hand, and choosing the partner hands
the device over closed (RULES.md, six-love opening)."""

from __future__ import annotations

from flows import TIMEOUT, device_state, open_solo, play_one, seat_kind
from handle import Domino
from seeds import fixed_seed

import engine


def first_legal_round(seed):
    """The round a seed gives when every seat takes its first legal action."""
    m = engine.Match("six-love")
    m.start_round(seed=seed)
    while m.state.phase == "play":
        m.act(engine.legal_actions(m.state)[0])
    return m.state.result


def seed_with_a_winner():
    return next(s for s in range(1, 500) if first_legal_round(s)["winner"] is not None)


def take_turn(page):
    """Reveal the hand behind the cover and play the first legal action."""
    page.wait_for_selector(".handover:not([hidden])", timeout=TIMEOUT)
    page.click(".handover")
    page.wait_for_selector(".device-panel .hand-tile", timeout=TIMEOUT)
    st = device_state(page)
    play_one(page, st)


def test_representative_names_the_opener_and_hands_over_closed(live_server, screen):
    seed = seed_with_a_winner()
    expected = first_legal_round(seed)
    representative = expected["winner"]
    partner = (representative + 2) % 4
    page = screen(1280, 800)
    with fixed_seed(seed):
        open_solo(page, live_server.url)
        page.click(".lobby-game[data-profile='six-love']")
        for i, name in enumerate(["Ana", "Bo", "Cy", "Di"]):
            seat_kind(page, i, "device")
            page.fill(f"#seat-name-{i}", name)
        page.press("#seat-name-3", "Tab")
        page.click(".lobby-start")
        page.wait_for_selector(".tablescreen", timeout=TIMEOUT)
        for _ in range(60):
            st = device_state(page)
            if st["phase"] != "play":
                break
            take_turn(page)
        assert device_state(page)["phase"] == "round_over"
        result = Domino(page).js("D.frame.view.result")
        assert result["winner"] == representative and result["points"] >= 1
        page.click(".res-next")
        Domino(page).wait("D.frame.view.round === 2")

    # the representative's turn: behind the cover first, then only their own hand and the choice
    page.wait_for_selector(".handover:not([hidden])", timeout=TIMEOUT)
    st = device_state(page)
    assert st["device_seat"] == representative
    assert sorted(a["opener"] for a in st["legal"]) == sorted({representative, partner})
    page.click(".handover")
    page.wait_for_selector(".choice-opener", timeout=TIMEOUT)
    shown = {t.get_attribute("data-tile") for t in page.locator(".device-panel .hand-tile").all()}
    assert shown == set(st["hand"])
    page.click(f".choice-opener[data-opener='{partner}']")

    # handed over closed: the cover names the partner, nothing of the representative's hand is left
    Domino(page).wait("D.frame.device_seat === arg", partner)
    page.wait_for_selector(".handover:not([hidden])", timeout=TIMEOUT)
    names = Domino(page).js("D.frame.room.seats.map(s => s.name)")
    assert names[partner] in page.inner_text(".handover")
    for tile in st["hand"]:
        assert page.locator(f"[data-tile='{tile}']").count() == 0
    lead = device_state(page)
    assert lead["device_seat"] == partner and lead["legal"]
    assert {a["play"] for a in lead["legal"]} == set(lead["hand"])  # the opener leads any tile
