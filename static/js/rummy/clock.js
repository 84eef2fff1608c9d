// The turn timer at the place of the seat to play: the state frame's `deadline` counted down
// once a second (m:ss), marked "low" for the last ten seconds. No deadline, no clock.

let deadline = null;

function tick() {
  const clock = document.querySelector("#table .plate.active .clock");
  if (!clock) return;
  if (!deadline) {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
  clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.classList.toggle("low", left <= 10);
}

setInterval(tick, 1000);

// After each redraw: the frame's deadline (ISO or null).
export function showClock(iso) {
  deadline = iso ? Date.parse(iso) : null;
  tick();
}
