// The join page (/join): a box for the room code the TV shows, for phones without a camera.
// Opened from the home-screen icon (/join?home=1) it goes straight back to this phone's seat
// while that room is still open. A phone that opened the table's address (/) is sent here
// with ?from=table and told so (pages/host.js, phoneOnTablePage).

import { initI18n, t } from "../i18n.js";
import { tileSVGString } from "../tiles.js";
import { el, clear } from "../base/dom.js";
import { text } from "../base/storage.js";
import { lastSeatRoom } from "../base/prefs.js";

const CODE = /^[A-Z2-9]{5}$/;

/** What a person types (lower case, spaces, a dash) in the code's form. */
function normalizeCode(s) {
  return String(s || "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

async function roomExists(code) {
  try {
    const r = await fetch(`/api/rooms/${code}`);
    return r.ok;
  } catch {
    return false;
  }
}

async function main() {
  await initI18n();
  document.title = t("app.title");
  const params = new URLSearchParams(location.search);
  const last = lastSeatRoom();
  if (params.has("home") && last && CODE.test(last) && text.get(`domino.token.${last}`) && (await roomExists(last))) {
    location.replace(`/join/${last}`);
    return;
  }
  const app = document.getElementById("app");
  app.removeAttribute("aria-busy");
  const input = el("input#room-code", {
    type: "text",
    inputmode: "text",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    maxlength: "8",
    placeholder: "ABCDE",
    "aria-describedby": "room-code-help",
    value: params.get("code") || "",
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
    const ok = await roomExists(code);
    go.disabled = false;
    if (!ok) {
      problem.textContent = t("hand.join_code_unknown", { code });
      input.focus();
      return;
    }
    location.assign(`/join/${code}`);
  };
  clear(app);
  app.append(
    el(
      "section.join",
      el("div.join-logo", { html: tileSVGString(6, 6, { orientation: "vertical", size: 34, label: null }) + tileSVGString(6, 4, { orientation: "vertical", size: 34, label: null }) }),
      el("h1", t("hand.join_title")),
      params.get("from") === "table" ? el("p.join-note", { role: "note" }, t("hand.join_from_table")) : null,
      el(
        "form.join-form.join-code-form",
        { onsubmit: submit },
        el("label.field", t("hand.join_code_label"), input),
        el("p.help#room-code-help", t("hand.join_code_help")),
        problem,
        go,
      ),
      params.get("from") === "table" ? el("a.btn.btn--link.join-as-table", { href: "/?here=table" }, t("hand.join_use_as_table")) : null,
    ),
  );
  if (!input.value) input.focus();
}

main();
