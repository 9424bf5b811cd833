"""`scripts/bench moves`, short: every message of its rooms goes through the server's path and is
answered without an error, and each socket's frames are the room's views."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_run_plays_its_moves_without_an_error(tmp_path):
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "bench_moves.py"),
            "--rooms",
            "2",
            "--moves",
            "60",
            "--repeat",
            "1",
            "--json",
            "--data",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path)},
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    (run,) = result["runs"]
    assert result["rooms"] == 2
    assert run["moves"] >= 60 and run["errors"] == 0
    assert run["cpu_us_per_move"] > 0
    assert run["view_bytes"] > 1000  # a Draw round's view with its room summary
