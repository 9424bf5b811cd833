// One seat's hand and its decisions: used by the phone page and by the single-device page.
// Holds no rules: what fits is read from `view.legal` (RECORD.md action form), where each play
// puts its tile from `view.legal_places` (docs/PROTOCOL.md); legal entries go back unchanged.
//
//   const hand = new HandPanel(root, { send(action) -> Promise, mode() -> "tap"|"preview",
//                                      onBoard() (the preview or targets changed),
//                                      hint() -> Promise<{action, reason, version}> (optional: a Hint button),
//                                      layout(n) -> {slot, perRow} (optional: the hand in rows of perRow),
//                                      order: {get() -> "dealt"|"suit"|"weight", set(o)} (optional: a Sort button),
//                                      area() -> element (optional: the board, whose ends count as the hand's for the focus) })
//   hand.render(view, room)      a seat view (hand, legal, legal_places)
//   hand.boardOpts()             {targets, preview} for the Board
//   hand.chooseEnd(end) / hand.chooseTrain(train)   taps on the board's targets
//   hand.clear()                 removes every tile of this hand from the page (handover)

import { tileSVGString } from "../tiles.js";
import { getLanguage, t, tileName } from "../i18n.js";
import { el, clear, toast, announce } from "../base/dom.js";
import { seatName, trainName, trainInSentence, errorText } from "../base/words.js";

/** A choice the seat can make: the legal entry, where its tile goes (null: it lays none), and
 * `where`, the end ("left", "right", "start") or train (seat or "mexican") it goes to. */
function option(action, place = null) {
  const where = !place ? null : place.at === "train" ? place.train : place.at;
  return { action, place, where, key: where === null ? "" : String(where) };
}

function analyse(legal, places) {
  const plays = new Map(); // tile -> [option]
  const discards = new Map(); // tile -> option
  const out = { plays, discards, draw: null, pass: null, done: null, openers: [] };
  (legal || []).forEach((a, i) => {
    if (a.play) {
      if (!plays.has(a.play)) plays.set(a.play, []);
      plays.get(a.play).push(option(a, places ? places[i] : null));
    } else if (a.discard) discards.set(a.discard, option(a));
    else if (a.draw) out.draw = a;
    else if (a.pass) out.pass = a;
    else if (a.done) out.done = a;
    else if ("opener" in a) out.openers.push(a);
  });
  return out;
}

export class HandPanel {
  constructor(root, { send, mode, onBoard, tileSize, hint, layout, order, area } = {}) {
    this.root = root;
    this.sendAction = send;
    this.askHint = hint || null;
    this.hinted = null; // {version, action, reason} of the view on screen
    this.mode = mode || (() => "tap");
    this.onBoard = onBoard || (() => {});
    this.tileSize = tileSize || (() => 52);
    this.layout = layout || null;
    this.order = order || null;
    this.view = null;
    this.room = null;
    this.sel = null; // selected tile
    this.target = null; // the chosen option for the selected tile (preview)
    this.endFilter = null;
    this.busy = false;
    root.classList.add("handpanel");
    // not a live region: rewritten on every update it would be read again each time; what a
    // screen reader must hear of it is said once through the page's live region (_say)
    this.status = el("div.hand-status");
    this.said = null; // the status last said on this seat's turn
    this.choices = el("div.hand-choices");
    this.actions = el("div.hand-actions");
    this.strip = el("div.hand-strip", { role: "group", "aria-label": t("aria.hand") });
    this.discardsBox = el("div.hand-discards");
    this.sortButton = order ? el("button.btn.hand-sort", { type: "button", onclick: () => this._nextOrder() }) : null;
    // status and decisions in one box, so that a landscape layout can put them beside the board
    const head = el("div.hand-head", this.status, this.sortButton);
    this.decide = el("div.hand-decide", head, this.choices, this.actions);
    root.append(this.decide, this.strip, this.discardsBox);
    // where the focus last was in this hand (or on the board's ends, `area`): when a move takes
    // that control away, the focus comes back to the hand instead of falling to the page
    this.area = area || (() => null);
    this.focusWasHere = false;
    this.focusIndex = 0;
    document.addEventListener("focusin", (ev) => this._noteFocus(ev.target));
  }

  _noteFocus(target) {
    const area = this.area();
    this.focusWasHere = this.root.contains(target) || (!!area && area.contains(target));
    if (this.focusWasHere && target.dataset && target.dataset.index !== undefined) this.focusIndex = Number(target.dataset.index);
  }

  /** The focus fell to the page (its control went with a move): the hand takes it back, on the
   * tile where it was (or the nearest one), else on the first button. Checked now and once the
   * board has drawn too (it draws in an animation frame). */
  _keepFocus() {
    const check = () => {
      const a = document.activeElement;
      if (!this.focusWasHere || (a && a !== document.body && document.contains(a))) return;
      const tiles = this.strip.querySelectorAll(".hand-tile");
      const n = tiles.length ? tiles[Math.min(this.focusIndex, tiles.length - 1)] : this.root.querySelector("button:not([disabled])");
      if (n && n.offsetParent !== null) n.focus({ preventScroll: true });
    };
    check();
    requestAnimationFrame(() => requestAnimationFrame(check));
  }

  clear() {
    this.view = null;
    this.said = null;
    this.hinted = null;
    this.sel = null;
    this.target = null;
    this.endFilter = null;
    clear(this.status);
    clear(this.choices);
    clear(this.actions);
    clear(this.strip);
    clear(this.discardsBox);
  }

  get myTurn() {
    const v = this.view;
    return !!(v && v.phase === "play" && v.turn === v.seat && v.legal && v.legal.length);
  }

  render(view, room) {
    const prevSel = this.sel;
    const changed = !this.view || this.view.version !== view.version || this.view.seat !== view.seat;
    this.view = view;
    this.room = room;
    this.info = analyse(view.legal, view.legal_places);
    if (this.hinted && (this.hinted.version !== view.version || this.hinted.seat !== view.seat)) this.hinted = null;
    if (changed) {
      // keep a selection only while it is still a legal choice
      if (this.sel && !this.info.plays.has(this.sel) && !this.info.discards.has(this.sel)) {
        this.sel = null;
        this.target = null;
      }
      if (this.target && !(view.legal || []).some((a) => JSON.stringify(a) === JSON.stringify(this.target.action))) this.target = null;
      if (this.endFilter && ![...this.info.plays.values()].flat().some((o) => o.key === this.endFilter)) this.endFilter = null;
    }
    if (prevSel !== this.sel) this.onBoard();
    this._draw();
  }

  // -- the seat's intent ---------------------------------------------------------------------

  async _send(action) {
    if (this.busy) return;
    this.busy = true;
    this.root.classList.add("hand--busy");
    try {
      await this.sendAction(action);
      this.sel = null;
      this.target = null;
      this.endFilter = null;
    } catch (err) {
      if (err && err.code && err.code !== "stale") toast(errorText(err.code), "error");
    } finally {
      this.busy = false;
      this.root.classList.remove("hand--busy");
      this.onBoard();
      if (this.view) this._draw();
      this._keepFocus();
    }
  }

  async hint() {
    if (!this.askHint || !this.myTurn || this.hinting) return;
    this.hinting = true;
    this._draw();
    try {
      const h = await this.askHint();
      if (this.view && h.version === this.view.version) this.hinted = { ...h, seat: this.view.seat };
    } catch (err) {
      if (err && err.code && err.code !== "stale") toast(errorText(err.code), "error");
    } finally {
      this.hinting = false;
      if (this.view) this._draw();
    }
  }

  _hintText() {
    const h = this.hinted;
    const params = { ...(h.reason.params || {}) };
    if (params.seat !== undefined && this.room) params.name = seatName(this.room, params.seat);
    return t(h.reason.key, params);
  }

  tapTile(tile) {
    if (!this.myTurn) return;
    const info = this.info;
    const acts = info.plays.get(tile);
    if (!acts) {
      if (info.discards.has(tile)) {
        this.sel = tile;
        this.target = info.discards.get(tile);
        this._changed();
        return;
      }
      toast(t("aria.tile_no_fit", { tile: tileName(tile) }), "info", 1800);
      return;
    }
    if (this.sel === tile && this.target) {
      this.confirm();
      return;
    }
    if (this.endFilter) {
      const a = acts.find((x) => x.key === this.endFilter);
      if (a) {
        this.sel = tile;
        if (this.mode() === "tap") {
          this._send(a.action);
          return;
        }
        this.target = a;
        this._changed();
        return;
      }
    }
    if (acts.length === 1) {
      if (this.mode() === "tap") {
        this._send(acts[0].action);
        return;
      }
      this.sel = tile;
      this.target = acts[0];
      this._changed();
      return;
    }
    this.sel = tile;
    this.target = null;
    this._changed();
  }

  _choose(key) {
    if (!this.myTurn) return;
    if (!this.sel) {
      // an end (or train) first: the tiles that fit there glow, the next tap plays
      this.endFilter = this.endFilter === key ? null : key;
      this._changed();
      return;
    }
    const acts = this.info.plays.get(this.sel) || [];
    const a = acts.find((x) => x.key === key);
    if (!a) return;
    if (this.mode() === "tap" || (this.target && this.target.key === key)) {
      this._send(a.action);
      return;
    }
    this.target = a;
    this._changed();
  }

  chooseEnd(end) {
    this._choose(end);
  }

  chooseTrain(train) {
    this._choose(String(train));
  }

  confirm() {
    if (this.target) this._send(this.target.action);
  }

  cancel() {
    this.sel = null;
    this.target = null;
    this.endFilter = null;
    this._changed();
  }

  _changed() {
    this.onBoard();
    this._draw();
  }

  /** What the board shows: the chosen tile as a ghost where it goes, or the ends and trains the
   * selected tile (or any tile) can go to. */
  boardOpts() {
    if (!this.view || !this.myTurn) return { targets: [], preview: null };
    if (this.target && this.target.action.play) {
      // the ghost shows where the tile goes; the other ends it fits stay buttons (a change of mind)
      const others = (this.info.plays.get(this.target.action.play) || []).filter((o) => o.key !== this.target.key && o.where !== null && o.where !== "start" && o.where !== "engine");
      return { targets: [...new Set(others.map((o) => o.where))], preview: { tile: this.target.action.play, place: this.target.place } };
    }
    const opts = this.sel ? this.info.plays.get(this.sel) || [] : [...this.info.plays.values()].flat();
    const targets = [];
    for (const o of opts) {
      const slot = o.where !== null && o.where !== "start" && o.where !== "engine";
      if (slot && !targets.includes(o.where)) targets.push(o.where);
    }
    return { targets, preview: null };
  }

  // -- drawing -------------------------------------------------------------------------------

  _label(tile) {
    const name = tileName(tile);
    if (this.sel === tile) return t("aria.tile_selected", { tile: name });
    if (!this.myTurn) return name;
    const opts = this.info.plays.get(tile);
    if (!opts) return this.info.discards.has(tile) ? name : t("aria.tile_no_fit", { tile: name });
    const ends = [...new Set(opts.map((o) => o.where).filter((w) => w === "left" || w === "right"))];
    if (ends.length >= 2) return t("aria.tile_fits_both", { tile: name });
    if (ends.length === 1) return t(`aria.tile_fits_${ends[0]}`, { tile: name });
    const trains = opts.filter((o) => o.place && o.place.at === "train").map((o) => trainInSentence(o.where, this.room, this.view.seat));
    if (trains.length) return t("aria.tile_fits_train", { tile: name, train: anyOf(trains) });
    return t("aria.tile_fits", { tile: name });
  }

  _statusText() {
    const v = this.view;
    const info = this.info;
    if (v.phase !== "play") return "";
    if (!this.myTurn) {
      if (v.turn === null || v.turn === undefined) return "";
      const name = seatName(this.room, v.turn);
      if (v.pending === "opener") return t("hand.opener_waiting", { name });
      return t("hand.waiting_for", { name });
    }
    if (info.openers.length) return t("hand.opener_prompt");
    if (v.trains && v.trains.uncovered) {
      const coverable = info.plays.size > 0;
      if (coverable) return t("hand.must_cover", { tile: tileName(v.trains.uncovered.tile) });
    }
    if (info.done) return t("hand.first_run");
    if (!info.plays.size) {
      if (info.draw) return t("hand.nothing_fits_draw");
      if (info.discards.size) return t("hand.nothing_fits_discard");
      if (info.pass) return t("hand.nothing_fits_pass");
    }
    const lineEmpty = v.trains ? false : !v.line || v.line.length === 0;
    if (lineEmpty && info.plays.size === 1) return t("hand.open_with", { tile: tileName([...info.plays.keys()][0]) });
    if (lineEmpty) return t("hand.you_lead");
    return t("hand.your_turn");
  }

  _draw() {
    const v = this.view;
    if (!v) return;
    const refocus = focusKey(this.root);
    const my = this.myTurn;
    this.root.classList.toggle("hand--turn", my);
    const text = this._statusText();
    // on a shared device the hand says whose it is
    const status = this.owner ? (text ? t("hand.owner_status", { name: this.owner, status: text }) : this.owner) : text;
    if (this.status.textContent !== status) this.status.textContent = status;
    this._say(my, status);
    clear(this.choices);
    clear(this.actions);
    if (my) this._drawChoices();
    this._drawSort();
    this._drawStrip();
    this._drawDiscards();
    restoreFocus(this.root, refocus);
    this._keepFocus();
  }

  /** The turn's prompt is said once when the turn comes, and again only when it changes. */
  _say(my, status) {
    const key = my ? `${this.view.seat}:${status}` : null;
    if (key && key !== this.said) announce(status);
    this.said = key;
  }

  /** On this seat's turn: opener buttons, the choice of end or train, confirm, hint, draw/pass. */
  _drawChoices() {
    const info = this.info;
    for (const a of info.openers) {
      const label = a.opener === this.view.seat ? t("hand.opener_me") : t("hand.opener_partner", { name: seatName(this.room, a.opener) });
      this.choices.append(el("button.btn.btn--primary.btn--big.choice-opener", { type: "button", dataset: { opener: String(a.opener) }, onclick: () => this._send(a) }, label));
    }
    const acts = this.sel ? info.plays.get(this.sel) : null;
    if (acts && acts.length > 1) this.choices.append(this._whereChoice(acts));
    if (this.target) {
      const isDiscard = !!this.target.action.discard;
      if (isDiscard) this.choices.append(el("p.choice-note", t("hand.discard_confirm", { tile: tileName(this.target.action.discard) })));
      this.actions.append(
        el("button.btn.btn--primary.btn--big.act-confirm", { type: "button", onclick: () => this.confirm() }, isDiscard ? t("hand.discard") : t("hand.confirm")),
        el("button.btn.btn--big.act-cancel", { type: "button", onclick: () => this.cancel() }, t("hand.cancel")),
      );
    } else if (this.sel) {
      this.actions.append(el("button.btn.btn--big.act-cancel", { type: "button", onclick: () => this.cancel() }, t("hand.cancel")));
    }
    const hinted = this.hinted ? this.hinted.action : null;
    if (hinted) this.choices.append(el("p.hint-text", { role: "status" }, t("hand.hint_line", { reason: this._hintText() })));
    if (this.askHint && !this.target && !hinted) {
      this.actions.append(el("button.btn.btn--big.act-hint", { type: "button", disabled: this.hinting || undefined, onclick: () => this.hint() }, this.hinting ? t("hand.hint_thinking") : t("hand.hint")));
    }
    if (this.target) return;
    for (const [kind, label] of [["draw", "hand.draw"], ["pass", "hand.pass"], ["done", "hand.done"]]) {
      if (info[kind]) this.actions.append(el(`button.btn.btn--primary.btn--big.act-${kind}`, { type: "button", onclick: () => this._send(info[kind]) }, t(label)));
    }
  }

  /** The selected tile goes more than one way: one button per end or train. */
  _whereChoice(acts) {
    const v = this.view;
    const title = v.trains ? t("hand.which_train") : t("hand.which_end");
    const box = el("div.choice-group", { role: "group", "aria-label": title }, el("span.choice-title", title));
    for (const o of acts) {
      const a = o.action;
      let label;
      let data;
      if (a.end) {
        label = el("span", el("b.choice-num", String(v.ends[a.end])), " ", t(`hand.end_${a.end}`));
        data = { end: a.end };
      } else {
        const end = a.train === "mexican" ? v.trains.mexican.end : v.trains.personal[a.train].end;
        label = el("span", el("b.choice-num", String(end)), " ", trainName(a.train, this.room, v.seat));
        data = { train: String(a.train) };
      }
      const chosen = !!this.target && this.target.key === o.key;
      box.append(el(`button.btn.btn--choice${chosen ? ".btn--chosen" : ""}`, { type: "button", dataset: data, "aria-pressed": chosen ? "true" : "false", onclick: () => this._choose(o.key) }, label));
    }
    return box;
  }

  _tileClasses(tile) {
    const info = this.info;
    const my = this.myTurn;
    const fits = my && info.plays.has(tile);
    const discardable = my && !info.plays.size && info.discards.has(tile);
    const hinted = my && this.hinted ? this.hinted.action : null;
    const cls = ["hand-tile"];
    if (fits) cls.push("hand-tile--fits");
    if (fits && this.endFilter && info.plays.get(tile).some((o) => o.key === this.endFilter)) cls.push("hand-tile--filtered");
    if (this.sel === tile) cls.push("hand-tile--selected");
    if (my && !fits && !discardable) cls.push("hand-tile--dim");
    if (discardable) cls.push("hand-tile--discardable");
    if (hinted && (hinted.play === tile || hinted.discard === tile)) cls.push("hand-tile--hint");
    return { cls: cls.join(" "), fits };
  }

  _nextOrder() {
    const next = { dealt: "suit", suit: "weight", weight: "dealt" };
    this.order.set(next[this.order.get()] || "suit");
    if (this.view) this._draw();
  }

  _drawSort() {
    if (!this.sortButton) return;
    const o = this.order.get();
    const label = t(`hand.sort_${o}`);
    this.sortButton.textContent = `⇅ ${label}`;
    this.sortButton.setAttribute("aria-label", t("hand.sort_now", { order: label }));
    this.sortButton.hidden = !(this.view.hand || []).length;
  }

  _drawStrip() {
    const keep = this.strip.scrollLeft; // a redraw must not move a scrolled hand back
    clear(this.strip);
    const hand = sortHand(this.view.hand || [], this.order ? this.order.get() : "dealt");
    const lay = this.layout ? this.layout(hand.length) : null;
    // in rows the button is the tap target (lay.slot px wide), the tile a little smaller inside
    const size = lay ? lay.slot - 4 : this.tileSize();
    this.strip.classList.toggle("hand-strip--rows", !!lay);
    this.strip.style.gridTemplateColumns = lay ? `repeat(${lay.perRow}, ${lay.slot}px)` : "";
    hand.forEach((tile, i) => {
      const selected = this.sel === tile;
      const { cls, fits } = this._tileClasses(tile);
      const [a, b] = tile.split("-").map(Number);
      const svg = tileSVGString(a, b, { orientation: "vertical", size, highlight: selected ? "selected" : fits ? "fit" : false, label: null });
      this.strip.append(
        el("button", {
          type: "button",
          class: cls,
          html: svg,
          dataset: { tile, index: String(i) },
          "aria-label": this._label(tile),
          "aria-pressed": selected ? "true" : "false",
          onclick: () => this.tapTile(tile),
        }),
      );
    });
    if (!hand.length && this.view.phase === "play") this.strip.append(el("p.hand-empty", t("hand.empty")));
    this.strip.scrollLeft = keep;
    this._selectedInView();
    this.strip.classList.toggle("hand-strip--scrolls", this.strip.scrollWidth > this.strip.clientWidth + 1);
  }

  /** Scrolls the strip (only the strip) so that the selected tile is fully visible. */
  _selectedInView() {
    const s = this.strip.querySelector(".hand-tile--selected");
    if (!s) return;
    const box = this.strip.getBoundingClientRect();
    const r = s.getBoundingClientRect();
    if (r.left < box.left) this.strip.scrollLeft -= box.left - r.left + 12;
    else if (r.right > box.right) this.strip.scrollLeft += r.right - box.right + 12;
  }

  _drawDiscards() {
    clear(this.discardsBox);
    const own = this.view.own_discards;
    if (!own || !own.length) return;
    const box = el("div.own-discards", el("span.own-discards-title", t("hand.your_discards")));
    for (const tile of own) {
      const [a, b] = tile.split("-").map(Number);
      box.append(el("span.own-discard", { html: tileSVGString(a, b, { orientation: "vertical", size: 18, label: tileName(tile) }) }));
    }
    this.discardsBox.append(box);
  }

  // -- keyboard position selector ------------------------------------------------------------

  /** Every stop of the selector: hand tiles, then the open ends / trains, then choices. */
  focusables(extra = []) {
    return [...this.strip.querySelectorAll(".hand-tile"), ...extra, ...this.choices.querySelectorAll("button"), ...this.actions.querySelectorAll("button")];
  }
}

/** "A, B or C" in the reader's language (the list's words and commas are the language's own). */
function anyOf(names) {
  return new Intl.ListFormat(getLanguage(), { type: "disjunction" }).format(names);
}

/** The hand in display order: as dealt, by suit (high number, then low) or by weight (pips). */
export function sortHand(hand, order) {
  if (order !== "suit" && order !== "weight") return hand;
  const pips = (tile) => tile.split("-").map(Number);
  const key = (tile) => {
    const [a, b] = pips(tile);
    const hi = Math.max(a, b);
    const lo = Math.min(a, b);
    return order === "suit" ? [hi, lo] : [a + b, hi];
  };
  return [...hand].sort((x, y) => {
    const [x1, x2] = key(x);
    const [y1, y2] = key(y);
    return y1 - x1 || y2 - x2;
  });
}

/** A selector that finds the focused element again after a redraw. */
function focusKey(root) {
  const a = document.activeElement;
  if (!a || !root.contains(a) || a === root) return null;
  const d = a.dataset || {};
  for (const k of ["tile", "end", "train", "opener"]) {
    if (d[k] !== undefined) return `[data-${k}="${d[k]}"]:not([data-ghost])`;
  }
  const cls = [...a.classList].find((c) => c.startsWith("act-"));
  return cls ? `.${cls}` : null;
}

function restoreFocus(root, key) {
  if (!key) return;
  const n = root.querySelector(key);
  if (n && n !== document.activeElement) n.focus({ preventScroll: true });
}

/** Arrow keys move over the given stops; Enter activates (buttons do that natively). */
export function installSelector(container, stops) {
  container.addEventListener("keydown", (ev) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(ev.key)) return;
    const tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const list = stops().filter((x) => x.offsetParent !== null);
    if (!list.length) return;
    let i = list.indexOf(document.activeElement);
    if (ev.key === "Home") i = 0;
    else if (ev.key === "End") i = list.length - 1;
    else if (ev.key === "ArrowRight" || ev.key === "ArrowDown") i = i < 0 ? 0 : (i + 1) % list.length;
    else i = i < 0 ? list.length - 1 : (i - 1 + list.length) % list.length;
    ev.preventDefault();
    list[i].focus();
    list[i].scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}

