// Replay: step through a finished round with every hand face up. Holds no rules: the server
// hands out the round's positions (GET /api/rooms/<room>/replays/<game>/<round>, made by
// engine/round_steps.py) and this draws them, the line or trains by the same Board as in play,
// each move in the words the table already says (describeMove).
//
//   openReplay({ roomId, token, tv }) a full-screen panel: the finished rounds to choose from,
//                                   then the chosen round; Escape (or ×) closes it
//
// A round's Review (parts/review.js): the hard player's judgement of a chosen seat's choices,
// marked on the move list, said under the board at each judged move.
//
// Keys: ← → a move back or forward, Home / End the deal or the result, Enter or space plays or
// pauses (on a focused button, Enter presses it); a swipe left or right steps on touch.

import { tileElement } from "../tiles.js";
import { t, tileName } from "../i18n.js";
import { el, clear, icon, keyedChildren, scrollableByKeyboard } from "../base/dom.js";
import { seatName, describeMove, errorText, profileName } from "../base/words.js";
import { Board } from "./board.js";
import { seatColour } from "./seatlook.js";
import { Review } from "./review.js";

const SPEEDS = { slow: 2400, normal: 1200, fast: 500 }; // ms a move stays while playing
const SWIPE_PX = 50;

/** The answer's JSON; else an Error whose code is the server's (`{"error": code}`), or
 * `connection` when the table did not answer. */
export async function getJSON(url, token) {
  let res;
  try {
    res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw Object.assign(new Error("connection"), { code: "connection" });
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(body.error || "unknown"), { code: body.error || "unknown" });
  return body;
}

/** The one sentence of a finished round's result. */
function resultText(result, room) {
  if (!result || result.winner === null || result.winner === undefined) return t("replay.blocked_nobody");
  const winner = seatName(room, result.winner);
  if (!result.points) return t("replay.won", { winner }); // none credited (Mexican Train counts pips)
  return t("replay.won_points", { winner, count: result.points });
}

/** Where the rounds come from: this room's finished rounds, for this token. A source gives
 * `list()` (the games with their finished rounds; null: nothing to list yet), `round(game,
 * round)` (one round's positions), and may give `head(panel)` (shown above the list), `title`
 * and `reviewUrl(game, round)` (where a round's review streams from; none: no Review). */
function roomSource(roomId, token) {
  return {
    title: t("replay.title"),
    list: async () => (await getJSON(`/api/rooms/${roomId}/replays`, token)).games,
    round: (game, round) => getJSON(`/api/rooms/${roomId}/replays/${game}/${round}`, token),
    reviewUrl: (game, round) => `/api/rooms/${roomId}/replays/${game}/${round}/review`,
  };
}

export class ReplayPanel {
  constructor({ roomId, token, onClose, tv = false, source = null }) {
    this.roomId = roomId;
    this.tv = tv; // the big screen: Mexican Train as the yard it shows in play
    this.token = token;
    this.source = source || roomSource(roomId, token);
    this.onClose = onClose || (() => {});
    this.data = null; // the round being replayed
    this.step = 0;
    this.timer = 0;
    this.speed = "normal";
    this.prev = document.activeElement;
    this.title = el("h2.replay-title", this.source.title);
    this.closeBtn = el("button.btn.btn--icon.replay-close", { type: "button", "aria-label": t("app.close"), title: t("app.close"), onclick: () => this.close() }, "×");
    this.body = el("div.replay-body");
    this.root = el("div.replay", { role: "dialog", "aria-modal": "true", "aria-label": this.source.title }, el("header.replay-head", this.title, this.closeBtn), this.body);
    this.onKey = (ev) => this.key(ev);
    document.addEventListener("keydown", this.onKey, true);
    this.swipes();
    document.body.append(this.root);
  }

  close() {
    this.stop();
    if (this.review) this.review.stop();
    document.removeEventListener("keydown", this.onKey, true);
    if (this.board) this.board.resizeObserver.disconnect();
    if (this.unwatchHands) this.unwatchHands();
    this.root.remove();
    if (this.prev && this.prev.focus && document.contains(this.prev)) this.prev.focus();
    this.onClose();
  }

  fail(err) {
    clear(this.body);
    if (this.source.head) this.body.append(this.source.head(this));
    this.body.append(el("p.replay-error", { role: "alert" }, errorText(err.code)));
  }

  // -- the list of finished rounds ------------------------------------------------------------

  async showList() {
    this.stop();
    if (this.review) this.review.stop();
    this.review = null;
    this.data = null;
    this.root.classList.remove("replay--round");
    this.title.textContent = this.source.title;
    clear(this.body);
    const head = this.source.head ? this.source.head(this) : null;
    if (head) this.body.append(head);
    let games;
    try {
      games = await this.source.list();
    } catch (err) {
      this.fail(err);
      return;
    }
    if (games === null) {
      const field = head && head.querySelector("input, button");
      (field || this.closeBtn).focus({ preventScroll: true });
      return;
    }
    const list = el("div.replay-list");
    if (!games.length) list.append(el("p.replay-none", t("replay.none")));
    else list.append(el("p.help", t("replay.pick")));
    games.forEach((g, i) => {
      const room = { seats: g.seats };
      const heading = g.heading || (i === 0 ? t("replay.game_latest") : t("replay.game_n", { n: games.length - i }));
      list.append(
        el(
          "section.replay-game",
          el("h3", heading, " ", el("small.replay-profile", profileName(g.profile))),
          el(
            "div.replay-rounds",
            g.rounds.map((r) =>
              el(
                "button.btn.replay-pick",
                { type: "button", dataset: { game: String(g.game), round: String(r.round) }, onclick: () => this.openRound(g.game, r.round) },
                el("strong", t("table.round", { n: r.round })),
                el("small", resultText(r.result, room)),
              ),
            ),
          ),
        ),
      );
    });
    this.body.append(list);
    const first = (head && head.querySelector("button.replay-focus")) || list.querySelector("button");
    (first || this.closeBtn).focus({ preventScroll: true });
  }

  // -- one round --------------------------------------------------------------------------------

  async openRound(game, round) {
    this.stop();
    let data;
    try {
      data = await this.source.round(game, round);
    } catch (err) {
      this.fail(err);
      return;
    }
    this.data = data;
    this.room = { id: this.roomId, seats: data.seats };
    this.root.classList.add("replay--round");
    this.title.textContent = t("replay.round_title", { n: data.round });
    clear(this.body);
    const boardBox = el("div.replay-board");
    this.hands = el("div.replay-hands");
    this.handRows = null;
    if (this.unwatchHands) this.unwatchHands();
    this.unwatchHands = scrollableByKeyboard(this.hands); // ten seats' hands scroll on a small screen
    this.said = el("p.replay-said", { "aria-live": "polite" });
    this.position = el("span.replay-position");
    const button = (cls, label, glyph, fn) => el(`button.btn.${cls}`, { type: "button", "aria-label": label, title: label, onclick: fn }, icon(glyph));
    this.playBtn = button("replay-play", t("replay.play"), "play", () => this.toggle());
    const speed = el(
      "select.replay-speed",
      { "aria-label": t("replay.speed"), onchange: (ev) => this.setSpeed(ev.target.value) },
      Object.keys(SPEEDS).map((s) => el("option", { value: s, selected: s === this.speed }, t(`replay.speed_${s}`))),
    );
    const controls = el(
      "div.replay-controls",
      button("replay-rounds-btn", t("replay.rounds"), "list", () => this.showList()),
      button("replay-first", t("replay.first"), "first", () => this.go(0)),
      button("replay-back", t("replay.back"), "back", () => this.go(this.step - 1)),
      this.playBtn,
      button("replay-forward", t("replay.forward"), "forward", () => this.go(this.step + 1)),
      button("replay-last", t("replay.last"), "last", () => this.go(this.data.steps.length - 1)),
      el("label.replay-speed-label", t("replay.speed"), speed),
      this.position,
    );
    this.moves = el("ol.replay-moves", { start: "0", "aria-label": t("replay.moves") });
    const entries = [t("replay.deal")].concat(data.history.map((_, i) => this.moveText(i)));
    this.moveButtons = entries.map((text, i) => el("button.replay-move", { type: "button", dataset: { step: String(i) }, onclick: () => this.go(i) }, text));
    this.moves.append(...this.moveButtons.map((b) => el("li", b)));
    this.reviewBox = el("div.replay-review", { "aria-live": "polite" });
    const main = el("div.replay-main", boardBox, this.said, this.reviewBox, this.hands, controls);
    const reviewUrl = this.source.reviewUrl && this.source.reviewUrl(game, round);
    this.review = reviewUrl ? new Review({ url: reviewUrl, token: this.token, room: this.room, onChange: () => this.reviewed() }) : null;
    this.body.append(main, el("aside.replay-side", this.review ? this.review.element : null, el("h3", t("replay.moves")), this.moves));
    this.board = new Board(boardBox, { maxTile: () => Math.max(40, Math.min(96, window.innerHeight / 10)), minLong: this.tv ? () => window.innerHeight * (50 / 1080) : null });
    this.go(0);
    this.playBtn.focus({ preventScroll: true });
  }

  go(i) {
    if (!this.data) return;
    const last = this.data.steps.length - 1;
    const step = Math.max(0, Math.min(last, i));
    if (step === last) this.stop();
    this.step = step;
    const view = { ...this.data.steps[step], history: this.data.history.slice(0, step) };
    // drawn at once, with the hands and the list: one style, layout and paint a step, not two
    this.board.draw(view, { room: this.room, mySeat: null, targets: [] });
    this.renderHands(view);
    const said = step === 0 ? t("replay.deal") : this.moveText(step - 1);
    this.said.textContent = step === last ? t("replay.said_end", { move: said, result: resultText(this.data.result, this.room) }) : said;
    this.position.textContent = t("replay.step", { n: step, total: last });
    this.root.dataset.step = String(step);
    this.root.dataset.steps = String(last);
    this.root.dataset.scores = JSON.stringify(view.scores);
    this.root.dataset.counts = JSON.stringify(view.seats.map((s) => s.count));
    // only the move marked before and the one marked now change (a long round has hundreds)
    const before = this.moves.querySelector(".replay-move--current");
    const current = this.moveButtons[step];
    if (before && before !== current) {
      before.classList.remove("replay-move--current");
      before.removeAttribute("aria-current");
    }
    this.showReview();
    if (current) {
      current.classList.add("replay-move--current");
      current.setAttribute("aria-current", "step");
      // last: its read of the layout is the one the frame then uses (nothing changes after it)
      this.showInList(current);
    }
  }

  /** The review has moved on: the list's marks, and what it says of the move on screen. */
  reviewed() {
    if (!this.review) return;
    this.review.mark([...this.moves.children]);
    this.showReview();
  }

  showReview() {
    const detail = this.review && this.step > 0 ? this.review.detail(this.step - 1) : null;
    if (detail) this.reviewBox.replaceChildren(detail);
    else clear(this.reviewBox);
  }

  /** Move i in the table's words, said to be the only one where the rules left no choice. */
  moveText(i) {
    const move = describeMove(this.data.history[i], this.room, null);
    return this.data.forced && this.data.forced[i] ? t("replay.forced", { move }) : move;
  }

  /** The current move in view inside the list (only the list scrolls, never the page). */
  showInList(button) {
    const list = this.moves;
    const top = button.offsetTop; // the list is the offset parent (position: relative)
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + button.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + button.offsetHeight - list.clientHeight;
  }

  /** Every hand face up. A step changes one or two seats: only what changed is drawn again
   * (ten hands of a double-twelve set are hundreds of tiles). */
  renderHands(view) {
    const size = Math.round(Math.max(12, Math.min(40, window.innerHeight / 27, window.innerWidth / 34)));
    const teamOf = (i) => (view.teams ? view.teams.findIndex((seats) => seats.includes(i)) : i);
    if (!this.handRows || this.handRows.length !== view.reveal.hands.length || !this.hands.contains(this.handRows[0].row)) {
      clear(this.hands);
      this.handRows = view.reveal.hands.map((_, i) => {
        const row = el("div.replay-seat", { dataset: { seat: String(i) } }, el("span.replay-name", seatName(this.room, i)));
        const tiles = el("span.replay-tiles");
        const score = el("span.replay-score");
        row.append(tiles, score);
        row.style.setProperty("--seat-colour", seatColour(i));
        this.hands.append(row);
        return { row, tiles, score, nodes: new Map(), size: null, said: null };
      });
    }
    view.reveal.hands.forEach((hand, i) => {
      const r = this.handRows[i];
      if (r.size !== size) {
        clear(r.tiles);
        r.nodes = new Map();
        r.size = size;
      }
      // a tile played or drawn is the only one that changes
      keyedChildren(r.tiles, r.nodes, hand.map((name) => [name, () => tileElement(name, { orientation: "vertical", size, label: tileName(name) })]));
      const said = t("replay.score", { score: view.scores[view.score_kind === "team_points" ? teamOf(i) : i] });
      if (r.said !== said) r.score.textContent = r.said = said;
      r.row.classList.toggle("replay-seat--turn", view.phase === "play" && view.turn === i);
    });
  }

  // -- playing ----------------------------------------------------------------------------------

  toggle() {
    if (this.timer) this.stop();
    else this.play();
  }

  play() {
    if (!this.data) return;
    if (this.step >= this.data.steps.length - 1) this.go(0);
    this.playBtn.replaceChildren(icon("pause"));
    this.playBtn.setAttribute("aria-label", t("replay.pause"));
    this.playBtn.title = t("replay.pause");
    this.timer = setInterval(() => this.go(this.step + 1), SPEEDS[this.speed]);
  }

  stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = 0;
    this.playBtn.replaceChildren(icon("play"));
    this.playBtn.setAttribute("aria-label", t("replay.play"));
    this.playBtn.title = t("replay.play");
  }

  setSpeed(speed) {
    this.speed = speed in SPEEDS ? speed : "normal";
    if (this.timer) {
      this.stop();
      this.play();
    }
  }

  key(ev) {
    if (ev.key === "Escape") {
      ev.preventDefault();
      ev.stopPropagation();
      if (this.data) this.showList();
      else this.close();
      return;
    }
    if (!this.data) return;
    const tag = ev.target && ev.target.tagName;
    const onControl = tag === "BUTTON" || tag === "SELECT";
    const act = {
      ArrowLeft: () => this.go(this.step - 1),
      ArrowRight: () => this.go(this.step + 1),
      Home: () => this.go(0),
      End: () => this.go(this.data.steps.length - 1),
      Enter: onControl ? null : () => this.toggle(),
      " ": onControl ? null : () => this.toggle(),
    }[ev.key];
    if (!act || tag === "SELECT") return;
    ev.preventDefault();
    ev.stopPropagation();
    act();
  }

  /** A swipe left goes a move forward, right a move back (not on the board: it pans). */
  swipes() {
    let start = null;
    this.root.addEventListener("pointerdown", (ev) => {
      start = ev.target.closest(".board-viewport") ? null : [ev.clientX, ev.clientY];
    });
    this.root.addEventListener("pointerup", (ev) => {
      if (!start || !this.data) return;
      const dx = ev.clientX - start[0];
      const dy = ev.clientY - start[1];
      start = null;
      if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) this.go(this.step + (dx < 0 ? 1 : -1));
    });
  }
}

/** Opens the replay panel on the finished rounds this token may see. */
export function openReplay({ roomId, token, onClose, tv = false }) {
  const panel = new ReplayPanel({ roomId, token, onClose, tv });
  panel.showList();
  return panel;
}
