"""A TV has no mouse: the table screen's round end shows whole at 1920x1080 and 1280x720 with
ten seats (Mexican Train: ten hands, the 13-round sheet, then the match's end with its podium
and chart), nothing clipped, nothing to scroll, the names at 12 px per 720 lines or more.
Behind it the ten seats sit round the board in playing order, each name whole."""

from __future__ import annotations

import math

from flows import TIMEOUT
from handle import Domino
from results_flows import computers_at_table, wait_round_end

# every box in the dialog inside the dialog and the screen; no box that scrolls
CLIPPED = """() => {
  const dialog = document.querySelector('.dlg-results .dialog').getBoundingClientRect();
  const out = [];
  for (const node of document.querySelectorAll('.dlg-results .dialog *')) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || node.closest('details:not([open]) > :not(summary)')) continue;
    const inside = r.left >= dialog.left - 1 && r.right <= dialog.right + 1 && r.top >= dialog.top - 1
      && r.bottom <= dialog.bottom + 1 && r.bottom <= innerHeight && r.right <= innerWidth;
    const scrolls = node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
    const style = getComputedStyle(node);
    if (!inside || (scrolls && style.overflow !== 'visible' && node.tagName !== 'svg'))
      out.push(node.className.baseVal === undefined ? `${node.tagName}.${node.className}` : node.tagName);
  }
  return out;
}"""


# each word of a seat's name on one line (a Range over the word has one box)
BROKEN_WORDS = """() => {
  const out = [];
  for (const name of document.querySelectorAll('.seat--tv .seat-name')) {
    const text = name.firstChild && name.firstChild.nodeType === 3 ? name.firstChild : null;
    if (!text) continue;
    for (const m of text.data.matchAll(/\\S+/g)) {
      const r = document.createRange();
      r.setStart(text, m.index);
      r.setEnd(text, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter(b => b.width).map(b => Math.round(b.top)));
      if (lines.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""

# the seats' angles round the board's centre, in seat order (screen coordinates: y down)
ANGLES = """() => {
  const b = document.querySelector('.table-center').getBoundingClientRect();
  const cx = b.left + b.width / 2, cy = b.top + b.height / 2;
  return [...document.querySelectorAll('.seat--tv')].sort((p, q) => p.dataset.seat - q.dataset.seat).map(s => {
    const r = s.getBoundingClientRect();
    return Math.atan2(r.top + r.height / 2 - cy, r.left + r.width / 2 - cx);
  });
}"""


def seats_round_the_table(table, players):
    assert table.evaluate(BROKEN_WORDS) == []
    angles = table.evaluate(ANGLES)
    assert len(angles) == players
    # each next seat further round in the direction of play (clockwise: a growing angle), once
    # round in all
    turn = 1 if Domino(table).view["direction"] == "clockwise" else -1
    steps = [((b - a) * turn % (2 * math.pi)) for a, b in zip(angles, angles[1:] + angles[:1])]
    assert all(0 < s < math.pi for s in steps), steps
    assert abs(sum(steps) - 2 * math.pi) < 1e-6, steps


def shown_whole(table, players):
    # the winner moment and the reveal have arrived (they grow into place)
    table.wait_for_function(
        "() => document.querySelector('.dlg-results').getAnimations({subtree: true}).every(a => a.playState !== 'running')"
    )
    # measured once the dialog is fitted to a new viewport too (its resize event comes in a frame)
    assert Domino(table).settled(CLIPPED, ".dlg-results") == []
    rows = table.locator(".dlg-results .results-reveal-table tbody tr")
    assert rows.count() == players
    for s in range(players):
        assert table.locator(f".dlg-results .score-sheet tfoot th.sheet-total >> nth={s}").is_visible()
    assert table.locator(".dlg-results .res-next").is_visible()
    # read from a sofa: the hands' text no smaller than 12 px at 720 lines (18 at 1080)
    px = table.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.results-name')).fontSize)"
    )
    assert px >= 12 * table.viewport_size["height"] / 720, px


# the sheet as it stands after round 12 (its tallest before the match ends): the round just
# played standing in for the eleven before it, each hand grown to nine tiles (ten seats hold at
# most 90 of the 91 between them)
TWELFTH_ROUND = """
  const v = D.frame.view;
  v.rounds = Array.from({length: 11}, () => v.result);
  v.round = 12;
  const all = [];
  for (let a = 0; a <= 12; a++) for (let b = a; b <= 12; b++) all.push(`${b}-${a}`);
  let k = 0;
  v.reveal.hands = v.reveal.hands.map((h) => (h.length ? all.slice(k, (k += 9)) : h));
  D.refreshResults();
"""


# then the match's end after round 13: the winner (the fewest pips) on the podium, the points
# chart, the whole sheet; the round's hands folded away
MATCH_END = """
  const v = D.frame.view;
  v.rounds = Array.from({length: 12}, () => v.result);
  v.round = 13;
  v.phase = 'game_over';
  v.match_winner = v.scores.indexOf(Math.min(...v.scores));
  D.refreshResults();
"""


def test_a_ten_seat_mexican_train_round_end_fits_both_tv_sizes(live_server, screen):
    table = screen(1920, 1080)
    computers_at_table(table, live_server.url, "mexican-train", 10)
    wait_round_end(table, 1)
    shown_whole(table, 10)
    seats_round_the_table(table, 10)
    table.set_viewport_size({"width": 1280, "height": 720})
    shown_whole(table, 10)
    seats_round_the_table(table, 10)
    # twelve rounds on the sheet and full hands: the sheet and the tiles give way, not the names
    Domino(table).run(TWELFTH_ROUND)
    assert table.locator(".dlg-results .score-sheet tbody tr:visible").count() == 13
    shown_whole(table, 10)
    table.set_viewport_size({"width": 1920, "height": 1080})
    shown_whole(table, 10)
    # the match's end: the names stay at the floor too
    Domino(table).run(MATCH_END)
    table.wait_for_selector(".dlg-results .podium", timeout=TIMEOUT)
    shown_whole(table, 10)
    table.set_viewport_size({"width": 1280, "height": 720})
    shown_whole(table, 10)


def test_six_love_names_stay_whole_beside_their_team_badges(live_server, screen):
    table = screen(1280, 720)
    computers_at_table(table, live_server.url, "six-love", 4)
    table.wait_for_selector(".seat--tv .seat-team")
    seats_round_the_table(table, 4)
    # team badges in colours far from every seat's (a red seat in a "blue" team confuses)
    colours = table.eval_on_selector_all(
        ".seat--tv",
        "els => els.map(e => [getComputedStyle(e).getPropertyValue('--seat-colour').trim(),"
        " getComputedStyle(e.querySelector('.seat-team')).backgroundColor])",
    )
    seat_rgbs = [tuple(int(c[k : k + 2], 16) for k in (1, 3, 5)) for c, _ in colours]
    for _, badge in colours:
        rgb = tuple(int(x) for x in badge[badge.index("(") + 1 : badge.index(")")].split(",")[:3])
        assert min(math.dist(rgb, seat) for seat in seat_rgbs) > 120, (badge, colours)
    table.set_viewport_size({"width": 1920, "height": 1080})
    seats_round_the_table(table, 4)
