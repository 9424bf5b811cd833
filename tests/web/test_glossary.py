"""Words as a native speaker writes them: locales/GLOSSARY.md's forbidden synonyms are absent from
each catalogue, and the sentences the client fills keep their grammar whatever goes in."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
GLOSSARY = LOCALES / "GLOSSARY.md"
LANGS = ["en", "id", "fr", "ms", "nb"]
TRANSLATED = LANGS[1:]
FORBIDDEN_LINE = re.compile(r"^- forbidden: `(?P<pattern>.+?)` — (?P<why>.+)$")


def load(lang):
    with open(LOCALES / f"{lang}.json", encoding="utf-8") as f:
        return json.load(f)


def strings(data):
    """(key, text) for every string of a catalogue, rules paragraphs one by one."""
    for key, value in data.items():
        for text in value if isinstance(value, list) else [value]:
            yield key, text


def forbidden(lang):
    """The `- forbidden:` lines of the glossary's section for `lang` ("## fr — français")."""
    rules, section = [], None
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].split()[0]
            continue
        m = FORBIDDEN_LINE.match(line)
        if m and section == lang:
            rules.append((re.compile(m["pattern"], re.MULTILINE), m["why"]))
    return rules


@pytest.fixture(scope="module")
def catalogues():
    return {lang: load(lang) for lang in LANGS}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossary_has_a_section_with_forbidden_words(lang):
    assert len(forbidden(lang)) >= 8, f"GLOSSARY.md: the {lang} section lists too few forbidden words"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_forbidden_synonym_in_the_catalogue(catalogues, lang):
    found = [
        f"{key}: {m.group(0)!r} ({why}) in {text!r}"
        for pattern, why in forbidden(lang)
        for key, text in strings(catalogues[lang])
        for m in [pattern.search(text)]
        if m
    ]
    assert not found, f"{lang}.json breaks GLOSSARY.md:\n" + "\n".join(found)


def test_a_forbidden_pattern_catches_what_it_names():
    """The checks can fail: each language's register and typography rule bites on a bad line."""
    bad = {
        "fr": [
            "Règles : {profile}",
            "Bloqué ? On pioche",
            "Première donne",
            "Au tour de {name}",
            "Vous avez déjà pioché ; attendez",
        ],
        "id": ["Giliran Anda", "Ambil dari batu sisa", "Tangan pertama"],
        "ms": ["Giliran awak", "Tutup dahulu berganda", "setiap seorang 7 batu"],
        "nb": ["Legg den med forsiden ned", "Dobbel seks", "telefonen din"],
    }
    for lang, lines in bad.items():
        rules = forbidden(lang)
        for line in lines:
            assert any(p.search(line) for p, _ in rules), f"{lang}: nothing in GLOSSARY.md forbids {line!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_double_is_never_named_twice(catalogues, lang):
    """hand.must_cover & co. get a tile's spoken name, which already says "double six"."""
    data = catalogues[lang]
    double_word = data["aria.tile_double"].replace("{n}", "").strip()
    spoken = {"hand.must_cover", "hand.open_with", "hand.discard_confirm", "table.engine"}
    spoken |= {k for k in data if k.startswith("aria.") and "{tile}" in str(data[k])}
    for key in spoken:
        text = data[key]
        assert not re.search(rf"\b{re.escape(double_word)}\w*\s+\{{tile\}}", text, re.IGNORECASE), (
            f"{lang}: {key} puts {double_word!r} before a tile name that already says it: {text!r}"
        )


@pytest.mark.parametrize("lang", LANGS)
def test_every_announcement_about_the_player_has_a_you_form(catalogues, lang):
    """A phone says "You played six-four", never "Vous a posé": each move sentence has a "you" key
    of its own, without a name slot (the verb may agree with its subject)."""
    data = catalogues[lang]
    for key in (
        "played",
        "played_left",
        "played_right",
        "played_train",
        "drew",
        "passed",
        "discarded",
        "done",
    ):
        you = data.get(f"aria.you_{key}")
        assert you, f"{lang}: aria.you_{key} is missing"
        assert "{name}" not in you, f"{lang}: aria.you_{key} still has a name slot"


def test_french_never_says_vous_a(catalogues):
    """ "Vous a posé" is what filling {name} with app.you gives: no French string may read so."""
    for key, text in strings(catalogues["fr"]):
        assert not re.search(r"\b[Vv]ous (a|est|termine|pioche|passe)\b", text), f"fr: {key}: {text!r}"


def test_french_double_punctuation_has_its_no_break_space(catalogues):
    for key, text in strings(catalogues["fr"]):
        for m in re.finditer(r"(.)([:;!?])(?=\s|$)", text):
            assert m.group(1) == "\u00a0", (
                f"fr: {key}: {m.group(0)!r} needs U+00A0 before {m.group(2)!r}: {text!r}"
            )


@pytest.mark.parametrize("name", ["Ana", "Ola", "Hélène", "Yusuf", "Bo"])
def test_no_french_name_needs_elision_or_agreement(catalogues, name):
    """Every French sentence with a player's name reads right with a name that starts with a
    vowel and with a woman's name: no "de Ana", "que Ola", "Siti est sorti"."""
    names = ("name", "names", "out", "winner")
    elides = re.compile(
        r"\b(de|que|du|le|la|je|ne|se|ce|jusque|lorsque|puisque) " + re.escape(name) + r"\b", re.I
    )
    agrees = re.compile(re.escape(name) + r" (est|s’est|était|sera) \w+(é|i|u|t)\b")
    for key, text in strings(catalogues["fr"]):
        filled = re.sub(r"\{(" + "|".join(names) + r")\}", name, text)
        assert not elides.search(filled), f"fr: {key} needs elision before {name}: {filled!r}"
        assert not agrees.search(filled), f"fr: {key} makes a participle agree with {name}: {filled!r}"


def test_indonesian_says_kamu(catalogues):
    for key, text in strings(catalogues["id"]):
        assert not re.search(r"\bAnda\b", text), f"id: {key} says Anda: {text!r}"
    assert catalogues["id"]["app.you"] == "Kamu"


@pytest.mark.parametrize("lang", LANGS)
def test_undo_and_cancel_are_not_the_same_word(catalogues, lang):
    data = catalogues[lang]
    assert data["hand.undo"] != data["hand.cancel"] and data["table.undo"] != data["hand.cancel"], lang


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_names_the_start_button_as_it_reads(catalogues, lang):
    data = catalogues[lang]
    assert data["lobby.start"] in data["lobby.all_seated"], f"{lang}: lobby.all_seated names another button"


def test_no_punctuation_glued_in_code():
    """The client adds no ": " or ". " around a translated string."""
    glued = re.compile(
        r"\}[:;.!?] \$\{|\)\}, \$\{|\$\{t\([^`]*\)\}[:.;!?]|[\"'`][:.;!?] [\"'`]\s*\+|\.join\(\"(\s*[:;!?,·–—/] ?|[.!?] )\"\)"
    )
    found = []
    for path in (ROOT / "web" / "js").rglob("*.js"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if glued.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "punctuation added in code:\n" + "\n".join(found)
