// What every page does the same way: the link to the server, the reconnect bar, one dialog
// at a time (rules, results, menus) with the pause it asks for, and the language switch.
// The phone page and the host page (table and single device) extend it:
//
//   class MyPage extends Page {
//     hello()                 the hello payload at every (re)connection
//     onWelcome(w), onMessage(m, answered), onFrame(frame)
//     redraw()                draw the current frame again (after a language switch)
//     resultsContent(), resultsActions()   what the results dialog shows
//   }
//   page.start()

import { initI18n, setLanguage, getLanguage, loadPart, SUPPORTED, t } from "../i18n.js";
import { Net } from "./net.js";
import { el, clear, toast, keepingFocus } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { errorText } from "./words.js";

/** The bar that says the link is down; gone when it is up again. */
function showNetbar(status) {
  let bar = document.querySelector(".netbar");
  if (status === "open" || status === "connecting") {
    if (bar) bar.remove();
    return;
  }
  if (!bar) {
    bar = el("div.netbar", { role: "status" });
    document.body.append(bar);
  }
  bar.textContent = t("app.reconnecting");
}

export class Page {
  constructor() {
    this.app = document.getElementById("app");
    this.net = null;
    this.frame = null; // the last view frame
    this.status = "connecting";
    this.screen = null; // what the page shows: "join", "lobby", "game", ...
    this.dialog = null; // the open dialog ({kind, auto, close, panel})
    this.resultsFor = null; // the round whose results opened by themselves
    this.wideDialogs = false;
    this.profiles = null; // GET /api/profiles, once the rules need it
  }

  get view() {
    return this.frame ? this.frame.view : null;
  }

  get room() {
    return this.frame ? this.frame.room : null;
  }

  /** Loads the words, then connects. `ready()` may stop the page before it connects. */
  async start() {
    await initI18n();
    document.title = t("app.title");
    if (!(await this.ready())) return;
    this.net = new Net({
      hello: () => this.hello(),
      onWelcome: (w) => this.onWelcome(w),
      onView: (f) => this.onFrame(f),
      onMessage: (m, answered) => this.onMessage(m, answered),
      onStatus: (s) => {
        this.status = s;
        showNetbar(s);
      },
    });
    this.net.start();
    window.addEventListener("resize", () => this.onResize());
  }

  async ready() {
    return true;
  }

  onResize() {}

  /** Send a command; a refusal is shown as a toast. Resolves true when it was accepted. */
  async command(type, payload = {}) {
    try {
      await this.net.request(type, payload);
      return true;
    } catch (err) {
      toast(errorText(err.code), "error");
      return false;
    }
  }

  pause(on, reason) {
    this.net.send("pause", on ? { paused: true, reason } : { paused: false });
  }

  // -- dialogs -------------------------------------------------------------------------------

  /** Open a dialog of a kind in place of the open one. auto: it opened by itself. */
  showDialog(kind, options, { auto = false } = {}) {
    this.closeDialog();
    const d = openDialog({
      ...options,
      onClose: () => {
        this.dialog = null;
        if (options.onClose) options.onClose();
      },
    });
    d.kind = kind;
    d.auto = auto;
    d.openedAt = performance.now();
    this.dialog = d;
    return d;
  }

  closeDialog() {
    if (this.dialog) this.dialog.close();
  }

  /** A profile's facts (GET /api/profiles, engine.catalogue); null when the server is away. */
  async profileFacts(profile) {
    if (!this.profiles) {
      try {
        const res = await fetch("/api/profiles");
        if (res.ok) this.profiles = await res.json();
      } catch {
        /* the rules' text still shows */
      }
    }
    return (this.profiles && this.profiles[profile]) || null;
  }

  async openRules() {
    this.closeDialog();
    const profile = this.view && this.view.profile;
    // the pictures, their facts and the rules' words load on first use, not with the page
    const [{ rulesBody, rulesTitle }, facts] = await Promise.all([import("../parts/rules.js"), profile ? this.profileFacts(profile) : null, loadPart("rules")]);
    this.pause(true, "rules");
    this.showDialog("rules", {
      title: rulesTitle(profile),
      body: rulesBody(profile, facts),
      className: "dlg-rules",
      wide: this.wideDialogs,
      onClose: () => this.pause(false),
    });
  }

  /** The results (or, mid-round, the earlier rounds). manual: the player asked for them. */
  openResults(manual) {
    const v = this.view;
    if (!v) return;
    this.closeDialog();
    const pauses = manual ? this.pausesWhileLooking() : this.pausesForResults();
    if (pauses) this.pause(true, "results");
    const title = v.phase === "game_over" ? t("results.final") : v.phase === "play" ? t("app.results") : t("results.title", { n: v.round });
    this.showDialog(
      "results",
      {
        title,
        body: this.resultsContent(),
        className: "dlg-results",
        wide: true,
        actions: this.resultsActions(),
        onClose: () => {
          if (pauses) this.pause(false);
        },
      },
      { auto: !manual },
    );
    // the chart's key came or went once it was drawn at its size: the results fit again
    this.dialog.root.addEventListener("chartlayout", () => this.fitResults());
    this.fitResults();
  }

  /** The results shown whole where nobody can scroll (the table screen overrides it). */
  fitResults() {}

  pausesForResults() {
    return false;
  }

  /** Results asked for mid-game pause it while one player looks (the TV overrides it). */
  pausesWhileLooking() {
    return true;
  }

  resultsActions() {
    return [];
  }

  refreshResults() {
    const body = this.dialog && this.dialog.panel.querySelector(".dialog-body");
    if (!body) return;
    const panel = this.dialog.panel;
    // a button of the old results that had the focus gives it to the same one of the new
    keepingFocus(panel, () => {
      clear(body);
      const content = this.resultsContent();
      // the same results again (a new frame, a resize) once the moment has played: no second
      // celebration (a frame right after the opening, such as the pause, replays it unseen)
      if (performance.now() - this.dialog.openedAt > 2500) {
        content.classList.add("results--again");
        for (const n of content.querySelectorAll("[data-count-to]")) n.textContent = n.dataset.countTo;
      }
      body.append(content);
    }, () => panel.querySelector(".dialog-foot button, .dialog-body button, .dialog-x"));
    this.fitResults();
  }

  /** After a round the results open once by themselves; the next round closes them. */
  followResults(v) {
    if (v.phase !== "play") {
      const key = `${v.round}:${v.profile}`;
      if (this.resultsFor !== key) {
        this.resultsFor = key;
        this.openResults(false);
      } else if (this.dialog && this.dialog.kind === "results") {
        this.refreshResults();
      }
    } else if (this.dialog && this.dialog.kind === "results" && this.dialog.auto) {
      this.closeDialog();
    }
  }

  // -- language ------------------------------------------------------------------------------

  /** A labelled language <select>: a pick closes the open dialog and redraws in that language. */
  languageSelect() {
    const sel = el("select.lang-select", { "aria-label": t("app.language") });
    const current = getLanguage();
    for (const lang of SUPPORTED) {
      const o = el("option", { value: lang }, t(`app.language_name.${lang}`));
      if (lang === current) o.selected = true;
      sel.append(o);
    }
    sel.addEventListener("change", async () => {
      this.closeDialog();
      await setLanguage(sel.value);
      document.title = t("app.title");
      this.screen = null;
      if (this.frame) this.redraw();
    });
    return sel;
  }

  redraw() {
    this.onFrame(this.frame);
  }
}
