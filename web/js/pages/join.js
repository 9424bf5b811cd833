// The join page (/join): a box for the room code the TV shows, for phones without a camera.
// Opened from the home-screen icon (/join?home=1) it goes straight back to this phone's seat
// while that room is still open. A phone that opened the table's address (/) is sent here
// with ?from=table and told so (pages/host.js, phoneOnTablePage). Apple's "sign in to network"
// sheet on the table's own Wi-Fi is sent here with ?sheet=apple (tabletop/captive.py): that sheet
// cannot keep a game, so the page says in one line how to go on in Safari, and where.

import { initI18n, t } from "../i18n.js";
import { clear } from "../base/dom.js";
import { text } from "../base/storage.js";
import { lastSeatRoom } from "../base/prefs.js";
import { codeForm } from "../parts/joinform.js";

const CODE = /^[A-Z2-9]{5}$/;

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
  const onCode = async (code) => {
    if (!(await roomExists(code))) return t("hand.join_code_unknown", { code });
    location.assign(`/join/${code}`);
    return null;
  };
  const code = params.get("code") || "";
  // the address to type in Safari: this room's join page when the table has one room, else this page
  const sheet = params.get("sheet") === "apple" ? `${location.host}/join${CODE.test(code) ? `/${code}` : ""}` : null;
  const { node, input } = codeForm({ value: code, fromTable: params.get("from") === "table", safari: sheet, onCode });
  clear(app);
  app.append(node);
  if (!input.value) input.focus();
}

main();
