// The setup form: choose a game, its options and who sits where. Used by the table page (with
// phone seats and join QR codes) and the single-device page (people on this device + computers).

import { t } from "../i18n.js";
import { tileSVGString } from "../tiles.js";
import { el, clear } from "../base/dom.js";
import { store } from "../base/storage.js";

const PROFILES = ["draw", "block", "gaple", "six-love", "mexican-train"];
const PLAYER_CHOICES = { draw: [2, 3, 4], block: [2, 3, 4], "mexican-train": [2, 3, 4, 5, 6, 7, 8, 9, 10] };
const LEVELS = ["easy", "medium", "hard"];
const ICON = { draw: [6, 4], block: [5, 5], gaple: [0, 0], "six-love": [6, 6], "mexican-train": [12, 12] };

function seatCount(profile, options) {
  if (profile === "gaple") return options.deal === "5x5" ? 5 : 4;
  if (profile === "six-love") return 4;
  return options.players || 2;
}

/** Default options per profile (from /api/profiles when it answers). */
let DEFAULTS = {
  draw: { players: 2 },
  block: { players: 2 },
  gaple: { deal: "4x7", discard: true, blank25: false, partners: false },
  "six-love": { players: 4 },
  "mexican-train": { players: 4, first_run: true, blank50: false },
};

export async function loadProfiles() {
  try {
    const res = await fetch("/api/profiles");
    if (res.ok) {
      const data = await res.json();
      const out = {};
      for (const [k, v] of Object.entries(data)) out[k] = v.defaults;
      DEFAULTS = { ...DEFAULTS, ...out };
    }
  } catch {
    /* the built-in defaults stay */
  }
  return DEFAULTS;
}

/**
 * setup = {profile, options, seats: [{kind, level?, name?}]}
 * kinds: the seat kinds offered ("phone", "device", "computer").
 */
export class Lobby {
  constructor(root, { kinds, onChange, onStart, startLabel, extraSeat, remember = "domino.lobby" }) {
    this.root = root;
    this.kinds = kinds;
    this.onChange = onChange || (() => {});
    this.onStart = onStart || (() => {});
    this.startLabel = startLabel || (() => t("lobby.start"));
    this.extraSeat = extraSeat || (() => null);
    this.remember = remember;
    const saved = store.get(remember, null);
    this.setup = saved && PROFILES.includes(saved.profile) ? saved : this.defaultSetup("draw");
    this.fixSeats();
  }

  defaultSeat(i) {
    if (i === 0) return this.kinds.includes("phone") ? { kind: "phone" } : { kind: "device", name: "" };
    if (this.kinds.includes("phone")) return i === 1 ? { kind: "phone" } : { kind: "computer", level: "medium" };
    return { kind: "computer", level: "medium" };
  }

  defaultSetup(profile) {
    return { profile, options: { ...DEFAULTS[profile] }, seats: [] };
  }

  fixSeats() {
    const n = seatCount(this.setup.profile, this.setup.options);
    const seats = this.setup.seats.filter((s) => this.kinds.includes(s.kind)).slice(0, n);
    while (seats.length < n) seats.push(this.defaultSeat(seats.length));
    this.setup.seats = seats;
  }

  /** Take the server's setup (a room already set up) as the form's state. */
  adopt(room) {
    if (!room || !room.profile) return;
    this.setup = {
      profile: room.profile,
      options: { ...room.options },
      seats: room.seats.map((s) => {
        const seat = { kind: s.kind };
        if (s.kind === "computer") seat.level = s.level || "medium";
        if (s.kind === "device") seat.name = s.name || "";
        return seat;
      }),
    };
  }

  payload() {
    const seats = this.setup.seats.map((s, i) => {
      const out = { kind: s.kind };
      if (s.kind === "computer") out.level = s.level || "medium";
      if (s.kind === "device") {
        const name = (s.name || "").trim();
        out.name = name || t("app.player_default", { n: i + 1 });
      }
      return out;
    });
    const options = { ...this.setup.options };
    if (this.setup.profile === "gaple" && this.setup.options.deal !== "4x7") options.partners = false;
    return { profile: this.setup.profile, options, seats };
  }

  changed() {
    this.fixSeats();
    store.set(this.remember, this.setup);
    this.onChange(this.payload());
    this.render();
  }

  render() {
    const focusId = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement.id : null;
    clear(this.root);
    const s = this.setup;
    // games
    const games = el("div.lobby-games", { role: "radiogroup", "aria-label": t("lobby.choose_profile") });
    for (const p of PROFILES) {
      const [a, b] = ICON[p];
      games.append(
        el(
          "button.lobby-game",
          {
            type: "button",
            id: `game-${p}`,
            role: "radio",
            "aria-checked": String(s.profile === p),
            dataset: { profile: p },
            onclick: () => {
              if (s.profile === p) return;
              const seats = s.seats;
              this.setup = this.defaultSetup(p);
              this.setup.seats = seats;
              this.changed();
            },
          },
          el("span.lobby-game-icon", { html: tileSVGString(a, b, { orientation: "vertical", size: 22, label: null }) }),
          el("span.lobby-game-text", el("strong", t(`profile.${p}.name`)), el("small", t(`profile.${p}.summary`))),
        ),
      );
    }
    // options
    const opts = el("div.lobby-options");
    if (PLAYER_CHOICES[s.profile]) {
      const sel = el("select#opt-players", { "aria-label": t("lobby.players") });
      for (const n of PLAYER_CHOICES[s.profile]) {
        const o = el("option", { value: String(n) }, t("lobby.player_count", { count: n }));
        if (n === s.options.players) o.selected = true;
        sel.append(o);
      }
      sel.addEventListener("change", () => {
        s.options.players = Number(sel.value);
        this.changed();
      });
      opts.append(el("label.field", t("lobby.players"), sel));
    }
    if (s.profile === "gaple") {
      const sel = el("select#opt-deal");
      for (const d of ["4x7", "4x6", "5x5"]) {
        const o = el("option", { value: d }, t(`lobby.option.deal.${d}`));
        if (d === s.options.deal) o.selected = true;
        sel.append(o);
      }
      sel.addEventListener("change", () => {
        s.options.deal = sel.value;
        if (sel.value !== "4x7") s.options.partners = false;
        this.changed();
      });
      opts.append(el("label.field", t("lobby.option.deal"), sel, el("span.help", t("lobby.option.deal.help"))));
    }
    for (const key of Object.keys(s.options)) {
      if (typeof s.options[key] !== "boolean") continue;
      if (key === "partners" && s.options.deal !== "4x7") continue;
      const box = el(`input#opt-${key}`, { type: "checkbox" });
      box.checked = s.options[key];
      box.addEventListener("change", () => {
        s.options[key] = box.checked;
        this.changed();
      });
      opts.append(el("label.check.lobby-check", box, el("span", el("strong", t(`lobby.option.${key}`)), el("span.help", t(`lobby.option.${key}.help`)))));
    }
    if (s.profile === "six-love" || (s.profile === "gaple" && s.options.partners)) opts.append(el("p.help", t("lobby.partners_note")));
    // seats
    const seats = el("ol.lobby-seats");
    s.seats.forEach((seat, i) => {
      const kind = el(`select#seat-kind-${i}.seat-kind`, { "aria-label": `${t("lobby.seat", { n: i + 1 })}: ${t("lobby.seat_kind")}` });
      const choices = [];
      if (this.kinds.includes("phone")) choices.push(["phone", t("lobby.seat_kind.phone")]);
      if (this.kinds.includes("device")) choices.push(["device", t("lobby.seat_kind.device")]);
      for (const lv of LEVELS) choices.push([`computer:${lv}`, t(`lobby.seat_kind.computer_${lv}`)]);
      const current = seat.kind === "computer" ? `computer:${seat.level || "medium"}` : seat.kind;
      for (const [v, label] of choices) {
        const o = el("option", { value: v }, label);
        if (v === current) o.selected = true;
        kind.append(o);
      }
      kind.addEventListener("change", () => {
        const [k, lv] = kind.value.split(":");
        s.seats[i] = k === "computer" ? { kind: k, level: lv } : k === "device" ? { kind: k, name: "" } : { kind: k };
        this.changed();
      });
      let name = null;
      if (seat.kind === "device") {
        name = el(`input#seat-name-${i}.seat-name`, { type: "text", maxlength: "24", placeholder: t("app.player_default", { n: i + 1 }), value: seat.name || "", "aria-label": `${t("lobby.seat", { n: i + 1 })}: ${t("lobby.name")}` });
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
      }
      seats.append(el("li.lobby-seat", { dataset: { seat: String(i) } }, el("span.lobby-seat-n", t("lobby.seat", { n: i + 1 })), kind, name, this.extraSeat(i, seat)));
    });
    const start = el("button.btn.btn--primary.btn--big.lobby-start", { type: "button", onclick: () => this.onStart(this.payload()) }, this.startLabel());
    this.root.append(
      el("div.lobby",
        el("section.lobby-col.lobby-col--games", el("h2", t("lobby.choose_profile")), games),
        el("section.lobby-col.lobby-col--setup", el("h2", t("lobby.options")), opts, el("h2", t("lobby.players")), seats, el("div.lobby-startbox", start))),
    );
    if (focusId) {
      const n = document.getElementById(focusId);
      if (n) n.focus({ preventScroll: true });
    }
  }
}
