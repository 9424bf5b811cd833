// Mexican Train's hub and trains, drawn into a Board (board.js hands every drawing of
// `view.trains` to drawTrains). Two looks, one row builder:
// - the list (phone, single-device page): the hub, then a row per train with a narrow name
//   column, the tiles and the open number; long trains wrap onto two or three lines;
// - the yard (the big screen): the hub with the round's engine double large, the boneyard and
//   the round beside it, and every train as a row (one or two columns) that fills the board. Each
//   row shows its owner (colour and mark), its marker, its last tiles (a long train collapses its
//   first ones into "+7"), its open number as a big badge, and, during a turn, whether the seat on
//   turn may lay on it: `view.trains.playable`, from the server (no rules here).
//
//   drawTrains(board, view, opts, w, h)   into board.layer (sized by the Board)
//   fitYard(...), visibleTiles(...)       the yard's sizes (exported for their arithmetic)
//
// The yard is drawn again in place: while the board, the window and the number of trains stay
// the same, a draw changes only the rows whose train, marker, end or turn changed (a replay
// step or a move changes one or two of ten), so a step's work fits in a frame.

import { tileSVGString, svgNode } from "../tiles.js";
import { t, tileName } from "../i18n.js";
import { el, icon, clear, keyedChildren } from "../base/dom.js";
import { seatName, trainName, trainOwner } from "../base/words.js";
import { seatColour, seatMark } from "./seatlook.js";

// The list, in tile units: the hub's width and a row's height.
const HUB_W = 1.8;
const TRAIN_ROW_H = 2.25;

// A yard row in tile units (s = a tile's short side): tiles are 2 high, plus a little room; rows
// may close up to TIGHT before the trains go into two columns.
const ROW_UNITS = 2.2;
const TIGHT = 2.06;
// the longest tile the TV shows, as a share of the window height (bigger only collapses more)
const MAX_LONG = 100 / 1080;
// a row keeps room for at least this many tiles (in tile units) beside its "+n" chip
const MIN_TRAIN_UNITS = 4 * 2.02 + 2;

/** Every train as a row: the seats' own trains in seat order, then the Mexican Train. */
function trainRows(tr) {
  const rows = tr.personal.map((p, i) => ({ train: i, tiles: p.tiles, end: p.end, marker: p.marker }));
  rows.push({ train: "mexican", tiles: tr.mexican.tiles, end: tr.mexican.end, marker: false });
  return rows;
}

export function drawTrains(board, view, opts, w, h) {
  const { last, fresh } = board.lastPlays.follow(view);
  const ctx = { view, opts, last, animate: fresh, onTrain: board.onTrain };
  if (board.minLong && !board.compact) {
    board.root.classList.add("board--yard");
    drawYard(board, ctx, w, h);
  } else {
    clear(board.layer);
    drawList(board, ctx, w, h);
  }
}

// -- the pieces of a row --------------------------------------------------------------------------

/** A tile of a train: the last play marked (and dropped in when new), the double to cover lit. */
function trainTile(x, row, s, { last, animate }, uncoveredTile) {
  const isLast = last && last.play === x.tile && String(last.train) === String(row.train);
  const uncovered = x.double && uncoveredTile === x.tile;
  const svg = tileSVGString(x.from, x.to, {
    orientation: x.double ? "vertical" : "horizontal",
    size: s * 0.96,
    highlight: uncovered ? "fit" : isLast ? "last" : false,
    label: tileName(x.tile),
  });
  const cls = `board-tile train-tile${isLast ? " board-tile--last" : ""}${isLast && animate ? " board-tile--enter" : ""}${uncovered ? " train-tile--uncovered" : ""}`;
  return el("div", { class: cls, dataset: { tile: x.tile } }, svgNode(svg));
}

/** The end of a train: the preview ghost, a tappable slot, or the open number. */
function trainEnd(row, { opts, onTrain }, s, isTarget, big) {
  const place = opts.preview && opts.preview.place;
  if (place && place.at === "train" && place.train === row.train) {
    const { tile, from, to, double } = place.entry;
    const svg = tileSVGString(from, to, { orientation: double ? "vertical" : "horizontal", size: s * 0.96, highlight: "selected", label: tileName(tile) });
    return el("div.board-tile.board-tile--ghost", { dataset: { tile, ghost: "true" } }, svgNode(svg));
  }
  if (!isTarget) return el(`span.train-end${big ? ".train-end--big" : ""}`, { "aria-hidden": "true" }, String(row.end));
  return el(
    "button.board-slot.train-slot",
    {
      type: "button",
      style: `width:${(2 * s).toFixed(0)}px;height:${s.toFixed(0)}px`,
      dataset: { train: String(row.train) },
      "aria-label": t("aria.train_end", { train: trainName(row.train, opts.room, opts.mySeat), n: row.end }),
      onclick: () => onTrain(row.train),
    },
    el("span.board-slot-n", String(row.end)),
  );
}

/** The engine double on the hub, `size` px across. */
function engineTile(tr, size) {
  const [e] = tr.engine.split("-").map(Number);
  return tileSVGString(e, e, { orientation: "vertical", size, label: t("table.engine", { tile: tileName(tr.engine) }) });
}

/**
 * One train's row. In the list its owner's name sits in a column of `labelW` px beside the tiles
 * and the open end; in the yard the row wears its owner's colour and mark, says whether the seat
 * on turn may lay on it (▶), and its tiles are filled in once the row is measured (fillTiles).
 * Returns {node, tiles, row, uncoveredTile}.
 */
function trainRow(row, ctx, look) {
  const parts = rowState(row, ctx, look.yard);
  parts.end = trainEnd(row, ctx, look.s, parts.isTarget, look.yard);
  return look.yard ? yardRow(parts, ctx, look) : listRow(parts, ctx, look);
}

/** What a row shows besides its tiles: its classes, owner, marker and whether it is a target. */
function rowState(row, ctx, yard) {
  const { view, opts } = ctx;
  const tr = view.trains;
  const isTarget = (opts.targets || []).some((x) => x === row.train);
  const isUncovered = !!tr.uncovered && tr.uncovered.train === row.train;
  const onTurn = view.phase === "play" && view.turn !== null && view.turn !== undefined;
  const canPlay = yard && onTurn && ctx.playable.has(String(row.train));
  const cls = ["train-row"];
  if (yard) cls.push("yard-row");
  if (canPlay) cls.push("yard-row--playable");
  if (isTarget) cls.push("train-row--target");
  if (isUncovered) cls.push("train-row--uncovered");
  if (row.train === view.turn && (onTurn || !yard)) cls.push("train-row--turn");
  if (!yard && row.train === opts.mySeat) cls.push("train-row--own");
  return {
    row,
    cls: cls.join(" "),
    canPlay,
    isTarget,
    uncoveredTile: isUncovered && tr.uncovered.tile,
    // the big screen has nobody's own train: a device seat's is named like any other there
    owner: trainOwner(row.train, opts.room, yard ? null : opts.mySeat),
    marker: !!row.marker,
  };
}

/** The marker a train wears when anybody may lay on it. */
function markerNode(yard) {
  return el(`span.${yard ? "yard-marker" : "train-marker"}`, { title: t("table.marker") }, icon("train", t("table.marker")));
}

function listRow({ row, cls, uncoveredTile, owner, marker, end }, ctx, { s, lines, tilesW, labelW }) {
  const tiles = el("div.train-tiles", { style: `min-height:${(2 * s).toFixed(0)}px;max-width:${tilesW.toFixed(0)}px${lines > 1 ? ";flex-wrap:wrap;row-gap:" + (0.1 * s).toFixed(0) + "px" : ""}` });
  tiles.append(...row.tiles.map((x) => trainTile(x, row, s, ctx, uncoveredTile)), end);
  const node = el(
    "div",
    { class: cls, style: `min-height:${(TRAIN_ROW_H * s).toFixed(0)}px`, dataset: { train: String(row.train) } },
    el("div.train-labelbox", { style: `width:${labelW.toFixed(0)}px` }, el("div.train-label", el("span.train-name", owner), marker && markerNode(false))),
    tiles,
  );
  return { node, tiles, row, uncoveredTile };
}

function yardRow(parts, ctx, look) {
  const tiles = el("div.train-tiles.yard-tiles");
  const label = yardLabel(parts, look);
  const side = yardSide(parts);
  const node = el("div", yardAttrs(parts, ctx, look), label, tiles, side);
  return { node, tiles, label, side, row: parts.row, uncoveredTile: parts.uncoveredTile };
}

/** A yard row's owner: their mark, name and the marker. */
function yardLabel({ row, owner, marker }, { labelW }) {
  const mark = row.train === "mexican" ? el("span.yard-mark", icon("train")) : el("span.yard-mark", { "aria-hidden": "true" }, seatMark(row.train));
  return el("div.yard-label", { style: labelW ? `width:${labelW.toFixed(0)}px` : null }, mark, el("span.yard-name", owner, marker && markerNode(true)));
}

/** The train's open side: playable now (▶) and the number it needs. */
function yardSide({ canPlay, end }) {
  end.classList.add("yard-badge");
  return el("div.yard-end", el("span.yard-play", { "aria-hidden": "true" }, canPlay ? "▶" : ""), end);
}

/** A yard row's own attributes: its classes, colours, height and what it says. */
function yardAttrs({ row, cls, canPlay, owner }, { view, opts }, { rowH }) {
  const say = [owner, t("table.open_end", { n: row.end })];
  if (row.marker) say.push(t("table.marker"));
  if (canPlay) say.push(t("table.can_play", { name: seatName(opts.room, view.turn) }));
  const colour = row.train === "mexican" ? "#ffffff" : seatColour(row.train);
  // the colour of the seat on turn only on the rows it may lay on: set on the whole yard, a new
  // turn would style every tile of every train again
  const turn = canPlay ? `;--turn-colour:${seatColour(view.turn)}` : "";
  return {
    class: cls,
    style: `--owner-colour:${colour};height:${rowH.toFixed(0)}px${turn}`,
    dataset: { train: String(row.train), playable: canPlay ? "true" : "false" },
    "aria-label": say.join(t("app.list_sep")),
  };
}

// -- the list (phone, single device) ---------------------------------------------------------------

// On the phone a train one may lay on ends in a 44 px tap target however small its tiles
// (app.css); below MIN_S px a tile no longer reads, and the list scrolls instead of shrinking.
const END_PX = 44;
const MIN_S = 10;

/** Tile size and number of lines per train: long trains wrap onto 2 or 3 lines when that
 * gives bigger tiles. A line of tiles never runs past the row (off the screen, or a wrapped one
 * into the next row's name); the height only when the tiles would be smaller than MIN_S. */
function fitList(rows, w, h, labelW, maxTile, minS = MIN_S) {
  const units = (row) => row.tiles.reduce((s, x) => s + (x.double ? 1 : 2), 0);
  const longest = Math.max(4, ...rows.map(units));
  const most = Math.max(0, ...rows.map((row) => row.tiles.length));
  let s = 0;
  let lines = 1;
  for (let L = 1; L <= 3; L++) {
    const byH = (h - 8) / (rows.length * (TRAIN_ROW_H + 2.1 * (L - 1)));
    // beside the name and the hub (and the paddings): a line's tiles, their 2 px gaps, the end
    const room = w - labelW - 48 - 2 * Math.ceil(most / L) - END_PX;
    const byW = room / (Math.max(longest / L + 1.2, 4) + HUB_W);
    const sL = Math.min(maxTile * 0.8, byW, Math.max(byH, minS));
    if (sL > s * 1.08) {
      s = sL;
      lines = L;
    }
  }
  return { s: Math.max(6, s), lines };
}

function drawList(board, ctx, w, h) {
  const tr = ctx.view.trains;
  const rows = trainRows(tr);
  // a phone's list may scroll: the trains its player plays on most (their own and the Mexican
  // Train) come first, so they are in view without scrolling
  const seat = ctx.view.seat;
  if (board.compact && Number.isInteger(seat) && seat < tr.personal.length) {
    const own = rows.splice(seat, 1)[0];
    const mexican = rows.pop();
    rows.unshift(own, mexican);
  }
  // compact (phone): a list, one line a train: a narrow name column, the tiles, the open number
  const labelW = board.compact ? Math.min(120, Math.max(72, w * 0.28)) : Math.min(260, Math.max(150, w * 0.14));
  const { s, lines } = fitList(rows, w, h, labelW, board.maxTileSize(), board.listMinTile || MIN_S);
  const tilesW = w - HUB_W * s - 16 - labelW - 24;
  // the hub with the engine double
  const hubTile = s * 1.2;
  const hub = el("div.train-hub", { style: `width:${Math.max(HUB_W * s, hubTile + 8).toFixed(0)}px` });
  if (tr.engine) {
    hub.append(svgNode(engineTile(tr, hubTile)));
    hub.dataset.tile = tr.engine;
  }
  // on a phone the list scrolls when the trains are many: a named region the keyboard can reach
  const list = board.compact
    ? el("div.train-rows", { role: "region", tabindex: "0", "aria-label": t("aria.trains_list") })
    : el("div.train-rows");
  for (const row of rows) list.append(trainRow(row, ctx, { yard: false, s, lines, tilesW, labelW }).node);
  board.layer.append(el("div.trains", hub, list));
  board.tileSize = s;
}

// -- the yard (the big screen) ---------------------------------------------------------------------

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

function drawYard(board, ctx, w, h) {
  const { view } = ctx;
  const tr = view.trains;
  const rows = trainRows(tr);
  // read each draw (the page's size may change it); the style is drawn again anyway
  const fs = parseFloat(getComputedStyle(board.root).fontSize) || 16;
  const minLong = board.minLong();
  const maxLong = window.innerHeight * MAX_LONG;
  const key = JSON.stringify([w, h, fs, minLong, maxLong, rows.length]);
  let yard = board.yard;
  const fresh = !yard || yard.key !== key || yard.node.parentNode !== board.layer;
  if (fresh) yard = board.yard = newYard(board, key, rows.length, w, h, fs, minLong, maxLong);
  const { look } = yard;
  const yardCtx = { ...ctx, playable: new Set((tr.playable || []).map(String)) };

  const hubKey = JSON.stringify([tr.engine, view.boneyard, view.round, view.rounds_total, tr.uncovered && tr.uncovered.tile]);
  if (hubKey !== yard.hubKey) {
    const box = hub(tr, view, look.s, yard.hubW, fs);
    if (yard.hub) yard.hub.replaceWith(box);
    else yard.node.prepend(box);
    yard.hub = box;
    yard.hubKey = hubKey;
  }
  const states = rows.map((row) => rowState(row, yardCtx, true));
  const keys = states.map((st) => rowKeys(st, yardCtx));
  if (fresh) {
    const made = states.map((st, i) => {
      st.end = trainEnd(st.row, yardCtx, look.s, st.isTarget, true);
      return { ...yardRow(st, yardCtx, look), frameKey: keys[i].frame, tilesKey: null, style: null };
    });
    yard.list.append(...made.map((m) => m.node));
    // every row's tile box is equally wide (fixed label and end): measure one, then fill them all
    yard.space = made.length ? made[0].tiles.clientWidth : look.tilesW;
    // and one font size for every row's "+n" chip, read once: a read after a row is filled would
    // style the page again, once per train (ten trains: ten restyles a move)
    yard.chipFs = made.length ? parseFloat(getComputedStyle(made[0].tiles).fontSize) || 16 : 16;
    yard.rows = made;
  }
  yard.rows.forEach((m, i) => {
    const st = states[i];
    const { frame, tiles } = keys[i];
    if (frame.all !== m.frameKey.all) {
      // in place: the row keeps its node and its tiles (a new node would style them all again),
      // and its label unless its owner or marker changed
      const attrs = yardAttrs(st, yardCtx, look);
      if (m.node.className !== attrs.class) m.node.className = attrs.class;
      if (m.style !== attrs.style) m.node.style.cssText = m.style = attrs.style;
      m.node.dataset.playable = attrs.dataset.playable;
      m.node.setAttribute("aria-label", attrs["aria-label"]);
      if (frame.label !== m.frameKey.label) {
        const label = yardLabel(st, look);
        m.label.replaceWith(label);
        m.label = label;
      }
      if (frame.side !== m.frameKey.side) {
        st.end = trainEnd(st.row, yardCtx, look.s, st.isTarget, true);
        const side = yardSide(st);
        m.side.replaceWith(side);
        m.side = side;
      }
      m.frameKey = frame;
    }
    if (tiles !== m.tilesKey) {
      Object.assign(m, { row: st.row, uncoveredTile: st.uncoveredTile, tilesKey: tiles });
      fillTiles(m, look.s, yard.space, ctx, yard.chipFs);
    }
  });
  board.tileSize = look.s;
}

/** What a yard row's frame (everything but the tiles) and its tiles are drawn from: a row is
 * drawn again only when one of them changes. */
function rowKeys(st, { view, opts, last, animate }) {
  const place = opts.preview && opts.preview.place;
  const ghost = place && place.at === "train" && place.train === st.row.train ? place.entry.tile : null;
  const label = JSON.stringify([st.owner, !!st.row.marker]);
  const side = JSON.stringify([st.canPlay, st.isTarget, st.row.end, ghost]);
  const frame = { label, side, all: JSON.stringify([label, side, st.cls, st.canPlay && view.turn]) };
  const isLast = last && String(last.train) === String(st.row.train) && st.row.tiles.some((x) => x.tile === last.play);
  const tiles = JSON.stringify([st.row.tiles.map((x) => x.tile), isLast ? [last.play, !!animate] : null, st.uncoveredTile]);
  return { frame, tiles };
}

/** A yard laid out for this board's size and number of trains, with no rows yet. */
function newYard(board, key, nRows, w, h, fs, minLong, maxLong) {
  const hubW = 4.8 * fs;
  const labelW = 7.4 * fs; // "Computer 10" on one line at 1080p
  const pad = 0.6 * fs;
  const colW = (cols) => (w - hubW - pad) / cols - (cols > 1 ? 0.4 * fs : 0);
  // beside the tiles: the owner and the end (one column); below them (two columns, stacked)
  const tilesFor = (cols) => (cols > 1 ? colW(cols) - 1.2 * fs : colW(cols) - labelW - 5.4 * fs);
  const lineH = 1.25 * fs;
  const { s, cols, perCol } = fitYard(nRows, h - pad, minLong, maxLong, lineH, tilesFor);
  const tilesW = tilesFor(cols);
  const rowH = cols > 1 ? (h - pad) / perCol : Math.min((h - pad) / perCol, 3.1 * s);
  const node = el(`div.yard${cols > 1 ? ".yard--stacked" : ""}`, {
    style: `--yard-cols:${cols};--yard-rows:${perCol}`,
    dataset: { cols: String(cols) },
  });
  const list = el("div.yard-rows");
  node.append(list);
  clear(board.layer);
  board.layer.append(node);
  return { key, node, list, hub: null, hubKey: null, hubW, rows: [], look: { yard: true, s, labelW: cols > 1 ? 0 : labelW, tilesW, rowH } };
}

/** The engine double large, the boneyard (where drawn tiles come from), the round, and the
 * double that must be covered. */
function hub(tr, view, s, hubW, fs) {
  const box = el("div.yard-hub", { style: `width:${hubW.toFixed(0)}px` });
  const short = Math.min(hubW * 0.56, 1.6 * s, 3.4 * fs); // the round's engine, large
  const engine = el("div.train-hub.yard-engine");
  if (tr.engine) {
    engine.append(svgNode(engineTile(tr, short)));
    engine.dataset.tile = tr.engine;
  } else {
    engine.append(el("span.yard-engine-empty", { style: `width:${short.toFixed(0)}px;height:${(2 * short).toFixed(0)}px` }));
  }
  const pile = el(
    "div.yard-boneyard",
    { dataset: { boneyard: "" }, title: t("table.boneyard_count", { count: view.boneyard }), "aria-label": t("aria.boneyard", { count: view.boneyard }) },
    el("span.yard-boneyard-back", svgNode(tileSVGString(0, 0, { faceDown: true, orientation: "vertical", size: fs * 1.3, label: null }))),
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

/** A train's last tiles that fit its row (room px), "+n" in front for the ones left out. */
function fillTiles(m, s, room, ctx, fs) {
  const { tiles, row, uncoveredTile } = m;
  const { shown, hidden } = visibleTiles(row.tiles, s, room - 2, 2.8 * fs);
  tiles.classList.toggle("yard-tiles--collapsed", hidden > 0);
  const items = [];
  if (hidden) items.push([`+${hidden}`, () => el("span.train-more", { title: t("table.tiles", { count: hidden }) }, `+${hidden}`)]);
  // a tile already drawn as it is now stays: only the new one and the one no longer last change
  const { last, animate } = ctx;
  for (const x of shown) {
    const isLast = last && last.play === x.tile && String(last.train) === String(row.train);
    const key = JSON.stringify([x.tile, x.from, isLast && (animate ? "new" : "last"), x.double && uncoveredTile === x.tile]);
    items.push([key, () => trainTile(x, row, s, ctx, uncoveredTile)]);
  }
  m.tileNodes = m.tileNodes || new Map();
  keyedChildren(tiles, m.tileNodes, items);
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
