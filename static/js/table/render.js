// What both tables draw alike: the stock and the discard pile, your hand with its melds' bars,
// and focus kept on the element it was on while a region is rebuilt.
// `live` is false while a frame's events are being stepped through, so nothing can be clicked then.
import { meldOf } from "./arrangement.js";
import { cardBack, cardFace } from "./cards.js";
import { cardName, counted, t } from "./texts.js";
import { $ } from "../dom.js";

export function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.dataset.card) return { card: el.dataset.card, index: [...el.parentNode.children].indexOf(el) };
  return el.id ? { id: el.id } : el.dataset.act ? { act: el.dataset.act } : null;
}

export function restoreFocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  if (key.card) {
    const hand = $("hand-you");
    const el = hand.querySelector(`[data-card="${key.card}"]`) ?? hand.children[Math.min(key.index, hand.children.length - 1)];
    el?.focus();
  } else if (key.id) $(key.id)?.focus();
}

// The stock and the discard pile; rummy's scene names the pile's cards by id (`codeOf`).
export function renderPiles(scene, o) {
  const { view, live, codeOf = (code) => code } = scene;
  const stock = $("stock");
  const depth = Math.min(6, Math.ceil(view.stock_count / 6));
  stock.replaceChildren(...Array.from({ length: Math.max(depth, view.stock_count ? 1 : 0) }, () => cardBack()));
  stock.disabled = !(live && o.drawStock);
  const n = view.stock_count;
  const stockLabel = o.drawStock
    ? ngettext("Draw from the stock (%(n)s card)", "Draw from the stock (%(n)s cards)", n)
    : ngettext("Stock: %(n)s card", "Stock: %(n)s cards", n);
  stock.setAttribute("aria-label", counted(stockLabel, { n }));

  const pile = view.discard_pile;
  const top = pile.length ? cardName(codeOf(pile.at(-1))) : null;
  const discard = $("discard");
  discard.replaceChildren(...pile.slice(-2).map((code) => cardFace(codeOf(code), "span", code)));
  const canTake = o.drawDiscard || o.takeUpcard;
  discard.disabled = !(live && (canTake || o.discard));
  discard.classList.toggle("can-drop", live && o.discardPhase);
  let label = t("discard_empty");
  if (top && canTake) label = t("discard_take", { card: top });
  else if (top && o.discardPhase) label = t("discard_drop", { card: top });
  else if (top) label = t("discard_top", { card: top });
  discard.setAttribute("aria-label", label);
}

// The player's cards in `order`, each with the bar of its meld in view.melds. Rummy's scene
// names cards by id: `codeOf` gives each one's face, and `selected` is a list.
export function renderHand(scene) {
  const { view, order, selected, codeOf = (code) => code } = scene;
  const chosen = (code) => (Array.isArray(selected) ? selected.includes(code) : code === selected);
  const melds = meldOf(view);
  const hand = $("hand-you");
  const cards = order.map((code) => {
    const el = cardFace(codeOf(code), "button", code);
    el.type = "button";
    const meld = melds.get(code);
    el.classList.add(meld === undefined ? "unmelded" : `meld-${meld % 4}`);
    el.classList.toggle("selected", chosen(code));
    el.classList.toggle("drawn", code === view.drawn);
    el.classList.toggle("taken", code === view.taken);
    el.setAttribute("aria-pressed", String(chosen(code)));
    const name = cardName(codeOf(code));
    const base = meld === undefined ? t("unmelded", { card: name }) : t("in_meld", { card: name, n: meld + 1 });
    el.setAttribute("aria-label", code === view.drawn ? `${base}, ${t("just_drawn")}` : base);
    el.tabIndex = -1;
    return el;
  });
  // A meld's bar runs unbroken under its cards when they sit side by side.
  order.forEach((code, i) => {
    const meld = melds.get(code);
    if (meld === undefined) return;
    cards[i].classList.toggle("bar-start", melds.get(order[i - 1]) !== meld);
    cards[i].classList.toggle("bar-end", melds.get(order[i + 1]) !== meld);
  });
  const focusable = cards.find((_, i) => chosen(order[i])) ?? cards[0];
  if (focusable) focusable.tabIndex = 0;
  hand.replaceChildren(...cards);
}
