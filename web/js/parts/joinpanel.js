// How phones reach the big screen's seats: the join panel beside the seats (the game, the room
// code, a short address to type, ONE code for any open seat, and first the table's own Wi-Fi
// when phones seem unable to reach the table), the lobby's card per phone seat (who took it,
// greeted once; a code of its own only once the table chose to hand out seats itself: the
// phone's join form offers every open seat), and mid-game the QR code of a phone seat nobody
// holds.
//
//   const join = new JoinCards({ onFree(seat), onArrive(seat, name), onSeatCodes() })
//   (no onSeatCodes: a screen that cannot hand out the seats, the watch page; no button for it)
//   join.card(room, i)     join.panel(room, wifiSsid)     join.seatQr(room, i)

import { t } from "../i18n.js";
import { el, spoken } from "../base/dom.js";
import { profileName } from "../base/words.js";
import { seatColour, seatMark } from "./seatlook.js";

export class JoinCards {
  constructor({ onFree, onArrive, onSeatCodes }) {
    this.onFree = onFree;
    this.onArrive = onArrive || (() => {});
    this.onSeatCodes = onSeatCodes || null;
    this.greeted = new Set(); // phone seats whose player has had their arrival animation
    this.perSeat = false; // each open seat shows a code of its own (the table chooses the seats)
  }

  /** The players seated now count as greeted: only those who sit down later are welcomed. */
  seen(room) {
    (room.seats || []).forEach((rs, i) => {
      if (rs && rs.kind === "phone" && rs.taken) this.greeted.add(`${i}:${rs.name}`);
    });
  }

  /** In the lobby: the QR code of an open phone seat, or who took it. */
  card(room, i) {
    const rs = room.seats[i];
    if (!room.profile || !rs || rs.kind !== "phone") return el("span.join-card.join-card--pending");
    if (rs.taken) {
      const key = `${i}:${rs.name}`;
      const fresh = !this.greeted.has(key);
      this.greeted.add(key);
      if (fresh) this.onArrive(i, rs.name || "");
      return el(
        `span.join-card.join-card--taken${fresh ? ".join-card--new" : ""}`,
        { style: `--seat-colour: ${seatColour(i)}` },
        el("strong.join-chip", el("span.join-chip-mark", { "aria-hidden": "true" }, seatMark(i)), el("span.join-chip-name", rs.name || "")),
        rs.connected ? null : el("span.badge.badge--off", t("app.offline")),
        el("button.btn.join-free", { type: "button", onclick: () => this.onFree(i) }, t("lobby.free_seat")),
      );
    }
    if (!this.perSeat) return null; // the one code in the join panel serves every open seat
    const url = `${room.join_url}?seat=${i}`;
    return el(
      "figure.join-card",
      { dataset: { joinUrl: url } },
      el("img.join-qr", { src: `/api/rooms/${room.id}/join.svg?seat=${i}`, alt: t("aria.qr_join", { n: i + 1 }), width: "150", height: "150" }),
      el("figcaption", el("strong", t("table.scan_to_join", { n: i + 1 }))),
    );
  }

  /** The join panel: the room code, a short address to type, one code for any seat; with
   * `wifiSsid` (the table's own Wi-Fi, offered) and a seat open, that Wi-Fi's QR code first. */
  panel(room, wifiSsid = null) {
    const open = room.seats.filter((s) => s.kind === "phone" && !s.taken && !s.standin).length;
    const address = room.join_url.replace(/^https?:\/\//, "");
    const wifi = open && wifiSsid ? this.wifiOffer(wifiSsid) : null;
    const panel = el(
      `div.join-panel${wifi ? ".join-panel--wifi" : ""}`,
      wifi,
      room.profile ? el("p.join-game", profileName(room.profile)) : null,
      el("p.join-code-label", t("lobby.code_label")),
      el("p.join-code", spoken(room.id, t("lobby.room_code", { code: room.id }))),
      el("p.join-address-label", t("lobby.type_address")),
      el("p.join-address", address),
    );
    if (open) {
      panel.append(
        el(
          "figure.join-any",
          { dataset: { joinUrl: room.join_url } },
          el("img.join-any-qr", { src: `/api/rooms/${room.id}/join.svg`, alt: t("lobby.scan_any"), width: "400", height: "400" }),
          el("figcaption", t("lobby.scan_any"), el("small", t("lobby.open_seats", { count: open }))),
        ),
      );
      if (this.onSeatCodes) panel.append(this.seatCodesButton());
    } else {
      panel.append(el("p.join-ready", t("lobby.all_seated")));
    }
    return panel;
  }

  /** Per-seat codes, for a table that hands out the seats itself (who partners whom, say):
   * one press shows a code on every open seat, another puts them away. */
  seatCodesButton() {
    const go = () => {
      this.perSeat = !this.perSeat;
      this.onSeatCodes();
    };
    return el("button.btn.join-seat-codes", { type: "button", "aria-pressed": String(this.perSeat), onclick: go }, t("lobby.seat_codes"));
  }

  /** The table's own Wi-Fi: its QR code joins it, and the table then opens by itself. */
  wifiOffer(ssid) {
    return el(
      "figure.join-wifi",
      el("figcaption.join-wifi-title", t("table.wifi_offer")),
      el(
        "div.join-wifi-row",
        el("img.join-wifi-qr", { src: "/api/wifi.svg", alt: t("aria.qr_wifi"), width: "300", height: "300" }),
        el("p.join-wifi-help", t("table.wifi_offer_help", { ssid })),
      ),
    );
  }

  /** Mid-game, on the seat's panel: the QR code of a phone seat nobody holds (null otherwise). */
  seatQr(room, i) {
    const rs = room.seats[i];
    if (!rs || rs.kind !== "phone" || rs.taken || rs.standin) return null;
    const url = `${room.join_url}?seat=${i}`;
    return el("figure.seat-qr", { dataset: { joinUrl: url } }, el("img", { src: `/api/rooms/${room.id}/join.svg?seat=${i}`, alt: t("aria.qr_join", { n: i + 1 }), width: "96", height: "96" }), el("figcaption", t("table.open_seat")));
  }
}
