"""The seats round the table screen (web/js/parts/seatplaces.js), run in node: at 2 to 10 seats,
both directions of play, walking round the screen clockwise (top row left to right, right side
down, bottom row right to left, left side up) meets the seats in playing order, so the turn
moves round the table and never jumps across it."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

PLACES = Path(__file__).resolve().parents[2] / "web" / "js" / "parts" / "seatplaces.js"

SCRIPT = r"""
const P = await import(process.argv[1]);
const out = {};
for (const dir of ["clockwise", "counterclockwise"])
  for (let n = 2; n <= 10; n++) out[`${dir} ${n}`] = P.seatAreas(n, dir);
console.log(JSON.stringify(out));
"""


def test_every_seat_count_sits_in_playing_order_round_the_screen():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (apt-get install nodejs)")
    run = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, PLACES.as_uri()],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert run.returncode == 0, run.stderr
    for key, areas in json.loads(run.stdout).items():
        direction, n = key.split()
        walk = areas["top"] + areas["right"] + areas["bottom"][::-1] + areas["left"][::-1]
        assert sorted(walk) == list(range(int(n))), key
        start = walk.index(0)
        walk = walk[start:] + walk[:start]
        # clockwise as on a clock face: from seat 0 at the bottom on to the left, the top, the right
        expect = list(range(int(n))) if direction == "clockwise" else [0] + list(range(int(n) - 1, 0, -1))
        assert walk == expect, (key, areas)
        assert 0 in areas["bottom"], key
