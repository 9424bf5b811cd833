"""Words from whole catalogue sentences: the room's default name in the reader's language, the
French elision before a vowel and the no-break space before a colon."""

from __future__ import annotations

from flows import TIMEOUT, join_urls, lobby_setup, open_table


def test_default_room_name_and_train_names_in_the_readers_words(live_server, phone, screen):
    table = screen(1280, 720)
    open_table(table, live_server.url)
    lobby_setup(table, "mexican-train", players=3, seats=["phone", "computer:easy", "computer:easy"])
    url = join_urls(table)[0]
    assert table.inner_text(".topbar-title strong").strip() == "Table 1"
    page = phone(lang="id")
    page.goto(url)
    page.wait_for_selector(".join-room", timeout=TIMEOUT)
    assert page.inner_text(".join-room").startswith("Meja 1")
    fr = phone(lang="fr")
    fr.goto(url)
    fr.wait_for_selector(".join-room", timeout=TIMEOUT)
    words = fr.evaluate(
        """async () => { const w = await import('/static/js/base/words.js');
        const room = {seats: [{kind: 'phone', name: 'Bo'}, {kind: 'computer', name: 'Computer'}, {kind: 'phone', name: 'Ana'}]};
        return {computer: w.trainName(1, room, 0), ana: w.trainName(2, room, 0), bo: w.trainName(0, room, 1),
                score: w.scoreLine({score_kind: 'points', scores: [3, 5]}, room, 1)}; }"""
    )
    assert words["computer"] == "Train d’Ordinateur 2"
    assert words["ana"] == "Train d’Ana"
    assert words["bo"] == "Train de Bo"
    assert words["score"] == "Points\u00a0: 5"
