"""/join is the room-code box (join.html); /join/<room> stays the hand page."""

from __future__ import annotations

from tabletop.app import create_app
from tabletop.settings import Settings


def test_join_serves_the_room_code_page_and_join_room_the_hand(tmp_path):
    app = create_app(Settings(data=":memory:", idle_close=0))
    c = app.test_client()
    box = c.get("/join")
    assert box.status_code == 200 and b"/static/js/pages/join.js" in box.data
    hand = c.get("/join/ABCDE")
    assert hand.status_code == 200 and b"/static/js/pages/phone.js" in hand.data
    assert c.get("/static/js/pages/join.js").status_code == 200
