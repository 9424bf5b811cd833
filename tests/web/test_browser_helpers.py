"""The browser tests share their helpers: the pages' debug handle is read through one page object
(tests/browser/handle.py), and turns, moves and screenshots come from tests/browser/flows.py."""

import re
from pathlib import Path

BROWSER = Path(__file__).resolve().parents[1] / "browser"
SHARED = {"my_turn", "play_until", "play_until_round_over", "phone_plays_until", "act_by_api", "shoot"}


def _files():
    files = sorted(BROWSER.glob("*.py"))
    assert len(files) > 20, files
    return files


def test_only_the_page_object_names_the_debug_handle():
    named = [
        f.name for f in _files() if f.name != "handle.py" and "__domino" in f.read_text(encoding="utf-8")
    ]
    assert named == []


def test_turns_moves_and_screenshots_are_defined_once():
    defined = {}
    for f in _files():
        for name in re.findall(r"^def (\w+)\(", f.read_text(encoding="utf-8"), re.M):
            if name in SHARED or name.startswith("play_until"):
                defined.setdefault(name, []).append(f.name)
    assert defined == {name: ["flows.py"] for name in defined}
    assert set(defined) >= SHARED
