// Mexican Train on the big screen: the hub with the round's engine double large, the boneyard
// and the round beside it, and every train as a row (one or two columns) that fills the board.
// Each row shows its owner (colour and mark), its marker, its last tiles (a long train collapses
// its first ones into "+7"), its open number as a big badge, and, during a turn, whether the seat
// on turn may lay on it: `view.trains.playable`, from the server (no rules here).
//
//   drawYard(board, view, opts, w, h)   called by Board when it draws trains on the TV

import { tileSVGString } from "../tiles.js";
import { t, tileName } from "../i18n.js";
import { el, clear, icon } from "../base/dom.js";
import { seatName } from "../base/words.js";
import { seatColour, seatMark } from "./seatlook.js";

// A row in tile units (s = a tile's short side): tiles are 2 high, plus a little room; rows
// may close up to TIGHT before the trains go into two columns.
const ROW_UNITS = 2.2;
const TIGHT = 2.06;
// the longest tile the TV shows, as a share of the window height (bigger only collapses more)
const MAX_LONG = 100 / 1080;
// a row keeps room for at least this many tiles (in tile units) beside its "+n" chip
const MIN_TRAIN_UNITS = 4 * 2.02 + 2;

/** Tile size and columns: the biggest tiles that fit, never shorter than minLong; two columns
 * only when the rows do not fit one above the other. In two columns a row is stacked (its owner
 * and badge on a line of `lineH` px above its tiles), so its tiles get the column's width.
 * tilesW(cols): the room for a row's tiles. */
export function fitYard(nRows, h, minLong, maxLong, lineH, tilesW) {
  const sMin = minLong / 1.92;
  const sMax = Math.max(sMin, maxLong / 1.92);
  const cols = nRows * TIGHT * sMin <= h ? 1 : 2;
  const perCol = Math.ceil(nRows / cols);
  const extra = cols > 1 ? lineH : 0;
  const s = Math.min(sMax, (h / perCol - extra) / ROW_UNITS, tilesW(cols) / MIN_TRAIN_UNITS);
  return { s: Math.max(s, sMin), cols, perCol };
}

function owner(train, room) {
  if (train === "mexican") return { name: t("table.mexican_train"), colour: "#ffffff", mark: null };
  return { name: seatName(room, train), colour: seatColour(train), mark: seatMark(train) };
}

export function drawYard(board, view, opts, w, h) {
  const tr = view.trains;
  const { room } = opts;
  const last = board._lastPlay(view);
  const rows = tr.personal.map((p, i) => ({ train: i, tiles: p.tiles, end: p.end, marker: p.marker }));
  rows.push({ train: "mexican", tiles: tr.mexican.tiles, end: tr.mexican.end, marker: false });
  const fs = parseFloat(getComputedStyle(board.root).fontSize) || 16;
  const minLong = board.minLong();
  const hubW = 4.8 * fs;
  const labelW = 7.4 * fs; // "Computer 10" on one line at 1080p
  const pad = 0.6 * fs;
  const colW = (cols) => (w - hubW - pad) / cols - (cols > 1 ? 0.4 * fs : 0);
  // beside the tiles: the owner and the end (one column); below them (two columns, stacked)
  const tilesFor = (cols) => (cols > 1 ? colW(cols) - 1.2 * fs : colW(cols) - labelW - 5.4 * fs);
  const lineH = 1.25 * fs;
  const { s, cols, perCol } = fitYard(rows.length, h - pad, minLong, window.innerHeight * MAX_LONG, lineH, tilesFor);
  const tilesW = tilesFor(cols);
  const rowH = cols > 1 ? (h - pad) / perCol : Math.min((h - pad) / perCol, 3.1 * s);
  const playable = new Set((tr.playable || []).map(String));
  const onTurn = view.phase === "play" && view.turn !== null && view.turn !== undefined;
  const ctx = { s, labelW: cols > 1 ? 0 : labelW, tilesW, rowH, last, playable, onTurn, room, opts, view };

  const yard = el(`div.yard${cols > 1 ? ".yard--stacked" : ""}`, {
    style: `--yard-cols:${cols};--yard-rows:${perCol};--turn-colour:${onTurn ? seatColour(view.turn) : "#fff"}`,
    dataset: { cols: String(cols) },
  });
  yard.append(hub(tr, view, s, hubW, fs));
  const list = el("div.yard-rows");
  const made = rows.map((row) => trainRow(board, row, ctx));
  list.append(...made.map((m) => m.node));
  yard.append(list);
  clear(board.layer);
  board.layer.style.width = `${w}px`;
  board.layer.style.height = `${h}px`;
  board.layer.append(yard);
  // every row's tile box is equally wide (fixed label and end): measure one, then fill them all
  const space = made.length ? made[0].tiles.clientWidth : tilesW;
  for (const m of made) fillTiles(board, m.tiles, m.row, s, space, last, m.uncovered);
  board.tileSize = s;
}

/** The engine double large, the boneyard (where drawn tiles come from), the round, and the
 * double that must be covered. */
function hub(tr, view, s, hubW, fs) {
  const box = el("div.yard-hub", { style: `width:${hubW.toFixed(0)}px` });
  const short = Math.min(hubW * 0.56, 1.6 * s, 3.4 * fs); // the round's engine, large
  const engine = el("div.train-hub.yard-engine");
  if (tr.engine) {
    const [e] = tr.engine.split("-").map(Number);
    engine.innerHTML = tileSVGString(e, e, { orientation: "vertical", size: short, label: t("table.engine", { tile: tileName(tr.engine) }) });
    engine.dataset.tile = tr.engine;
  } else {
    engine.append(el("span.yard-engine-empty", { style: `width:${short.toFixed(0)}px;height:${(2 * short).toFixed(0)}px` }));
  }
  const pile = el(
    "div.yard-boneyard",
    { dataset: { boneyard: "" }, title: t("table.boneyard_count", { count: view.boneyard }), "aria-label": t("aria.boneyard", { count: view.boneyard }) },
    el("span.yard-boneyard-back", { html: tileSVGString(0, 0, { faceDown: true, orientation: "vertical", size: fs * 1.3, label: null }) }),
    el("span.yard-boneyard-n", String(view.boneyard)),
  );
  box.append(
    el("div.yard-round", view.rounds_total ? t("table.round_of", { n: view.round, total: view.rounds_total }) : t("table.round", { n: view.round })),
    engine,
    pile,
  );
  // word joiners keep "9-9" on one line
  if (tr.uncovered) box.append(el("div.yard-cover", { role: "status" }, t("table.cover_double", { tile: tr.uncovered.tile.replace("-", "\u2060-\u2060") })));
  return box;
}

function trainRow(board, row, { s, labelW, rowH, playable, onTurn, room, opts, view }) {
  const tr = view.trains;
  const who = owner(row.train, room);
  const isTarget = (opts.targets || []).some((x) => x === row.train);
  const canPlay = onTurn && playable.has(String(row.train));
  const isUncovered = tr.uncovered && tr.uncovered.train === row.train;
  const mine = onTurn && row.train === view.turn;
  const label = el(
    "div.yard-label",
    { style: labelW ? `width:${labelW.toFixed(0)}px` : null },
    who.mark ? el("span.yard-mark", { "aria-hidden": "true" }, who.mark) : el("span.yard-mark", icon("train")),
    el("span.yard-name", who.name, row.marker ? el("span.yard-marker", { title: t("table.marker") }, icon("train", t("table.marker"))) : null),
  );
  const tiles = el("div.train-tiles.yard-tiles");
  const badge = board._trainEnd(row, opts, s, isTarget, true);
  badge.classList.add("yard-badge");
  // the train's open side: playable now (▶) and the number it needs
  const end = el(
    "div.yard-end",
    el("span.yard-play", { "aria-hidden": "true" }, canPlay ? "▶" : ""),
    badge,
  );
  const cls = ["train-row", "yard-row"];
  if (canPlay) cls.push("yard-row--playable");
  if (isUncovered) cls.push("train-row--uncovered");
  if (mine) cls.push("train-row--turn");
  if (isTarget) cls.push("train-row--target");
  const say = [who.name, t("table.open_end", { n: row.end })];
  if (row.marker) say.push(t("table.marker"));
  if (canPlay) say.push(t("table.can_play", { name: seatName(room, view.turn) }));
  const node = el(
    "div",
    {
      class: cls.join(" "),
      style: `--owner-colour:${who.colour};height:${rowH.toFixed(0)}px`,
      dataset: { train: String(row.train), playable: canPlay ? "true" : "false" },
      "aria-label": say.join(", "),
    },
    label,
    tiles,
    end,
  );
  return { node, tiles, row, uncovered: isUncovered && tr.uncovered.tile };
}

/** A train's last tiles that fit its row (room px), "+n" in front for the ones left out. */
function fillTiles(board, tiles, row, s, room, last, uncoveredTile) {
  const fs = parseFloat(getComputedStyle(tiles).fontSize) || 16;
  const { shown, hidden } = visibleTiles(row.tiles, s, room - 2, 2.8 * fs);
  tiles.classList.toggle("yard-tiles--collapsed", hidden > 0);
  if (hidden) tiles.append(el("span.train-more", { title: t("table.tiles", { count: hidden }) }, `+${hidden}`));
  for (const x of shown) {
    const isLast = last && last.play === x.tile && String(last.train) === String(row.train);
    const uncovered = x.double && uncoveredTile === x.tile;
    const svg = tileSVGString(x.from, x.to, {
      orientation: x.double ? "vertical" : "horizontal",
      size: s * 0.96,
      highlight: uncovered ? "fit" : isLast ? "last" : false,
      label: tileName(x.tile),
    });
    const cls = `board-tile train-tile${isLast ? " board-tile--last" : ""}${isLast && board.animate ? " board-tile--enter" : ""}${uncovered ? " train-tile--uncovered" : ""}`;
    tiles.append(el("div", { class: cls, html: svg, dataset: { tile: x.tile } }));
  }
}

/** The last tiles of a train that fit `room` px: all of them, or as many as fit beside the
 * "+n" chip (chipW px) that counts the rest. */
export function visibleTiles(tiles, s, room, chipW) {
  const width = (x) => (x.double ? 1 : 2) * 0.96 * s + 2; // the tile and its gap
  let used = 0;
  let k = tiles.length;
  while (k > 0 && used + width(tiles[k - 1]) <= room) used += width(tiles[--k]);
  if (k === 0) return { shown: tiles, hidden: 0 };
  while (k < tiles.length - 1 && used + chipW > room) used -= width(tiles[k++]);
  return { shown: tiles.slice(k), hidden: k };
}
