"""The native-thread handoff under gevent (tabletop/offload.py), in a process of its own: gevent
patches the whole interpreter, so it cannot run inside the test process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    from gevent import monkey
    monkey.patch_all()
    import time, gevent
    from gevent.monkey import get_original
    from tabletop.offload import Offload

    native_sleep = get_original("time", "sleep")
    offload = Offload(2)

    def slow(n):
        native_sleep(0.05)  # blocks its OS thread, not the loop
        return n * n

    def fails():
        raise KeyError("boom")

    ticks = []
    def ticker():
        for _ in range(20):
            ticks.append(time.monotonic())
            gevent.sleep(0.01)

    t = gevent.spawn(ticker)
    started = time.monotonic()
    jobs = [gevent.spawn(offload.run, slow, n) for n in range(8)]
    gevent.joinall(jobs)
    took = time.monotonic() - started
    assert [j.value for j in jobs] == [n * n for n in range(8)], [j.value for j in jobs]
    # two threads, eight jobs of 50 ms: about 200 ms, not 400 (one thread) nor 50 (no limit)
    assert 0.18 < took < 0.39, took
    try:
        offload.run(fails)
    except KeyError as exc:
        assert "boom" in str(exc)
    else:
        raise AssertionError("the job's error was not raised in the caller")
    # a greenlet killed while its job runs is not woken when the job ends; the loop goes on
    g = gevent.spawn(offload.run, slow, 3)
    gevent.sleep(0.01)
    g.kill()
    assert offload.run(slow, 4) == 16
    t.join()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert max(gaps) < 0.045, max(gaps)  # the loop was never held up by a 50 ms job
    offload.close()
    print("ok")
    """
)


def test_offload_runs_jobs_on_native_threads_and_keeps_the_loop_free():
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_offload_without_gevent_runs_in_the_caller():
    from tabletop.offload import Offload

    offload = Offload(1)
    assert offload.run(lambda a, b: a + b, 2, 3) == 5
    offload.close()
