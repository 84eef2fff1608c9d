// Draws the rummy table from a scene: { view, room, you, names, order, selected, staged,
// plan, busy, live, ended }. The hand, the piles and focus come from the gin table's render.js;
// this adds the seats around the table, the melds on it, the melds being built and the
// controls. Every region is rebuilt from the scene.
import { el } from "../table/results.js";
import { cardFace } from "../table/cards.js";
import { clockSlot } from "../table/clock.js";
import { nameList } from "../table/claim.js";
import { awayFor, presenceMark } from "../table/presence.js";
import { focusKey, renderHand, renderPiles, restoreFocus } from "../table/render.js";
import { reportLink } from "../table/report.js";
import { cardName, counted, handText, pointsText, shortName, t } from "../table/texts.js";
import { meldWords } from "./announce.js";
import { codeOf, isJoker, readMeld } from "./deck.js";
import { options, placements } from "./moves.js";
import { $ } from "../dom.js";

// The other seats in play order after yours (everyone for a spectator).
export function othersOf(seats, you) {
  const n = seats;
  return you === null ? [...Array(n).keys()] : Array.from({ length: n - 1 }, (_, i) => (you + 1 + i) % n);
}

function plate(scene, seat) {
  const { view, room, names, you } = scene;
  const box = el("div", `plate rummy-plate seat-${seat}`);
  box.classList.toggle("active", view.turn === seat);
  box.append(el("span", "name", seat === you ? t("you") : names[seat]));
  const info = room.seats[seat];
  if (seat !== you && info?.report) box.append(reportLink(info.report, names[seat]));
  if (seat !== you && info) box.append(info.kind === "bot" ? el("span", "presence on", t("computer")) : presenceMark(room, seat));
  box.append(el("span", "score", pointsText(view.totals[seat])));
  if (view.came_out[seat]) box.append(el("span", "badge", t("came_out")));
  if (view.turn === seat) box.append(clockSlot());
  return box;
}

function renderSeats(scene) {
  const { view, you, names } = scene;
  const row = $("seats");
  row.replaceChildren(
    ...othersOf(view.seats, you).map((seat) => {
      const box = plate(scene, seat);
      const count = view.hand_counts[seat] ?? 0;
      const backs = el("span", "mini-hand");
      backs.setAttribute("role", "img");
      backs.setAttribute("aria-label", handText(names[seat], count));
      backs.append(el("span", "mini-back"), el("b", null, String(count)));
      box.append(backs);
      return box;
    }),
  );
  const mine = $("plate-you");
  if (you === null) mine.replaceChildren();
  else mine.replaceWith(Object.assign(plate(scene, you), { id: "plate-you" }));
}

// A card on the table: a joker carries the card it stands for (drawn by CSS, as the
// corners are: the meld's name says it in words).
function tableCard(id, shows) {
  const card = cardFace(codeOf(id), "span", id);
  if (isJoker(id)) {
    card.dataset.joker = id;
    const stands = el("span", "stands");
    stands.dataset.shows = shortName(shows);
    card.append(stands);
  }
  return card;
}

// The discard pile is public: all of it, bottom first, behind a summary line.
function renderPileList(view) {
  $("pile-count").textContent = t("pile_count", { n: view.discard_pile.length });
  $("pile-count").parentElement.hidden = false; // hidden until there is a pile (the table waits)
  $("pile-cards").replaceChildren(...view.discard_pile.map((id) => cardFace(codeOf(id), "span", `pile-${id}`)));
}

function renderMelds(scene) {
  const { view, names, you, selected, live } = scene;
  const zone = $("table-melds");
  // With one card picked, the melds it fits light up (and only those take a tap).
  const picked = live && selected.length === 1 ? selected[0] : null;
  const melds = view.table.map((meld) => {
    const button = el("button", `table-meld seat-${meld.owner}`);
    button.type = "button";
    button.dataset.meld = meld.index;
    button.append(...meld.cards.map((id, i) => tableCard(id, meld.shows[i])));
    const owner = meld.owner === you ? t("you") : names[meld.owner];
    button.setAttribute("aria-label", t("meld_label", { n: meld.index + 1, name: owner, cards: meldWords(meld, false) }));
    const fits = picked !== null && placements(view, picked, meld.index).length > 0;
    button.disabled = !fits;
    button.classList.toggle("fits", fits);
    return button;
  });
  if (!melds.length) melds.push(el("p", "empty-melds", t("no_melds")));
  zone.replaceChildren(...melds);
}

function renderStaging(scene) {
  const { staged, plan, you } = scene;
  const box = $("staging");
  box.hidden = you === null || (!staged.length && !plan.melds.length);
  const groups = staged.map((meld, i) => {
    const group = el("div", "meld staged-meld");
    group.append(...meld.map((id) => cardFace(codeOf(id), "span", `staged-${id}`)));
    const back = el("button", "unstage", "✕");
    back.type = "button";
    back.dataset.unstage = i;
    back.setAttribute("aria-label", t("unstage", { n: i + 1 }));
    group.append(back);
    return group;
  });
  const sum = el("p", "staged-sum");
  sum.textContent = plan.cameOut
    ? counted(ngettext("Ready to lay down: %(points)s point", "Ready to lay down: %(points)s points", plan.value), { points: plan.value })
    : t("staged_first", { points: plan.value, min: plan.minimum });
  sum.classList.toggle("ready", plan.ready);
  box.replaceChildren(...groups, sum);
}

// Hand points, the best arrangement's leftover, and what the selection is.
function handLine(scene) {
  const { view, selected, you } = scene;
  if (you === null || view.hand_points === null) return "";
  const n = view.hand_points;
  const parts = [counted(ngettext("In hand %(n)s point · best melds leave %(best)s", "In hand %(n)s points · best melds leave %(best)s", n), { n, best: view.least_points })];
  if (selected.length >= 3) {
    const meld = readMeld(selected);
    parts.push(meld ? t(`selected_${meld.kind}`, { points: meld.value }) : t("selected_no_meld"));
  } else if (selected.length === 1) {
    parts.push(cardName(codeOf(selected[0])));
  }
  if (options(view, you).canMeld && !view.came_out[you]) parts.push(t("can_come_out"));
  return parts.join(" · ");
}

function renderControls(scene, o) {
  const { live, selected, you, plan, view } = scene;
  const enabled = {
    meld: o.meldPhase && plan.ready,
    group: selected.length >= 3 && Boolean(readMeld(selected)),
    suggest: Boolean(view.melds?.length),
    discard: o.discard,
    call: o.call,
  };
  for (const button of $("controls").querySelectorAll("[data-act]")) {
    const act = button.dataset.act;
    // Arranging your hand and building melds are never out of turn; playing is.
    const anytime = act === "sort" || act === "group" || act === "suggest";
    button.disabled = you === null || !(act === "sort" || ((anytime || live) && enabled[act]));
    if (act === "call") button.hidden = !enabled.call;
  }
  $("controls").querySelector('[data-act="meld"]').classList.toggle("lit", live && enabled.meld);
  for (const button of $("controls").querySelectorAll("[data-move]")) button.disabled = selected.length !== 1;
}

// The sentence offering the fresh discard, while the view lets you call it (else null).
export function callOffer(view, you, names) {
  if (!options(view, you).call) return null;
  return t("turn_call", { card: cardName(codeOf(view.discard_pile.at(-1))), name: names[view.turn] });
}

// A match ended off the cards (a claim) says how; `ended` is the frame's { reason, winner }.
// Whoever is still away is who left (do_claim ends the match against every other seat).
function endText({ ended, you, names, room }) {
  if (ended.reason !== "claimed") return t("match_over");
  if (ended.winner !== you) return t("claimed_seat", { name: names[ended.winner] });
  const gone = othersOf(room.seats.length, you).filter((seat) => awayFor(room, seat) !== null);
  return gone.length ? t("claimed_you", { name: nameList(gone.map((seat) => names[seat])) }) : t("match_over");
}

function turnText(scene, o) {
  const { view, you, names } = scene;
  if (scene.ended) return endText(scene);
  if (view.phase === "match_over") return t("match_over");
  if (view.phase === "round_over" || view.phase === "deal") return t("round_over");
  if (you === null) return t("watching");
  if (o.call) return callOffer(view, you, names);
  if (view.turn !== you) return t("turn_them", { name: names[view.turn] });
  if (view.phase === "draw") return o.drawDiscard ? t("turn_draw") : t("turn_draw_stock");
  return view.came_out[you] ? t("turn_play") : t("turn_come_out", { min: view.rules.first_meld_min });
}

export function render(scene) {
  const { view } = scene;
  const o = options(scene.live ? view : null, scene.you, scene.selected);
  const focus = focusKey();
  const shared = { ...scene, codeOf: (id) => codeOf(Number(id)) };
  renderSeats(scene);
  renderPiles(shared, o);
  renderPileList(view);
  renderMelds(scene);
  renderStaging(scene);
  if (scene.you === null) $("hand-you").replaceChildren();
  else renderHand(shared);
  $("hand-line").textContent = handLine(scene);
  renderControls(scene, o);
  $("turn-line").textContent = turnText(scene, options(view, scene.you));
  $("match-line").textContent = t("round_of", { n: Math.max(view.round, 1), rounds: view.rounds });
  $("table").classList.toggle("busy", scene.busy);
  restoreFocus(focus);
}
