// The phone page (/join/<room>?seat=N): take a seat, see only your own hand, play it.

import { initI18n, setLanguage, getLanguage, SUPPORTED, t, tileName } from "./i18n.js";
import { Net } from "./net.js";
import { Board } from "./board.js";
import { HandPanel, installSelector } from "./handpanel.js";
import { el, clear, toast, errorText, announce, openDialog, confirmDialog, seatName, describeMove, profileName, store, languageSelect, icon } from "./ui.js";
import { resultsBody, rulesBody, rulesTitle, historyBlock } from "./results.js";
import { tileSVGString } from "./tiles.js";
import { playModeFor, setPlayMode, suitTracker, WakeLock, scoreLine } from "./common.js";

const roomId = (location.pathname.match(/\/join\/([A-Z2-9]{5})/) || [])[1] || null;
const seatHint = Number.parseInt(new URLSearchParams(location.search).get("seat"), 10);
const TOKEN_KEY = `domino.token.${roomId}`;

const S = {
  role: null,
  seat: null,
  frame: null, // last view frame
  view: null,
  room: null,
  screen: null,
  lastHistory: null,
  wasMyTurn: false,
  resultsShownFor: null,
  dialog: null,
  status: "connecting",
};

function token() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
function setToken(v) {
  try {
    if (v) localStorage.setItem(TOKEN_KEY, v);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* blocked storage: the seat lasts for this page */
  }
}

const app = document.getElementById("app");
const wake = new WakeLock();
let net;
let board;
let hand;
let els = {};

async function main() {
  await initI18n();
  document.title = t("app.title");
  if (!roomId) {
    app.innerHTML = "";
    app.append(el("section.join", el("h1", t("app.title")), el("p", t("error.no_room"))));
    return;
  }
  net = new Net({
    hello: () => (token() ? { room: roomId, token: token() } : { room: roomId }),
    onWelcome: (w) => {
      S.role = w.role;
      S.seat = w.seat;
      if (w.role === "guest" && token() && S.hadSeat) {
        setToken(null); // the host freed this seat
      }
      S.hadSeat = w.role === "seat";
    },
    onView: (frame) => onFrame(frame),
    onMessage: (msg) => onMessage(msg),
    onStatus: (s) => {
      S.status = s;
      renderNetbar();
    },
  });
  net.start();
}

function onMessage(msg) {
  if (msg.type === "joined") {
    setToken(msg.token);
    S.seat = msg.seat;
    S.role = "seat";
    S.hadSeat = true;
    store.set("domino.name", S.pendingName || store.get("domino.name"));
    return;
  }
  if (msg.type === "error") {
    if (msg.code === "bad_token") {
      setToken(null);
      return;
    }
    if (msg.code === "stale") return; // the fresh view follows
    if (msg.ref === undefined || msg.ref === null) toast(errorText(msg.code), "error");
  }
}

function renderNetbar() {
  let bar = document.querySelector(".netbar");
  if (S.status === "open" || S.status === "connecting") {
    if (bar) bar.remove();
    return;
  }
  if (!bar) {
    bar = el("div.netbar", { role: "status" });
    document.body.append(bar);
  }
  bar.textContent = t("app.reconnecting");
}

function onFrame(frame) {
  S.frame = frame;
  S.room = frame.room;
  S.view = frame.view;
  app.removeAttribute("aria-busy");
  if (S.role !== "seat") return showJoin();
  if (!frame.view) return showWaiting();
  showGame();
}

// -- join ----------------------------------------------------------------------------------------

function showJoin() {
  const room = S.room;
  const open = room.seats.filter((s) => s.kind === "phone" && !s.taken && !s.standin);
  const key = JSON.stringify(open.map((s) => s.seat)) + getLanguage();
  if (S.screen === "join" && els.joinKey === key) return;
  // another phone sat down while this one was typing: keep the text and the choice
  const typed = S.screen === "join" ? document.getElementById("join-name")?.value : null;
  const before = S.screen === "join" ? els.chosen : undefined;
  S.screen = "join";
  els = { joinKey: key };
  clear(app);
  let chosen = open.some((s) => s.seat === seatHint) ? seatHint : open.length ? open[0].seat : null;
  if (before !== undefined && open.some((s) => s.seat === before)) chosen = before;
  els.chosen = chosen;
  const name = el("input#join-name", { type: "text", maxlength: "24", autocomplete: "nickname", placeholder: t("lobby.name_placeholder"), value: typed ?? (store.get("domino.name", "") || "") });
  const seatBox = el("div.seg.join-seats", { role: "group", "aria-label": t("hand.choose_seat") });
  const paint = () => {
    for (const b of seatBox.children) b.setAttribute("aria-pressed", String(Number(b.dataset.seat) === chosen));
  };
  for (const s of open) {
    seatBox.append(el("button.btn.join-seat", { type: "button", dataset: { seat: String(s.seat) }, onclick: () => { chosen = s.seat; els.chosen = chosen; paint(); } }, t("hand.join_seat", { n: s.seat + 1 })));
  }
  paint();
  const go = el("button.btn.btn--primary.btn--big.join-go", { type: "submit" }, t("hand.join_button"));
  const form = el(
    "form.join-form",
    {
      onsubmit: async (ev) => {
        ev.preventDefault();
        const n = name.value.trim();
        if (!n) {
          name.focus();
          return;
        }
        if (chosen === null) return;
        S.pendingName = n;
        store.set("domino.name", n);
        go.disabled = true;
        try {
          await net.request("join", { seat: chosen, name: n, lang: getLanguage() });
        } catch (err) {
          toast(errorText(err.code), "error");
        } finally {
          go.disabled = false;
        }
      },
    },
    el("label.field", t("lobby.name"), name),
    el("label.field", t("app.language"), languageSelect(SUPPORTED, getLanguage(), switchLanguage)),
    open.length ? el("div.field", el("span", t("hand.choose_seat")), seatBox) : el("p", t("error.seat_taken")),
    go,
  );
  app.append(
    el(
      "section.join",
      el("div.join-logo", { html: tileSVGString(6, 6, { orientation: "vertical", size: 34, label: null }) + tileSVGString(6, 4, { orientation: "vertical", size: 34, label: null }) }),
      el("h1", t("hand.join_title")),
      el("p.join-room", room.name, room.profile ? ` · ${profileName(room.profile)}` : ""),
      form,
    ),
  );
  if (!name.value) name.focus();
}

async function switchLanguage(lang) {
  await setLanguage(lang);
  document.title = t("app.title");
  S.screen = null;
  els = {};
  if (S.frame) onFrame(S.frame);
}

// -- waiting -------------------------------------------------------------------------------------

function showWaiting() {
  S.screen = "waiting";
  clear(app);
  els = {};
  app.append(
    el(
      "section.join.waiting",
      topbar(),
      el("div.join-logo", { html: tileSVGString(5, 5, { orientation: "vertical", size: 34, label: null }) }),
      el("h1", seatName(S.room, S.seat)),
      el("p.waiting-text", t("hand.waiting_start")),
      el("p", S.room.profile ? profileName(S.room.profile) : ""),
    ),
  );
}

// -- the game ------------------------------------------------------------------------------------

function topbar() {
  const v = S.view;
  const bar = el(
    "header.hand-top",
    el("div.hand-me", el("strong.hand-name", seatName(S.room, S.seat)), v ? el("span.hand-score", scoreLine(v, S.room, S.seat)) : null),
    el("div.hand-top-buttons",
      v ? el("button.btn.btn--icon.top-rules", { type: "button", "aria-label": t("app.rules"), title: t("app.rules"), onclick: openRules }, "?") : null,
      v ? el("button.btn.btn--icon.top-results", { type: "button", "aria-label": t("app.results"), title: t("app.results"), onclick: () => openResults(true) }, icon("trophy")) : null,
      el("button.btn.btn--icon.top-menu", { type: "button", "aria-label": t("app.menu"), title: t("app.menu"), onclick: openMenu }, "⚙"),
    ),
  );
  return bar;
}

function buildGame() {
  clear(app);
  S.screen = "game";
  els = {};
  els.top = el("div.hand-topwrap");
  els.seats = el("div.hand-seats", { "aria-label": t("table.scores") });
  els.boardBox = el("div.hand-board");
  els.panelBox = el("div.hand-panel");
  app.append(el("div.hand-layout", els.top, els.seats, els.boardBox, els.panelBox));
  board = new Board(els.boardBox, {
    compact: true,
    maxTile: 46,
    minTile: 10,
    onEnd: (end) => hand.chooseEnd(end),
    onTrain: (train) => hand.chooseTrain(train),
  });
  hand = new HandPanel(els.panelBox, {
    send: (action) => net.request("act", { action, version: S.frame.version }),
    hint: () => net.request("hint", { version: S.frame.version }),
    mode: () => playModeFor(S.view && S.view.profile),
    onBoard: () => renderBoard(),
    tileSize: handTileSize,
  });
  installSelector(app, () => hand.focusables(board.targetElements()));
}

function handTileSize() {
  const w = window.innerWidth;
  const h = window.innerHeight;
  const n = Math.max(7, (S.view && S.view.hand ? S.view.hand.length : 7));
  if (w > h) return Math.max(30, Math.min(48, h * 0.12, (w - 60) / (n + 1) / 1.15));
  return Math.max(34, Math.min(64, (w - 40) / Math.min(n, 7) / 1.18));
}

function renderBoard() {
  if (!board || !S.view) return;
  board.render(S.view, { room: S.room, mySeat: S.seat, ...hand.boardOpts() });
}

function renderSeats() {
  const v = S.view;
  clear(els.seats);
  for (let i = 0; i < v.players; i++) {
    const s = v.seats[i];
    const chip = el(
      `div.seat-chip${v.turn === i && v.phase === "play" ? ".seat-chip--turn" : ""}${i === S.seat ? ".seat-chip--me" : ""}`,
      { dataset: { seat: String(i) } },
      el("span.seat-chip-name", i === S.seat ? t("app.you") : seatName(S.room, i)),
      el("span.seat-chip-count", { "aria-label": t("aria.hand_count", { name: seatName(S.room, i), count: s.count }) }, `▮${s.count}`),
      s.discards ? el("span.seat-chip-disc", t("table.discards", { count: s.discards })) : null,
      s.passed ? el("span.badge", t("table.passed")) : null,
    );
    els.seats.append(chip);
  }
  if (v.boneyard) els.seats.append(el("div.seat-chip.seat-chip--bone", { title: t("table.boneyard") }, t("table.boneyard_count", { count: v.boneyard })));
}

function showGame() {
  if (S.screen !== "game") buildGame();
  const v = S.view;
  clear(els.top);
  els.top.append(topbar());
  renderSeats();
  hand.render({ ...v, version: S.frame.version }, S.room);
  renderBoard();
  // announcements, vibration, wake lock
  const hist = v.history || [];
  const key = `${v.round}`;
  if (S.lastHistory && S.lastHistory.key === key && hist.length > S.lastHistory.n) {
    const fresh = hist.slice(S.lastHistory.n);
    announce(fresh.map((h) => describeMove(h, S.room, S.seat)).join(". "));
  }
  S.lastHistory = { key, n: hist.length };
  const my = v.phase === "play" && v.turn === S.seat && v.legal && v.legal.length > 0;
  if (my && !S.wasMyTurn) {
    announce(t("aria.your_turn"));
    if (store.get("domino.vibrate", true) && navigator.vibrate) {
      try {
        navigator.vibrate([70, 50, 70]);
      } catch {
        /* not allowed without a gesture */
      }
    }
    wake.acquire();
  }
  if (v.phase !== "play") wake.release();
  S.wasMyTurn = my;
  document.body.classList.toggle("my-turn", my);
  // results once per round end
  if (v.phase !== "play") {
    const k = `${v.round}:${v.phase}:${S.frame.room.version}`;
    const rk = `${v.round}`;
    if (S.resultsShownFor !== rk) {
      S.resultsShownFor = rk;
      openResults(false);
    } else if (S.dialog && S.dialog.kind === "results") {
      refreshResults();
    }
    void k;
  } else if (S.dialog && S.dialog.kind === "results" && S.dialog.auto) {
    S.dialog.close();
  }
}

// -- dialogs -------------------------------------------------------------------------------------

function setPause(on) {
  net.send("pause", { paused: on, reason: on ? "results" : undefined });
}

function openRules() {
  if (S.dialog) S.dialog.close();
  setPause(true);
  const d = openDialog({ title: rulesTitle(S.view && S.view.profile), body: rulesBody(S.view && S.view.profile), className: "dlg-rules", onClose: () => { S.dialog = null; setPause(false); } });
  d.kind = "rules";
  S.dialog = d;
}

function recordUrl() {
  return `/api/rooms/${roomId}/record`;
}

function resultsContent() {
  const v = S.view;
  if (v.phase === "play") {
    const box = el("div.results");
    box.append(el("p", t("table.round", { n: v.round }), " · ", scoreLine(v, S.room, S.seat)));
    box.append(historyBlock(v, S.room, true));
    return box;
  }
  return resultsBody(v, S.room, { mySeat: S.seat, recordUrl: recordUrl() });
}

function openResults(manual) {
  if (S.dialog) S.dialog.close();
  const v = S.view;
  if (!v) return;
  if (manual) setPause(true);
  const title = v.phase === "game_over" ? t("results.final") : v.phase === "play" ? t("app.results") : t("results.title", { n: v.round });
  const d = openDialog({
    title,
    body: resultsContent(),
    className: "dlg-results",
    wide: true,
    onClose: () => {
      S.dialog = null;
      if (manual) setPause(false);
    },
  });
  d.kind = "results";
  d.auto = !manual;
  S.dialog = d;
}

function refreshResults() {
  const body = S.dialog && S.dialog.panel.querySelector(".dialog-body");
  if (!body) return;
  clear(body);
  body.append(resultsContent());
}

function openMenu() {
  if (S.dialog) S.dialog.close();
  const v = S.view;
  const profile = v ? v.profile : S.room.profile;
  const mode = playModeFor(profile);
  const modeBox = el("div.seg.pref-mode", { role: "group", "aria-label": t("hand.pref_title") });
  const help = el("p.help");
  const paint = () => {
    const m = playModeFor(profile);
    for (const b of modeBox.children) b.setAttribute("aria-pressed", String(b.dataset.mode === m));
    help.textContent = m === "tap" ? t("hand.pref_one_tap_help") : t("hand.pref_preview_help");
  };
  for (const m of ["tap", "preview"]) {
    modeBox.append(el("button.btn", { type: "button", dataset: { mode: m }, onclick: () => { setPlayMode(profile, m); paint(); if (hand) hand.cancel(); } }, m === "tap" ? t("hand.pref_one_tap") : t("hand.pref_preview")));
  }
  paint();
  void mode;
  const vib = el("input#pref-vibrate", { type: "checkbox" });
  vib.checked = store.get("domino.vibrate", true);
  vib.addEventListener("change", () => store.set("domino.vibrate", vib.checked));
  const body = el(
    "div.menu-list",
    el("label.field", t("app.language"), languageSelect(SUPPORTED, getLanguage(), async (lang) => { d.close(); await switchLanguage(lang); })),
    profile ? el("div.field", el("span", t("hand.pref_title")), modeBox, help) : null,
    el("label.check", vib, " ", t("app.vibration")),
    v ? el("button.btn.menu-tracker", { type: "button", onclick: () => { d.close(); openTracker(); } }, t("hand.suit_tracker")) : null,
    v && v.phase === "play" ? el("div.seg",
      el("button.btn.menu-undo", { type: "button", disabled: !S.frame.can_undo, onclick: () => undoRedo("undo") }, "↶ ", t("hand.undo")),
      el("button.btn.menu-redo", { type: "button", disabled: !S.frame.can_redo, onclick: () => undoRedo("redo") }, "↷ ", t("hand.redo"))) : null,
    v ? el("a.btn.menu-record", { href: recordUrl(), download: "" }, icon("download"), " ", t("results.download")) : null,
    el("button.btn.btn--danger.menu-leave", { type: "button", onclick: leave }, t("hand.leave")),
  );
  const d = openDialog({ title: t("app.settings"), body, className: "dlg-menu", onClose: () => { S.dialog = null; } });
  d.kind = "menu";
  S.dialog = d;
}

async function undoRedo(kind) {
  try {
    await net.request(kind, { version: S.frame.version });
    if (S.dialog) S.dialog.close();
  } catch (err) {
    toast(errorText(err.code), "error");
  }
}

async function leave() {
  if (S.dialog) S.dialog.close();
  if (!(await confirmDialog(t("hand.leave"), t("hand.leave_confirm")))) return;
  try {
    await net.request("leave");
  } catch {
    /* the seat is freed anyway when the token goes */
  }
  setToken(null);
  S.hadSeat = false;
  net.reconnect();
}

function openTracker() {
  const v = S.view;
  const data = suitTracker(v);
  const grid = el("div.tracker");
  for (const { n, unseen } of data) {
    grid.append(
      el(
        `div.tracker-cell${unseen ? "" : ".tracker-cell--zero"}`,
        { dataset: { n: String(n) }, "aria-label": `${n}: ${t("hand.unseen", { count: unseen })}` },
        el("span", { html: tileSVGString(n, n, { orientation: "vertical", size: 22, label: null }) }),
        el("span.tracker-n", String(unseen)),
      ),
    );
  }
  const d = openDialog({
    title: t("hand.suit_tracker"),
    body: el("div", el("p.help", t("hand.suit_tracker_help")), grid),
    className: "dlg-tracker",
    onClose: () => { S.dialog = null; },
  });
  d.kind = "tracker";
  S.dialog = d;
}

window.addEventListener("resize", () => {
  if (S.screen === "game" && hand && S.view) hand.render({ ...S.view, version: S.frame.version }, S.room);
});

main();

// for tests and screenshots
window.__domino = { S, get board() { return board; }, get hand() { return hand; }, tileName };
