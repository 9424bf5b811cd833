"""The catalogues' lazy parts (tabletop/catalogues.py): /locales/<lang>.json and its parts
together are the file, each key once; a part's keys are said only by a module that a page imports
together with loadPart(part), so no screen says one before its part is here."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from tabletop.app import create_app
from tabletop.catalogues import LAZY
from tabletop.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "id", "fr", "ms", "nb"]
SAYS = {"rules": "web/js/parts/rules.js"}  # the one module that says each part's keys


@pytest.fixture(scope="module")
def client():
    app = create_app(Settings(data=":memory:"))
    yield app.test_client()
    app.extensions["tabletop"].shutdown()


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_catalogue_and_its_parts_are_the_file(client, lang):
    whole = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    first = client.get(f"/locales/{lang}.json").json
    parts = {part: client.get(f"/locales/{lang}/{part}.json").json for part in LAZY}
    assert not any(k.split(".")[0] in LAZY for k in first)
    for part, words in parts.items():
        assert words and all(k.startswith(part + ".") for k in words), part
    assert {**first, **{k: v for words in parts.values() for k, v in words.items()}} == whole
    assert sum(map(len, parts.values())) + len(first) == len(whole)


def test_parts_are_gzipped_cached_and_refused_when_unknown(client):
    gz = {"Accept-Encoding": "gzip"}
    answer = client.get("/locales/fr/rules.json", headers=gz)
    assert answer.headers["Content-Encoding"] == "gzip" and answer.headers["Cache-Control"] == "no-cache"
    assert json.loads(gzip.decompress(answer.data))["rules.draw"]
    again = client.get("/locales/fr/rules.json", headers={**gz, "If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304
    first = client.get("/locales/fr.json", headers=gz)
    assert first.headers["ETag"] != answer.headers["ETag"]
    for path in (
        "/locales/fr/error.json",
        "/locales/xx/rules.json",
        "/locales/xx.json",
        "/locales/F1/rules.json",
    ):
        assert client.get(path).status_code == 404, path
        assert client.get(path).json == {"error": "not_found"}, path


@pytest.mark.parametrize("part", LAZY)
def test_a_parts_keys_are_said_after_the_part_is_loaded(part):
    key = re.compile(rf"[\"'`]{part}\.[a-z0-9_.\-$]")
    sayers = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "web").rglob("*.js")
        if key.search(p.read_text(encoding="utf-8"))
    )
    assert sayers == [SAYS[part]]
    # imported only as import("…/rules.js"), in the statement that loads the part
    module = Path(SAYS[part]).name
    imports = [
        (p.name, line.strip())
        for p in (ROOT / "web" / "js").rglob("*.js")
        for line in p.read_text(encoding="utf-8").splitlines()
        if re.search(rf"[\"'](\.\.?/)+(parts/)?{re.escape(module)}[\"']", line)
    ]
    assert imports, f"nothing imports {module}"
    for name, line in imports:
        assert re.search(rf"import\([\"'][./a-z]*{re.escape(module)}[\"']\)", line), (name, line)
        assert f'loadPart("{part}")' in line, (name, line)
