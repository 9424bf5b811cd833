"""An evening of three games from the phones: the captain's phone chooses each game and starts
it, the rounds are dealt by the phones' Ready, and after each game the captain's "Change game"
goes back to the lobby with everyone still seated; at the end the table screen lists the three
games in tonight's scores. Nobody touches the table screen. Two phones and two computers (at
zero delay): gaple (a round: a game with no match to decide is kept once a round is played),
then Draw and Block, each to its match's end.

Draw and Block are dealt the same shuffle every round (SEEDS), one whose hands make short
matches: played out by the engine 12 times, the phones laying their first tile and the
computers a random one, Draw's ended after 2.3 rounds on average (at most 4), Block's after 3.3
(at most 5); a random deal takes 3.5 and 4.3, and each round costs seconds here."""

from __future__ import annotations

from evening_flows import autoplay, count_clicks, phone_shots, play_match, results_open, table_clicks
from flows import join_phone, open_table, wait_game
from handle import TIMEOUT, Domino
from seeds import fixed_seed

NAMES = ["Ana", "Bo"]
GAMES = ["gaple", "draw", "block"]
SEEDS = {"draw": 81, "block": 389}


def in_lobby(phones):
    for page in phones:
        Domino(page).wait("D.frame.view === null && D.screen === 'waiting'")


def captain_starts(table, phones, profile):
    """The captain's one tap on the game (four seats: the players keep theirs, computers on the
    others), then Start; every phone gets its hand."""
    captain = phones[0]
    captain.click(f".captain-choices .choice-game[data-profile='{profile}']")
    captain.wait_for_selector(f".choice-game[data-profile='{profile}'][aria-checked='true']", timeout=TIMEOUT)
    if captain.locator("#captain-opt-players").count():
        captain.click("#captain-opt-players .choice[data-value='4']")
    Domino(table).wait("D.frame.room.profile === arg && D.frame.room.seats.length === 4", profile)
    assert Domino(table).js("D.frame.room.seats.slice(0, 2).every((s) => s.taken)")
    captain.click(".captain-start")
    for page in phones:
        wait_game(page)
    Domino(table).wait("D.frame.view && D.frame.view.profile === arg", profile)


def change_game(table, phones, kept):
    """The captain's Change game from the results: back to the lobby, tonight's list grown."""
    results_open(phones[0])
    phone_shots(phones[0], f"phone-change-game-{kept}")
    assert phones[1].locator(".ready-change").count() == 0  # the captain's alone
    phones[0].click(".dlg-results .ready-change")
    in_lobby(phones)
    for page in phones:  # the game's results closed with it
        page.wait_for_selector(".dlg-results", state="detached", timeout=TIMEOUT)
    # the table's frame may come after the phones' ones: waited for, not read once
    Domino(table).wait("D.frame.view === null && D.frame.room.tonight.matches.length === arg", kept)
    phones[0].wait_for_selector(".captain-choices", timeout=TIMEOUT)


def test_three_games_in_an_evening_from_the_captains_phone(live_server, screen, phone):
    table = screen(1920, 1080, reduced_motion="reduce")
    open_table(table, live_server.url)
    seats = [{"kind": "phone"}] * 2 + [{"kind": "computer", "level": "easy"}] * 2
    assert (
        Domino(table).request("setup", {"profile": "draw", "options": {"players": 4}, "seats": seats}) is None
    )
    Domino(table).wait("D.frame.room.seats.length === 4")
    count_clicks(table)
    join_url = Domino(table).room["join_url"]
    phones = []
    for seat, name in enumerate(NAMES):
        page = phone(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
        join_phone(page, f"{join_url}?seat={seat}", name)
        phones.append(page)
    phones[0].wait_for_selector(".captain-choices", timeout=TIMEOUT)

    # gaple: one round, then Change game (nothing is lost: the round is kept)
    captain_starts(table, phones, "gaple")
    autoplay(phones)
    try:
        Domino(table).wait("D.frame.view.phase !== 'play'", None, 6 * TIMEOUT)
    finally:
        autoplay(phones, False)
    change_game(table, phones, 1)

    # Draw, then Block: each played to its match's end, the rounds dealt by the phones' Ready
    for n, profile in enumerate(GAMES[1:], start=2):
        with fixed_seed(SEEDS[profile]):
            captain_starts(table, phones, profile)
            play_match(table, phones, NAMES, first_shots=False)
        assert Domino(table).js("D.frame.room.tonight.matches.length") == n
        if n < 3:
            change_game(table, phones, n)

    # the table screen, between games: tonight's three games, a column and a line each
    table.wait_for_selector(".dlg-results .tonight-box .tonight-table", timeout=TIMEOUT)
    columns = table.eval_on_selector_all(
        ".tonight-box th.tonight-game", "els => els.map(e => e.dataset.profile)"
    )
    assert sorted(columns) == sorted(GAMES), columns
    lines = table.locator(".tonight-box .tonight-matches li").all_inner_texts()
    assert len(lines) == 3 and all(g in line for g, line in zip(("Gaple", "Draw", "Block"), lines)), lines
    assert table_clicks(table) == 0  # nobody touched the table screen
