// The setup form: choose a game, its options and who sits where. Used by the table page (with
// phone seats and join QR codes) and the single-device page (people on this device + computers).
// Every fact about a game (its options and their defaults, seat counts, teams, forbidden option
// combinations, the computer levels) comes from GET /api/profiles (docs/PROTOCOL.md).

import { t } from "../i18n.js";
import { tileSVGString } from "../tiles.js";
import { el, clear, icon } from "../base/dom.js";
import { store } from "../base/storage.js";
import { nameList } from "./evening.js";
import { allowedOptions, choiceGroup, choiceRow, gameOrder, seatCount, toggleChoice } from "./choices.js";

/** The profile table from the server; the page has nothing to set up without it, so it waits. */
export async function fetchProfiles() {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch("/api/profiles");
      if (res.ok) return await res.json();
    } catch {
      /* the server is not reachable yet */
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 200 * attempt)));
  }
}

const matches = (combo, options) => Object.entries(combo).every(([k, v]) => options[k] === v);

/** Whether turning the boolean option `key` on would make a combination the server refuses. */
function forbiddenOn(profile, options, key) {
  return profile.forbidden.some((f) => f.options[key] === true && matches(f.options, { ...options, [key]: true }));
}

/**
 * setup = {profile, options, seats: [{kind, level?, name?}]}
 * profiles: GET /api/profiles; kinds: the seat kinds offered ("phone", "device", "computer").
 */
// how far a focus ring reaches out of its control (table.css: a 4 px outline 3 px out)
const RING = 7;

/**
 * Scrolls `box` (a column that scrolls up and down) so that `line`, the focused control's
 * explanation below it, shows whole, as far as the focused control (when in the box) stays in
 * view with its ring: the control first. A remote's arrow onto the last options of a long
 * column left their explanation under the column's edge, and no key could bring it up whole.
 */
function showBoth(box, focused, line) {
  const view = box.getBoundingClientRect();
  const top = view.top + box.clientTop;
  const bottom = Math.min(top + box.clientHeight, view.bottom); // clientHeight is rounded
  const l = line.getBoundingClientRect();
  const f = focused && box.contains(focused) ? focused.getBoundingClientRect() : l;
  // scrolling down by dy moves everything up by dy: the control's top may rise to the top, no
  // further; its bottom and the explanation's bottom should rise to the bottom
  const most = Math.floor(f.top - RING - top);
  const least = Math.ceil(Math.max(0, l.bottom - bottom, f.bottom + RING - bottom));
  const dy = Math.min(least, most);
  if (dy) box.scrollTop += dy;
}

export class Lobby {
  constructor(root, { profiles, kinds, onChange, onStart, startLabel, extraSeat, aside, taken, seatName, remember = "domino.lobby" }) {
    this.root = root;
    this.profiles = profiles;
    this.games = gameOrder(profiles);
    this.kinds = kinds;
    this.onChange = onChange || (() => {});
    this.onStart = onStart || (() => {});
    this.startLabel = startLabel || (() => t("lobby.start"));
    this.extraSeat = extraSeat || (() => null);
    // the big screen's join panel (room code, address, one large code); the Start button goes
    // under it so it is always on screen
    this.aside = aside || null;
    this.remember = remember;
    // taken(i): a phone sits there (its seat keeps its kind); seatName(i): who plays it, or null
    this.taken = taken || (() => false);
    this.seatName = seatName || (() => null);
    const saved = store.get(remember, null);
    this.setup = saved && saved.profile in profiles ? saved : this.defaultSetup(this.games[0]);
    this.fixSeats();
  }

  get profile() {
    return this.profiles[this.setup.profile];
  }

  defaultSeat(i) {
    const computer = { kind: "computer", level: this.profile.default_level };
    if (i === 0) return this.kinds.includes("phone") ? { kind: "phone" } : { kind: "device", name: "" };
    if (this.kinds.includes("phone")) return i === 1 ? { kind: "phone" } : computer;
    return computer;
  }

  defaultSetup(profile) {
    return { profile, options: { ...this.profiles[profile].defaults }, seats: [] };
  }

  fixSeats() {
    const n = seatCount(this.profile, this.setup.options);
    const seats = this.setup.seats.filter((s) => this.kinds.includes(s.kind)).slice(0, n);
    while (seats.length < n) seats.push(this.defaultSeat(seats.length));
    this.setup.seats = seats;
  }

  /** Take the server's setup (a room already set up) as the form's state. */
  adopt(room) {
    if (!room || !room.profile) return;
    const level = this.profiles[room.profile].default_level;
    this.setup = {
      profile: room.profile,
      options: { ...room.options },
      seats: room.seats.map((s) => {
        const seat = { kind: s.kind };
        if (s.kind === "computer") seat.level = s.level || level;
        if (s.kind === "device") seat.name = s.name || "";
        return seat;
      }),
    };
  }

  payload() {
    const seats = this.setup.seats.map((s, i) => {
      const out = { kind: s.kind };
      if (s.kind === "computer") out.level = s.level || this.profile.default_level;
      if (s.kind === "device") {
        const name = (s.name || "").trim();
        out.name = name || t("app.player_default", { n: i + 1 });
      }
      return out;
    });
    return { profile: this.setup.profile, options: allowedOptions(this.profile, this.setup.options), seats };
  }

  changed() {
    this.setup.options = allowedOptions(this.profile, this.setup.options);
    this.fixSeats();
    store.set(this.remember, this.setup);
    this.onChange(this.payload());
    this.render();
  }

  render() {
    const active = document.activeElement;
    const focusId = active && this.root.contains(active) ? active.id : null;
    const hadFocus = focusId !== null || !active || active === document.body;
    clear(this.root);
    const start = el("button#lobby-start.btn.btn--primary.btn--big.lobby-start", { type: "button", onclick: () => this.onStart(this.payload()) }, this.startLabel());
    const startbox = el("div.lobby-startbox", start);
    const games = el("section.lobby-col.lobby-col--games", el("h2", t("lobby.choose_profile")), this.gameList());
    const options = [el("h2", t("lobby.options")), this.optionFields()];
    const seats = el("section.lobby-col.lobby-col--seats", el("h2", t("lobby.players")), this.seatList());
    const n = this.setup.seats.length;
    if (this.aside) {
      // the options' place is the game's, so that choosing a number of players never moves them
      const join = el("section.lobby-col.lobby-col--join", this.aside(), startbox);
      const optionsBox = el("section.lobby-col.lobby-col--options", ...options);
      (this.underSeats() ? games : optionsBox).append(this.helpLine(optionsBox));
      this.root.append(el("div.lobby.lobby--tv", { dataset: { seats: String(n), options: this.underSeats() ? "seats" : "games" } }, games, seats, optionsBox, join));
    } else {
      games.append(...options);
      seats.append(startbox);
      this.root.append(el("div.lobby", games, seats));
    }
    if (focusId) {
      const node = document.getElementById(focusId);
      if (node) node.focus({ preventScroll: true });
    } else if (this.aside && hadFocus) {
      start.focus({ preventScroll: true }); // a remote's Enter starts at once
    }
  }

  /** On the big screen the options of a game of five seats or fewer go under the seats, in
   * rows across (the seats leave room; the games' column does not for gaple's four options). */
  underSeats() {
    return !!this.aside && Math.max(...Object.values(this.profile.seats.counts)) <= 5;
  }

  /** On the big screen the focused option's explanation, in one place: under the games when the
   * options are under the seats, else under the options (shown in the option's own place it
   * would move the options under the remote's press). */
  helpLine(optionsBox) {
    const line = el("p.lobby-help", { "aria-hidden": "true" }); // the options are described by it already
    const follow = () => {
      const field = document.activeElement && document.activeElement.closest && document.activeElement.closest(".choice-field");
      const help = field && optionsBox.contains(field) ? field.querySelector(".help") : null;
      line.textContent = help ? help.textContent : "";
      if (help) showBoth(line.parentElement, document.activeElement, line);
    };
    optionsBox.addEventListener("focusin", follow);
    optionsBox.addEventListener("focusout", () => setTimeout(follow));
    return line;
  }

  gameList() {
    const pick = (p) => {
      const seats = this.setup.seats;
      this.setup = this.defaultSetup(p);
      this.setup.seats = seats;
      this.changed();
    };
    const choices = this.games.map((p) => {
      const [a, b] = this.profiles[p].icon;
      const content = [
        el("span.lobby-game-icon", { html: tileSVGString(a, b, { orientation: "vertical", size: 22, label: null }) }),
        el("span.lobby-game-text", el("strong", t(`profile.${p}.name`)), el("small", t(`profile.${p}.summary`))),
      ];
      return { value: p, label: content, className: "lobby-game", dataset: { profile: p } };
    });
    return choiceGroup({ id: "game", label: t("lobby.choose_profile"), choices, value: this.setup.profile, onPick: pick, vertical: true, className: "lobby-games" });
  }

  /** One field per option the game offers a choice of, in the server's order. */
  optionFields() {
    const opts = el("div.lobby-options");
    const options = this.setup.options;
    for (const opt of this.profile.options) {
      if (opt.choices.length < 2) continue;
      if (typeof opt.default === "boolean") {
        if (!forbiddenOn(this.profile, options, opt.name)) opts.append(this.checkField(opt.name));
      } else {
        opts.append(this.choiceField(opt));
      }
    }
    if (this.teamSeats()) opts.append(el("p.lobby-partners", t("lobby.partners_note")), this.teamList());
    return opts;
  }

  /** Who partners whom, by name: "Team A: Ingrid and Seat 3". */
  teamList() {
    const list = el("ul.lobby-teams");
    this.teamSeats().forEach((pair, team) => {
      const names = pair.map((i) => this.seatName(i) || t("lobby.seat", { n: i + 1 }));
      list.append(el(`li.lobby-teams-row.lobby-teams-row--${team}`, t("lobby.team_members", { team: String.fromCharCode(65 + team), names: nameList(names) })));
    });
    return list;
  }

  /** The partnerships ([[0, 2], [1, 3]]) when the game is played in teams, else null. */
  teamSeats() {
    const teams = this.profile.teams;
    return teams && (teams.option === null || this.setup.options[teams.option]) ? teams.seats : null;
  }

  /** "Team A" on each seat of a partnership game: who partners whom, seen at a glance. */
  teamBadge(i) {
    const pairs = this.teamSeats();
    const team = pairs ? pairs.findIndex((pair) => pair.includes(i)) : -1;
    return team < 0 ? null : el(`span.seat-team.lobby-team.lobby-team--${team}`, t("table.team_badge", { team: String.fromCharCode(65 + team) }));
  }

  /** A choice among values: the player count (a row of numbers), or a named option such as
   * gaple's deal. */
  choiceField(opt) {
    const options = this.setup.options;
    const players = opt.name === "players";
    const choices = opt.choices.map((value) =>
      players ? { value, label: String(value), spoken: t("lobby.player_count", { count: value }) } : { value, label: t(`lobby.option.${opt.name}.${value}`) },
    );
    const pick = (value) => {
      options[opt.name] = value;
      this.changed();
    };
    const label = players ? t("lobby.players") : t(`lobby.option.${opt.name}`);
    const help = players ? null : t(`lobby.option.${opt.name}.help`);
    return choiceRow({ id: `opt-${opt.name}`, label, help, choices, value: options[opt.name], onPick: pick, numbers: players, vertical: !players && !this.underSeats() });
  }

  /** A yes-or-no option: one big button that stays pressed while it is on. */
  checkField(key) {
    const options = this.setup.options;
    const pick = (on) => {
      options[key] = on;
      this.changed();
    };
    return toggleChoice({ id: `opt-${key}`, label: t(`lobby.option.${key}`), help: t(`lobby.option.${key}.help`), on: !!options[key], onPick: pick });
  }

  seatList() {
    const seats = el("ol.lobby-seats");
    this.setup.seats.forEach((seat, i) => {
      const name = seat.kind === "device" ? this.nameField(seat, i) : null;
      const info = el("div.lobby-seat-info", el("span.lobby-seat-n", el("span.lobby-seat-label", t("lobby.seat", { n: i + 1 })), " ", this.teamBadge(i), this.computerButton(seat, i)), this.kindField(seat, i), name);
      seats.append(el("li.lobby-seat", { dataset: { seat: String(i), kind: seat.kind } }, info, this.extraSeat(i, seat)));
    });
    return seats;
  }

  /** One press: a computer plays an open seat, or the computer leaves it open again (a phone
   * seat on the table, this device's on the single-device page). A seated phone keeps its seat. */
  computerButton(seat, i) {
    const open = this.kinds.includes("phone") ? "phone" : "device";
    if (seat.kind === "computer") {
      const go = () => {
        this.setup.seats[i] = open === "phone" ? { kind: "phone" } : { kind: "device", name: "" };
        this.changed();
      };
      const label = t("lobby.computer_out_seat", { n: i + 1 });
      return el(`button#seat-computer-${i}.btn.btn--icon.seat-computer.seat-computer--out`, { type: "button", "aria-label": label, title: label, onclick: go }, icon("computer"), el("span.seat-computer-sign", { "aria-hidden": "true" }, "×"));
    }
    if (seat.kind !== open || this.taken(i)) return null;
    const go = () => {
      this.setup.seats[i] = { kind: "computer", level: this.profile.default_level };
      this.changed();
    };
    const label = t("lobby.computer_in_seat", { n: i + 1 });
    return el(`button#seat-computer-${i}.btn.btn--icon.seat-computer.seat-computer--in`, { type: "button", "aria-label": label, title: label, onclick: go }, icon("computer"), el("span.seat-computer-sign", { "aria-hidden": "true" }, "+"));
  }

  /** Who plays a seat: a phone or someone at this device (the one-press button puts a computer
   * there), or for a computer seat its level. Null when there is nothing to choose. */
  kindField(seat, i) {
    if (this.taken(i)) return null; // a seated phone keeps its seat ("Free this seat" opens it)
    const seatLabel = t("lobby.seat", { n: i + 1 });
    let choices;
    let label;
    if (seat.kind === "computer") {
      label = t("app.label_value", { label: seatLabel, value: t("lobby.level") });
      choices = this.profile.levels.map((lv) => ({ value: `computer:${lv}`, label: t(`lobby.level.${lv}`) }));
    } else {
      label = t("app.label_value", { label: seatLabel, value: t("lobby.seat_kind") });
      choices = ["phone", "device"].filter((k) => this.kinds.includes(k)).map((k) => ({ value: k, label: t(`lobby.seat_kind.${k}`) }));
      if (choices.length < 2) return null;
    }
    const current = seat.kind === "computer" ? `computer:${seat.level || this.profile.default_level}` : seat.kind;
    const pick = (value) => {
      const [k, lv] = value.split(":");
      this.setup.seats[i] = k === "computer" ? { kind: k, level: lv } : k === "device" ? { kind: k, name: "" } : { kind: k };
      this.changed();
    };
    return choiceGroup({ id: `seat-kind-${i}`, label, choices, value: current, onPick: pick, className: "seat-kind" });
  }

  nameField(seat, i) {
    const name = el(`input#seat-name-${i}.seat-name`, { type: "text", maxlength: "24", placeholder: t("app.player_default", { n: i + 1 }), value: seat.name || "", "aria-label": t("app.label_value", { label: t("lobby.seat", { n: i + 1 }), value: t("lobby.name") }) });
    // typing never redraws the form (the next field keeps its focus and its text)
    name.addEventListener("input", () => {
      seat.name = name.value;
      store.set(this.remember, this.setup);
    });
    name.addEventListener("change", () => {
      seat.name = name.value.trim();
      store.set(this.remember, this.setup);
      this.onChange(this.payload());
    });
    return name;
  }
}
