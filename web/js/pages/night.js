// A player's phone in the night's tournament (/night, the tournament's QR code): the name,
// once; then, each round, the table and seat, and the way there: the phone's tournament token
// is its seat's token at that table (the server seated it), so the table's page takes it in.

import { initI18n, t } from "../i18n.js";
import { el, clear, toast } from "../base/dom.js";
import { errorText } from "../base/words.js";
import { store, text } from "../base/storage.js";
import { tournamentApi, follow } from "../parts/nightapi.js";

const TOKEN_KEY = "domino.night.token";

function placeLine(me) {
  return me.place ? el("p.night-note", t("night.place", { place: me.place, total: me.players })) : null;
}

/** The round's heading and what it asks of this player. */
function roundNote(rnd, key) {
  return el("section.night-box", el("h2", t("night.round_n", { n: rnd.number })), el("p", t(key)));
}

function enterForm(app, onEntered) {
  clear(app);
  const input = el("input#night-name", { type: "text", maxlength: "24", autocomplete: "nickname", required: true, value: store.get("domino.name") || "" });
  const form = el(
    "form.night-box",
    el("h2", t("night.enter_title")),
    el("label.field", { for: "night-name" }, t("night.your_name"), input),
    el("button.btn.btn--primary.btn--big", { type: "submit" }, t("night.enter")),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const answer = await tournamentApi("POST", "/players", { body: { name: input.value } });
      text.set(TOKEN_KEY, answer.tokens[0]);
      store.set("domino.name", input.value.trim());
      onEntered(answer.tokens[0]);
    } catch (err) {
      toast(errorText(err.code), "error");
    }
  });
  app.append(el("h1", t("night.phone_title")), form);
  input.focus();
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
  app.append(placeLine(me));
}

async function main() {
  await initI18n();
  document.title = t("night.phone_title");
  const app = document.getElementById("app");
  app.removeAttribute("aria-busy");
  let following = null;
  const start = (token) => {
    following = follow("/me", {
      token,
      onData: (me) => showMe(app, me, token),
      onError: (err) => {
        if (err.code !== "bad_token") return;
        following.stop(); // a new tournament, or this phone's entry is gone: enter again
        text.set(TOKEN_KEY, null);
        enterForm(app, start);
      },
    });
  };
  const token = text.get(TOKEN_KEY);
  const none = async () => {
    const d = await tournamentApi("GET", "").catch(() => ({ tournament: null }));
    return !d.tournament || d.tournament.closed || d.tournament.over;
  };
  if (token) start(token);
  else if (await none()) app.append(el("h1", t("night.phone_title")), el("p.night-box", t("night.none")));
  else enterForm(app, start);
}

main();
