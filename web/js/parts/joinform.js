// The forms that take a person to a seat: the phone's join form (a name, the language, which
// open seat) and the room-code box of the join page, for phones without a camera. They hold the
// typing and the choice; the pages (pages/phone.js, pages/join.js) send and navigate.
//
//   const form = new JoinForm({ subtitle, open, chosen, name, languageSelect, known, profileHref, onJoin(seat, name) })
//   known: the house's regular this phone is ({name, colour, mark}) or null; profileHref: the
//   profile page (/regulars), which makes a profile or shows the regular's statistics
//   form.node, form.chosen, form.nameValue(), form.focus()
//   codeForm({ value, fromTable, safari, onCode(code) })   onCode resolves to null or the problem to
//   say; safari: the address to open in Safari, said in one line (Apple's sign-in sheet)

import { t } from "../i18n.js";
import { tileSVGString } from "../tiles.js";
import { el } from "../base/dom.js";
import { seatColour, seatMark } from "./seatlook.js";

const CODE = /^[A-Z2-9]{5}$/;

/** The two tiles over a join screen. */
export function joinLogo(tiles = [[6, 6], [6, 4]]) {
  return el("div.join-logo", { html: tiles.map(([a, b]) => tileSVGString(a, b, { orientation: "vertical", size: 34, label: null })).join("") });
}

/** The phone's join screen: a name, the language, the seat (one pressed, a tap presses another). */
export class JoinForm {
  constructor({ subtitle, open, chosen, name, languageSelect, known = null, profileHref = null, onJoin }) {
    this.chosen = chosen;
    this.onJoin = onJoin;
    this.name = el("input#join-name", { type: "text", maxlength: "24", autocomplete: "nickname", placeholder: t("lobby.name_placeholder"), value: name });
    this.node = el("section.join", joinLogo(), el("h1", t("hand.join_title")), el("p.join-room", subtitle), this.regular(known, profileHref), this.form(open, languageSelect));
  }

  /** "Welcome back, Ingrid" for a regular of the house; the way to their profile, or to make one. */
  regular(known, href) {
    if (!href) return null;
    const link = el("a.btn.btn--link.join-profile-link", { href }, known ? t("regulars.edit_profile") : t("regulars.make_profile"));
    if (!known) return link;
    const mark = el("span.look-mark", { style: { color: seatColour(known.colour) }, "aria-hidden": "true" }, seatMark(known.mark));
    return el("div.join-regular", el("p.join-known", mark, el("span", t("regulars.welcome", { name: known.name }))), link);
  }

  nameValue() {
    return this.name.value;
  }

  focus() {
    if (!this.name.value) this.name.focus();
  }

  seatButtons(open) {
    const box = el("div.seg.join-seats", { role: "group", "aria-label": t("hand.choose_seat") });
    const paint = () => {
      for (const b of box.children) b.setAttribute("aria-pressed", String(Number(b.dataset.seat) === this.chosen));
    };
    for (const s of open) {
      const pick = () => {
        this.chosen = s.seat;
        paint();
      };
      box.append(el("button.btn.join-seat", { type: "button", dataset: { seat: String(s.seat) }, onclick: pick }, t("hand.join_seat", { n: s.seat + 1 })));
    }
    paint();
    return box;
  }

  form(open, languageSelect) {
    const go = el("button.btn.btn--primary.btn--big.join-go", { type: "submit" }, t("hand.join_button"));
    const submit = async (ev) => {
      ev.preventDefault();
      const n = this.name.value.trim();
      if (!n) {
        this.name.focus();
        return;
      }
      if (this.chosen === null) return;
      go.disabled = true;
      try {
        await this.onJoin(this.chosen, n);
      } finally {
        go.disabled = false;
      }
    };
    return el(
      "form.join-form",
      { onsubmit: submit },
      el("label.field", t("lobby.name"), this.name),
      el("label.field", t("app.language"), languageSelect),
      open.length ? el("div.field", el("span", t("hand.choose_seat")), this.seatButtons(open)) : el("p", t("error.seat_taken")),
      go,
    );
  }
}

/** What a person types (lower case, spaces, a dash) in the code's form. */
function normalizeCode(s) {
  return String(s || "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** The join page's box for the room code the TV shows. onCode(code) is called with a well-formed
 * code and resolves to null (the page goes on) or the problem to show. */
export function codeForm({ value, fromTable, safari = null, onCode }) {
  const input = el("input#room-code", {
    type: "text",
    inputmode: "text",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    maxlength: "8",
    placeholder: "ABCDE",
    "aria-describedby": "room-code-help",
    value,
  });
  const problem = el("p.join-problem", { role: "alert" });
  const go = el("button.btn.btn--primary.btn--big.join-go", { type: "submit" }, t("hand.join_code_button"));
  const submit = async (ev) => {
    ev.preventDefault();
    const code = normalizeCode(input.value);
    input.value = code;
    if (!CODE.test(code)) {
      problem.textContent = t("hand.join_code_bad");
      input.focus();
      return;
    }
    go.disabled = true;
    const said = await onCode(code);
    go.disabled = false;
    if (said) {
      problem.textContent = said;
      input.focus();
    }
  };
  const node = el(
    "section.join",
    joinLogo(),
    el("h1", t("hand.join_title")),
    fromTable ? el("p.join-note", { role: "note" }, t("hand.join_from_table")) : null,
    safari ? el("p.join-note.join-sheet", { role: "note" }, t("hand.join_sheet_apple", { address: safari })) : null,
    el(
      "form.join-form.join-code-form",
      { onsubmit: submit },
      el("label.field", t("hand.join_code_label"), input),
      el("p.help#room-code-help", t("hand.join_code_help")),
      problem,
      go,
    ),
    fromTable ? el("a.btn.btn--link.join-as-table", { href: "/?here=table" }, t("hand.join_use_as_table")) : null,
  );
  return { node, input };
}
