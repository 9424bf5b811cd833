// Big choices instead of a form: a game's options as rows of large buttons a thumb (or a
// remote's arrows) can reach. Every fact about a game comes from GET /api/profiles (its options,
// their choices and defaults, seat counts, forbidden combinations); these only draw them.
//
// The arrow keys move the focus within a row of choices, Enter or Space (a remote's OK)
// chooses; at the row's end an arrow goes on to the next control (parts/remote.js on the big
// screen). Choosing waits for Enter on purpose: each choice goes to the server, and a remote
// passing over a choice must not send it. The Tab key stops once, on the chosen one.
//
//   optionChoices(profile, options, { onPick(options), offered(options) })  -> element
//   choiceRow({ id, label, help, choices: [{ value, label, spoken? }], value, onPick, numbers? }) -> element
//   choiceGroup({ id, label, choices, value, onPick, vertical })                 -> element
//   toggleChoice({ id, label, help, on, onPick })                               -> element
//   allowedOptions(profile, options)   seatCount(profile, options)   optionWords(profile, options)
//   gameOrder(profiles)

import { t } from "../i18n.js";
import { el } from "../base/dom.js";

/** The games of GET /api/profiles, in the lobby's order (the catalogue's `order`). */
export function gameOrder(profiles) {
  return Object.keys(profiles).sort((a, b) => profiles[a].order - profiles[b].order || (a < b ? -1 : 1));
}

const matches = (combo, options) => Object.entries(combo).every(([k, v]) => options[k] === v);

/** How many seats a game has with these options. */
export function seatCount(profile, options) {
  const { option, counts } = profile.seats;
  return counts[String(options[option] ?? profile.defaults[option])];
}

/** The options with every refused combination undone by turning its switch off. */
export function allowedOptions(profile, options) {
  const out = { ...options };
  for (const f of profile.forbidden) {
    if (!matches(f.options, out)) continue;
    for (const [k, v] of Object.entries(f.options)) if (typeof v === "boolean") out[k] = !v;
  }
  return out;
}

/** Whether turning the boolean option `key` on would make a combination the server refuses. */
function forbiddenOn(profile, options, key) {
  return profile.forbidden.some((f) => f.options[key] === true && matches(f.options, { ...options, [key]: true }));
}

/** A value's words: "4 players", "4 players × 6 tiles". */
function valueLabel(opt, value) {
  return opt.name === "players" ? t("lobby.player_count", { count: value }) : t(`lobby.option.${opt.name}.${value}`);
}

/** The option's own words ("Deal"; the player count says "Players"). */
function optionLabel(opt) {
  return opt.name === "players" ? t("lobby.players") : t(`lobby.option.${opt.name}`);
}

const STEP = { horizontal: { ArrowRight: 1, ArrowLeft: -1 }, vertical: { ArrowDown: 1, ArrowUp: -1 } };

/**
 * The radio group itself: a row (or with `vertical` a column) of big buttons, one pressed.
 * choices: [{ value, label, spoken?, className?, dataset? }] (label: text or nodes; spoken: its
 * words for a screen reader when the label is short, "4" for "4 players"); id: the group's
 * (each button is `${id}-${value}`); label or labelledBy: what it chooses.
 */
export function choiceGroup({ id = null, buttonId = id, label = null, labelledBy = null, describedBy = null, choices, value, onPick, vertical = false, className = "" }) {
  const orientation = vertical ? "vertical" : "horizontal";
  const cls = ["choice-row", vertical ? "choice-row--vertical" : "", ...className.split(" ")].filter(Boolean).join(".");
  const row = el(`div.${cls}`, { id, role: "radiogroup", "aria-label": label, "aria-labelledby": labelledBy, "aria-describedby": describedBy, "aria-orientation": orientation });
  const chosen = choices.some((c) => c.value === value) ? value : null;
  choices.forEach((c, i) => {
    const on = c.value === chosen;
    row.append(
      el(
        `button.btn.choice${on ? ".choice--on" : ""}${c.className ? "." + c.className : ""}`,
        {
          type: "button",
          id: buttonId ? `${buttonId}-${String(c.value).replace(/[^\w-]/g, "_")}` : null,
          role: "radio",
          "aria-checked": String(on),
          "aria-label": c.spoken || null,
          tabindex: on || (chosen === null && i === 0) ? "0" : "-1",
          dataset: { value: String(c.value), ...c.dataset },
          onclick: () => !on && onPick(c.value),
        },
        c.label,
      ),
    );
  });
  row.addEventListener("keydown", (ev) => {
    const step = STEP[orientation][ev.key];
    if (!step || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const buttons = [...row.querySelectorAll(":scope > .choice")];
    const next = buttons[buttons.indexOf(document.activeElement) + step];
    if (!next) return; // the row's end: the arrow goes on to the next control
    ev.preventDefault();
    next.focus();
  });
  return row;
}

/** One choice among values, as a row of big buttons (a radio group: one is pressed). */
export function choiceRow({ id, label, help = null, choices, value, onPick, numbers = false, vertical = false }) {
  const heading = el(`span.choice-label#${id}-label`, label);
  const describedBy = help ? `${id}-help` : null;
  const row = choiceGroup({ buttonId: id, labelledBy: `${id}-label`, describedBy, choices, value, onPick, vertical, className: numbers ? "choice-row--numbers" : "" });
  return el(`div.choice-field#${id}`, heading, row, help ? el(`p.help#${id}-help`, help) : null);
}

/** A switch as one big button that says what it is and shows whether it is on. */
export function toggleChoice({ id, label, help = null, on, onPick }) {
  const button = el(
    `button.btn.choice.choice--toggle${on ? ".choice--on" : ""}#${id}-toggle`,
    { type: "button", "aria-pressed": String(on), "aria-describedby": help ? `${id}-help` : null, onclick: () => onPick(!on) },
    el("span.choice-mark", { "aria-hidden": "true" }, on ? "✓" : ""),
    el("span", label),
  );
  return el(`div.choice-field.choice-field--toggle#${id}`, button, help ? el(`p.help#${id}-help`, help) : null);
}

/**
 * Every option of a game the players have a choice of, in the server's order, as big choices.
 * onPick(options): the new options (refused combinations already undone); offered(options):
 * whether a choice may be offered (a table with players seated leaves out too few seats).
 */
export function optionChoices(profile, options, { onPick, offered = () => true, idPrefix = "choice" }) {
  const box = el("div.choices");
  for (const opt of profile.options) {
    if (opt.choices.length < 2) continue;
    const id = `${idPrefix}-${opt.name}`;
    const pick = (value) => onPick(allowedOptions(profile, { ...options, [opt.name]: value }));
    if (typeof opt.default === "boolean") {
      if (forbiddenOn(profile, options, opt.name) && !options[opt.name]) continue;
      box.append(toggleChoice({ id, label: optionLabel(opt), help: t(`lobby.option.${opt.name}.help`), on: !!options[opt.name], onPick: pick }));
      continue;
    }
    const players = opt.name === "players"; // a row of numbers under "Players" (each said whole)
    const choices = opt.choices
      .filter((v) => v === options[opt.name] || offered({ ...options, [opt.name]: v }))
      .map((v) => (players ? { value: v, label: String(v), spoken: valueLabel(opt, v) } : { value: v, label: valueLabel(opt, v) }));
    if (choices.length < 2 && players) continue; // nothing to choose
    const help = players ? null : t(`lobby.option.${opt.name}.help`);
    box.append(choiceRow({ id, label: optionLabel(opt), help, choices, value: options[opt.name], onPick: pick, numbers: players }));
  }
  return box;
}

/** The options as words, one line each ("Deal: 4 players × 6 tiles", "Partners: On"), for
 * those who see the choice without making it. */
export function optionWords(profile, options) {
  const lines = [];
  for (const opt of profile.options) {
    if (opt.choices.length < 2 || !(opt.name in options)) continue;
    const value = options[opt.name];
    if (opt.name === "players") lines.push(valueLabel(opt, value));
    else if (typeof value === "boolean") lines.push(t("app.label_value", { label: optionLabel(opt), value: t(value ? "lobby.option.on" : "lobby.option.off") }));
    else lines.push(t("app.label_value", { label: optionLabel(opt), value: valueLabel(opt, value) }));
  }
  return lines;
}
