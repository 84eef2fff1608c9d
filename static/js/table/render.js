// Draws the table from a scene: { view, room, you, them, names, order, selected, busy, live,
// ended }; `ended` ({ reason, winner }) when the match stopped before its cards did.
// `live` is false while a frame's events are being stepped through, so nothing can be clicked then.
// Every region is rebuilt from the scene; focus is put back on the element it was on.
import { meldOf } from "./arrangement.js";
import { cardBack, cardFace } from "./cards.js";
import { clockSlot } from "./clock.js";
import { options } from "./moves.js";
import { presenceMark } from "./presence.js";
import { reportLink } from "./report.js";
import { cardName, counted, handText, pointsText, shortName, t } from "./texts.js";

const $ = (id) => document.getElementById(id);

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

function plate(el, { name, points, dealer, presence, active, report }) {
  el.classList.toggle("active", active);
  el.innerHTML = "";
  const who = document.createElement("span");
  who.className = "name";
  who.textContent = name;
  const score = document.createElement("span");
  score.className = "score";
  score.textContent = pointsText(points);
  el.append(who, score);
  if (report) el.append(reportLink(report, name));
  if (dealer) {
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.textContent = t("dealer");
    el.append(badge);
  }
  if (presence) el.append(presence);
  if (active) el.append(clockSlot());
}

function renderOpponent(scene) {
  const { view, them, names } = scene;
  const count = view.hand_counts[them] ?? 0;
  const hand = $("hand-them");
  hand.replaceChildren(...Array.from({ length: count }, (_, i) => cardBack(`them-${i}`)));
  hand.setAttribute("aria-label", handText(names[them], count));
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

function renderDeadwood(scene, o) {
  const { view, selected } = scene;
  const el = $("deadwood");
  if (view.deadwood === null || view.deadwood === undefined) {
    el.textContent = "";
    return;
  }
  const parts = [t("deadwood", { n: view.deadwood })];
  const after = view.deadwood_after_discards?.[selected];
  if (selected && after !== undefined) parts.push(t("deadwood_after", { n: after, card: shortName(selected) }));
  if (selected && selected === view.taken) parts.push(t("cannot_discard_taken"));
  else if (o.knock && o.knockDeadwood === 0) parts.push(t("can_gin"));
  else if (o.canKnockSoon) parts.push(t("can_knock"));
  el.textContent = parts.join(" · ");
  el.classList.toggle("gin", Boolean(o.knock && o.knockDeadwood === 0));
}

function renderControls(scene, o) {
  const { live, selected, you } = scene;
  const enabled = {
    take_upcard: o.takeUpcard,
    pass: o.pass,
    discard: o.discard,
    knock: o.knock,
    big_gin: o.bigGin,
  };
  for (const button of $("controls").querySelectorAll("[data-act]")) {
    const act = button.dataset.act;
    // Arranging your own hand is never out of turn.
    button.disabled = act === "sort" ? you === null : !(live && enabled[act]);
    if (act === "take_upcard" || act === "pass" || act === "big_gin") button.hidden = !enabled[act];
  }
  const knock = $("controls").querySelector('[data-act="knock"]');
  const gin = o.knock && o.knockDeadwood === 0;
  knock.textContent = gin ? t("go_gin") : t("knock");
  knock.classList.toggle("lit", o.knock);
  for (const button of $("controls").querySelectorAll("[data-move]")) button.disabled = !selected;
}

// A match ended off the cards (a claim) says how; `ended` is the frame's { reason, winner }.
function endText({ ended, you, names }) {
  if (ended.reason !== "claimed") return t("match_over");
  if (ended.winner === you) return t("claimed_you", { name: names[1 - you] });
  return t(you === null ? "claimed_watch" : "claimed_them", { name: names[ended.winner] });
}

function turnText(scene, o) {
  const { view, you, them, names } = scene;
  if (scene.ended) return endText(scene);
  if (view.phase === "match_over") return t("match_over");
  if (view.phase === "hand_over" || view.phase === "deal") return t("hand_over");
  if (you === null) return t("watching");
  if (view.turn !== you) return t("turn_them", { name: names[them] });
  if (o.takeUpcard) return t("turn_upcard");
  if (o.drawStock) return o.drawDiscard ? t("turn_draw") : t("turn_draw_stock");
  return t("turn_discard");
}

export function render(scene) {
  const { view, room, you, them, names } = scene;
  const o = options(scene.live ? view : null, scene.selected);
  const focus = focusKey();
  const target = view.rules.match_target;
  plate($("plate-them"), {
    name: names[them],
    points: view.scores[them],
    dealer: view.dealer === them,
    presence: room.seats[them]?.kind === "player" ? presenceMark(room, them) : null,
    active: view.turn === them,
    report: room.seats[them]?.report,
  });
  plate($("plate-you"), {
    name: you === null ? names[1 - them] : t("you"),
    points: view.scores[1 - them],
    dealer: view.dealer !== them,
    active: view.turn === 1 - them,
    report: you === null ? room.seats[1 - them]?.report : null,
  });
  renderOpponent(scene);
  renderPiles(scene, o);
  if (you === null) {
    const hand = $("hand-you");
    hand.replaceChildren(...Array.from({ length: view.hand_counts[1 - them] }, (_, i) => cardBack(`you-${i}`)));
  } else {
    renderHand(scene);
  }
  renderDeadwood(scene, options(view, scene.selected));
  renderControls(scene, o);
  $("turn-line").textContent = turnText(scene, options(view, null));
  $("match-line").textContent = `${t("hand_title", { n: view.hand_number })} · ${t("target", { target })}`;
  document.getElementById("table").classList.toggle("busy", scene.busy);
  restoreFocus(focus);
}
