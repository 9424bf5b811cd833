"""Mexican Train on the TV: the hub and every train with its badge inside the screen at 8 and 10
seats (1920x1080 and 1280x720), tiles at least 64 px long at 1080p, the trains the seat on turn
may play on highlighted exactly as the server says; rounds with four phones, and with ten seats of
which six are computers, are played (in the suite until what is checked has been seen; whole
rounds under `scripts/bench long`); draws and discards fly (or fade)."""

from __future__ import annotations

import pytest
from flows import (
    LONG,
    TRAIN_TILES,
    join_phone,
    join_urls,
    lobby_setup,
    open_table,
    phone_plays_until,
    play_until,
    start_game,
    wait_game,
)
from handle import Domino

# Where the yard's parts are, the badges' numbers and the highlighted trains, as the table shows them.
YARD = """() => {
  const W = innerWidth, H = innerHeight;
  const inside = (n) => { if (!n) return false; const r = n.getBoundingClientRect();
    return r.width > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5; };
  const rows = [...document.querySelectorAll('.table-board .yard-row')].map((row) => {
    const badge = row.querySelector('.yard-badge');
    return {train: row.dataset.train, playable: row.dataset.playable === 'true',
            badge: badge && badge.textContent, inside: inside(row) && inside(badge),
            shown: row.querySelectorAll('.board-tile').length};
  });
  const tiles = [...document.querySelectorAll('.table-board .board-tile')].map((t) => {
    const r = t.getBoundingClientRect(); return Math.max(r.width, r.height); });
  const hidden = [...document.querySelectorAll('.table-board .train-more')]
    .reduce((n, m) => n + Number(m.textContent.slice(1)), 0);
  return {rows, tiles, hidden, hub: inside(document.querySelector('.yard-hub')),
          engine: inside(document.querySelector('.yard-engine')),
          boneyard: document.querySelector('.yard-boneyard-n').textContent,
          round: document.querySelector('.yard-round').textContent};
}"""

SIZES = [(1920, 1080), (1280, 720)]


def check_yard(table, view):
    """The yard as drawn matches the view and fits the screen (at the current size)."""
    Domino(table).wait("D.frame.version >= arg", view["version"])
    # the board draws in the next animation frame (at a new size too); a tile in flight is
    # measured once it lands
    yard = Domino(table).settled(YARD, ".table-board")
    tr = view["trains"]
    want = [str(i) for i in range(view["players"])] + ["mexican"]
    assert [r["train"] for r in yard["rows"]] == want
    ends = [str(p["end"]) for p in tr["personal"]] + [str(tr["mexican"]["end"])]
    assert [r["badge"] for r in yard["rows"]] == ends
    assert all(r["inside"] for r in yard["rows"]), yard["rows"]
    assert yard["hub"] and yard["engine"]
    assert yard["boneyard"] == str(view["boneyard"])
    assert yard["round"] == f"Round {view['round']} of 13"
    # the highlighted trains are exactly the server's `playable` (none when nobody is on turn)
    playable = {str(x) for x in tr["playable"]} if view["phase"] == "play" else set()
    assert {r["train"] for r in yard["rows"] if r["playable"]} == playable
    return yard


def table_view(table):
    return Domino(table).js("{...D.frame.view, version: D.frame.version}")


def check_both_sizes(table, view):
    for w, h in SIZES:
        table.set_viewport_size({"width": w, "height": h})
        yard = check_yard(table, view)
        if h == 1080:
            short = [round(n) for n in yard["tiles"] if n < 64]
            assert not short, yard["tiles"]
        # every tile on the trains is drawn or counted in its train's "+n"
        tr = view["trains"]
        on_trains = len(tr["mexican"]["tiles"]) + sum(len(p["tiles"]) for p in tr["personal"])
        assert len(yard["tiles"]) + yard["hidden"] == on_trains, (len(yard["tiles"]), yard["hidden"])
        # each train shows at least its last tile, and at 1080p most of the board
        trains = [p["tiles"] for p in tr["personal"]] + [tr["mexican"]["tiles"]]
        assert all(r["shown"] >= 1 for r, tiles in zip(yard["rows"], trains) if tiles), yard["rows"]
        if h == 1080:
            assert len(yard["tiles"]) >= min(on_trains, 8)
    table.set_viewport_size({"width": 1920, "height": 1080})


def seat_phones(table, phone, names):
    """A phone joins every open seat of the lobby, in seat order: {seat: page}."""
    urls = join_urls(table)
    pages = {}
    for seat, name in zip(sorted(urls), names):
        pages[seat] = phone()
        join_phone(pages[seat], urls[seat], name)
    start_game(table)
    for p in pages.values():
        wait_game(p)
    return pages


def drive_round(table, pages, on_turn=lambda page, st: None, enough=None):
    """The phones play (computers play the other seats) until `enough(st)` holds on a phone's
    turn, or under `scripts/bench long` (and without `enough`) the round to its end: True when it
    ended. on_turn(page, st) runs on each phone turn before its move, with the table showing that
    same version."""
    done = None if LONG else enough
    play_until(list(pages.values()), done, taps=False, table=table, on_turn=on_turn, moves=2000)
    if done is not None:
        return False
    Domino(table).wait("D.frame.view.phase !== 'play'")
    return True


def test_eight_seats_late_in_a_round_fit_both_sizes(live_server, screen, phone):
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=8, seats=["phone"] + ["computer:easy"] * 7)
    ph = phone()
    join_phone(ph, join_urls(table)[0], "Ingrid")
    start_game(table)
    wait_game(ph)
    phone_plays_until(table, ph, TRAIN_TILES, 40)
    view = table_view(table)
    assert view["turn"] == 0 and view["trains"]["playable"]
    check_both_sizes(table, view)
    # the phone's own legal plays all go to highlighted trains
    legal = Domino(ph).js("D.view.legal")
    trains = {str(a["train"]) for a in legal if "play" in a}
    lit = {r["train"] for r in Domino(table).settled(YARD, ".table-board")["rows"] if r["playable"]}
    assert trains <= lit


@pytest.mark.long
def test_ten_seats_six_computers_play_a_round(live_server, screen, phone):
    """Four phones and six computers: the yard fits at both sizes early (and, in the whole round,
    late), the highlight follows the phones' turns; the whole round (`scripts/bench long`) ends."""
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    seats = ["phone", "computer:easy", "phone", "computer:easy", "phone", "computer:easy"]
    seats += ["phone", "computer:easy", "computer:easy", "computer:easy"]
    lobby_setup(table, "mexican-train", players=10, seats=seats)
    pages = seat_phones(table, phone, ["Ana", "Bo", "Cy", "Di"])
    checked = set()

    def on_turn(page, st):
        tiles = Domino(table).js(TRAIN_TILES)
        stage = "late" if tiles >= 30 else "early" if tiles >= 10 else None
        if stage and stage not in checked:
            check_both_sizes(table, table_view(table))
            checked.add(stage)

    # the suite stops at the first phone turn after the early look (late is the eight seats' test)
    ended = drive_round(table, pages, on_turn, enough=lambda st: "early" in checked)
    assert "early" in checked
    if ended:
        # the round may end before 30 tiles lie on the trains; when it did not, late was checked too
        tiles = Domino(table).js(TRAIN_TILES)
        assert "late" in checked or tiles < 34, tiles
        assert Domino(table).js("D.frame.view.trains.playable") == []


@pytest.mark.long
def test_four_phones_play_a_round_and_draws_fly(live_server, screen, phone):
    """Four phones play (the suite: until a tile and a draw have been seen flying; the whole
    round under `scripts/bench long`): every flight takes at most 400 ms."""
    table = screen(1920, 1080)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=4, seats=["phone"] * 4)
    pages = seat_phones(table, phone, ["Ana", "Bo", "Cy", "Di"])
    kinds = set()

    def on_turn(page, st):
        # the flights of the moves before this turn (the log keeps the last ten)
        kinds.update(f["kind"] for f in Domino(table).js("D.table.flights"))

    def played_and_drew(st):
        # a play and a draw among the moves before the last two (their flights are in the log)
        hist = Domino(table).js("D.frame.view.history")[:-2]
        return any(h.get("play") for h in hist) and any(h.get("draw") for h in hist)

    drive_round(table, pages, on_turn, enough=played_and_drew)
    # a move's flight starts in the table's next animation frame: a draw that just came into
    # `played_and_drew` may not have started yet when the round stops
    Domino(table).settle(".table-board")
    on_turn(None, None)
    hist = Domino(table).js("D.frame.view.history")
    assert any(h.get("play") for h in hist)
    assert "play" in kinds
    if any(h.get("draw") for h in hist[:-2]):
        assert "draw" in kinds, kinds
    flights = Domino(table).js("D.table.flights")
    assert all(f["duration"] <= 400 and not f["calm"] for f in flights), flights


# Records every seat whose face-down discard pile has been drawn, frame by frame.
WATCH_PILES = """(() => {
  window.__pilesSeen = new Set();
  const look = () => {
    for (const el of document.querySelectorAll('.seat')) {
      if (el.querySelector('.seat-discards .backs svg')) window.__pilesSeen.add(el.dataset.seat);
    }
    requestAnimationFrame(look);
  };
  look();
  return null;
})()"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_gaple_discard_goes_face_down_onto_its_seat(live_server, screen, phone, motion):
    table = screen(1280, 720, reduced_motion=motion)
    open_table(table, live_server.url)
    lobby_setup(table, "gaple", seats=["phone"] + ["computer:easy"] * 3)
    ph = phone()
    join_phone(ph, join_urls(table)[0], "Siti")
    start_game(table)
    wait_game(ph)
    Domino(table).js("(D.table.flights = [], null)")
    # The pile is watched every frame: a computer may end the round and a new deal clear it
    # before the test reads the page again.
    Domino(table).js(WATCH_PILES)
    play_until(
        [ph],
        lambda st: Domino(table).js("D.table.flights.some(f => f.kind === 'discard')"),
        moves=300,
        choose=lambda legal: next((a for a in legal if "discard" in a), legal[0]),
        table=table,
        deal_again=True,
    )
    flights = [f for f in Domino(table).js("D.table.flights") if f["kind"] == "discard"]
    assert flights, "no discard was seen"
    assert all(f["calm"] == (motion == "reduce") for f in flights), flights
    assert all(f["duration"] == (250 if motion == "reduce" else 380) for f in flights), flights
    # the seat that discarded shows its face-down pile
    seats = {f["seat"] for f in flights}
    table.wait_for_function("seats => seats.every(s => window.__pilesSeen.has(String(s)))", arg=sorted(seats))
