"""Every key of the catalogues is one the code names: no text is translated five times for nothing.

A key is in use when
- web/js/**/*.js, web/*.html or dev/*.html quote it whole ("hand.draw", `table.undo`), wherever
  the quote stands (a t() call, a ternary, a table of keys such as results.js's NOTES);
- the server quotes it whole in tabletop/, engine/ or players/ (the hint and review sentences it
  sends as {key, params}, names.py's reserved words);
- it starts with a prefix the client builds a key from (DYNAMIC below, each with the file that
  builds it; a new `ns.xxx${...}` template in web/js fails until it is listed there);
- it is error.<code> or record.why.<code> and the server or client quotes <code> as a value
  (codes are raised many ways: Refused, IllegalAction, TournamentError, BadName, jsonify(error=...),
  errorText("connection")); a quoted dict key ("forbidden": [...]) is not a code.

Python builds some hint keys with f-strings (players/reasons.py): players/claims.py's CHECKS names
each of them whole, and tests/ai/test_hints.py checks CHECKS against the catalogue's hint keys.
The reverse check (a key web/js names that en.json lacks) is in test_locales.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "id", "fr", "ms", "nb"]
KEY = r"[a-z0-9_\-]+(?:\.[a-z0-9_\-]+)+"
QUOTED_KEY = re.compile(rf"[\"'`]({KEY})[\"'`]")
TEMPLATE_PREFIX = re.compile(r"`([a-z0-9_\-]+\.[a-z0-9_.\-]*)\$\{")  # `lobby.option.${...}`
CODE = re.compile(r"[\"'`]([a-z0-9_]+)[\"'`](?!\s*:)")  # a quoted word, not a dict key

# The key prefixes the client completes at run time: the file that does it, and how many
# dot-separated parts it appends (rules.<profile> is one part, so rules.common.title is not covered).
DYNAMIC = {
    "app.language_name.": ("web/js/base/page.js", 1),  # the language menu: one per SUPPORTED language
    # <option>, <option>.<value>, <option>.help (also choices.js, director.js)
    "lobby.option.": ("web/js/parts/lobby.js", 2),
    "lobby.level.": ("web/js/parts/lobby.js", 1),  # a computer seat's level, from the profile's levels
    "lobby.seat_kind.": ("web/js/parts/lobby.js", 1),  # phone / device
    "profile.": ("web/js/base/words.js", 2),  # profile.<name>.name / .summary (also lobby.js, phone.js)
    "rules.": ("web/js/parts/rules.js", 1),  # rules.<profile>: the rules text of each game
    "rules.fact.stuck_": ("web/js/parts/rules.js", 1),  # what a blocked player does: draw / pass / discard
    "rules.pic.opening.": ("web/js/parts/rules.js", 1),  # the opening picture's caption per profile
    "table.score_kind.": ("web/js/base/words.js", 1),  # points / team_points / round_wins / pips
    "results.score_col.": ("web/js/parts/results.js", 1),  # the score column's heading per score kind
    "number.": ("web/js/i18n.js", 1),  # spoken pip numbers in tile names
    "hand.end_": ("web/js/parts/handpanel.js", 1),  # the left / right end button
    "hand.sort_": ("web/js/parts/handpanel.js", 1),  # the hand's sort orders
    "aria.end_": ("web/js/parts/board.js", 1),  # the board's end slots (also phoneboard.js)
    "aria.tile_fits_": ("web/js/parts/handpanel.js", 1),  # a tile that fits one end
    "aria.you_": ("web/js/base/words.js", 1),  # describeMove's sentences about this phone's own moves
    "review.summary_": ("web/js/parts/review.js", 1),  # the review's summary per unit (chance / pips)
    "replay.speed_": ("web/js/parts/replay.js", 1),  # the replay's speeds (SPEEDS)
    "night.ending.": ("web/js/pages/director.js", 1),  # how a tournament round ends
    "night.partners.": ("web/js/pages/director.js", 1),  # rotating / fixed partners
}
# Prefixes completed with codes the server sends: in use only for a code quoted somewhere.
CODED = {
    "error.": "web/js/base/words.js",  # errorText(code)
    "record.why.": "web/js/parts/recordfile.js",  # why a record file was refused (body.reason)
}
# describeMove (web/js/base/words.js) says another seat's move as aria.<what>, <what> being one
# of the words it passes to say(...); aria. alone would cover every aria key.
WORDS_JS = "web/js/base/words.js"
SAID = "aria."


def load(lang):
    return json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def client_files():
    web = ROOT / "web"
    return [
        *sorted((web / "js").rglob("*.js")),
        *sorted(web.glob("*.html")),
        *sorted((ROOT / "dev").glob("*.html")),
    ]


def server_files():
    return [p for folder in ("tabletop", "engine", "players") for p in sorted((ROOT / folder).rglob("*.py"))]


def said_words():
    return set(re.findall(r"\bsay\(\s*\"(\w+)\"", (ROOT / WORDS_JS).read_text(encoding="utf-8")))


def scan():
    """(quoted whole keys, template prefixes in web/js, quoted code words) of the code."""
    keys, prefixes, codes = set(), set(), set()
    for path in client_files() + server_files():
        src = path.read_text(encoding="utf-8")
        keys |= set(QUOTED_KEY.findall(src))
        codes |= set(CODE.findall(src))
        if path.suffix == ".js":
            prefixes |= set(TEMPLATE_PREFIX.findall(src))
    return keys, prefixes, codes


def unused_keys(catalogue, keys, codes):
    said = {SAID + w for w in said_words()}

    def used(key):
        base = re.sub(r"\.(one|other)$", "", key)  # a plural lives as key.one / key.other
        if key in keys or base in keys or base in said:
            return True
        if any(
            base.startswith(p) and base.count(".") - p.count(".") < parts for p, (_, parts) in DYNAMIC.items()
        ):
            return True
        return any(base.startswith(p) and base[len(p) :] in codes for p in CODED)

    return sorted(k for k in catalogue if not used(k))


def test_the_scan_finds_what_the_client_and_server_name():
    keys, prefixes, codes = scan()
    assert {"hand.draw", "results.podium", "hint.go_out", "review.gain_even"} <= keys
    assert {"lobby.option.", "app.language_name.", "aria.you_"} <= prefixes
    assert {"not_your_turn", "name_taken", "connection", "bad_origin"} <= codes
    assert "forbidden" not in codes  # the profile's "forbidden": [...] is a field, not an error
    assert {"played", "drew", "passed"} <= said_words()


def test_every_listed_prefix_is_built_where_it_says():
    built = {p: file for p, (file, _) in DYNAMIC.items()} | CODED | {SAID: WORDS_JS}
    for prefix, file in built.items():
        assert f"`{prefix}${{" in (ROOT / file).read_text(encoding="utf-8"), (
            f"{file} builds no `{prefix}${{...}}`"
        )


def test_every_key_prefix_the_client_builds_is_listed():
    """A key built at run time is listed in DYNAMIC, so the check below knows its keys are used."""
    namespaces = {k.split(".")[0] for k in load("en")}
    _, prefixes, _ = scan()
    unlisted = sorted(
        p
        for p in prefixes
        if p.split(".")[0] in namespaces and p not in DYNAMIC and p not in CODED and p != SAID
    )
    assert not unlisted, f"web/js builds keys from {unlisted}: add each to DYNAMIC with its file"


def test_every_catalogue_key_is_used():
    keys, _, codes = scan()
    for lang in LANGS:
        unused = unused_keys(load(lang), keys, codes)
        assert not unused, f"{lang}.json has keys no page or server code names: {unused}"


def test_an_unused_key_is_caught():
    """The check can fail: a key nothing names, a code nobody sends, a word describeMove never says,
    a part more than the code appends to a prefix."""
    keys, _, codes = scan()
    catalogue = {
        "hand.draw": "x",
        "hand.never_shown": "x",
        "error.not_your_turn": "x",
        "error.never_sent": "x",
        "aria.played": "x",
        "aria.never_said": "x",
        "lobby.option.anything": "x",
        "rules.draw": "x",
        "rules.common.never_shown": "x",
    }
    unused = unused_keys(catalogue, keys, codes)
    assert unused == ["aria.never_said", "error.never_sent", "hand.never_shown", "rules.common.never_shown"]
