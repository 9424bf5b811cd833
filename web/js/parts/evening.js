// The evening around the games, drawn from the room summary (PROTOCOL.md: captain, ready,
// waiting_for, tonight): who is ready, the phone's Ready / Play again controls, tonight's scores.
// The server decides everything; these only show it and send the player's choice.

import { getLanguage, t } from "../i18n.js";
import { el } from "../base/dom.js";
import { seatName, profileName } from "../base/words.js";

/** "Ana, Bo and Cy" in the reader's language (Intl.ListFormat, the browser's own). */
export function nameList(names) {
  return new Intl.ListFormat(getLanguage(), { style: "long", type: "conjunction" }).format(names);
}

/** The match is decided (the server's evening.match_over): the next step is a new match. */
export function matchOver(view) {
  return !!view && (view.phase === "game_over" || (view.phase === "round_over" && view.match_winner !== null && view.match_winner !== undefined));
}

/** Leaving the game now keeps it in tonight's list (the server's evening.kept_on_leaving): the
 * match is decided, or the game has no match to decide (no target, no set number of rounds:
 * gaple) and a round of it has just finished. */
export function keptOnLeaving(view) {
  if (matchOver(view)) return true;
  const endless = !!view && (view.target === null || view.target === undefined) && !view.rounds_total;
  return endless && view.phase === "round_over";
}

/** What "New game" would throw away now, as the question that asks first (null: nothing, the
 * game is kept in tonight's list). */
export function newGameLoss(view) {
  if (!view || keptOnLeaving(view)) return null;
  return t(view.phase === "play" ? "evening.lost_round_and_scores" : "evening.lost_scores");
}

/** "Ingrid is choosing the game." in the lobby, for everyone but the captain (null: no captain). */
export function choosingLine(room, mySeat) {
  if (!room || room.captain === null || room.captain === undefined || room.captain === mySeat || room.tournament) return null;
  return t("evening.choosing", { name: seatName(room, room.captain) });
}

/** "Waiting for Ana and Bo to be ready." (null when nobody is awaited). */
export function waitingLine(room, mySeat) {
  const others = (room.waiting_for || []).filter((s) => s !== mySeat);
  if (!others.length) return null;
  return t("evening.waiting_for", { names: nameList(others.map((s) => seatName(room, s))) });
}

/** The phone's part of the results: Ready (or Play again), what it waits for, and the
 * captain's Start now / Change game (once leaving loses nothing). send(type, payload) sends a
 * command. */
export function readyBox(room, view, mySeat, send) {
  const over = matchOver(view);
  const captain = room.captain === mySeat;
  const awaited = (room.waiting_for || []).includes(mySeat);
  const box = el("div.ready-box", { dataset: { ready: String(!awaited) } });
  if (awaited) {
    box.append(el("button.btn.btn--primary.btn--big.ready-go", { type: "button", onclick: () => send("ready", {}) }, t(over ? "evening.play_again" : "evening.ready")));
  } else {
    box.append(el("p.ready-me", t(over ? "evening.you_play_again" : "evening.you_ready")));
  }
  const line = waitingLine(room, mySeat);
  if (line) box.append(el("p.ready-wait", { role: "status" }, line));
  if (captain) {
    const row = el("div.ready-captain");
    if (line) row.append(el("button.btn.ready-now", { type: "button", onclick: () => send(over ? "play_again" : "start_round", {}) }, t("evening.start_now")));
    if (keptOnLeaving(view)) row.append(el("button.btn.ready-change", { type: "button", onclick: () => send("change_game", {}) }, t("evening.change_game")));
    if (row.children.length) box.append(row);
  }
  return box;
}

/** Who is ready, for the table screen: each awaited or ready seat with a mark. */
export function readyStrip(room) {
  const ready = room.ready || [];
  const waiting = room.waiting_for || [];
  if (!ready.length && !waiting.length) return null;
  const item = (seat, on) =>
    el(`li.ready-seat${on ? ".ready-seat--on" : ""}`, { dataset: { seat: String(seat) } }, el("span.ready-mark", { "aria-hidden": "true" }, on ? "✓" : "…"), " ", seatName(room, seat));
  const all = [...ready.map((s) => [s, true]), ...waiting.map((s) => [s, false])].sort((a, b) => a[0] - b[0]);
  return el(
    "section.ready-strip",
    { "aria-label": t("evening.ready_title") },
    el("h3", t("evening.ready_count", { ready: ready.length, count: ready.length + waiting.length })),
    el("ul", all.map(([s, on]) => item(s, on))),
  );
}

/** A name of tonight's list: a computer's default name ("Computer 4") in the reader's words. */
function tonightName(name) {
  const m = /^Computer (\d+)$/.exec(name);
  return m ? t("app.computer_n", { n: Number(m[1]) }) : name;
}

/** One match of tonight's list, in a sentence: who won it, a draw, or (a game without a match
 * to win: gaple) how many rounds were played. */
function matchLine(m, i) {
  const game = profileName(m.profile);
  if (m.winners.length) return t("evening.match_won", { n: i + 1, game, names: nameList(m.winners.map((s) => tonightName(m.names[s]))) });
  if (m.counts === "round_wins") return t("evening.match_rounds", { n: i + 1, game, count: m.rounds || 0 });
  return t("evening.match_drawn", { n: i + 1, game });
}

/** One game's points, its players best first (the server says which way: `low_wins`), for a
 * narrow phone where a column per game does not fit. */
function gameList(g, players) {
  const played = players.filter((p) => p.points[g.profile] !== undefined);
  played.sort((a, b) => (g.low_wins ? 1 : -1) * (a.points[g.profile] - b.points[g.profile]));
  return el(
    "section.tonight-bygame",
    { dataset: { profile: g.profile, lowWins: String(g.low_wins) } },
    el("h3", el("span.tonight-game-name", profileName(g.profile)), el("span.tonight-counts", t(`table.score_kind.${g.counts}`))),
    el("ol", played.map((p) => el("li", t("evening.player_points", { name: tonightName(p.name), points: p.points[g.profile] })))),
  );
}

/** Tonight's matches and each player's standing (the summary's `tonight`): matches won over
 * every game, and the points of each game in a column of its own (a game's points are never
 * added to another's: Mexican Train counts pips left, where the fewest is best). A narrow
 * phone shows each game's points as a list of its own instead of the columns. */
export function tonightBody(room) {
  const tonight = room.tonight || { matches: [], games: [], players: [] };
  if (!tonight.matches.length) return el("div.tonight", el("p.tonight-empty", t("evening.tonight_empty")));
  const games = tonight.games || [];
  const gameHead = (g) => el("th.tonight-game", { scope: "col", dataset: { profile: g.profile, lowWins: String(g.low_wins) } }, el("span.tonight-game-name", profileName(g.profile)), el("span.tonight-counts", t(`table.score_kind.${g.counts}`)));
  const head = el("tr", el("th", { scope: "col" }, t("evening.player")), el("th", { scope: "col" }, t("evening.matches_won")), games.map(gameHead));
  const cell = (p, g) => {
    const points = p.points[g.profile];
    if (points === undefined) return el("td.tonight-gcell.tonight-none", el("span", { "aria-hidden": "true" }, "–"), el("span.sr-only", t("evening.not_played")));
    return el("td.tonight-gcell", String(points));
  };
  const rows = tonight.players.map((p) =>
    el("tr", el("th", { scope: "row" }, tonightName(p.name)), el("td.tonight-wins", t("evening.won_of", { wins: p.wins, played: p.played })), games.map((g) => cell(p, g))),
  );
  const matches = tonight.matches.map(matchLine);
  return el(
    "div.tonight",
    el("table.tonight-table", el("thead", head), el("tbody", rows)),
    el("div.tonight-games", games.map((g) => gameList(g, tonight.players))),
    el("ul.tonight-matches", matches.map((line) => el("li", line))),
  );
}
