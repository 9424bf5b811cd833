"""The night's pairing worker process (tabletop/pairing_worker.py, served on gevent): the same
round as paired in the server, from a process that imports the pure tournament package and
none of the server (no flask, gevent, engine or rooms)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import tabletop
from tabletop.night import pairing_offload
from tabletop.tournament import Settings, join, new, paired_data, to_data

SERVER_ONLY = {"flask", "flask_sock", "werkzeug", "gevent", "greenlet", "engine", "players", "sqlite3"}


def thirty_two_players():
    t = new(Settings("swiss", 4, 8, 5, seed=3))
    for i in range(32):
        t, _ = join(t, f"Player {i}")
    return t


def test_a_round_is_paired_in_the_workers_process_as_on_the_serving_thread():
    t = thirty_two_players()
    worker = pairing_offload()
    try:
        away = worker.run(paired_data, to_data(t))
        pid = worker._proc.pid
    finally:
        worker.release()  # as the night does after each round
    assert away == paired_data(to_data(t)) and len(away["rounds"][0]["tables"]) == 8
    assert worker._proc is None and not Path(f"/proc/{pid}").exists()
    worker.close()


def test_the_pairing_worker_imports_the_tournament_package_and_nothing_of_the_server():
    t = thirty_two_players()
    command = pairing_offload().command()
    command[1:1] = ["-X", "importtime"]  # every module the process imports, on stderr
    package_parent = str(Path(tabletop.__file__).resolve().parents[1])
    request = json.dumps({"id": 7, "job": "paired_data", "args": [to_data(t)]}) + "\n"
    done = subprocess.run(
        command,
        input=request.encode(),
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=package_parent),
        timeout=120,
        check=True,
    )
    assert json.loads(done.stdout) == {"id": 7, "ok": paired_data(to_data(t))}
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.decode().splitlines()
        if line.startswith("import time:") and not line.endswith("imported package")
    }
    assert "tabletop.tournament.pairing" in imported
    assert not {name for name in imported if name.split(".")[0] in SERVER_ONLY}
    ours = {name for name in imported if name.split(".")[0] == "tabletop"}
    allowed = {"tabletop", "tabletop.line_worker", "tabletop.pairing_worker", "tabletop.tournament"}
    assert {n for n in ours if n not in allowed and not n.startswith("tabletop.tournament.")} == set()
