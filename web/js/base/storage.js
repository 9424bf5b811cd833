// What this device remembers (localStorage), safe when storage is blocked or full: then a
// value lasts for this page only.

/** JSON values (preferences, the lobby's last setup). */
export const store = {
  get(key, fallback = null) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage blocked */
    }
  },
};

/** Plain strings (seat and host tokens, room codes); set(key, null) forgets the key. */
export const text = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      if (value === null || value === undefined) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      /* blocked storage: the value lasts for this page */
    }
  },
};
