// Round and match results, shared by every page: a winner moment first (the name large, the
// points counting into the score), then the reveal (every hand and face-down discard with its
// count), the running score (a chart; Mexican Train's 13-round sheet), at a match's end a
// podium, and the shuffle's proof small at the end ("Verify the shuffle").
// Holds no rules: winners, counts and scores are the view's (docs/ENGINE_API.md).

import { tileSVGString } from "../tiles.js";
import { t, tileName, getLanguage } from "../i18n.js";
import { el, icon, scrollableByKeyboard } from "../base/dom.js";
import { seatName, describeMove } from "../base/words.js";
import { historyWithEnds } from "../base/moves.js";
import { seatColour, seatMark } from "./seatlook.js";
import { lineChart } from "./chart.js";

function tileBox(tile, size, extra = {}) {
  const [a, b] = tile.split("-").map(Number);
  return el("span", { html: tileSVGString(a, b, { orientation: "vertical", size, label: tileName(tile) }), dataset: { reveal: tile }, ...extra });
}

function tilesRow(tiles, size, cls = "") {
  const box = el(`span.results-tiles${cls}`);
  for (const tile of tiles) box.append(tileBox(tile, size));
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

const teamLetter = (team) => String.fromCharCode(65 + team);

/** The seat that emptied its hand this round, or -1. */
function wentOut(view, result) {
  if (result.end !== "domino" || !view.reveal) return -1;
  const hands = view.reveal.hands;
  if (given(result.winner) && hands[result.winner] && !hands[result.winner].length) return result.winner;
  return hands.findIndex((h) => h.length === 0);
}

/** "Ana is out" or "Blocked": how the round ended. */
function howItEnded(view, room, result) {
  if (result.end === "blocked") return t("results.blocked");
  const out = wentOut(view, result);
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

const hasDiscards = (view) => ((view.reveal && view.reveal.discards) || []).some((d) => d && d.length);

/** Why the one who went out is not the winner: face-down discards count (gaple). */
function discardsLine(view, room, result) {
  if (!hasDiscards(view)) return null;
  const out = wentOut(view, result);
  if (out >= 0 && given(result.winner) && out !== result.winner && result.totals) {
    return t("results.out_not_lowest", { out: seatName(room, out), count: result.totals[out], winner: seatName(room, result.winner), lowest: result.totals[result.winner] });
  }
  return t("results.discards_count");
}

/** The sentences above the results table. */
function outcome(view, room, result, saidWinner) {
  const out = [howItEnded(view, room, result), saidWinner ? null : whoWon(view, room, result)];
  if (result.points && view.score_kind !== "round_wins" && view.score_kind !== "pips") {
    if (given(result.team)) out.push(t("results.team_scores", { names: teamNames(view, room, result.team), count: result.points }));
    else out.push(t("results.scores", { name: seatName(room, result.winner), count: result.points }));
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

function matchWinnerText(view, room) {
  const mw = view.match_winner;
  if (view.teams && view.score_kind === "team_points") return t("results.team_match_winner", { names: teamNames(view, room, mw) });
  if (Array.isArray(mw)) return t("results.shared_win", { names: new Intl.ListFormat(getLanguage(), { type: "conjunction" }).format(mw.map((s) => seatName(room, s))) });
  return t("results.match_winner", { name: seatName(room, mw) });
}

// -- the winner moment ---------------------------------------------------------------------------

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Counts a number up in an element's text (once it is in the page); at once without motion. */
function countUp(node, from, to, ms = 900) {
  node.dataset.countTo = String(to);
  node.textContent = String(reducedMotion() ? to : from);
  if (reducedMotion() || from === to || typeof requestAnimationFrame !== "function") return node;
  let start = null;
  const step = (now) => {
    if (node.closest(".results--again")) {
      node.textContent = String(to); // drawn again for a new frame: the moment has been seen
      return;
    }
    if (start === null) start = now;
    const k = Math.min(1, (now - start) / ms);
    const eased = 1 - (1 - k) ** 3;
    node.textContent = String(Math.round(from + (to - from) * eased));
    if (k < 1) requestAnimationFrame(step);
  };
  // the count starts after the name has arrived
  setTimeout(() => requestAnimationFrame(step), 450);
  return node;
}

/** Whose colour the moment wears: the winner, the winning team's first seat, or none. */
function momentSeat(view, r) {
  const mw = view.match_winner;
  if (given(mw) && !Array.isArray(mw)) return view.score_kind === "team_points" ? view.teams[mw][0] : mw;
  if (given(r.team)) return view.teams[r.team][0];
  return given(r.winner) ? r.winner : null;
}

/** The points of the round counting up into the winner's (or team's) score. */
function momentCount(view, r) {
  if (!r.points || !r.scores || view.score_kind === "pips") return null;
  const col = view.score_kind === "team_points" ? r.team : r.winner;
  if (!given(col)) return null;
  const after = r.scores[col];
  const gain = view.score_kind === "round_wins" ? 1 : r.points;
  return el(
    "p.moment-count",
    el("span.moment-plus", "+", countUp(el("span.moment-points"), 0, r.points)),
    el("span.moment-arrow", { "aria-hidden": "true" }, "→"),
    el("span.moment-score", countUp(el("span.moment-total", { dataset: { total: String(after) } }), after - gain, after), " ", el("small", t(`table.score_kind.${view.score_kind}`))),
  );
}

/** The first word on a round: who won, large, in the winner's colour. */
function winnerMoment(view, room) {
  const r = view.result;
  if (!r) return null;
  const over = given(view.match_winner);
  const text = over ? matchWinnerText(view, room) : whoWon(view, room, r);
  if (!text) return null;
  const seat = momentSeat(view, r);
  return el(
    "div.results-moment",
    { style: seat === null ? "" : `--seat-colour: ${seatColour(seat)}`, role: "status" },
    el("p.moment-name", icon("trophy"), " ", text),
    over ? null : momentCount(view, r),
  );
}

// -- the reveal ----------------------------------------------------------------------------------

/** One seat's row: name (and team), the tiles left and face-down discards, the count, the score. */
function resultRow(view, room, s, { mySeat, tileSize }) {
  const result = view.result;
  const reveal = view.reveal || { hands: [], discards: [] };
  const hand = reveal.hands[s] || [];
  const disc = reveal.discards[s] || [];
  // a box inside the cell lays the tiles out: the cell itself stays a table cell
  const box = el("div.results-handbox", hand.length ? tilesRow(hand, tileSize) : el("span.badge.results-out", t("results.went_out")));
  const cell = el("td.results-hand", box);
  if (disc.length) box.append(el("span.results-discards", el("span.sep", t("results.discards")), tilesRow(disc, tileSize, ".results-tiles--down")));
  const team = teamOf(view, s);
  const isWinner = result && (result.winner === s || (given(result.team) && team === result.team));
  const who = s === mySeat ? t("app.name_you", { name: seatName(room, s) }) : seatName(room, s);
  const name = el("th.results-name", { style: `--seat-colour: ${seatColour(s)}` }, el("span.results-mark", { "aria-hidden": "true" }, seatMark(s)), " ", who);
  if (team !== null) name.append(" ", el("span.seat-team", { title: t("results.team") }, teamLetter(team)));
  return el(
    `tr${isWinner ? ".results-row--winner" : ""}`,
    { dataset: { seat: String(s) } },
    name,
    cell,
    el("td.num.results-count", result && result.totals ? String(result.totals[s]) : ""),
    el("td.num.results-score", String(scoreFor(view, result ? result.scores : view.scores, s))),
  );
}

function resultsTable(view, room, seats, opts) {
  const table = el("table.results-table.results-reveal-table");
  table.append(
    el("thead", el("tr", el("th", t("results.player")), el("th", t("results.hand")), el("th.num", t("results.total")), el("th.num", t(`results.score_col.${view.score_kind}`)))),
  );
  const tbody = el("tbody");
  for (const s of seats) tbody.append(resultRow(view, room, s, opts));
  table.append(tbody);
  return table;
}

/** Every seat's row; on the big screen more than four seats go in two tables side by side, so
 * ten seats fit a TV's height without scrolling (a TV has no mouse). */
function resultsTables(view, room, opts) {
  // partners next to each other, so a team reads as one
  const order = [...Array(view.players).keys()];
  if (view.teams) order.sort((a, b) => teamOf(view, a) - teamOf(view, b) || a - b);
  if (!opts.tv || order.length <= 4) return resultsTable(view, room, order, opts);
  const half = Math.ceil(order.length / 2);
  return el("div.results-reveal-cols", resultsTable(view, room, order.slice(0, half), opts), resultsTable(view, room, order.slice(half), opts));
}

function moveRecord(view, room) {
  const det = el("details.results-history", el("summary", t("results.move_record")));
  const ol = el("ol.move-record");
  for (const h of historyWithEnds(view)) ol.append(el("li", describeMove(h, room, null)));
  det.append(ol);
  return det;
}

// -- the match's end -----------------------------------------------------------------------------

/** The final standings: seats (or teams) by score, the match winner first; equal scores share
 * a place. "pips" scores count down (lowest wins), every other kind counts up. */
export function standings(view, room) {
  const teams = view.score_kind === "team_points";
  const cols = teams ? view.teams.map((_, i) => i) : [...Array(view.players).keys()];
  const scores = view.scores;
  const low = view.score_kind === "pips";
  const winners = new Set([].concat(given(view.match_winner) ? view.match_winner : []));
  const sorted = [...cols].sort((a, b) => winners.has(b) - winners.has(a) || (low ? scores[a] - scores[b] : scores[b] - scores[a]) || a - b);
  let place = 0;
  return sorted.map((c, i) => {
    const prev = sorted[i - 1];
    if (i === 0 || scores[c] !== scores[prev] || winners.has(c) !== winners.has(prev)) place = i + 1;
    return { col: c, place, score: scores[c], name: teams ? teamNames(view, room, c) : seatName(room, c), seat: teams ? view.teams[c][0] : c };
  });
}

/** A score with its unit: "137 points", "268 pips", "5 rounds won". */
function scoreWords(view, count) {
  const unit = { points: "results.points", team_points: "results.points", pips: "results.pips", round_wins: "results.wins" }[view.score_kind];
  return unit ? t(unit, { count }) : String(count);
}

function podium(view, room) {
  const rows = standings(view, room);
  const box = el("ol.podium", { "aria-label": t("results.podium") });
  // 2nd, 1st, 3rd from left to right, as on a real podium
  const shown = rows.slice(0, 3);
  const layout = shown.length === 3 ? [shown[1], shown[0], shown[2]] : shown.length === 2 ? [shown[1], shown[0]] : shown;
  for (const r of layout) {
    box.append(
      el(
        `li.podium-step.podium-step--${Math.min(r.place, 3)}`,
        { dataset: { place: String(r.place), col: String(r.col), score: String(r.score) }, style: `--seat-colour: ${seatColour(r.seat)}` },
        el("span.podium-name", r.name),
        el("span.podium-score", scoreWords(view, r.score)),
        el("span.podium-block", el("span.podium-place", String(r.place))),
      ),
    );
  }
  const rest = rows.slice(3);
  const after = rest.length ? el("ol.podium-rest", rest.map((r) => el("li", { dataset: { place: String(r.place), col: String(r.col), score: String(r.score) } }, t("results.podium_row", { place: r.place, name: r.name, score: scoreWords(view, r.score) })))) : null;
  return el("div.podium-box", box, after);
}

/** Every finished round's entry: view.rounds, and the one that just ended (it joins view.rounds
 * at the next deal). */
function finishedRounds(view) {
  const rounds = [...(view.rounds || [])];
  if (view.result && rounds.length < view.round) rounds.push(view.result);
  return rounds;
}

/** Mexican Train's sheet: a row per round with its engine double, each seat's pips, the totals. */
export function scoreSheet(view, room, tileSize = 14) {
  if (!view.round_engines) return null;
  const rounds = finishedRounds(view);
  const table = el("table.results-table.score-sheet");
  const head = el("tr", el("th", t("results.round_short")), el("th", t("results.engine")));
  for (let s = 0; s < view.players; s++) head.append(el("th.num", { style: `--seat-colour: ${seatColour(s)}` }, seatName(room, s)));
  table.append(el("thead", head));
  const tb = el("tbody");
  view.round_engines.forEach((e, i) => {
    const engine = `${e}-${e}`;
    const r = rounds[i];
    const row = el(`tr${i + 1 === view.round && view.phase !== "play" ? ".sheet-row--now" : ""}${r ? "" : ".sheet-row--ahead"}`, { dataset: { round: String(i + 1), engine } });
    row.append(el("td.num", String(i + 1)), el("td.sheet-engine", { html: tileSVGString(e, e, { size: tileSize, label: tileName(engine) }) }));
    for (let s = 0; s < view.players; s++) {
      const won = r && r.winner === s;
      row.append(el(`td.num${won ? ".results-row--winner" : ""}`, r && r.totals ? String(r.totals[s]) : ""));
    }
    tb.append(row);
  });
  table.append(tb);
  const foot = el("tr", el("th", { colspan: "2" }, t("results.totals")));
  for (let s = 0; s < view.players; s++) foot.append(el("th.num.sheet-total", String(view.scores[s])));
  table.append(el("tfoot", foot));
  const box = el("div.score-sheet-box", table);
  scrollableByKeyboard(box); // thirteen rounds scroll sideways on a narrow screen
  return box;
}

/** The running score over the rounds: one line per seat (or team) with a dot at each finished
 * round, the rounds numbered along the bottom, the match's target as a dashed line, each line
 * named at its end, or in a key above the chart (each name by its colour and mark) where the
 * names, as wide as they are drawn, would take too much of the plot's width (parts/chart.js).
 * wide: the chart has the screen's width to itself (a TV, no score sheet beside it), where a
 * chart as tall as it may be runs wider. It is drawn at the size it is shown, so its text is the
 * size CSS gives it: never below a sofa's or a phone's floor. */
export function scoreChart(view, room, { wide = false } = {}) {
  const rounds = finishedRounds(view).filter((r) => r.scores);
  if (rounds.length < 1) return null;
  // one line per team when there are teams (partners' per-seat scores are the same)
  const teams = !!view.teams;
  const cols = teams ? view.teams.map((_, i) => i) : [...Array(view.players).keys()];
  const value = (r, c) => (!teams || view.score_kind === "team_points" ? r.scores[c] : r.scores[view.teams[c][0]]);
  const series = cols.map((c) => [0, ...rounds.map((r) => value(r, c))]);
  const target = Number(view.target) > 0 ? Number(view.target) : null;
  return lineChart({
    lines: cols.map((c, k) => {
      const seat = teams ? view.teams[c][0] : c;
      const name = teams ? teamNames(view, room, c) : seatName(room, c);
      return { values: series[k], colour: seatColour(seat), mark: seatMark(seat), name, score: String(series[k][series[k].length - 1]) };
    }),
    target,
    targetLabel: target ? t("table.target", { n: target }) : "",
    aria: t("results.chart"),
    size: [wide ? 1200 : 800, wide ? 280 : 320],
  });
}

// -- the whole body ------------------------------------------------------------------------------

/** The round's reveal: how it ended, every hand and discard with its count. */
function reveal(view, room, { mySeat, tileSize, saidWinner, tv }) {
  const box = el("div.results-reveal");
  const r = view.result;
  if (r) {
    for (const line of outcome(view, room, r, saidWinner)) box.append(el("p.results-line", line));
    const why = discardsLine(view, room, r);
    if (why) box.append(el("p.results-line.results-discards-count", why));
  }
  box.append(resultsTables(view, room, { mySeat, tileSize, tv }));
  return box;
}

/** The results of the round that just ended (view.phase round_over / game_over). tv: the big
 * screen's version, with the running score as a chart. */
export function resultsBody(view, room, { mySeat = null, recordLink = null, tileSize = 16, tv = false } = {}) {
  const body = el(`div.results${tv ? ".results--tv" : ""}`, { dataset: { phase: view.phase } });
  const moment = winnerMoment(view, room);
  if (moment) body.append(moment);
  const over = given(view.match_winner);
  if (over) {
    // the podium first; Mexican Train's sheet beside it, the chart under it
    const main = el("div.results-final-main", podium(view, room));
    if (tv || !view.round_engines) main.append(scoreChart(view, room, { wide: tv && !view.round_engines }) || "");
    body.append(el("div.results-final", main, scoreSheet(view, room, Math.round(tileSize * 0.6)) || ""));
    const last = el("details.results-history.results-last", el("summary", t("results.last_round", { n: view.round })));
    last.append(reveal(view, room, { mySeat, tileSize, saidWinner: false, tv }));
    body.append(last);
  } else {
    body.append(reveal(view, room, { mySeat, tileSize, saidWinner: !!moment, tv }));
    const scores = el("div.results-scores");
    // on the TV a chart, or Mexican Train's sheet that already keeps the running totals
    if (tv && !view.round_engines) scores.append(scoreChart(view, room, { wide: true }) || "");
    scores.append(scoreSheet(view, room, Math.round(tileSize * 0.6)) || "");
    if (scores.childNodes.length) body.append(scores);
  }
  body.append(extras(view, room, recordLink));
  return body;
}

/** The small things last, on one line where there is room: rounds to go, earlier rounds, the
 * shuffle's proof, the game to save. */
function extras(view, room, recordLink) {
  const box = el("div.results-extras");
  const left = view.rounds_total && !given(view.match_winner) ? view.rounds_total - view.round : 0;
  if (left > 0) box.append(el("p.results-left", t("results.rounds_left", { count: left })));
  if (view.move_record && view.history && view.history.length) box.append(moveRecord(view, room));
  if (!view.round_engines) box.append(historyBlock(view, room));
  box.append(seedBlock(view, room));
  if (recordLink) box.append(el("p", recordLink));
  return box;
}

/** The score as it stands, mid-round: each seat (or team) with its colour, mark and score. */
export function scoresNow(view, room) {
  const teams = view.score_kind === "team_points";
  const cols = teams ? view.teams.map((_, i) => i) : [...Array(view.players).keys()];
  const table = el("table.results-table.results-now");
  table.append(el("thead", el("tr", el("th", t(teams ? "results.team" : "results.player")), el("th.num", t(`results.score_col.${view.score_kind}`)))));
  const tb = el("tbody");
  for (const c of cols) {
    const seat = teams ? view.teams[c][0] : c;
    const name = teams ? teamNames(view, room, c) : seatName(room, c);
    const mark = el("span.results-mark", { "aria-hidden": "true" }, seatMark(seat));
    tb.append(el("tr", { dataset: { col: String(c) } }, el("th.results-name", { style: `--seat-colour: ${seatColour(seat)}` }, mark, " ", name), el("td.num.results-score", String((view.scores || [])[c] ?? 0))));
  }
  table.append(tb);
  return table;
}

/** Earlier rounds of this game. */
export function historyBlock(view, room, open = false) {
  const rounds = view.rounds || [];
  if (!rounds.length) return el("span");
  const det = el("details.results-history", el("summary", t("results.history")));
  if (open) det.open = true;
  const table = el("table.results-table");
  const head = el("tr", el("th", t("results.round_short")));
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

/** The verifiable shuffle, small: the seed (after the round) on the disclosure's line, the
 * commitment and how to check inside. */
export function seedBlock(view, room) {
  const deals = (room && room.deals) || [];
  const d = deals.find((x) => x.round === view.round) || deals[deals.length - 1];
  if (!d) return el("span");
  const revealed = d.seed !== null && d.seed !== undefined;
  const det = el(
    "details.seed-block",
    el("summary", icon("lock"), " ", t("results.verify"), revealed ? el("span.seed.seed-summary", t("table.seed_reveal", { seed: String(d.seed) })) : null),
  );
  det.append(el("p.seed", { title: t("table.seed_commitment_help") }, t("table.seed_commitment", { hash: d.commitment })));
  det.append(el("p.help", t("table.seed_commitment_help")));
  if (revealed) det.append(el("p.help", t("table.seed_verify")));
  return det;
}
