// Animations by FLIP: note where every card was, redraw, then slide each card from its old
// place (or from where it came: the stock, the pile, the opponent's hand) to its new one.
// Durations follow the speed preference; prefers-reduced-motion turns them off.
import { motionScale } from "./preferences.js";

const BASE_MS = 320;

function rectOf(el) {
  return el?.getBoundingClientRect();
}

// Where each card (by data-card) and each pile is now.
export function snapshot(root) {
  const cards = new Map();
  for (const el of root.querySelectorAll("[data-card]")) cards.set(el.dataset.card, rectOf(el));
  return {
    cards,
    stock: rectOf(root.querySelector("#stock")),
    discard: rectOf(root.querySelector("#discard")),
    them: rectOf(root.querySelector("#hand-them")),
  };
}

function slide(el, from, delay, scale) {
  const to = el.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], {
    duration: BASE_MS * scale,
    delay,
    easing: "cubic-bezier(.2,.7,.2,1)",
    fill: "backwards",
  });
}

// Slides every card of `root` from where `before` saw it. A card that was nowhere comes
// from the stock when it joins a hand, and from the opponent's hand when it lands on the pile;
// `from` (a rect: rummy's plate of the seat that played) is where such a card left, if given.
export function animate(root, before, from = null) {
  const scale = motionScale();
  if (!scale || !before) return;
  const arrivals = [];
  for (const el of root.querySelectorAll("[data-card]")) {
    const from = before.cards.get(el.dataset.card);
    if (from) slide(el, from, 0, scale);
    else arrivals.push(el);
  }
  // A deal brings many cards at once: they leave the stock one after another.
  const stagger = arrivals.length > 3 ? 45 * scale : 0;
  arrivals.forEach((el, i) => {
    const origin = from && !el.closest("#hand-you") ? from : el.closest("#discard") ? before.them : before.stock;
    if (origin) slide(el, origin, i * stagger, scale);
  });
}

// The pause between two event steps of one frame.
export function stepDelay() {
  return 520 * motionScale();
}
