// The turn timer at the place of the seat to play: the state frame's `deadline` counted down
// once a second (m:ss), marked "low" for the last ten seconds. No deadline, no clock.
// And the call window (calling tables): the seconds left on the Call button, counted from the
// frame's arrival (`call_seconds`, so the device's clock need not agree with the server's); at
// zero the button hides (the server's next frame withdraws the call too).

let deadline = null;
let callEnd = null;

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

function tickCall() {
  const button = document.querySelector('#controls [data-act="call"]');
  if (!button) return;
  const left = callEnd === null ? 0 : Math.ceil((callEnd - Date.now()) / 1000);
  button.querySelector(".call-left").textContent = left > 0 ? String(left) : "";
  if (callEnd !== null && left <= 0) button.hidden = true;
}

setInterval(() => {
  tick();
  tickCall();
}, 250);

// After each redraw: the frame's deadline (ISO or null).
export function showClock(iso) {
  deadline = iso ? Date.parse(iso) : null;
  tick();
}

// After each redraw: when the call window ends (Date.now() time), or null.
export function showCallWindow(end) {
  callEnd = end ?? null;
  tickCall();
}

// Whether a call may still be sent (the window's end, as showCallWindow was given it).
export const callWindowOpen = () => callEnd !== null && callEnd > Date.now();
