// A phone's profile at this table server (/regulars): the name, colour and mark the house
// remembers it by, its statistics per game (tonight and all time), and "forget me". Opened from
// the join screen with ?back=/join/<room>, it goes back there once the profile is made.

import { initI18n, t } from "../i18n.js";
import { el, clear, toast } from "../base/dom.js";
import { confirmDialog } from "../base/dialogs.js";
import { errorText, profileName } from "../base/words.js";
import { store, text } from "../base/storage.js";
import { seatColour, seatMark } from "../parts/seatlook.js";
import { REGULAR_KEY, regularsApi, regularToken, myProfile } from "../parts/regularsapi.js";

const LOOKS = 10; // the screens' seat colours and marks (parts/seatlook.js)
const BACK = /^\/join(\/[A-Z2-9]{5})?$/; // only back to a join page of this server

/** One radio group of swatches: `paint(i)` draws choice i. */
function choices(name, legend, chosen, paint, label) {
  const box = el("fieldset.look-choices", { dataset: { look: name } }, el("legend", legend));
  for (let i = 0; i < LOOKS; i++) {
    const input = el("input.sr-only", { type: "radio", name, value: String(i), checked: i === chosen });
    box.append(el("label.look-choice", input, paint(i), el("span.sr-only", label(i))));
  }
  return box;
}

function chosen(form, name) {
  const on = form.querySelector(`input[name="${name}"]:checked`);
  return on ? Number(on.value) : 0;
}

/** The form: a name, a colour, a mark (each mark shown in the colour chosen). */
function profileForm(regular, onSave) {
  const name = el("input#regular-name", { type: "text", maxlength: "24", autocomplete: "nickname", required: true, value: regular ? regular.name : store.get("domino.name", "") || "" });
  const start = regular || { colour: 0, mark: 0 };
  const colours = choices("colour", t("regulars.colour"), start.colour, (i) => el("span.look-swatch", { style: { background: seatColour(i) }, "aria-hidden": "true" }), (i) => t("regulars.colour_n", { n: i + 1 }));
  const marks = choices("mark", t("regulars.mark"), start.mark, (i) => el("span.look-mark", { "aria-hidden": "true" }, seatMark(i)), (i) => t("regulars.mark_n", { n: i + 1 }));
  const save = el("button.btn.btn--primary.btn--big", { type: "submit" }, regular ? t("regulars.save") : t("regulars.create"));
  const form = el("form.night-box.regular-form", el("label.field", { for: "regular-name" }, t("lobby.name"), name), colours, marks, save);
  const tint = () => form.style.setProperty("--look-colour", seatColour(chosen(form, "colour"))); // the marks, in the colour chosen
  form.addEventListener("change", tint);
  tint();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    save.disabled = true;
    try {
      await onSave({ name: name.value, colour: chosen(form, "colour"), mark: chosen(form, "mark") });
    } catch (err) {
      toast(errorText(err.code), "error");
      name.focus();
    } finally {
      save.disabled = false;
    }
  });
  return { form, name };
}

/** One period's statistics: a card per game, each figure under its label (fits any phone). */
function statsList(lines) {
  if (!lines.length) return el("p.night-note", t("regulars.stats_none"));
  const figure = (label, value) => el("div", el("dt", label), el("dd", value === null ? "–" : String(value)));
  return el(
    "ul.regular-lines",
    ...lines.map((s) =>
      el(
        "li",
        { dataset: { profile: s.profile } },
        el("h3", profileName(s.profile)),
        el("dl.regular-figures", figure(t("regulars.col_games"), s.games), figure(t("night.col_wins"), s.wins), figure(t("regulars.col_average"), s.average), figure(t("regulars.col_best"), s.best_round)),
      ),
    ),
  );
}

function render(app, me, back) {
  clear(app);
  app.removeAttribute("aria-busy");
  const regular = me ? me.regular : null;
  const token = regularToken();
  const onSave = async (fields) => {
    if (regular) {
      await regularsApi("PUT", "/me", { body: fields, token });
      toast(t("regulars.saved"));
    } else {
      const made = await regularsApi("POST", "", { body: fields });
      text.set(REGULAR_KEY, made.token);
    }
    store.set("domino.name", fields.name.trim());
    if (!regular && back) {
      location.assign(back);
      return;
    }
    render(app, await myProfile(), back);
  };
  const { form, name } = profileForm(regular, onSave);
  const heading = regular ? el("h1", el("span.look-mark.look-mark--title", { style: { color: seatColour(regular.colour) }, "aria-hidden": "true" }, seatMark(regular.mark)), " ", t("regulars.welcome", { name: regular.name })) : el("h1", t("regulars.title"));
  app.append(heading, el("p", t(regular ? "regulars.edit_intro" : "regulars.intro")), form);
  if (back) app.append(el("p", el("a.btn", { href: back }, t("regulars.back_to_table"))));
  if (regular) {
    const forget = async () => {
      if (!(await confirmDialog(t("regulars.forget"), t("regulars.forget_confirm")))) return;
      try {
        await regularsApi("DELETE", "/me", { token });
      } catch (err) {
        if (err.code !== "bad_regular") {
          toast(errorText(err.code), "error");
          return;
        }
      }
      text.set(REGULAR_KEY, null);
      toast(t("regulars.forgotten"));
      render(app, null, back);
    };
    app.append(
      el("section.night-box", { "aria-labelledby": "stats-tonight" }, el("h2#stats-tonight", t("regulars.stats_tonight")), statsList(me.tonight)),
      el("section.night-box", { "aria-labelledby": "stats-all" }, el("h2#stats-all", t("regulars.stats_all")), statsList(me.stats)),
      el("p.night-row", el("a.btn", { href: "/leaderboard" }, t("leaderboard.title")), el("button.btn.regular-forget", { type: "button", onclick: forget }, t("regulars.forget"))),
    );
  } else if (!name.value) {
    name.focus();
  }
}

async function main() {
  await initI18n();
  document.title = t("regulars.title");
  const app = document.getElementById("app");
  const wanted = new URLSearchParams(location.search).get("back") || "";
  render(app, await myProfile(), BACK.test(wanted) ? wanted : null);
}

main();
