"""The pages' debug handle, `window.__domino` (the page controller that pages/*.js expose for
tests and screenshots), as a page object: what a page holds (frame, view, room, seat), waits on
it, and requests sent through the page's own connection.

JavaScript given to `js` and `wait` is one expression in which `D` is the handle and `arg` the
argument: `Domino(page).wait("D.view.round === arg", 2)`; `run` takes statements.
"""

from __future__ import annotations

TIMEOUT = 10_000
HANDLE = "window.__domino"  # for scripts a page runs before its own (add_init_script)


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

    def command(self, kind: str, payload: dict | None = None) -> None:
        """Start the page's own command (errors shown as the page shows them); not waited for."""
        self.js("(D.command(arg[0], arg[1]), null)", [kind, payload or {}])
