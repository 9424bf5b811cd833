// The game in words: names of seats and trains, a sentence per move, error texts, the score
// line. Every word comes from the catalogues (i18n.js).

import { t, tileName, has } from "../i18n.js";

export function errorText(code) {
  if (!code) return t("error.unknown", { code: "?" });
  const key = `error.${code}`;
  return has(key) ? t(key) : t("error.unknown", { code });
}

export function seatName(room, seat) {
  const s = room && room.seats ? room.seats[seat] : null;
  if (s && s.name) {
    if (s.kind === "computer" && s.name === "Computer") return t("app.computer_n", { n: seat + 1 });
    return s.name;
  }
  if (s && s.kind === "computer") return t("app.computer_n", { n: seat + 1 });
  return t("app.player_default", { n: seat + 1 });
}

export function trainName(train, room, mySeat) {
  if (train === "mexican") return t("table.mexican_train");
  if (mySeat !== null && mySeat !== undefined && train === mySeat) return t("hand.train_own");
  const name = seatName(room, train);
  // a catalogue may word it differently before a vowel (French: "Train d'Ana", "Train de Bo")
  return t(STARTS_WITH_VOWEL.test(name) ? "table.train_of_vowel" : "table.train_of", { name });
}

const STARTS_WITH_VOWEL = /^[aeiouyhàâäéèêëîïôöùûüœæ]/i;

/** The room's name; the name a table gets when nobody names it ("Table 2") in the reader's words. */
export function roomName(room) {
  const m = room && /^Table (\d+)$/.exec(room.name || "");
  return m ? t("app.table_n", { n: Number(m[1]) }) : (room && room.name) || "";
}

/** A sentence for one history entry ("Ana played six-four on the left end"). */
export function describeMove(entry, room, mySeat) {
  const name = mySeat === entry.seat ? t("app.you") : seatName(room, entry.seat);
  if (entry.play) {
    const tile = tileName(entry.play);
    if (entry.train !== undefined && entry.train !== null) {
      return t("aria.played_train", { name, tile, train: trainName(entry.train, room, mySeat) });
    }
    if (entry.end === "left") return t("aria.played_left", { name, tile });
    if (entry.end === "right") return t("aria.played_right", { name, tile });
    return t("aria.played", { name, tile });
  }
  if (entry.draw) return t("aria.drew", { name });
  if (entry.pass) return t("aria.passed", { name });
  if ("discard" in entry) return t("aria.discarded", { name });
  if (entry.done) return t("aria.done", { name });
  if ("opener" in entry) return t("table.leads", { name: seatName(room, entry.opener) });
  return "";
}

export function profileName(profile) {
  return profile ? t(`profile.${profile}.name`) : "";
}

/** "Score: 12 · 30" seen from one seat (team scores for partnerships). */
export function scoreLine(view, room, mySeat) {
  const kind = t(`table.score_kind.${view.score_kind}`);
  const scores = view.scores || [];
  if (view.score_kind === "team_points") {
    // this seat's team first (the first team for the table), then the others
    const found = view.teams.findIndex((team) => team.includes(mySeat));
    const mine = found < 0 ? 0 : found;
    return t("app.score_line", { kind, scores: [scores[mine], ...scores.filter((_, i) => i !== mine)].join(" – ") });
  }
  if (mySeat === null || mySeat === undefined) return t("app.score_line", { kind, scores: scores.join(" · ") });
  return t("app.score_line", { kind, scores: scores[mySeat] });
}
