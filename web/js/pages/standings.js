// The standings page (/standings): the tournament for a big screen, readable at three metres,
// changing as tables finish; the round's tables and who sits where; corrections with their
// reasons; CSV and print. It holds no rule: the server sends the standings in order.

import { initI18n, t } from "../i18n.js";
import { el, clear } from "../base/dom.js";
import { profileName } from "../base/words.js";
import { follow, entryName } from "../parts/nightapi.js";

const SPLIT_AFTER = 12; // more rows than this: the standings run in two columns

function standingsTable(rows, caption) {
  const head = el(
    "tr",
    el("th.num", { scope: "col" }, t("night.col_place")),
    el("th.name", { scope: "col" }, t("night.col_name")),
    el("th.num", { scope: "col" }, t("night.col_wins")),
    el("th.num", { scope: "col" }, t("night.col_difference")),
    el("th.num", { scope: "col" }, t("night.col_buchholz")),
  );
  const body = el("tbody");
  for (const s of rows) {
    const name = el("td.name", entryName(s.names));
    if (s.withdrawn) name.append(" ", el("span.withdrawn", t("night.withdrawn")));
    body.append(
      el(
        `tr${s.withdrawn ? ".is-withdrawn" : ""}`,
        { dataset: { entrant: String(s.entrant) } },
        el("td.num", String(s.place)),
        name,
        el("td.num", String(s.wins)),
        el("td.num", s.difference > 0 ? `+${s.difference}` : String(s.difference)),
        el("td.num", String(s.buchholz)),
      ),
    );
  }
  return el("table.standings", el("caption.sr-only", caption), el("thead", head), body);
}

/** The round shown beside the standings: the one being played, else the last one. */
function roundPanel(tour) {
  const rnd = tour.played[tour.played.length - 1];
  if (!rnd) return null;
  const list = el("ol.pairings");
  for (const table of rnd.tables) {
    const seats = el("ul.pairing-seats");
    table.seats.forEach((name, i) => {
      const side = table.sides.length === table.seats.length ? i : i % 2;
      const won = table.result && table.result.winner === side;
      const item = el(`li${won ? ".won" : ""}`, el("span.seat-name", name));
      if (table.result) item.append(el("span.seat-points", String(table.result.points[side])));
      if (won) item.append(el("span.sr-only", t("night.won")));
      seats.append(item);
    });
    // a table still playing: a dashed frame (said in words to screen readers), so a long word for
    // "playing" never pushes the round's tables off a big screen
    const state = table.result ? null : el("span.sr-only", t("night.playing"));
    list.append(el(`li.pairing${table.result ? "" : ".is-playing"}`, { dataset: { table: String(table.number) } }, el("h3", t("night.table_n", { n: table.number }), state), seats));
  }
  const byes = rnd.byes.length ? el("p.byes", t("night.byes", { names: rnd.byes.map((b) => entryName(b.names)).join(t("night.names_sep")) })) : null;
  return el("section.round-panel", { "aria-labelledby": "round-title" }, el("h2#round-title", t("night.pairings_title", { n: rnd.number })), list, byes);
}

function render(app, tour) {
  clear(app);
  app.removeAttribute("aria-busy");
  if (!tour) {
    app.append(el("h1", t("night.standings_title")), el("p.night-note", t("night.none")));
    return;
  }
  const done = tour.over || tour.closed;
  const played = tour.played.length;
  const sub = played ? t("night.round_of", { n: played, total: tour.rounds }) : t("night.before_first");
  const tools = el(
    "nav.night-tools",
    { "aria-label": t("app.menu") },
    el("a.btn", { href: "/api/tournament/standings.csv", download: "standings.csv" }, t("night.download_csv")),
    el("button.btn", { type: "button", onclick: () => window.print() }, t("night.print")),
  );
  const header = el("header.night-head", el("h1", done ? t("night.final_title") : t("night.standings_title")), el("p.night-sub", profileName(tour.profile)), el("p.night-sub", sub), tools);
  const rows = tour.standings;
  const halves = rows.length > SPLIT_AFTER ? [rows.slice(0, Math.ceil(rows.length / 2)), rows.slice(Math.ceil(rows.length / 2))] : [rows];
  const columns = el("div.standings-columns", ...halves.map((part) => standingsTable(part, t("night.standings_title"))));
  const notes = tour.corrections.length
    ? el(
        "section.corrections",
        { "aria-labelledby": "corrections-title" },
        el("h2#corrections-title", t("night.corrections_title")),
        el("ul", ...tour.corrections.map((c) => el("li", t("night.correction_line", { round: c.round, table: c.table, reason: c.reason })))),
      )
    : null;
  app.append(header, el("div.standings-layout", el("section.standings-box", { "aria-label": t("night.standings_title") }, columns, notes), roundPanel(tour)));
}

async function main() {
  await initI18n();
  document.title = t("night.standings_title");
  const app = document.getElementById("app");
  follow("", { onData: (data) => render(app, data.tournament) });
}

main();
