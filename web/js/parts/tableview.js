// The table as everyone sees it (table view): the board in the middle, the seats around it in
// the profile's direction, and, for seats played on this device, the pass-and-play hand
// (devicehand.js).

import { seatAreas } from "./seatplaces.js";
import { tileSVGString } from "../tiles.js";
import { t } from "../i18n.js";
import { el, clear, announce, icon } from "../base/dom.js";
import { seatName, describeMove, describeMoves } from "../base/words.js";
import { historyWithEnds } from "../base/moves.js";
import { Board } from "./board.js";
import { installSelector } from "./handpanel.js";
import { DeviceHand } from "./devicehand.js";
import { seatColour, seatMark } from "./seatlook.js";
import { Flights } from "./flights.js";

// How long a seat's "passed" / "drew 2" bubble stays, and how long the table waits for a
// dropped phone before offering to let the computer play for it.
const BUBBLE_MS = 4000;
const DROPPED_MS = 20000;

const KIND_ICON = { phone: "phone", computer: "computer", device: "person" };

function backs(count, size, max = 12) {
  const box = el("span.backs", { "aria-hidden": "true" });
  const n = Math.min(count, max);
  const one = tileSVGString(0, 0, { faceDown: true, orientation: "vertical", size, label: null });
  box.innerHTML = one.repeat(n);
  if (count > max) box.append(el("span.backs-more", `+${count - max}`));
  return box;
}

export class TableScreen {
  // compactBelow: the table's width (px) under which its seats go in one row above the board, or
  // a function that says whether they do (the watch page: a phone); compactTvSeats: the big
  // screen's seat panels in that row too
  constructor(root, { net, getFrame, seatExtra, compactBelow = 900, compactTvSeats = false, tv = false, onStandin } = {}) {
    this.root = root;
    this.tv = tv; // the big screen: a turn banner, bubbles, sizes for the sofa
    this.onStandin = onStandin || null;
    this.bubbles = new Map(); // seat -> {key, since}: when its latest bubble first showed
    this.dropped = new Map(); // seat -> when its phone was first seen gone on its turn
    this.dropTimer = 0;
    // what just happened, in motion; `flights` lists the last ones started (tests read it)
    this.flights = [];
    this.motion = new Flights((f) => (this.flights = [...this.flights.slice(-9), f]));
    this.net = net;
    this.getFrame = getFrame;
    this.seatExtra = seatExtra || (() => null);
    this.compactBelow = compactBelow;
    this.compactTvSeats = compactTvSeats;
    this.lastHist = null;
    root.classList.add("tablescreen");
    this.areas = {
      top: el("div.seats-area.seats-area--top"),
      left: el("div.seats-area.seats-area--left"),
      right: el("div.seats-area.seats-area--right"),
      bottom: el("div.seats-area.seats-area--bottom"),
    };
    this.boardBox = el("div.table-board");
    this.caption = el("div.table-caption", { "aria-hidden": "true" });
    this.banner = el("div.turn-banner", { role: "status" });
    this.center = el("div.table-center", tv ? this.banner : null, this.boardBox, this.caption);
    if (tv) root.classList.add("tablescreen--tv");
    this.grid = el("div.table-grid", this.areas.top, this.areas.left, this.center, this.areas.right, this.areas.bottom);
    this.deviceBox = el("div.device-hand");
    root.append(this.grid, this.deviceBox);
    this.board = new Board(this.boardBox, {
      maxTile: () => Math.max(56, Math.min(124, window.innerHeight / 8.5)),
      minLong: tv ? () => window.innerHeight * (66 / 1080) : null,
      onEnd: (end) => this.device && this.device.hand.chooseEnd(end),
      onTrain: (train) => this.device && this.device.hand.chooseTrain(train),
    });
    // a phone watching reads its trains from further away, with no hand below: tiles 16 px
    // across at least (the list scrolls)
    if (compactTvSeats) this.board.listMinTile = 16;
    this.device = new DeviceHand(this.deviceBox, this);
    installSelector(root, () => this.device.hand.focusables(this.board.targetElements()));
  }

  render(frame) {
    const v = frame.view;
    const room = frame.room;
    this.frame = frame;
    if (!v) return;
    const compact = typeof this.compactBelow === "function" ? this.compactBelow() : this.root.clientWidth < this.compactBelow;
    this.root.classList.toggle("tablescreen--compact", compact);
    if (this.compactTvSeats) this.board.setCompact(compact); // a phone watching: the phone's board
    this.renderSeats(v, room, compact);
    if (this.tv) this.renderBanner(v, room);
    const hist = historyWithEnds(v); // each play with its end, for the sentences
    // the moves are said first, then the device hand's prompt ("Your turn")
    const key = `${v.round}`;
    if (this.lastHist && this.lastHist.key === key && hist.length > this.lastHist.n) {
      announce(describeMoves(hist.slice(this.lastHist.n), room, null));
    }
    this.lastHist = { key, n: hist.length };
    this.device.render(frame);
    this.renderBoard();
    if (this.tv) this.animateMoves(v);
    // last move caption
    const last = hist[hist.length - 1];
    const said = last ? t("table.last_move", { move: describeMove(last, room, null) }) : v.phase === "play" && v.turn !== null ? t("table.turn", { name: seatName(room, v.turn) }) : "";
    if (this.tv) {
      clear(this.caption);
      this.caption.append(this.legend(v), el("span.table-said", said));
    } else this.caption.textContent = said;
  }

  /** The pieces of a seat panel on the big screen: a face-down tile with the count, a star with
   * the score, its team, its colour and mark, connected or not, and the latest bubble. */
  tvSeatPanel(i, v, room) {
    const vs = v.seats[i];
    const rs = room.seats[i] || {};
    const turn = v.phase === "play" && v.turn === i;
    const name = seatName(room, i);
    const team = v.teams ? v.teams.findIndex((seats) => seats.includes(i)) : -1;
    const score = v.scores ? v.scores[v.score_kind === "team_points" ? team : i] : null;
    const label = [t("aria.hand_count", { name, count: vs.count })];
    if (vs.discards) label.push(t("table.discards", { count: vs.discards }));
    if (turn) label.push(t("aria.turn_of", { name }));
    const facts = el(
      "div.seat-body",
      el("span.seat-count", { title: t("table.legend_tiles") }, backs(1, 16, 1), String(vs.count)),
      score !== null && score !== undefined ? el("span.seat-score", { title: t(`table.score_kind.${v.score_kind}`) }, "★ ", String(score)) : null,
      vs.discards ? el("span.seat-discards", backs(Math.min(vs.discards, 3), 16, 3), t("table.discards", { count: vs.discards })) : null,
    );
    const status = [];
    if (rs.kind === "phone" && rs.taken && !rs.connected && !rs.standin) status.push(el("span.badge.badge--off", icon("warn"), " ", t("app.offline")));
    if (rs.standin) status.push(el("span.badge", icon("computer"), " ", t("table.standin_short")));
    const marker = v.trains && v.trains.personal[i] && v.trains.personal[i].marker;
    const team_ = team >= 0 ? el("span.seat-team", t("table.team_badge", { team: String.fromCharCode(65 + team) })) : null;
    return el(
      `section.seat.seat--tv${turn ? ".seat--turn" : ""}${team >= 0 ? `.seat--team${team}` : ""}`,
      { dataset: { seat: String(i) }, "aria-label": label.join(t("app.list_sep")), style: `--seat-colour: ${seatColour(i)}` },
      el(
        "header.seat-head",
        el("span.seat-mark", { "aria-hidden": "true" }, seatMark(i)),
        KIND_ICON[rs.kind] ? el("span.seat-kind", icon(KIND_ICON[rs.kind])) : null,
        el("span.seat-name", name),
        team_,
        marker ? el("span.seat-marker", icon("train", t("table.marker"))) : null,
      ),
      facts,
      status.length ? el("div.seat-status", status) : null,
      this.seatBubble(i, v),
      this.seatExtra(i, v, room),
    );
  }

  /** What just happened travels across the table (flights.js): the tiles played, drawn and
   * discarded since the last update, all started in the frame after the board has drawn. */
  animateMoves(v) {
    const hist = v.history || [];
    const key = `${v.round}`;
    const seen = this.movesSeen;
    this.movesSeen = { key, n: hist.length };
    if (!seen || seen.key !== key || hist.length <= seen.n) return; // first sight, a new round, an undo
    const seatRect = (i) => {
      const s = this.grid.querySelector(`.seat[data-seat="${i}"]`);
      return s ? s.getBoundingClientRect() : null;
    };
    const part = (i, sel) => {
      const s = this.grid.querySelector(`.seat[data-seat="${i}"]`);
      const p = s && (s.querySelector(sel) || s);
      return p ? p.getBoundingClientRect() : null;
    };
    const boneyard = () => {
      const b = this.boardBox.querySelector("[data-boneyard]") || document.querySelector(".info-bone");
      return (b || this.boardBox).getBoundingClientRect();
    };
    const fresh = hist.slice(Math.max(seen.n, hist.length - 4));
    const lastPlay = fresh.length && fresh[fresh.length - 1].play ? fresh[fresh.length - 1] : null;
    for (const h of fresh) {
      if (h.draw) this.motion.queue({ kind: "draw", seat: h.seat, from: boneyard, to: () => part(h.seat, ".seat-count") });
      else if ("discard" in h) this.motion.queue({ kind: "discard", seat: h.seat, from: () => part(h.seat, ".seat-head"), to: () => part(h.seat, ".seat-discards") });
    }
    if (lastPlay) {
      this.motion.queue({ kind: "play", seat: lastPlay.seat, tile: lastPlay.play, from: () => seatRect(lastPlay.seat), to: () => this.boardBox.querySelector(".board-tile--enter") });
    }
  }

  /** What the icons on the seat panels mean. */
  legend(v) {
    return el(
      "span.table-legend",
      el("span", backs(1, 16, 1), " ", t("table.legend_tiles")),
      v.scores ? el("span", "★ ", t(`table.score_kind.${v.score_kind}`)) : null,
      v.trains && v.trains.personal.some((p) => p.marker) ? el("span", icon("train"), " ", t("table.marker")) : null,
    );
  }

  /** The big turn banner: whose turn, in that seat's colour and mark, and what it waits for. */
  /** The banner is a live region: drawn anew only when what it says changes, so a screen reader
   * says each turn once, not at every update. */
  renderBanner(v, room) {
    const next = el("div");
    const shown = this.fillBanner(next, v, room);
    this.banner.hidden = !shown;
    if (next.innerHTML === this.banner.innerHTML) return;
    clear(this.banner);
    this.banner.append(...next.childNodes);
  }

  fillBanner(box, v, room) {
    const i = v.turn;
    if (v.phase !== "play" || i === null || i === undefined) return false;
    const rs = room.seats[i] || {};
    const name = seatName(room, i);
    const gone = rs.kind === "phone" && (!rs.taken || !rs.connected) && !rs.standin;
    let text = t("table.turn", { name });
    if (rs.kind === "computer" || rs.standin) text = t("table.banner_thinking", { name });
    else if (gone && rs.taken) text = t("table.banner_phone_gone", { name });
    else if (gone) text = t("table.banner_open_seat", { n: i + 1 });
    this.banner.style.setProperty("--seat-colour", seatColour(i));
    this.banner.dataset.seat = String(i);
    box.append(el("span.turn-banner-mark", { "aria-hidden": "true" }, seatMark(i)), el("span.turn-banner-text", text));
    const tr = v.trains;
    if (tr && tr.uncovered) box.append(el("span.turn-banner-cover", t("table.cover_double", { tile: tr.uncovered.tile })));
    const offer = this.standinOffer(i, gone && rs.taken, name);
    if (offer) box.append(offer);
    return true;
  }

  /** After a phone on turn has been gone for a while: the button that lets the computer play. */
  standinOffer(i, gone, name) {
    for (const seat of this.dropped.keys()) if (seat !== i || !gone) this.dropped.delete(seat);
    if (!gone || !this.onStandin) return null;
    if (!this.dropped.has(i)) this.dropped.set(i, Date.now());
    const left = DROPPED_MS - (Date.now() - this.dropped.get(i));
    if (left > 0) {
      clearTimeout(this.dropTimer);
      this.dropTimer = setTimeout(() => this.frame && this.render(this.frame), left + 50);
      return null;
    }
    return el("button.btn.btn--primary.turn-banner-standin", { type: "button", onclick: () => this.onStandin(i) }, t("lobby.standin", { name }));
  }

  /** A seat's latest "passed" / "drew 2" as a bubble that fades (kept across redraws). */
  seatBubble(i, v) {
    const hist = v.history || [];
    let k = hist.length - 1;
    while (k >= 0 && hist[k].seat !== i) k--;
    if (k < 0) return null;
    const h = hist[k];
    let text = null;
    if (h.pass) text = t("table.passed");
    else if (h.draw) {
      let n = 0;
      for (let j = k; j >= 0 && hist[j].seat === i && hist[j].draw; j--) n++;
      text = t("table.drew", { count: n });
    } else if ("discard" in h) text = t("table.bubble_discarded");
    if (!text) return null;
    const key = `${v.round}:${k}`;
    const seen = this.bubbles.get(i);
    if (!seen || seen.key !== key) this.bubbles.set(i, { key, since: Date.now() });
    const age = Date.now() - this.bubbles.get(i).since;
    if (age >= BUBBLE_MS) return null;
    return el("span.seat-bubble", { style: `animation-delay: -${age}ms` }, text);
  }

  renderBoard() {
    const f = this.frame;
    if (!f || !f.view) return;
    const opts = this.device.active ? this.device.hand.boardOpts() : { targets: [], preview: null };
    this.board.render(f.view, { room: f.room, mySeat: this.device.active ? this.device.seat : null, ...opts });
  }

  renderSeats(v, room, compact) {
    for (const a of Object.values(this.areas)) clear(a);
    const n = v.players;
    const areas = compact ? { top: [...Array(n).keys()] } : seatAreas(n, v.direction);
    for (const [area, seats] of Object.entries(areas)) for (const i of seats) this.areas[area].append(this.seatPanel(i, v, room, compact));
    this.grid.classList.toggle("table-grid--sides", !compact && (areas.left.length > 0 || areas.right.length > 0));
  }

  /** The badges under a seat's name: passed, drew, offline, stand-in, train marker. */
  seatStatus(i, v, room) {
    const vs = v.seats[i];
    const rs = room.seats[i] || {};
    const status = [];
    if (vs.passed) status.push(el("span.badge.badge--pass", t("table.passed")));
    if (vs.drew) status.push(el("span.badge.badge--drew", t("table.drew", { count: vs.drew })));
    if (rs.kind === "phone" && rs.taken && !rs.connected && !rs.standin) status.push(el("span.badge.badge--off", icon("warn"), " ", t("app.offline")));
    if (rs.standin) status.push(el("span.badge", icon("computer"), " ", t("table.standin", { name: seatName(room, i) })));
    if (v.trains && v.trains.personal[i] && v.trains.personal[i].marker) status.push(el("span.badge", icon("train"), " ", t("table.marker")));
    return status.length ? el("div.seat-status", status) : null;
  }

  seatHead(i, v, room, team) {
    const rs = room.seats[i] || {};
    const score = v.scores ? v.scores[v.score_kind === "team_points" ? team : i] : null;
    return el(
      "header.seat-head",
      el("span.seat-kind", KIND_ICON[rs.kind] ? icon(KIND_ICON[rs.kind]) : ""),
      el("span.seat-name", seatName(room, i)),
      team !== null ? el("span.seat-team", { title: t("results.team") }, String.fromCharCode(65 + team)) : null,
      score !== null && score !== undefined ? el("span.seat-score", { title: t(`table.score_kind.${v.score_kind}`) }, String(score)) : null,
    );
  }

  seatPanel(i, v, room, compact) {
    if (this.tv && (!compact || this.compactTvSeats)) return this.tvSeatPanel(i, v, room);
    const vs = v.seats[i];
    const turn = v.phase === "play" && v.turn === i;
    const name = seatName(room, i);
    const team = v.teams ? v.teams.findIndex((seats) => seats.includes(i)) : null;
    const label = [t("aria.hand_count", { name, count: vs.count })];
    if (vs.discards) label.push(t("table.discards", { count: vs.discards }));
    if (turn) label.push(t("aria.turn_of", { name }));
    return el(
      `section.seat${turn ? ".seat--turn" : ""}${team !== null ? `.seat--team${team}` : ""}${compact ? ".seat--compact" : ""}`,
      { dataset: { seat: String(i) }, "aria-label": label.join(t("app.list_sep")) },
      this.seatHead(i, v, room, team),
      el(
        "div.seat-body",
        el("span.seat-count", String(vs.count)),
        backs(vs.count, compact ? 7 : 11, compact ? 8 : 12),
        vs.discards ? el("span.seat-discards", { title: t("table.discards", { count: vs.discards }) }, backs(vs.discards, compact ? 6 : 9, 7), el("small", t("table.discards", { count: vs.discards }))) : null,
      ),
      this.seatStatus(i, v, room),
      turn ? el("div.seat-turn", "▶ ", t("table.turn", { name })) : null,
      this.seatExtra(i, v, room),
    );
  }
}
