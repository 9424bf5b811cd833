// The house's regulars over HTTP (/api/regulars, docs/PROTOCOL.md): the phone's profile token
// (localStorage `domino.regular`), its profile, and one request with the server's error code.

import { text } from "../base/storage.js";

export const REGULAR_KEY = "domino.regular";

/** One request; resolves to the JSON answer, or throws an Error whose `code` is the server's. */
export async function regularsApi(method, path = "", { body, pin, token } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (pin) headers["X-Pin"] = pin;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/regulars${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(data.detail || data.error || String(res.status));
    err.code = data.error || "unknown";
    throw err;
  }
  return data;
}

export function regularToken() {
  return text.get(REGULAR_KEY);
}

/** This phone's profile and statistics ({regular, stats, tonight}), or null: no profile, or one
 * the table no longer knows (deleted: the phone forgets its token). */
export async function myProfile() {
  const token = regularToken();
  if (!token) return null;
  try {
    return await regularsApi("GET", "/me", { token });
  } catch (err) {
    if (err.code === "bad_regular") text.set(REGULAR_KEY, null);
    return null;
  }
}
