"""The store's group commit under gevent, in a process of its own (gevent patches the whole
interpreter): once a commit ends, the next group's commit starts before the callers of the group
just committed are woken, so the disk never waits for them to answer their clients."""

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
    import sys, gevent
    from tabletop.store import Store

    store = Store(sys.argv[1])
    events, real_run = [], store._disk.run

    def insert(i):
        store._tx(lambda db: db.execute(
            "INSERT INTO rooms (id, name, host_hash, meta, version, game_id, created, updated)"
            " VALUES (?, 'n', 'h', '{}', 0, NULL, 0, 0)", (f"R{i}",)))
        events.append(f"returned {i}")

    def commit(fn, *args):  # the disk thread's COMMIT, with writes arriving while it runs
        n = sum(e.startswith("commit") for e in events) + 1
        events.append(f"commit {n}")
        arriving = {1: (1, 2), 2: (3, 4)}.get(n, ())
        for i in arriving:
            gevent.spawn(insert, i)
        gevent.sleep(0.01)  # they run now, and find a commit under way
        return real_run(fn, *args)

    store._disk.run = commit
    gevent.spawn(insert, 0)
    gevent.sleep(0.5)  # all five written
    # 0 commits alone; 1 leads 1+2; 3 leads 3+4, before 2 (committed with 1) is woken
    assert events.index("commit 3") < events.index("returned 2"), events
    assert sorted(events) == sorted(
        ["commit 1", "commit 2", "commit 3"] + [f"returned {i}" for i in range(5)]), events
    assert {r["id"] for r in Store(sys.argv[1]).load_rooms()} == {f"R{i}" for i in range(5)}
    print("ok")
    """
)


def test_the_next_commit_starts_before_the_last_group_is_woken(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "t.db")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stdout + done.stderr
