// Round results (every hand and discard with its count, running score, earlier rounds, the
// shuffle's seed reveal, the game record) and the Rules text. Shared by every page.

import { tileSVGString } from "../tiles.js";
import { t, tileName, tParagraphs } from "../i18n.js";
import { el, icon } from "../base/dom.js";
import { seatName, describeMove, profileName } from "../base/words.js";
import { seatColour } from "./seatlook.js";

function tilesRow(tiles, size) {
  const box = el("span.results-tiles");
  for (const tile of tiles) {
    const [a, b] = tile.split("-").map(Number);
    box.append(el("span", { html: tileSVGString(a, b, { orientation: "vertical", size, label: tileName(tile) }), dataset: { reveal: tile } }));
  }
  return box;
}

const given = (x) => x !== null && x !== undefined;

/** The team (index into view.teams) a seat plays in, or null without teams. */
function teamOf(view, seat) {
  if (!view.teams) return null;
  const i = view.teams.findIndex((team) => team.includes(seat));
  return i < 0 ? null : i;
}

function teamNames(view, room, team) {
  const [a, b] = view.teams[team].map((s) => seatName(room, s));
  return t("app.and", { a, b });
}

/** "Ana is out" or "Blocked": how the round ended. */
function howItEnded(view, room, result) {
  if (result.end === "blocked") return t("results.blocked");
  if (result.end !== "domino" || !view.reveal) return null;
  const hands = view.reveal.hands;
  const out = given(result.winner) && hands[result.winner] && !hands[result.winner].length ? result.winner : hands.findIndex((h) => h.length === 0);
  return out >= 0 ? t("results.domino", { name: seatName(room, out) }) : null;
}

function whoWon(view, room, result) {
  if (given(result.team)) return t("results.team_winner", { names: teamNames(view, room, result.team) });
  if (given(result.winner)) return t("results.winner", { name: seatName(room, result.winner) });
  // nobody won the round: a draw between teams, or a tie for the fewest pips
  if (view.score_kind === "team_points") return t("results.draw");
  if (view.score_kind === "points") return t("results.tie");
  return null;
}

// How a round scored, as the engine notes it (view.result_notes), in words
const NOTES = { hard_ends: "results.hard_ends" };

/** The sentences above the results table. */
function outcome(view, room, result, saidWinner = false) {
  const out = [howItEnded(view, room, result), saidWinner ? null : whoWon(view, room, result)];
  if (result.points && view.score_kind !== "round_wins" && view.score_kind !== "pips") {
    const name = given(result.team) ? teamNames(view, room, result.team) : seatName(room, result.winner);
    out.push(t("results.scores", { name, count: result.points }));
  }
  for (const note of view.result_notes || []) if (NOTES[note]) out.push(t(NOTES[note]));
  if (view.score_kind === "round_wins" || view.score_kind === "pips") out.push(t("results.lowest_wins"));
  return out.filter(Boolean);
}

function scoreFor(view, scores, seat) {
  if (!scores) return "";
  if (view.score_kind === "team_points") return scores[teamOf(view, seat)];
  return scores[seat];
}

function matchWinnerLine(view, room) {
  const mw = view.match_winner;
  let text;
  if (view.teams) text = t("results.team_match_winner", { names: teamNames(view, room, mw) });
  else if (Array.isArray(mw)) text = t("results.shared_win", { names: mw.map((s) => seatName(room, s)).join(", ") });
  else text = t("results.match_winner", { name: seatName(room, mw) });
  return el("p.results-head.results-match", el("span.badge.badge--gold", icon("trophy")), " ", text);
}

/** One seat's row: name, the tiles left (and discards), the round's count, the score. */
function resultRow(view, room, s, { mySeat, tileSize }) {
  const result = view.result;
  const reveal = view.reveal || { hands: [], discards: [] };
  const hand = reveal.hands[s] || [];
  const disc = reveal.discards[s] || [];
  const cell = el("td", tilesRow(hand, tileSize));
  if (disc.length) {
    cell.firstChild.append(el("span.sep", t("results.discards")));
    for (const x of tilesRow(disc, tileSize).childNodes) cell.firstChild.append(x.cloneNode(true));
  }
  if (!hand.length && !disc.length) cell.firstChild.append(el("span.badge", t("results.went_out")));
  const isWinner = result && (result.winner === s || (given(result.team) && teamOf(view, s) === result.team));
  let name = seatName(room, s);
  if (s === mySeat) name += ` (${t("app.you")})`;
  return el(
    `tr${isWinner ? ".results-row--winner" : ""}`,
    { dataset: { seat: String(s) } },
    el("th", name),
    cell,
    el("td.num", result && result.totals ? String(result.totals[s]) : ""),
    el("td.num", String(scoreFor(view, result ? result.scores : view.scores, s))),
  );
}

function resultsTable(view, room, opts) {
  const table = el("table.results-table");
  table.append(
    el("thead", el("tr", el("th", t("results.player")), el("th", t("results.hand")), el("th.num", t("results.total")), el("th.num", t(`table.score_kind.${view.score_kind}`)))),
  );
  const tbody = el("tbody");
  for (let s = 0; s < view.players; s++) tbody.append(resultRow(view, room, s, opts));
  table.append(tbody);
  return table;
}

function moveRecord(view, room) {
  const det = el("details.results-history", el("summary", t("results.move_record")));
  const ol = el("ol.move-record");
  for (const h of view.history) ol.append(el("li", describeMove(h, room, null)));
  det.append(ol);
  return det;
}

/** The big screen's first word on a round: who won, large, in the winner's colour. */
function winnerMoment(view, room) {
  const r = view.result;
  if (!r) return null;
  const text = given(view.match_winner) ? matchWinnerLine(view, room).textContent.trim() : whoWon(view, room, r);
  if (!text) return null;
  const seat = given(r.team) ? view.teams[r.team][0] : given(r.winner) ? r.winner : null;
  return el("p.results-moment", { style: seat === null ? "" : `--seat-colour: ${seatColour(seat)}` }, icon("trophy"), " ", text);
}

/** The running score over the rounds: one line per seat (or team), named at its end. */
export function scoreChart(view, room) {
  // the finished rounds, and the one that just ended (it joins view.rounds at the next deal)
  const rounds = [...(view.rounds || []), ...(view.result ? [view.result] : [])].filter((r) => r.scores);
  if (rounds.length < 1) return null;
  const teams = view.score_kind === "team_points";
  const cols = teams ? view.teams.map((_, i) => i) : [...Array(view.players).keys()];
  const series = cols.map((c) => [0, ...rounds.map((r) => r.scores[c])]);
  const top = Math.max(1, ...series.flat());
  const W = 800;
  const H = 260;
  const x = (i) => 20 + (i * (W - 240)) / Math.max(1, rounds.length);
  const y = (v) => H - 16 - (v * (H - 32)) / top;
  const svg = [`<svg class="results-chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${t("results.chart")}">`];
  svg.push(`<line x1="20" y1="${H - 16}" x2="${W - 220}" y2="${H - 16}" stroke="rgba(255,255,255,0.4)"/>`);
  cols.forEach((c, k) => {
    const colour = seatColour(teams ? view.teams[c][0] : c);
    const pts = series[k].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const name = (teams ? teamNames(view, room, c) : seatName(room, c)).replace(/[<&"]/g, "");
    const last = series[k][series[k].length - 1];
    svg.push(`<polyline points="${pts}" fill="none" stroke="${colour}" stroke-width="5" stroke-linejoin="round"/>`);
    svg.push(`<text x="${(x(rounds.length) + 10).toFixed(1)}" y="${(y(last) + 8).toFixed(1)}" fill="${colour}" font-size="26" font-weight="700">${name} ${last}</text>`);
  });
  svg.push("</svg>");
  return el("div.results-chartbox", { html: svg.join("") });
}

/** The results of the round that just ended (view.phase round_over / game_over). tv: the big
 * screen's version, a winner moment first and the score as a chart. */
export function resultsBody(view, room, { mySeat = null, recordUrl = null, tileSize = 16, tv = false } = {}) {
  const body = el("div.results");
  const moment = tv ? winnerMoment(view, room) : null;
  if (moment) body.append(moment);
  if (given(view.match_winner) && !moment) body.append(matchWinnerLine(view, room));
  if (view.result) {
    const saidWinner = !!moment && !given(view.match_winner);
    for (const line of outcome(view, room, view.result, saidWinner)) body.append(el("p.results-line", line));
  }
  const reveal = view.reveal || { discards: [] };
  if ((reveal.discards || []).some((d) => d && d.length)) body.append(el("p.results-line.results-discards-count", t("results.discards_count")));
  body.append(resultsTable(view, room, { mySeat, tileSize }));
  if (tv) body.append(scoreChart(view, room) || "");
  if (view.rounds_total) {
    const left = view.rounds_total - view.round;
    if (left > 0) body.append(el("p", t("results.rounds_left", { count: left })));
  }
  if (view.move_record && view.history && view.history.length) body.append(moveRecord(view, room));
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
  const cols = teams ? view.teams.map((_, i) => i) : [...Array(view.players).keys()];
  for (const c of cols) head.append(el("th.num", teams ? teamNames(view, room, c) : seatName(room, c)));
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
