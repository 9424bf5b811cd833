// A second screen of a table (/watch/<room>, <body data-mode="watch">): another TV or computer
// shows what the table screen shows, view only. It says hello with `watch` (the `watcher` role,
// docs/PROTOCOL.md): the server sends it the table's view, never a hand, and refuses any command
// from it, so this page sends none (no pause, no rules panel: those are the table's). Its welcome
// hands it a watch token, kept for this room: it opens the replays of the rounds this screen
// showed while they were played (and only those).

import { t } from "../i18n.js";
import { Page } from "../base/page.js";
import { el, clear } from "../base/dom.js";
import { errorText, profileName, roomName, seatName } from "../base/words.js";
import { WakeLock } from "../base/wakelock.js";
import { attachRemote } from "../parts/remote.js";
import { JoinCards } from "../parts/joinpanel.js";
import { TableScreen } from "../parts/tableview.js";
import { resultsBody } from "../parts/results.js";
import { readyStrip, tonightBody, matchOver } from "../parts/evening.js";
import { seatColour, seatMark } from "../parts/seatlook.js";
import { fitDialog } from "../base/fit.js";
import { text } from "../base/storage.js";
import { openReplayLater } from "../parts/recordlink.js";

// a phone or another small screen, where the TV's proportions would make text under 16 px (as in
// web/css/table.css): the seats in rows above the board, text at its own size, results that scroll
const SMALL = matchMedia("(max-width: 1096px), (max-height: 626px)");

class WatchPage extends Page {
  constructor() {
    super();
    this.wideDialogs = true;
    this.roomCode = (/^\/watch\/([A-Z2-9]{5})$/.exec(location.pathname) || [])[1] || null;
    this.table = null;
    this.gone = false; // the room is closed (or never was)
    this.joinCards = new JoinCards({ onFree: () => {} });
    this.wake = new WakeLock();
    attachRemote();
    addEventListener("resize", () => {
      if (this.screen === "game" && this.frame && this.frame.view) this.renderTable();
      this.fitResults();
    });
  }

  get watchKey() {
    return `domino.watch.${this.roomCode}`;
  }

  hello() {
    const token = text.get(this.watchKey);
    return token ? { room: this.roomCode, watch: true, watch_token: token } : { room: this.roomCode, watch: true };
  }

  onWelcome(w) {
    this.gone = w.role !== "watcher";
    if (this.gone) this.showGone();
    if (w.watch_token) text.set(this.watchKey, w.watch_token);
  }

  /** The finished rounds this screen showed (its watch token says which), step by step. */
  openReplay() {
    this.closeDialog();
    openReplayLater({ roomId: this.roomCode, token: text.get(this.watchKey), tv: innerWidth >= 700 });
  }

  onMessage(m) {
    if (m.type === "error" && m.code === "no_room") this.showGone();
  }

  showGone() {
    this.gone = true;
    this.screen = "gone";
    this.closeDialog();
    clear(this.app);
    this.app.removeAttribute("aria-busy");
    this.app.append(el("section.watch-gone", el("h1", t("watch.title")), el("p", errorText("no_room"))));
  }

  onFrame(f) {
    this.frame = f;
    this.app.removeAttribute("aria-busy");
    if (!this.wake.wanted) this.wake.acquire();
    if (!f.view) this.showWaiting();
    else this.showGame();
  }

  /** The top bar (filled into `bar`, or a new one): the table's name and code, the round, and
   * that this screen only watches. */
  header(v, bar = el("header.topbar")) {
    const room = this.frame.room;
    const title = el("h1.topbar-title", el(v ? "span.sr-only" : "strong", roomName(room)), el("span.room-code", { title: t("lobby.room_code", { code: room.id }) }, room.id));
    const info = el("div.topbar-info");
    if (v) info.append(el("span.info-profile", profileName(v.profile)), el("span.info-round", v.rounds_total ? t("table.round_of", { n: v.round, total: v.rounds_total }) : t("table.round", { n: v.round })));
    info.append(el("span.badge.watch-badge", t("watch.badge")));
    // the same button at every frame: one focused from a remote stays focused
    if (!this.replayBtn) this.replayBtn = el("button.btn.watch-replay", { type: "button", onclick: () => this.openReplay() }, t("replay.title"));
    for (const n of [...bar.children]) if (n !== this.replayBtn) n.remove();
    bar.prepend(title, info);
    if (!bar.contains(this.replayBtn)) bar.append(this.replayBtn);
    return bar;
  }

  /** Before the deal: the game, who has sat down, and the one code phones scan. */
  showWaiting() {
    const room = this.frame.room;
    this.screen = "lobby";
    this.closeDialog();
    clear(this.app);
    const seats = el("ol.watch-seats");
    for (const s of room.seats) {
      const seated = s.kind !== "phone" || s.taken;
      const item = el(`li.watch-seat${seated ? "" : ".watch-seat--open"}`, { dataset: { seat: String(s.seat) } });
      item.style.setProperty("--seat-colour", seatColour(s.seat));
      item.append(el("span.watch-seat-mark", { "aria-hidden": "true" }, seatMark(s.seat)), el("span.watch-seat-name", seated ? seatName(room, s.seat) : t("lobby.waiting_for_phone")));
      seats.append(item);
    }
    const game = el("section.watch-main", el("h2.watch-game", room.profile ? profileName(room.profile) : t("lobby.title")), seats);
    const join = el("section.watch-join", this.joinCards.panel(room));
    this.app.append(el("div.host-layout.watch-lobby-layout", this.header(null), el("div.watch-lobby", game, join)));
  }

  showGame() {
    if (this.screen !== "game") {
      this.screen = "game";
      clear(this.app);
      this.head = el("header.topbar");
      const box = el("div.table-wrap");
      this.app.append(el("div.host-layout", this.head, box));
      this.table = new TableScreen(box, { net: null, getFrame: () => this.frame, compactBelow: () => innerWidth < 700 || innerHeight < 627, compactTvSeats: true, tv: true });
    }
    this.header(this.frame.view, this.head);
    this.renderTable();
    this.followResults(this.frame.view);
  }

  /** The table; on a phone, seats too many for their rows scroll there: then they are a named
   * region the keyboard can reach (as the phone's list of trains). */
  renderTable() {
    this.table.render(this.frame);
    const seats = this.table.areas.top;
    const compact = this.table.root.classList.contains("tablescreen--compact"); // the TV reads no layout here
    if (compact && seats.scrollHeight > seats.clientHeight + 1) {
      seats.tabIndex = 0;
      seats.setAttribute("role", "region");
      seats.setAttribute("aria-label", t("lobby.players"));
    } else for (const a of ["tabindex", "role", "aria-label"]) seats.removeAttribute(a);
  }

  resultsContent() {
    const v = this.frame.view;
    const room = this.frame.room;
    const tileSize = Math.round(Math.max(16, Math.min(40, window.innerHeight / 30)));
    const body = resultsBody(v, room, { tileSize, tv: true });
    const strip = readyStrip(room);
    if (strip) body.prepend(strip);
    if (matchOver(v)) body.append(el("section.tonight-box", el("h3", t("evening.tonight")), tonightBody(room)));
    return body;
  }

  /** On a TV the results shrink to show whole; on a phone they keep their size and scroll. */
  fitResults() {
    if (!this.dialog || this.dialog.kind !== "results") return;
    if (!SMALL.matches) fitDialog(this.dialog.root);
    else for (const v of ["--fit", "--give"]) this.dialog.root.style.removeProperty(v);
  }
}

const page = new WatchPage();
page.start();
window.__domino = page; // for tests and screenshots
