"""The README and docs/: every picture they show is checked in and small, every file they link
to exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MAX_BYTES = 300 * 1024  # a picture a reader's browser loads with the page
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)[^)]*\)|<img\b[^>]*\bsrc=\"([^\"]+)\"")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s#]+)[^)]*\)")


def local(target: str) -> bool:
    return not re.match(r"[a-z]+:", target)


def images(page: Path) -> list[str]:
    return [a or b for a, b in IMAGE.findall(page.read_text())]


def test_the_readme_shows_the_table_and_a_phone():
    shown = images(ROOT / "README.md")
    assert len([s for s in shown if local(s)]) >= 2, shown


def test_every_picture_shown_is_checked_in_and_under_300_kb():
    for page in PAGES:
        for src in images(page):
            assert local(src), f"{page.name}: {src} is not in the repository (the table works offline)"
            path = (page.parent / src).resolve()
            assert path.is_file(), f"{page.name} shows {src}, which is missing"
            size = path.stat().st_size
            assert size <= MAX_BYTES, f"{page.name} shows {src}: {size} bytes, more than {MAX_BYTES}"


def test_every_file_linked_exists():
    for page in PAGES:
        for target in LINK.findall(page.read_text()):
            if local(target):
                assert (page.parent / target).exists(), f"{page.name} links to {target}, which is missing"
