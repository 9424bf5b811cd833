"""The line's layout (web/js/parts/linelayout.js) and the last play (lastplay.js), run in node.

Pure modules (no DOM): where every tile of the line goes, in tile units, and which play a board
marks. Each check returns the problems it found; the test asserts there are none.
"""

import json
import shutil
import subprocess
from pathlib import Path

PARTS = Path(__file__).resolve().parents[2] / "web" / "js" / "parts"
LAYOUT = PARTS / "linelayout.js"
LASTPLAY = PARTS / "lastplay.js"

# A line is view.line: [{tile, left, right, double}], left to right, each entry's right number
# equal to the next one's left. `chain` makes one from a list of numbers ([6, 6, 4, 1, 1] lays
# 6-6, 6-4, 4-1, 1-1).
COMMON = r"""
const L = await import(process.argv[1]);
const P = await import(process.argv[2]);
const out = [];
const say = (cond, what) => { if (!cond) out.push(what); };
const chain = (ns) => ns.slice(1).map((n, i) => {
  const left = ns[i];
  return { tile: `${left}-${n}`, left, right: n, double: left === n };
});
// a pseudo-random line of up to n tiles of a double-six set, each tile once (the same each run)
const randomLine = (n, seed) => {
  let x = seed;
  const next = (k) => (x = (x * 1103515245 + 12345) % 2147483648) % k;
  const used = new Set();
  const ns = [next(7)];
  while (ns.length <= n) {
    const at = ns[ns.length - 1];
    const free = [0, 1, 2, 3, 4, 5, 6].filter((m) => !used.has([at, m].sort().join()));
    if (!free.length) break;
    const m = free[next(free.length)];
    used.add([at, m].sort().join());
    ns.push(m);
  }
  return chain(ns);
};
const EPS = 1e-9;
const overlap = (p, q) => Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x) > EPS && Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y) > EPS;
// two rects that share a piece of edge (of positive length)
const touch = (p, q) => {
  const ox = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
  const oy = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
  return (Math.abs(ox) < EPS && oy > EPS) || (Math.abs(oy) < EPS && ox > EPS);
};
// a placed tile's two halves with the number each shows (a: left or top, b: right or bottom)
const halves = (t) => {
  const r = t.rect;
  return t.vertical
    ? [{ x: r.x, y: r.y, w: r.w, h: r.h / 2, n: t.a }, { x: r.x, y: r.y + r.h / 2, w: r.w, h: r.h / 2, n: t.b }]
    : [{ x: r.x, y: r.y, w: r.w / 2, h: r.h, n: t.a }, { x: r.x + r.w / 2, y: r.y, w: r.w / 2, h: r.h, n: t.b }];
};
/** Every placed tile the right size and orientation, none overlapping, and each touching the
 * tile before it in the line with halves that show the same number (beside a double, which is
 * two units long, the far half of the next tile may touch it too). */
const checkLine = (line, placed, what) => {
  say(placed.length === line.length, `${what}: ${placed.length} placed of ${line.length}`);
  const byTile = new Map(placed.map((p) => [p.index, p]));
  for (const p of placed) {
    const long = p.vertical ? p.rect.h : p.rect.w;
    const short = p.vertical ? p.rect.w : p.rect.h;
    say(long === 2 && short === 1, `${what}: ${p.tile} is ${p.rect.w}x${p.rect.h}`);
    say([p.a, p.b].sort().join() === [p.left, p.right].sort().join(), `${what}: ${p.tile} shows ${p.a}-${p.b}`);
  }
  for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) {
    say(!overlap(placed[i].rect, placed[j].rect), `${what}: ${placed[i].tile} overlaps ${placed[j].tile}`);
  }
  for (let i = 1; i < line.length; i++) {
    const p = byTile.get(i - 1);
    const q = byTile.get(i);
    const pairs = [];
    for (const h1 of halves(p)) for (const h2 of halves(q)) if (touch(h1, h2)) pairs.push([h1.n, h2.n]);
    say(pairs.length > 0, `${what}: ${p.tile} and ${q.tile} do not touch`);
    const match = ([m, n]) => m === n && m === line[i].left;
    if (p.double || q.double) say(pairs.some(match), `${what}: ${p.tile} meets ${q.tile} with no ${line[i].left}`);
    else for (const [m, n] of pairs) say(match([m, n]), `${what}: ${p.tile} meets ${q.tile} with ${m} against ${n}`);
  }
};
const indexed = (line) => line.map((e, i) => ({ ...e, index: i }));
"""

CHECKS = r"""
// one straight row when the width allows: 1 unit high, doubles across it
{
  const line = chain([3, 5, 5, 2, 6, 6, 1]);
  const placed = L.layoutLine(indexed(line), 0, 1e6);
  checkLine(line, placed, "straight");
  const box = L.bbox(placed);
  say(box.w === 10 && box.h === 2, `straight: box ${box.w}x${box.h}`);
  for (const p of placed) say(p.double ? p.vertical && p.rect.h === 2 : !p.vertical && p.rect.y === -0.5, `straight: ${p.tile} off the row`);
}
// the first tile laid sits at the origin, the others go both ways from it
{
  const line = chain([4, 1, 2, 2, 6, 0]);
  const placed = L.layoutLine(indexed(line), 2, 1e6);
  const anchor = placed.find((p) => p.index === 2);
  say(anchor.rect.x === -0.5 && anchor.rect.y === -1, `anchor: the double at ${anchor.rect.x},${anchor.rect.y}`);
  say(placed.filter((p) => p.index < 2).every((p) => p.rect.x < 0), "anchor: the left arm is not left");
  say(placed.filter((p) => p.index > 2).every((p) => p.rect.x > 0), "anchor: the right arm is not right");
  checkLine(line, placed, "anchor");
}
// a long line snakes inside the width: the right arm turns down, the left arm up
for (const [n, width, seed] of [[24, 12, 1], [20, 9, 7], [27, 16, 3], [20, 6, 11], [16, 7, 5]]) {
  const line = randomLine(n, seed);
  const anchor = Math.floor(line.length / 3);
  say(line.length >= 14, `random line of ${line.length} tiles only`);
  const placed = L.layoutLine(indexed(line), anchor, width);
  const what = `snake ${n} in ${width}`;
  checkLine(line, placed, what);
  const half = Math.max(3, width / 2 - 0.5);
  // a double may close a row past its end (by one unit), and the tile that turns the corner lies
  // beyond it
  for (const p of placed) say(p.rect.x >= -half - 2 - EPS && p.rect.x + p.rect.w <= half + 2 + EPS, `${what}: ${p.tile} outside the width`);
  say(L.bbox(placed).h > 2, `${what}: no turn`);
  say(placed.filter((p) => p.index > anchor).every((p) => p.rect.y >= -1), `${what}: the right arm goes up`);
  say(placed.filter((p) => p.index < anchor).every((p) => p.rect.y + p.rect.h <= 1), `${what}: the left arm goes down`);
}
// the anchor is the first tile the history played, or a tile on the line the history does not
// hold (laid before it began)
{
  const line = chain([2, 5, 5, 3, 1]);
  const history = [{ seat: 0, play: "5-5" }, { seat: 1, play: "5-3" }, { seat: 0, draw: true }, { seat: 0, play: "2-5" }, { seat: 1, play: "3-1" }];
  say(L.lineAnchor({ line, history }) === 1, `lineAnchor: ${L.lineAnchor({ line, history })}, not 1 (the 5-5)`);
  say(L.lineAnchor({ line, history: history.slice(0, 4) }) === 3, "lineAnchor: not the tile the history lacks");
}
// the preview ghost and the open-end slots join the line where the tile would go
{
  const line = chain([2, 5, 5, 3]);
  const view = { line, ends: { left: 2, right: 3 }, history: [{ seat: 0, play: "5-5" }, { seat: 1, play: "2-5" }, { seat: 0, play: "5-3" }] };
  const none = L.lineEntries(view, {});
  say(none.entries.length === 3 && none.anchor === 1, `entries: ${none.entries.length}, anchor ${none.anchor}`);
  const slots = L.lineEntries(view, { targets: ["left", "right"] });
  say(slots.entries[0].slot === "left" && slots.entries[0].right === 2, "slots: no left slot needing 2");
  say(slots.entries[4].slot === "right" && slots.entries[4].left === 3, "slots: no right slot needing 3");
  say(slots.anchor === 2, `slots: anchor ${slots.anchor}, not the 5-5`);
  const preview = { tile: "6-2", place: { at: "left", entry: { left: 6, right: 2, double: false } } };
  const ghost = L.lineEntries(view, { targets: ["left", "right"], preview });
  say(ghost.entries[0].ghost && ghost.entries[0].tile === "6-2", "ghost: not first");
  say(ghost.entries.filter((e) => e.slot).map((e) => e.slot).join() === "right", "ghost: the left slot stays under the ghost");
  say(ghost.anchor === 2, `ghost: anchor ${ghost.anchor}`);
}
// fitLine: one straight row while its tiles stay big, else the biggest snake that fits
{
  const line = indexed(randomLine(24, 5));
  const sizes = { maxTile: 96, minTile: 14 };
  for (const [w, h] of [[1600, 700], [900, 600], [360, 400], [1200, 160]]) {
    const { s, placed, box } = L.fitLine(line, 5, w, h, sizes);
    say(s <= 96 && s >= 14, `fit ${w}x${h}: tile ${s}`);
    say(s === 14 || ((box.w + 1.6) * s <= w + EPS && (box.h + 1.6) * s <= h + EPS), `fit ${w}x${h}: ${box.w}x${box.h} units of ${s} px do not fit`);
    say(placed.length === line.length, `fit ${w}x${h}: tiles lost`);
  }
  const short = indexed(chain([1, 2, 3, 4]));
  const wide = L.fitLine(short, 0, 1920, 600, sizes);
  say(wide.s === 96 && wide.box.h === 1, `fit: a short line is ${wide.s} px in ${wide.box.h} rows`);
  const phone = L.fitLine(line, 5, 390, 300, { maxTile: 46, minTile: 10, compact: true });
  say((phone.box.w + 0.6) * phone.s <= 390 + EPS, "fit: the phone's line is too wide");
}
// the last play: null once a draw, a pass or a discard came after it; fresh once
{
  const history = [{ seat: 0, play: "6-6" }, { seat: 1, play: "6-4" }];
  const last = P.lastPlay(history);
  say(last && last.play === "6-4" && last.index === 1 && last.seat === 1, `lastPlay: ${JSON.stringify(last)}`);
  say(P.lastPlay([...history, { seat: 0, draw: true }]) === null, "lastPlay after a draw");
  say(P.lastPlay([...history, { seat: 0, pass: true }]) === null, "lastPlay after a pass");
  say(P.lastPlay([...history, { seat: 0, discard: "1-0" }]) === null, "lastPlay after a discard");
  say(P.lastPlay([...history, { seat: 0, done: true }]).play === "6-4", "lastPlay: a done hides the play");
  say(P.lastPlay(undefined) === null, "lastPlay of no history");
  const seen = new P.LastPlaySeen();
  const view = { round: 1, history };
  say(seen.follow(view).fresh === true, "LastPlaySeen: the first sight is not fresh");
  say(seen.follow(view).fresh === false, "LastPlaySeen: the same play twice is fresh");
  say(seen.follow({ round: 2, history }).fresh === true, "LastPlaySeen: a new round's play is not fresh");
  say(seen.follow({ round: 2, history: [...history, { seat: 0, pass: true }] }).fresh === false, "LastPlaySeen: no play is fresh");
}
console.log(JSON.stringify(out));
"""


def _run(script):
    assert shutil.which("node"), "Node.js runs this check (scripts/test installs Debian's nodejs)"
    res = subprocess.run(
        ["node", "--input-type=module", "-e", COMMON + script, LAYOUT.as_uri(), LASTPLAY.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_the_modules_are_pure():
    """No import at all: node loads them as they are, and no page object is touched."""
    for path in (LAYOUT, LASTPLAY):
        src = path.read_text(encoding="utf-8")
        assert "import " not in src, f"{path.name} imports something"
        for name in ("document", "window", "getComputedStyle", "requestAnimationFrame"):
            assert name not in src, f"{path.name} uses {name}"


def test_layout_fit_and_last_play_with_node():
    assert _run(CHECKS) == []


def test_the_checks_catch_a_broken_layout():
    """The same checks find the faults of a layout that lays the right arm one unit apart."""
    broken = r"""
const line = chain([3, 5, 2, 6]);
const placed = L.layoutLine(indexed(line), 0, 1e6).map((p) => p.index === 2 ? { ...p, rect: { ...p.rect, x: p.rect.x + 1 } } : p);
checkLine(line, placed, "broken");
const flipped = L.layoutLine(indexed(line), 0, 1e6).map((p) => p.index === 1 ? { ...p, a: p.b, b: p.a } : p);
checkLine(line, flipped, "flipped");
console.log(JSON.stringify(out));
"""
    problems = _run(broken)
    assert "broken: 5-2 and 2-6 do not touch" in problems
    assert any(p.startswith("flipped: 3-5 meets 5-2 with") for p in problems)
