// The owner's section of the director's page: the house's regulars, each renamed, merged into
// another (the same person on two phones) or deleted (their name taken out of every saved game).
// Behind the PIN in kiosk mode (the page's `pin`). It holds no rule: the server checks each change.
//
//   const owner = new RegularsOwner(() => pin);  owner.node (kept across the page's redraws); owner.load()

import { t } from "../i18n.js";
import { el, clear, toast } from "../base/dom.js";
import { openDialog, confirmDialog } from "../base/dialogs.js";
import { errorText } from "../base/words.js";
import { seatColour, seatMark } from "./seatlook.js";
import { regularsApi } from "./regularsapi.js";

export class RegularsOwner {
  constructor(pin) {
    this.pin = pin;
    this.list = [];
    this.node = el("section.night-box.regulars-owner", { "aria-labelledby": "regulars-owner-title" });
  }

  async send(method, path, body) {
    try {
      return (await regularsApi(method, path, { body, pin: this.pin() })) || true;
    } catch (err) {
      toast(errorText(err.code), "error");
      return null;
    }
  }

  async load() {
    const answer = await this.send("GET", "");
    if (answer) this.list = answer.regulars;
    this.render();
  }

  render() {
    clear(this.node);
    this.node.append(el("h2#regulars-owner-title", t("regulars.owner_title")), el("p", el("a", { href: "/leaderboard" }, t("leaderboard.title"))));
    if (!this.list.length) {
      this.node.append(el("p.night-note", t("regulars.owner_none")));
      return;
    }
    const body = el("tbody");
    for (const r of this.list) {
      const mark = el("span.look-mark", { style: { color: seatColour(r.colour) }, "aria-hidden": "true" }, seatMark(r.mark));
      const tools = el(
        "td.regular-tools",
        el("button.btn.regular-rename", { type: "button", onclick: () => this.rename(r) }, t("regulars.rename")),
        this.list.length > 1 ? el("button.btn.regular-merge", { type: "button", onclick: () => this.merge(r) }, t("regulars.merge")) : null,
        el("button.btn.regular-delete", { type: "button", onclick: () => this.remove(r) }, t("regulars.delete")),
      );
      body.append(el("tr", { dataset: { regular: String(r.id) } }, el("th", { scope: "row" }, mark, " ", r.name), el("td.num", String(r.games)), el("td.num", String(r.phones)), tools));
    }
    const head = el("tr", el("th", { scope: "col" }, t("night.col_name")), el("th.num", { scope: "col" }, t("regulars.col_games")), el("th.num", { scope: "col" }, t("regulars.col_phones")), el("td"));
    this.node.append(el("table.regular-stats.regulars-table", el("caption.sr-only", t("regulars.owner_title")), el("thead", head), body));
  }

  /** A dialog with one field and an OK button; resolves to the field's value or null. */
  ask(title, field) {
    return new Promise((resolve) => {
      let answer = null;
      const ok = el("button.btn.btn--primary", { type: "submit", form: "regular-ask" }, t("app.ok"));
      const form = el("form#regular-ask", field);
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        answer = field.querySelector("input, select").value;
        d.close();
      });
      const d = openDialog({ title, body: form, onClose: () => resolve(answer), actions: [el("button.btn", { type: "button", onclick: () => d.close() }, t("hand.cancel")), ok] });
      field.querySelector("input, select").focus();
    });
  }

  async rename(r) {
    const label = t("regulars.new_name", { name: r.name });
    const input = el("input#regular-new-name", { type: "text", maxlength: "24", required: true, value: r.name });
    const name = await this.ask(t("regulars.rename"), el("label.field", { for: "regular-new-name" }, label, input));
    if (name && (await this.send("POST", `/${r.id}/rename`, { name }))) await this.load();
  }

  async merge(r) {
    const select = el("select#regular-merge-into");
    for (const other of this.list) if (other.id !== r.id) select.append(el("option", { value: String(other.id) }, other.name));
    const into = await this.ask(t("regulars.merge"), el("label.field", { for: "regular-merge-into" }, t("regulars.merge_into", { name: r.name }), select));
    if (into && (await this.send("POST", `/${r.id}/merge`, { into: Number(into) }))) await this.load();
  }

  async remove(r) {
    if (!(await confirmDialog(t("regulars.delete"), t("regulars.delete_confirm", { name: r.name })))) return;
    if (await this.send("DELETE", `/${r.id}`)) await this.load();
  }
}
