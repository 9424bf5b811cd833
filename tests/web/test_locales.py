"""The five catalogues in locales/: same keys as en.json, nothing empty, same placeholders."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
LANGS = ["en", "id", "fr", "ms", "nb"]
PROFILES = ["draw", "block", "gaple", "six-love", "mexican-train"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# Engine and server error codes the client must be able to show (docs/ENGINE_API.md,
# docs/PROTOCOL.md).
ERROR_CODES = [
    "not_your_turn",
    "tile_not_in_hand",
    "does_not_fit",
    "must_play",
    "end_required",
    "round_over",
    "malformed_action",
    "illegal_action",
    "stale",
    "bad_token",
    "seat_taken",
    "no_room",
    "rate_limited",
    "bad_message",
    "bad_json",
    "too_large",
    "unknown_type",
    "not_host",
    "hello_required",
    "already_hello",
    "bad_seat",
    "not_your_seat",
    "pin_required",
    "bad_pin",
    "not_setup",
    "not_started",
    "seats_open",
    "round_in_progress",
    "game_over",
    "cannot_undo",
    "cannot_redo",
    "bad_profile",
    "bad_options",
    "bad_seats",
    "internal",
]


def load(lang):
    with open(LOCALES / f"{lang}.json", encoding="utf-8") as f:
        return json.load(f)


def texts(value):
    return value if isinstance(value, list) else [value]


def placeholders(value):
    return sorted({name for text in texts(value) for name in PLACEHOLDER.findall(text)})


@pytest.fixture(scope="module")
def catalogues():
    return {lang: load(lang) for lang in LANGS}


def test_only_the_supported_languages_ship():
    assert sorted(p.stem for p in LOCALES.glob("*.json")) == sorted(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_valid_json_object_of_strings(lang):
    data = load(lang)
    assert isinstance(data, dict) and data
    for key, value in data.items():
        assert re.fullmatch(r"[a-z0-9_\-]+(\.[a-z0-9_\-]+)+", key), f"{lang}: odd key {key!r}"
        if isinstance(value, list):
            assert key.startswith("rules."), f"{lang}: only rules text may be a list ({key})"
            assert value and all(isinstance(p, str) for p in value), f"{lang}: {key}"
        else:
            assert isinstance(value, str), f"{lang}: {key} is not a string"


@pytest.mark.parametrize("lang", LANGS[1:])
def test_same_keys_as_english(catalogues, lang):
    en, other = set(catalogues["en"]), set(catalogues[lang])
    assert not en - other, f"{lang} lacks: {sorted(en - other)}"
    assert not other - en, f"{lang} has keys English lacks: {sorted(other - en)}"


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_empty(catalogues, lang):
    empty = [k for k, v in catalogues[lang].items() if not all(t.strip() for t in texts(v))]
    assert not empty, f"{lang}: empty values for {empty}"


@pytest.mark.parametrize("lang", LANGS[1:])
def test_placeholders_match_english(catalogues, lang):
    en = catalogues["en"]
    bad = {
        key: (placeholders(en[key]), placeholders(value))
        for key, value in catalogues[lang].items()
        if key in en and placeholders(en[key]) != placeholders(value)
    }
    assert not bad, f"{lang}: placeholders differ (en, {lang}): {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_braces_balanced(catalogues, lang):
    for key, value in catalogues[lang].items():
        for text in texts(value):
            stripped = PLACEHOLDER.sub("", text)
            assert "{" not in stripped and "}" not in stripped, f"{lang}: stray brace in {key}"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_pairs(catalogues, lang):
    keys = catalogues[lang]
    for key in keys:
        if key.endswith(".one"):
            assert key[:-4] + ".other" in keys, f"{lang}: {key} without .other"
            assert "count" in placeholders(keys[key[:-4] + ".other"]), f"{lang}: {key} plural lacks {{count}}"


@pytest.mark.parametrize("lang", LANGS)
def test_rules_for_every_profile(catalogues, lang):
    data = catalogues[lang]
    for profile in PROFILES + ["common"]:
        rules = data.get(f"rules.{profile}")
        assert isinstance(rules, list) and len(rules) >= 3, f"{lang}: rules.{profile}"
        assert sum(len(p) for p in rules) > 300, f"{lang}: rules.{profile} looks too short"
    for profile in PROFILES:
        assert data.get(f"profile.{profile}.name"), f"{lang}: profile.{profile}.name"
        assert data.get(f"profile.{profile}.summary"), f"{lang}: profile.{profile}.summary"


@pytest.mark.parametrize("lang", LANGS)
def test_required_groups(catalogues, lang):
    data = catalogues[lang]
    for code in ERROR_CODES:
        assert f"error.{code}" in data, f"{lang}: error.{code}"
    for n in range(13):
        assert f"number.{n}" in data, f"{lang}: number.{n}"
    for prefix in ("app.", "lobby.", "hand.", "table.", "results.", "hint.", "aria."):
        assert any(k.startswith(prefix) for k in data), f"{lang}: no {prefix}* keys"
    for lang_code in LANGS:
        assert data.get(f"app.language_name.{lang_code}")


def test_translations_are_not_english_copies(catalogues):
    """Long sentences copied untranslated from en.json betray a missing translation."""
    en = catalogues["en"]
    for lang in LANGS[1:]:
        copied = [
            k for k, v in catalogues[lang].items() if isinstance(v, str) and len(v) > 25 and v == en.get(k)
        ]
        assert not copied, f"{lang}: copied from English: {copied}"


def keys_used_by_the_client():
    """Every catalogue key web/js names literally: t("..."), tParagraphs("...")."""
    used = set()
    for path in (ROOT / "web" / "js").rglob("*.js"):
        src = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\b(?:t|tParagraphs)\(\s*[\"'`]([a-z0-9_\-]+(?:\.[a-z0-9_\-]+)+)[\"'`]", src))
    return used


def test_every_key_the_client_names_is_in_the_catalogues(catalogues):
    used = keys_used_by_the_client()
    assert len(used) > 100, "the scan of web/js found too few keys"
    for lang in LANGS:
        data = catalogues[lang]
        # a plural key lives as key.one / key.other
        missing = sorted(k for k in used if k not in data and f"{k}.other" not in data)
        assert not missing, f"{lang}.json lacks keys the client uses: {missing}"
