// Translations: one JSON catalogue per language in /locales/<lang>.json, chosen per device.
//
//   await initI18n()            pick the device's language (localStorage, navigator, "en") and load it
//   t(key, params)              "{name}" placeholders; with params.count, key.one / key.other
//   await setLanguage(lang)     load, switch and remember the choice on this device
//   await loadPart(part)        a lazy part of the catalogue ("rules"), before a screen says its keys
//   getLanguage(), SUPPORTED, has(key), tParagraphs(key)
//   tileName(a, b)              spoken tile names for ARIA labels ("six-four", "double five")
//
// Only the device's language is loaded (every catalogue has every key: tests/web/test_locales.py).
// A key that catalogue lacks all the same fetches English then, once, for the next time it is
// said; until English is here, and for a key missing everywhere, the key itself shows, so a gap
// is visible instead of blank. /locales/<lang>.json holds every key but those of the lazy parts
// (tabletop/catalogues.py): a screen shown on first use (the rules panel) loads its part first.

export const SUPPORTED = ["en", "id", "fr", "ms", "nb"];
const DEFAULT_LANGUAGE = "en";
const STORAGE_KEY = "domino.lang";

const catalogues = new Map(); // lang -> Promise<object>
const loaded = new Map(); // lang -> object
let current = DEFAULT_LANGUAGE;
const BASE = "/locales/";

/** Map any language tag to a supported language, or null. */
function matchLanguage(tag) {
  if (!tag) return null;
  const lower = String(tag).toLowerCase().replace("_", "-");
  const primary = lower.split("-")[0];
  if (SUPPORTED.includes(primary)) return primary;
  if (primary === "no" || primary === "nn" || primary === "nob") return "nb"; // Norwegian: Bokmål
  if (primary === "in") return "id"; // old code for Indonesian
  if (primary === "zsm" || primary === "zlm") return "ms";
  return null;
}

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null; // private mode or blocked storage
  }
}

/** The language this device should use: saved choice, then the browser's, then English. */
export function detectLanguage() {
  const saved = matchLanguage(storage()?.getItem(STORAGE_KEY));
  if (saved) return saved;
  const nav = globalThis.navigator;
  const tags = nav ? [...(nav.languages || []), nav.language] : [];
  for (const tag of tags) {
    const m = matchLanguage(tag);
    if (m) return m;
  }
  return DEFAULT_LANGUAGE;
}

async function fetchCatalogue(lang) {
  if (!catalogues.has(lang)) {
    const p = fetch(`${BASE}${lang}.json`, { cache: "no-cache" })
      .then((res) => {
        if (!res.ok) throw new Error(`locale ${lang}: HTTP ${res.status}`);
        return res.json();
      })
      .then((data) => {
        loaded.set(lang, data);
        return data;
      })
      .catch((err) => {
        catalogues.delete(lang); // allow a retry later
        throw err;
      });
    catalogues.set(lang, p);
  }
  return catalogues.get(lang);
}

const parts = new Map(); // "lang/part" -> Promise

/** Load a lazy part of the current language's catalogue (once) into it. A part that does not
 * come (no connection) leaves its keys showing as themselves, as any missing key does. */
export function loadPart(part) {
  const lang = current;
  const id = `${lang}/${part}`;
  if (!parts.has(id)) {
    const p = fetchCatalogue(lang)
      .then(() => fetch(`${BASE}${id}.json`, { cache: "no-cache" }))
      .then((res) => {
        if (!res.ok) throw new Error(`locale ${id}: HTTP ${res.status}`);
        return res.json();
      })
      .then((words) => Object.assign(loaded.get(lang), words))
      .catch((err) => {
        parts.delete(id); // allow a retry later
        console.warn(String(err));
      });
    parts.set(id, p);
  }
  return parts.get(id);
}

/** Switch language. Remembers the choice on this device unless {persist: false}. */
export async function setLanguage(lang, { persist = true } = {}) {
  const chosen = matchLanguage(lang) || DEFAULT_LANGUAGE;
  try {
    await fetchCatalogue(chosen);
    current = chosen;
  } catch (err) {
    console.warn(String(err));
    current = DEFAULT_LANGUAGE;
    if (chosen === DEFAULT_LANGUAGE) throw err;
  }
  if (current === DEFAULT_LANGUAGE && !loaded.has(DEFAULT_LANGUAGE)) await fetchCatalogue(DEFAULT_LANGUAGE);
  if (persist) {
    try {
      storage()?.setItem(STORAGE_KEY, current);
    } catch {
      /* storage full or blocked: the choice lasts for this page only */
    }
  }
  if (globalThis.document?.documentElement) document.documentElement.lang = current;
  return current;
}

/** Pick and load this device's language. */
export function initI18n() {
  return setLanguage(detectLanguage(), { persist: false });
}

export function getLanguage() {
  return current;
}

function lookup(key) {
  const cur = loaded.get(current);
  if (cur && Object.prototype.hasOwnProperty.call(cur, key)) return cur[key];
  const en = loaded.get(DEFAULT_LANGUAGE);
  if (en && Object.prototype.hasOwnProperty.call(en, key)) return en[key];
  return undefined;
}

/** A key said is in no catalogue loaded: English is fetched (once) for the next time. A probe
 * (has, a plural form tried first) fetches nothing. */
function missing() {
  if (!loaded.has(DEFAULT_LANGUAGE)) fetchCatalogue(DEFAULT_LANGUAGE).catch((err) => console.warn(String(err)));
}

let pluralRules = null;
let pluralLang = null;
function pluralCategory(count) {
  if (pluralLang !== current) {
    pluralRules = typeof Intl !== "undefined" && Intl.PluralRules ? new Intl.PluralRules(current) : null;
    pluralLang = current;
  }
  if (pluralRules) return pluralRules.select(count);
  return count === 1 ? "one" : "other";
}

/** Replace {name} placeholders; unknown ones stay visible. */
function format(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) && params[name] !== undefined && params[name] !== null
      ? String(params[name])
      : whole,
  );
}

/**
 * Translate a key. With params.count (a number), "key.one"/"key.other" (or any CLDR category
 * the language uses) are tried before "key". Array values (rules text) join with blank lines.
 */
export function t(key, params) {
  let value;
  if (params && typeof params.count === "number") {
    const cat = pluralCategory(params.count);
    value = lookup(`${key}.${cat}`);
    if (value === undefined && cat !== "other") value = lookup(`${key}.other`);
  }
  if (value === undefined) value = lookup(key);
  if (value === undefined) {
    missing();
    return key;
  }
  if (Array.isArray(value)) value = value.join("\n\n");
  return format(String(value), params);
}

/** Paragraphs of a key as an array of strings (rules text), with placeholders filled. */
export function tParagraphs(key, params) {
  const v = lookup(key);
  if (v === undefined) {
    missing();
    return [key];
  }
  const list = Array.isArray(v) ? v : String(v).split(/\n\s*\n/);
  return list.map((p) => format(String(p), params));
}

export function has(key) {
  return lookup(key) !== undefined;
}

/** The spoken word for a number 0..12 ("number.6" -> "six"). */
function numberWord(n) {
  return t(`number.${n}`);
}

/** The spoken name of a tile: "six-four", "double five". */
export function tileName(a, b) {
  if (typeof a === "string") {
    const m = /^(\d{1,2})-(\d{1,2})$/.exec(a.trim());
    if (!m) return a;
    a = Number(m[1]);
    b = Number(m[2]);
  }
  if (a === b) return t("aria.tile_double", { n: numberWord(a) });
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  return t("aria.tile", { a: numberWord(hi), b: numberWord(lo) });
}

/** A tile of the line as it lies: its name and which number faces which end ("six-four, four
 * on the left, six on the right"; a double lies across). entry: {tile, left, right, double}. */
export function lineTileName(entry) {
  if (entry.double || entry.left === entry.right) return t("aria.line_double", { tile: tileName(entry.tile) });
  return t("aria.line_tile", { tile: tileName(entry.tile), left: numberWord(entry.left), right: numberWord(entry.right) });
}
