"""What a TV's dialog must be to be read and worked from a sofa three metres away: every text
as large as the table's own (28 px at 1920x1080, the results' and the lobby's size), its small
print no smaller than 12 px a 720 lines (base/fit.js READABLE_PX), and the focused control's
ring whole where nothing cuts it off."""

from __future__ import annotations

# every line box of every text in the dialog `sel` ([height, its text, whether it is small
# print: a button's line of help, a help line, what a column's points count]), and the line box
# of the table's own text behind it
TEXT_BOXES = """(sel) => {
  const box = (n) => { const r = document.createRange(); r.selectNodeContents(n); return [...r.getClientRects()].filter(b => b.width > 0); };
  const panel = document.querySelector(sel).querySelector('.dialog');
  const walk = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim() || n.parentElement.closest('select, .sr-only')) continue;
    const small = !!n.parentElement.closest('.menu-help, .help, .tonight-counts');
    for (const b of box(n)) out.push([b.height, n.textContent.trim().slice(0, 30), small]);
  }
  const ref = document.querySelector('.topbar-info > span');
  return {texts: out, table: Math.max(...box(ref.firstChild).map(b => b.height))};
}"""


def read_from_the_sofa(page, sel):
    """Every text of the dialog `sel` as large as the table's own, its small print no smaller
    than the results' floor: 12 px a 720 lines, against the table's 28 px a 1080."""
    boxes = page.evaluate(TEXT_BOXES, sel)
    floor = boxes["table"] * (12 / 720) / (28 / 1080)
    small = [b for b in boxes["texts"] if b[0] < (floor if b[2] else boxes["table"]) - 0.5]
    assert boxes["texts"] and not small, (sel, page.viewport_size, boxes["table"], small)


# the focused control: its row's seat, its class, whether its focus ring shows and it is whole
# inside what could cut it off (the dialog's body, which scrolls; outside the body, the dialog)
FOCUSED = """() => {
  const f = document.activeElement;
  const r = f.getBoundingClientRect();
  const b = (f.closest('.dialog-body') || f.closest('.dialog')).getBoundingClientRect(), m = 7; // the ring reaches 7 px out
  return {seat: +f.closest('.seats-row')?.dataset.seat, cls: f.className, ring: getComputedStyle(f).boxShadow !== 'none',
          inside: r.top - m >= b.top && r.left - m >= b.left && r.bottom + m <= b.bottom && r.right + m <= b.right};
}"""


def ring_inside(page):
    """The focused control's ring whole inside its dialog."""
    f = page.evaluate(FOCUSED)
    assert f["inside"], (page.viewport_size, f)
