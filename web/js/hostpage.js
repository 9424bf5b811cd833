// The host pages: the big-screen table (/) and the single-device page (/solo). Both hold the
// room's host token, run the lobby, show the table, the results and the host controls.

import { initI18n, setLanguage, getLanguage, SUPPORTED, t } from "./i18n.js";
import { Net } from "./net.js";
import { el, clear, toast, errorText, openDialog, confirmDialog, seatName, profileName, languageSelect, icon } from "./ui.js";
import { Lobby, loadProfiles } from "./lobby.js";
import { TableScreen } from "./tablescreen.js";
import { resultsBody, rulesBody, rulesTitle, historyBlock, seedBlock } from "./results.js";

function raw(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function setRaw(key, v) {
  try {
    if (v === null) localStorage.removeItem(key);
    else localStorage.setItem(key, v);
  } catch {
    /* blocked storage */
  }
}

export class HostPage {
  constructor(mode) {
    this.mode = mode; // "table" | "solo"
    this.app = document.getElementById("app");
    this.frame = null;
    this.screen = null;
    this.forceLobby = false;
    this.dialog = null;
    this.resultsFor = null;
    this.lastKey = mode === "solo" ? "domino.solo.room" : "domino.host.last";
  }

  roomId() {
    if (this.mode === "table") {
      const q = new URLSearchParams(location.search).get("room");
      if (q && /^[A-Z2-9]{5}$/.test(q)) return q;
    }
    return raw(this.lastKey);
  }

  async start() {
    await initI18n();
    document.title = t("app.title");
    await loadProfiles();
    this.net = new Net({
      hello: () => {
        const room = this.roomId();
        const token = room ? raw(`domino.host.${room}`) : null;
        return room && token ? { room, host_token: token } : {};
      },
      onWelcome: (w) => this.onWelcome(w),
      onView: (f) => this.onFrame(f),
      onMessage: (m, answered) => this.onMessage(m, answered),
      onStatus: (s) => this.netbar(s),
    });
    this.net.start();
    window.addEventListener("resize", () => {
      if (this.frame && this.screen === "game") this.table.render(this.frame);
    });
  }

  netbar(s) {
    let bar = document.querySelector(".netbar");
    if (s === "open" || s === "connecting") {
      if (bar) bar.remove();
      return;
    }
    if (!bar) {
      bar = el("div.netbar", { role: "status" });
      document.body.append(bar);
    }
    bar.textContent = t("app.reconnecting");
  }

  onWelcome(w) {
    this.role = w.role;
    if (w.role === "lobby") {
      // no room yet (or it is gone): open one at once
      this.net.send("create_room", { name: this.mode === "solo" ? t("app.single_device") : t("app.title") });
    } else if (w.role === "guest") {
      // the host token was refused: start a fresh room
      setRaw(this.lastKey, null);
      this.net.reconnect();
    }
  }

  onMessage(m, answered) {
    if (m.type === "room_created") {
      setRaw(`domino.host.${m.room}`, m.host_token);
      setRaw(this.lastKey, m.room);
      if (this.mode === "table") history.replaceState(null, "", `/?room=${m.room}`);
      return;
    }
    if (m.type === "error") {
      if (m.code === "bad_token" || m.code === "no_room") {
        setRaw(this.lastKey, null);
        if (this.mode === "table" && location.search) history.replaceState(null, "", "/");
        // the room is gone (closed, or the server lost it): open a fresh one
        if (this.role === "host" || this.role === "lobby") {
          this.screen = null;
          this.net.reconnect();
        }
        return;
      }
      if (m.code === "stale") return;
      if (!answered) toast(errorText(m.code), "error");
    }
  }

  onFrame(f) {
    const prev = this.frame;
    this.frame = f;
    this.app.removeAttribute("aria-busy");
    if (!f.view || this.forceLobby) this.showLobby(prev);
    else this.showGame();
  }

  // -- lobby ---------------------------------------------------------------------------------

  showLobby(prev) {
    const room = this.frame.room;
    if (this.screen !== "lobby") {
      this.screen = "lobby";
      clear(this.app);
      if (this.dialog) this.dialog.close();
      this.lobbyBox = el("div.lobby-wrap");
      this.header = el("header.topbar");
      this.app.append(el("div.host-layout", this.header, this.lobbyBox));
      this.lobby = new Lobby(this.lobbyBox, {
        kinds: this.mode === "solo" ? ["device", "computer"] : ["phone", "device", "computer"],
        remember: this.mode === "solo" ? "domino.lobby.solo" : "domino.lobby.table",
        onChange: (setup) => {
          if (this.mode === "table" && !this.frame.room.started) this.sendSetup(setup);
        },
        onStart: (setup) => this.startGame(setup),
        extraSeat: (i, seat) => this.joinCard(i, seat),
      });
      if (room.profile && !this.forceLobby) this.lobby.adopt(room);
      this.lobby.fixSeats();
      this.lobby.render();
      if (this.mode === "table" && !room.started) this.sendSetup(this.lobby.payload());
    } else if (prev && JSON.stringify(prev.room.seats) !== JSON.stringify(room.seats)) {
      this.lobby.render(); // a phone sat down: its QR code gives way to its name
    }
    this.renderHeader();
  }

  sendSetup(setup) {
    const key = JSON.stringify(setup);
    if (key === this.sentSetup) return;
    this.sentSetup = key;
    this.net.request("setup", setup).catch((err) => {
      this.sentSetup = null;
      toast(errorText(err.code), "error");
    });
  }

  joinCard(i, seat) {
    if (this.mode !== "table" || seat.kind !== "phone" || !this.frame) return null;
    const room = this.frame.room;
    const rs = room.seats[i];
    if (!room.profile || !rs || rs.kind !== "phone") return el("span.join-card.join-card--pending");
    if (rs.taken) {
      return el(
        "span.join-card.join-card--taken",
        el("strong", "✓ ", rs.name || ""),
        rs.connected ? null : el("span.badge.badge--off", t("app.offline")),
        el("button.btn.btn--link", { type: "button", onclick: () => this.host("free_seat", { seat: i }) }, t("lobby.free_seat")),
      );
    }
    const url = `${room.join_url}?seat=${i}`;
    return el(
      "figure.join-card",
      { dataset: { joinUrl: url } },
      el("img.join-qr", { src: `/api/rooms/${room.id}/join.svg?seat=${i}`, alt: t("aria.qr_join", { n: i + 1 }), width: "150", height: "150" }),
      el("figcaption", el("strong", t("table.scan_to_join", { n: i + 1 })), el("span.join-url", url)),
    );
  }

  async startGame(setup) {
    const room = this.frame.room;
    try {
      if (room.started || this.mode === "solo" || JSON.stringify(setup) !== this.sentSetup) {
        this.sentSetup = JSON.stringify(setup);
        await this.net.request("setup", setup);
      }
      await this.net.request("start_round");
      this.forceLobby = false;
      if (this.frame.view) this.showGame();
    } catch (err) {
      toast(err.code === "seats_open" ? t("lobby.need_seats") : errorText(err.code), "error");
    }
  }

  // -- game ----------------------------------------------------------------------------------

  showGame() {
    if (this.screen !== "game") {
      this.screen = "game";
      clear(this.app);
      this.header = el("header.topbar");
      this.tableBox = el("div.table-wrap");
      this.app.append(el("div.host-layout", this.header, this.tableBox));
      this.table = new TableScreen(this.tableBox, {
        net: this.net,
        getFrame: () => this.frame,
        seatExtra: (i, v, room) => this.seatExtra(i, v, room),
        compactBelow: this.mode === "solo" ? 900 : 700,
      });
    }
    this.renderHeader();
    this.table.render(this.frame);
    const v = this.frame.view;
    if (v.phase !== "play") {
      const key = `${v.round}:${v.profile}`;
      if (this.resultsFor !== key) {
        this.resultsFor = key;
        this.openResults(false);
      } else if (this.dialog && this.dialog.kind === "results") {
        this.refreshResults();
      }
    } else if (this.dialog && this.dialog.kind === "results" && this.dialog.auto) {
      this.dialog.close();
    }
  }

  seatExtra(i, v, room) {
    const rs = room.seats[i];
    if (this.mode !== "table" || !rs || rs.kind !== "phone" || rs.taken || rs.standin) return null;
    const url = `${room.join_url}?seat=${i}`;
    return el("figure.seat-qr", { dataset: { joinUrl: url } }, el("img", { src: `/api/rooms/${room.id}/join.svg?seat=${i}`, alt: t("aria.qr_join", { n: i + 1 }), width: "96", height: "96" }), el("figcaption", t("table.open_seat")));
  }

  renderHeader() {
    const f = this.frame;
    const room = f.room;
    const v = this.screen === "game" ? f.view : null;
    clear(this.header);
    const title = el("div.topbar-title", el("strong", this.mode === "solo" ? t("app.single_device") : room.name));
    if (this.mode === "table") title.append(el("span.room-code", { title: t("lobby.room_code", { code: room.id }) }, room.id));
    const info = el("div.topbar-info");
    if (v) {
      info.append(el("span.info-profile", profileName(v.profile)));
      info.append(el("span.info-round", v.profile === "mexican-train" ? t("table.round_of", { n: v.round, total: 13 }) : t("table.round", { n: v.round })));
      if (v.boneyard) info.append(el("span.info-bone", { "aria-label": t("aria.boneyard", { count: v.boneyard }) }, t("table.boneyard_count", { count: v.boneyard })));
      info.append(el("span.info-dir", v.direction === "counterclockwise" ? `↺ ${t("table.direction_ccw")}` : `↻ ${t("table.direction_cw")}`));
      if (v.profile === "draw" || v.profile === "block") info.append(el("span.info-target", t("table.target", { n: 100 })));
      if (v.profile === "six-love") info.append(el("span.info-target", t("table.target", { n: 6 })));
      const deal = (room.deals || []).find((d) => d.round === v.round);
      if (deal && v.phase === "play") info.append(el("span.info-seal", { title: t("table.seed_commitment_help") }, icon("lock"), " ", deal.commitment.slice(0, 10), "…"));
    } else {
      info.append(el("span", t("lobby.title")));
      if (this.mode === "table") info.append(el("span.help", t("lobby.join_hint")));
    }
    if (room.paused && v && v.phase === "play") info.append(el("span.badge.badge--gold.info-paused", icon("pause"), " ", t("table.paused")));
    const buttons = el("div.topbar-buttons");
    const devices = room.seats.some((s) => s.kind === "device");
    if (v && devices) {
      buttons.append(
        el("button.btn.top-undo", { type: "button", disabled: f.can_undo === false, onclick: () => this.undo() }, "↶ ", t("table.undo")),
        el("button.btn.top-redo", { type: "button", disabled: f.can_redo === false, onclick: () => this.host("redo", { version: this.frame.version }) }, "↷ ", t("table.redo")),
      );
    }
    if (v) {
      buttons.append(
        el("button.btn.top-rules", { type: "button", onclick: () => this.openRules() }, "? ", t("app.rules")),
        el("button.btn.top-results", { type: "button", onclick: () => this.openResults(true) }, t("app.results")),
      );
    } else if (this.forceLobby) {
      buttons.append(el("button.btn.top-back", { type: "button", onclick: () => { this.forceLobby = false; this.onFrame(this.frame); } }, t("app.back")));
    }
    buttons.append(el("button.btn.btn--icon.top-menu", { type: "button", "aria-label": t("app.menu"), title: t("app.menu"), onclick: () => this.openMenu() }, "⚙"));
    this.header.append(title, info, buttons);
  }

  async host(type, payload = {}) {
    try {
      await this.net.request(type, payload);
      return true;
    } catch (err) {
      toast(errorText(err.code), "error");
      return false;
    }
  }

  undo() {
    const v = this.frame.view;
    const room = this.frame.room;
    const hist = v.history || [];
    let seat = null;
    for (let i = hist.length - 1; i >= 0; i--) {
      const s = room.seats[hist[i].seat];
      if (s && s.kind === "device") {
        seat = hist[i].seat;
        break;
      }
    }
    if (seat === null) {
      toast(errorText("cannot_undo"), "error");
      return;
    }
    this.host("undo", { seat, version: this.frame.version });
  }

  // -- dialogs -------------------------------------------------------------------------------

  pause(on, reason) {
    this.net.send("pause", on ? { paused: true, reason } : { paused: false });
  }

  closeDialog() {
    if (this.dialog) this.dialog.close();
  }

  openRules() {
    this.closeDialog();
    const v = this.frame.view;
    this.pause(true, "rules");
    const d = openDialog({ title: rulesTitle(v && v.profile), body: rulesBody(v && v.profile), className: "dlg-rules", wide: this.mode === "table", onClose: () => { this.dialog = null; this.pause(false); } });
    d.kind = "rules";
    this.dialog = d;
  }

  resultsContent() {
    const v = this.frame.view;
    const room = this.frame.room;
    if (v.phase === "play") {
      return el("div.results", historyBlock(v, room, true), seedBlock(v, room), (v.rounds || []).length ? null : el("p.help", t("table.round", { n: v.round })));
    }
    const tileSize = Math.round(Math.max(16, Math.min(40, window.innerHeight / 30)));
    return resultsBody(v, room, { recordUrl: `/api/rooms/${room.id}/record`, tileSize });
  }

  resultsActions() {
    const v = this.frame.view;
    const out = [];
    if (v.phase === "round_over") out.push(el("button.btn.btn--primary.btn--big.res-next", { type: "button", onclick: () => { this.closeDialog(); this.host("start_round"); } }, t("table.next_round")));
    if (v.phase === "game_over") out.push(el("button.btn.btn--primary.btn--big.res-new", { type: "button", onclick: () => { this.closeDialog(); this.host("new_game"); } }, t("table.new_game")));
    return out;
  }

  openResults(manual) {
    this.closeDialog();
    const v = this.frame.view;
    this.pause(true, "results");
    const title = v.phase === "game_over" ? t("results.final") : v.phase === "play" ? t("app.results") : t("results.title", { n: v.round });
    const d = openDialog({
      title,
      body: this.resultsContent(),
      className: "dlg-results",
      wide: true,
      actions: this.resultsActions(),
      onClose: () => {
        this.dialog = null;
        this.pause(false);
      },
    });
    d.kind = "results";
    d.auto = !manual;
    this.dialog = d;
  }

  refreshResults() {
    const body = this.dialog.panel.querySelector(".dialog-body");
    clear(body);
    body.append(this.resultsContent());
  }

  openMenu() {
    this.closeDialog();
    const f = this.frame;
    const v = this.screen === "game" ? f.view : null;
    const room = f.room;
    const list = el("div.menu-list");
    list.append(el("label.field", t("app.language"), languageSelect(SUPPORTED, getLanguage(), async (lang) => {
      d.close();
      await setLanguage(lang);
      document.title = t("app.title");
      this.screen = null;
      this.onFrame(this.frame);
    })));
    if (v) {
      if (v.phase === "round_over") list.append(el("button.btn.btn--primary.menu-next", { type: "button", onclick: () => { d.close(); this.host("start_round"); } }, t("table.next_round")));
      list.append(
        el("button.btn.menu-restart", { type: "button", onclick: async () => { d.close(); if (await confirmDialog(t("table.restart"), t("table.restart_confirm"))) this.host("restart"); } }, t("table.restart")),
        el("button.btn.menu-new", { type: "button", onclick: async () => { d.close(); if (await confirmDialog(t("table.new_game"), t("table.new_game_confirm"))) this.host("new_game"); } }, t("table.new_game")),
        el("button.btn.menu-change", { type: "button", onclick: () => { d.close(); this.forceLobby = true; this.screen = null; this.onFrame(this.frame); } }, t("lobby.title")),
      );
      if (this.mode === "table") {
        for (const s of room.seats) {
          if (s.kind !== "phone") continue;
          const name = s.name || t("app.seat", { n: s.seat + 1 });
          const row = el("div.seg.menu-seat", el("span.menu-seat-name", `${t("lobby.seat", { n: s.seat + 1 })}: ${s.taken ? name : t("table.open_seat")}`));
          if (s.taken) row.append(el("button.btn", { type: "button", onclick: () => { d.close(); this.host("free_seat", { seat: s.seat }); } }, t("lobby.free_seat")));
          if (s.standin) row.append(el("button.btn", { type: "button", onclick: () => { d.close(); this.host("standin", { seat: s.seat, level: null }); } }, t("lobby.standin_end", { name })));
          else row.append(el("button.btn", { type: "button", onclick: () => { d.close(); this.host("standin", { seat: s.seat, level: "medium" }); } }, t("lobby.standin", { name })));
          list.append(row);
        }
      }
    }
    if (this.mode === "table" && document.fullscreenEnabled) {
      list.append(el("button.btn.menu-fullscreen", { type: "button", onclick: () => { d.close(); if (document.fullscreenElement) document.exitFullscreen(); else document.documentElement.requestFullscreen().catch(() => {}); } }, document.fullscreenElement ? t("app.exit_fullscreen") : t("app.fullscreen")));
    }
    const d = openDialog({ title: t("app.menu"), body: list, className: "dlg-menu", onClose: () => { this.dialog = null; } });
    d.kind = "menu";
    this.dialog = d;
    void seatName;
  }
}
