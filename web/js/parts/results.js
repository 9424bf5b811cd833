// Round results (every hand and discard with its count, running score, earlier rounds, the
// shuffle's seed reveal, the game record) and the Rules text. Shared by the three pages.

import { tileSVGString } from "../tiles.js";
import { t, tileName, tParagraphs } from "../i18n.js";
import { el, icon } from "../base/dom.js";
import { seatName, describeMove, profileName } from "../base/words.js";

function tilesRow(tiles, size) {
  const box = el("span.results-tiles");
  for (const tile of tiles) {
    const [a, b] = tile.split("-").map(Number);
    box.append(el("span", { html: tileSVGString(a, b, { orientation: "vertical", size, label: tileName(tile) }), dataset: { reveal: tile } }));
  }
  return box;
}

function teamNames(room, team) {
  const seats = team === 0 ? [0, 2] : [1, 3];
  return t("app.and", { a: seatName(room, seats[0]), b: seatName(room, seats[1]) });
}

// eslint-disable-next-line complexity
function outcome(view, room, result) {
  const out = [];
  const n = view.players;
  if (result.end === "domino") {
    const who = result.winner !== null && result.winner !== undefined && view.reveal && view.reveal.hands[result.winner] && !view.reveal.hands[result.winner].length ? result.winner : null;
    const outSeat = who !== null ? who : (view.reveal ? view.reveal.hands.findIndex((h) => h.length === 0) : -1);
    if (outSeat >= 0) out.push(t("results.domino", { name: seatName(room, outSeat) }));
  } else if (result.end === "blocked") {
    out.push(t("results.blocked"));
  }
  if (result.team !== null && result.team !== undefined) {
    out.push(t("results.team_winner", { names: teamNames(room, result.team) }));
  } else if (result.winner !== null && result.winner !== undefined) {
    out.push(t("results.winner", { name: seatName(room, result.winner) }));
  } else if (view.profile === "six-love") {
    out.push(t("results.draw"));
  } else if (view.profile === "draw" || view.profile === "block") {
    out.push(t("results.tie"));
  }
  if (result.points && view.score_kind !== "round_wins" && view.score_kind !== "pips") {
    const name = result.team !== null && result.team !== undefined ? teamNames(room, result.team) : seatName(room, result.winner);
    out.push(t("results.scores", { name, count: result.points }));
  }
  if (view.profile === "six-love" && result.points === 2) out.push(t("results.hard_ends"));
  if (view.profile === "gaple" || view.profile === "mexican-train") out.push(t("results.lowest_wins"));
  void n;
  return out;
}

function scoreFor(view, scores, seat) {
  if (!scores) return "";
  if (view.score_kind === "team_points") return scores[seat % 2];
  return scores[seat];
}

/** The results of the round that just ended (view.phase round_over / game_over). */
// eslint-disable-next-line complexity
export function resultsBody(view, room, { mySeat = null, recordUrl = null, tileSize = 16 } = {}) {
  const body = el("div.results");
  const result = view.result;
  if (view.match_winner !== null && view.match_winner !== undefined) {
    const mw = view.match_winner;
    const text = view.teams ? t("results.team_match_winner", { names: teamNames(room, mw) }) : Array.isArray(mw) ? t("results.shared_win", { names: mw.map((s) => seatName(room, s)).join(", ") }) : t("results.match_winner", { name: seatName(room, mw) });
    body.append(el("p.results-head.results-match", el("span.badge.badge--gold", icon("trophy")), " ", text));
  }
  if (result) {
    for (const line of outcome(view, room, result)) body.append(el("p.results-line", line));
  }
  const table = el("table.results-table");
  table.append(
    el("thead", el("tr", el("th", t("results.player")), el("th", t("results.hand")), el("th.num", t("results.total")), el("th.num", t(`table.score_kind.${view.score_kind}`)))),
  );
  const tbody = el("tbody");
  const reveal = view.reveal || { hands: [], discards: [] };
  for (let s = 0; s < view.players; s++) {
    const hand = reveal.hands[s] || [];
    const disc = reveal.discards[s] || [];
    const cell = el("td", tilesRow(hand, tileSize));
    if (disc.length) {
      cell.firstChild.append(el("span.sep", t("results.discards")));
      for (const x of tilesRow(disc, tileSize).childNodes) cell.firstChild.append(x.cloneNode(true));
    }
    if (!hand.length && !disc.length) cell.firstChild.append(el("span.badge", t("results.went_out")));
    const isWinner = result && (result.winner === s || (result.team !== null && result.team !== undefined && s % 2 === result.team));
    let name = seatName(room, s);
    if (s === mySeat) name += ` (${t("app.you")})`;
    tbody.append(
      el(
        `tr${isWinner ? ".results-row--winner" : ""}`,
        { dataset: { seat: String(s) } },
        el("th", name),
        cell,
        el("td.num", result && result.totals ? String(result.totals[s]) : ""),
        el("td.num", String(scoreFor(view, result ? result.scores : view.scores, s))),
      ),
    );
  }
  table.append(tbody);
  body.append(table);
  if (view.profile === "mexican-train") {
    const left = 13 - view.round;
    if (left > 0) body.append(el("p", t("results.rounds_left", { count: left })));
  }
  if (view.profile === "six-love" && view.history && view.history.length) {
    const det = el("details.results-history", el("summary", t("results.move_record")));
    const ol = el("ol.move-record");
    for (const h of view.history) ol.append(el("li", describeMove(h, room, null)));
    det.append(ol);
    body.append(det);
  }
  body.append(historyBlock(view, room));
  body.append(seedBlock(view, room));
  if (recordUrl) body.append(el("p", el("a.btn.results-download", { href: recordUrl, download: "" }, icon("download"), " ", t("results.download"))));
  return body;
}

/** Earlier rounds of this game. */
export function historyBlock(view, room, open = false) {
  const rounds = view.rounds || [];
  if (!rounds.length) return el("span");
  const det = el("details.results-history", el("summary", t("results.history")));
  if (open) det.open = true;
  const table = el("table.results-table");
  const head = el("tr", el("th", t("results.round", { n: "" }).replace(/\s*$/, "")));
  const teams = view.score_kind === "team_points";
  const cols = teams ? [0, 1] : [...Array(view.players).keys()];
  for (const c of cols) head.append(el("th.num", teams ? teamNames(room, c) : seatName(room, c)));
  table.append(el("thead", head));
  const tb = el("tbody");
  rounds.forEach((r, i) => {
    const row = el("tr", el("td", String(i + 1)));
    for (const c of cols) {
      const won = teams ? r.team === c : r.winner === c;
      row.append(el("td.num", { class: won ? "num results-row--winner" : "num" }, String(r.scores ? r.scores[c] : "")));
    }
    tb.append(row);
  });
  table.append(tb);
  det.append(table);
  return det;
}

/** The verifiable shuffle: the commitment before the deal, the seed after the round. */
export function seedBlock(view, room) {
  const box = el("div.seed-block");
  const deals = (room && room.deals) || [];
  const d = deals.find((x) => x.round === view.round) || deals[deals.length - 1];
  if (!d) return box;
  box.append(el("p.seed", { title: t("table.seed_commitment_help") }, t("table.seed_commitment", { hash: d.commitment })));
  if (d.seed !== null && d.seed !== undefined) {
    box.append(el("p.seed", t("table.seed_reveal", { seed: String(d.seed) })));
    box.append(el("p.help", t("table.seed_verify")));
  }
  return box;
}

export function rulesBody(profile) {
  const body = el("div.rules-body");
  if (profile) {
    for (const p of tParagraphs(`rules.${profile}`)) body.append(el("p", p));
  }
  body.append(el("h3", t("rules.common.title")));
  for (const p of tParagraphs("rules.common")) body.append(el("p", p));
  return body;
}

export function rulesTitle(profile) {
  return profile ? t("rules.title", { profile: profileName(profile) }) : t("app.rules");
}
