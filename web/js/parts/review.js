// Review: the hard player's judgement of one seat's choices in the round on the replay screen.
// Holds no rules and judges nothing: the server streams the review a line per choice
// (GET /api/rooms/<room>/replays/<game>/<round>/review?seat=<s>, or .../record-file/<round>/review
// for the record file the table chose; made by players/review.py), and
// this shows the progress, the summary, a mark on each judged move of the list and, at a move,
// the play the hard player prefers, by how much and why (every sentence's claim was checked on
// the server before it was sent), and apart from it, labelled as such, what hindsight (every hand
// known) found.
//
//   const review = new Review({ url, token, room, onChange })   url: the round's review stream
//   review.element                 the panel's part: seat choice, Review button, progress, summary
//   review.mark(moveItems)         marks the list's items (item i+1 is move i) once judged
//   review.detail(move)            the element that says the judgement of move `move`, or null
//   review.stop()                  stops a review under way (the panel closed or another round)

import { t, tileName } from "../i18n.js";
import { el, clear } from "../base/dom.js";
import { seatName, errorText, trainInSentence } from "../base/words.js";

/** A play in words without who makes it: "6-4 on the left end", "drawing". */
export function playText(action, room) {
  if (action.play) {
    const tile = tileName(action.play);
    if (action.train !== undefined && action.train !== null) return t("review.play_train", { tile, train: trainInSentence(action.train, room, null) });
    if (action.end === "left") return t("review.play_left", { tile });
    if (action.end === "right") return t("review.play_right", { tile });
    return t("review.play", { tile });
  }
  if ("discard" in action) return t("review.discard", { tile: tileName(action.discard) });
  if ("opener" in action) return t("review.opener", { name: seatName(room, action.opener) });
  if (action.done) return t("review.done");
  if (action.draw) return t("review.draw");
  return t("review.pass");
}

/** A checked sentence from the server ({key, params}) in the catalogue's words. */
function said(sentence, room) {
  const params = { ...(sentence.params || {}) };
  if (params.seat !== undefined) params.name = seatName(room, params.seat);
  return t(sentence.key, params);
}

export class Review {
  constructor({ url, token, room, onChange }) {
    this.url = url;
    this.token = token;
    this.room = room;
    this.onChange = onChange || (() => {});
    this.byMove = new Map(); // move index -> judgement
    this.controller = null;
    this.seat = el(
      "select.review-seat",
      { "aria-label": t("review.seat_label") },
      room.seats.map((_, i) => el("option", { value: String(i) }, seatName(room, i))),
    );
    this.button = el("button.btn.review-start", { type: "button", onclick: () => this.start(Number(this.seat.value)) }, t("review.button"));
    this.progress = el("progress.review-progress", { max: "1", value: "0", "aria-label": t("review.progress_label"), hidden: true });
    this.status = el("p.review-status", { role: "status" });
    this.summary = el("div.review-summary");
    this.element = el(
      "section.review",
      { "aria-label": t("review.title") },
      el("h3", t("review.title")),
      el("p.review-help", t("review.help")),
      el("div.review-controls", el("label.review-seat-label", t("review.seat_label"), this.seat), this.button),
      this.progress,
      this.status,
      this.summary,
    );
  }

  stop() {
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  async start(seat) {
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    this.byMove = new Map();
    this.element.dataset.state = "running";
    this.element.dataset.seat = String(seat);
    clear(this.summary);
    this.button.disabled = true;
    this.progress.hidden = false;
    this.progress.value = 0;
    this.status.textContent = t("review.starting", { name: seatName(this.room, seat) });
    this.onChange();
    try {
      const res = await fetch(`${this.url}?seat=${seat}`, { headers: { Authorization: `Bearer ${this.token}` }, signal: controller.signal });
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        throw Object.assign(new Error(body.error || "unknown"), { code: body.error || "unknown" });
      }
      let total = 0;
      for await (const line of lines(res.body)) {
        if (line.error) {
          throw Object.assign(new Error(line.error), { code: line.error });
        } else if (line.moves) {
          total = line.moves.length;
          this.progress.max = Math.max(1, total);
        } else if (line.summary) {
          this.finish(seat, line.summary);
        } else if (line.move !== undefined) {
          this.byMove.set(line.move, line);
          this.progress.value = this.byMove.size;
          this.status.textContent = t("review.progress", { n: this.byMove.size, total });
          this.onChange();
        }
      }
    } catch (err) {
      if (controller.signal.aborted) return;
      this.element.dataset.state = "failed";
      // the server's code; a fetch that failed (no code) lost the table
      this.status.textContent = errorText(err.code || (err instanceof TypeError ? "connection" : "review_failed"));
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        this.button.disabled = false;
        this.progress.hidden = true;
      }
    }
  }

  finish(seat, s) {
    this.element.dataset.state = "done";
    this.status.textContent = t("review.done_for", { name: seatName(this.room, seat) });
    const costly = s.costly ? t(`review.summary_${s.unit}`, { count: s.costly, amount: s.amount }) : t("review.summary_none");
    const agreed = s.decisions ? t("review.agreed", { agreed: s.agreed, count: s.decisions }) : t("review.no_choices");
    this.summary.replaceChildren(el("p.review-costly", costly), el("p.review-agreed", agreed));
    this.summary.dataset.costly = String(s.costly);
    this.onChange();
  }

  /** Marks on the move list: the list's item i+1 says move i (item 0 is the deal). */
  mark(items) {
    items.forEach((li, i) => {
      li.querySelector(".review-note")?.remove();
      delete li.dataset.review;
      delete li.dataset.hindsight;
      const j = this.byMove.get(i - 1);
      if (!j) return;
      const kind = j.agree ? "agree" : j.costly ? "costly" : "better";
      li.dataset.review = kind;
      if (j.hindsight) li.dataset.hindsight = "win";
      const note = el("span.review-note");
      if (kind === "agree") note.append(el("span.review-mark.review-mark--agree", { "aria-hidden": "true" }, "✓"), el("span.sr-only", t("review.agree_short")));
      else {
        if (kind === "costly") note.append(el("span.review-mark.review-mark--costly", t("review.mark_costly")), " ");
        note.append(t("review.list_better", { play: playText(j.preferred, this.room) }));
      }
      li.append(note);
    });
  }

  /** What the hard player says of move `move` (null when it is not a judged choice). */
  detail(move) {
    const j = this.byMove.get(move);
    if (!j) return null;
    const box = el(`div.review-detail.review-detail--${j.agree ? "agree" : j.costly ? "costly" : "better"}`, { dataset: { move: String(move) } });
    if (j.agree) box.append(el("p.review-same", t("review.agree")));
    else if (!j.judged) box.append(el("p", t("review.unjudged")));
    else {
      const play = playText(j.preferred, this.room);
      box.append(el("p.review-better", j.estimate ? t("review.better", { play, gain: said(j.estimate, this.room) }) : t("review.better_only", { play })));
      if (j.reason) box.append(el("p.review-why", t("review.why", { reason: said(j.reason, this.room) })));
    }
    // apart from the judgement, and said to be hindsight: it knew every hand
    if (j.hindsight) box.append(el("p.review-hindsight", t("review.hindsight", { play: playText(j.hindsight.play, this.room) })));
    return box;
  }
}

/** The JSON lines of a streamed answer, each as soon as it has come. */
async function* lines(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    rest += value;
    let nl;
    while ((nl = rest.indexOf("\n")) >= 0) {
      const line = rest.slice(0, nl).trim();
      rest = rest.slice(nl + 1);
      if (line) yield JSON.parse(line);
    }
  }
  if (rest.trim()) yield JSON.parse(rest);
}
