"""The Content-Security-Policy holds in the browser and the pages live with it: an inline
script is refused, and a table dealing Mexican Train and Draw to the end of a round (the
boards, trains and results set their sizes and colours from scripts) and a phone that joins
raise no violation (`securitypolicyviolation` events, read from the page)."""

from __future__ import annotations

from flows import TIMEOUT
from results_flows import computers_at_table, wait_round_end

WATCH = "window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || e.sample)))"


def test_an_inline_script_is_refused(live_server, screen, page_errors):
    table = screen(1280, 720)
    table.add_init_script(WATCH)
    table.goto(live_server.url + "/")
    # the app has drawn its page: what it reports from now on is this test's refusal alone
    table.wait_for_selector('#app:not([aria-busy="true"])', timeout=TIMEOUT)
    ran = table.evaluate(
        "() => new Promise(done => { const s = document.createElement('script');"
        " s.textContent = 'window.__ran = true'; document.body.append(s);"
        " setTimeout(() => done(window.__ran === true), 200); })"
    )
    assert not ran
    assert any(v.startswith("script-src") for v in table.evaluate("() => window.__csp"))
    # the refusal this test caused is the only one the page reported
    assert len(page_errors) == 1 and "inline script" in page_errors[0]
    page_errors.clear()


def test_the_pages_raise_no_violation(live_server, screen):
    for profile, players in (("mexican-train", 4), ("draw", 3)):
        table = screen(1920, 1080)
        table.add_init_script(WATCH)
        computers_at_table(table, live_server.url, profile, players)
        if profile == "draw":
            wait_round_end(table, 1)
        else:
            table.wait_for_selector(".train-hub, .yard-hub", timeout=TIMEOUT)
        assert table.evaluate("() => window.__csp") == []
