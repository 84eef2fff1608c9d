// Dragging a card of the hand: along the row to reorder it, or onto a drop target (gin's
// discard pile; rummy's pile, melds and jokers) to play it there. Pointer events cover mouse,
// pen and touch; a press that does not move is left to the click (a tap), which selects. On
// touch the row keeps its sideways scroll (touch-action: pan-x): a card is dragged by first
// moving it up.

const THRESHOLD = 8;

const inside = (el, e) => {
  const r = el.getBoundingClientRect();
  return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
};

// `drop` is the one target element, or a function (pointer event, dragged card element) ->
// the target under the pointer or null. canDrop(card, target) and onDrop(card, target).
export function enableDrag(hand, drop, { canDrop, onDrop, onReorder }) {
  let drag = null;
  let justDragged = false;
  let lit = null;

  const targetAt = typeof drop === "function" ? drop : (e) => (inside(drop, e) ? drop : null);
  const light = (target) => {
    if (lit === target) return;
    lit?.classList.remove("drop-target");
    target?.classList.add("drop-target");
    lit = target;
  };

  hand.addEventListener("pointerdown", (e) => {
    const card = e.target.closest("[data-card]");
    if (!card || e.button > 0) return;
    drag = { card, x: e.clientX, y: e.clientY, id: e.pointerId, moving: false };
  });

  // Moves and releases are followed on the whole page: a quick flick leaves the row before
  // the drag has begun (and captured the pointer).
  document.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      drag.moving = true;
      drag.card.setPointerCapture(e.pointerId);
      drag.card.classList.add("dragging");
    }
    drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
    const target = targetAt(e, drag.card);
    light(target && canDrop(drag.card.dataset.card, target) ? target : null);
  });

  const finish = (e, cancelled) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { card, moving } = drag;
    drag = null;
    light(null);
    if (!moving) return;
    card.classList.remove("dragging");
    card.style.transform = "";
    justDragged = true;
    setTimeout(() => (justDragged = false), 0);
    if (cancelled) return;
    const code = card.dataset.card;
    const target = targetAt(e, card);
    if (target) {
      if (canDrop(code, target)) onDrop(code, target);
      return;
    }
    // The new place: before the first other card whose centre is right of the pointer.
    const others = [...hand.querySelectorAll("[data-card]")].filter((el) => el !== card);
    const index = others.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return e.clientX < r.left + r.width / 2;
    });
    onReorder(code, index < 0 ? others.length : index);
  };
  document.addEventListener("pointerup", (e) => finish(e, false));
  document.addEventListener("pointercancel", (e) => finish(e, true));
  // The click that ends a drag is not a tap.
  hand.addEventListener("click", (e) => justDragged && e.stopImmediatePropagation(), true);
}
