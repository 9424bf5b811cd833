"""The TV lobby's seats once a phone sits down (Six-Love, 1280x720 and 1920x1080): the seat's kind
shows whole (never "Pho"), each seat says its team, the partners note shows, and freeing a seat
is a small button, not a large link."""

from __future__ import annotations

from flows import TIMEOUT, join_phone, join_urls, lobby_setup, open_table

# the select's box against its chosen option's text in the select's own font (plus the arrow)
SELECT_FITS = """sel => {
  const s = getComputedStyle(sel), probe = document.createElement('span');
  probe.style.font = s.font;
  probe.style.whiteSpace = 'nowrap';
  probe.textContent = sel.selectedOptions[0].textContent;
  document.body.append(probe);
  const need = probe.getBoundingClientRect().width + parseFloat(s.paddingLeft) + parseFloat(s.fontSize);
  probe.remove();
  return sel.getBoundingClientRect().width >= need;
}"""


def test_a_seated_phone_leaves_the_seat_kind_whole_and_the_teams_shown(live_server, screen, phone):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "six-love", seats=["phone", "computer:easy", "phone", "computer:easy"])
    join_phone(phone(), join_urls(table)[0], "Ingrid")
    table.wait_for_selector(".join-card--taken .join-chip >> text=Ingrid", timeout=TIMEOUT)
    for size in ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080}):
        table.set_viewport_size(size)
        for i in range(4):
            assert table.eval_on_selector(f"#seat-kind-{i}", SELECT_FITS), (size, i)
        teams = table.eval_on_selector_all(".lobby-seat .lobby-team", "els => els.map(e => e.textContent)")
        assert teams == ["Team A", "Team B", "Team A", "Team B"]
        assert table.locator(".lobby-partners").is_visible()
        free = table.locator(".join-free").bounding_box()
        chip = table.locator(".join-chip").bounding_box()
        assert free["height"] < chip["height"], (free, chip)
