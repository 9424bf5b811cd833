// A line chart drawn at the size it is shown: its units are the screen's pixels (the viewBox
// follows the box CSS gives the <svg>), so its text is the font size CSS sets on it, however
// wide or short the box (a TV's dialog shrunk to fit, a phone). It is drawn again only when that
// box changes size; the box itself never depends on the drawing (CSS gives it its aspect ratio).
//
// Each line is named at its end, "name score", when the widest such label (measured as drawn)
// takes at most a quarter of the chart's width; else the names go in a key above the chart and
// the ends say only the score. The end labels never overlap: each takes a row of its own, as
// near its line's last point as the rows around it allow (equal scores one under the other), and
// a thin leader in the line's colour joins a label moved off to its line. When the chart is too
// short for a row a line (ten players on a phone turned sideways, a TV's dialog shrunk to fit),
// the ends stay bare and the key gives each name with its score: a column of labels squeezed
// closer than a line of text, or a fan of crossing leaders, cannot be read from a sofa, a key
// in the page's own text can.

import { el } from "../base/dom.js";

const NS = "http://www.w3.org/2000/svg";
const LABEL_SHARE = 0.25; // the most of the chart's width the names at the lines' ends may take
const ROW_GAP = 0.12; // between two end labels' boxes, in em
const MOVED = 0.3; // a label moved off its line's end by more than this (of a row) has a leader

const redraws = new WeakMap();
let observer = null;
let canvas = null;

/** Draws svg again whenever its box changes size; forgets it once it leaves the page. */
function follow(svg) {
  if (!observer) {
    observer = new ResizeObserver((entries) => {
      for (const { target, contentRect } of entries) {
        if (!target.isConnected) observer.unobserve(target);
        else if (contentRect.width > 0 && contentRect.height > 0) redraws.get(target)?.(contentRect.width, contentRect.height);
      }
    });
  }
  observer.observe(svg);
}

function node(tag, attrs, text = null) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, typeof v === "number" ? String(Math.round(v * 10) / 10) : v);
  if (text !== null) n.textContent = text;
  return n;
}

/**
 * What `texts` measure at font size f (bold unless weight says): {widths, top, height}, top being where the texts'
 * boxes start above their baseline (negative) and height the tallest box's. Measured by the browser: in the
 * chart itself once it is on the page (the font it draws with), before that with a canvas in the
 * page's font.
 */
function measure(svg, texts, f, weight = "700") {
  if (svg.isConnected) {
    const probes = texts.map((s) => node("text", { x: 0, y: 0, "font-size": f, "font-weight": weight }, String(s)));
    svg.replaceChildren(...probes);
    // the tallest box (a name in another script may be drawn in a taller font)
    const boxes = probes.map((p) => p.getBBox());
    const top = Math.min(...boxes.map((b) => b.y));
    return { widths: probes.map((p) => p.getComputedTextLength()), top, height: Math.max(...boxes.map((b) => b.y + b.height)) - top };
  }
  canvas ||= document.createElement("canvas").getContext("2d");
  canvas.font = `${weight} ${f}px ${getComputedStyle(document.body).fontFamily || "sans-serif"}`;
  const m = texts.map((s) => canvas.measureText(String(s)));
  const ascent = m[0].fontBoundingBoxAscent || f * 0.93;
  return { widths: m.map((x) => x.width), top: -ascent, height: ascent + (m[0].fontBoundingBoxDescent || f * 0.24) };
}

/**
 * Rows of height `row` for labels wanted centred at `want` (one a label), inside [lo, hi]:
 * each label's row centre, in the labels' order down the chart kept, none overlapping, each
 * group of labels pushed apart as little as it can be from where its labels want to be.
 */
function spread(want, row, lo, hi) {
  const order = want.map((y, k) => ({ y, k })).sort((a, b) => a.y - b.y || a.k - b.k);
  const groups = []; // {first, n, top}: n rows from top, for order[first ...]
  const place = (g) => {
    let sum = 0;
    for (let j = 0; j < g.n; j++) sum += order[g.first + j].y - (j + 0.5) * row;
    g.top = Math.min(Math.max(sum / g.n, lo), hi - g.n * row);
  };
  order.forEach((_, i) => {
    const g = { first: i, n: 1, top: 0 };
    place(g);
    groups.push(g);
    // merge with the group above while they overlap
    while (groups.length > 1) {
      const [a, b] = groups.slice(-2);
      if (a.top + a.n * row <= b.top + 1e-6) break;
      groups.splice(-2, 2, { first: a.first, n: a.n + b.n, top: 0 });
      place(groups[groups.length - 1]);
    }
  });
  const out = [];
  for (const g of groups) for (let j = 0; j < g.n; j++) out[order[g.first + j].k] = g.top + (j + 0.5) * row;
  return out;
}

/** Lays the chart out in a w × h drawing whose text is f units high. Returns where the names
 * went: "ends" (at the lines' ends), "key" (in the key; the scores at the ends) or "key-scores"
 * (names and scores in the key; nothing at the ends). */
function draw(svg, spec, w, h, f) {
  const { lines, target, targetLabel } = spec;
  const rounds = Math.max(1, ...lines.map((l) => l.values.length - 1));
  const top = Math.max(1, target || 0, ...lines.flatMap((l) => l.values));
  const stroke = Math.max(2, f * 0.18);
  const thin = Math.max(1.5, f * 0.1);
  const dot = Math.max(3.5, f * 0.36);
  const named = lines.map((l) => `${l.name} ${l.score}`);
  const m = measure(svg, [String(rounds).replace(/./g, "8"), ...named, ...lines.map((l) => l.score)], f);
  const numberW = m.widths[0];
  const namedW = Math.max(...m.widths.slice(1, 1 + lines.length));
  const scoreW = Math.max(...m.widths.slice(1 + lines.length));
  // down: room for the target's label (or a dot) above the plot, the round numbers under it
  const topY = target ? f * 1.35 : Math.max(dot + 2, f * 0.6);
  const roundsY = h - f * 0.3; // the round numbers' baseline
  const base = Math.max(topY + 1, roundsY - f * 1.35); // the axis
  const y = (v) => base - (v * (base - topY)) / top;
  const targetW = target ? measure(svg, [targetLabel], f, "400").widths[0] : 0;
  // across: a margin, the plot, a gap (the last round's number half in it, and any leader), the
  // end labels in a column of rows from top to bottom of the drawing (right of the round numbers)
  const left = Math.max(dot + 2, f * 0.5);
  const row = m.height + f * ROW_GAP;
  const ends = lines.map((l) => y(l.values[l.values.length - 1]));
  const columnAt = (labelW, leader) => w - 4 - labelW - Math.max(leader ? f * 1.6 : f * 0.6, numberW / 2 + f * 0.3);
  // the target's label, where it would reach into the labels' column, keeps the rows beside it
  const lo = (labelW) => (target && left + targetW > columnAt(labelW, true) ? y(target) - f * 0.35 + m.top + m.height + f * ROW_GAP : 0);
  const fits = (labelW) => lines.length * row <= h - lo(labelW);
  const mode = !fits(scoreW) ? "key-scores" : namedW <= w * LABEL_SHARE && fits(namedW) ? "ends" : "key";
  const labels = mode === "ends" ? named : lines.map((l) => l.score);
  const labelW = mode === "ends" ? namedW : mode === "key" ? scoreW : 0;
  const at = mode === "key-scores" ? [] : spread(ends, row, lo(labelW), h);
  const leaders = at.some((c, k) => Math.abs(c - ends[k]) > MOVED * row);
  const end = mode === "key-scores" ? w - Math.max(dot + 2, numberW / 2 + 2) : Math.max(left + 1, columnAt(labelW, leaders));
  const x = (i) => left + (i * (end - left)) / rounds;
  const out = [node("line", { class: "chart-axis", x1: left, y1: base, x2: end, y2: base, stroke: "rgba(255,255,255,0.55)", "stroke-width": thin })];
  // every round numbered where there is room, else every few (and always the last)
  const step = (end - left) / rounds;
  const room = numberW + f * 0.5;
  const every = Math.max(1, Math.ceil(room / step));
  for (let n = 1; n <= rounds; n++) {
    if (n !== rounds && (n % every || (rounds - n) * step < room)) continue;
    out.push(node("line", { x1: x(n), y1: base, x2: x(n), y2: base + f * 0.3, stroke: "rgba(255,255,255,0.55)", "stroke-width": thin }));
    out.push(node("text", { class: "chart-round", x: x(n), y: roundsY, fill: "#fff", "font-size": f, "text-anchor": "middle" }, String(n)));
  }
  if (target) {
    const ty = y(target);
    out.push(node("line", { class: "chart-target", x1: left, y1: ty, x2: end, y2: ty, stroke: "#fff", "stroke-width": thin, "stroke-dasharray": `${f * 0.6} ${f * 0.4}` }));
    out.push(node("text", { class: "chart-target-label", x: left, y: ty - f * 0.35, fill: "#fff", "font-size": f }, targetLabel));
  }
  const labelX = w - 4 - labelW;
  lines.forEach((l, k) => {
    out.push(node("polyline", { points: l.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), fill: "none", stroke: l.colour, "stroke-width": stroke, "stroke-linejoin": "round" }));
    // a dot at each finished round's score (not at the start's 0)
    l.values.slice(1).forEach((v, i) => out.push(node("circle", { class: "chart-dot", cx: x(i + 1), cy: y(v), r: dot, fill: l.colour, stroke: "#111", "stroke-width": thin })));
    if (mode === "key-scores") return;
    if (Math.abs(at[k] - ends[k]) > MOVED * row) out.push(node("line", { class: "chart-leader", x1: end + dot + 1, y1: ends[k], x2: labelX - f * 0.25, y2: at[k], stroke: l.colour, "stroke-width": thin }));
    // the text's box centred on its row
    out.push(node("text", { class: "chart-end", x: labelX, y: at[k] - m.height / 2 - m.top, fill: l.colour, "font-size": f, "font-weight": "700" }, labels[k]));
  });
  svg.setAttribute("viewBox", `0 0 ${Math.round(w * 100) / 100} ${Math.round(h * 100) / 100}`);
  svg.replaceChildren(...out);
  return mode;
}

/** The key above the chart: each line's mark in its colour and its name, with its score when
 * the lines' ends say nothing. */
function key(lines, scores) {
  return el(
    "ul.chart-key",
    lines.map((l) => el("li", { style: `--seat-colour: ${l.colour}` }, el("span.chart-key-line", { "aria-hidden": "true" }, l.mark), " ", l.name, scores ? ` ${l.score}` : "")),
  );
}

/**
 * A line chart of running totals: spec.lines [{values (from 0, one a round), colour, mark,
 * name, score (the last value, as said at the line's end)}], spec.target (a dashed line, or
 * null) with spec.targetLabel, spec.aria (its accessible name), spec.size [w, h] (the drawing
 * before the box is measured, and the box's aspect ratio in CSS). Returns a box with the <svg>,
 * which draws itself again at the size it is shown, and the key above it when the names go
 * there. When the key comes or goes once the chart is on the page, the box sends a bubbling
 * "chartlayout" event (the next frame): a dialog fitted to the screen fits itself again.
 */
export function lineChart(spec, className = "results-chart") {
  const [w, h] = spec.size;
  const svg = node("svg", { class: className, role: "img", "aria-label": spec.aria });
  svg.style.aspectRatio = `${w} / ${h}`; // through the CSSOM (the CSP refuses style attributes)
  const box = el("div.results-chartbox", svg);
  let shown = "ends";
  const layout = (mode) => {
    if (mode === shown) return false;
    box.querySelector(".chart-key")?.remove();
    if (mode !== "ends") svg.before(key(spec.lines, mode === "key-scores"));
    shown = mode;
    return true;
  };
  // until the box is measured, a drawing of the given size with text in proportion
  layout(draw(svg, spec, w, h, h / 11));
  let drawn = "";
  redraws.set(svg, (bw, bh) => {
    const f = parseFloat(getComputedStyle(svg).fontSize) || 16;
    const size = `${Math.round(bw)}x${Math.round(bh)}@${f}`;
    if (size === drawn) return; // no change: nothing to do
    drawn = size;
    if (layout(draw(svg, spec, bw, bh, f))) requestAnimationFrame(() => box.dispatchEvent(new Event("chartlayout", { bubbles: true })));
  });
  follow(svg);
  return box;
}
