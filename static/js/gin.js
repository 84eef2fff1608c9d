// The gin table: keeps the latest state frame, steps through its events one at a time, and turns
// clicks, taps, drags and keys into actions sent over the room's socket. Modes: "online",
// "computer", "spectator", and "hotseat" (pass-and-play: frames for both seats arrive on
// this one socket and each action names its seat). How it fits together: docs/table.md.
import { announce, setStatus } from "./table/announce.js";
import { HandArrangement } from "./table/arrangement.js";
import { bindClaim, claimRefused, renderAway } from "./table/claim.js";
import { showClock } from "./table/clock.js";
import { connectTable } from "./table/connection.js";
import { enableDrag } from "./table/drag.js";
import { eventSteps } from "./table/event_steps.js";
import { enableKeyboard } from "./table/keyboard.js";
import { animate, snapshot, stepDelay } from "./table/motion.js";
import { applyPreferences, bindSettings } from "./table/preferences.js";
import { everySecond, roomArrived } from "./table/presence.js";
import { closeResult } from "./table/results.js";
import { play } from "./table/sounds.js";
import { t } from "./table/texts.js";
import { bindInvite, showWaiting } from "./table/waiting.js";
import { describe } from "./gin/announce.js";
import { GIN_STEPS } from "./gin/event_steps.js";
import { askHandoff } from "./gin/handoff.js";
import { options, takeAction } from "./gin/moves.js";
import { render } from "./gin/render.js";
import { renderResult } from "./gin/results.js";
import { $, pageData, sleep } from "./dom.js";

const root = $("table");
const ui = {
  room: roomArrived(pageData("room-info")),
  frame: null, // the last state frame shown
  frames: {}, // hotseat: the latest frame of each seat
  selected: null,
  busy: false,
  viewer: null, // hotseat: the seat whose hand is revealed
  hiding: false, // hotseat: the hide screen is up; the next player's frames wait behind it
};
const mode =
  root.dataset.mode ||
  (ui.room.hotseat
    ? "hotseat"
    : ui.room.seats.some((s) => s.kind === "bot")
      ? "computer"
      : ui.room.you === null
        ? "spectator"
        : "online");
const hotseat = mode === "hotseat";
root.dataset.mode = mode;
const arrangement = new HandArrangement();

function seats() {
  const you = hotseat ? ui.viewer : ui.room.you;
  return { you, them: you === null ? 1 : 1 - you, names: ui.room.seats.map((s) => s.name) };
}

function view() {
  return ui.frame?.view ?? null;
}

// Draws `shown` (the frame's view, or one of its event steps); `live` lets the player act.
function draw(shown, live = true) {
  const before = snapshot(root);
  const order = shown.hand ? arrangement.arrange(shown) : [];
  if (!order.includes(ui.selected)) ui.selected = null;
  const playing = ui.frame?.status === "playing";
  const ended = playing ? null : { reason: ui.frame?.end_reason, winner: ui.frame?.winner_seat };
  render({ ...seats(), view: shown, room: ui.room, order, selected: ui.selected, busy: ui.busy, live: live && playing && !ui.busy, ended });
  showClock(live ? ui.frame?.deadline : null);
  showAway();
  animate(root, before);
  if (order.length && !performance.getEntriesByName("hand-rendered").length) {
    performance.mark("hand-rendered");
    // On a short screen the site header would push the hand below the fold: start at the table.
    if (root.getBoundingClientRect().bottom > innerHeight) root.scrollIntoView({ block: "start" });
  }
}

// The opponent away: the notice, and after a minute the claim (online tables only).
function showAway() {
  const { you, them, names } = seats();
  const watching = mode === "online" && you !== null && ui.frame?.status === "playing";
  renderAway($("away-notice"), { room: ui.room, others: [them], names, watching });
}
everySecond(showAway);

// Writes what `events` did on the status line; unless `quiet`, also says it and plays sounds.
function tell(events, final, { quiet = false } = {}) {
  const ctx = { ...seats(), drawn: final.drawn };
  setStatus(events.map((e) => describe(e, ctx, true)).filter(Boolean).at(-1));
  if (quiet) return;
  announce(events.map((e) => describe(e, ctx, false)).filter(Boolean).join(". "));
  for (const e of events) {
    if (e.type === "hand_end") play(e.kind === "gin" || e.kind === "big_gin" ? "gin" : "knock");
    else if (["draw", "take_upcard", "discard"].includes(e.type)) play("card");
  }
}

async function showFrame(frame) {
  const previous = ui.frame?.match === frame.match ? view() : null;
  const couldKnock = options(previous, null).canKnockSoon;
  ui.frame = frame;
  ui.busy = false;
  showWaiting(ui.room, true);
  const steps = eventSteps(previous, frame, GIN_STEPS);
  // A page just opened tells the last thing that happened.
  if (!previous && !frame.events?.length) tell(frame.view.log.slice(-1), frame.view, { quiet: true });
  for (const [i, step] of steps.entries()) {
    const last = i === steps.length - 1;
    draw(step.view, last);
    tell(step.events, frame.view);
    if (!last) await sleep(stepDelay());
  }
  const now = options(frame.view, null);
  if (now.canKnockSoon && !couldKnock) announce(frame.view.deadwood === 0 ? t("can_gin") : t("can_knock"));
  afterFrame(frame);
}

function afterFrame(frame) {
  const v = frame.view;
  const over = (v.phase === "hand_over" || v.phase === "match_over") && v.history.length;
  if (over) renderResult($("hand-end"), { ...seats(), view: v, room: ui.room }, { nextHand, rematch });
  else closeResult($("hand-end"));
  if (frame.end_reason === "claimed") announce($("turn-line").textContent);
  if (hotseat && !over && v.turn !== null && v.turn !== ui.viewer) handOver(v.turn);
}

// Hotseat: hide the hand, then reveal the next player's frame when they ask (not before: it
// would draw their hand and deadwood behind the screen).
function handOver(seat) {
  ui.viewer = seat;
  ui.hiding = true;
  root.classList.add("hidden-hand");
  askHandoff($("handoff"), ui.room.seats[seat].name, () => {
    ui.hiding = false;
    root.classList.remove("hidden-hand");
    const frame = ui.frames[seat];
    if (frame) enqueue(frame);
  });
}

let queue = Promise.resolve();
function enqueue(frame) {
  queue = queue.then(() => showFrame(frame)).catch((error) => console.error(error));
}

function onState(frame) {
  if (hotseat) {
    ui.frames[frame.view.seat] = frame;
    if (ui.viewer === null) ui.viewer = frame.view.turn ?? frame.view.seat;
    if (frame.view.seat !== ui.viewer || ui.hiding) return;
  }
  enqueue(frame);
}

// --- actions -------------------------------------------------------------------------------

const { socket, act: send } = connectTable(root, ui, {
  onState,
  onRoomChange() {
    showWaiting(ui.room, ui.frame !== null);
    if (ui.frame) enqueue({ ...ui.frame, events: [] });
  },
  onRefused(state) {
    claimRefused($("away-notice"));
    if (state) enqueue({ ...state, events: [] });
    else if (ui.frame) draw(view());
  },
});

function act(action) {
  send(action, hotseat ? { seat: ui.viewer } : {});
}

function nextHand() {
  act({ type: "next_hand" });
}

function rematch() {
  socket.send({ type: "offer", kind: "rematch" });
}

function take(source) {
  const action = view() && takeAction(view(), source);
  if (action) act(action);
}

function discard(card) {
  if (options(view(), card).discard) act({ type: "discard", card });
}

function tap(card) {
  const o = options(view(), card);
  if (ui.selected === card) {
    if (o.discard) discard(card);
    else ui.selected = null;
  } else {
    ui.selected = card;
  }
  draw(view());
}

function knock() {
  const o = options(view(), ui.selected);
  if (o.knock) act(o.knockAction);
}

function arrange(change) {
  if (!view()?.hand) return;
  change();
  draw(view());
}

const commands = {
  stock: () => take("stock"),
  discard: () => (takeAction(view(), "discard") ? take("discard") : ui.selected && discard(ui.selected)),
  knock,
  sort: () => arrange(() => arrangement.sort(view())),
};

// --- wiring --------------------------------------------------------------------------------

$("stock").addEventListener("click", commands.stock);
$("discard").addEventListener("click", commands.discard);
$("hand-you").addEventListener("click", (e) => {
  const card = e.target.closest("[data-card]");
  if (card && view()?.hand) tap(card.dataset.card);
});
$("controls").addEventListener("click", (e) => {
  const button = e.target.closest("button");
  if (!button) return;
  const { act: name, move } = button.dataset;
  if (move && ui.selected) arrange(() => arrangement.move(ui.selected, Number(move)));
  else if (name === "discard") discard(ui.selected);
  else if (name === "knock") knock();
  else if (name === "sort") commands.sort();
  else if (name) act({ type: name });
});
bindClaim($("away-notice"), socket);
enableDrag($("hand-you"), $("discard"), {
  canDrop: (card) => options(view(), card).discard,
  onDrop: discard,
  onReorder: (card, index) => arrange(() => arrangement.moveTo(card, index)),
});
enableKeyboard($("hand-you"), {
  onMove: (card, step) => arrange(() => arrangement.move(card, step)),
  onCommand: (name) => commands[name](),
});
for (const id of ["hand-end", "handoff"]) $(id).addEventListener("cancel", (e) => e.preventDefault());

applyPreferences(document.documentElement);
bindSettings($("settings-form"), () => {
  applyPreferences(document.documentElement);
  if (ui.frame) draw(view());
});
$("open-settings").addEventListener("click", () => $("settings").showModal());

bindInvite();
const first = pageData("game-state");
showWaiting(ui.room, first !== null);
if (first) {
  socket.known(first);
  onState(first);
} else {
  $("turn-line").textContent = t("waiting_players");
}
