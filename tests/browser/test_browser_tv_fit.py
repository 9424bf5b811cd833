"""A TV has no mouse: the table screen's round end shows whole at 1920x1080 and 1280x720 with
ten seats (Mexican Train: ten hands, the 13-round sheet), nothing clipped, nothing to scroll."""

from __future__ import annotations

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


def shown_whole(table, players):
    # the winner moment and the reveal have arrived (they grow into place)
    table.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    assert table.evaluate(CLIPPED) == []
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


def test_a_ten_seat_mexican_train_round_end_fits_both_tv_sizes(live_server, screen):
    table = screen(1920, 1080)
    computers_at_table(table, live_server.url, "mexican-train", 10)
    wait_round_end(table, 1)
    shown_whole(table, 10)
    table.set_viewport_size({"width": 1280, "height": 720})
    shown_whole(table, 10)
