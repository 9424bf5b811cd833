// What a phone's page offers of the game's records without carrying them in its first load: the
// current game's record saved as a file (GET /api/rooms/<room>/record, which only the table's
// token or a seat's opens), and the replay panel (parts/replay.js and css/replay.css) fetched the
// first time it opens (a phone's, a second screen's page may never open it).

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

/** A style sheet of this server, added once; resolves when it is in (or failed). */
function styleSheet(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((done) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => done();
    document.head.append(link);
  });
}

/** openReplay (parts/replay.js) with the same arguments, once its script and style are here. */
export async function openReplayLater(args) {
  let replay;
  try {
    [, replay] = await Promise.all([styleSheet("/static/css/replay.css"), import("./replay.js")]);
  } catch {
    toast(errorText("connection"), "error");
    return null;
  }
  return replay.openReplay(args);
}
