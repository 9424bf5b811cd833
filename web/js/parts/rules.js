// The Rules panel: a profile's facts at a glance (from GET /api/profiles, engine.catalogue),
// small pictures that teach (an opening, matching ends, a draw, a pass or a face-down discard,
// a scoring example, six-love's hard ends, Mexican Train's engine and markers), then the full
// text (locales rules.<profile>, RULES.md's wording) and what holds at every table.
// The pictures are drawn here from example data with the tiles of tiles.js; their words come
// from the locales. The example tiles illustrate; no rule is decided here.

import { tileSVGString } from "../tiles.js";
import { t, tParagraphs, getLanguage } from "../i18n.js";
import { el, icon } from "../base/dom.js";
import { profileName } from "../base/words.js";
import { seatColour, seatMark } from "./seatlook.js";

const S = 40; // a tile's short side in picture units (the long side is 80)
const NAMES = ["Siti", "Ola", "Ana"]; // people in the examples

const pipsOf = (tiles) => tiles.reduce((sum, x) => sum + x.split("-").map(Number).reduce((a, b) => a + b, 0), 0);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// -- drawing -------------------------------------------------------------------------------------
// A picture is a list of items in picture units:
//   {tile: "6-4", x, y, v (vertical), down (face down), hl (tiles.js highlight), dim}
//   {badge: 4, x, y}          an open end's number, as on the table
//   {arrow: [x1, y1, x2, y2]}
//   {text, x, y, size, colour, anchor}
//   {marker: true, x, y}      a train's marker (the table's train icon)
//   {hub: true, x, y, r}

function tileItem(it) {
  const [a, b] = it.down ? [0, 0] : it.tile.split("-").map(Number);
  const svg = tileSVGString(a, b, { size: S, orientation: it.v ? "vertical" : "horizontal", faceDown: !!it.down, highlight: it.hl || false, label: null });
  return `<g transform="translate(${it.x} ${it.y})"${it.dim ? ' opacity="0.45"' : ""}>${svg}</g>`;
}

function markerItem(it) {
  const paths = icon("train").querySelector("svg");
  const inner = paths ? paths.innerHTML : "";
  return (
    `<g transform="translate(${it.x - 22} ${it.y - 22})"><rect width="44" height="44" rx="10" fill="#f5b301"/>` +
    `<g transform="translate(4 4) scale(1.5)" fill="none" stroke="#14110a" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</g></g>`
  );
}

function item(it) {
  if (it.tile) return tileItem(it);
  if (it.badge !== undefined) {
    return `<g class="pic-badge"><circle cx="${it.x}" cy="${it.y}" r="23" fill="#f5b301" stroke="#14110a" stroke-width="3"/><text x="${it.x}" y="${it.y + 11}" text-anchor="middle" font-size="32" font-weight="900" fill="#14110a">${it.badge}</text></g>`;
  }
  if (it.arrow) {
    const [x1, y1, x2, y2] = it.arrow;
    const ang = Math.atan2(y2 - y1, x2 - x1);
    const head = [ang + 2.6, ang - 2.6].map((a) => `${(x2 + 16 * Math.cos(a)).toFixed(1)},${(y2 + 16 * Math.sin(a)).toFixed(1)}`);
    return `<g class="pic-arrow" stroke="#f5b301" stroke-width="5" fill="#f5b301" stroke-linecap="round"><line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke-dasharray="10 8"/><polygon points="${x2},${y2} ${head.join(" ")}" stroke-width="2"/></g>`;
  }
  if (it.marker) return markerItem(it);
  if (it.hub) return `<circle cx="${it.x}" cy="${it.y}" r="${it.r}" fill="rgba(255,255,255,0.08)" stroke="rgba(255,255,255,0.55)" stroke-width="4"/>`;
  if (it.text !== undefined) {
    return `<text x="${it.x}" y="${it.y}" font-size="${it.size || 32}" font-weight="800" fill="${it.colour || "#fff"}" text-anchor="${it.anchor || "start"}">${esc(it.text)}</text>`;
  }
  return "";
}

function picture(name, items, w, h, caption) {
  const svg = `<svg class="rules-pic-svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(caption)}">${items.map(item).join("")}</svg>`;
  return el("figure.rules-pic", { dataset: { pic: name } }, el("div.rules-pic-art", { html: svg }), el("figcaption", caption));
}

/** Tiles laid left to right from x (doubles crosswise), with the line's end numbers as badges. */
function line(tiles, x, y, { badges = true, gap = 4 } = {}) {
  const out = [];
  let at = x;
  for (const tile of tiles) {
    const [a, b] = tile.split("-").map(Number);
    if (a === b) {
      out.push({ tile, x: at, y: y - S / 2, v: true });
      at += S + gap;
    } else {
      out.push({ tile, x: at, y });
      at += 2 * S + gap;
    }
  }
  if (badges) {
    const first = tiles[0].split("-").map(Number)[0];
    const last = tiles[tiles.length - 1].split("-").map(Number)[1];
    out.push({ badge: first, x: x - 30, y: y + S / 2 }, { badge: last, x: at + 26, y: y + S / 2 });
  }
  return { items: out, end: at };
}

function hand(tiles, x, y, opts = {}) {
  return tiles.map((tile, i) => ({ tile, x: x + i * (S + 8), y, v: true, ...(opts[tile] || {}) }));
}

const who = (i, x, y, anchor = "start") => ({ text: `${seatMark(i)} ${NAMES[i]}`, x, y, colour: seatColour(i), anchor, size: 34 });

// -- the pictures --------------------------------------------------------------------------------

function openingPic(facts) {
  const d = facts.opening_double;
  const lead = d === null || d === undefined ? "5-5" : `${d}-${d}`;
  const hands = d === 0 ? [["3-1", "0-0", "6-2"], ["4-4", "5-3", "2-1"]] : d === 6 ? [["3-1", "6-6", "6-2"], ["4-4", "5-3", "2-1"]] : [["3-1", "5-5", "6-2"], ["2-2", "6-3", "4-0"]];
  const items = [who(0, 10, 34), ...hand(hands[0], 10, 50, { [lead]: { hl: "selected" } }), who(1, 10, 194), ...hand(hands[1], 10, 210)];
  const ix = 10 + hands[0].indexOf(lead) * (S + 8) + S / 2;
  items.push({ hub: true, x: 400, y: 150, r: 78 }, { tile: lead, x: 380, y: 110, v: true, hl: "last" }, { arrow: [ix + 28, 90, 360, 140] });
  let caption = t(`rules.pic.opening.${facts.name}`, { tile: lead });
  // "4 × 6 or 5 × 5" in the reader's words (Intl.ListFormat knows each language's "or")
  const deals = facts.lot && new Intl.ListFormat(getLanguage(), { type: "disjunction" }).format(facts.lot.values.map((v) => v.replace("x", " × ")));
  if (facts.lot) caption += " " + t("rules.pic.opening_lot", { deals });
  return picture("opening", items, 500, 300, caption);
}

function matchPic() {
  const row = line(["2-6", "6-6", "6-4"], 50, 70);
  const items = [...row.items, { tile: "4-1", x: row.end - 40, y: 190, hl: "fit" }, { arrow: [row.end - 10, 185, row.end + 10, 124] }, { tile: "5-3", x: 60, y: 190, dim: true }];
  return picture("match", items, row.end + 60, 250, t("rules.pic.match", { tile: "4-1", end: 4 }));
}

function drawPic() {
  const row = line(["6-3", "3-6"], 60, 40);
  const items = [...row.items, { text: t("table.boneyard"), x: 20, y: 150, size: 28 }];
  for (let i = 0; i < 3; i++) items.push({ tile: "0-0", down: true, x: 20 + i * 10, y: 165 - i * 6 });
  items.push({ arrow: [150, 210, 260, 210] }, ...hand(["5-2", "1-0"], 280, 170), { tile: "6-1", x: 380, y: 170, v: true, hl: "fit" }, { arrow: [400, 165, 350, 96] });
  return picture("draw", items, 460, 260, t("rules.pic.draw"));
}

function passPic() {
  const row = line(["6-3", "3-6"], 60, 40);
  const items = [...row.items, ...hand(["5-2", "1-0", "4-4"], 40, 160, { "5-2": { dim: true }, "1-0": { dim: true }, "4-4": { dim: true } })];
  items.push({ text: `“${t("hand.pass")}”`, x: 225, y: 215, size: 36, colour: "#f5b301" });
  return picture("pass", items, 440, 260, t("rules.pic.pass"));
}

function discardPic() {
  const row = line(["6-3", "3-6"], 60, 40);
  const items = [...row.items, ...hand(["5-2", "1-0"], 40, 160, { "5-2": { hl: "selected" } })];
  items.push({ arrow: [90, 250, 250, 250] }, { text: t("results.discards"), x: 270, y: 150, size: 28 }, { tile: "0-0", down: true, x: 280, y: 165, v: true }, { tile: "0-0", down: true, x: 330, y: 165, v: true });
  return picture("discard", items, 440, 270, t("rules.pic.discard"));
}

/** A reveal: per person a name, their tiles (face-down discards after a bar) and the count. */
function countRows(rows, w) {
  const items = [];
  rows.forEach((r, i) => {
    const y = 20 + i * 110;
    items.push(who(i, 10, y + 50));
    let x = 130;
    if (!r.hand.length && !r.down) items.push({ text: "✓", x, y: y + 56, size: 40, colour: "#9ccc65" });
    for (const tile of r.hand) {
      items.push({ tile, x, y: y + 10, v: true });
      x += S + 8;
    }
    if (r.down) {
      items.push({ text: "|", x: x + 4, y: y + 62, size: 44, colour: "rgba(255,255,255,0.6)" });
      x += 24;
      for (const tile of r.down) {
        items.push({ tile, x, y: y + 10, v: true, hl: "last" });
        x += S + 8;
      }
    }
    items.push({ text: String(pipsOf([...r.hand, ...(r.down || [])])), x: w - 20, y: y + 62, size: 40, anchor: "end", colour: r.best ? "#f5b301" : "#fff" });
  });
  return items;
}

function scorePic(facts) {
  if (facts.score_kind === "round_wins") {
    const rows = [
      { hand: [], down: ["6-5", "4-4"] },
      { hand: ["1-0"], best: true },
      { hand: ["3-2", "4-1"] },
    ];
    const caption = t("rules.pic.score_gaple", { out: NAMES[0], outcount: pipsOf(rows[0].down), winner: NAMES[1], low: pipsOf(rows[1].hand) });
    return picture("score", countRows(rows, 520), 520, 340, caption);
  }
  if (facts.score_kind === "team_points") {
    // team A goes out while B has 0: A scores; B goes out while A has points: both back to 0
    const items = [
      { tile: "4-1", x: 10, y: 38, hl: "last" },
      { text: "A 2 : 0 B", x: 110, y: 70, size: 38 },
      { arrow: [300, 58, 340, 58] },
      { text: "3 : 0", x: 360, y: 70, size: 38, colour: "#f5b301" },
      { tile: "2-0", x: 10, y: 158, hl: "last" },
      { text: "A 2 : 0 B", x: 110, y: 190, size: 38 },
      { arrow: [300, 178, 340, 178] },
      { text: "0 : 0", x: 360, y: 190, size: 38, colour: "#ef5350" },
    ];
    return picture("score", items, 480, 230, t("rules.pic.score_six_love", { target: facts.target }));
  }
  const others = facts.max_pip >= 12 ? [["12-11", "5-0"], ["6-6"]] : [["6-4", "3-2"], ["5-5"]];
  const rows = [{ hand: [], best: true }, { hand: others[0] }, { hand: others[1] }];
  const items = countRows(rows, 520);
  if (facts.score_kind === "pips") {
    const caption = t("rules.pic.score_pips", { name: NAMES[0], a: pipsOf(others[0]), b: pipsOf(others[1]), rounds: facts.rounds });
    return picture("score", items, 520, 340, caption);
  }
  const a = pipsOf(others[0]);
  const b = pipsOf(others[1]);
  items.push({ text: `+${a + b}`, x: 320, y: 76, size: 44, colour: "#f5b301" });
  const caption = t("rules.pic.score_domino", { name: NAMES[0], a, b, sum: a + b }) + " " + t("rules.fact.target", { target: facts.target });
  return picture("score", items, 520, 340, caption);
}

function hardEndsPic() {
  const row = line(["5-1", "1-4", "4-3"], 60, 60);
  const items = [...row.items, { text: "7/8", x: 30, y: 160, size: 34, anchor: "middle", colour: "#f5b301" }, { text: "7/8", x: row.end + 26, y: 160, size: 34, anchor: "middle", colour: "#f5b301" }];
  items.push({ tile: "5-3", x: row.end / 2 - 40, y: 200, hl: "fit" }, { text: "+2", x: row.end / 2 + 70, y: 232, size: 44, colour: "#f5b301" });
  return picture("hard-ends", items, row.end + 70, 260, t("rules.pic.hard_ends", { a: 5, b: 3, tile: "5-3" }));
}

function enginePic(facts) {
  const top = facts.max_pip;
  const items = [{ hub: true, x: 130, y: 130, r: 100 }, { tile: `${top}-${top}`, x: 110, y: 90, v: true, hl: "last" }];
  // the next rounds' engines, smaller steps down to 0-0
  items.push({ tile: `${top - 1}-${top - 1}`, x: 270, y: 90, v: true }, { tile: `${top - 2}-${top - 2}`, x: 330, y: 90, v: true, dim: true });
  items.push({ text: "…", x: 405, y: 140, size: 40, anchor: "middle" }, { tile: "0-0", x: 440, y: 90, v: true, dim: true });
  const caption = t("rules.pic.engine", { first: `${top}-${top}`, second: `${top - 1}-${top - 1}`, last: "0-0", rounds: facts.rounds });
  return picture("engine", items, 500, 260, caption);
}

function trainsPic(facts) {
  const e = facts.max_pip;
  const items = [{ hub: true, x: 90, y: 170, r: 66 }, { tile: `${e}-${e}`, x: 70, y: 130, v: true }];
  // three trains leave the hub: your own, the Mexican Train, another player's with a marker
  const trains = [
    { y: 40, tiles: [`${e}-5`, "5-9"], label: t("hand.train_mexican"), end: 9, hl: "fit" },
    { y: 150, tiles: [`${e}-3`, "3-7"], label: `${seatMark(0)} ${NAMES[0]}`, end: 7, colour: seatColour(0), hl: "fit" },
    { y: 260, tiles: [`${e}-8`], label: `${seatMark(1)} ${NAMES[1]}`, end: 8, colour: seatColour(1), marker: true, hl: "fit" },
  ];
  for (const tr of trains) {
    let x = 180;
    for (const tile of tr.tiles) {
      items.push({ tile, x, y: tr.y });
      x += 2 * S + 4;
    }
    items.push({ badge: tr.end, x: x + 24, y: tr.y + S / 2 }, { text: tr.label, x: 180, y: tr.y - 8, size: 32, colour: tr.colour || "#fff" });
    if (tr.marker) items.push({ marker: true, x: x + 80, y: tr.y + S / 2 });
  }
  return picture("trains", items, 560, 320, t("rules.pic.trains", { name: NAMES[1] }));
}

function trainDrawPic(facts) {
  const e = facts.max_pip;
  const items = [{ text: `${seatMark(0)} ${NAMES[0]}`, x: 20, y: 34, size: 32, colour: seatColour(0) }, { tile: `${e}-9`, x: 20, y: 50 }, { badge: 9, x: 130, y: 70 }];
  items.push({ text: t("table.boneyard"), x: 20, y: 160, size: 32 });
  for (let i = 0; i < 3; i++) items.push({ tile: "0-0", down: true, x: 20 + i * 10, y: 175 - i * 6 });
  items.push({ arrow: [150, 220, 230, 220] }, { tile: "4-2", x: 250, y: 180, v: true, dim: true }, { text: `“${t("hand.pass")}”`, x: 375, y: 236, size: 32, colour: "#f5b301", anchor: "middle" });
  items.push({ arrow: [330, 120, 200, 74] }, { marker: true, x: 360, y: 110 });
  return picture("train-draw", items, 475, 280, t("rules.pic.train_draw"));
}

// The pictures of a rule only some profiles have, by the name their catalogue entry gives them
// (`pictures`); a name this client does not know draws nothing.
const OWN_PICTURES = { "hard-ends": hardEndsPic };

/** The pictures of a profile, from its catalogue entry: those of its family and its stuck move,
 * then those of its own rules, then the scoring. */
function pictures(facts) {
  const stuck = { draw: drawPic, pass: passPic, discard: discardPic }[facts.stuck] || passPic;
  const pics = facts.family === "train" ? [enginePic(facts), trainsPic(facts), trainDrawPic(facts)] : [openingPic(facts), matchPic(), stuck(facts)];
  for (const name of facts.pictures || []) if (OWN_PICTURES[name]) pics.push(OWN_PICTURES[name](facts));
  pics.push(scorePic(facts));
  return pics;
}

// -- the facts at a glance -----------------------------------------------------------------------

/** "2–4" for consecutive counts, "4" for one. */
const span = (ns) => (ns.length > 1 ? `${ns[0]}–${ns[ns.length - 1]}` : String(ns[0]));

function dealLines(facts) {
  const counts = facts.seats.counts;
  const sizes = facts.hand_size.sizes;
  // consecutive seat counts with the same hand size read as one line ("2–4 players: 15 tiles")
  const opt = (facts.options || []).find((o) => o.name === facts.seats.option);
  const values = opt ? opt.choices.map((c) => String(c).toLowerCase()) : Object.keys(sizes);
  const groups = [];
  for (const value of values) {
    const g = groups[groups.length - 1];
    const n = counts[value];
    if (g && g.size === sizes[value] && g.seats[g.seats.length - 1] === n - 1) g.seats.push(n);
    else groups.push({ size: sizes[value], seats: [n] });
  }
  return groups.map((g) => t("rules.fact.deal", { players: span(g.seats), count: g.size }));
}

function factsBox(facts) {
  const tiles = ((facts.max_pip + 1) * (facts.max_pip + 2)) / 2;
  const lines = [t("rules.fact.set", { count: tiles, max: facts.max_pip }), ...dealLines(facts)];
  if (facts.teams) lines.push(t(facts.teams.option ? "rules.fact.teams_option" : "rules.fact.teams"));
  if (facts.rounds) lines.push(t("rules.fact.rounds", { rounds: facts.rounds }));
  else if (facts.target) lines.push(t(facts.score_kind === "team_points" ? "rules.fact.team_target" : "rules.fact.target", { target: facts.target }));
  else if (facts.score_kind === "round_wins") lines.push(t("rules.fact.round_wins"));
  lines.push(t(`rules.fact.stuck_${facts.stuck}`));
  lines.push(facts.direction === "counterclockwise" ? `↺ ${t("table.direction_ccw")}` : `↻ ${t("table.direction_cw")}`);
  return el("ul.rules-facts", lines.map((x) => el("li", x)));
}

// -- the panel -----------------------------------------------------------------------------------

/** The rules of a profile: `facts` is its GET /api/profiles entry (null: only the text). */
export function rulesBody(profile, facts = null) {
  const body = el("div.rules-body", { dataset: { profile: profile || "" } });
  if (profile && facts) {
    body.append(factsBox(facts));
    body.append(el("div.rules-pics", pictures(facts)));
    body.append(el("h3", t("rules.full_title")));
  }
  if (profile) {
    for (const p of tParagraphs(`rules.${profile}`)) body.append(el("p", p));
  }
  body.append(el("h3", t("rules.common.title")));
  for (const p of tParagraphs("rules.common")) body.append(el("p", p));
  return body;
}

export function rulesTitle(profile) {
  return profile ? t("rules.title", { profile: profileName(profile) }) : t("app.rules");
}
