"""The pages' debug handle, `window.__domino` (the page controller that pages/*.js expose for
tests and screenshots), as a page object: what a page holds (frame, view, room, seat), waits on
it, and requests sent through the page's own connection.

JavaScript given to `js` and `wait` is one expression in which `D` is the handle and `arg` the
argument: `Domino(page).wait("D.view.round === arg", 2)`; `run` takes statements.
"""

from __future__ import annotations

TIMEOUT = 10_000
HANDLE = "window.__domino"  # for scripts a page runs before its own (add_init_script)

# Resolves once what lies under the selector `within` (the whole page when null) has settled: four
# whole animation frames have passed (what the page draws in a frame, and what that frame asks for
# in the next: a resize seen by the phone's board, which has its line drawn in the next frame and
# a train scrolled into view in the one after) and every animation there that ends has ended (a
# tile dropping in or flying from its seat, a dialog zooming in). Endless ones (a glow) do not
# count. Sizes and overlaps are measured then: a tile mid-drop is drawn 40 px above its place.
SETTLE = """async (within) => {
  // after the frame's every callback, not in the middle of them
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const until = performance.now() + TIMEOUT_MS;
  for (;;) {
    for (let k = 0; k < 4; k++) await frame();
    const root = within ? document.querySelector(within) : document;
    const all = !root ? [] : root === document ? document.getAnimations() : root.getAnimations({subtree: true});
    const moving = all.filter((a) => a.playState === 'running' && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    if (!moving.length) return;
    if (performance.now() > until) throw new Error(`still moving under ${within}: ${moving.length} animations`);
    await Promise.all(moving.map((a) => a.finished.catch(() => null)));
  }
}""".replace("TIMEOUT_MS", str(TIMEOUT))


def _fn(expr: str) -> str:
    return f"(arg) => {{ const D = {HANDLE}; return ({expr}); }}"


class Domino:
    def __init__(self, page):
        self.page = page

    def js(self, expr: str, arg=None):
        """The value of `expr` in the page."""
        return self.page.evaluate(_fn(expr), arg)

    def run(self, body: str, arg=None):
        """Run statements in the page (`return` gives the value)."""
        return self.page.evaluate(f"(arg) => {{ const D = {HANDLE}; {body} }}", arg)

    def wait(self, expr: str, arg=None, timeout: float | None = TIMEOUT) -> None:
        """Wait until `expr` is truthy in the page (timeout None: Playwright's default)."""
        self.page.wait_for_function(_fn(expr), arg=arg, timeout=timeout)

    def settle(self, within: str | None = None) -> None:
        """Wait until the page under `within` (a selector; the whole page when None) has drawn
        what it was given and nothing there moves any more (SETTLE)."""
        self.page.evaluate(SETTLE, within)

    def settled(self, fn: str, within: str | None = None, arg=None):
        """The value of `fn` (a JavaScript function of `arg`) once `within` has settled, called
        in the same task as the last look: nothing is drawn anew between the two, even while
        computers keep playing."""
        return self.page.evaluate(
            f"async ([within, arg]) => {{ await ({SETTLE})(within); return ({fn})(arg); }}", [within, arg]
        )

    # -- what the page holds -------------------------------------------------------------------

    @property
    def frame(self) -> dict:
        return self.js("D.frame")

    @property
    def view(self) -> dict | None:
        return self.js("D.view")

    @property
    def room(self) -> dict:
        return self.js("D.frame.room")

    @property
    def version(self) -> int:
        return self.js("D.frame.version")

    @property
    def seat(self):
        return self.js("D.seat")

    def wait_version_above(self, version: int, timeout: float = TIMEOUT) -> None:
        self.wait("D.frame.version > arg", version, timeout)

    # -- what it sends -------------------------------------------------------------------------

    def request(self, kind: str, payload: dict | None = None):
        """Send a request through the page's connection: None once accepted, else the error."""
        return self.js("D.net.request(arg[0], arg[1]).then(() => null, (e) => e)", [kind, payload or {}])

    def barrier(self) -> None:
        """Return once the server has handled every message this page sent before, and the page
        has had every frame the server sent it before that: the answer to a deal asked for while
        a round is in play, which the server refuses and which changes nothing. What a test
        says did NOT happen is looked at after it, rather than after a sleep."""
        refused = self.request("start_round")
        assert refused is not None and refused["code"] in ("round_in_progress", "not_captain"), refused

    def command(self, kind: str, payload: dict | None = None) -> None:
        """Start the page's own command (errors shown as the page shows them); not waited for."""
        self.js("(D.command(arg[0], arg[1]), null)", [kind, payload or {}])
