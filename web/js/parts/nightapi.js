// The night's tournament over HTTP (/api/tournament, docs/PROTOCOL.md): one request, and a
// long poll that follows every change (the server answers when its `seq` passes ours).

import { t } from "../i18n.js";

/** One request; resolves to the JSON answer, or throws an Error whose `code` is the server's. */
export async function tournamentApi(method, path = "", { body, pin, token } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (pin) headers["X-Pin"] = pin;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/tournament${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(data.detail || data.error || String(res.status));
    err.code = data.error || "unknown";
    throw err;
  }
  return data;
}

/** Calls `onData(answer)` now and after every change, until `stop()`; `onError(err)` when a
 * request fails (it tries again a moment later). */
export function follow(path, { token, onData, onError = () => {} }) {
  let seq = null;
  let stopped = false;
  (async () => {
    while (!stopped) {
      try {
        const sep = path.includes("?") ? "&" : "?";
        const data = await tournamentApi("GET", seq === null ? path : `${path}${sep}after=${seq}`, { token });
        if (stopped) return;
        if (seq === null || data.seq !== seq) onData(data);
        seq = data.seq;
      } catch (err) {
        if (stopped) return;
        onError(err);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  })();
  return { stop: () => (stopped = true) };
}

/** A side's or a standing's names as one: "Ana & Bo". */
export function entryName(names) {
  return names.join(t("night.pair_sep"));
}
