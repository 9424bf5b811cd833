// A player's phone in the night's tournament (/night, the tournament's QR code): the name,
// once; then, each round, the table and seat, and the way there: the phone's tournament token
// is its seat's token at that table (the server seated it), so the table's page takes it in.

import { initI18n, t } from "../i18n.js";
import { el, clear, toast } from "../base/dom.js";
import { errorText } from "../base/words.js";
import { store, text } from "../base/storage.js";
import { tournamentApi, follow } from "../parts/nightapi.js";
import { REGULAR_KEY, regularToken } from "../parts/regularsapi.js";

const TOKEN_KEY = "domino.night.token";
const PARTNER_KEY = "domino.night.partner"; // a fixed pair's second token, until the partner has it

function placeLine(me) {
  return me.place ? el("p.night-note", t("night.place", { place: me.place, total: me.players })) : null;
}

/** The round's heading and what it asks of this player. */
function roundNote(rnd, key) {
  return el("section.night-box", el("h2", t("night.round_n", { n: rnd.number })), el("p", t(key)));
}

function nameField(id, label, value) {
  const input = el(`input#${id}`, { type: "text", maxlength: "24", autocomplete: id === "night-name" ? "nickname" : "off", required: true, value });
  return { input, field: el("label.field", { for: id }, label, input) };
}

/** The entry: a name (fixed pairs: both partners' names, entered together). */
function enterForm(app, pairs, onEntered) {
  clear(app);
  const own = nameField("night-name", t("night.your_name"), store.get("domino.name") || "");
  const partner = pairs ? nameField("night-partner", t("night.partner_name"), "") : null;
  const form = el("form.night-box", el("h2", t("night.enter_title")), own.field, partner && partner.field, el("button.btn.btn--primary.btn--big", { type: "submit" }, t("night.enter")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = partner ? { names: [own.input.value, partner.input.value] } : { name: own.input.value };
    const regular = regularToken(); // a regular of the house: the night's games count to them
    if (regular) body.regular = regular;
    try {
      const answer = await tournamentApi("POST", "/players", { body });
      text.set(TOKEN_KEY, answer.tokens[0]);
      text.set(PARTNER_KEY, answer.tokens[1] || null);
      store.set("domino.name", own.input.value.trim());
      onEntered(answer.tokens[0]);
    } catch (err) {
      toast(errorText(err.code), "error");
      if (err.code === "bad_regular") text.set(REGULAR_KEY, null); // forgotten by the house: a guest
    }
  });
  app.append(el("h1", t("night.phone_title")), form);
  own.input.focus();
}

/** Before round 1, the phone that entered a fixed pair shows the partner's own place. */
function partnerCode(me) {
  const token = text.get(PARTNER_KEY);
  if (!token || me.round) return null;
  return el("section.night-box", el("img.night-qr", { src: `/api/tournament/place.svg?token=${encodeURIComponent(token)}`, alt: t("night.partner_qr") }), el("p", t("night.partner_qr")));
}

/** The seat's token, where the table's page (/join/<room>) looks for it. */
function goTo(table, token) {
  text.set(`domino.token.${table.room}`, token);
  location.assign(`/join/${table.room}?seat=${table.seat}`);
}

function showMe(app, me, token) {
  clear(app);
  app.append(el("h1", t("night.phone_title")), el("p", t("night.playing_as", { name: me.name })));
  const rnd = me.round;
  if (me.withdrawn) {
    app.append(el("p.night-box", t("night.you_withdrawn")));
  } else if (me.over) {
    app.append(el("p.night-box", t("night.over")));
  } else if (!rnd) {
    app.append(el("p.night-box", t("night.wait_first")));
  } else if (rnd.bye) {
    app.append(roundNote(rnd, "night.your_bye"));
  } else if (!rnd.table) {
    app.append(el("p.night-box", t("night.late_entry")));
  } else if (rnd.table.done) {
    app.append(roundNote(rnd, "night.table_done"));
  } else {
    const where = rnd.table;
    app.append(
      el(
        "section.go-card",
        { "aria-labelledby": "go-table" },
        el("p.night-note", t("night.round_n", { n: rnd.number })),
        el("h2#go-table.go-table", t("night.table_n", { n: where.number })),
        el("p.go-seat", t("night.seat_n", { n: where.seat + 1 })),
        el("button.btn.btn--primary.btn--big.go-button", { type: "button", onclick: () => goTo(where, token) }, t("night.go_to_table", { n: where.number })),
      ),
    );
  }
  app.append(partnerCode(me), placeLine(me));
}

async function main() {
  await initI18n();
  document.title = t("night.phone_title");
  const app = document.getElementById("app");
  app.removeAttribute("aria-busy");
  // a partner's own place, from the QR code the other's phone shows: #t=<token>
  const given = new URLSearchParams(location.hash.slice(1)).get("t");
  if (given) {
    text.set(TOKEN_KEY, given);
    text.set(PARTNER_KEY, null);
    history.replaceState(null, "", location.pathname);
  }
  const snapshot = await tournamentApi("GET", "").catch(() => ({ tournament: null }));
  const tour = snapshot.tournament;
  const pairs = !!tour && tour.format === "pairs" && tour.partners === "fixed";
  let following = null;
  const start = (token) => {
    following = follow("/me", {
      token,
      onData: (me) => showMe(app, me, token),
      onError: (err) => {
        if (err.code !== "bad_token") return;
        following.stop(); // a new tournament, or this phone's entry is gone: enter again
        text.set(TOKEN_KEY, null);
        enterForm(app, pairs, start);
      },
    });
  };
  const token = text.get(TOKEN_KEY);
  if (token) start(token);
  else if (!tour || tour.closed || tour.over) app.append(el("h1", t("night.phone_title")), el("p.night-box", t("night.none")));
  else enterForm(app, pairs, start);
}

main();
