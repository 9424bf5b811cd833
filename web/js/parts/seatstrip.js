// The phone's seat strip: every seat on one strip (whose turn it is, each hand's size, one's
// partner) and the boneyard. When the chips would take more than two rows (Mexican Train with
// many seats), they shrink to cells of equal width: a computer shows as its icon and seat number,
// a name as far as it fits.
//
//   renderSeatStrip(box, view, room, mySeat)

import { t } from "../i18n.js";
import { tileSVGString } from "../tiles.js";
import { el, clear, icon, spoken } from "../base/dom.js";
import { seatName } from "../base/words.js";

export function renderSeatStrip(box, view, room, mySeat) {
  fillSeats(box, view, room, mySeat, false);
  const first = box.firstElementChild;
  if (first && box.scrollHeight > 2 * first.offsetHeight + 12) fillSeats(box, view, room, mySeat, true);
}

function fillSeats(box, v, room, mySeat, crowded) {
  clear(box);
  box.classList.toggle("hand-seats--crowded", crowded);
  const team = (v.teams || []).find((seats) => seats.includes(mySeat));
  for (let i = 0; i < v.players; i++) {
    const s = v.seats[i];
    const turn = v.turn === i && v.phase === "play";
    const partner = !!team && i !== mySeat && team.includes(i);
    const cls = `div.seat-chip${turn ? ".seat-chip--turn" : ""}${i === mySeat ? ".seat-chip--me" : ""}${partner ? ".seat-chip--partner" : ""}`;
    const name = seatName(room, i);
    const seat = room.seats[i];
    const computer = crowded && seat && seat.kind === "computer" && name === t("app.computer_n", { n: i + 1 });
    const shown = i === mySeat ? t("app.you") : computer ? [icon("computer"), String(i + 1)] : name;
    box.append(
      el(
        cls,
        { dataset: { seat: String(i) }, "aria-current": turn ? "true" : undefined, title: crowded ? name : undefined },
        el("span.seat-chip-name", shown),
        el(
          "span.seat-chip-facts",
          partner ? el("span.badge.seat-chip-mark", t("hand.partner")) : null,
          el("span.seat-chip-count", spoken(`▮${s.count}`, t("aria.hand_count", { name, count: s.count }))),
          s.discards ? el("span.seat-chip-disc", t("table.discards", { count: s.discards })) : null,
          s.passed ? el("span.badge", t("table.passed")) : null,
        ),
      ),
    );
  }
  if (v.boneyard) {
    // a face-down tile and the number: short enough to share a row with the seats
    const back = tileSVGString(0, 0, { faceDown: true, orientation: "vertical", size: 9, label: null });
    const words = t("table.boneyard_count", { count: v.boneyard });
    box.append(el("div.seat-chip.seat-chip--bone", { title: words }, el("span.seat-chip-back", { html: back }), el("span.seat-chip-count", spoken(String(v.boneyard), words))));
  }
}
