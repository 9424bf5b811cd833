"""Browser tests: a live tabletop server on loopback and Debian's Chromium through Playwright."""

from __future__ import annotations

import logging
import threading

import axecheck
import pytest
from werkzeug.serving import make_server

from tabletop.app import create_app
from tabletop.settings import Settings

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "long: a short version in the suite, the whole one under `scripts/bench long` (flows.LONG)"
    )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS}


class LiveServer:
    """The tabletop app on 127.0.0.1 (port 0), a temporary data folder, computers without delay."""

    def __init__(self, data_dir, **fields):
        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        # base_url must be known before the app exists (it goes into the QR codes): bind first.
        self.server = make_server("127.0.0.1", 0, None, threaded=True)
        self.port = self.server.server_port
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(
            Settings(**{"data": str(data_dir), "computer_delay": 0, "base_url": self.url, **fields})
        )
        self.server.app = self.app
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.app.extensions["tabletop"].shutdown()


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(tmp_path)
    yield server
    server.stop()


@pytest.fixture
def server_with(tmp_path):
    """A factory of live servers with other settings, e.g. server_with(wifi_ssid="Cafe")."""
    made: list[LiveServer] = []

    def make(**fields) -> LiveServer:
        made.append(LiveServer(tmp_path / f"data{len(made)}", **fields))
        return made[-1]

    yield make
    for server in made:
        server.stop()


@pytest.fixture
def page_errors():
    """Script errors of every page a test opens: the test fails if there is any."""
    errors: list[str] = []
    yield errors
    assert not errors, f"script errors in the pages: {errors}"


def watched(page, errors):
    """`page` with its script errors (and what the CSP refused) going to `errors`, and
    axe-core run at each wait that returns (axecheck.py). Every page a test opens is one."""
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # what the Content-Security-Policy refused (an inline style or script) fails the test too
    page.on(
        "console",
        lambda m: (
            errors.append(m.text) if m.type == "error" and "Content Security Policy" in m.text else None
        ),
    )
    axecheck.watch(page)
    return page


def close_checked(contexts):
    """Check the state every page ended in with axe-core, then close the contexts."""
    try:
        for ctx in contexts:
            for page in ctx.pages:
                axecheck.check(page, "where the test ended")
    finally:
        for ctx in contexts:
            ctx.close()


@pytest.fixture
def phone(browser, playwright, page_errors):
    """A factory of touch phone contexts (Pixel 7); each call is a separate device."""
    made = []

    def make(lang="en", **extra):
        opts = dict(playwright.devices["Pixel 7"])
        opts.update(locale=lang, **extra)
        ctx = browser.new_context(**opts)
        made.append(ctx)
        return watched(ctx.new_page(), page_errors)

    yield make
    close_checked(made)


@pytest.fixture
def screen(browser, page_errors):
    """A factory of big-screen contexts (the TV, or a laptop for single-device play)."""
    made = []

    def make(width=1920, height=1080, lang="en", **extra):
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale=lang, **extra)
        made.append(ctx)
        return watched(ctx.new_page(), page_errors)

    yield make
    close_checked(made)
