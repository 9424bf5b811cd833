"""The verifiable shuffle checks out from what the page shows: after the round, the SHA-256 of the
seed on the screen is the commitment on the screen. The seed is a 64-bit number, beyond what a
JavaScript number holds exactly (2^53): it travels and shows as a string."""

from __future__ import annotations

import hashlib
import re

from flows import TIMEOUT
from results_flows import computers_at_table, wait_round_end
from seeds import fixed_seed

SEED = 11788046318252867115  # the audit's: shown as 11788046318252868000 when it was a number


def test_the_seed_on_the_page_hashes_to_the_commitment_on_the_page(live_server, screen):
    table = screen(1920, 1080)
    with fixed_seed(SEED):
        computers_at_table(table, live_server.url, "draw", 2)
        wait_round_end(table, 1)
    block = table.locator(".dlg-results details.seed-block")
    block.locator("summary").click()
    table.wait_for_selector(".dlg-results .seed-block p.seed", state="visible", timeout=TIMEOUT)
    shown_seed = re.findall(r"\d+", block.locator(".seed-summary").inner_text())
    shown_hash = re.findall(r"\b[0-9a-f]{64}\b", block.locator("p.seed").inner_text())
    assert shown_seed == [str(SEED)], shown_seed
    assert shown_hash == [hashlib.sha256(shown_seed[0].encode("ascii")).hexdigest()]
