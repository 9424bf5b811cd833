// Where each seat sits round the table screen's board: seat 0 at the bottom, the others round
// the table in the direction of play, so the turn moves round the screen and never across it.
// Pure (no DOM): tests/web/test_seatplaces.py runs it in node.

/** The area (top, left, right, bottom) seat i of n sits in, and its place along that area. */
export function seatArea(i, n, direction) {
  const dir = direction === "counterclockwise" ? -1 : 1;
  // screen coordinates (y down): a growing angle goes clockwise, from the bottom to the left
  const a = Math.PI / 2 + (dir * 2 * Math.PI * i) / n;
  const x = Math.cos(a);
  const y = Math.sin(a);
  // rows left to right, columns top to bottom, each by where the seat is on the circle
  if (y > 0.45) return { area: "bottom", order: x };
  if (y < -0.45) return { area: "top", order: x };
  return { area: x < 0 ? "left" : "right", order: y };
}

/** Every area's seats in screen order (rows left to right, columns top to bottom). */
export function seatAreas(n, direction) {
  const areas = { top: [], left: [], right: [], bottom: [] };
  const placed = [...Array(n).keys()].map((i) => ({ i, ...seatArea(i, n, direction) }));
  placed.sort((a, b) => a.order - b.order);
  for (const p of placed) areas[p.area].push(p.i);
  return areas;
}
