"""Words from whole catalogue sentences: the room's default name in the reader's language, a
player's train named without any elision to make (« Train : Ana », « le train appartenant à
Ana ») and the no-break space before a colon."""

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
    assert words["computer"] == "Train\u00a0: Ordinateur 2"
    assert words["ana"] == "Train\u00a0: Ana"
    assert words["bo"] == "Train\u00a0: Bo"
    assert words["score"] == "Points\u00a0: 5"


MOVES_IN_WORDS = """async (mine) => {
  const i18n = await import('/static/js/i18n.js');
  const w = await import('/static/js/base/words.js');
  const room = {seats: [{kind: 'phone', name: 'Ana'}, {kind: 'phone', name: 'Bo'}]};
  const out = {};
  for (const lang of ['fr', 'en', 'nb']) {
    await i18n.setLanguage(lang, {persist: false});
    out[lang] = {
      played: w.describeMove({seat: mine, play: '6-6', end: 'left'}, room, mine),
      drew: w.describeMove({seat: mine, draw: true}, room, mine),
      other: w.describeMove({seat: 1 - mine, play: '6-4', end: 'right'}, room, mine),
      mexican: w.describeMove({seat: mine, play: '6-4', train: 'mexican'}, room, mine),
      onMine: w.describeMove({seat: 1 - mine, play: '6-4', train: mine}, room, mine),
      onAna: w.describeMove({seat: 1 - mine, play: '6-4', train: 0}, room, null),
      spoken: w.describeMoves([{seat: mine, pass: true}, {seat: 1 - mine, draw: true}], room, mine),
    };
  }
  return out;
}"""


def test_a_phone_says_its_own_moves_in_the_you_form(live_server, phone):
    """On a phone, its own seat's moves have sentences of their own ("Vous avez posé", never
    "Vous a posé"), a tile name that says "double" is not prefixed again, and the catalogue
    closes each sentence of an announcement."""
    page = phone(lang="fr")
    page.goto(live_server.url + "/join")
    page.wait_for_load_state("networkidle")
    said = page.evaluate(MOVES_IN_WORDS, 0)
    assert said["fr"]["played"] == "Vous avez posé double six au bout gauche"
    assert said["fr"]["drew"] == "Vous avez pioché"
    assert said["fr"]["other"] == "Bo a posé six-quatre au bout droit"
    assert said["fr"]["spoken"] == "Vous avez passé. Bo a pioché."
    # a train inside a sentence reads as a sentence does, not as a button label
    assert said["fr"]["mexican"] == "Vous avez posé six-quatre sur le train mexicain"
    assert said["fr"]["onMine"] == "Bo a posé six-quatre sur votre train"
    assert said["fr"]["onAna"] == "Bo a posé six-quatre sur le train appartenant à Ana"
    assert said["en"]["onMine"] == "Bo played six-four on your train"
    assert said["en"]["played"] == "You played double six on the left end"
    assert said["nb"]["played"] == "Du la dobbelt seks i venstre ende"
    for lang in said.values():
        assert "Vous a " not in lang["played"] and "double double" not in lang["played"]


def test_a_phone_loads_its_own_catalogue_only(live_server, phone):
    """A phone in French fetches fr.json and not English too (every catalogue has every key);
    a key its catalogue lacks after all fetches English then, once."""
    page = phone(lang="fr")
    fetched: list[str] = []
    page.on(
        "request", lambda r: fetched.append(r.url.split("/locales/")[1]) if "/locales/" in r.url else None
    )
    page.goto(live_server.url + "/join")
    page.wait_for_function("() => document.documentElement.lang === 'fr'", timeout=TIMEOUT)
    page.wait_for_load_state("networkidle")
    assert fetched == ["fr.json"]
    said = page.evaluate(
        """async () => { const i18n = await import('/static/js/i18n.js');
        const first = i18n.t('no.such.key');
        const seen = i18n.has('no.such.key');  // a probe fetches nothing more
        return {first, seen, tile: i18n.tileName('6-4')}; }"""
    )
    assert said == {"first": "no.such.key", "seen": False, "tile": "six-quatre"}
    page.wait_for_load_state("networkidle")
    assert fetched == ["fr.json", "en.json"]
