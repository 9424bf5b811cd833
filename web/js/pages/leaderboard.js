// The house's leaderboard (/leaderboard?game=<profile>): the regulars of one game for a big
// screen, tonight and all time side by side, readable at three metres, following every result
// as the tables count it. It holds no rule: the server sends the lines in order.

import { initI18n, t } from "../i18n.js";
import { el, clear } from "../base/dom.js";
import { profileName } from "../base/words.js";
import { seatColour, seatMark } from "../parts/seatlook.js";
import { regularsApi } from "../parts/regularsapi.js";

const SHOWN = 15; // lines a column shows (they fit 1080 px at 28 px text)

function boardTable(board, title, id) {
  const section = el("section.board", { "aria-labelledby": id, dataset: { when: board.when } }, el(`h2#${id}`, title));
  if (!board.rows.length) {
    section.append(el("p.night-note", t("leaderboard.none")));
    return section;
  }
  const head = el(
    "tr",
    el("th.num", { scope: "col" }, t("night.col_place")),
    el("th.name", { scope: "col" }, t("night.col_name")),
    el("th.num", { scope: "col" }, t("regulars.col_games")),
    el("th.num", { scope: "col" }, t("night.col_wins")),
    el("th.num", { scope: "col" }, t("regulars.col_average")),
    el("th.num", { scope: "col" }, t("regulars.col_best")),
  );
  const body = el("tbody");
  for (const r of board.rows.slice(0, SHOWN)) {
    body.append(
      el(
        "tr",
        { dataset: { regular: String(r.regular) } },
        el("td.num", String(r.place)),
        el("td.name", el("span.look-mark", { style: { color: seatColour(r.colour) }, "aria-hidden": "true" }, seatMark(r.mark)), r.name),
        el("td.num", String(r.games)),
        el("td.num", String(r.wins)),
        el("td.num", r.average === null ? "–" : String(r.average)),
        el("td.num", r.best_round === null ? "–" : String(r.best_round)),
      ),
    );
  }
  section.append(el("table.standings", el("caption.sr-only", title), el("thead", head), body));
  return section;
}

function render(app, tonight, all) {
  clear(app);
  app.removeAttribute("aria-busy");
  const games = el("nav.board-games", { "aria-label": t("regulars.col_game") }, ...all.games.map((g) => el("a.btn", { href: `/leaderboard?game=${encodeURIComponent(g)}`, "aria-current": g === all.profile ? "page" : null }, profileName(g))));
  const header = el("header.night-head", el("h1", t("leaderboard.title")), el("p.night-sub", profileName(all.profile)), all.games.length > 1 ? games : null);
  const note = all.lower_is_better ? el("p.night-note", t("leaderboard.lower_better")) : null;
  app.append(...[header, note].filter(Boolean), el("div.board-columns", boardTable(tonight, t("evening.tonight"), "board-tonight"), boardTable(all, t("regulars.stats_all"), "board-all")));
}

async function main() {
  await initI18n();
  document.title = t("leaderboard.title");
  const app = document.getElementById("app");
  const game = new URLSearchParams(location.search).get("game");
  const q = game ? `game=${encodeURIComponent(game)}&` : "";
  let seq = null;
  for (;;) {
    try {
      const tonight = await regularsApi("GET", `/leaderboard?${q}when=tonight${seq === null ? "" : `&after=${seq}`}`);
      const all = await regularsApi("GET", `/leaderboard?${q}when=all`);
      if (seq === null || tonight.seq !== seq) render(app, tonight, all);
      seq = tonight.seq;
    } catch {
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
}

main();
