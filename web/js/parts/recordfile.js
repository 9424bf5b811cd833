// Game records from files: a record file chosen on the page (the current game's record saved:
// recordlink.js).
// Holds no rules: the server checks a chosen file and replays it (POST and GET
// /api/rooms/<room>/record-file, docs/PROTOCOL.md); the chosen file opens in the replay panel.

import { t, has } from "../i18n.js";
import { el, clear } from "../base/dom.js";
import { errorText, seatName, profileName, describeMove } from "../base/words.js";
import { ReplayPanel, getJSON } from "./replay.js";

// -- a record file chosen on the page: replayed, its shuffle re-checked, played on from a move --

/** The page's sentence for a refused file: where (round, move) and why, in the player's words. */
export function fileFault(status, body) {
  const reason = status === 413 ? "too_large" : (body && body.reason) || "unreadable";
  const why = t(has(`record.why.${reason}`) ? `record.why.${reason}` : "record.why.illegal");
  if (body && body.round && body.move) return t("record.at_move", { round: body.round, move: body.move, why });
  if (body && body.round) return t("record.at_round", { round: body.round, why });
  return why;
}

/** The chosen file as the replay panel's source: its finished rounds, and above them the file
 * picker, the shuffle checks and (playOn given) the form that sets the table up from a move.
 * playOn = { seats(summary) -> the import's seats, send(msg) -> Promise (the import command) }. */
class FileSource {
  constructor({ roomId, token, playOn }) {
    this.roomId = roomId;
    this.token = token;
    this.playOn = playOn;
    this.title = t("record.title");
    this.summary = null;
    this.error = el("p.record-error", { role: "alert" });
    this.input = el("input.record-input#record-input", { type: "file", accept: ".json,application/json", onchange: () => this.read() });
    this.box = el("section.record-file");
  }

  async read() {
    const file = this.input.files && this.input.files[0];
    if (!file) return;
    this.error.textContent = "";
    let res, body;
    try {
      res = await fetch(`/api/rooms/${this.roomId}/record-file`, { method: "POST", body: file, headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" } });
      body = await res.json().catch(() => ({}));
    } catch {
      this.error.textContent = errorText("connection");
      return;
    }
    if (!res.ok) {
      // the table keeps the file it had: what is shown stays as it was, with the fault above it
      this.error.textContent = body.error === "bad_record" || res.status === 413 ? fileFault(res.status, body) : errorText(body.error);
      return;
    }
    this.summary = body;
    this.fileName = file.name;
    this.box.dataset.file = file.name;
    this.panel.showList();
  }

  head(panel) {
    this.panel = panel;
    clear(this.box);
    this.box.append(el("label.field.record-pick", t("record.choose"), this.input), this.error);
    const s = this.summary;
    if (!s) return this.box;
    const room = { seats: s.seats };
    const names = s.seats.map((_, i) => seatName(room, i)).join(t("record.name_sep"));
    // after a refused file the picker names it, while the table still holds this one
    this.box.append(el("p.record-shown", t("record.shown", { file: this.fileName })));
    this.box.append(el("h3.record-game", t("record.file_game", { game: profileName(s.profile), names })));
    const notes = el("ul.record-notes");
    for (const r of s.rounds) {
      if (r.seed) notes.append(el("li.record-seed", t(r.seed.listed ? "record.seed_listed" : "record.seed_only", { round: r.round, seed: r.seed.seed, hash: r.seed.commitment })));
      if (!r.finished) notes.append(el("li.record-unfinished", t("record.unfinished", { round: r.round })));
    }
    if (notes.childNodes.length) this.box.append(notes);
    if (this.playOn) this.box.append(this.playOnForm(s, room));
    return this.box;
  }

  /** Round and move to play on after, and the button that sets the table up from there. */
  playOnForm(s, room) {
    const last = s.rounds[s.rounds.length - 1];
    const roundSel = el("select.record-round", { id: "record-round" });
    const moveSel = el("select.record-move", { id: "record-move" });
    for (const r of s.rounds) roundSel.append(el("option", { value: String(r.round), selected: r === last }, t("table.round", { n: r.round })));
    const fillMoves = () => {
      const r = s.rounds[Number(roundSel.value) - 1];
      clear(moveSel);
      moveSel.append(el("option", { value: "0" }, t("record.after_deal")));
      r.actions.forEach((a, i) => moveSel.append(el("option", { value: String(i + 1), selected: i === r.actions.length - 1 }, t("record.after_move", { n: i + 1, move: describeMove(a, room, null) }))));
    };
    roundSel.addEventListener("change", fillMoves);
    fillMoves();
    const note = el("p.record-playon-error", { role: "alert" });
    const go = async () => {
      note.textContent = "";
      try {
        await this.playOn.send({ round: Number(roundSel.value), move: Number(moveSel.value), seats: this.playOn.seats(s) });
        this.panel.close();
      } catch (err) {
        if (err && err.code !== "pin_required") note.textContent = errorText(err && err.code);
      }
    };
    return el(
      "section.record-playon",
      el("h3", t("record.play_on")),
      el("p.help", t("record.play_on_help")),
      el("div.record-cut", el("label.field", { for: "record-round" }, t("record.round")), roundSel, el("label.field", { for: "record-move" }, t("record.after")), moveSel),
      el("button.btn.btn--primary.record-playon-go", { type: "button", onclick: go }, t("record.set_up")),
      note,
    );
  }

  async list() {
    const s = this.summary;
    if (!s) return null;
    const rounds = s.rounds.filter((r) => r.finished).map((r) => ({ round: r.round, result: r.result, actions: r.actions.length }));
    return [{ game: 0, profile: s.profile, seats: s.seats, rounds, heading: t("record.rounds") }];
  }

  round(_game, round) {
    return getJSON(`/api/rooms/${this.roomId}/record-file/${round}`, this.token);
  }

  reviewUrl(_game, round) {
    return `/api/rooms/${this.roomId}/record-file/${round}/review`;
  }
}

/** The panel that opens a record file (on the table screen and the single device). */
export function openRecordFile({ roomId, token, tv = false, playOn = null, onClose }) {
  const panel = new ReplayPanel({ roomId, token, tv, onClose, source: new FileSource({ roomId, token, playOn }) });
  panel.showList();
  return panel;
}
