"""The soak's one-minute version (`scripts/bench soak --minutes 60` is the hour, run by hand):
20 rooms x 6 websockets of the served table play for a minute with phones that reconnect and ask
for hints; no error, no broken socket, no traceback, and the server's memory grows at most 10 %
after the warm-up."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.soak


def test_one_minute_soak_has_no_error_and_no_memory_growth():
    cmd = [sys.executable, str(ROOT / "scripts" / "bench_soak.py"), "--minutes", "1", "--json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    print(report)
    assert report["errors"] == {} and report["broken_sockets"] == [], report
    assert report["server_alive"] and report["log_tracebacks"] == 0, report
    # the rooms really played: moves, dealt rounds, phones that came back with their tokens
    assert report["acts"] >= 300 and report["rounds"] >= 5 and report["reconnects"] >= 1, report
    assert report["growth"] <= 0.10, report
    # the table's own process is part of what the server holds (the rest: the computers' worker)
    assert 0 < report["table_rss_end_mb"] < report["rss_end_mb"], report
    assert done.returncode == 0, done.stderr[-2000:]
