// The phone page (/join/<room>?seat=N): take a seat, see only your own hand, play it.

import { getLanguage, t } from "../i18n.js";
import { Page } from "../base/page.js";
import { el, clear, toast, announce, icon, keepingFocus } from "../base/dom.js";
import { confirmDialog } from "../base/dialogs.js";
import { errorText, seatName, describeMoves, profileName, scoreLine, roomName } from "../base/words.js";
import { historyWithEnds } from "../base/moves.js";
import { store, text } from "../base/storage.js";
import { playModeFor, setPlayMode, vibrateOn, setVibrate, handOrder, setHandOrder, rememberSeatRoom, soundOn, setSound } from "../base/prefs.js";
import { WakeLock } from "../base/wakelock.js";
import { Chime } from "../base/chime.js";
import { PhoneBoard } from "../parts/phoneboard.js";
import { HandPanel, installSelector } from "../parts/handpanel.js";
import { JoinForm, joinLogo } from "../parts/joinform.js";
import { renderSeatStrip } from "../parts/seatstrip.js";
import { resultsBody, historyBlock } from "../parts/results.js";
import { openReplayLater, recordLink } from "../parts/recordlink.js";
import { trackerBody } from "../parts/tracker.js";
import { readyBox, tonightBody, choosingLine, newGameLoss } from "../parts/evening.js";
import { REGULAR_KEY, myProfile, regularToken } from "../parts/regularsapi.js";
import { optionChoices, optionWords, seatCount, allowedOptions, gameOrder } from "../parts/choices.js";
import { seatMark } from "../parts/seatlook.js";

class PhonePage extends Page {
  constructor() {
    super();
    this.roomId = (location.pathname.match(/\/join\/([A-Z2-9]{5})/) || [])[1] || null;
    this.seatHint = Number.parseInt(new URLSearchParams(location.search).get("seat"), 10);
    this.tokenKey = `domino.token.${this.roomId}`;
    this.role = null;
    this.seat = null;
    this.hadSeat = false;
    this.pendingName = null;
    this.lastHistory = null;
    this.wasMyTurn = false;
    this.wake = new WakeLock();
    this.chime = new Chime();
    this.turnSignals = 0; // how often the turn was signalled (sound or vibration): for tests
    this.board = null;
    this.hand = null;
    this.els = {};
    this.regular = null; // the house's regular this phone is ({id, name, colour, mark}), or null
  }

  get token() {
    return text.get(this.tokenKey);
  }

  set token(v) {
    text.set(this.tokenKey, v || null);
  }

  async ready() {
    if (this.roomId) {
      const me = await myProfile(); // null at once for a phone without a profile
      this.regular = me ? me.regular : null;
      return true;
    }
    location.replace("/join"); // the room-code box
    return false;
  }

  hello() {
    return this.token ? { room: this.roomId, token: this.token } : { room: this.roomId };
  }

  /** A seat the night's tournament gave this phone (its tournament token) is gone: the next round
   * seated this table anew. The tournament's page says where to go now. */
  backToTournament() {
    if (!this.token || this.token !== text.get("domino.night.token")) return false;
    this.token = null;
    location.replace("/night");
    return true;
  }

  onWelcome(w) {
    this.role = w.role;
    this.seat = w.seat;
    if (w.role === "guest" && this.hadSeat && this.backToTournament()) return;
    if (w.role === "guest" && this.token && this.hadSeat) this.token = null; // the host freed this seat
    this.hadSeat = w.role === "seat";
    if (this.hadSeat) rememberSeatRoom(this.roomId);
  }

  onMessage(msg) {
    if (msg.type === "joined") {
      this.token = msg.token;
      this.seat = msg.seat;
      this.role = "seat";
      this.hadSeat = true;
      rememberSeatRoom(this.roomId);
      store.set("domino.name", this.pendingName || store.get("domino.name"));
      return;
    }
    if (msg.type === "error") {
      if (msg.code === "bad_token") {
        if (this.backToTournament()) return;
        this.token = null;
        return;
      }
      if (msg.code === "stale") return; // the fresh view follows
      if (msg.ref === undefined || msg.ref === null) toast(errorText(msg.code), "error");
    }
  }

  onFrame(frame) {
    this.frame = frame;
    this.app.removeAttribute("aria-busy");
    this.fillUndo();
    if (this.role !== "seat") return this.showJoin();
    if (!frame.view) return this.showWaiting();
    this.showGame();
  }

  redraw() {
    this.els = {};
    super.redraw();
  }

  onResize() {
    if (this.screen === "game" && this.hand && this.view) this.hand.render({ ...this.view, version: this.frame.version }, this.room);
  }

  // -- join --------------------------------------------------------------------------------------

  showJoin() {
    this.wake.release();
    const open = this.room.seats.filter((s) => s.kind === "phone" && !s.taken && !s.standin);
    const key = JSON.stringify(open.map((s) => s.seat)) + getLanguage();
    if (this.screen === "join" && this.els.joinKey === key) return;
    // another phone sat down while this one was typing: keep the text and the choice
    const before = this.screen === "join" ? this.els.join : null;
    this.screen = "join";
    let chosen = open.some((s) => s.seat === this.seatHint) ? this.seatHint : open.length ? open[0].seat : null;
    if (before && open.some((s) => s.seat === before.chosen)) chosen = before.chosen;
    const form = new JoinForm({
      subtitle: this.room.profile ? t("hand.room_and_game", { room: roomName(this.room), game: profileName(this.room.profile) }) : roomName(this.room),
      open,
      chosen,
      name: before ? before.nameValue() : (this.regular && this.regular.name) || store.get("domino.name", "") || "",
      languageSelect: this.languageSelect(),
      known: this.regular,
      profileHref: `/regulars?back=${encodeURIComponent(`/join/${this.roomId}`)}`,
      onJoin: (seat, name) => this.join(seat, name),
    });
    this.els = { joinKey: key, join: form };
    clear(this.app);
    this.app.append(form.node);
    form.focus();
  }

  async join(seat, name) {
    this.pendingName = name;
    store.set("domino.name", name);
    const regular = this.regular ? regularToken() : null;
    try {
      await this.net.request("join", regular ? { seat, name, lang: getLanguage(), regular } : { seat, name, lang: getLanguage() });
    } catch (err) {
      toast(errorText(err.code), "error");
      if (err.code === "bad_regular") {
        text.set(REGULAR_KEY, null); // the house forgot this profile: a guest from now on
        this.regular = null;
        this.els.joinKey = null;
        this.showJoin();
      }
    }
  }

  // -- waiting -----------------------------------------------------------------------------------

  showWaiting() {
    this.wake.release();
    const room = this.room;
    const starter = this.isCaptain();
    const captain = starter && !room.tournament; // the night's tournament chose the game: the captain only starts
    if (room.profile && !this.profiles) this.loadProfiles(); // the game's options and seats: drawn once here
    const scroll = this.screen === "waiting" && this.els.waiting ? this.els.waiting.scrollTop : 0;
    // back in the lobby (Change game, New game): the last game's results close with it
    if (this.screen === "game" && this.dialog && this.dialog.kind === "results") this.closeDialog();
    this.screen = "waiting";
    const profile = this.profiles && room.profile ? this.profiles[room.profile] : null;
    const open = room.seats.filter((s) => s.kind === "phone" && !s.taken && !s.standin).length;
    const box = el(
      `section.join.waiting${captain ? ".waiting--captain" : ""}`,
      this.topbar(captain), // the captain's screen is full of choices: the name stays in the top bar
      captain ? null : joinLogo([[5, 5]]),
      captain ? null : el("h1", seatName(room, this.seat)),
      el("p.waiting-text", t(captain ? "evening.captain_choose" : starter ? "evening.captain_start" : "hand.waiting_start")),
      captain && profile ? this.captainChoices(profile) : this.chosenGame(profile),
      this.seatList(captain),
      open ? el("p.waiting-open", { role: "status" }, t("lobby.open_seats", { count: open })) : null,
      starter && room.profile && !open ? el("div.captain-startbar", el("button.btn.btn--primary.btn--big.captain-start", { type: "button", onclick: () => this.command("start_round") }, t("evening.start_game"))) : null,
      (room.tonight || { matches: [] }).matches.length ? el("button.btn.waiting-tonight", { type: "button", onclick: () => this.openTonight() }, t("evening.tonight")) : null,
    );
    keepingFocus(this.app, () => {
      clear(this.app);
      this.app.append(box);
    });
    this.els = { waiting: box };
    box.scrollTop = scroll;
  }

  async loadProfiles() {
    if (this.loadingProfiles) return;
    this.loadingProfiles = true;
    await this.profileFacts(this.room.profile);
    if (this.profiles && this.screen === "waiting") this.showWaiting();
  }

  /** The game and its options, as those who do not choose them see them, and who chooses. */
  chosenGame(profile) {
    const room = this.room;
    if (!room.profile) return null;
    const choosing = choosingLine(room, this.seat);
    return el(
      "div.waiting-game",
      el("p.waiting-game-name", profileName(room.profile)),
      profile ? el("ul.waiting-options", optionWords(profile, room.options || {}).map((line) => el("li", line))) : null,
      choosing ? el("p.waiting-choosing", { role: "status" }, choosing) : null,
    );
  }

  /** Who sits where: the players seated, the computers, the seats still open. The captain
   * puts a computer on an open seat, or takes one away, with one press (computers: true). */
  seatList(computers = false) {
    const room = this.room;
    const item = (s) => {
      const open = s.kind === "phone" && !s.taken && !s.standin;
      const words = open ? t("lobby.open_seat") : seatName(room, s.seat);
      let press = null;
      if (computers && (open || s.kind === "computer")) {
        const label = t(open ? "lobby.computer_in_seat" : "lobby.computer_out_seat", { n: s.seat + 1 });
        press = el(
          `button.btn.btn--icon.waiting-computer.waiting-computer--${open ? "in" : "out"}`,
          { type: "button", "aria-label": label, title: label, dataset: { seat: String(s.seat) }, onclick: () => this.seatKind(s.seat, open ? "computer" : "phone") },
          icon("computer"),
          el("span.waiting-computer-sign", { "aria-hidden": "true" }, open ? "+" : "×"),
        );
      }
      return el(`li.waiting-seat${open ? ".waiting-seat--open" : ""}`, { dataset: { seat: String(s.seat) } }, el("span.waiting-seat-mark", { "aria-hidden": "true" }, seatMark(s.seat)), " ", words, press);
    };
    return el("ul.waiting-seats", { "aria-label": t("lobby.players") }, room.seats.map(item));
  }

  /** The captain's one press on a seat: a computer plays it, or it is a phone's again (a setup of
   * the same game with that one seat changed; the seated players keep their seats). */
  seatKind(seat, kind) {
    const room = this.room;
    const level = this.profiles && this.profiles[room.profile] ? this.profiles[room.profile].default_level : "medium";
    const seats = room.seats.map((s, i) => {
      const k = i === seat ? kind : s.kind;
      if (k === "computer") return { kind: k, level: (i !== seat && s.level) || level };
      if (k === "device") return { kind: k, name: s.name || "" };
      return { kind: k };
    });
    this.command("setup", { profile: room.profile, options: room.options, seats });
  }

  /** The captain's lobby: the game and its options as big choices, each sent at once
   * (choose_game: the seats stay; a game too small for those seated is not offered). */
  captainChoices(profile) {
    const room = this.room;
    // the last seat a phone holds: a game must have more seats than that
    const held = room.seats.filter((s) => s.kind === "phone" && s.taken).reduce((m, s) => Math.max(m, s.seat), -1);
    const fits = (p, options) => seatCount(p, options) > held;
    const send = (game, options) => this.command("choose_game", { profile: game, options });
    const games = el("div.choice-games", { role: "radiogroup", "aria-labelledby": "captain-game-label" });
    for (const name of gameOrder(this.profiles)) {
      const p = this.profiles[name];
      const options = this.fittingOptions(p, fits);
      const on = name === room.profile;
      const pick = () => options && !on && send(name, options);
      games.append(
        el(
          `button.btn.choice.choice-game${on ? ".choice--on" : ""}`,
          { type: "button", role: "radio", "aria-checked": String(on), "aria-disabled": options ? null : "true", dataset: { profile: name }, onclick: pick },
          el("strong", t(`profile.${name}.name`)),
          // the chosen game says what it is; the others only their names (a short list to scan)
          on || !options ? el("small", options ? t(`profile.${name}.summary`) : t("evening.too_few_seats")) : null,
        ),
      );
    }
    return el(
      "div.captain-choices",
      el("h2.choice-label#captain-game-label", t("lobby.choose_profile")),
      games,
      optionChoices(profile, room.options || {}, { onPick: (options) => send(room.profile, options), offered: (options) => fits(profile, options), idPrefix: "captain-opt" }),
    );
  }

  /** A game's default options, with the player count raised until everyone seated has a seat
   * (null: no choice of this game seats them all). */
  fittingOptions(profile, fits) {
    const options = { ...profile.defaults };
    if (fits(profile, options)) return options;
    const seatOption = profile.options.find((o) => o.name === profile.seats.option);
    for (const value of seatOption ? seatOption.choices : []) {
      const tried = allowedOptions(profile, { ...options, [seatOption.name]: value });
      if (fits(profile, tried)) return tried;
    }
    return null;
  }

  isCaptain() {
    return this.role === "seat" && this.room && this.room.captain === this.seat;
  }

  openTonight() {
    this.showDialog("tonight", { title: t("evening.tonight"), body: tonightBody(this.room), className: "dlg-tonight" });
  }

  // -- the game ----------------------------------------------------------------------------------

  /** heading: the seat's name is the page's level-one heading (the waiting screen has its own). */
  topbar(heading = true) {
    const v = this.view;
    const iconButton = (cls, label, onclick, content) => el(`button.btn.btn--icon.${cls}`, { type: "button", "aria-label": label, title: label, onclick }, content);
    return el(
      "header.hand-top",
      el("div.hand-me", el(heading ? "h1.hand-name" : "strong.hand-name", seatName(this.room, this.seat)), v ? el("span.hand-score", scoreLine(v, this.room, this.seat)) : null),
      el(
        "div.hand-top-buttons",
        v ? iconButton("top-rules", t("app.rules"), () => this.openRules(), "?") : null,
        v ? iconButton("top-results", t("app.results"), () => this.openResults(true), icon("trophy")) : null,
        iconButton("top-menu", t("app.menu"), () => this.openMenu(), "⚙"),
      ),
    );
  }

  buildGame() {
    clear(this.app);
    this.screen = "game";
    const els = {
      top: el("div.hand-topwrap"),
      seats: el("div.hand-seats", { role: "group", "aria-label": t("table.scores") }),
      boardBox: el("div.hand-board"),
      panelBox: el("div.hand-panel"),
    };
    this.els = els;
    this.app.append(el("div.hand-layout", els.top, els.seats, els.boardBox, els.panelBox));
    this.board = new PhoneBoard(els.boardBox, {
      maxTile: 46,
      minTile: 10,
      onEnd: (end) => this.hand.chooseEnd(end),
      onTrain: (train) => this.hand.chooseTrain(train),
    });
    this.hand = new HandPanel(els.panelBox, {
      send: (action) => this.net.request("act", { action, version: this.frame.version }),
      hint: () => this.net.request("hint", { version: this.frame.version }),
      mode: () => playModeFor(this.view),
      onBoard: () => this.renderBoard(),
      layout: (n) => this.handLayout(n),
      order: { get: handOrder, set: setHandOrder },
      area: () => this.els.boardBox,
    });
    installSelector(this.app, () => this.hand.focusables(this.board.targetElements()));
  }

  /** Every tile of the hand on screen at once: the fewest rows in which each tile is a tap target
   * of at least 44 px (two rows at most below 760 px of height, three above: the board needs its
   * room too); a hand that still does not fit (17 tiles and more at 360 px) scrolls sideways. */
  handLayout(n) {
    const w = this.app.clientWidth - 8; // the strip spans the page (less its side padding) in both layouts
    const h = window.innerHeight;
    const landscape = window.innerWidth > h;
    const most = Math.max(44, Math.floor(landscape ? Math.min(56, h * 0.12) : Math.min(64, h * 0.07)));
    const count = Math.max(n, 1);
    let perRow = count;
    const maxRows = h < 760 ? 2 : 3;
    for (let rows = 1; rows <= maxRows; rows++) {
      perRow = Math.ceil(count / rows);
      if (Math.floor(w / perRow) >= 44) break;
    }
    return { perRow, slot: Math.max(44, Math.min(most, Math.floor(w / perRow))) };
  }

  renderBoard() {
    if (!this.board || !this.view) return;
    this.board.render(this.view, { room: this.room, mySeat: this.seat, ...this.hand.boardOpts() });
  }

  renderSeats() {
    renderSeatStrip(this.els.seats, this.view, this.room, this.seat);
  }

  showGame() {
    if (this.screen !== "game") this.buildGame();
    const v = this.view;
    keepingFocus(this.els.top, () => {
      clear(this.els.top);
      this.els.top.append(this.topbar());
    });
    this.renderSeats();
    this.announceMoves(v); // the moves first, then the hand's prompt ("Your turn")
    this.hand.render({ ...v, version: this.frame.version }, this.room);
    this.renderBoard();
    this.followTurn(v);
    this.followResults(v);
  }

  /** The moves since the last frame, read out by screen readers. */
  announceMoves(v) {
    const hist = historyWithEnds(v); // each play with its end
    const key = `${v.round}`;
    if (this.lastHistory && this.lastHistory.key === key && hist.length > this.lastHistory.n) {
      const fresh = hist.slice(this.lastHistory.n);
      announce(describeMoves(fresh, this.room, this.seat));
    }
    this.lastHistory = { key, n: hist.length };
  }

  /** It became this phone's turn: say so, vibrate. The screen stays on while the game is on. */
  followTurn(v) {
    const my = v.phase === "play" && v.turn === this.seat && v.legal && v.legal.length > 0;
    if (my && !this.wasMyTurn) {
      // the hand panel says the turn's prompt ("Your turn") in the live region
      this.turnSignals += 1;
      if (vibrateOn() && navigator.vibrate) {
        try {
          navigator.vibrate([70, 50, 70]);
        } catch {
          /* not allowed without a gesture */
        }
      }
      if (soundOn()) this.chime.play();
      // the whole screen flashes once (body.turn-flash, hand.css)
      document.body.classList.remove("turn-flash");
      void document.body.offsetWidth; // restart the animation
      document.body.classList.add("turn-flash");
    }
    if (!this.wake.wanted) this.wake.acquire();
    this.wasMyTurn = my;
    document.body.classList.toggle("my-turn", my);
  }

  // -- dialogs -----------------------------------------------------------------------------------

  recordLink(cls) {
    return recordLink(this.roomId, this.token, cls);
  }

  resultsContent() {
    const v = this.view;
    if (v.phase === "play") {
      const box = el("div.results");
      box.append(el("p", t("hand.round_and_score", { round: t("table.round", { n: v.round }), score: scoreLine(v, this.room, this.seat) })));
      box.append(historyBlock(v, this.room, true));
      return box;
    }
    const body = resultsBody(v, this.room, { mySeat: this.seat, recordLink: this.recordLink("results-download") });
    // what comes next first: Ready (or Play again), and whom the table waits for
    body.prepend(readyBox(this.room, v, this.seat, (type, payload) => this.command(type, payload)));
    return body;
  }

  playModeField(view) {
    const profile = view.profile;
    const modeBox = el("div.seg.pref-mode", { role: "group", "aria-label": t("hand.pref_title") });
    const help = el("p.help");
    const paint = () => {
      const m = playModeFor(view);
      for (const b of modeBox.children) b.setAttribute("aria-pressed", String(b.dataset.mode === m));
      help.textContent = m === "tap" ? t("hand.pref_one_tap_help") : t("hand.pref_preview_help");
    };
    for (const m of ["tap", "preview"]) {
      const pick = () => {
        setPlayMode(profile, m);
        paint();
        if (this.hand) this.hand.cancel();
      };
      modeBox.append(el("button.btn", { type: "button", dataset: { mode: m }, onclick: pick }, m === "tap" ? t("hand.pref_one_tap") : t("hand.pref_preview")));
    }
    paint();
    return el("div.field", el("span", t("hand.pref_title")), modeBox, help);
  }

  /** The finished rounds this phone played (its seat token says which), step by step. */
  openReplay() {
    this.closeDialog();
    openReplayLater({ roomId: this.roomId, token: this.token });
  }

  openMenu() {
    const v = this.view;
    const vib = el("input#pref-vibrate", { type: "checkbox" });
    vib.checked = vibrateOn();
    vib.addEventListener("change", () => setVibrate(vib.checked));
    const snd = el("input#pref-sound", { type: "checkbox" });
    snd.checked = soundOn();
    snd.addEventListener("change", () => {
      setSound(snd.checked);
      if (snd.checked) this.chime.play(); // what it sounds like (this tap allows audio)
    });
    const tracker = () => {
      this.closeDialog();
      this.openTracker();
    };
    const body = el(
      "div.menu-list",
      el("label.field", t("app.language"), this.languageSelect()),
      v ? this.playModeField(v) : null, // the default mode comes with the view
      el("label.check", vib, " ", t("app.vibration")),
      el("label.check", snd, " ", t("hand.pref_sound")),
      v ? el("button.btn.menu-tracker", { type: "button", onclick: tracker }, t("hand.suit_tracker")) : null,
      el("button.btn.menu-tonight", { type: "button", onclick: () => this.openTonight() }, t("evening.tonight")),
      this.undoBox(),
      // the server serves the record between rounds only (mid-round it would show every hand)
      v && v.phase !== "play" ? this.recordLink("menu-record") : null,
      this.token ? el("button.btn.menu-replay", { type: "button", onclick: () => this.openReplay() }, t("replay.title")) : null,
      v && this.isCaptain() ? el("button.btn.menu-new-game", { type: "button", onclick: () => this.newGame() }, t("table.new_game")) : null,
      el("button.btn.btn--danger.menu-leave", { type: "button", onclick: () => this.leave() }, t("hand.leave")),
    );
    this.showDialog("menu", { title: t("app.settings"), body, className: "dlg-menu" });
  }

  /** The menu's place for Undo and Redo, kept up to date while the menu is open. */
  undoBox() {
    this.undoRow = el("div.menu-undo-box");
    this.fillUndo(true);
    return this.undoRow;
  }

  /** Undo and redo: offered only when the server would take them (can_undo, can_redo); a
   * frame that takes that away takes the button away, even with the menu open. */
  fillUndo(building = false) {
    const box = this.undoRow;
    if (!box || !(building || box.isConnected)) return;
    const f = this.frame;
    const v = f && f.view;
    const undo = v && v.phase === "play" && f.can_undo;
    const redo = v && v.phase === "play" && f.can_redo;
    keepingFocus(box, () => {
      clear(box);
      if (!undo && !redo) return;
      box.append(
        el(
          "div.seg",
          undo ? el("button.btn.menu-undo", { type: "button", onclick: () => this.undoRedo("undo") }, "↶ ", t("hand.undo")) : null,
          redo ? el("button.btn.menu-redo", { type: "button", onclick: () => this.undoRedo("redo") }, "↷ ", t("hand.redo")) : null,
        ),
      );
    });
  }

  async undoRedo(kind) {
    if (await this.command(kind, { version: this.frame.version })) this.closeDialog();
  }

  /** The captain's "New game": back to the lobby with everyone seated, once the captain said
   * yes to what is lost (nothing to ask once the match is decided). */
  async newGame() {
    this.closeDialog();
    const lost = newGameLoss(this.view);
    if (lost && !(await confirmDialog(t("table.new_game"), lost, t("table.new_game")))) return; // the yes says what it does
    this.command("change_game");
  }

  async leave() {
    this.closeDialog();
    if (!(await confirmDialog(t("hand.leave"), t("hand.leave_confirm")))) return;
    try {
      await this.net.request("leave");
    } catch {
      /* the seat is freed anyway when the token goes */
    }
    this.token = null;
    this.hadSeat = false;
    this.net.reconnect();
  }

  openTracker() {
    this.showDialog("tracker", { title: t("hand.suit_tracker"), body: trackerBody(this.view), className: "dlg-tracker" });
  }
}

const page = new PhonePage();
page.start();
window.__domino = page; // for tests and screenshots
