"""scripts/memtrace/sitecustomize.py: on PYTHONPATH it traces the Python heap of the table
server's process only (`scripts/bench soak --trace-memory`), and the soak reads its samples."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench_soak import MEMTRACE, python_heap


def _run(tmp_path: Path, *argv: str) -> Path:
    out = tmp_path / "memtrace.txt"
    env = dict(os.environ, PYTHONPATH=str(MEMTRACE), TABLE_MEMTRACE=str(out), TABLE_MEMTRACE_EVERY="0.1")
    code = "import time; keep = [bytes(1000) for _ in range(2000)]; time.sleep(0.5)"
    subprocess.run([sys.executable, "-c", code, *argv], env=env, check=True, timeout=60)
    return out


def test_the_table_servers_heap_is_sampled(tmp_path):
    out = _run(tmp_path, "tabletop", "serve")
    rows = [line.split() for line in out.read_text().splitlines()]
    assert len(rows) >= 3, rows
    seconds, traced, rss_kb = (float(x) for x in rows[-1])
    assert seconds > 0.1 and rss_kb > 1000
    assert traced > 2000 * 1000  # the two thousand kilobyte strings the process holds


def test_no_other_process_is_traced(tmp_path):
    assert not _run(tmp_path, "tabletop", "cpu_worker").exists()


def test_the_soak_reads_the_heap_after_the_warm_up(tmp_path):
    trace = tmp_path / "memtrace.txt"
    lines = [f"{t} {mb * 1_000_000} 90000" for t, mb in [(0, 5), (10, 30), (20, 31), (30, 33)]]
    lines += [f"{t} 32000000 90000" for t in range(40, 100, 10)]
    trace.write_text("\n".join(lines) + "\n")
    heap = python_heap(trace, warmup=10)
    assert heap["low_mb"] == 30 and heap["high_mb"] == 33
    assert heap["after_warmup_mb"] == 31 and heap["end_mb"] == 32
    assert python_heap(tmp_path / "missing.txt", warmup=10) == {}
