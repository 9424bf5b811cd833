// Game records to and from files: the current game's record saved (GET /api/rooms/<room>/record,
// which only the table's token or a seat's opens), and a record file chosen on the page.
// Holds no rules: the server checks a chosen file (docs/PROTOCOL.md, "Record files").

import { t } from "../i18n.js";
import { el, icon, toast } from "../base/dom.js";
import { errorText } from "../base/words.js";

/** A link that saves the current game's record: fetched with this token, then saved as a file
 * (a plain link cannot send the token). `cls`: the link's class. */
export function recordLink(roomId, token, cls) {
  const url = `/api/rooms/${roomId}/record`;
  const save = async (ev) => {
    ev.preventDefault();
    try {
      const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        toast(errorText(body.error || "unknown"), "error");
        return;
      }
      const blob = await res.blob();
      const href = URL.createObjectURL(blob);
      const a = el("a", { href, download: `domino-${roomId}.json`, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10000);
    } catch {
      toast(errorText("connection"), "error");
    }
  };
  return el(`a.btn.${cls}`, { href: url, download: "", onclick: save }, icon("download"), " ", t("results.download"));
}
