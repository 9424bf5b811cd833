"""Player names: what is kept of a typed name, and which names a seat may not take.

`clean(text)` is the name every screen shows: NFC, no control, format (bidi overrides and
isolates, zero-width characters, soft hyphens, tags...), private-use or unassigned characters,
no "blank" letters that draw nothing (Hangul fillers, the Braille blank...), no more than a few
combining marks on one letter, runs of spaces made one; some visible letter, digit, punctuation
or symbol must remain (else `name_empty`). A zero-width joiner or non-joiner stays only
between two symbols (it builds an emoji: 👩‍👧) or two letters of a script whose spelling needs it
(Persian, the Indic scripts).

`key(name)` is what two names are compared by: the same for names that differ only in case,
width (full-width ｂｏ), compatibility forms (𝐁𝐨), spaces and punctuation, or letters that look
alike in another script. The lookalikes are a small table taken from Unicode's confusables
(UTS #39) for the scripts a name is likely to mix with Latin (Cyrillic, Greek, Armenian) and the
digits 0 and 1: the standard library has no confusables data, and the whole table (6,000
entries) would be one more dependency for the letters people actually swap.

`refusal(name, taken, reserved)`: `name_taken` when a name at the table has the same key,
`name_reserved` when the name reads as one of the screens' own words in any language ("You",
"Computer 3", "Bo (You)"), from `reserved_patterns(locales_dir)`.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from pathlib import Path

MAX_LENGTH = 24  # characters of a cleaned name
MAX_MARKS = 3  # combining marks kept on one letter (Vietnamese needs two)

# letters and symbols that draw nothing (they are not format characters, so are listed)
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f")
ZWJ, ZWNJ = "\u200d", "\u200c"

# lookalikes of Latin letters, after UTS #39: capitals first (a Greek capital Nu looks like N,
# its small letter like v), then small letters, once the name is case-folded
CAPITALS = {
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "Х": "X", "У": "Y", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
}  # fmt: skip
SMALL = {
    # Cyrillic
    "а": "a", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "ӏ": "l", "о": "o",
    "р": "p", "ԛ": "q", "ѕ": "s", "у": "y", "х": "x", "ԝ": "w", "ү": "y",
    # Greek
    "α": "a", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
    # Armenian
    "օ": "o", "ս": "u", "զ": "q", "հ": "h", "ո": "n",
    # digits
    "0": "o", "1": "l",
}  # fmt: skip
SEQUENCES = (("rn", "m"), ("vv", "w"))  # two letters that read as one


class BadName(ValueError):
    def __init__(self, code: str, detail: str):
        super().__init__(detail)
        self.code, self.detail = code, detail


def _visible(c: str) -> bool:
    return unicodedata.category(c)[0] in "LNPS" and c not in BLANKS


def _joins(before: str, after: str) -> bool:
    """A joiner between these two is part of the spelling: between two symbols (an emoji
    sequence), or between two letters or marks of a script that needs it (Hebrew onwards:
    Arabic, Persian, the Indic scripts...), never in Latin, Greek or Cyrillic."""
    if not before or not after:
        return False
    cats = {unicodedata.category(before)[0], unicodedata.category(after)[0]}
    if cats == {"S"}:
        return True
    return cats <= {"L", "M"} and min(ord(before), ord(after)) >= 0x0590


def clean(text: str, limit: int = MAX_LENGTH) -> str:
    """The name as shown: see the module's notes. Raises `BadName` (`name_empty`, `name_long`)."""
    text = unicodedata.normalize("NFC", text)
    kept: list[str] = []
    marks = 0
    for i, c in enumerate(text):
        cat = unicodedata.category(c)
        if c in (ZWJ, ZWNJ):
            if _joins(text[i - 1 : i], text[i + 1 : i + 2]):
                kept.append(c)
            continue
        if c.isspace():  # tabs and line breaks too: a space
            kept.append(" ")
            marks = 0
            continue
        if cat[0] == "C" or c in BLANKS:  # Cc, Cf, Co, Cn (Cs cannot reach here)
            continue
        if cat[0] == "M":
            marks += 1
            if marks > MAX_MARKS or not kept:
                continue
        else:
            marks = 0
        kept.append(" " if cat[0] == "Z" else c)
    name = " ".join("".join(kept).split())
    if not any(_visible(c) for c in name):
        raise BadName("name_empty", "a name needs a visible letter, digit or symbol")
    if len(name) > limit:
        raise BadName("name_long", f"a name has at most {limit} characters")
    return name


def key(name: str) -> str:
    """What names are compared by (see the module's notes)."""
    plain = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    folded = unicodedata.normalize("NFKD", "".join(CAPITALS.get(c, c) for c in plain).casefold())
    mapped = "".join(SMALL.get(c, c) for c in folded)
    words = "".join(c for c in mapped if unicodedata.category(c)[0] in "LMN" or c in "()")
    if not re.search(r"\w", words):  # only symbols (emoji): compare those
        words = "".join(c for c in mapped if _visible(c))
    for seq, one in SEQUENCES:
        words = words.replace(seq, one)
    return unicodedata.normalize("NFC", words)


# the screens' own words: what a screen writes instead of, or next to, a name
RESERVED_KEYS = (
    "app.you",
    "app.computer",
    "app.computer_n",
    "app.seat",
    "app.player_default",
    "app.table_n",
    "table.standin_short",
    "table.mexican_train",
    "hand.train_own",
)


def _pattern(template: str) -> str:
    """A catalogue text as a pattern over keys: {n} any number, any other placeholder anything."""
    parts = re.split(r"(\{[a-z_]+\})", template)
    out = []
    for part in parts:
        if part == "{n}":
            out.append(r"[0-9lo]+")  # a number, as `key` writes it (0 and 1 read as o and l)
        elif part.startswith("{"):
            out.append(".*")
        else:
            out.append(re.escape(key(part)) if re.search(r"\w", part) else "")
    return "".join(out)


@functools.lru_cache(maxsize=8)
def reserved_patterns(locales_dir: str) -> tuple[re.Pattern, ...]:
    """Patterns (over `key`) of the names no seat may take, from every catalogue: the reserved
    words themselves, "<anything> (You)" in every language, "Computer 3"."""
    found = set()
    for path in sorted(Path(locales_dir).glob("*.json")):
        catalogue = json.loads(path.read_text(encoding="utf-8"))
        for k in RESERVED_KEYS:
            if catalogue.get(k):
                found.add(_pattern(catalogue[k]))
        if catalogue.get("app.you"):  # a name shown with "(You)" after it on its own phone
            found.add(r".*\(" + re.escape(key(catalogue["app.you"])) + r"\).*")
    return tuple(re.compile(p) for p in sorted(found) if p)


def refusal(name: str, taken: list[str], reserved: tuple[re.Pattern, ...]) -> BadName | None:
    """Why `name` may not sit at a table where `taken` are the other seats' names, or None."""
    k = key(name)
    if any(p.fullmatch(k) for p in reserved):
        return BadName("name_reserved", "that name is one of the words the screens show")
    if any(key(other) == k for other in taken if other):
        return BadName("name_taken", "someone at this table has that name, or one that looks like it")
    return None
