"""axe-core on every page state the browser tests reach, failing on any violation.

axe-core comes from the npm registry into node_modules/ (package.json, installed by scripts/lint
and scripts/test); it is evaluated into the pages by the tests only, never served by the product.
A page is checked each time a test's wait on it returns (the state the test waited for) and once
more when the test ends, unless everything the state shows was checked before in this session on
the same path (a room's code in it aside) at the same viewport width. What it shows is the set
of its elements' shapes: an element's tag, classes, role and ARIA attribute names (no text). A
state that only brings together shapes checked in other states is not checked again: a round's
hundred turns, each with its own mix of tiles, flights and toasts, cost a handful of axe runs.
A page whose app is still loading (`#app[aria-busy]`, the static placeholder) is not a state: how
fast the scripts arrive decides whether a wait sees it.
"""

from __future__ import annotations

import functools
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2.1 A and AA, and axe's best practices (a level-one heading, landmarks)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]

_checked: dict[str, set[str]] = {}  # path|viewport width -> the element shapes axe has checked there

SHAPE_JS = """() => {
  if (document.querySelector('#app[aria-busy="true"]')) return null;
  const own = (el) => el.tagName + '.' + [...el.classList].sort().join('.');
  const seen = new Set();
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;
    const aria = [...el.attributes].map(a => a.name).filter(n => n.startsWith('aria-') || n === 'role' || n === 'tabindex').sort();
    seen.add(own(el) + '[' + aria.join(',') + ']' + (el.getAttribute('role') || ''));
  }
  // a room's code in the path is not part of the page (the table's own `/?room=` is not either)
  const path = location.pathname.replace(/^[/](join|watch)[/][^/]+/, '/$1/<room>');
  return {page: path + '|' + innerWidth, shapes: [...seen]};
}"""

# the state once its entrance animations have ended (a colour half faded in is not the colour)
# (an entrance staged after another, such as the results' moment, starts once the first ends:
# looked for again, up to three times)
RUN_JS = """async (tags) => {
  for (let round = 0; round < 3; round++) {
    const ending = document.getAnimations().filter(a => (a.playState === 'running' || a.pending) && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    if (!ending.length && round > 0) break;
    await Promise.race([Promise.all(ending.map(a => a.finished.catch(() => null))), new Promise(r => setTimeout(r, 3000))]);
    await new Promise(r => setTimeout(r, 120));
  }
  const r = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
}"""


@functools.cache
def _axe_source() -> str:
    if not AXE_JS.exists():
        raise AssertionError(f"{AXE_JS} is missing: run scripts/test (it installs axe-core with npm ci)")
    return AXE_JS.read_text(encoding="utf-8")


class AxeViolations(AssertionError):
    pass


def check(page, where: str = "") -> None:
    """Run axe on the page's current state unless this state was checked before."""
    if page.is_closed():
        return
    try:
        shape = page.evaluate(SHAPE_JS)
    except Exception:  # the page is navigating or closing: its next wait checks it
        return
    if shape is None:  # still loading (its placeholder is aria-busy): the next wait checks it
        return
    shapes = set(shape["shapes"])
    checked = _checked.setdefault(shape["page"], set())
    if shapes <= checked:
        return
    # evaluated through the devtools protocol, so the pages' Content-Security-Policy does not
    # apply to it and nothing is added to the product
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(_axe_source())
    violations = page.evaluate(RUN_JS, TAGS)
    if violations:
        raise AxeViolations(
            f"axe-core: {len(violations)} violation(s) on {page.url} {where}\n"
            + json.dumps(violations, indent=1, ensure_ascii=False)
        )
    checked |= shapes


def watch(page) -> None:
    """Check the page after each wait_for_selector / wait_for_function that returns."""
    for name in ("wait_for_selector", "wait_for_function", "wait_for_url"):
        original = getattr(page, name)

        def waited(*args, _original=original, _name=name, **kwargs):
            result = _original(*args, **kwargs)
            check(page, f"after {_name}{args[:1]!r}")
            return result

        setattr(page, name, waited)
