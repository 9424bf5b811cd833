// The host pages: the big-screen table (/, <body data-mode="table">) and the single-device
// page (/solo, data-mode="solo"), where people on this device pass it round and computers fill
// the other seats. Both hold the room's host token, run the lobby, show the table, the results
// and the host controls.

import { t } from "../i18n.js";
import { Page } from "../base/page.js";
import { el, clear, toast, icon, keepingFocus, spoken } from "../base/dom.js";
import { confirmDialog } from "../base/dialogs.js";
import { errorText, profileName, roomName, seatName } from "../base/words.js";
import { text } from "../base/storage.js";
import { looksLikePhone } from "../base/prefs.js";
import { WakeLock } from "../base/wakelock.js";
import { Lobby, fetchProfiles } from "../parts/lobby.js";
import { KioskLock } from "../parts/pinpad.js";
import { attachRemote } from "../parts/remote.js";
import { JoinCards } from "../parts/joinpanel.js";
import { seatColour, seatMark } from "../parts/seatlook.js";
import { TableSound } from "../parts/sound.js";
import { TableScreen } from "../parts/tableview.js";
import { resultsBody, historyBlock, seedBlock, scoresNow } from "../parts/results.js";
import { readyStrip, tonightBody, matchOver, newGameLoss, choosingLine } from "../parts/evening.js";
import { openReplay } from "../parts/replay.js";
import { openRecordFile } from "../parts/recordfile.js";
import { recordLink } from "../parts/recordlink.js";
import { fitDialog } from "../base/fit.js";

/** What a setup is, to tell whether the room's and the lobby's are the same: the game, its
 * options and each seat's kind (and computer level). */
function setupKey(setup) {
  const options = Object.entries(setup.options || {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([setup.profile, options, (setup.seats || []).map((s) => [s.kind, s.kind === "computer" ? s.level : null])]);
}

// seconds without a phone taking a seat before a table that is its own Wi-Fi offers that Wi-Fi
// first: phones that cannot open the page are likely on a network that keeps them from the table
const WIFI_OFFER_AFTER = 60;

class HostPage extends Page {
  constructor(mode) {
    super();
    this.mode = mode; // "table" | "solo"
    this.role = null;
    this.lobby = null;
    this.profiles = null; // GET /api/profiles
    this.table = null;
    this.sentSetup = null;
    this.ownSetups = []; // setupKey of each setup sent whose frame has not come back yet, oldest first
    this.lastKey = mode === "solo" ? "domino.solo.room" : "domino.host.last";
    this.wideDialogs = mode === "table";
    this.wake = new WakeLock();
    this.server = null; // GET /api/server (the table's Wi-Fi)
    this.seated = -1; // phone seats taken, and since when (ms): no change for a while offers the Wi-Fi
    this.seatedSince = Date.now();
    this.wifiTimer = null;
    this.sound = mode === "table" ? new TableSound() : null;
    // the lobby's QR codes and the players who took them (greeted once, large, with a sound)
    this.joinCards = new JoinCards({
      onFree: (seat) => this.command("free_seat", { seat }),
      onArrive: (seat, name) => this.greet(seat, name),
      onSeatCodes: () => this.lobby && this.lobby.render(),
    });
    this.greetMs = 3500; // how long a greeting stays
    if (mode === "table") {
      attachRemote();
      addEventListener("resize", () => this.fitResults());
    }
    this.lock = new KioskLock({ request: (type, payload) => this.net.request(type, payload), showDialog: (kind, options) => this.showDialog(kind, options) });
  }

  /** A command; one the kiosk PIN guards opens the PIN pad, and is sent again once unlocked. */
  async command(type, payload = {}) {
    try {
      await this.net.request(type, payload);
      return true;
    } catch (err) {
      if (err.code === "pin_required" && (await this.lock.ask())) return super.command(type, payload);
      if (err.code !== "pin_required") toast(errorText(err.code), "error");
      return false;
    }
  }

  roomId() {
    if (this.mode === "table") {
      const q = new URLSearchParams(location.search).get("room");
      if (q && /^[A-Z2-9]{5}$/.test(q)) return q;
    }
    return text.get(this.lastKey);
  }

  async ready() {
    // a phone on the table's address would open a room of its own: offer the room code instead
    // (?here=table keeps it here: the join page links to that; the TV's QR codes never use it)
    if (this.mode === "table" && looksLikePhone() && new URLSearchParams(location.search).get("here") !== "table") {
      location.replace("/join?from=table");
      return false;
    }
    this.profiles = await fetchProfiles();
    if (this.mode === "table") this.server = await fetch("/api/server").then((r) => (r.ok ? r.json() : null), () => null);
    return true;
  }

  hello() {
    const room = this.roomId();
    const token = room ? text.get(`domino.host.${room}`) : null;
    return room && token ? { room, host_token: token } : {};
  }

  onResize() {
    if (this.frame && this.screen === "game") this.table.render(this.frame);
  }

  onWelcome(w) {
    this.role = w.role;
    if (w.role === "lobby") {
      // no room yet (or it is gone): open one at once
      // a table nobody names is "Table N" (the server's name), shown in each reader's words (roomName)
      // in kiosk mode a screen other than the table's own gives the PIN first (the pad opens)
      this.command("create_room", this.mode === "solo" ? { name: t("app.single_device") } : {});
    } else if (w.role === "guest") {
      // the host token was refused: start a fresh room
      text.set(this.lastKey, null);
      this.net.reconnect();
    }
  }

  onMessage(m, answered) {
    if (m.type === "room_created") {
      text.set(`domino.host.${m.room}`, m.host_token);
      text.set(this.lastKey, m.room);
      if (this.mode === "table") history.replaceState(null, "", `/?room=${m.room}`);
      return;
    }
    if (m.type !== "error") return;
    if (m.code === "bad_token" || m.code === "no_room") {
      text.set(this.lastKey, null);
      if (this.mode === "table" && location.search) history.replaceState(null, "", "/");
      // the room is gone (closed, or the server lost it): open a fresh one
      if (this.role === "host" || this.role === "lobby") {
        this.screen = null;
        this.net.reconnect();
      }
      return;
    }
    if (m.code !== "stale" && !answered) toast(errorText(m.code), "error");
  }

  onFrame(f) {
    const prev = this.frame;
    this.frame = f;
    if (this.sound && prev && prev.view && f.view) this.sound.follow(prev.view, f.view);
    this.app.removeAttribute("aria-busy");
    this.lock.follow(f.unlocked_for);
    if (!this.wake.wanted) this.wake.acquire(); // the table's screen stays on while it is open
    if (!f.view) this.showLobby(prev);
    else this.showGame();
    this.withdrawRefused();
  }

  /** An open menu offers nothing the server would now refuse: "Restart round" goes once a
   * frame says it cannot be taken (a computer played while the menu was open). */
  withdrawRefused() {
    if (!this.dialog || this.dialog.kind !== "menu" || this.frame.can_restart) return;
    const restart = this.dialog.panel.querySelector(".menu-restart");
    if (!restart) return;
    if (restart === document.activeElement) restart.nextElementSibling?.focus({ preventScroll: true });
    restart.remove();
  }

  // -- lobby -------------------------------------------------------------------------------------

  showLobby(prev) {
    const room = this.frame.room;
    if (this.mode === "table" && room.tournament) return this.showSeated(room);
    if (this.mode === "table") this.followSeated(room);
    if (this.screen !== "lobby") {
      this.screen = "lobby";
      this.joinCards.seen(room); // those seated before the lobby opened are not greeted
      clear(this.app);
      this.closeDialog();
      const lobbyBox = el("div.lobby-wrap");
      this.header = el("header.topbar");
      this.app.append(el("div.host-layout", this.header, lobbyBox));
      this.lobby = new Lobby(lobbyBox, {
        profiles: this.profiles,
        kinds: this.mode === "solo" ? ["device", "computer"] : ["phone", "device", "computer"],
        remember: this.mode === "solo" ? "domino.lobby.solo" : "domino.lobby.table",
        onChange: (setup) => {
          if (this.mode === "table" && !this.frame.room.started) this.sendSetup(setup);
        },
        onStart: (setup) => this.startGame(setup),
        extraSeat: (i, seat) => this.joinCard(i, seat),
        taken: (i) => this.mode === "table" && !!(this.frame.room.seats[i] && this.frame.room.seats[i].kind === "phone" && this.frame.room.seats[i].taken),
        seatName: (i) => this.lobbySeatName(i),
        aside: this.mode === "table" ? () => this.joinCards.panel(this.frame.room, this.wifiOffered()) : null,
      });
      if (room.profile) this.lobby.adopt(room);
      this.lobby.fixSeats();
      this.lobby.render();
      if (this.mode === "table" && !room.started) this.sendSetup(this.lobby.payload());
    } else if (room.imported && JSON.stringify(prev && prev.room.imported) !== JSON.stringify(room.imported)) {
      // set up from a record file: the lobby shows its game and seats (a setup of the same game keeps it)
      this.lobby.adopt(room);
      this.lobby.fixSeats();
      this.lobby.render();
      this.sentSetup = JSON.stringify(this.lobby.payload());
    } else if (!this.ownSetup(room) && prev && setupKey(prev.room) !== setupKey(room) && setupKey(room) !== setupKey(this.lobby.payload())) {
      // the captain chose another game or options from a phone: the lobby shows it at once
      this.lobby.adopt(room);
      this.lobby.fixSeats();
      this.lobby.render();
      this.sentSetup = JSON.stringify(this.lobby.payload());
    } else if (prev && JSON.stringify(prev.room.seats) !== JSON.stringify(room.seats)) {
      this.lobby.render(); // a phone sat down: its QR code gives way to its name
    }
    this.renderHeader();
  }

  /** A table of the night's tournament before the deal: "Table 3, round 2" and who sits where
   * (the tournament seated them; each comes with their phone), and the deal. */
  showSeated(room) {
    this.screen = "seated";
    this.lobby = null;
    clear(this.app);
    this.closeDialog();
    this.header = el("header.topbar");
    const seats = el("ol.seated-list", ...room.seats.map((s, i) => el("li", el("span.seated-seat", t("lobby.seat", { n: i + 1 })), el("strong.seated-name", s.name))));
    const deal = el("button.btn.btn--primary.btn--big", { type: "button", onclick: () => this.command("start_round") }, t("night.deal"));
    const box = el(
      "section.seated",
      { "aria-labelledby": "seated-title" },
      el("h2#seated-title.seated-title", t("night.table_round", { table: room.tournament.table, round: room.tournament.round })),
      el("p.seated-game", profileName(room.profile)),
      seats,
      el("p.help", t("night.seated_note")),
      deal,
    );
    this.app.append(el("div.host-layout", this.header, el("div.lobby-wrap", box)));
    this.renderHeader();
  }

  /** Whether the room shows a setup this table sent itself: an earlier one comes back while
   * the next is on its way (two quick changes), and is not a captain's choice to adopt, which
   * would undo the second change on screen and in the setup sent with the change after it. */
  ownSetup(room) {
    const i = this.ownSetups.indexOf(setupKey(room));
    if (i < 0) return false;
    this.ownSetups.splice(0, i + 1); // the frames of the ones before it have come too
    return true;
  }

  sendSetup(setup) {
    const key = JSON.stringify(setup);
    if (key === this.sentSetup) return;
    this.sentSetup = key;
    this.ownSetups = [...this.ownSetups.slice(-15), setupKey(setup)];
    this.net.request("setup", setup).catch((err) => {
      this.sentSetup = null;
      toast(errorText(err.code), "error");
    });
  }

  /** Counts the phones seated; when none sat down for WIFI_OFFER_AFTER seconds the lobby is drawn
   * again, and the join panel offers the table's own Wi-Fi first. */
  followSeated(room) {
    const seated = room.seats.filter((s) => s.kind === "phone" && s.taken).length;
    if (seated === this.seated) return;
    this.seated = seated;
    this.seatedSince = Date.now();
    clearTimeout(this.wifiTimer);
    const s = this.server;
    if (!s || !s.hotspot || !s.wifi) return; // not a table with its own Wi-Fi: nothing to offer
    this.wifiTimer = setTimeout(() => {
      if (this.screen === "lobby" && this.lobby) this.lobby.render();
    }, WIFI_OFFER_AFTER * 1000);
  }

  /** The table's own Wi-Fi's name when the join panel offers it (after `after` seconds without a
   * phone sitting down), else null. */
  wifiOffered(after = WIFI_OFFER_AFTER) {
    const s = this.server;
    if (!s || !s.hotspot || !s.wifi) return null;
    return Date.now() - this.seatedSince >= after * 1000 ? s.wifi_ssid : null;
  }

  /** A player who just sat down: their name in their seat's colour and mark, large across the
   * screen for a moment, and a short sound (not for those already seated when the lobby opened). */
  greet(seat, name) {
    if (this.sound) this.sound.play("arrive");
    for (const old of document.querySelectorAll(".arrival")) old.remove();
    const banner = el(
      "div.arrival",
      { role: "status" },
      el("span.arrival-mark", { "aria-hidden": "true" }, seatMark(seat)),
      el("span.arrival-name", t("lobby.welcome", { name })),
    );
    banner.style.setProperty("--seat-colour", seatColour(seat));
    document.body.append(banner);
    setTimeout(() => banner.remove(), this.greetMs);
  }

  /** Who plays seat i as the lobby's teams say it: the seated player or computer, or null. */
  lobbySeatName(i) {
    const s = this.frame.room.seats[i];
    const asked = this.lobby && this.lobby.setup.seats[i];
    if (!s || !asked || s.kind !== asked.kind) return null; // the new setup is on its way
    return s.kind === "phone" && !s.taken ? null : seatName(this.frame.room, i);
  }

  /** In the table's lobby: the QR code of an open phone seat, or who took it. */
  joinCard(i, seat) {
    if (this.mode !== "table" || seat.kind !== "phone" || !this.frame) return null;
    return this.joinCards.card(this.frame.room, i);
  }

  async startGame(setup, retried = false) {
    const room = this.frame.room;
    try {
      if (room.started || this.mode === "solo" || JSON.stringify(setup) !== this.sentSetup) {
        this.sentSetup = JSON.stringify(setup);
        await this.net.request("setup", setup);
      }
      await this.net.request("start_round");
      if (this.frame.view) this.showGame();
    } catch (err) {
      // a new setup ends the game under way: on a kiosk table only once unlocked
      if (err.code === "pin_required" && !retried && (await this.lock.ask())) return this.startGame(setup, true);
      if (err.code !== "pin_required") toast(err.code === "seats_open" ? t("lobby.need_seats") : errorText(err.code), "error");
    }
  }

  // -- game --------------------------------------------------------------------------------------

  showGame() {
    if (this.screen !== "game") {
      this.screen = "game";
      clear(this.app);
      this.header = el("header.topbar");
      const tableBox = el("div.table-wrap");
      this.app.append(el("div.host-layout", this.header, tableBox));
      this.table = new TableScreen(tableBox, {
        net: this.net,
        getFrame: () => this.frame,
        seatExtra: (i, v, room) => this.seatQr(i, room),
        compactBelow: this.mode === "solo" ? 900 : 700,
        tv: this.mode === "table",
        onStandin: (seat) => this.command("standin", { seat, level: this.profiles[this.frame.room.profile].default_level }),
      });
    }
    this.renderHeader();
    this.table.render(this.frame);
    this.followResults(this.frame.view);
  }

  /** At the table mid-game: the QR code of a phone seat nobody holds. */
  seatQr(i, room) {
    return this.mode === "table" ? this.joinCards.seatQr(room, i) : null;
  }

  renderHeader() {
    const room = this.frame.room;
    const v = this.screen === "game" ? this.frame.view : null;
    const lockFocused = this.lock.holdsFocus();
    keepingFocus(this.header, () => this.fillHeader(room, v));
    this.lock.place(this.header.querySelector(".topbar-buttons"), lockFocused);
  }

  fillHeader(room, v) {
    clear(this.header);
    // the page's one level-one heading: the table's name (on the big screen mid-game said only
    // to screen readers: the space goes to the round's facts)
    const name = this.mode === "solo" ? t("app.single_device") : roomName(room);
    const title = el("h1.topbar-title", el(this.mode === "table" && v ? "span.sr-only" : "strong", name));
    if (this.mode === "table") title.append(el("span.room-code", { title: t("lobby.room_code", { code: room.id }) }, room.id));
    this.header.append(title, this.headerInfo(v, room), this.headerButtons(v));
  }

  /** The game, round, boneyard, direction, target and the deal's seal. */
  headerInfo(v, room) {
    const info = el("div.topbar-info");
    if (!v && room.tournament) {
      info.append(el("strong.info-tournament", t("night.table_round", { table: room.tournament.table, round: room.tournament.round })));
      return info;
    }
    if (!v) {
      info.append(el("span", t("lobby.title")));
      const choosing = choosingLine(room, null);
      if (choosing) info.append(el("strong.info-choosing", choosing));
      const from = room.imported;
      if (from) info.append(el("span.info-imported", from.move ? t("record.imported", { round: from.round, move: from.move }) : t("record.imported_deal", { round: from.round })));
      if (this.mode === "table") info.append(el("span.help", t("lobby.join_hint")));
      return info;
    }
    if (room.tournament) info.append(el("strong.info-tournament", t("night.table_round", { table: room.tournament.table, round: room.tournament.round })));
    info.append(el("span.info-profile", profileName(v.profile)));
    info.append(el("span.info-round", v.rounds_total ? t("table.round_of", { n: v.round, total: v.rounds_total }) : t("table.round", { n: v.round })));
    if (v.boneyard) info.append(el("span.info-bone", spoken(t("table.boneyard_count", { count: v.boneyard }), t("aria.boneyard", { count: v.boneyard }))));
    info.append(el("span.info-dir", v.direction === "counterclockwise" ? `↺ ${t("table.direction_ccw")}` : `↻ ${t("table.direction_cw")}`));
    if (v.target) info.append(el("span.info-target", t("table.target", { n: v.target })));
    const deal = (room.deals || []).find((d) => d.round === v.round);
    if (deal && v.phase === "play" && this.mode !== "table") info.append(el("span.info-seal", { title: t("table.seed_commitment_help") }, icon("lock"), " ", deal.commitment.slice(0, 10), "…"));
    if (room.paused && v.phase === "play") info.append(el("span.badge.badge--gold.info-paused", icon("pause"), " ", t("table.paused")));
    return info;
  }

  headerButtons(v) {
    const f = this.frame;
    const buttons = el("div.topbar-buttons");
    // offered only when the server would take them (the view's can_undo, can_redo)
    if (v && f.can_undo) buttons.append(el("button.btn.top-undo", { type: "button", onclick: () => this.undo() }, "↶ ", t("table.undo")));
    if (v && f.can_redo) buttons.append(el("button.btn.top-redo", { type: "button", onclick: () => this.command("redo", { version: this.frame.version }) }, "↷ ", t("table.redo")));
    if (v) {
      buttons.append(
        el("button.btn.top-rules", { type: "button", onclick: () => this.openRules() }, "? ", t("app.rules")),
        el("button.btn.top-results", { type: "button", onclick: () => this.openResults(true) }, t("app.results")),
      );
    }
    // between games the evening so far is a press away (a match's end shows it by itself)
    if (!v && ((f.room.tonight || {}).matches || []).length) {
      buttons.append(el("button.btn.top-tonight", { type: "button", onclick: () => this.openTonight() }, t("evening.tonight")));
    }
    buttons.append(el("button.btn.btn--icon.top-menu", { type: "button", "aria-label": t("app.menu"), title: t("app.menu"), onclick: () => this.openMenu() }, "⚙"));
    return buttons;
  }

  /** Tonight's matches and standings, over the lobby. */
  openTonight() {
    this.showDialog("tonight", { title: t("evening.tonight"), body: tonightBody(this.frame.room), className: "dlg-tonight", wide: true });
    this.fitResults();
  }

  /** Undo the last move of a seat played on this device. */
  undo() {
    const v = this.frame.view;
    const room = this.frame.room;
    const hist = v.history || [];
    for (let i = hist.length - 1; i >= 0; i--) {
      const s = room.seats[hist[i].seat];
      if (s && s.kind === "device") {
        this.command("undo", { seat: hist[i].seat, version: this.frame.version });
        return;
      }
    }
    toast(errorText("cannot_undo"), "error");
  }

  // -- dialogs -----------------------------------------------------------------------------------

  pausesForResults() {
    return true;
  }

  /** The scores on the TV are for everyone at once: looking at them stops nobody's game. */
  pausesWhileLooking() {
    return this.mode !== "table";
  }

  resultsContent() {
    const v = this.frame.view;
    const room = this.frame.room;
    if (v.phase === "play") {
      return el("div.results", scoresNow(v, room), historyBlock(v, room, true), seedBlock(v, room));
    }
    const tileSize = Math.round(Math.max(16, Math.min(40, window.innerHeight / 30)));
    const body = resultsBody(v, room, { recordLink: recordLink(room.id, text.get(`domino.host.${room.id}`), "results-download"), tileSize, tv: this.mode === "table" });
    // who the phones' Ready is still awaited from; tonight's matches once a match is decided
    const strip = readyStrip(room);
    if (strip) body.prepend(strip);
    if (matchOver(v)) body.append(el("section.tonight-box", el("h3", t("evening.tonight")), tonightBody(room)));
    return body;
  }

  /** On the TV the results, and tonight over the lobby, fit the screen whole, ten seats and a
   * long evening and all: nobody there can scroll. */
  fitResults() {
    if (this.mode !== "table" || !this.dialog) return;
    if (this.dialog.kind === "results") fitDialog(this.dialog.root, { readable: ".results-name" });
    else if (this.dialog.kind === "tonight") fitDialog(this.dialog.root, { readable: ".tonight-table tbody th" });
  }

  /** The host's next step after a round: one click, then the dialog closes. */
  closeAndSend(type) {
    return () => {
      this.closeDialog();
      this.command(type);
    };
  }

  resultsActions() {
    const v = this.frame.view;
    const out = [];
    if (v.phase === "round_over") out.push(el("button.btn.btn--primary.btn--big.res-next", { type: "button", onclick: this.closeAndSend("start_round") }, t("table.next_round")));
    // the same players again (partners change seats): nothing is lost, so no PIN is asked
    if (v.phase === "game_over") out.push(el("button.btn.btn--primary.btn--big.res-new", { type: "button", onclick: this.closeAndSend("play_again") }, t("table.play_again")));
    return out;
  }

  /** A button that asks first, then sends the command. */
  confirmed(cls, type, title, question) {
    const go = async () => {
      this.closeDialog();
      if (await confirmDialog(title, question)) this.command(type);
    };
    return el(`button.btn.${cls}`, { type: "button", onclick: go }, title);
  }

  /** The menu's way into the finished rounds (parts/replay.js), opened with the host token. */
  replayButton() {
    const room = this.frame.room;
    const go = () => {
      this.closeDialog();
      openReplay({ roomId: room.id, token: text.get(`domino.host.${room.id}`), tv: this.mode === "table" });
    };
    return el("button.btn.menu-replay", { type: "button", onclick: go }, el("span", el("strong", t("replay.title")), el("small.menu-help", t("replay.menu_help"))));
  }

  /** The menu's way to a record file: replay it, or set the table up to play on from a move. */
  recordFileButton() {
    const room = this.frame.room;
    const go = () => {
      this.closeDialog();
      openRecordFile({ roomId: room.id, token: text.get(`domino.host.${room.id}`), tv: this.mode === "table", playOn: { seats: (s) => this.importSeats(s), send: (msg) => this.importFrom(msg) } });
    };
    return el("button.btn.menu-record-file", { type: "button", onclick: go }, el("span", el("strong", t("record.title")), el("small.menu-help", t("record.menu_help"))));
  }

  /** The seats a record's game starts with, as the lobby lays them out: its computers stay
   * computers, its players sit at phones (on the single device: on this device). */
  importSeats(summary) {
    const levels = this.profiles[summary.profile].levels;
    return summary.seats.map((s, i) => {
      if (s.kind === "computer") return { kind: "computer", level: levels.includes(s.level) ? s.level : this.profiles[summary.profile].default_level };
      if (this.mode === "solo") return { kind: "device", name: s.name || t("app.player_default", { n: i + 1 }) };
      return { kind: "phone" };
    });
  }

  /** The import command (behind the PIN on a kiosk table); then the lobby seats the players. */
  async importFrom(msg) {
    try {
      await this.net.request("import", msg);
    } catch (err) {
      if (err.code !== "pin_required" || !(await this.lock.ask())) throw err;
      await this.net.request("import", msg);
    }
  }

  openMenu() {
    const v = this.screen === "game" ? this.frame.view : null;
    const list = el("div.menu-list");
    list.append(el("label.field", t("app.language"), this.languageSelect()));
    if (v) {
      if (v.phase === "round_over") list.append(el("button.btn.btn--primary.menu-next", { type: "button", onclick: this.closeAndSend("start_round") }, t("table.next_round")));
      // back to the lobby with everyone seated (change_game); a game under way is asked about first
      const change = async () => {
        this.closeDialog();
        const lost = newGameLoss(this.frame.view);
        if (lost && !(await confirmDialog(t("table.new_game"), lost, t("table.new_game")))) return; // the yes says what it does
        this.command("change_game");
      };
      const items = [
        // offered only when the server would take it (the view's can_restart)
        this.frame.can_restart ? this.confirmed("menu-restart", "restart", t("table.restart"), t("table.restart_confirm")) : null,
        // what starting over loses, when it loses something (the round in play, the scores)
        this.confirmed("menu-over", "new_game", t("table.start_over"), newGameLoss(v) || t("table.new_game_confirm")),
        el("button.btn.btn--primary.menu-new", { type: "button", onclick: change }, el("span", el("strong", t("lobby.title")), el("small.menu-help", t("table.new_game_help")))),
        this.mode === "table" ? this.seatsButton() : null,
      ];
      list.append(...items.filter(Boolean));
    }
    if (this.frame && this.frame.room) list.append(this.replayButton(), this.recordFileButton()); // the lobby too: earlier games
    if (this.mode === "table" && this.frame && this.frame.room) list.append(this.watchButton());
    if (this.sound) list.append(this.soundButton());
    if (this.mode === "table" && document.fullscreenEnabled) list.append(this.fullscreenButton());
    this.showDialog("menu", { title: t("app.menu"), body: list, className: "dlg-menu" });
  }

  /** "Show this table on another screen": the address (and its QR code) of the table's second
   * screen, which shows the same table and can change nothing (pages/watch.js). */
  watchButton() {
    const room = this.frame.room;
    const go = () => {
      const address = room.watch_url.replace(/^https?:\/\//, "");
      const body = el(
        "div.watch-offer",
        el("p", t("watch.open_address")),
        el("p.watch-address", { dataset: { watchUrl: room.watch_url } }, address),
        el("img.watch-qr", { src: `/api/rooms/${room.id}/watch.svg`, alt: t("aria.qr_watch"), width: "260", height: "260" }),
        el("p.help", t("watch.scan")),
        el("p", t("watch.note")),
      );
      this.showDialog("watch", { title: t("watch.title"), body, className: "dlg-watch", wide: true });
    };
    return el("button.btn.menu-watch", { type: "button", onclick: go }, el("span", el("strong", t("watch.menu")), el("small.menu-help", t("watch.menu_help"))));
  }

  /** "Phone seats": its own dialog, so that ten of them leave the menu short; none, no button. */
  seatsButton() {
    if (!this.frame.room.seats.some((s) => s.kind === "phone")) return null;
    const go = () => this.showDialog("seats", { title: t("seats.title"), body: el("div.seats-list", this.phoneSeatRows()), className: "dlg-seats", wide: true });
    return el("button.btn.menu-seats", { type: "button", onclick: go }, el("span", el("strong", t("seats.menu")), el("small.menu-help", t("seats.menu_help"))));
  }

  /** Per phone seat, one row: its name, then free it, or let a computer stand in for it (and end
   * that). The rows line up in columns (a grid), so that up and down keep to one column. */
  phoneSeatRows() {
    const rows = [];
    const level = this.profiles[this.frame.room.profile].default_level;
    const button = (cls, label, type, payload) => {
      const go = () => {
        this.closeDialog();
        this.command(type, payload);
      };
      return el(`button.btn.${cls}`, { type: "button", onclick: go }, label);
    };
    for (const s of this.frame.room.seats) {
      if (s.kind !== "phone") continue;
      const name = s.name || t("app.seat", { n: s.seat + 1 });
      const row = el("div.seats-row", { dataset: { seat: String(s.seat) } });
      const mark = el("span.seats-mark", { "aria-hidden": "true", style: `--seat-colour: ${seatColour(s.seat)}` }, seatMark(s.seat));
      row.append(el("span.seats-name", mark, " ", t("app.label_value", { label: t("lobby.seat", { n: s.seat + 1 }), value: s.taken ? name : t("table.open_seat") })));
      row.append(s.taken ? button("seats-free", t("lobby.free_seat"), "free_seat", { seat: s.seat }) : el("span"));
      // the computer stops: the seat goes back to its player, or waits for one to join
      const end = s.taken ? t("lobby.standin_end", { name }) : t("seats.standin_end_open");
      if (s.standin) row.append(button("seats-standin", end, "standin", { seat: s.seat, level: null }));
      else row.append(button("seats-standin", t("lobby.standin", { name }), "standin", { seat: s.seat, level }));
      rows.push(row);
    }
    return rows;
  }

  /** Sound on or off (remembered on this screen). */
  soundButton() {
    const go = () => {
      this.sound.setMuted(!this.sound.muted);
      this.closeDialog();
      if (!this.sound.muted) this.sound.play("tile");
    };
    return el("button.btn.menu-sound", { type: "button", "aria-pressed": String(!this.sound.muted), onclick: go }, this.sound.muted ? t("table.sound_on") : t("table.sound_off"));
  }

  fullscreenButton() {
    const go = () => {
      this.closeDialog();
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(() => {});
    };
    return el("button.btn.menu-fullscreen", { type: "button", onclick: go }, document.fullscreenElement ? t("app.exit_fullscreen") : t("app.fullscreen"));
  }
}

const page = new HostPage(document.body.dataset.mode === "solo" ? "solo" : "table");
page.start();
window.__domino = page; // for tests and screenshots
