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

/** Whose a train is, as its row's label says it: the Mexican Train, "Your train" (mySeat's; null
 * on a screen that is nobody's), or the seat's name. */
export function trainOwner(train, room, mySeat) {
  if (train === "mexican") return t("table.mexican_train");
  if (mySeat !== null && mySeat !== undefined && train === mySeat) return t("hand.train_own");
  return seatName(room, train);
}

/** A train in a sentence: the Mexican Train, "Your train", or "Ana's train". */
export function trainName(train, room, mySeat) {
  const owner = trainOwner(train, room, mySeat);
  if (train === "mexican" || train === mySeat) return owner;
  return t("table.train_of", { name: owner });
}

/** A train as it reads inside a sentence ("on the Mexican Train", "sur le train de Bo"). */
export function trainInSentence(train, room, mySeat) {
  if (train === "mexican") return t("aria.train_mexican");
  if (mySeat !== null && mySeat !== undefined && train === mySeat) return t("aria.train_own");
  const name = seatName(room, train);
  return t("aria.train_of", { name });
}

/** The room's name; the name a table gets when nobody names it ("Table 2") in the reader's words. */
export function roomName(room) {
  const m = room && /^Table (\d+)$/.exec(room.name || "");
  return m ? t("app.table_n", { n: Number(m[1]) }) : (room && room.name) || "";
}

/**
 * A sentence for one history entry ("Ana played six-four on the left end"). A move of this
 * device's own seat has sentences of its own ("You played six-four"): filling the name slot with
 * "you" breaks the verb's agreement in French ("Vous a posé").
 */
export function describeMove(entry, room, mySeat) {
  const mine = mySeat !== null && mySeat !== undefined && mySeat === entry.seat;
  const say = (what, params) => t(mine ? `aria.you_${what}` : `aria.${what}`, mine ? params : { name: seatName(room, entry.seat), ...params });
  if (entry.play) {
    const tile = tileName(entry.play);
    if (entry.train !== undefined && entry.train !== null) return say("played_train", { tile, train: trainInSentence(entry.train, room, mySeat) });
    if (entry.end === "left") return say("played_left", { tile });
    if (entry.end === "right") return say("played_right", { tile });
    return say("played", { tile });
  }
  if (entry.draw) return say("drew");
  if (entry.pass) return say("passed");
  if ("discard" in entry) return say("discarded");
  if (entry.done) return say("done");
  if ("opener" in entry) return t("table.leads", { name: seatName(room, entry.opener) });
  return "";
}

/** Several move sentences read out as one announcement, each closed by the catalogue's stop. */
export function describeMoves(entries, room, mySeat) {
  return entries.map((h) => t("aria.sentence", { text: describeMove(h, room, mySeat) })).join(" ");
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
    return t("app.score_line", { kind, scores: [scores[mine], ...scores.filter((_, i) => i !== mine)].join(t("app.team_score_sep")) });
  }
  if (mySeat === null || mySeat === undefined) return t("app.score_line", { kind, scores: scores.join(t("app.score_sep")) });
  return t("app.score_line", { kind, scores: scores[mySeat] });
}
