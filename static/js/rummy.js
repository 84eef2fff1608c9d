// The German Rummy table (2-4 seats): keeps the latest state frame, steps through its events one
// at a time, and turns taps, drags and keys into actions on the room's socket. It shares the
// gin table's modules (cards, hand, piles, drag, keyboard, motion, announcements, results
// dialog, preferences, sounds); how it fits together: docs/table.md, "German Rummy table".
import { announce, setStatus } from "./table/announce.js";
import { HandArrangement } from "./table/arrangement.js";
import { bindClaim, claimRefused, renderAway } from "./table/claim.js";
import { showClock } from "./table/clock.js";
import { connectTable } from "./table/connection.js";
import { enableDrag } from "./table/drag.js";
import { enableKeyboard } from "./table/keyboard.js";
import { animate, snapshot, stepDelay } from "./table/motion.js";
import { applyPreferences, bindSettings } from "./table/preferences.js";
import { eventSteps } from "./table/event_steps.js";
import { closeResult } from "./table/results.js";
import { everySecond, roomArrived } from "./table/presence.js";
import { play } from "./table/sounds.js";
import { t } from "./table/texts.js";
import { bindInvite, showWaiting } from "./table/waiting.js";
import { describe } from "./rummy/announce.js";
import { callWindowOpen, showCallWindow } from "./rummy/call.js";
import { readMeld } from "./rummy/deck.js";
import { chooseAmong } from "./rummy/choice.js";
import { layDownPlan, options, placements } from "./rummy/moves.js";
import { callOffer, othersOf, render } from "./rummy/render.js";
import { RUMMY_STEPS } from "./rummy/event_steps.js";
import { renderRoundEnd } from "./rummy/results.js";
import { $, pageData, sleep } from "./dom.js";

const root = $("table");
const ui = {
  room: roomArrived(pageData("room-info")),
  frame: null, // the last state frame shown
  selected: [], // card ids, in the order they were picked
  staged: [], // melds set aside to be laid down together (coming out needs them in one play)
  busy: false,
};
root.dataset.mode = ui.room.you === null ? "spectator" : ui.room.seats.some((s) => s.kind === "bot") ? "computer" : "online";
const arrangement = new HandArrangement();
const you = () => ui.room.you;
// Bots are named by their level: two "Medium"s become "Medium 1" and "Medium 2".
const names = () => {
  const all = ui.room.seats.map((s) => s.name);
  const seen = new Map();
  return all.map((name) => {
    if (all.indexOf(name) === all.lastIndexOf(name)) return name;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    return `${name} ${seen.get(name)}`;
  });
};
const view = () => ui.frame?.view ?? null;

// Selections and staged melds keep only cards still in the hand (a new round clears them).
function prune(v) {
  const hand = new Set(v.hand ?? []);
  ui.selected = ui.selected.filter((id) => hand.has(id));
  ui.staged = ui.staged.filter((meld) => meld.every((id) => hand.has(id)));
}

// `actor`: the seat whose move this draw shows; cards it played come from its plate.
function draw(shown, live = true, actor = null) {
  const before = snapshot(root);
  const from = actor === null || actor === you() ? null : root.querySelector(`#seats .seat-${actor}`)?.getBoundingClientRect();
  prune(view() ?? shown);
  const staged = new Set(ui.staged.flat());
  const order = shown.hand ? arrangement.arrange(shown).filter((id) => !staged.has(id)) : [];
  const playing = ui.frame?.status === "playing";
  const plan = layDownPlan(shown, you(), ui.staged, ui.selected);
  const ended = playing ? null : { reason: ui.frame?.end_reason, winner: ui.frame?.winner_seat };
  render({ view: shown, room: ui.room, you: you(), names: names(), order, selected: ui.selected, staged: ui.staged, plan, busy: ui.busy, live: live && playing && !ui.busy, ended });
  showClock(live ? ui.frame?.deadline : null);
  showCallWindow(live ? ui.frame?.callEnd : null);
  showAway();
  animate(root, before, from);
  if (order.length && !performance.getEntriesByName("hand-rendered").length) {
    performance.mark("hand-rendered");
    if (root.getBoundingClientRect().bottom > innerHeight) root.scrollIntoView({ block: "start" });
  }
}

// The people away: the notice, and after a minute the claim (a seated player only).
function showAway() {
  const watching = you() !== null && ui.frame?.status === "playing";
  const others = othersOf(ui.room.seats.length, you());
  renderAway($("away-notice"), { room: ui.room, others, names: names(), watching });
}
everySecond(showAway);

// Writes what `events` did on the status line; unless `quiet`, also says it (and `offer`, a
// call window opening for you) and plays sounds.
function tell(events, final, { quiet = false, offer = null } = {}) {
  const ctx = { you: you(), names: names(), drawn: final.drawn };
  setStatus(events.map((e) => describe(e, ctx, true)).filter(Boolean).at(-1));
  if (quiet) return;
  announce([...events.map((e) => describe(e, ctx, false)), offer].filter(Boolean).join(". "));
  for (const e of events) {
    if (e.type === "round_end") play(e.winner === you() ? "gin" : "knock");
    else if (["draw", "call", "discard", "meld", "lay_off", "exchange"].includes(e.type)) play("card");
  }
}

async function showFrame(frame) {
  const previous = ui.frame?.match === frame.match ? view() : null;
  ui.frame = frame;
  ui.busy = false;
  showWaiting(ui.room, true);
  root.classList.remove("busy");
  if (previous && previous.round !== frame.view.round) ui.staged = [];
  const steps = eventSteps(previous, frame, RUMMY_STEPS);
  if (!previous && !frame.events?.length) tell(frame.view.log.slice(-1), frame.view, { quiet: true });
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    draw(step.view, last, step.events[0]?.seat ?? null);
    tell(step.events, frame.view, { offer: last && frame.callEnd ? callOffer(frame.view, you(), names()) : null });
    if (!last) await sleep(stepDelay());
  }
  const v = frame.view;
  const over = (v.phase === "round_over" || v.phase === "match_over") && v.history.length;
  if (over) renderRoundEnd($("hand-end"), { view: v, room: ui.room, you: you(), names: names() }, { nextHand, rematch });
  else closeResult($("hand-end"));
  if (frame.end_reason === "claimed") announce($("turn-line").textContent);
}

let queue = Promise.resolve();
function enqueue(frame) {
  queue = queue.then(() => showFrame(frame)).catch((error) => console.error(error));
}

// A call window is counted from the frame's arrival: stepping through its events takes a while.
const arrived = (frame) => ({ ...frame, callEnd: frame.call_seconds ? Date.now() + frame.call_seconds * 1000 : null });

// --- actions -------------------------------------------------------------------------------

const { socket, act } = connectTable(root, ui, {
  onState: (frame) => enqueue(arrived(frame)),
  onRoomChange() {
    showWaiting(ui.room, ui.frame !== null);
    if (ui.frame) enqueue({ ...ui.frame, events: [] });
  },
  onRefused(state) {
    claimRefused($("away-notice"));
    if (state) enqueue({ ...arrived(state), events: [] });
    else if (ui.frame) draw(view());
  },
});

const nextHand = () => act({ type: "next_hand" });
const rematch = () => socket.send({ type: "offer", kind: "rematch" });
const redraw = () => view() && draw(view());
const o = () => options(view(), you(), ui.selected);

function take(source) {
  if (source === "stock" ? o().drawStock : o().drawDiscard) act({ type: "draw", source });
}

function discard(card) {
  if (options(view(), you(), [card]).discard) {
    ui.selected = [];
    act({ type: "discard", card });
  }
}

// A tap picks a card or puts it back; a lone picked card tapped again is discarded.
function tap(card) {
  if (!ui.selected.includes(card)) ui.selected = [...ui.selected, card];
  else if (ui.selected.length === 1 && o().discard) return discard(card);
  else ui.selected = ui.selected.filter((id) => id !== card);
  redraw();
}

// The picked card onto table meld `meld` (onto one of its jokers: exchange that one). With a
// choice (either end of a run, lay off or take the joker) the player picks.
async function place(meld, joker = null) {
  const card = ui.selected.length === 1 ? ui.selected[0] : null;
  if (card === null) return;
  let ways = placements(view(), card, meld);
  const exchanges = ways.filter((a) => a.type === "exchange");
  if (joker !== null && exchanges.length) ways = exchanges;
  if (!ways.length) {
    setStatus(t("does_not_fit"));
    announce(t("does_not_fit"));
    return;
  }
  const action = ways.length === 1 ? ways[0] : await chooseAmong($("choice"), ways);
  if (action) {
    ui.selected = [];
    act(action.type === "exchange" && joker !== null ? { ...action, joker } : action);
  }
}

// Sets the picked cards aside as one meld of the lay-down being built.
function group() {
  if (ui.selected.length < 3 || !readMeld(ui.selected)) return;
  ui.staged = [...ui.staged, ui.selected];
  ui.selected = [];
  redraw();
}

function layDown() {
  const plan = layDownPlan(view(), you(), ui.staged, ui.selected);
  if (!plan.ready || !o().meldPhase) return;
  ui.staged = [];
  ui.selected = [];
  act({ type: "meld", melds: plan.melds });
}

// Stages the server's best arrangement, keeping one card to discard.
function suggest() {
  const v = view();
  const melds = (v?.melds ?? []).map((meld) => [...meld]);
  if (melds.flat().length >= v.hand.length && !v.rules.win_without_discard) melds.pop();
  ui.staged = melds;
  ui.selected = [];
  redraw();
}

function arrange(change) {
  if (!view()?.hand) return;
  change();
  redraw();
}

const commands = {
  stock: () => take("stock"),
  discard: () => (o().drawDiscard ? take("discard") : ui.selected.length === 1 && discard(ui.selected[0])),
  meld: layDown,
  group,
  suggest,
  call: () => o().call && callWindowOpen() && act({ type: "call" }),
  sort: () => arrange(() => arrangement.sort(view())),
  clear: () => arrange(() => (ui.selected = [])),
};

// --- wiring --------------------------------------------------------------------------------

const cardOf = (el) => Number(el.dataset.card);

$("stock").addEventListener("click", commands.stock);
$("discard").addEventListener("click", commands.discard);
$("hand-you").addEventListener("click", (e) => {
  const card = e.target.closest("[data-card]");
  if (card && view()?.hand) tap(cardOf(card));
});
$("table-melds").addEventListener("click", (e) => {
  const meld = e.target.closest("[data-meld]");
  const joker = e.target.closest("[data-joker]");
  if (meld) place(Number(meld.dataset.meld), joker ? Number(joker.dataset.joker) : null);
});
$("staging").addEventListener("click", (e) => {
  const back = e.target.closest("[data-unstage]");
  if (!back) return;
  ui.staged = ui.staged.filter((_, i) => i !== Number(back.dataset.unstage));
  redraw();
});
$("controls").addEventListener("click", (e) => {
  const button = e.target.closest("button");
  if (!button) return;
  const { act: name, move } = button.dataset;
  if (move && ui.selected.length === 1) arrange(() => arrangement.move(ui.selected[0], Number(move)));
  else if (name) commands[name]();
});

// Drop targets: the discard pile, a table meld, a joker on it.
function dropTarget(e, dragged) {
  const under = document.elementsFromPoint(e.clientX, e.clientY).find((node) => !dragged.contains(node));
  return under?.closest("#discard, [data-joker], [data-meld]") ?? null;
}
enableDrag($("hand-you"), dropTarget, {
  canDrop(card, target) {
    const id = Number(card);
    if (target.id === "discard") return options(view(), you(), [id]).discard;
    const meld = Number(target.closest("[data-meld]").dataset.meld);
    return placements(view(), id, meld).length > 0;
  },
  onDrop(card, target) {
    const id = Number(card);
    if (target.id === "discard") return discard(id);
    ui.selected = [id];
    const meld = Number(target.closest("[data-meld]").dataset.meld);
    place(meld, target.dataset.joker ? Number(target.dataset.joker) : null);
  },
  onReorder: (card, index) => arrange(() => arrangement.moveTo(Number(card), index)),
});
enableKeyboard($("hand-you"), {
  onMove: (card, step) => arrange(() => arrangement.move(Number(card), step)),
  onCommand: (name) => commands[name](),
  shortcuts: { s: "stock", d: "discard", l: "meld", g: "group", c: "call", m: "sort", escape: "clear" },
});
bindClaim($("away-notice"), socket);
$("hand-end").addEventListener("cancel", (e) => e.preventDefault()); // only the next deal closes it

applyPreferences(document.documentElement);
bindSettings($("settings-form"), () => {
  applyPreferences(document.documentElement);
  redraw();
});
$("open-settings").addEventListener("click", () => $("settings").showModal());

bindInvite();
const first = pageData("game-state");
showWaiting(ui.room, first !== null);
if (first) {
  socket.known(first);
  enqueue(arrived(first));
} else {
  $("turn-line").textContent = t("waiting_people");
}
