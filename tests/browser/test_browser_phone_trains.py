"""The phone's list of Mexican Train's trains at 360x640 with ten seats: each train's tiles and
its end stay in its own row and on the screen, clear of every train's name (they once ran off
the side and over the names)."""

from __future__ import annotations

from flows import TRAIN_TILES, join_phone, join_urls, lobby_setup, open_table, phone_plays_until, start_game
from handle import Domino

SMALL = {"width": 360, "height": 640}

# the round later on, drawn on the phone: every train as long as `arg` tiles (the round's own
# tiles again), and each one a train to lay on (a tap target of 44 px at its end)
LONG_TRAINS = """
  const v = D.view, tr = v.trains;
  const all = [...tr.mexican.tiles, ...tr.personal.flatMap(p => p.tiles)];
  const grow = (row, n) => { while (row.tiles.length < n) row.tiles.push(all[row.tiles.length % all.length]); };
  grow(tr.mexican, arg);
  tr.personal.forEach((p, i) => grow(p, i % 3 === 0 ? arg : 3));
  const targets = ['mexican', ...tr.personal.map((p, i) => i)];
  D.board.render(v, {room: D.room, mySeat: D.seat, targets, preview: null});
"""

# measured once the board's tiles have landed (Domino.settled): a tile dropping in is drawn up to
# 40 px above its place for half a second (app.css `drop`), and the computers keep playing
GEOMETRY = """() => {
  const box = (n) => n.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const board = box(document.querySelector('.hand-board'));
  const out = [];
  const rows = [...document.querySelectorAll('.hand-board .train-row')];
  const things = [...document.querySelectorAll('.hand-board .train-tiles > *, .hand-board .train-hub')];
  for (const row of rows) {
    const r = box(row);
    for (const t of row.querySelectorAll('.train-tiles > *')) {
      const b = box(t);
      if (b.top < r.top - 1 || b.bottom > r.bottom + 1 || b.left < r.left - 1 || b.right > r.right + 1 || b.right > board.right)
        out.push(['outside its row', row.dataset.train, t.dataset.tile || t.className, [r.top, r.bottom, r.right].map(Math.round), [b.top, b.bottom, b.right].map(Math.round)]);
    }
  }
  for (const label of document.querySelectorAll('.hand-board .train-label'))
    for (const t of things) if (hit(box(label), box(t))) out.push(['over a name', label.textContent, t.dataset.tile || t.className]);
  return {out, rows: rows.length, slots: document.querySelectorAll('.hand-board .train-slot').length};
}"""


def test_ten_trains_at_360x640_keep_their_tiles_off_the_names(live_server, phone, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=10, seats=["phone"] + ["computer:easy"] * 9)
    page = phone(viewport=SMALL)
    join_phone(page, join_urls(table)[0], "Ana")
    start_game(table)
    phone_plays_until(table, page, TRAIN_TILES, 10)
    found = Domino(page).settled(GEOMETRY, ".hand-board")
    assert found["rows"] == 11 and found["out"] == [], found
    for length in (8, 14, 20):
        Domino(page).run(LONG_TRAINS, length)
        # drawn in the next animation frame
        Domino(page).wait("document.querySelectorAll('.hand-board .train-slot').length === 11")
        found = Domino(page).settled(GEOMETRY, ".hand-board")
        assert found["rows"] == 11 and found["slots"] == 11, found
        assert found["out"] == [], (length, found["out"])
