// Draws the gin table from a scene: { view, room, you, them, names, order, selected, busy, live,
// ended }; `ended` ({ reason, winner }) when the match stopped before its cards did.
// Every region is rebuilt from the scene; focus is put back on the element it was on.
import { cardBack } from "../table/cards.js";
import { clockSlot } from "../table/clock.js";
import { presenceMark } from "../table/presence.js";
import { focusKey, renderHand, renderPiles, restoreFocus } from "../table/render.js";
import { reportLink } from "../table/report.js";
import { handText, pointsText, shortName, t } from "../table/texts.js";
import { options } from "./moves.js";
import { $ } from "../dom.js";

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
