// Who is at the table. A person's seat is online while one of its sockets is open; once the
// last one closes, room frames say how long it has been away (`away_for`, seconds as of the
// frame) and this page counts on from there, so the claim opens after `claim_after` seconds
// without a frame at that moment. Shared by the gin and rummy tables (docs/table.md).
import { mmss, t } from "./texts.js";

const arrived = new WeakMap(); // room frame -> when this page got it
let current = null;
const listeners = [];

// Every room frame (the page's own too) comes through here before it is used.
export function roomArrived(room) {
  arrived.set(room, performance.now());
  current = room;
  return room;
}

// Seconds the person at `seat` has been away, or null (online, a bot, nobody).
export function awayFor(room, seat) {
  const info = room.seats[seat];
  if (info?.kind !== "player" || info.online || info.away_for === null || info.away_for === undefined) return null;
  return Math.floor(info.away_for + (performance.now() - (arrived.get(room) ?? performance.now())) / 1000);
}

export const canClaim = (room, seat) => (awayFor(room, seat) ?? -1) >= room.claim_after;

// A plate's presence mark: "online", or "away 0:42" (counted on every second).
export function presenceMark(room, seat) {
  const away = awayFor(room, seat);
  const mark = document.createElement("span");
  mark.className = `presence ${away === null ? "on" : "off"}`;
  if (away !== null) mark.dataset.awaySeat = seat;
  mark.textContent = away === null ? t("online") : t("away_for", { time: mmss(away) });
  return mark;
}

// `fn` runs every second (the gin table's claim notice follows the count with it).
export function everySecond(fn) {
  listeners.push(fn);
}

setInterval(() => {
  if (!current) return;
  for (const mark of document.querySelectorAll("[data-away-seat]")) {
    mark.textContent = t("away_for", { time: mmss(awayFor(current, Number(mark.dataset.awaySeat)) ?? 0) });
  }
  for (const fn of listeners) fn();
}, 1000);
