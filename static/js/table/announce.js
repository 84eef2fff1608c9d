// What happened, in words: the visible status line and the screen readers' live region.
const status = () => document.getElementById("status-line");
const live = () => document.getElementById("announcer");

export function setStatus(text) {
  if (text) status().textContent = text;
}

export function announce(text) {
  if (!text) return;
  // Clearing first makes a repeated sentence be read again.
  live().textContent = "";
  requestAnimationFrame(() => {
    live().textContent = text;
  });
}
