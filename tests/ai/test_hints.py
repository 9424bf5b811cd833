"""Hints that tell the truth: every shown reason's claim holds (`players.claims`), on positions
of every table, and the claims about hidden tiles hold in the true deal too.

`python -m players.hintcheck --per-table 5000` runs the first check at full size with the hint's
own budget; here a reduced budget keeps it quick (the same code path).
"""

import json
from pathlib import Path

import pytest

from engine import view_for
from players.claims import CHECKS, Facts
from players.computer import decide
from players.hintcheck import TABLES, check_table, positions
from players.world import Knowledge

ROOT = Path(__file__).resolve().parents[2]
LOCALES = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "locales").glob("*.json")}
PER_TABLE = 70
BUDGET = 24


@pytest.mark.parametrize("name", list(TABLES))
def test_every_shown_reason_is_true(name):
    profile, options = TABLES[name]
    n, held, kinds, failures = check_table(profile, options, PER_TABLE, seed=3, budget=BUDGET)
    assert failures == [] and held == n == PER_TABLE
    assert "hint.generic" not in kinds  # the hint always searched: it says what it found
    assert len(kinds) >= 4  # the reasons vary with the position


HIDDEN = ["draw-4p", "block-2p", "gaple-4x6-partners", "six-love", "mexican-train-4p"]


@pytest.mark.parametrize("name", HIDDEN)
def test_claims_about_hidden_tiles_hold_in_the_true_deal(name):
    """What the reasons say about other hands is what the deal holds: a seat said to lack a
    number holds none of it; a run is only promised on a first turn; and the public reading of
    passes and draws (`claims.Facts`) agrees with the computer's own (`world.Knowledge`)."""
    profile, options = TABLES[name]
    checked = 0
    for k, (state, seat) in enumerate(positions(profile, options, 60, seed=4)):
        view = view_for(state, seat)
        F = Facts(view)
        if not F.train:
            K = Knowledge(view)
            for s in range(state.players):
                if s != seat:
                    lacks = sum(1 << v for (o, v) in F.lacks if o == s)
                    assert lacks == K.void[s], (s, view["history"])
        for (s, v), _ in F.lacks.items():
            if s == seat:  # its own latest draw may just have brought a fitting tile
                continue
            assert not state.hands[s] & state.tile_set.suit[v], (s, v)
            checked += 1
        action, reason, _ = decide(view, "hard", k, BUDGET)
        p = reason["params"]
        if reason["key"] in ("hint.opponent_passed", "hint.opponent_drew", "hint.end_void"):
            assert not state.hands[p["seat"]] & state.tile_set.suit[p["n"]]
        if reason["key"] == "hint.long_run":
            assert state.pending == "run" or state.in_first
    if profile != "mexican-train":
        assert checked >= 10


def test_every_reason_has_a_text_in_every_language():
    """Each checked key (plural keys: at least `.other`, and `.one` where the language has it)
    has a text in every catalogue, with the same placeholders as in English."""
    en = LOCALES["en"]
    for key in CHECKS:
        forms = [k for k in en if k == key or k.rsplit(".", 1)[0] == key]
        assert forms, key
        plural = forms != [key]
        for lang, cat in LOCALES.items():
            if plural:
                assert f"{key}.other" in cat, (lang, key)
                if lang in ("en", "fr", "nb"):
                    assert f"{key}.one" in cat, (lang, key)
            else:
                assert key in cat, (lang, key)
            want = _placeholders(en[forms[-1]])
            for form in forms:
                if form in cat:
                    got = _placeholders(cat[form])
                    assert got <= want | {"count"} and (got | {"count"}) >= (want - {"count"}), (lang, form)


def _placeholders(text):
    import re

    return set(re.findall(r"\{(\w+)\}", text))
