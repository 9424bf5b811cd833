"""The locale catalogues as the pages fetch them.

`/locales/<lang>.json` is the catalogue without its lazy parts, and `/locales/<lang>/<part>.json`
is one lazy part: the keys of a namespace only a screen fetched on first use says (the rules
panel, `parts/rules.js`, says `rules.*`), so a phone's first load carries only the words its
first screens need (`scripts/bench web`). The files stay whole, one per language with every key
(`tests/web/test_locales.py`); the parts are cut from them, cached per file's mtime and size,
compact and gzipped once.
"""

from __future__ import annotations

import gzip
import json
import os
import threading

LAZY = ("rules",)  # key namespaces a page fetches when it first shows them (i18n.js loadPart)


def part_of(catalogue: dict, part: str | None) -> dict:
    """The keys of `part` (a LAZY namespace), or with `part` None every key of no lazy part."""
    if part is None:
        return {k: v for k, v in catalogue.items() if k.split(".", 1)[0] not in LAZY}
    return {k: v for k, v in catalogue.items() if k.split(".", 1)[0] == part}


class CatalogueCache:
    """(stamp, JSON bytes, gzipped bytes) by (path, part); stamp is the file's (mtime_ns, size)."""

    def __init__(self):
        self.parts: dict[tuple[str, str | None], tuple[tuple, bytes, bytes]] = {}
        self._lock = threading.Lock()

    def get(self, path: str, part: str | None) -> tuple[tuple, bytes, bytes]:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
        with self._lock:
            hit = self.parts.get((path, part))
        if hit is not None and hit[0] == stamp:
            return hit
        with open(path, encoding="utf-8") as f:
            words = part_of(json.load(f), part)
        body = json.dumps(words, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        entry = (stamp, body, gzip.compress(body, compresslevel=9, mtime=0))
        with self._lock:
            self.parts[(path, part)] = entry
        return entry
