"""The soak's short version (`scripts/bench soak` is the hour, `--minutes 1` the minute this test
once ran): 20 rooms x 6 websockets of the served table play for 15 seconds ($SOAK_MINUTES) with
phones that reconnect and ask for hints; no error, no broken socket, no traceback, and the
server's memory grows at most 10 % after the warm-up (the first fifth)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MINUTES = os.environ.get("SOAK_MINUTES", "0.25")
pytestmark = pytest.mark.soak


def test_a_short_soak_has_no_error_and_no_memory_growth():
    cmd = [sys.executable, str(ROOT / "scripts" / "bench_soak.py"), "--minutes", MINUTES, "--json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    print(report)
    assert report["errors"] == {} and report["broken_sockets"] == [], report
    assert report["server_alive"] and report["log_tracebacks"] == 0, report
    # the rooms really played: moves, dealt rounds, phones that came back with their tokens (15 s
    # on a machine loaded by nine other runs: 431 moves, 9 to 13 rounds, 74 reconnections)
    assert report["acts"] >= 150 and report["rounds"] >= 3 and report["reconnects"] >= 1, report
    assert report["growth"] <= 0.10, report
    # the table's own process is part of what the server holds (the rest: the computers' worker)
    assert 0 < report["table_rss_end_mb"] < report["rss_end_mb"], report
    assert done.returncode == 0, done.stderr[-2000:]
