// A line chart drawn at the size it is shown: its units are the screen's pixels (the viewBox
// follows the box CSS gives the <svg>), so its text is the font size CSS sets on it, however
// wide or short the box (a TV's dialog shrunk to fit, a phone). It is drawn again only when that
// box changes size; the box itself never depends on the drawing (CSS gives it its aspect ratio).

const NS = "http://www.w3.org/2000/svg";
const EM_PER_CHAR = 0.7; // a generous width of a bold character, in em, before any is measured

const redraws = new WeakMap();
let observer = null;

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

/** The width of the widest of `texts` at font size f (bold): measured when the chart is on the
 * page, else estimated. */
function widest(svg, texts, f) {
  if (!svg.isConnected) return Math.max(...texts.map((s) => String(s).length * EM_PER_CHAR * f));
  const probes = texts.map((s) => node("text", { "font-size": f, "font-weight": "700" }, String(s)));
  svg.replaceChildren(...probes);
  return Math.max(...probes.map((p) => p.getComputedTextLength()));
}

/** Lays the chart out in a w × h drawing whose text is f units high. */
function draw(svg, spec, w, h, f) {
  const { lines, target, targetLabel } = spec;
  const rounds = Math.max(1, ...lines.map((l) => l.values.length - 1));
  const top = Math.max(1, target || 0, ...lines.flatMap((l) => l.values));
  const stroke = Math.max(2, f * 0.18);
  const thin = Math.max(1.5, f * 0.1);
  const dot = Math.max(3.5, f * 0.36);
  const numberW = widest(svg, [String(rounds).replace(/./g, "8")], f);
  // across: a margin, the plot, a gap, the lines' end labels
  const left = Math.max(dot + 2, f * 0.5);
  const gap = f * 0.6;
  const labelW = widest(svg, lines.map((l) => l.label), f);
  const end = Math.max(left + 1, w - 4 - labelW - gap);
  const x = (i) => left + (i * (end - left)) / rounds;
  // down: room for the target's label (or a dot) above the plot, the round numbers under it
  const topY = target ? f * 1.35 : Math.max(dot + 2, f * 0.6);
  const roundsY = h - f * 0.3; // the round numbers' baseline
  const base = Math.max(topY + 1, roundsY - f * 1.35); // the axis
  const y = (v) => base - (v * (base - topY)) / top;
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
  // the end labels beside each line's last score, pushed apart so equal scores stay readable
  // and kept inside the drawing
  const at = lines.map((l, k) => ({ k, y: y(l.values[l.values.length - 1]) + f * 0.35 })).sort((a, b) => a.y - b.y);
  for (let i = 1; i < at.length; i++) at[i].y = Math.max(at[i].y, at[i - 1].y + f * 1.1);
  const shift = Math.max(0, at.length ? at[at.length - 1].y - (base + f * 0.35) : 0);
  const labelY = {};
  for (const a of at) labelY[a.k] = Math.max(f * 0.85, a.y - shift);
  lines.forEach((l, k) => {
    out.push(node("polyline", { points: l.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), fill: "none", stroke: l.colour, "stroke-width": stroke, "stroke-linejoin": "round" }));
    // a dot at each finished round's score (not at the start's 0)
    l.values.slice(1).forEach((v, i) => out.push(node("circle", { class: "chart-dot", cx: x(i + 1), cy: y(v), r: dot, fill: l.colour, stroke: "#111", "stroke-width": thin })));
    out.push(node("text", { class: "chart-end", x: end + gap, y: labelY[k], fill: l.colour, "font-size": f, "font-weight": "700" }, l.label));
  });
  svg.setAttribute("viewBox", `0 0 ${Math.round(w * 100) / 100} ${Math.round(h * 100) / 100}`);
  svg.replaceChildren(...out);
}

/**
 * A line chart of running totals: spec.lines [{values (from 0, one a round), colour, label (at
 * the line's end)}], spec.target (a dashed line, or null) with spec.targetLabel, spec.aria (its
 * accessible name), spec.size [w, h] (the drawing before the box is measured, and the box's
 * aspect ratio in CSS). Returns the <svg>, which draws itself again at the size it is shown.
 */
export function lineChart(spec, className = "results-chart") {
  const [w, h] = spec.size;
  const svg = node("svg", { class: className, role: "img", "aria-label": spec.aria });
  svg.style.aspectRatio = `${w} / ${h}`; // through the CSSOM (the CSP refuses style attributes)
  // until the box is measured, a drawing of the given size with text in proportion
  draw(svg, spec, w, h, h / 11);
  let drawn = "";
  redraws.set(svg, (bw, bh) => {
    const f = parseFloat(getComputedStyle(svg).fontSize) || 16;
    const key = `${Math.round(bw)}x${Math.round(bh)}@${f}`;
    if (key === drawn) return; // no change: nothing to do
    drawn = key;
    draw(svg, spec, bw, bh, f);
  });
  follow(svg);
  return svg;
}
