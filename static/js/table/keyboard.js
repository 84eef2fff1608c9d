// Keyboard play. In the hand (one tab stop): arrows and Home/End choose a card, Enter or
// Space selects it and, pressed again, discards it, Shift+arrows move it. Anywhere on the
// table page, the gin shortcuts: S draws from the stock, D takes the discard, K knocks,
// M sorts into melds (a table may pass its own map: key -> command).

const GIN_SHORTCUTS = { s: "stock", d: "discard", k: "knock", m: "sort" };

function typing(target) {
  return target.closest("input, select, textarea, dialog[open]");
}

export function enableKeyboard(hand, { onMove, onCommand, shortcuts = GIN_SHORTCUTS }) {
  hand.addEventListener("keydown", (e) => {
    const cards = [...hand.querySelectorAll("[data-card]")];
    const i = cards.indexOf(document.activeElement);
    if (i < 0) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[e.key];
    if (step && e.shiftKey) {
      e.preventDefault();
      onMove(cards[i].dataset.card, step);
      return;
    }
    const to = step ? i + step : e.key === "Home" ? 0 : e.key === "End" ? cards.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const next = cards[Math.max(0, Math.min(cards.length - 1, to))];
    cards[i].tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
  });

  document.addEventListener("keydown", (e) => {
    const command = shortcuts[e.key.toLowerCase()];
    if (!command || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    e.preventDefault();
    onCommand(command);
  });
}
