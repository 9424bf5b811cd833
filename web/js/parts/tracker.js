// The suit tracker: for each number, how many tiles carrying it this seat has not seen yet.

import { t } from "../i18n.js";
import { tileSVGString } from "../tiles.js";
import { el } from "../base/dom.js";

/** For each number: how many tiles carrying it this seat has not seen (hand, table, discards). */
function suitTracker(view) {
  const max = view.max_pip;
  const seen = new Set();
  const add = (tile) => {
    if (!tile) return;
    const [a, b] = tile.split("-").map(Number);
    seen.add(`${Math.max(a, b)}-${Math.min(a, b)}`);
  };
  for (const x of view.hand || []) add(x);
  for (const x of view.own_discards || []) add(x);
  for (const e of view.line || []) add(e.tile);
  if (view.trains) {
    add(view.trains.engine);
    for (const p of view.trains.personal) for (const e of p.tiles) add(e.tile);
    for (const e of view.trains.mexican.tiles) add(e.tile);
  }
  const out = [];
  for (let n = 0; n <= max; n++) {
    let unseen = 0;
    for (let m = 0; m <= max; m++) {
      const k = `${Math.max(n, m)}-${Math.min(n, m)}`;
      if (!seen.has(k)) unseen++;
    }
    out.push({ n, unseen });
  }
  return out;
}

/** The tracker's dialog body: one double per number with the count not seen yet. */
export function trackerBody(view) {
  const grid = el("div.tracker");
  for (const { n, unseen } of suitTracker(view)) {
    grid.append(
      el(
        `div.tracker-cell${unseen ? "" : ".tracker-cell--zero"}`,
        { dataset: { n: String(n) }, "aria-label": t("app.label_value", { label: n, value: t("hand.unseen", { count: unseen }) }) },
        el("span", { html: tileSVGString(n, n, { orientation: "vertical", size: 22, label: null }) }),
        el("span.tracker-n", String(unseen)),
      ),
    );
  }
  return el("div", el("p.help", t("hand.suit_tracker_help")), grid);
}
