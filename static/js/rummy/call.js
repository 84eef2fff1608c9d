// The call window (calling tables): the seconds left on the Call button, counted from the
// frame's arrival (`call_seconds`, so the device's clock need not agree with the server's); at
// zero the button hides (the server's next frame withdraws the call too).

let callEnd = null;

function tickCall() {
  const button = document.querySelector('#controls [data-act="call"]');
  if (!button) return;
  const left = callEnd === null ? 0 : Math.ceil((callEnd - Date.now()) / 1000);
  button.querySelector(".call-left").textContent = left > 0 ? String(left) : "";
  if (callEnd !== null && left <= 0) button.hidden = true;
}

setInterval(tickCall, 250);

// After each redraw: when the call window ends (Date.now() time), or null.
export function showCallWindow(end) {
  callEnd = end ?? null;
  tickCall();
}

// Whether a call may still be sent (the window's end, as showCallWindow was given it).
export const callWindowOpen = () => callEnd !== null && callEnd > Date.now();
