"""A seat's bubble on the TV ("Passed", "Laid one face down") stays level with its seat: it
once sat below the seat above the board and covered the turn banner."""

from __future__ import annotations

from handle import Domino
from results_flows import phone_watching

# every seat's latest move a face-down discard, drawn again (the bubbles of the real game, all
# at once: which seat discards when is up to the computers)
ALL_DISCARD = """
  const v = D.frame.view;
  for (let s = 0; s < v.players; s++) v.history.push({seat: s, discard: true});
  D.table.render(D.frame);
"""

# measured once every bubble has risen into place: its rise is the first 8 % of its 4 s
BOXES = """async () => {
  const risen = () => [...document.querySelectorAll('.seat-bubble')].every((b) =>
    b.getAnimations().every((a) => a.effect.getComputedTiming().progress >= 0.08));
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  await frame();  // drawn at the viewport's size
  while (!risen()) await frame();
  const box = (n) => { const r = n.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  return {
    banner: box(document.querySelector('.turn-banner')),
    caption: box(document.querySelector('.table-caption')),
    bubbles: [...document.querySelectorAll('.seat-bubble')].map(b => ({
      seat: b.closest('.seat').dataset.seat, text: b.textContent, box: box(b), of: box(b.closest('.seat')),
      px: parseFloat(getComputedStyle(b).fontSize), seatPx: parseFloat(getComputedStyle(b.closest('.seat')).fontSize)})),
  };
}"""


def overlap(a, b):
    return a["l"] < b["r"] - 1 and b["l"] < a["r"] - 1 and a["t"] < b["b"] - 1 and b["t"] < a["b"] - 1


def bubbles_clear(table, players):
    found = table.evaluate(BOXES)
    assert len(found["bubbles"]) == players
    w, h = table.viewport_size["width"], table.viewport_size["height"]
    for bubble in found["bubbles"]:
        b, seat = bubble["box"], bubble["of"]
        assert bubble["text"] == "A posé un domino face cachée"
        # level with its seat, on the screen, over neither the turn banner nor the caption
        assert seat["t"] - 1 <= b["t"] and b["b"] <= seat["b"] + 1, bubble
        assert 0 <= b["l"] and b["r"] <= w and 0 <= b["t"] and b["b"] <= h, bubble
        assert not overlap(b, found["banner"]), (bubble, found["banner"])
        assert not overlap(b, found["caption"]), (bubble, found["caption"])
        assert bubble["px"] >= bubble["seatPx"]  # read from the sofa like the seat


def test_the_face_down_bubbles_leave_the_turn_banner_clear(live_server, screen, phone):
    # French: the longest words for it; the phone's seat waits, so the table stands still
    table = screen(1920, 1080, lang="fr")
    phone_watching(table, phone(), live_server.url, "gaple", 4, standin=False)
    Domino(table).wait("D.frame.view && D.frame.view.turn === 0")
    Domino(table).run(ALL_DISCARD)
    bubbles_clear(table, 4)
    table.set_viewport_size({"width": 1280, "height": 720})
    bubbles_clear(table, 4)
