// The director's page (/director): create the night's tournament (game, options, rounds, the
// tables taking part), enter latecomers' QR, start each round, withdraw a player, correct a
// result with a reason everyone sees. In kiosk mode it asks for the table's PIN first (kept in
// this page's memory only). It holds no rule: the server checks every change.

import { initI18n, t } from "../i18n.js";
import { el, clear, toast, keepingFocus } from "../base/dom.js";
import { confirmDialog } from "../base/dialogs.js";
import { errorText, profileName, roomName } from "../base/words.js";
import { tournamentApi, follow, entryName } from "../parts/nightapi.js";
import { RegularsOwner } from "../parts/regularsowner.js";

class Director {
  constructor(app) {
    this.app = app;
    this.pin = null;
    this.server = null;
    this.profiles = null;
    this.data = null;
    this.form = { profile: "draw", options: {}, rounds: 4, ending: "game", partners: "rotating", bye_wins: 1, tables: [] };
    this.rooms = [];
    this.owner = new RegularsOwner(() => this.pin); // the house's regulars: rename, merge, delete
  }

  async start() {
    this.server = await (await fetch("/api/server")).json();
    this.profiles = await (await fetch("/api/profiles")).json();
    this.form.options = { ...this.profiles.draw.defaults };
    if (this.server.kiosk && this.server.pin) this.askPin();
    else this.follow();
  }

  async send(method, path, body) {
    try {
      const answer = await tournamentApi(method, path, { body, pin: this.pin });
      return answer || true;
    } catch (err) {
      toast(errorText(err.code), "error");
      return null;
    }
  }

  askPin() {
    clear(this.app);
    this.app.removeAttribute("aria-busy");
    const input = el("input#director-pin", { type: "password", inputmode: "numeric", autocomplete: "off", required: true });
    const form = el("form.night-box", el("label.field", { for: "director-pin" }, t("night.pin_label"), input), el("button.btn.btn--primary", { type: "submit" }, t("night.pin_open")));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        await tournamentApi("POST", "/pin", { body: {}, pin: input.value });
        this.pin = input.value;
        this.follow();
      } catch (err) {
        toast(errorText(err.code), "error");
        input.select();
      }
    });
    this.app.append(el("h1", t("night.director_title")), form);
    input.focus();
  }

  follow() {
    this.owner.load();
    follow("", {
      onData: (data) => {
        this.data = data;
        this.render();
      },
    });
  }

  async render() {
    // a table finishing while the director types a correction does not wipe what they typed
    const typing = this.app.querySelector("#night-correct");
    if (typing && typing.contains(document.activeElement)) {
      if (!this.waiting) {
        this.waiting = true;
        typing.addEventListener("focusout", () => setTimeout(() => ((this.waiting = false), this.render())), { once: true });
      }
      return;
    }
    const tour = this.data.tournament;
    const running = tour && !tour.closed; // a finished one stays until the director closes it
    if (!running) this.rooms = (await (await fetch("/api/rooms")).json()).rooms;
    this.app.removeAttribute("aria-busy");
    keepingFocus(this.app, () => {
      clear(this.app);
      this.app.append(el("h1", t("night.director_title")));
      if (running) this.app.append(...this.runningView(tour));
      else {
        if (tour) this.app.append(el("p.night-box", t("night.over"), " ", el("a", { href: "/standings" }, t("night.open_standings"))));
        this.app.append(this.createForm());
      }
      this.app.append(this.owner.node);
    });
  }

  // -- a new tournament ------------------------------------------------------------------------

  createForm() {
    const f = this.form;
    const profile = this.profiles[f.profile];
    const game = el("select#night-game");
    for (const name of Object.keys(this.profiles)) game.append(el("option", { value: name, selected: name === f.profile }, profileName(name)));
    game.addEventListener("change", () => {
      f.profile = game.value;
      f.options = { ...this.profiles[game.value].defaults };
      this.render();
    });
    const options = profile.options.map((opt) => this.optionField(opt));
    const rounds = el("input#night-rounds", { type: "number", min: "1", max: "20", value: String(f.rounds) });
    rounds.addEventListener("change", () => (f.rounds = Number(rounds.value)));
    const ending = el("select#night-ending");
    for (const e of ["game", "round"]) ending.append(el("option", { value: e, selected: e === f.ending }, t(`night.ending.${e}`)));
    ending.addEventListener("change", () => (f.ending = ending.value));
    const teams = profile.teams && (profile.teams.option === null || f.options[profile.teams.option]);
    let partners = null;
    if (teams) {
      const sel = el("select#night-partners");
      for (const p of ["rotating", "fixed"]) sel.append(el("option", { value: p, selected: p === f.partners }, t(`night.partners.${p}`)));
      sel.addEventListener("change", () => (f.partners = sel.value));
      partners = el("label.field", { for: "night-partners" }, t("night.partners"), sel);
    }
    const bye = el("input#night-bye", { type: "checkbox", checked: f.bye_wins === 1 });
    bye.addEventListener("change", () => (f.bye_wins = bye.checked ? 1 : 0));
    const open = this.rooms;
    const tables = el("ul.night-list");
    for (const room of open) {
      const box = el("input", { type: "checkbox", id: `night-room-${room.id}`, checked: f.tables.includes(room.id), dataset: { room: room.id } });
      box.addEventListener("change", () => {
        f.tables = box.checked ? [...f.tables, room.id] : f.tables.filter((r) => r !== room.id);
        this.render();
      });
      const n = f.tables.indexOf(room.id);
      tables.append(el("li", el("label.check", { for: box.id }, box, roomName(room), " ", el("span.help", room.id)), n >= 0 ? el("strong", t("night.table_n", { n: n + 1 })) : null));
    }
    const form = el(
      "form.night-box#night-create",
      el("h2", t("night.new_title")),
      el("label.field", { for: "night-game" }, t("night.game"), game),
      ...options,
      partners,
      el("label.field", { for: "night-rounds" }, t("night.rounds"), rounds),
      el("label.field", { for: "night-ending" }, t("night.ending"), ending),
      el("label.check", { for: "night-bye" }, bye, t("night.bye_win")),
      el("h3", t("night.tables")),
      el("p.help", open.length ? t("night.tables_help") : t("night.no_tables")),
      tables,
      el("button.btn.btn--primary.btn--big", { type: "submit" }, t("night.create")),
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      await this.send("POST", "", { ...f, partners: teams ? f.partners : undefined });
    });
    return form;
  }

  optionField(opt) {
    const f = this.form;
    const id = `night-opt-${opt.name}`;
    if (typeof opt.default === "boolean") {
      const box = el("input", { type: "checkbox", id, checked: !!f.options[opt.name] });
      box.addEventListener("change", () => {
        f.options[opt.name] = box.checked;
        this.render();
      });
      return el("label.check", { for: id }, box, t(`lobby.option.${opt.name}`));
    }
    const players = opt.name === "players";
    const sel = el("select", { id });
    for (const value of opt.choices) {
      const label = players ? t("lobby.player_count", { count: value }) : t(`lobby.option.${opt.name}.${value}`);
      sel.append(el("option", { value: String(value), selected: value === f.options[opt.name] }, label));
    }
    sel.addEventListener("change", () => {
      f.options[opt.name] = typeof opt.default === "number" ? Number(sel.value) : sel.value;
      this.render();
    });
    return el("label.field", { for: id }, players ? t("lobby.players") : t(`lobby.option.${opt.name}`), sel);
  }

  // -- the tournament under way ------------------------------------------------------------------

  runningView(tour) {
    const rnd = tour.played[tour.played.length - 1] || null;
    const playing = rnd ? rnd.tables.filter((x) => !x.result).length : 0;
    const next = tour.played.length + 1;
    const startBtn = el("button.btn.btn--primary.btn--big#night-start", { type: "button", disabled: playing > 0 || this.data.pairing || next > tour.rounds, onclick: () => this.send("POST", "/rounds", {}) }, t("night.start_round", { n: Math.min(next, tour.rounds) }));
    const status = this.data.pairing ? t("night.pairing") : playing ? t("night.tables_playing", { count: playing }) : rnd ? t("night.round_of", { n: rnd.number, total: tour.rounds }) : t("night.before_first");
    const roundBox = el(
      "section.night-box",
      { "aria-labelledby": "night-round" },
      el("h2#night-round", rnd ? t("night.round_of", { n: rnd.number, total: tour.rounds }) : profileName(tour.profile)),
      el("p", { role: "status" }, status),
      rnd ? this.roundTables(rnd) : null,
      rnd && rnd.byes.length ? el("p", t("night.byes", { names: rnd.byes.map((b) => entryName(b.names)).join(t("night.names_sep")) })) : null,
      el("div.night-row", startBtn, el("a.btn", { href: "/standings" }, t("night.open_standings"))),
    );
    const join = el(
      "section.night-box",
      { "aria-labelledby": "night-players" },
      el("h2#night-players", t("night.players_count", { count: tour.entrants.length })),
      el("div.night-row", el("img.night-qr", { src: "/api/tournament/join.svg", alt: t("night.join_hint") }), el("p.help", t("night.join_hint"))),
      el(
        "ul.night-list.players",
        ...tour.entrants.map((e) =>
          el(
            "li",
            el("span", entryName(e.names), e.withdrawn ? el("span.withdrawn", " ", t("night.withdrawn")) : null),
            e.withdrawn ? null : el("button.btn", { type: "button", dataset: { entrant: String(e.id) }, onclick: () => this.withdraw(e) }, t("night.withdraw")),
          ),
        ),
      ),
    );
    const out = [roundBox, this.correctForm(tour), join];
    if (tour.over) out.unshift(el("p.night-box", { role: "status" }, t("night.over")));
    if (tour.corrections.length)
      out.push(el("section.night-box", el("h2", t("night.corrections_title")), el("ul", ...tour.corrections.map((c) => el("li", t("night.correction_line", { round: c.round, table: c.table, reason: c.reason }))))));
    if (tour.refused.length)
      out.push(el("section.night-box", el("h2", t("night.refused_title")), el("ul", ...tour.refused.map((r) => el("li", t("night.refused_line", { round: r.round, table: r.table, why: errorText(r.code) }))))));
    out.push(el("button.btn.btn--danger", { type: "button", onclick: () => this.close() }, t("night.close")));
    return out;
  }

  roundTables(rnd) {
    return el(
      "ul.night-list",
      ...rnd.tables.map((x) => {
        const result = x.result ? el("span.result-points", ...x.result.points.map((p, i) => el(`span${i === x.result.winner ? ".won" : ""}`, String(p)))) : el("span.help", t("night.playing"));
        return el("li", el("span", el("strong", t("night.table_n", { n: x.number })), " ", x.seats.join(t("night.names_sep"))), result);
      }),
    );
  }

  correctForm(tour) {
    const choices = [];
    for (const r of tour.played) for (const x of r.tables) choices.push({ round: r.number, table: x });
    if (!choices.length) return null;
    const which = el("select#fix-which");
    choices.forEach((c, i) => which.append(el("option", { value: String(i) }, t("night.round_table", { round: c.round, table: c.table.number }))));
    which.value = String(choices.length - 1);
    const sides = el("div.night-row");
    const winner = el("select#fix-winner");
    const drawSides = () => {
      const c = choices[Number(which.value)];
      const names = c.table.seats;
      const perSide = c.table.sides.length === names.length ? names.map((n) => [n]) : [0, 1].map((s) => names.filter((_, i) => i % 2 === s));
      clear(sides);
      clear(winner);
      perSide.forEach((side, i) => {
        const id = `fix-points-${i}`;
        const points = el("input.fix-points", { id, type: "number", value: c.table.result ? String(c.table.result.points[i]) : "0" });
        sides.append(el("label.field", { for: id }, t("night.points_of", { names: side.join(t("night.names_sep")) }), points));
        winner.append(el("option", { value: String(i), selected: c.table.result && c.table.result.winner === i }, side.join(t("night.names_sep"))));
      });
    };
    which.addEventListener("change", drawSides);
    drawSides();
    const reason = el("input#fix-reason", { type: "text", maxlength: "200", required: true });
    const form = el(
      "form.night-box#night-correct",
      el("h2", t("night.correct_title")),
      el("label.field", { for: "fix-which" }, t("night.correct_table"), which),
      sides,
      el("label.field", { for: "fix-winner" }, t("night.winner"), winner),
      el("label.field", { for: "fix-reason" }, t("night.reason"), reason),
      el("button.btn.btn--primary", { type: "submit" }, t("night.correct_save")),
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const c = choices[Number(which.value)];
      const points = [...sides.querySelectorAll("input")].map((i) => Number(i.value));
      if (await this.send("POST", "/corrections", { round: c.round, table: c.table.number, points, winner: Number(winner.value), reason: reason.value })) {
        toast(t("night.saved"));
        document.activeElement.blur();
      }
    });
    return form;
  }

  async withdraw(e) {
    if (await confirmDialog(t("night.withdraw"), t("night.withdraw_confirm", { name: entryName(e.names) }))) await this.send("POST", "/withdraw", { entrant: e.id });
  }

  async close() {
    if (await confirmDialog(t("night.close"), t("night.close_confirm"))) await this.send("POST", "/close", {});
  }
}

async function main() {
  await initI18n();
  document.title = t("night.director_title");
  await new Director(document.getElementById("app")).start();
}

main();
