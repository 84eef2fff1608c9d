// The turn timer at the place of the seat to play (gin and rummy): the state frame's
// `deadline` counted down (m:ss), marked "low" for the last ten seconds. No deadline, no clock.
import { mmss } from "./texts.js";

let deadline = null;

function tick() {
  const clock = document.querySelector("#table .plate.active .clock");
  if (!clock) return;
  if (!deadline) {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
  clock.textContent = mmss(left);
  clock.classList.toggle("low", left <= 10);
}

setInterval(tick, 250);

// After each redraw: the frame's deadline (ISO or null).
export function showClock(iso) {
  deadline = iso ? Date.parse(iso) : null;
  tick();
}

// The element a plate carries while its seat is to play.
export function clockSlot() {
  const slot = document.createElement("span");
  slot.className = "clock";
  return slot;
}
