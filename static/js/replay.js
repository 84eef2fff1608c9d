// The replay of a finished match (templates/games/replay.html): the server's frames
// (games/replay_frames.py), one per action, drawn with the table's card faces and meld bars
// and stepped through with the buttons, the slider or the keys (arrows, Home, End). The step
// is kept in the address (#step-N) so a reload, or the switch to another seat's view, stays on it.
import { describe as describeGin } from "./gin/announce.js";
import { cardBack, cardFace } from "./table/cards.js";
import { el } from "./table/results.js";
import { counted, pointsText, t } from "./table/texts.js";
import { describe as describeRummy } from "./rummy/announce.js";
import { $, pageData } from "./dom.js";

const data = pageData("replay-data");
const { frames, names, family } = data;
const rummy = family === "rummy";
const describe = rummy ? describeRummy : describeGin;

const local = Object.fromEntries(
  [...$("replay-texts").content.querySelectorAll("[data-k]")].map((node) => [node.dataset.k, node.textContent]),
);
const rt = (key, values = {}) => local[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));

// A hand as the table's end-of-hand dialog lays it out: each meld under its coloured bar, then
// the unmelded cards; the card just drawn is marked as on the table.
function handGroups({ melds, loose, drawn }) {
  const box = el("div", "melds");
  melds.forEach((meld, i) => {
    const group = el("div", `meld meld-${i % 4}`);
    group.append(...meld.map((code) => cardFace(code)));
    box.append(group);
  });
  if (loose.length) {
    const group = el("div", "meld unmelded");
    group.append(...loose.map((code) => cardFace(code)));
    box.append(group);
  }
  const mark = drawn && box.querySelector(`[data-card="${drawn}"]`);
  if (mark) mark.classList.add("drawn");
  return box;
}

function backs(name, count) {
  const box = el("div", "melds hidden-hand");
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", rt("hidden", { name }));
  const group = el("div", "meld");
  group.append(...Array.from({ length: count }, () => cardBack()));
  box.append(group);
  return box;
}

function valueLine(hand) {
  if (hand.value === null || hand.value === undefined) return "";
  return rummy ? rt("least", { n: hand.value }) : t("deadwood", { n: hand.value });
}

// The other seats above the table, the one the replay is seen from below it (as at the table).
function renderSeats(frame) {
  const others = names.map((_, seat) => seat).filter((seat) => seat !== data.seat);
  $("replay-others").replaceChildren(...others.map((seat) => seatPanel(frame, seat)));
  $("replay-own").replaceChildren(seatPanel(frame, data.seat));
}

function seatPanel(frame, seat) {
  const box = el("section", "replay-seat");
  box.dataset.seat = seat;
  box.classList.toggle("active", frame.turn === seat);
  const plate = el("h2", "plate");
  const mine = data.mine.includes(seat);
  plate.append(el("span", "name", mine ? `${names[seat]} (${t("you")})` : names[seat]));
  plate.append(el("span", "score", pointsText(frame.points[seat])));
  if (frame.dealer === seat && frame.deal > 0) plate.append(el("span", "badge", t("dealer")));
  box.append(plate);
  const hand = (frame.record ? frame.record.hands : frame.hands)[seat];
  if (hand) {
    box.append(handGroups(hand));
    if (!frame.record) box.append(el("p", "replay-value", valueLine(hand)));
  } else {
    box.append(backs(names[seat], frame.counts[seat] ?? 0));
  }
  return box;
}

function renderPiles(frame) {
  const stock = $("stock");
  stock.replaceChildren(...(frame.stock ? [cardBack()] : []));
  stock.setAttribute("aria-label", counted(ngettext("Stock: %(n)s card", "Stock: %(n)s cards", frame.stock), { n: frame.stock }));
  const discard = $("discard");
  discard.replaceChildren(...frame.pile.map((code) => cardFace(code)));
  const top = frame.pile.at(-1);
  discard.setAttribute("aria-label", top ? t("discard_top", { card: discard.lastChild.getAttribute("aria-label") }) : t("discard_empty"));
}

function renderTable(frame) {
  const zone = $("replay-table");
  if (!zone) return;
  const melds = frame.table.map((meld) => {
    const group = el("div", `meld meld-${meld.owner % 4}`);
    group.append(...meld.cards.map((code) => cardFace(code)));
    group.title = names[meld.owner];
    return group;
  });
  zone.replaceChildren(...(melds.length ? melds : [el("p", "empty-melds", t("no_melds"))]));
}

// What the step's move did, in the table's own words.
function said(frame) {
  if (!frame.move) return rt("start");
  const you = data.mine.includes(data.seat) ? data.seat : null;
  const ctx = { you, names, drawn: frame.drawn };
  const lines = frame.events.map((event) => describe(event, ctx, false)).filter(Boolean);
  return lines.join(". ");
}

function recordLine(frame) {
  const record = frame.record;
  if (!record) return "";
  const title = rummy ? t("round_title", { n: record.number }) : `${t("hand_title", { n: record.number })} · ${t(`kind_${record.kind}`)}`;
  const points = rummy ? record.scores[record.winner] : record.points;
  const won = record.winner === null ? (rummy ? t("round_stock_out") : rt("nobody")) : rt("wins", { name: names[record.winner], points: pointsText(points) });
  const parts = [title, rummy && record.rummy ? `${t("rummy_made")} ${won}` : won];
  if (frame.result) {
    const winners = rummy ? frame.result.winners : [frame.result.winner];
    parts.push(rt("winners", { names: winners.map((seat) => names[seat]).join(", ") }));
  }
  return parts.join(" · ");
}

let step = 0;

function show(n) {
  step = Math.max(0, Math.min(frames.length - 1, n));
  const frame = frames[step];
  renderSeats(frame);
  renderPiles(frame);
  renderTable(frame);
  $("replay-say").textContent = said(frame);
  $("replay-where").textContent = frame.deal ? (rummy ? t("round_title", { n: frame.deal }) : t("hand_title", { n: frame.deal })) : "";
  $("replay-record").textContent = recordLine(frame);
  $("step-range").value = String(step);
  $("step-count").textContent = rt("step", { n: step, total: frames.length - 1 });
  $("step-first").disabled = $("step-prev").disabled = step === 0;
  $("step-last").disabled = $("step-next").disabled = step === frames.length - 1;
  const hash = `#step-${step}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  for (const link of document.querySelectorAll("a[data-view]")) link.hash = hash;
}

$("step-range").max = String(frames.length - 1);
$("step-first").addEventListener("click", () => show(0));
$("step-prev").addEventListener("click", () => show(step - 1));
$("step-next").addEventListener("click", () => show(step + 1));
$("step-last").addEventListener("click", () => show(frames.length - 1));
$("step-range").addEventListener("input", (event) => show(Number(event.target.value)));

const KEYS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target === $("step-range")) return; // the slider steps itself (its input event shows it)
  if (event.target.closest?.("input, select, textarea")) return;
  if (event.key in KEYS) show(step + KEYS[event.key]);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(frames.length - 1);
  else return;
  event.preventDefault();
});

const asked = /^#step-(\d+)$/.exec(location.hash);
show(asked ? Number(asked[1]) : 0);
